"""Exercises of notebook 03, Refactoring with group and unzip.

``hand_rank`` and ``hand_rank_counter`` share notebook 01's ranking judge;
``lowball_rank`` is judged the same way, on every class of hands, in
deuce-to-seven order.
"""

import functools
import math
from collections import Counter

from ...classes import hand_classes
from ...ranking import COUNT_RANKINGS, HAND_NAMES, category_name, group, hand_rank
from ...i18n import N_, _, english_category
from ..judge.kit import diagnosed, exercise, known, mistakes, unreadable, wrong
from .judges import judge_ranking, mistake_signature, ranking_cases
from .lesson01 import all_hands

__all__ = []

# The exercises notebook 03 checks, in order (registry.lessons); @exercise takes no other.
CHECKS = ('group', 'unzip', 'hand_rank', 'lowball_rank', 'hand_rank_counter', 'distinct_rankings')

RANK_CHARS = '--23456789TJQKA'


# ---------------------------------------------------------------------------
# The mistakes students make, each with the hint it earns: the one home of each. The judge
# diagnoses by the rows made with diagnosed(...); tests/practice/test_mistakes.py tests them all.

GROUP_ORDER_HINT = N_('the right pairs in the wrong order: the most frequent first, and among '
                      'equal counts the higher item first (sort the (count, item) pairs with '
                      'reverse=True)')
"""The hint of a list holding exactly the right pairs in another order than any mistake of the
table below (sorted by item, or in most_common's order of first appearance among ties)."""

# A group mistake's witnesses are lists that tell it from the others (all ranks different
# fits both the first and the third).
mistakes(
    'group',
    diagnosed("""
def group(items):
    return sorted((items.count(x), x) for x in set(items))
""", N_('the most frequent first, and among equal counts the higher item first: sort the '
        '(count, item) pairs in reverse'), witnesses=[[9, 9, 5]]),
    diagnosed("""
def group(items):
    return sorted(((x, items.count(x)) for x in set(items)), reverse=True)
""", N_('each pair is (count, item): the count first'), witnesses=[[9, 9, 5]]),
    diagnosed("""
def group(items):
    return sorted(((items.count(x), x) for x in set(items)), key=lambda p: (-p[0], p[1]))
""", N_('among equal counts the higher item comes first'), witnesses=[[3, 7]]),
    diagnosed("""
def group(items):
    return sorted(((items.count(x), x) for x in items), reverse=True)
""", N_('one pair for each different item: go through set(items)'), witnesses=[[4, 4]]),
    ("""
def group(items):
    return sorted(((items.count(x), x) for x in set(items)), key=lambda p: p[1], reverse=True)
""", GROUP_ORDER_HINT))

UNZIP = N_('two sequences: all the first items, then all the second items (zip(*pairs) does '
           'it)')

mistakes(
    'unzip',
    ("""
def unzip(pairs):
    return zip(pairs)
""", UNZIP))

_LOWBALL = """
from collections import Counter
def lowball_rank(hand):
    ranks = [{ace}'--23456789TJQKA'.index(r) for r, s in hand]
    groups = sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)
    counts = tuple(n for n, r in groups)
    ranks = tuple(r for n, r in groups)
    straight = len(ranks) == 5 and max(ranks) - min(ranks) == 4
    flush = len({{s for r, s in hand}}) == 1
    category = ({straight_flush}7 if counts == (4, 1) else 6 if counts == (3, 2) else
                {flush_straight}3 if counts == (3, 1, 1) else 2 if counts == (2, 2, 1) else
                1 if counts == (2, 1, 1, 1) else 0)
    return (-category, tuple({sign}r for r in ranks))
"""
_LOWBALL_OK = dict(ace='', straight_flush='8 if straight and flush else ',
                   flush_straight='5 if flush else 4 if straight else ', sign='-')

mistakes(
    'lowball_rank',
    diagnosed(_LOWBALL.format(**dict(_LOWBALL_OK, ace="1 if r == 'A' else ")),
              N_('in deuce-to-seven an ace is always high: A 5 4 3 2 is no straight, just ace '
                 'high, better than any pair'),
              witnesses=('2S 2H 5D 4C 3S', 'AS 5H 4D 3C 2S')),
    diagnosed(_LOWBALL.format(**dict(_LOWBALL_OK, straight_flush='', flush_straight='')),
              N_('straights and flushes count against you in deuce-to-seven: 6 5 4 3 2 is a '
                 'straight, not a good low hand')),
    diagnosed(_LOWBALL.format(**dict(_LOWBALL_OK, sign='')),
              N_('within a category the lowest ranks win: negate every rank, not only the '
                 'category')))

RANKINGS_KEYS = N_('one count for each of the nine categories, keyed by its name as hand_name or '
                   'category_name gives it')
RANKINGS_HANDS = N_('those are numbers of hands: count the distinct rankings, one for each class '
                    'that hand_classes lists')

