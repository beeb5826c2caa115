"""The fast evaluator: seven-card hands, every hand of 5, 6 (and 7) cards, bad input.

Five-card hands are checked against hand_rank one by one, all 2,598,960 of
them, in test_exhaustive.py. Here: seven (and six) cards against best_hand,
the enumeration against published tables, and errors.
"""

import itertools
import random
from collections import Counter
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

from pokerlib import (DECK, HAND_NAMES, NUM_VALUES, PokerError, best_hand,
                      categories, evaluate, exact_counts,
                      fast_hand_frequencies, frequency_table, hand_ids,
                      hand_rank, id_hands, parse_hand)
from pokerlib.fast import _tally

# Published tables (high card first), written out so as not to trust the library's copies.
KNOWN = {
    5: [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40],
    6: [6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984,
        14_664, 1_844],
    7: [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644,
        3_473_184, 224_848, 41_584],
}


def random_hands(n, k, seed) -> np.ndarray:
    """n random hands of k distinct card ids: the first k cards of n shuffled decks."""
    rng = np.random.default_rng(seed)
    return rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (n, 1)), axis=1)[:, :k]


def best_of_fives(hands) -> np.ndarray:
    """The 21-combination way, built on the five-card evaluator (itself checked
    against hand_rank on every hand): the best value of the 5-card sub-hands."""
    k = hands.shape[1]
    return np.max([evaluate(hands[:, list(five)])
                   for five in itertools.combinations(range(k), 5)], axis=0)


def one_to_one_increasing(pairs) -> bool:
    """Do the distinct (a, b) pairs make a one-to-one, increasing map from a to b?
    Then a and b order the hands alike, ties included."""
    pairs = sorted(set(pairs))
    a_values = [a for a, b in pairs]
    b_values = [b for a, b in pairs]
    return (len(set(a_values)) == len(pairs)
            and all(b1 < b2 for b1, b2 in zip(b_values, b_values[1:])))


def ids(text) -> list:
    """The card ids of a hand written as text."""
    return hand_ids([parse_hand(text)])[0].tolist()


# ---------------------------------------------------------------------------
# Hands we know.

def test_hands_in_order_best_first():
    hands = ['AS KS QS JS TS', '5C 4C 3C 2C AC', 'AS AH AD AC KS',
             '2S 2H 2D AC AS', 'AS QS 9S 5S 3S', '7C 5C 4C 3C 2C',
             'AS KH QD JC TS', '6S 5H 4D 3C 2S', '5S 4H 3D 2C AS',
             'AS AH AD KC QS', 'AS AH KD KC QS', 'AS AH KD QC JS',
             'AS KH QD JC 9S', '7S 5H 4D 3C 2S']
    values = evaluate(hand_ids([parse_hand(h) for h in hands]))
    assert list(values) == sorted(values, reverse=True)
    assert len(set(values.tolist())) == len(hands)
    assert values[-1] == 0 and values[0] == NUM_VALUES - 1
    names = [HAND_NAMES[c] for c in categories(values)]
    assert names == ['straight flush'] * 2 + ['four of a kind', 'full house'] + \
        ['flush'] * 2 + ['straight'] * 3 + ['three of a kind', 'two pair',
                                            'one pair'] + ['high card'] * 2


def test_the_wheel_is_the_lowest_straight_and_straight_flush():
    wheel, six_high = evaluate(hand_ids([parse_hand('AS 2H 3D 4C 5S'),
                                         parse_hand('2S 3H 4D 5C 6S')]))
    assert six_high == wheel + 1
    steel, six_sf = evaluate(hand_ids([parse_hand('AS 2S 3S 4S 5S'),
                                       parse_hand('2S 3S 4S 5S 6S')]))
    assert six_sf == steel + 1
    assert HAND_NAMES[categories([steel - 1])[0]] == 'four of a kind'   # aces, king kicker


