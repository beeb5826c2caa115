"""More than five cards: the best five of seven, wild jokers, and hold'em.

Lesson 06: the lecture's homework (``best_hand`` for seven-card stud,
``best_wild_hand`` with jokers), the integer card encoding, and ``showdown``,
who wins heads-up in Texas hold'em.

Jokers at a table: a joker may stand for any card of its colour, a card of
its own hand included (that is how five of a kind happens), but never a card
that another player holds: that card is in the other hand, so it is not
there for the joker to be. ``best_wild_hand`` looks at one hand alone;
``best_wild_hands`` applies the rule to several hands at once, and is what
compares hands with jokers (``pokerlib winner`` on the command line).

>>> best_hand('6C 7C 8C 9C TC 5C JS'.split())
['6C', '7C', '8C', '9C', 'TC']
>>> best_wild_hand('6C 7C 8C 9C TC 5C ?B'.split())
['7C', '8C', '9C', 'TC', 'JC']
"""

import itertools
import random  # noqa: F401 (the doctests use random.Random)

from .cards import (_DECK, _DECK_SET, _JOKER_SET, RANKS, PokerError, SharedList,
                    check_count, check_distinct_ids, check_hand, check_hands,
                    check_rng, parse_hand, short_repr)
from .fast import RANKED_AT_ONCE, evaluate, hand_ids
from .i18n import N_, _
from .ranking import (HAND_NAMES, count_rankings, _as_list, _shape, _whole_numbers, allmax,
                      category_name, checked, hand_rank, poker, takes_hand)

__all__ = ['best_hand', 'hand_rank_wild', 'best_wild_hand', 'BLACK_CARDS', 'RED_CARDS',
           'replacements', 'best_wild_hands', 'hand_name', 'hand_rank_ids',
           'best_hand_ids', 'showdown', 'describe_hand', 'winning_hands']

BLACK_CARDS = SharedList('BLACK_CARDS', [r + s for r in RANKS for s in 'SC'], 'change')
RED_CARDS = SharedList('RED_CARDS', [r + s for r in RANKS for s in 'HD'], 'change')

_hand_rank = hand_rank.__wrapped__   # unchecked: hand_rank_wild is checked once
_ORDER = {r: i for i, r in enumerate('--23456789TJQKA')}


def best_hand(hand) -> list:
    """The best five-card hand out of 5 to 7 cards, trying every combination.

    The lecture's best_hand returns the max itself (a tuple); this returns
    it as a list.

    >>> best_hand('TD TC TH 7C 7D 8C 8S'.split())
    ['TD', 'TC', 'TH', '8C', '8S']
    """
    return list(max(itertools.combinations(hand, 5), key=hand_rank))


best_hand = takes_hand(best_hand, sizes=(5, 6, 7))


def hand_rank_wild(hand) -> tuple:
    """hand_rank for five cards where a joker may have copied a card: the copy counts.

    hand_rank refuses a card twice; here a card may be there more than once
    (a joker's copy, or a wild deuce's). A copy counts as a card of its own:
    in a flush it counts with its rank, so A♠ A♠ K♠ Q♠ 9♠ is the flush
    A A K Q 9 and beats A♠ K♠ Q♠ J♠ 9♠ (as hand_rank_elif, whose card_ranks
    keeps every rank, ranks it); hand_rank's groups would keep the ace once,
    (5, (14, 13, 12, 9)), below every ace-king-queen flush. A hand without
    a repeated card ranks exactly as hand_rank ranks it.

    >>> hand_rank_wild(['AS', 'AS', 'KS', 'QS', '9S'])
    (5, (14, 14, 13, 12, 9))
    >>> copy, jack = ['AS', 'AS', 'KS', 'QS', '9S'], ['AS', 'KS', 'QS', 'JS', '9S']
    >>> hand_rank_wild(copy) > hand_rank_wild(jack)
    True
    >>> hand_rank_wild(['AS', 'AH', 'AD', 'AC', 'AS'])     # five of a kind
    (10, (14,))
    """
    ranking = _hand_rank(hand)
    if ranking[0] == 5 and len(ranking[1]) < 5:    # a flush holding a copied card
        return 5, tuple(sorted((_ORDER[r] for r, s in hand), reverse=True))
    return ranking


