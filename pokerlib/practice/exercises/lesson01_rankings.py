"""Exercises of notebook 01, continued (``lesson01``): the rankings, ``hand_rank``,
``hand_rank_elif`` and ``hand_rank_counter``, judged on every class of hands
(``judges.judge_ranking``), with the students' mistaken versions that earn a hint of their
own (their table, which the judge diagnoses by).
``exercises/__init__`` registers it after ``lesson01``.
"""

import functools

from ...ranking import category_name, hand_rank
from ...i18n import N_
from ..judge.kit import diagnosed, exercise, known, mistakes
from .judges import (NOT_INVARIANT_FLUSH, judge_ranking, mistake_signature, ranking_cases,
                     tuple_error_hint)

__all__ = []


def ranking_reference(hand):
    """The library's ranking (a function that caches can take only hashable data)."""
    return hand_rank(list(hand))


def describe(hand) -> str:
    return category_name(hand_rank(list(hand))[0])


# ---------------------------------------------------------------------------
# The mistakes students make, each with the hint it earns: the one home of each. The judge
# diagnoses by the rows made with diagnosed(...); tests/practice/test_mistakes.py tests them all.

_KIND_STRAIGHT = """
def kind(n, ranks):
    for r in ranks:
        if ranks.count(r) == n:
            return r

def straight(ranks):
    return len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4
"""
"""A student's kind and straight, right, under a hand_rank of her own."""

_RANKING = _KIND_STRAIGHT + """
def hand_rank(hand):
    ranks = sorted(['--23456789TJQKA'.index(r) for r, s in hand], reverse=True)
    if ranks == [14, 5, 4, 3, 2]:
        ranks = [5, 4, 3, 2, 1]
    flush = {flush}
    if straight(ranks) and flush:
        return (8, max(ranks))
    elif kind(4, ranks):
        return (7, kind(4, ranks), kind(1, ranks))
    elif kind(3, ranks) and kind(2, ranks):
        return (6, kind(3, ranks), kind(2, ranks))
    elif {flush_first}:
        return (5, ranks)
    elif {straight_first}:
        return (4, max(ranks))
    elif kind(3, ranks):
        return (3, kind(3, ranks), ranks)
    elif kind(2, ranks) and kind(2, list(reversed(ranks))) != kind(2, ranks):
        return (2, {pairs}, ranks)
    elif kind(2, ranks):
        return (1, kind(2, ranks), ranks)
    return (0, ranks)
"""


_HELPERS = """
def card_ranks(hand):
    ranks = sorted(['--23456789TJQKA'.index(r) for r, s in hand], reverse=True)
    return [5, 4, 3, 2, 1] if ranks == [14, 5, 4, 3, 2] else ranks

def straight(ranks):
    return len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4

def flush(hand):
    return len({s for r, s in hand}) == 1

def kind(n, ranks):
    for r in ranks:
        if ranks.count(r) == n:
            return r

def two_pair(ranks):
    pair, low = kind(2, ranks), kind(2, list(reversed(ranks)))
    return (pair, low) if pair and low != pair else None
"""
"""A student's helpers, right, under a hand_rank with a mistake of its own."""


def _ranking(flush='len({s for r, s in hand}) == 1', flush_first='flush',
             straight_first='straight(ranks)',
             pairs='(kind(2, ranks), kind(2, list(reversed(ranks))))'):
    """A student's hand_rank, with one of the mistakes."""
    return _RANKING.format(flush=flush, flush_first=flush_first, straight_first=straight_first,
                           pairs=pairs)


_TRIPS = """
    elif kind(3, ranks):
        return (3, kind(3, ranks), ranks)"""
_PAIRS = """
    elif two_pair(ranks):
        return (2, two_pair(ranks), ranks)
    elif kind(2, ranks):
        return (1, kind(2, ranks), ranks)
    return (0, ranks)"""
_LINES = dict(helpers=_HELPERS, kickers='', straight_flush="""
    if straight(ranks) and flush(hand):
        return (8, max(ranks))
    elif kind(4, ranks):
        return (7, kind(4, ranks), kind(1, ranks))""", full_house="""
    elif kind(3, ranks) and kind(2, ranks):
        return (6, kind(3, ranks), kind(2, ranks))""", flush="""
    elif flush(hand):
        return (5, ranks)""", straight="""
    elif straight(ranks):
        return (4, max(ranks))""", tail=_TRIPS + _PAIRS)
"""The lines of the lecture's hand_rank that ``_lecture`` puts together, by name."""


def _lecture(**lines):
    """The lecture's hand_rank over the student's helpers, some of its lines written wrong:
    each keyword names a line (``kickers``, ``straight_flush``, ``flush``, ``full_house``,
    ``straight``, ``trips`` and the rest of the chain in ``tail``)."""
    parts = dict(_LINES, **lines)
    return ('{helpers}\ndef hand_rank(hand):\n    ranks = card_ranks(hand){kickers}{straight_flush}'
            '{full_house}{flush}{straight}{tail}\n').format(**parts)


_STRAIGHT_OVER_FLUSH = diagnosed(_lecture(flush="""
    elif straight(ranks):
        return (5, max(ranks))""", straight="""
    elif flush(hand):
        return (4, ranks)"""), N_('a flush beats a straight'))