def test_ties_in_seven_cards():
    # The board plays: both hands are the broadway straight on the table.
    board = 'TS JH QD KC AS'
    a, b = evaluate(hand_ids([parse_hand(board + ' 2H 3H'), parse_hand(board + ' 2D 4C')]))
    assert a == b
    # A flush on the board, and one player holds a higher card of the suit.
    board = '2H 5H 9H JH KH'
    a, b = evaluate(hand_ids([parse_hand(board + ' AH 3C'), parse_hand(board + ' 3D 4C')]))
    assert a > b


def test_six_and_seven_cards_take_the_best_five():
    for text in ['AS AH AD AC KS KH KD', '2S 3S 4S 5S 6S 7S 8S',
                 'AS 2S 3S 4S 5S 6H 7D', 'TD TC TH 7C 7D 8C 8S',
                 '2S 2H 3D 3C 4S 4H 5D', '9S 9H 9D 8C 8S 8H 2D',
                 'AH 2C 3D 4S 6H 7C 8D', 'AH KH QH JH 9H 8H 2S']:
        cards = parse_hand(text)
        for k in (6, 7):
            hand = cards[:k]
            assert evaluate(hand_ids([hand]))[0] == evaluate(hand_ids([best_hand(hand)]))[0]


# ---------------------------------------------------------------------------
# Random hands of seven (and six) cards.

@pytest.mark.slow      # about a second: the slow tier keeps make test under a minute
def test_seven_cards_order_as_hand_rank_of_best_hand():
    # 5,000 seeded hands, checked directly (best_hand tries all 21 fives); the
    # 1,000,000-hand test below checks many more against the five-card evaluator.
    hands = random_hands(5_000, 7, seed=1)
    values = evaluate(hands).tolist()
    rankings = [hand_rank(best_hand(hand)) for hand in id_hands(hands)]
    assert one_to_one_increasing(zip(rankings, values))
    assert len(set(values)) > 1500   # many distinct values, so the check has teeth


def test_six_cards_order_as_hand_rank_of_best_hand():
    hands = random_hands(5_000, 6, seed=2)
    values = evaluate(hands).tolist()
    rankings = [hand_rank(best_hand(hand)) for hand in id_hands(hands)]
    assert one_to_one_increasing(zip(rankings, values))


@pytest.mark.parametrize('k, n, seed', [(7, 200_000, 3), (6, 100_000, 4)])
def test_many_hands_equal_the_best_of_their_five_card_hands(k, n, seed):
    # Many random hands, checked against the 21-combination way on the five-card
    # evaluator; equal values, so equal order and equal ties.
    hands = random_hands(n, k, seed)
    assert np.array_equal(evaluate(hands), best_of_fives(hands))


def test_order_of_cards_and_names_of_suits_do_not_matter():
    rng = np.random.default_rng(5)
    hands = random_hands(100_000, 7, seed=5)
    values = evaluate(hands)
    shuffled = rng.permuted(hands, axis=1)
    suits = rng.permutation(4)
    relabelled = (hands >> 2 << 2) | suits[hands & 3]   # same ranks, suits renamed
    assert np.array_equal(evaluate(shuffled), values)
    assert np.array_equal(evaluate(relabelled), values)
    assert np.array_equal(evaluate(hands.astype(np.int64)), values)


def test_values_and_categories_of_random_hands():
    hands = random_hands(100_000, 7, seed=6)
    values = evaluate(hands)
    assert values.dtype == np.int16 and values.shape == (100_000,)
    assert 0 <= values.min() and values.max() < NUM_VALUES
    cats = categories(values)
    assert np.all(np.diff(cats[np.argsort(values, kind='stable')]) >= 0)  # categories rise with values


# ---------------------------------------------------------------------------
# Every hand.

@pytest.mark.parametrize('cards', [5, 6])
def test_exact_counts_match_the_published_table(cards):
    counts = exact_counts(cards)
    assert list(counts) == list(HAND_NAMES[:9])
    assert list(counts.values()) == KNOWN[cards]
    assert sum(counts.values()) == comb(52, cards)


