"""Exercises of notebook 08, Fast exact tables."""

import functools
import random

from ...cards import DECK, card_id, parse_hand
from ...fast import evaluate, exact_counts, hand_ids
from ...i18n import N_, _
from ...lazy import np
from ..judge.kit import (every_check, exercise, forbid, mistakes, short, to_python, unreadable,
                         wrong)
from .judges import fresh_seed, noted

__all__ = ['heads_up_reference']

# The exercises notebook 08 checks, in order (registry.lessons); @exercise takes no other.
CHECKS = ('pair_overtakes', 'straight_v1', 'heads_up')


# ---------------------------------------------------------------------------
# The mistakes students make, each with the hint it earns: the one home of each. The judge
# diagnoses by the rows made with diagnosed(...); tests/practice/test_mistakes.py tests them all.

OVERTAKES_COMPARE = N_('compare exact_counts(5), exact_counts(6) and exact_counts(7)')
OVERTAKES_SIZE = N_('the hand size, a whole number: 5, 6 or 7')

mistakes(
    'pair_overtakes',
    ("""
def pair_overtakes():
    return 7
""", OVERTAKES_COMPARE),
    ("""
def pair_overtakes():
    return 'six'
""", OVERTAKES_SIZE))

RANK_BY_MOD = N_("a card's rank is its id >> 2 (and its suit id & 3), not id % 13: read that "
                 "way, these cards have other ranks")
PAIR_NOT_STRAIGHT = N_('a pair is not a straight: compare the set of ranks (a 13-bit mask) with '
                       'the straight masks, not just the highest and lowest rank')
WHEEL_TOO = N_('A-2-3-4-5, the wheel, is a straight too')

_STRAIGHT_V1 = """
import numpy as np
def straight_v1(arr):
    ranks = np.sort({ranks}, axis=1)
    return {test}
"""

mistakes(
    'straight_v1',
    ('''
import numpy as np
STRAIGHTS = [0b11111 << k for k in range(9)] + [0b1000000001111]
def straight_v1(arr):
    return np.isin(np.bitwise_or.reduce(1 << (arr.astype(np.int64) % 13), axis=1), STRAIGHTS)
''', RANK_BY_MOD),
    (_STRAIGHT_V1.format(ranks='arr >> 2', test='ranks[:, 4] - ranks[:, 0] == 4'),
     PAIR_NOT_STRAIGHT),
    (_STRAIGHT_V1.format(ranks='arr >> 2', test='(ranks[:, 4] - ranks[:, 0] == 4) & '
                         '(np.diff(ranks, axis=1) != 0).all(axis=1)'),
     WHEEL_TOO))

HEADS_UP_SWAPPED = N_("these are hole2's counts: (wins, losses, ties) are those of hole1, the "
                      "first hand given, whichever hand is the favourite")
TIES = N_('a tie is neither a win nor a loss: count the boards on which the two hands rank the '
          'same as ties')
WRONG_ORDER = N_('the right counts in the wrong order: (wins, losses, ties), a win being a board '
                 'on which hole1 ranks higher')
ALL_BOARDS = N_('(wins, losses, ties) over all C(48, 5) = {n:,d} boards')

_HEADS_UP = """
import itertools
import numpy as np
from pokerlib import DECK, card_id, evaluate
def heads_up(hole1, hole2):
    rest = [card_id(c) for c in DECK if c not in hole1 + hole2]
    boards = np.array(list(itertools.combinations(rest, 5)), dtype=np.uint8)
    h1 = np.tile(np.array([card_id(c) for c in hole1], dtype=np.uint8), (len(boards), 1))
    h2 = np.tile(np.array([card_id(c) for c in hole2], dtype=np.uint8), (len(boards), 1))
    v1, v2 = evaluate(np.hstack([h1, boards])), evaluate(np.hstack([h2, boards]))
    wins, losses, ties = int((v1 > v2).sum()), int((v1 < v2).sum()), int((v1 == v2).sum())
    return {answer}
"""

mistakes(
    'heads_up',
    (_HEADS_UP.format(answer='(wins + ties, losses, 0)'),
     TIES),
    (_HEADS_UP.format(answer='(wins, ties, losses)'),
     WRONG_ORDER),
    (_HEADS_UP.format(answer='(wins, losses, ties + 1)'),
     ALL_BOARDS),
    (_HEADS_UP.format(answer='(wins, losses, ties) if wins >= losses else (losses, wins, ties)'),
     HEADS_UP_SWAPPED))


@functools.cache
def pair_overtakes_size() -> int:
    """Reference answer: the smallest hand size at which one pair is more common than high card."""
    for k in (5, 6, 7):
        counts = exact_counts(k)
        if counts['one pair'] > counts['high card']:
            return k


