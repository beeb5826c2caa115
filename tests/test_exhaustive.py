"""Every one of the 2,598,960 five-card hands, through both versions of hand_rank."""

from collections import Counter
from math import comb

from pokerlib import EXACT_COUNTS, HAND_NAMES, category_name

# The published table, written out here so that the test does not trust the library's copy.
KNOWN = {'straight flush': 40, 'four of a kind': 624, 'full house': 3_744,
         'flush': 5_108, 'straight': 10_200, 'three of a kind': 54_912,
         'two pair': 123_552, 'one pair': 1_098_240, 'high card': 1_302_540}


def test_every_hand_was_scanned(all_five_card_rankings):
    assert sum(all_five_card_rankings.values()) == comb(52, 5) == 2_598_960


def test_both_versions_order_every_pair_of_hands_alike(all_five_card_rankings):
    # Two rankings order all hands alike exactly when the map between their
    # distinct values is one-to-one and increasing.
    pairs = list(all_five_card_rankings)
    old_values = {old for old, new in pairs}
    new_values = {new for old, new in pairs}
    assert len(pairs) == len(old_values) == len(new_values)
    assert len(pairs) == 7462    # the number of distinct five-card hand values
    by_old = [new for old, new in sorted(pairs)]
    assert by_old == sorted(new_values)


def test_category_counts_match_the_known_table(all_five_card_rankings):
    counts = Counter()
    for (old, new), n in all_five_card_rankings.items():
        counts[category_name(new[0])] += n
    assert counts == KNOWN == EXACT_COUNTS[5]
    assert list(EXACT_COUNTS[5]) == list(HAND_NAMES[:9])   # low to high


def test_the_elif_version_gives_the_same_categories(all_five_card_rankings):
    old_category = {8: 'straight flush'}
    counts = Counter()
    for (old, new), n in all_five_card_rankings.items():
        counts[old_category.get(old[0]) or HAND_NAMES[old[0]]] += n
    assert counts == KNOWN
