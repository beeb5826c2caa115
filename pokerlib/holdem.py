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
import random
from numbers import Integral

from .cards import (DECK, RANKS, PokerError, check_count, check_hand,
                    check_rng, short_repr)
from .ranking import (COUNT_RANKINGS, _as_list, category_name, check_hands,
                      checked, hand_rank, takes_hand)

__all__ = ['best_hand', 'best_wild_hand', 'BLACK_CARDS', 'RED_CARDS',
           'replacements', 'best_wild_hands', 'hand_name', 'hand_rank_ids',
           'best_hand_ids', 'showdown']

BLACK_CARDS = [r + s for r in RANKS for s in 'SC']
RED_CARDS = [r + s for r in RANKS for s in 'HD']

_rank = hand_rank.__wrapped__   # unchecked: a joker may copy a card in the hand


@takes_hand(sizes=(5, 6, 7))
def best_hand(hand) -> list:
    """The best five-card hand out of 5 to 7 cards, trying every combination.

    >>> best_hand('TD TC TH 7C 7D 8C 8S'.split())
    ['TD', 'TC', 'TH', '8C', '8S']
    """
    return list(max(itertools.combinations(hand, 5), key=_rank))


def replacements(card) -> list:
    """The cards that `card` may stand for: any black card for '?B', and so on.

    >>> len(replacements('?B')), replacements('?R')[:2], replacements('AS')
    (26, ['2H', '2D'], ['AS'])
    """
    return {'?B': BLACK_CARDS, '?R': RED_CARDS}.get(card, [card])


@takes_hand(sizes=(5, 6, 7), jokers=True)
def best_wild_hand(hand) -> list:
    """The best five-card hand out of 5 to 7 cards, where jokers are wild.

    A joker may stand for a card already in the hand: that is how five of a
    kind happens.

    >>> best_wild_hand('JD TC TH 7C 7D 7S 7H'.split())
    ['JD', '7C', '7D', '7S', '7H']
    """
    hands = dict.fromkeys(tuple(best_hand.__wrapped__(h)) for h in
                          itertools.product(*map(replacements, hand)))
    return list(max(hands, key=_rank))


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
            raise PokerError(f'joker {card!r} can stand for no card: the other '
                             f'hands hold every card of its colour')
    hands = dict.fromkeys(tuple(best_hand.__wrapped__(h))
                          for h in itertools.product(*choices))
    return list(max(hands, key=_rank))


def hand_name(hand) -> str:
    """The category name of a hand of 5 to 7 cards (jokers allowed).

    >>> hand_name(['AS', 'AH', 'AD', 'AC', '?B'])
    'five of a kind'
    """
    best = best_wild_hand(hand)
    return category_name(_rank(best)[0])


# ---------------------------------------------------------------------------
# The same, on integer card ids (rank = id >> 2, suit = id & 3).

def _check_ids(ids, sizes=(5,)) -> tuple:
    """Check 5 (or `sizes`) distinct card ids; (ids,), as a list of ints if they were not."""
    def ok(ids):
        return (len(ids) in sizes and all(type(i) is int and 0 <= i < 52 for i in ids)
                and len(set(ids)) == len(ids))
    if type(ids) in (list, tuple) and ok(ids):
        return (ids,)   # the fast path: nothing wrong
    items = _as_list(ids)    # an iterator, or a NumPy array of ids
    if items is not None and all(isinstance(i, Integral) and not isinstance(i, bool)
                                 for i in items):
        items = [int(i) for i in items]
        if ok(items):
            return (items,)
    lo, hi = min(sizes), max(sizes)
    need = f'{lo}' if lo == hi else f'{lo} to {hi}'
    raise PokerError(f'expected {need} distinct card ids, whole numbers '
                     f'0..51, got {short_repr(ids)}')


# A straight is a set of five consecutive ranks: as a 13-bit mask of rank
# numbers (0 = deuce .. 12 = ace), one of these, mapped to its high card.
_STRAIGHT_MASKS = {0b11111 << low: low + 6 for low in range(9)}
_STRAIGHT_MASKS[0b1000000001111] = 5        # the wheel, A-2-3-4-5: five high


@checked(_check_ids)
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
    return max(COUNT_RANKINGS[pattern], 4*(high is not None) + 5*flush), ranks


@checked(lambda ids: _check_ids(ids, sizes=(5, 6, 7)))
def best_hand_ids(ids) -> tuple:
    """best_hand for 5 to 7 integer card ids.

    >>> best_hand_ids([40, 44, 48, 36, 32, 0, 1])   # T-J-Q-K-A, 9, 2 of spades
    (40, 44, 48, 36, 32)
    """
    return max(itertools.combinations(ids, 5), key=hand_rank_ids.__wrapped__)


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
    n = check_count(n, 'n (number of boards)')
    hole1, hole2 = check_hands([hole1, hole2], sizes=(2,))
    board = list(check_hand(board, sizes=range(6)))
    check_hand(list(hole1) + list(hole2) + board, sizes=(4 + len(board),))
    rng = check_rng(rng)
    hole1, hole2 = list(hole1), list(hole2)
    taken = {*hole1, *hole2, *board}
    rest = [c for c in DECK if c not in taken]
    best = best_hand.__wrapped__
    result = {'player1': 0, 'player2': 0, 'ties': 0}
    for _ in range(n):
        cards = board + rng.sample(rest, 5 - len(board))
        r1, r2 = _rank(best(hole1 + cards)), _rank(best(hole2 + cards))
        result['player1' if r1 > r2 else 'player2' if r2 > r1 else 'ties'] += 1
    return result