def _check_copies(hand) -> tuple:
    """hand_rank_wild's argument: five cards, jokers replaced, a card perhaps twice; (hand,)."""
    try:
        if type(hand) in (list, tuple) and len(hand) == 5 and _DECK_SET.issuperset(hand):
            return (hand,)    # the fast path: nothing wrong
    except TypeError:   # an unhashable item; check_hand below names it
        pass
    cards = _as_list(hand)
    if cards is None:
        check_hand(hand)    # text, or not a list: raises, saying what it is
        raise PokerError(_('a hand is a list of cards, not {hand}').format(
                             hand=short_repr(hand)))
    for card in cards:
        if isinstance(card, str) and card in _JOKER_SET:
            raise PokerError(_('joker {card!r} cannot be ranked: replace it by a card it '
                               'stands for first (replacements({card!r})): {cards}').format(
                                 card=card, cards=short_repr(cards)))
        check_hand([card], sizes=(1,))   # a bad card: raises, naming it
    if len(cards) != 5:
        raise PokerError(_('a hand needs 5 cards, got {n_cards}: {cards}').format(
                             n_cards=len(cards), cards=short_repr(cards)))
    return (cards,)


hand_rank_wild = checked(hand_rank_wild, _check_copies)


def replacements(card) -> list:
    """The cards that `card` may stand for: any black card for '?B', and so on.

    >>> len(replacements('?B')), replacements('?R')[:2], replacements('AS')
    (26, ['2H', '2D'], ['AS'])
    """
    return {'?B': BLACK_CARDS, '?R': RED_CARDS}.get(card, [card])


def best_wild_hand(hand) -> list:
    """The best five-card hand out of 5 to 7 cards, where jokers are wild.

    A joker may stand for a card already in the hand: that is how five of a
    kind happens, and a copied card counts as a card of its own (so
    ?B A♠ K♠ Q♠ 9♠ is the flush A A K Q 9: see hand_rank_wild). The
    lecture's answer collects the best five of each replacement in a set
    and takes max(hands, key=hand_rank); this keeps every choice of five
    in a dict (so that ties come out in the same order on every run) and
    returns a list.

    >>> best_wild_hand('JD TC TH 7C 7D 7S 7H'.split())
    ['JD', '7C', '7D', '7S', '7H']
    """
    hands = dict.fromkeys(five for h in itertools.product(*map(replacements, hand))
                          for five in itertools.combinations(h, 5))
    return list(max(hands, key=hand_rank_wild))


best_wild_hand = takes_hand(best_wild_hand, sizes=(5, 6, 7), jokers=True)


def best_wild_hands(hands) -> list:
    """The best five cards of each of several hands at one table (5 to 7 cards, jokers wild).

    A joker may copy a card of its own hand, but never a card another hand
    holds (see the module's docstring). A card may not be in two hands.

    >>> best_wild_hands([['?R', 'KH', 'QH', 'JH', 'TH'], ['AH', '2C', '3D', '4S', '6S']])
    [['9H', 'KH', 'QH', 'JH', 'TH'], ['AH', '2C', '3D', '4S', '6S']]
    >>> best_wild_hands([['?R', 'KH', 'QH', 'JH', 'TH']])   # alone, the joker is AH
    [['AH', 'KH', 'QH', 'JH', 'TH']]
    """
    hands = check_hands(hands, sizes=(5, 6, 7), jokers=True)
    held = {card for hand in hands for card in hand}
    return [_best_wild(hand, held.difference(hand)) for hand in hands]


def _best_wild(hand, taken) -> list:
    """best_wild_hand(hand), where no joker may become a card in the set `taken`."""
    choices = [[c for c in replacements(card) if c not in taken] for card in hand]
    for card, options in zip(hand, choices):
        if not options:
            raise PokerError(_('joker {card!r} can stand for no card: the other hands hold '
                               'every card of its colour').format(
                                 card=card))
    hands = dict.fromkeys(five for h in itertools.product(*choices)
                          for five in itertools.combinations(h, 5))
    return list(max(hands, key=hand_rank_wild))


