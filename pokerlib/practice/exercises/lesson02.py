"""Exercises of notebook 02, Ties and allmax.

``allmax`` and ``allmin`` are judged with keys a careless start value gets
wrong (negative numbers, tuples, strings, floats), with ties, an empty
iterable, an iterator that can be read once, and ``key=None``; the tied
items must come in input order (the lesson: "in input order, in one pass").
``poker`` and ``shares`` are judged on fixed cases and on thirty deals of 4
to 9 hands drawn afresh at every check (``judges.fresh_seed``), the winners
moved to the fourth place or later, ties among them.
"""

import functools
import math
import random
from collections import Counter
from fractions import Fraction

from ...cards import DECK, parse_hand
from ...classes import hand_classes
from ...ranking import hand_rank
from ...i18n import N_, _
from ..given import ShownIterator, negative, second
from ..judge.kit import code, diagnosed, exercise, forbid, known, mistakes, same_value, wrong
from .judges import fresh_seed, noted

__all__ = []

# The exercises notebook 02 checks, in order (registry.lessons); @exercise takes no other.
CHECKS = ('allmax', 'poker', 'allmin', 'shares', 'tie_chance_two_decks')


def hands(*texts) -> list:
    """Hands from text, e.g. hands('AS KS QS JS TS', '2C 3C 4C 5C 7D')."""
    return [parse_hand(t) for t in texts]


SF, FK, FH = hands('6C 7C 8C 9C TC', 'QD QH QS QC 7D', 'TD TS TH 7S 7H')
F1, F2, F3 = hands('AS QS 9S 5S 3S', 'AD QD 9D 5D 3D', 'AH QH 9H 5H 2H')
W1, W2 = hands('5C 4H 3D 2C AC', '5D 4C 3H 2S AH')
P1, P2, HC = hands('KS KH 9C 7D 2S', 'KD KC 9D 7C 2H', 'AS QH JD 8C 4S')


# ---------------------------------------------------------------------------
# The mistakes students make, each with the hint it earns: the one home of each. The judge
# diagnoses by the rows made with diagnosed(...); tests/practice/test_mistakes.py tests them all.

REVERSED = N_('the right items in reverse order: keep them in the order they come, {append} each '
              'tie at the end (not {insert})')
ONE_PASS = N_('the iterable may be an iterator, which can be read only once: go through it in '
              'one pass')
NO_KEY = N_('the function is also called without a key: give key the default {default}, and '
            'where it is None compare the items themselves')
EXTREMES_ERROR = N_('the keys may be any values that compare with each other: negative '
                    'numbers, floats, tuples or strings; compare keys only with one another '
                    '(start from the first item), never with a number such as 0 or '
                    '-inf, and never negate them')

_NOT_KEYS = N_('compare the keys, {key_x}, not the items themselves')


def _key_x():
    return dict(key_x=code('key(x)'))


_FROM_ZERO = """
def allmax(iterable, key=None):
    key = key or (lambda x: x)
    best, result = 0, []
    for x in iterable:
        if key(x) > best:
            best, result = key(x), [x]
        elif key(x) == best:
            result.append(x)
    return result
"""
_FIRST_ONLY = """
def allmax(iterable, key=None):
    items = list(iterable)
    return [max(items, key=key)] if items else []
"""
_ITEMS = """
def allmax(iterable, key=None):
    items = list(iterable)
    best = max(items, key=key) if items else None
    return [x for x in items if x == best]
"""


def _allmin(source) -> str:
    """allmax's mistaken version made allmin's: the same mistake, the other way round."""
    return source.replace('allmax', 'allmin').replace('max(', 'min(').replace(' > ', ' < ')


