"""Every one of the 2,598,960 five-card hands: both versions of hand_rank and the fast evaluator.

Both versions of hand_rank look at a hand only through its ranks (in any
order) and whether it is a flush (read their code; the invariance tests in
test_ranking.py check it on many hands). So the 7,462 classes of
pokerlib.classes, one hand from each with its size, stand for every hand:
comparing the versions on them compares them on every hand. The fast
evaluator is checked on every hand itself, with NumPy, against the value of
its class computed here without pokerlib.fast. The hand-by-hand Python scan
of all 2,598,960 hands is a slow test (`make test-slow`).
"""

import itertools
import multiprocessing
from collections import Counter
from math import comb

import numpy as np
import pytest

from pokerlib import (DECK, EXACT_COUNTS, HAND_NAMES, NUM_VALUES, categories,
                      category_name, evaluate, hand_classes, hand_rank,
                      hand_rank_elif)
from pokerlib.teaching import freeze   # hand_rank_elif puts lists in its tuples

# The published table, written out here so that the test does not trust the library's copy.
KNOWN = {'straight flush': 40, 'four of a kind': 624, 'full house': 3_744,
         'flush': 5_108, 'straight': 10_200, 'three of a kind': 54_912,
         'two pair': 123_552, 'one pair': 1_098_240, 'high card': 1_302_540}


def one_to_one_increasing(pairs) -> bool:
    """Do two rankings order all hands alike? Yes, exactly when the map between
    their distinct values (given as the distinct (a, b) pairs) is one-to-one and
    increasing."""
    pairs = set(pairs)
    a_values = {a for a, b in pairs}
    b_values = {b for a, b in pairs}
    one_to_one = len(pairs) == len(a_values) == len(b_values)
    return one_to_one and [b for a, b in sorted(pairs)] == sorted(b_values)


@pytest.fixture(scope='module')
def classes():
    """(elif ranking, final ranking, fast value, size) for each of the 7,462 classes."""
    hands = [hand for hand, n in hand_classes()]
    ids = np.array([[DECK.index(c) for c in hand] for hand in hands], dtype=np.uint8)
    return [(freeze(hand_rank_elif(hand)), hand_rank(hand), int(value), n)
            for (hand, n), value in zip(hand_classes(), evaluate(ids))]


def class_key(ids) -> np.ndarray:
    """For card ids (n, 5): a number naming each hand's class: its ranks, sorted, and flush or not.

    Written without pokerlib, so that the comparison with evaluate means something.
    """
    ranks = np.sort(ids >> 2, axis=1).astype(np.int64)
    suits = ids & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    return (ranks * 13 ** np.arange(5)).sum(axis=1) * 2 + flush


def test_the_classes_cover_every_hand_exactly_once(classes):
    assert sum(n for *_, n in classes) == comb(52, 5) == 2_598_960
    assert len(classes) == 7_462


def test_both_versions_order_every_pair_of_hands_alike(classes):
    assert one_to_one_increasing((old, new) for old, new, fast, n in classes)
    assert len({new for old, new, fast, n in classes}) == 7_462   # each class its own ranking


def test_the_fast_evaluator_orders_the_classes_as_hand_rank(classes):
    assert one_to_one_increasing((new, fast) for old, new, fast, n in classes)
    assert sorted(fast for *_, fast, n in classes) == list(range(NUM_VALUES))   # 0..7461, no gaps


@pytest.mark.slow
def test_the_fast_evaluator_gives_every_hand_the_value_of_its_class(classes):
    """All 2,598,960 hands, one array: evaluate(hand) is the value of hand's class."""
    hands = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                        dtype=np.uint8, count=5 * comb(52, 5)).reshape(-1, 5)
    reps = np.array([[DECK.index(c) for c in hand] for hand, n in hand_classes()], dtype=np.uint8)
    value_of = dict(zip(class_key(reps).tolist(), (fast for *_, fast, n in classes)))
    keys, inverse, sizes = np.unique(class_key(hands), return_inverse=True, return_counts=True)
    assert len(keys) == 7_462
    assert dict(zip(keys.tolist(), sizes.tolist())) == \
        dict(zip(class_key(reps).tolist(), (n for *_, n in classes)))
    expected = np.array([value_of[k] for k in keys.tolist()], dtype=np.int16)[inverse]
    assert np.array_equal(evaluate(hands), expected)


def test_category_counts_match_the_known_table(classes):
    counts, old_counts, fast_counts = Counter(), Counter(), Counter()
    for old, new, fast, n in classes:
        counts[category_name(new[0])] += n
        old_counts[category_name(old[0], 'hand_rank_elif')] += n
        fast_counts[category_name(int(categories([fast])[0]), 'index')] += n
    assert counts == old_counts == fast_counts == KNOWN == EXACT_COUNTS[5]
    assert list(EXACT_COUNTS[5]) == list(HAND_NAMES[:9])   # low to high


# ---------------------------------------------------------------------------
# The same, hand by hand, in Python (slow: `make test-slow`).

def scan_first_card(i):
    """Counter of (elif ranking, final ranking) over hands whose first card is DECK[i]."""
    return Counter((freeze(hand_rank_elif((DECK[i],) + rest)), hand_rank((DECK[i],) + rest))
                   for rest in itertools.combinations(DECK[i + 1:], 4))


@pytest.mark.slow   # every hand one by one in Python: about half a minute on 2 cores
def test_hand_by_hand_both_versions_order_every_hand_alike(classes):
    with multiprocessing.get_context('fork').Pool() as pool:
        parts = pool.map(scan_first_card, range(48), chunksize=1)
    total = sum(parts, Counter())
    assert sum(total.values()) == comb(52, 5)
    assert one_to_one_increasing(total)
    by_class = Counter({(old, new): n for old, new, fast, n in classes})
    assert total == by_class      # each class's size is the number of hands with its rankings
