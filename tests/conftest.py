"""Shared fixtures: the exhaustive scan of all 2,598,960 five-card hands."""

import itertools
import multiprocessing
from collections import Counter

import pytest

from pokerlib import DECK, hand_rank, hand_rank_elif


def freeze(x):
    """A hashable copy of a ranking (hand_rank_elif puts lists in its tuples)."""
    return tuple(map(freeze, x)) if isinstance(x, (list, tuple)) else x


def scan_first_card(i):
    """Counter of (elif ranking, final ranking) over hands whose first card is DECK[i]."""
    first = DECK[i]
    out = Counter()
    for rest in itertools.combinations(DECK[i + 1:], 4):
        hand = (first,) + rest
        out[freeze(hand_rank_elif(hand)), hand_rank(hand)] += 1
    return out


@pytest.fixture(scope='session')
def all_five_card_rankings():
    """Counter of (elif ranking, final ranking) pairs over every five-card hand.

    The 48 slices (by first card) are scanned on every core this machine has.
    """
    with multiprocessing.get_context('fork').Pool() as pool:
        parts = pool.map(scan_first_card, range(48), chunksize=1)
    total = Counter()
    for part in parts:
        total.update(part)
    return total