# allmax's and allmin's judge diagnoses by three rows of each table, in this order: starting
# from 0, the first best item only, comparing the items rather than their keys.
mistakes(
    'allmax',
    diagnosed(_FROM_ZERO, N_("start from the first item's key, not from a number such as 0 (or -inf): here every "
        "key is below it, and keys may also be tuples or strings")),
    ("""
def allmax(iterable, key=None):
    key = key or (lambda x: x)
    result, best = [], None
    for x in iterable:
        if not result or key(x) > best:
            result, best = [x], key(x)
        elif key(x) == best:
            result.insert(0, x)
    return result
""", REVERSED),
    diagnosed(_FIRST_ONLY, N_('every item whose key equals the largest key, not just the first')),
    ("""
def allmax(iterable, key=None):
    key = key or (lambda x: x)
    best = max(iterable, key=key, default=None)
    return [x for x in iterable if key(x) == key(best)]
""", ONE_PASS),
    diagnosed(_ITEMS, _NOT_KEYS, fields=_key_x),
    (_FROM_ZERO.replace('best, result = 0,', "best, result = float('-inf'),"),
     EXTREMES_ERROR, 'error'),
    ("""
def allmax(iterable, key):
    items = list(iterable)
    best = max(key(x) for x in items) if items else None
    return [x for x in items if key(x) == best]
""", NO_KEY, 'error'))

ANOTHER_ORDER = N_('the right items in another order: keep them in the order they come')

_ALLMIN_FIRST = diagnosed(_allmin(_FIRST_ONLY), N_('every item whose key equals the smallest key, not just the first'))
"""allmin's answer that compares the items themselves fails first on allmin([-2, 5, -5, 2],
key=abs), where the best item comes once: it is told this row's hint, tried first."""

mistakes(
    'allmin',
    diagnosed(_allmin(_FROM_ZERO), N_("start from the first item's key, not from a number such as 0 (or -inf): here every "
        "key is above it, and keys may also be tuples or strings")),
    _ALLMIN_FIRST,
    diagnosed(_allmin(_ITEMS), _NOT_KEYS, fields=_key_x, gets=_ALLMIN_FIRST.hint),
    ("""
def allmin(iterable, key=None):
    key = key or (lambda x: x)
    items = list(iterable)
    return sorted(x for x in items if key(x) == min(map(key, items)))
""", ANOTHER_ORDER))

POKER_EVERY_HAND = N_('the winner here is the {place}th hand: look at every hand, however many '
                      'there are')
POKER_TIES = N_('on a tie every winning hand is returned (allmax finds them all)')
POKER_LIST = N_('poker returns a list of the winning hands, even when there is only one: [hand]')
POKER_RANKING = N_('the winners are the hands with the highest ranking')

mistakes(
    'poker',
    ("""
from pokerlib import hand_rank
def poker(hands):
    best = max(hand_rank(h) for h in hands[:3])
    return [h for h in hands[:3] if hand_rank(h) == best]
""", POKER_EVERY_HAND),
    ("""
from pokerlib import hand_rank
def poker(hands):
    return [max(hands, key=hand_rank)]
""", POKER_TIES),
    ("""
from pokerlib import hand_rank
def poker(hands):
    return max(hands, key=hand_rank)
""", POKER_LIST),
    ("""
from pokerlib import hand_rank
def poker(hands):
    best = max(hand_rank(h)[0] for h in hands)
    return [h for h in hands if hand_rank(h)[0] == best]
""", POKER_RANKING))

SHARES_ADD_UP = N_('the shares add up to 1: each of k winners gets 1/k of the pot, here {k} '
                   'winners')
SHARES_ORDER = N_('one share per hand, in the order the hands are given')
SHARES_NUMBERS = N_('a number for each hand (its share of the pot), not the winning hands')

_SHARES = """
from pokerlib import hand_rank
def shares(hands):
    best = max(map(hand_rank, hands))
{rest}
"""

mistakes(
    'shares',
    (_SHARES.format(rest='    return [1 if hand_rank(h) == best else 0 for h in hands]'),
     SHARES_ADD_UP),
    (_SHARES.format(rest='    winners = [h for h in hands if hand_rank(h) == best]\n'
                         '    return [1 / len(winners)] * len(winners) + [0] * (len(hands) - '
                         'len(winners))'),
     SHARES_ORDER),
    (_SHARES.format(rest='    return [h for h in hands if hand_rank(h) == best]'),
     SHARES_NUMBERS))

TIE_CHANCE_COUNT = N_('that is a count; the chance is a probability, between 0 and 1')
TIE_CHANCE_RANKINGS = N_('each distinct ranking v, held by n[v] of the hands, ties with '
                         'probability (n[v] / 2598960) ** 2; add these up')

