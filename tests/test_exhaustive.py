"""Every one of the 2,598,960 five-card hands, through both versions of hand_rank and the fast evaluator."""

from collections import Counter
from math import comb

from pokerlib import (EXACT_COUNTS, HAND_NAMES, NUM_VALUES, categories,
                      category_name)

# The published table, written out here so that the test does not trust the library's copy.
KNOWN = {'straight flush': 40, 'four of a kind': 624, 'full house': 3_744,
         'flush': 5_108, 'straight': 10_200, 'three of a kind': 54_912,
         'two pair': 123_552, 'one pair': 1_098_240, 'high card': 1_302_540}


def one_to_one_increasing(pairs) -> bool:
    """Do two rankings order all hands alike? Yes, exactly when the map between
    their distinct values (given as the distinct (a, b) pairs) is one-to-one and
    increasing."""
    a_values = {a for a, b in pairs}
    b_values = {b for a, b in pairs}
    one_to_one = len(pairs) == len(a_values) == len(b_values)
    return one_to_one and [b for a, b in sorted(pairs)] == sorted(b_values)


def test_every_hand_was_scanned(all_five_card_rankings):
    assert sum(all_five_card_rankings.values()) == comb(52, 5) == 2_598_960


def test_both_versions_order_every_pair_of_hands_alike(all_five_card_rankings):
    pairs = {(old, new) for old, new, fast in all_five_card_rankings}
    assert one_to_one_increasing(pairs)
    assert len(pairs) == 7462    # the number of distinct five-card hand values


def test_the_fast_evaluator_orders_every_pair_of_hands_as_hand_rank(all_five_card_rankings):
    pairs = {(new, fast) for old, new, fast in all_five_card_rankings}
    assert one_to_one_increasing(pairs)
    assert {fast for new, fast in pairs} == set(range(NUM_VALUES))   # 0..7461, no gaps
    assert len(all_five_card_rankings) == NUM_VALUES


def test_the_fast_evaluator_gives_the_same_categories(all_five_card_rankings):
    for old, new, fast in all_five_card_rankings:
        assert HAND_NAMES[categories(fast)] == category_name(new[0])


def test_category_counts_match_the_known_table(all_five_card_rankings):
    counts = Counter()
    for (old, new, fast), n in all_five_card_rankings.items():
        counts[category_name(new[0])] += n
    assert counts == KNOWN == EXACT_COUNTS[5]
    assert list(EXACT_COUNTS[5]) == list(HAND_NAMES[:9])   # low to high


def test_the_elif_version_gives_the_same_categories(all_five_card_rankings):
    old_category = {8: 'straight flush'}
    counts = Counter()
    for (old, new, fast), n in all_five_card_rankings.items():
        counts[old_category.get(old[0]) or HAND_NAMES[old[0]]] += n
    assert counts == KNOWN
