"""Notebook 08's exercises: pair_overtakes, the vectorised straight test (any array-like of
booleans), exact heads-up odds (a tuple, a list or an array of counts)."""

import itertools

import numpy as np
import pytest

from pokerlib import DECK, evaluate, exact_counts

from practice_support import lesson_tests

MASKS = [0b11111 << k for k in range(9)] + [0b1000000001111]


def straight_masks(arr):
    masks = np.bitwise_or.reduce(1 << (arr.astype(np.int64) >> 2), axis=1)
    return np.isin(masks, MASKS)


def straight_sorted(arr):
    ranks = np.sort(arr >> 2, axis=1).astype(int)
    distinct = (np.diff(ranks, axis=1) > 0).all(axis=1)
    wheel = (ranks == [0, 1, 2, 3, 12]).all(axis=1)
    return (distinct & (ranks[:, 4] - ranks[:, 0] == 4)) | wheel


def straight_rows(arr):
    out = []
    for row in arr:
        ranks = sorted(int(c) >> 2 for c in row)
        out.append(len(set(ranks)) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12]))
    return out


def straight_uint8_shift(arr):
    masks = np.bitwise_or.reduce(np.left_shift(np.uint8(1), arr >> 2), axis=1)
    return np.isin(masks, MASKS)


def heads_up_arrays(hole1, hole2, as_type=tuple):
    ids = {card: i for i, card in enumerate(DECK)}
    rest = np.array([ids[c] for c in DECK if c not in hole1 + hole2], dtype=np.uint8)
    positions = itertools.chain.from_iterable(itertools.combinations(range(len(rest)), 5))
    boards = rest[np.fromiter(positions, dtype=np.uint8).reshape(-1, 5)]

    def values(hole):
        holes = np.tile(np.array([ids[c] for c in hole], dtype=np.uint8), (len(boards), 1))
        return evaluate(np.hstack([holes, boards]))
    v1, v2 = values(hole1), values(hole2)
    counts = (v1 > v2).sum(), (v1 < v2).sum(), (v1 == v2).sum()
    return as_type(counts) if as_type is not np.array else np.array(counts)


def pair_overtakes_loop():
    for k in (5, 6, 7):
        counts = exact_counts(k)
        if counts['one pair'] > counts['high card']:
            return k


RIGHT = [
    ('pair_overtakes', lambda: 6), ('pair_overtakes', 6), ('pair_overtakes', pair_overtakes_loop),
    ('straight_v1', straight_masks), ('straight_v1', straight_sorted), ('straight_v1', straight_rows),
]
SLOW_RIGHT = [
    ('heads_up', heads_up_arrays),
    ('heads_up', lambda h1, h2: heads_up_arrays(h1, h2, list)),
    ('heads_up', lambda h1, h2: heads_up_arrays(h1, h2, np.array)),
]

WRONG = [
    ('pair_overtakes', lambda: 7, 'fail', 'exact_counts(6)'),
    ('pair_overtakes', lambda: 5, 'fail', 'exact_counts(5)'),
    ('pair_overtakes', lambda: 'six', 'fail', 'a whole number'),
    ('pair_overtakes', lambda: True, 'fail', 'returned: True'),
    ('pair_overtakes', lambda: None if exact_counts(5) else 6, 'fail', 'returned: None'),
    ('straight_v1', straight_uint8_shift, 'fail', "doesn't fit in a uint8"),
    ('straight_v1', lambda arr: (arr >> 2).max(axis=1) - (arr >> 2).min(axis=1) == 4, 'fail',
     'a pair is not a straight'),
    ('straight_v1', lambda arr: np.isin(np.bitwise_or.reduce(1 << (arr.astype(np.int64) >> 2), axis=1),
                                        MASKS[:9]), 'fail', 'the wheel'),
    ('straight_v1', lambda arr: np.isin(np.bitwise_or.reduce(1 << (arr.astype(np.int64) % 13), axis=1),
                                        MASKS), 'fail', 'straight_v1(arr), on row', 'not id % 13'),
    ('straight_v1', lambda arr: straight_masks(arr)[0], 'fail', 'one for each row'),
    ('straight_v1', lambda arr: arr.sort(axis=1) or straight_masks(arr), 'fail',
     'changed the array it was given'),
    ('heads_up', lambda h1, h2: 'AA wins 80%', 'fail', 'three counts'),
    ('heads_up', lambda h1, h2: (1, 2), 'fail', 'three counts'),
    ('heads_up', lambda h1, h2: None, 'todo', 'not written yet'),
    ('heads_up', lambda h1, h2: [0.8, 0.2, 0.0], 'fail', 'over all C(48, 5)'),
    ('heads_up', lambda h1, h2: h1.clear(), 'fail', 'changed the list it was given'),
]
SLOW_WRONG = [
    ('heads_up', lambda h1, h2: heads_up_arrays(h2, h1), 'fail', "these are hole2's counts"),
    ('heads_up', lambda h1, h2: (lambda w, l, t: (w + t, l, 0))(*heads_up_arrays(h1, h2)), 'fail',
     'a tie is neither a win nor a loss'),
]


(test_right_versions_pass, test_wrong_versions_fail_and_say_why,
 test_every_exercise_here_has_three_right_and_five_wrong_versions) = lesson_tests(RIGHT, WRONG, SLOW_RIGHT, SLOW_WRONG)


@pytest.mark.slow
def test_a_heads_up_that_never_ends_is_named_in_the_report(monkeypatch):
    # The judge works out the answer while the student's function runs (run.begin): a
    # function still running at the limit gets the report that names its call.
    import time
    from pokerlib.practice import check, kernel

    def heads_up(hole1, hole2):
        while True:
            time.sleep(0.05)
    monkeypatch.setattr(kernel, 'AT_MOST', 1.5)
    report = check(heads_up)
    assert report.status == 'slow' and 'heads_up([' in str(report), str(report)


@pytest.mark.slow
def test_hole2s_counts_fail_even_when_the_first_deal_is_a_mirror(monkeypatch):
    # AS KH against AH KS: hole1 wins on as many boards as hole2 does, so hole2's counts are
    # right for this deal; the judge deals once more and the swapped answer fails there.
    from pokerlib.practice.exercises import lesson08
    from pokerlib.practice.judge.kit import Mismatch
    mirror = (['AS', 'KH'], ['AH', 'KS'])
    wins, losses, _ = lesson08.heads_up_reference(*mirror)
    assert wins == losses
    monkeypatch.setitem(lesson08.FRESH, 'heads_up', (0, *mirror))
    seeds = iter([21, 22, 23, 24])
    monkeypatch.setattr(lesson08, 'fresh_seed', lambda: next(seeds))

    class Run:                      # the judge's side of a check, in this process
        name, last_call = 'heads_up', None

        def __init__(self, function):
            self.function = function

        def __call__(self, hole1, hole2, shown=None):
            return self.function(hole1, hole2)

        def begin(self, hole1, hole2):
            return lambda: self.function(hole1, hole2)

        def another_run(self):      # (a fresh time limit: none here)
            pass
    with pytest.raises(Mismatch) as raised:
        lesson08._heads_up(Run(lambda h1, h2: lesson08.heads_up_reference(h2, h1)))
    assert "hole2's counts" in dict(raised.value.details)['hint']
    assert 'Random(21)' in str(dict(raised.value.details)['note'])
    lesson08._heads_up(Run(lesson08.heads_up_reference))       # the right answer still passes