mistakes(
    'tie_chance_two_decks',
    ("""
from pokerlib import hand_classes
def tie_chance_two_decks():
    return sum(n * n for hand, n in hand_classes()) / 2598960
""", TIE_CHANCE_COUNT),
    ("""
from collections import Counter
from pokerlib import hand_classes, hand_rank
def tie_chance_two_decks():
    by_category = Counter()
    for hand, n in hand_classes():
        by_category[hand_rank(hand)[0]] += n
    return sum((n / 2598960) ** 2 for n in by_category.values())
""", TIE_CHANCE_RANKINGS))


def extremes_cases():
    """(items, key or None, how to pass them) for allmax and allmin."""
    return [([3, 1, 3, 2], None), (['ab', 'cd', 'ab', 'e'], len), (['ab', 'cd', 'ef', 'g'], len),
            ([], None),
            ([-3, -1, -7, -1], None), ([-2, 5, -5, 2], abs), ([5], None),
            ([2.5, -0.5, 2.5], None), ([(1, 'b'), (2, 'a'), (2, 'a'), (0, 'z')], None),
            (['pear', 'apple', 'pear', 'fig'], None), ([3, 4, 1, 4, 1], negative),
            ([('b', 2), ('a', 2), ('c', 1)], second),
            ('iter', [1, 7, 7, 2]), ('iter', [-4, -2, -2]),
            ([P1, SF, FK, P2, SF], hand_rank), ([P1, P2, HC, W1], hand_rank)]


def _reference(items, key, pick):
    key = key or (lambda x: x)
    if not items:
        return []
    best = pick(map(key, items))
    return [x for x in items if key(x) == best]


def _same_items(got, expected) -> bool:
    """Do got and expected hold the same items (with repeats), in any order?"""
    return (isinstance(got, (list, tuple)) and expected is not None and len(got) == len(expected)
            and Counter(map(repr, got)) == Counter(map(repr, expected)))


def _safely(mistaken, items, key):
    """What a mistaken version returns, or None where it raises (0 compared with a tuple)."""
    try:
        return mistaken(list(items), key=key)
    except Exception:
        return None


def _said(why) -> str:
    """A hint as known() gives it, translated and filled."""
    return why() if callable(why) else _(why)


def _judge_extremes(run, pick):
    """Judge allmax or allmin (pick); the diagnosed rows of its table are, in this order, the
    mistakes of starting from 0, of returning the first best item only, and of comparing
    the items rather than their keys."""
    from_zero, first_only, not_keys = known(run.name if run.name in ('allmax', 'allmin') else
                                            'allmax' if pick is max else 'allmin')
    for items, key in extremes_cases():
        once = items == 'iter'
        if once:
            items = key
            key = None
        expected = _reference(items, key, pick)
        arg = ShownIterator(items) if once else list(items)
        got = run(arg, key=key) if key else run(arg)
        if isinstance(got, (list, tuple)) and list(got) == expected:
            continue
        if got is None:
            hint = _('your function returned None: is a {return_} missing?').format(
                return_=code('return'))
        elif not isinstance(got, (list, tuple)):
            hint = _('return a list of the items, even when there is only one')
        elif once and got == []:
            hint = _(ONE_PASS)
        elif items and _same_items(got, _safely(from_zero[0], items, key)) and \
                not _same_items(got, expected):
            hint = _said(from_zero[1])
        elif _same_items(got, expected) and list(got) == expected[::-1] and len(expected) > 2:
            hint = _(REVERSED).format(append=code('result.append(x)'),
                                      insert=code('result.insert(0, x)'))
        elif _same_items(got, expected):
            hint = _(ANOTHER_ORDER)
        elif items and len(expected) > 1 and _same_items(got, _safely(first_only[0], items, key)):
            hint = _said(first_only[1])
        elif items and _same_items(got, _safely(not_keys[0], items, key)):
            hint = _said(not_keys[1])
        elif items and _same_items(got, _reference(list(items), key,
                                                   min if pick is max else max)):
            hint = (_('these are the items with the smallest key: allmax keeps those with the '
                      'largest key (is a comparison the wrong way round?)') if pick is max else
                    _('these are the items with the largest key: allmin keeps those with the '
                      'smallest key (turn the comparison round: < where allmax has >)'))
        else:
            hint = (_('the items whose key is the largest key, in a list') if pick is max
                    else _('the items whose key is the smallest key, in a list'))
        raise wrong(got, expected, hint)


