"""Shared fixtures: the exhaustive scan of all 2,598,960 five-card hands."""

import itertools
import multiprocessing
from collections import Counter

import numpy as np
import pytest
from hypothesis import settings

# Property tests explore the same examples on every run, so the suite cannot flake.
settings.register_profile('pokerlib', derandomize=True, deadline=None)
settings.load_profile('pokerlib')

from pokerlib import DECK, evaluate, hand_rank, hand_rank_elif
from pokerlib.teaching import freeze   # hand_rank_elif puts lists in its tuples


def scan_first_card(i):
    """Counter of (elif ranking, final ranking, fast value) over hands whose first card is DECK[i]."""
    first = DECK[i]
    rankings = []
    for rest in itertools.combinations(DECK[i + 1:], 4):
        hand = (first,) + rest
        rankings.append((freeze(hand_rank_elif(hand)), hand_rank(hand)))
    # The same hands, in the same order, as card ids (DECK[id] is the card).
    rest = np.fromiter(itertools.chain.from_iterable(
        itertools.combinations(range(i + 1, 52), 4)), dtype=np.uint8).reshape(-1, 4)
    ids = np.column_stack([np.full(len(rest), i, dtype=np.uint8), rest])
    values = evaluate(ids).tolist()
    return Counter((old, new, fast) for (old, new), fast in zip(rankings, values))


@pytest.fixture(scope='session')
def all_five_card_rankings():
    """Counter of (elif ranking, final ranking, fast value) triples over every five-card hand.

    The 48 slices (by first card) are scanned on every core this machine has.
    """
    evaluate([[0, 1, 2, 3, 4]])   # build the fast tables once, before the fork
    with multiprocessing.get_context('fork').Pool() as pool:
        parts = pool.map(scan_first_card, range(48), chunksize=1)
    total = Counter()
    for part in parts:
        total.update(part)
    return total