@pytest.mark.parametrize('top', [(51, 47), (50, 49), (44, 40), (30, 11), (6, 5)])
def test_a_slice_of_the_seven_card_enumeration(top):
    # exact_counts(7) adds up such slices: all hands whose two highest card ids
    # are `top`. Here each slice is checked against evaluate on the hands
    # themselves, listed by itertools.
    below = top[-1]
    rest = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(below), 5)),
                       dtype=np.uint8).reshape(-1, 5)
    hands = np.column_stack([np.full((len(rest), 2), top, dtype=np.uint8), rest])
    expected = np.bincount(evaluate(hands), minlength=NUM_VALUES)
    assert np.array_equal(_tally(7, top), expected)
    assert expected.sum() == comb(below, 5)


def test_a_slice_of_the_six_card_enumeration():
    rest = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(51), 5)),
                       dtype=np.uint8).reshape(-1, 5)
    hands = np.column_stack([np.full(len(rest), 51, dtype=np.uint8), rest])
    assert np.array_equal(_tally(6, (51,)), np.bincount(evaluate(hands), minlength=NUM_VALUES))


def test_exact_counts_of_all_seven_card_hands():
    counts = exact_counts(7)
    assert list(counts) == list(HAND_NAMES[:9])
    assert list(counts.values()) == KNOWN[7]


def test_exact_counts_with_a_progress_bar(capsys):
    assert list(exact_counts(5, progress=True).values()) == KNOWN[5]
    assert '2.60M' in capsys.readouterr().err


# ---------------------------------------------------------------------------
# Monte Carlo.

@pytest.mark.parametrize('cards', [5, 7])
def test_fast_hand_frequencies_are_within_eight_standard_deviations(cards):
    # Seeded, so it cannot flake; eight standard deviations would be a real bug.
    counts = fast_hand_frequencies(700_000, np.random.default_rng(2026), cards=cards)
    assert list(counts) == list(HAND_NAMES[:9])
    assert sum(counts.values()) == 700_000
    table = frequency_table(counts, cards)
    assert table['z'].abs().max() < 8


def test_fast_hand_frequencies_repeat_with_the_same_seed():
    a = fast_hand_frequencies(10_000, np.random.default_rng(7), cards=7)
    b = fast_hand_frequencies(10_000, np.random.default_rng(7), cards=7)
    c = fast_hand_frequencies(10_000, np.random.default_rng(8), cards=7)
    assert a == b != c


def test_fast_hand_frequencies_of_nothing_and_of_six_cards():
    assert sum(fast_hand_frequencies(0, np.random.default_rng(1)).values()) == 0
    assert sum(fast_hand_frequencies(999, np.random.default_rng(1), cards=6).values()) == 999


@pytest.mark.parametrize('kwargs, words', [
    (dict(n=10, rng=random.Random(1)), ['numpy.random.Generator', 'default_rng']),
    (dict(n=-1), ['-1']), (dict(n=1.5), ['1.5']),
    (dict(n=10, cards=8), ['8'])])
def test_fast_hand_frequencies_bad_arguments(kwargs, words):
    with pytest.raises(PokerError) as e:
        fast_hand_frequencies(**kwargs)
    assert all(w in str(e.value) for w in words)


# ---------------------------------------------------------------------------
# Converting, and bad input.