@exercise('pair_overtakes', takes_value=True, prepare=[pair_overtakes_size],
          returns=N_('a hand size: 5, 6 or 7'), seconds=60)
def _pair_overtakes(value):
    expected = pair_overtakes_size()
    if value == expected and not isinstance(value, bool):
        return
    raise wrong(value, expected, _(OVERTAKES_COMPARE) if isinstance(value, int) else
                _(OVERTAKES_SIZE))


STRAIGHT_MASKS = [0b11111 << k for k in range(9)] + [0b1000000001111]
"""The ten straights as 13-bit rank masks: 2-3-4-5-6 up to T-J-Q-K-A, then A-2-3-4-5."""


def rank_masks(arr):
    """Each row's ranks as a 13-bit mask: bit r for rank r (0 a deuce, 12 an ace)."""
    return np.bitwise_or.reduce(np.left_shift(1, arr.astype(np.int64) >> 2), axis=1)


def _straight_v1_hint(arr, got, expected, bad) -> str:
    """What the first wrong row shows."""
    masks = rank_masks(arr)
    row = arr[bad]
    ranks = sorted(int(c) >> 2 for c in row)
    if expected[bad]:
        what = (_(WHEEL_TOO)
                if masks[bad] == STRAIGHT_MASKS[-1]
                else _('these five ranks are consecutive: a straight'))
    elif len(set(ranks)) < 5:
        what = _(PAIR_NOT_STRAIGHT)
    else:
        what = _('these five ranks are not consecutive')
    by_mod = np.isin(np.bitwise_or.reduce(np.left_shift(1, arr.astype(np.int64) % 13), axis=1),
                     STRAIGHT_MASKS)
    if np.array_equal(got, by_mod):
        return _(RANK_BY_MOD)
    if np.array_equal(got, np.isin(masks & 0xFF, STRAIGHT_MASKS)):
        what += _("; 1 << 12 doesn't fit in a uint8: convert the ranks to a wider integer "
                  "type before shifting")
    return what


@functools.cache
def straight_v1_arrays() -> tuple:
    fixed = hand_ids([parse_hand(t) for t in ('AS 2D 3C 4H 5S', 'TS JH QD KC AS',
                                              '9C TC JC QC KC', '2S 3D 4C 5H 7S',
                                              '9S 9H TD JC QS', 'AS KH QD JC 9S',
                                              '2S 3S 4S 5S 6S', 'KS AH 2D 3C 4H')])
    rng = np.random.default_rng(8)
    shuffled = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (20_000, 1)), axis=1)
    return fixed, np.ascontiguousarray(shuffled[:, :5])


@exercise('straight_v1', prepare=[straight_v1_arrays],
          returns=N_('an array of True or False, one for each row'))
def _straight_v1(run):
    answers = []
    for arr in straight_v1_arrays():
        arr = arr.copy()
        got = run(arr, shown=f'{run.name}(arr)')
        expected = np.isin(rank_masks(arr), STRAIGHT_MASKS)
        try:
            got_array = np.asarray(got)
            ok_shape = got_array.shape == expected.shape and got_array.dtype != object
            got_array = got_array.astype(bool) if ok_shape else None
        except (TypeError, ValueError):
            got_array = None
        if got_array is None:
            raise unreadable(got, _('an array of {n:,d} True or False values, one for each '
                                    'row (hand) of the array').format(n=len(arr)))
        answers.append((arr, got_array, expected))
    # The row to show, in every array: a hand called a straight that is none first, then a
    # straight missed that is not the wheel, then the wheel (so the hint names the mistake).
    for pick in range(3):
        for arr, got_array, expected in answers:
            rows = got_array != expected
            rows &= (got_array if pick == 0 else
                     rank_masks(arr) != STRAIGHT_MASKS[-1] if pick == 1 else True)
            if not rows.any():
                continue
            bad = int(np.flatnonzero(rows)[0])
            raise wrong(bool(got_array[bad]), bool(expected[bad]),
                        _straight_v1_hint(arr, got_array, expected, bad),
                        call=_('{name}(arr), on row {row}: {cards}').format(
                            name=run.name, row=bad, cards=short(arr[bad].tolist())))


@functools.cache
def _five_of_48():
    """Every way to choose 5 of 48 positions: a (1712304, 5) uint8 array, in the order of
    itertools.combinations(range(48), 5), made a column at a time: each choice so far is
    repeated once for every position above its last that leaves room for the rest.

    >>> _five_of_48()[[0, 1, 44, -1]].tolist()
    [[0, 1, 2, 3, 4], [0, 1, 2, 3, 5], [0, 1, 2, 4, 5], [43, 44, 45, 46, 47]]
    """
    n, k = 48, 5
    combos = np.arange(n - k + 1, dtype=np.uint8)[:, None]
    for width in range(1, k):
        last = combos[:, -1].astype(np.int64)
        counts = n - k + width - last
        starts = np.cumsum(counts) - counts
        above = np.arange(counts.sum()) + np.repeat(last + 1 - starts, counts)
        combos = np.hstack([np.repeat(combos, counts, axis=0), above[:, None].astype(np.uint8)])
    return combos