def _extremes_error(error):
    """The hint for an error: a key that is missing or None has its own (issue 40)."""
    text = str(error)
    if isinstance(error, TypeError) and ("argument: 'key'" in text
                                         or "'NoneType' object is not callable" in text):
        return _(NO_KEY).format(default=code('key=None'))
    if isinstance(error, ValueError) and 'empty' in text:
        return _('the iterable may be empty, and then the answer is []: max() and min() '
                 'of no items raise ValueError, so return [] when there are none (one loop '
                 'over the items needs no special case)')
    return EXTREMES_ERROR


@exercise('allmax', error_hint=_extremes_error, returns=N_('a list of items'))
def _allmax(run):
    _judge_extremes(run, max)


@exercise('allmin', error_hint=_extremes_error, returns=N_('a list of items'))
def _allmin(run):
    _judge_extremes(run, min)


POKER_CASES = [([SF, FK, FH], [SF]), ([FK, FH], [FK]), ([FH], [FH]), ([FH, FK], [FK]),
               ([F1, F2, F3], [F1, F2]), ([W1, W2], [W1, W2]), ([F3, F1, F2], [F1, F2]),
               ([HC, P1, P2], [P1, P2]), ([HC, W1], [W1])]


def random_deals(seed, count=30) -> list:
    """count deals of 4 to 9 hands from one deck each, from random.Random(seed): (hands,
    winners). The winner is moved to the fourth place or later, and every third deal gets a
    second winner: the same ranks in other suits, from cards no hand holds (no card twice)."""
    rng = random.Random(seed)
    out = []
    for t in range(count):
        k = rng.randint(4, 9)
        cards = rng.sample(DECK, 5 * k)
        hands = [cards[5 * i:5 * i + 5] for i in range(k)]
        best = max(range(k), key=lambda i: hand_rank(hands[i]))
        where = rng.randrange(3, k)
        hands[best], hands[where] = hands[where], hands[best]
        if t % 3 == 2:
            tie = _same_ranks_elsewhere(hands[where], [c for c in DECK if c not in cards], rng)
            other = rng.choice([i for i in range(3, k) if i != where] or [0])
            if tie and other != where:
                hands[other] = tie
        top = max(map(hand_rank, hands))
        out.append((hands, [h for h in hands if hand_rank(h) == top]))
    return out


def _same_ranks_elsewhere(hand, free, rng):
    """A hand ranked as `hand` is, from the free cards (None if there is none)."""
    flush = len({s for r, s in hand}) == 1
    for _attempt in range(20):
        if flush:
            suit = rng.choice('SHDC')
            tie = [r + suit for r, s in hand]
            if all(c in free for c in tie):
                return tie
        else:
            tie = []
            for r, _suit in hand:
                options = [c for c in free if c[0] == r and c not in tie]
                if not options:
                    return None
                tie.append(rng.choice(options))
            if len({s for r, s in tie}) > 1:
                return tie
    return None


def _fresh_deals(note) -> tuple:
    """A seed for the check's deals, drawn afresh (``fresh_seed``), and `note` (a msgid: how
    to deal them again) said with it."""
    seed = fresh_seed()
    return seed, _(note).format(seed=seed)


def _hands_call(name, hands) -> str:
    return f'{name}([' + ', '.join(repr(' '.join(h)).replace("'", '') for h in hands) + '])'


@exercise('poker', returns=N_('a list of hands'))
def _poker(run):
    seed, note = _fresh_deals(N_('the hands of the cases after the ninth were dealt at random, '
                                 'fresh at every check (random_deals({seed}) in '
                                 'pokerlib.practice.exercises.lesson02 deals them again)'))
    for n, (case, winners) in enumerate(POKER_CASES + random_deals(seed)):
        got = run([list(h) for h in case], shown=_hands_call(run.name, case))
        if _same_items(got, winners):
            continue
        if isinstance(got, list) and got and isinstance(got[0], str):
            hint = _(POKER_LIST)
        elif isinstance(got, (list, tuple)) and len(got) == 1 and len(winners) > 1 \
                and any(got[0] == w for w in winners):
            hint = _(POKER_TIES)
        elif isinstance(got, (list, tuple)) and all(
                any(g == h for h in case[:3]) for g in got) and \
                any(w == h for w in winners for h in case[3:]):
            hint = _(POKER_EVERY_HAND).format(
                place=next(i for i, h in enumerate(case, 1) if h in winners))
        elif isinstance(got, (list, tuple)) and got and all(
                isinstance(g, (list, tuple)) and g and not isinstance(g[0], str) for g in got):
            hint = _('return the winning hands themselves (lists of cards), not their '
                     'rankings')
        else:
            hint = _(POKER_RANKING)
        raise noted(wrong(got, winners, hint), note) if n >= len(POKER_CASES) else \
            wrong(got, winners, hint)
    return _('{n} cases passed, {k} of them deals of 4 to 9 hands drawn afresh at this '
             'check').format(n=run.cases, k=run.cases - len(POKER_CASES))