mistakes(
    'distinct_rankings',
    ("""
from collections import Counter
from pokerlib import category_name, hand_classes, hand_rank
def distinct_rankings():
    counts = Counter()
    for hand, n in hand_classes():
        counts[category_name(hand_rank(hand)[0])] += n
    return dict(counts)
""", RANKINGS_HANDS),
    ("""
from collections import Counter
from pokerlib import hand_classes, hand_rank
def distinct_rankings():
    return dict(Counter(hand_rank(hand)[0] for hand, n in hand_classes()))
""", RANKINGS_KEYS))


def group_cases():
    lists = [[RANK_CHARS.index(r) for r, s in hand] for hand in all_hands()]
    return lists + [['a', 'b', 'a'], [], [7], ['x', 'y', 'z', 'y'], [-1, -1, 0, 2, 2]]


def _pairs(got):
    """got as a list of tuples, or None if it is not a list of pairs."""
    return ([tuple(p) for p in got] if isinstance(got, (list, tuple))
            and all(isinstance(p, (list, tuple)) for p in got) else None)


@exercise('group', returns=N_('a list of (count, item) pairs'))
def _group(run):
    cases = group_cases()
    for items, got in zip(cases, run.map([(list(items),) for items in cases])):
        expected = group(items)
        pairs = _pairs(got)
        if pairs == expected:
            continue
        failing = run.last_call
        hint = next((why for mistaken, why, *witnesses in known('group')
                     if pairs is not None and pairs == [tuple(p) for p in mistaken(items)]
                     and all(_pairs(run(list(w))) == [tuple(p) for p in mistaken(w)]
                             for w in (witnesses[0] if witnesses else ()))),
                    None)
        if hint is None:
            hint = (GROUP_ORDER_HINT if pairs is not None and sorted(pairs) == sorted(expected)
                    and len(pairs) == len(expected) else
                    N_('a list of (count, item) pairs, one for each different item'))
        raise wrong(got, expected, _(hint), call=failing, args=(list(items),))


UNZIP_CASES = [[(3, 7), (2, 10)], [(1, 'a')], [(2, 9), (2, 8), (1, 2)], [(4, 14), (1, 5)],
               [(1, 14), (1, 13), (1, 12), (1, 11), (1, 9)]]


@exercise('unzip', returns=N_('two sequences (a zip object, or a pair of tuples or lists)'))
def _unzip(run):
    for pairs in UNZIP_CASES:
        got = run(list(pairs))
        expected = tuple(zip(*pairs))
        try:
            shown = tuple(tuple(part) for part in got)
        except TypeError:
            raise unreadable(got, _('two sequences: all the first items, then all the '
                                    'second items')) from None
        if shown != expected:
            raise wrong(shown, expected, _(UNZIP))


# ---------------------------------------------------------------------------
# Lowball

def lowball_reference(hand):
    """Reference answer: deuce-to-seven, the best hand the highest (an ace is always high)."""
    counts, ranks = zip(*group([RANK_CHARS.index(r) for r, s in hand]))
    straight = len(ranks) == 5 and max(ranks) - min(ranks) == 4
    flush = len({s for r, s in hand}) == 1
    category = max(COUNT_RANKINGS[counts], 4 * straight + 5 * flush)
    return -category, tuple(-r for r in ranks)


def lowball_describe(hand) -> str:
    return category_name(-lowball_reference(tuple(hand))[0])


def _lowball_rank(run):
    """lowball_rank's judge (registered at the end of the module)."""
    return judge_ranking(run, lowball_reference, lowball_describe, known('lowball_rank'),
                         better=N_('the better lowball hand'))


# ---------------------------------------------------------------------------
# How many rankings?

@functools.cache
def distinct_rankings() -> dict:
    """Reference answer: {category name: number of distinct rankings}."""
    counts = Counter(category_name(hand_rank(h)[0]) for h, n in hand_classes())
    return {name: counts[name] for name in reversed(HAND_NAMES[:9])}


@exercise('distinct_rankings', takes_value=True, prepare=[distinct_rankings],
          returns=N_('a dict: {category name: number of distinct rankings}'))
def _distinct_rankings(value):
    expected, given = distinct_rankings(), value
    if isinstance(value, dict):          # keys named as in a Chinese notebook (一对) or in English
        named = {english_category(k): v for k, v in value.items()}
        value = named if len(named) == len(value) else value
    if isinstance(value, dict) and dict(value) == expected:
        return
    if isinstance(value, dict) and set(value) != set(expected):
        hint = _(RANKINGS_KEYS)
    elif isinstance(value, dict) and all(isinstance(v, int) for v in value.values()) \
            and sum(value.values()) == math.comb(52, 5):
        hint = _(RANKINGS_HANDS)
    elif isinstance(value, dict):
        bad = next(k for k in expected if value[k] != expected[k])
        hint = _('the count for {bad} is off').format(bad=repr(_(bad)))
    else:
        hint = _('a dict: {category name: number of distinct rankings}')
    raise wrong(given, {_(name): n for name, n in expected.items()}, hint)


exercise('lowball_rank', returns=N_('a ranking: a tuple that compares with other rankings'),
         prepare=[functools.partial(ranking_cases, lowball_reference)],
         later=[functools.partial(mistake_signature, lowball_reference, mistaken)
                for mistaken, why, *pair in known('lowball_rank')])(_lowball_rank)