def heads_up_reference(hole1, hole2) -> tuple:
    """(wins, losses, ties) of hole1 against hole2 over every board (reference answer)."""
    rest = np.array([card_id(c) for c in DECK if c not in hole1 + hole2], dtype=np.uint8)
    boards = rest[_five_of_48()]
    h1 = np.array([card_id(c) for c in hole1], dtype=np.uint8)
    h2 = np.array([card_id(c) for c in hole2], dtype=np.uint8)
    v1 = evaluate(np.hstack([np.tile(h1, (len(boards), 1)), boards]))
    v2 = evaluate(np.hstack([np.tile(h2, (len(boards), 1)), boards]))
    return int((v1 > v2).sum()), int((v1 < v2).sum()), int((v1 == v2).sum())


FRESH = {}
"""The hole cards a heads_up check is judged on, drawn just before the student's code
runs: new at every check."""


@every_check
def draw_heads_up():
    """Draw fresh hole cards for the next heads_up check."""
    FRESH['heads_up'] = _deal_two_holes()


def _deal_two_holes() -> tuple:
    """(seed, hole1, hole2): two hands of hole cards drawn with a fresh seed."""
    seed = fresh_seed()
    hole = random.Random(seed).sample(DECK, 4)
    return seed, hole[:2], hole[2:]


@exercise('heads_up', prepare=[_five_of_48, draw_heads_up], seconds=60, runs=3,
          returns=N_('three counts: (wins, losses, ties)'),
          slow_hint=N_('ranking the 1,712,304 boards one at a time takes minutes: build '
                       'the arrays of all the boards and evaluate them at once, as the '
                       'statement says'))
def _heads_up(run):
    if 'heads_up' not in FRESH:
        draw_heads_up()
    seed, hole1, hole2 = FRESH['heads_up']
    answer = run.begin(list(hole1), list(hole2))      # the student's code runs while
    expected = heads_up_reference(hole1, hole2)       # the judge works out the answer
    _judge_heads_up(answer(), expected, seed, hole1, hole2)
    while expected[0] == expected[1]:
        # a mirror deal (AS KH against AH KS): hole1's counts are hole2's, so an answer that
        # gives hole2's counts is right here; one more deal tells the two apart
        seed, hole1, hole2 = _deal_two_holes()
        expected = heads_up_reference(hole1, hole2)
        run.another_run()              # each run of hers has a time limit of its own
        _judge_heads_up(run(list(hole1), list(hole2)), expected, seed, hole1, hole2)
    wins, losses, ties = expected
    if wins > losses:
        # hole1 was the favourite: the underdog first as well, so that an answer that puts the
        # favourite first and never swaps back fails at every check
        run.another_run()
        _judge_heads_up(run(list(hole2), list(hole1)), (losses, wins, ties), seed, hole2, hole1)
    return _('right for hole cards drawn afresh at this check, over every board')


def _judge_heads_up(got, expected, seed, hole1, hole2):
    plain = to_python(got)
    if not (isinstance(plain, (tuple, list)) and len(plain) == 3
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in plain)):
        raise unreadable(got, _('three counts: (wins, losses, ties)'))
    if tuple(plain) == expected:
        return
    wins, losses, ties = expected
    if tuple(plain) == (losses, wins, ties):
        hint = _(HEADS_UP_SWAPPED)
    elif sorted(plain) == sorted(expected):
        hint = _(WRONG_ORDER)
    elif tuple(plain) in ((wins + ties, losses, 0), (wins, losses + ties, 0)):
        hint = _(TIES)
    else:
        hint = _(ALL_BOARDS).format(n=sum(expected))
    raise noted(wrong(got, expected, hint, call=f'heads_up({list(hole1)!r}, {list(hole2)!r})'),
                _('the hole cards are drawn afresh at every check (random.Random({seed})'
                  '.sample(DECK, 4) draws these again)').format(seed=seed))


# --- the course's functions that do these exercises' work under other names -------------

forbid('straight_v1', 'pokerlib.fast:evaluate', 'pokerlib.fast:categories',
       'pokerlib.ranking:straight', 'pokerlib.ranking:hand_rank',
       'pokerlib.ranking:hand_rank_elif', 'pokerlib.fast:_ranking', 'pokerlib.fast:_evaluate',
       'pokerlib.holdem:hand_rank_ids')
forbid('heads_up', 'pokerlib.holdem:showdown')