def hand_name(hand) -> str:
    """The category name of a hand of 5 to 7 cards (jokers allowed), in the course's language.

    In English it is category_name's name, the one the library's tables are
    keyed by; with set_language('zh_CN') it is the Chinese name (五条). Given
    such a name itself (one of HAND_NAMES), it gives that category's name in
    the course's language, so that a table keyed by the names can show them.

    >>> hand_name(['AS', 'AH', 'AD', 'AC', '?B']), hand_name('full house')
    ('five of a kind', 'full house')
    """
    if isinstance(hand, str) and hand in HAND_NAMES:
        return _(hand)
    best = best_wild_hand(hand)
    return _(category_name(hand_rank_wild(best)[0]))


# ---------------------------------------------------------------------------
# The same, on integer card ids (rank = id >> 2, suit = id & 3).

def _check_ids(ids, sizes=(5,)) -> tuple:
    """Check 5 (or `sizes`) distinct card ids; (ids,), as a list of ints if they were not."""
    if (type(ids) in (list, tuple) and len(ids) in sizes
            and all(type(i) is int and 0 <= i < 52 for i in ids)
            and len(set(ids)) == len(ids)):
        return (ids,)   # the fast path: nothing wrong
    items = _as_list(ids)    # an iterator, a NumPy array or a pandas Series of ids
    numbers = None if items is None else _whole_numbers(items, 0, 51)
    if numbers is None or len(numbers) not in sizes:
        lo, hi = min(sizes), max(sizes)
        need = f'{lo}' if lo == hi else _('{lo} to {hi}').format(lo=lo, hi=hi)
        hint = _(' (for many hands, use pokerlib.evaluate)') if _shape(ids) else ''
        raise PokerError(_('expected {need} distinct card ids, whole numbers 0..51, got '
                           '{ids}{shape}{hint}').format(
                             need=need, ids=short_repr(ids), shape=_shape(ids), hint=hint))
    check_distinct_ids(numbers)
    return (numbers,)


# A straight is a set of five consecutive ranks: as a 13-bit mask of rank
# numbers (0 = deuce .. 12 = ace), one of these, mapped to its high card.
_STRAIGHT_MASKS = {0b11111 << low: low + 6 for low in range(9)}
_STRAIGHT_MASKS[0b1000000001111] = 5        # the wheel, A-2-3-4-5: five high


def hand_rank_ids(ids) -> tuple:
    """hand_rank for five integer card ids: the same ranking, without strings.

    Counting ranks is indexing a list, and a straight is one lookup of a
    bit mask.

    >>> from pokerlib import card_id
    >>> hand_rank_ids([card_id(c) for c in '8C 8D KS 8H KD'.split()])
    (6, (8, 13))
    """
    counts = [0] * 13
    for i in ids:
        counts[i >> 2] += 1
    groups = sorted(((n, r + 2) for r, n in enumerate(counts) if n), reverse=True)
    pattern = tuple(n for n, r in groups)
    ranks = tuple(r for n, r in groups)
    high = _STRAIGHT_MASKS.get(sum(1 << (i >> 2) for i in ids))
    if high == 5:
        ranks = (5, 4, 3, 2, 1)
    flush = ids[0] & 3 == ids[1] & 3 == ids[2] & 3 == ids[3] & 3 == ids[4] & 3
    return max(count_rankings[pattern], 4*(high is not None) + 5*flush), ranks


hand_rank_ids = checked(hand_rank_ids, _check_ids)


def best_hand_ids(ids) -> tuple:
    """best_hand for 5 to 7 integer card ids.

    >>> best_hand_ids([40, 44, 48, 36, 32, 0, 1])   # T-J-Q-K-A, 9, 2 of spades
    (40, 44, 48, 36, 32)
    """
    return max(itertools.combinations(ids, 5), key=hand_rank_ids.__wrapped__)


best_hand_ids = checked(best_hand_ids, lambda ids: _check_ids(ids, sizes=(5, 6, 7)))


# ---------------------------------------------------------------------------
# Hold'em heads-up.