def test_hand_ids_and_id_hands_are_inverses():
    hands = [list(h) for h in itertools.islice(itertools.combinations(DECK, 7), 0, 10_000, 97)]
    assert id_hands(hand_ids(hands)) == hands
    assert hand_ids([]).shape == (0, 5)
    assert evaluate(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize('hands, words', [
    ('AS KS QS JS TS', ['list of hands']),
    (['AS', 'KS', 'QS', 'JS', 'TS'], ['hand_ids([[']),
    ([['AS', 'KS', 'QS', 'JS', 'TS'], ['AH', 'KH', 'QH', 'JH']], ['hand 1', '4']),
    ([['AS', 'KS', 'QS', 'JS', 'AS']], ['hand 0', "'AS'"]),
    ([['AS', 'KS', 'QS', 'JS', '10S']], ['hand 0', "'10S'"])])
def test_hand_ids_names_the_bad_hand(hands, words):
    with pytest.raises(PokerError) as e:
        hand_ids(hands)
    assert all(w in str(e.value) for w in words)


@pytest.mark.parametrize('cards, words', [
    ([0, 1, 2, 3, 4], ['shape (5,)', 'one hand']),
    (np.zeros((3, 4), dtype=int), ['shape (3, 4)']),
    (np.zeros((3, 8), dtype=int), ['shape (3, 8)']),
    (np.zeros((2, 3, 5), dtype=int), ['shape (2, 3, 5)']),
    ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 52]], ['row 1', '52']),
    ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [-1, 1, 2, 3, 4]], ['row 2', '-1']),
    (np.array([[0, 1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 2**40]]), ['row 1', str(2**40)]),
    ([[0, 1, 2, 3, 4, 5, 6], [7, 8, 9, 7, 11, 12, 13]], ['row 1', 'card id 7', '3C']),
    ([[51, 51, 0, 1, 2]], ['row 0', 'card id 51', 'AC']),
    ([[0.0, 1.0, 2.0, 3.0, 4.0]], ['float64']),
    ([[True, False, True, False, True]], ['bool']),
    ([['AS', 'KS', 'QS', 'JS', 'TS']], ['hand_ids']),
    ([[0, 1, 2, 3, None]], ['object'])])
def test_evaluate_names_what_is_wrong(cards, words):
    with pytest.raises(PokerError) as e:
        evaluate(cards)
    assert all(w in str(e.value) for w in words), str(e.value)


@pytest.mark.parametrize('values, words', [
    ([0, 7462], ['7462']), ([-3], ['-3']), ([1.0], ['float64'])])
def test_categories_names_a_bad_value(values, words):
    with pytest.raises(PokerError) as e:
        categories(values)
    assert all(w in str(e.value) for w in words)


@st.composite
def card_arrays(draw):
    """Arrays of many shapes and integer types, mostly of good card ids."""
    dtype = draw(st.sampled_from([np.int8, np.uint8, np.int16, np.int64, np.uint64]))
    low = 0 if np.dtype(dtype).kind == 'u' else -3
    shape = draw(st.one_of(st.tuples(st.integers(0, 6), st.sampled_from([5, 6, 7])),
                           hnp.array_shapes(min_dims=1, max_dims=3, max_side=8)))
    return draw(hnp.arrays(dtype, shape, elements=st.one_of(
        st.integers(0, 51), st.integers(low, 60))))


@settings(max_examples=100, deadline=None)
@given(card_arrays())
def test_evaluate_returns_values_or_raises_poker_error(cards):
    # Never an IndexError or the like: either values, or a PokerError.
    try:
        values = evaluate(cards)
    except PokerError:
        return
    assert values.shape == (cards.shape[0],)
    assert np.array_equal(values, best_of_fives(cards))


def test_id_hands_checks_its_input():
    with pytest.raises(PokerError, match='row 0: card id 60'):
        id_hands([[0, 1, 2, 3, 60]])
    assert Counter(id_hands([[48, 49, 50, 51, 44]])[0]) == Counter(parse_hand('AS AH AD AC KS'))


def test_numpy_is_imported_only_when_first_used():
    """Lessons 1 to 3 never use NumPy, so `import pokerlib` must not import it (a tenth of a
    second of every notebook's start); pokerlib.lazy's np imports it at its first use."""
    import subprocess
    import sys
    code = ('import sys, random\n'
            'from pokerlib import poker, deal, hand_rank, parse_hand, hand_name\n'
            'from pokerlib.practice import check\n'
            'hand_name(parse_hand("AS AH AD AC ?B")); poker(deal(4, rng=random.Random(1)))\n'
            'before = "numpy" in sys.modules\n'
            'from pokerlib import evaluate, hand_ids\n'
            'print(before, "numpy" in sys.modules, evaluate(hand_ids([parse_hand("AS KS QS JS TS")]))[0])\n')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ['False', 'False', '7461'], out.stdout + out.stderr