SHARES_CASES = [
    (hands('AS KH QD JC TS', 'AD KC QS JH TC', 'KD QC JS TH 9C'), [1/2, 1/2, 0]),
    (hands('KD QC JS TH 9C', 'AS KH QD JC TS'), [0, 1]),
    ([F1, F2, F3], [1/2, 1/2, 0]), ([SF], [1]), ([P1, P2, HC], [1/2, 1/2, 0]),
    ([W1, HC, W2, P2], [1/2, 0, 1/2, 0]),
    (hands('2S 3S 4S 5S 7D', '2H 3H 4H 5H 7C', '2D 3D 4D 5D 7S'), [1/3, 1/3, 1/3])]


@exercise('shares', returns=N_('a list of numbers, one per hand'))
def _shares(run):
    seed, note = _fresh_deals(N_('the hands of the cases after the seventh were dealt at random, '
                                 'fresh at every check (random_deals({seed}) in '
                                 'pokerlib.practice.exercises.lesson02 deals them again)'))
    drawn = [(hands, [Fraction(1, len(w)) if any(h == x for x in w) else 0 for h in hands])
             for hands, w in random_deals(seed)]
    for n, (case, expected) in enumerate(SHARES_CASES + drawn):
        got = run([list(h) for h in case], shown=_hands_call(run.name, case))
        if same_value(got, [float(x) for x in expected], tol=1e-9):
            continue
        numbers = isinstance(got, (list, tuple)) and len(got) == len(expected) and all(
            isinstance(g, (int, float, Fraction)) and not isinstance(g, bool) for g in got)
        if numbers and sorted(got) == sorted(expected):
            hint = _(SHARES_ORDER)
        elif numbers and [bool(g) for g in got] == [bool(x) for x in expected] \
                and sum(got) != 1:
            hint = _(SHARES_ADD_UP).format(k=sum(bool(x) for x in expected))
        elif isinstance(got, (list, tuple)) and got and all(
                isinstance(g, (list, tuple)) for g in got):
            hint = _(SHARES_NUMBERS)
        elif numbers and not any(got) and any(0 < x < 1 for x in expected):
            hint = _('every share is 0 here, though {k} hands tie: 1 // k is 0 in Python when '
                     'k > 1; divide with {slash} (1 / k)').format(
                         k=sum(bool(x) for x in expected), slash=code('/'))
        else:
            hint = _('one share per hand, in the order of the hands: 1/k for each of k '
                     'winners, 0 for the others')
        shown = [float(x) for x in expected]
        raise noted(wrong(got, shown, hint), note) if n >= len(SHARES_CASES) else \
            wrong(got, shown, hint)
    return _('{n} cases passed, {k} of them deals of 4 to 9 hands drawn afresh at this '
             'check').format(n=run.cases, k=run.cases - len(SHARES_CASES))


@functools.cache
def tie_chance() -> Fraction:
    """Reference answer: two hands from two separate decks tie, exactly."""
    total = math.comb(52, 5)
    return sum(Fraction(n, total) ** 2 for hand, n in hand_classes())


@exercise('tie_chance_two_decks', takes_value=True, prepare=[tie_chance], returns=N_('a probability'))
def _tie_chance_two_decks(value):
    expected = tie_chance()
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool) \
            and abs(value - expected) < 1e-12:
        return
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool) \
            and abs(value - float(expected) * 2598960) < 1e-3:
        hint = _(TIE_CHANCE_COUNT)
    else:
        hint = _(TIE_CHANCE_RANKINGS)
    raise wrong(value, float(expected), hint)


# --- the course's functions that do these exercises' work under other names -------------

forbid('poker', 'pokerlib.holdem:winning_hands', 'pokerlib.versus:versus_winner')