def showdown(hole1, hole2, n=10_000, rng=None, board=()) -> dict:
    """Texas hold'em heads-up: how often each player's two hole cards win.

    Deals the rest of the five community cards (after any given `board`) n
    times at random and compares the best five of seven for each player.
    Returns {'player1': wins, 'player2': wins, 'ties': ties}.

    >>> showdown(['AS', 'AH'], ['KS', 'KH'], 200, random.Random(1))
    {'player1': 167, 'player2': 30, 'ties': 3}
    """
    n = check_count(n, N_('n (number of boards)'))
    hole1, hole2 = check_hands([hole1, hole2], sizes=(2,))
    board = list(check_hand(board, sizes=range(6)))
    check_hand(list(hole1) + list(hole2) + board, sizes=(4 + len(board),))
    rng = check_rng(rng)
    hole1, hole2 = list(hole1), list(hole2)
    taken = {*hole1, *hole2, *board}
    rest = [c for c in _DECK if c not in taken]
    result = {'player1': 0, 'player2': 0, 'ties': 0}
    for start in range(0, n, RANKED_AT_ONCE):
        boards = [board + rng.sample(rest, 5 - len(board))
                  for _board in range(min(RANKED_AT_ONCE, n - start))]
        # The best five of seven, ranked all at once by pokerlib.fast, whose values order
        # hands exactly as hand_rank(best_hand(...)) does (tests/test_fast.py).
        v1 = evaluate(hand_ids([hole1 + cards for cards in boards]))
        v2 = evaluate(hand_ids([hole2 + cards for cards in boards]))
        result['player1'] += int((v1 > v2).sum())
        result['player2'] += int((v2 > v1).sum())
        result['ties'] += int((v1 == v2).sum())
    return result


# --- a hand given as text, described; the winners among hands given as text ---------------

def _is_wild(hand) -> bool:
    """True if the hand holds a joker."""
    return any(c.startswith('?') for c in hand)


def _best_five(hand) -> list:
    """The hand itself if it is five plain cards, else its best five."""
    if _is_wild(hand):
        return best_wild_hand(hand)
    return hand if len(hand) == 5 else best_hand(hand)


def _describe(hand, best) -> dict:
    """The description describe_hand gives, of a hand and its best five."""
    ranking = hand_rank_wild(best)
    return {'hand': hand, 'best': best, 'category': category_name(ranking[0]),
            'ranking': ranking}


def describe_hand(text) -> dict:
    """The hand, its best five, category name and ranking, from text.

    >>> describe_hand('7C 8C 9C TC JC 2D 2H')['best']
    ['7C', '8C', '9C', 'TC', 'JC']
    >>> describe_hand('AS AH AD AC ?B')['category']
    'five of a kind'
    """
    hand = check_hand(parse_hand(text), sizes=(5, 6, 7), jokers=True)
    return _describe(hand, _best_five(hand))


def _table(texts) -> tuple:
    """(the hands, their best fives, the indexes of the winners), from hands as text."""
    hands = check_hands([parse_hand(t) for t in texts], sizes=(5, 6, 7), jokers=True)
    if all(len(h) == 5 and not _is_wild(h) for h in hands):
        won = poker(hands)
        return hands, hands, [i for i, h in enumerate(hands)
                              if any(h is w for w in won)]
    bests = best_wild_hands(hands)
    return hands, bests, allmax(range(len(hands)), key=lambda i: hand_rank_wild(bests[i]))


def winning_hands(texts) -> list:
    """The indexes (from 0) of the winning hands among hands given as text.

    Hands of 5 plain cards are compared by ``poker``; a hand of 6 or 7
    cards, or with jokers, counts as its best five, where a joker may copy a
    card of its own hand but not a card of another hand (best_wild_hands).
    A card may not be in two hands.

    >>> winning_hands(['AS KD 9C 7H 3S', 'AH KC 9D 7S 3C', '2C 4C 5C 6C 8D'])
    [0, 1]
    >>> winning_hands(['?R KH QH JH TH', '9S TS JS QS KS AH'])  # ?R is not AH: a tie
    [0, 1]
    """
    return _table(texts)[2]