_CATEGORY_ONLY = diagnosed(_lecture(straight_flush="""
    if straight(ranks) and flush(hand):
        return 8
    elif kind(4, ranks):
        return 7""", full_house="""
    elif kind(3, ranks) and kind(2, ranks):
        return 6""", flush="""
    elif flush(hand):
        return 5""", straight="""
    elif straight(ranks):
        return 4""", tail="""
    elif kind(3, ranks):
        return 3
    elif two_pair(ranks):
        return 2
    elif kind(2, ranks):
        return 1
    return 0"""), N_('hands of one category are told apart by their ranks: the ranking needs more '
                    'than the category'))

mistakes(
    'hand_rank',
    (_ranking(flush='len({s for r, s in hand[:4]}) == 1'),
     NOT_INVARIANT_FLUSH),
    diagnosed(_KIND_STRAIGHT + """
def hand_rank(hand):
    ranks = sorted(('--23456789TJQKA'.index(r) for r, s in hand), reverse=True)
    flush = len({s for r, s in hand}) == 1
    if straight(ranks) and flush:
        return (8, max(ranks))
    if kind(4, ranks):
        return (7, kind(4, ranks), kind(1, ranks))
    if kind(3, ranks) and kind(2, ranks):
        return (6, kind(3, ranks), kind(2, ranks))
    if flush:
        return (5, ranks)
    if straight(ranks):
        return (4, max(ranks))
    if kind(3, ranks):
        return (3, kind(3, ranks), ranks)
    low = kind(2, list(reversed(ranks)))
    if kind(2, ranks) and low != kind(2, ranks):
        return (2, (kind(2, ranks), low), ranks)
    if kind(2, ranks):
        return (1, kind(2, ranks), ranks)
    return (0, ranks)
""", N_('A-2-3-4-5 is a straight, the lowest one: the ace plays low there (card_ranks turns '
        'those ranks into [5, 4, 3, 2, 1])')),
    diagnosed(_lecture(helpers=_HELPERS.replace('len(set(ranks)) == 5 and ', '')),
              N_('a straight needs five different ranks: ranks that span 4 with a pair among '
                 'them (such as 9 9 8 7 5) are not a straight')),
    diagnosed(_ranking(pairs='(kind(2, list(reversed(ranks))), kind(2, ranks))'),
              N_('in two pair the higher pair is compared first: (high, low), as two_pair '
                 'returns them')),
    diagnosed(_lecture(kickers='\n    kickers = sorted(ranks)', flush="""
    elif flush(hand):
        return (5, kickers)""", tail="""
    elif kind(3, ranks):
        return (3, kind(3, ranks), kickers)
    elif two_pair(ranks):
        return (2, two_pair(ranks), kickers)
    elif kind(2, ranks):
        return (1, kind(2, ranks), kickers)
    return (0, kickers)"""),
              N_('compare the other cards highest first: the ranks sorted with reverse=True')),
    diagnosed(_lecture(full_house='', tail=_TRIPS + _LINES['full_house'] + _PAIRS), N_('a full house is three of a kind and a pair: test for it before three of a kind'),
        witnesses=('5S 4H 3D 2C AS', '2S 2H 2D 3S 3H')),     # its full house is below a straight too
    _STRAIGHT_OVER_FLUSH,
    _CATEGORY_ONLY,
    diagnosed(_lecture(full_house="""
    elif flush(hand):
        return (6, ranks)""", flush="""
    elif kind(3, ranks) and kind(2, ranks):
        return (5, kind(3, ranks), kind(2, ranks))"""), N_('a full house beats a flush (it is the rarer hand): rank every full house above every '
        'flush')))

mistakes('hand_rank_elif', (_ranking(flush_first='straight(ranks)', straight_first='flush')
                            .replace('def hand_rank(', 'def hand_rank_elif('),
                            _STRAIGHT_OVER_FLUSH.hint))
mistakes('hand_rank_counter', ("""
from collections import Counter
def hand_rank_counter(hand):
    ranks = sorted(('--23456789TJQKA'.index(r) for r, s in hand), reverse=True)
    if ranks == [14, 5, 4, 3, 2]:
        ranks = [5, 4, 3, 2, 1]
    groups = sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)
    counts = tuple(n for n, r in groups)
    ranks = tuple(r for n, r in groups)
    straight = len(ranks) == 5 and max(ranks) - min(ranks) == 4
    flush = len({s for r, s in hand}) == 1
    category = (8 if straight and flush else 7 if counts == (4, 1) else
                6 if counts == (3, 2) else 5 if flush else 4 if straight else
                3 if counts == (3, 1, 1) else 2 if counts == (2, 2, 1) else
                1 if counts == (2, 1, 1, 1) else 0)
    return category
""", _CATEGORY_ONLY.hint))


# --- the judge, which diagnoses by hand_rank's table (its mistakes are every ranking's) -----

def _judge_hand_rank(run):
    return judge_ranking(run, ranking_reference, describe, known('hand_rank'))


for _name in ('hand_rank', 'hand_rank_elif', 'hand_rank_counter'):
    exercise(_name, returns=N_('a ranking: a tuple that compares with other rankings'),
             error_hint=tuple_error_hint(N_('every hand given is five different cards, as a '
                                            'list or tuple of two-character strings; run your '
                                            'function on the hand named above')),
             prepare=[functools.partial(ranking_cases, ranking_reference)],
             later=[functools.partial(mistake_signature, ranking_reference, mistaken)
                    for mistaken, why, *pair in known('hand_rank')])(_judge_hand_rank)
del _name
