"""Whatever a person passes, pokerlib's poker functions answer or raise PokerError.

Never an IndexError, KeyError, TypeError or ZeroDivisionError from deep
inside, and never a wrong answer because an argument was an iterator (read
once by the check, then found empty) or a NumPy integer (which wraps around
in arithmetic). The helpers the notebooks teach (group, unzip, allmax,
swap, same, same_order, per_second, source) are in too: their checks sit
at the boundary, outside the lecture's code that source() shows.
"""

import functools
import random

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import pokerlib
from pokerlib import DECK, PokerError
from pokerlib import holdem, versus

LONG = 'X' * 2_000    # a token far too long to quote whole

junk = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.floats(allow_nan=True),
    st.text(max_size=6), st.sampled_from(DECK + ['?B', '?R', '10C', 'as']),
    st.lists(st.sampled_from(DECK + ['?B', 'XX', '']), max_size=8),
    st.lists(st.integers(-2, 60), max_size=8),
    st.lists(st.lists(st.sampled_from(DECK), max_size=6), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(0, 9), max_size=3),
    st.just(random.Random(1)), st.sampled_from(list(pokerlib.SHUFFLERS)),
    # What slipped through before: NumPy integers and arrays, whole floats,
    # iterators, empty arrays, and tokens too long to quote.
    st.builds(np.uint8, st.integers(0, 255)), st.builds(np.int64, st.integers(-3, 60)),
    st.builds(np.uint32, st.integers(0, 60)), st.builds(np.uint64, st.integers(0, 60)),
    st.sampled_from([5.0, 6.0, 0.0, 1e-17]),
    st.builds(np.array, st.lists(st.integers(-2, 60), max_size=7)),
    st.sampled_from([np.zeros((0, 5)), np.zeros(0), [], ()]),
    st.builds(iter, st.lists(st.sampled_from(DECK), max_size=8, unique=True)),
    st.builds(iter, st.lists(st.integers(1, 14), max_size=6)),
    st.sampled_from([LONG, [LONG], ['AS', 'KS', 'QS', 'JS', LONG]]),
    # Round three: the class instead of an instance, non-ASCII case folds,
    # pandas tables, 0-d and 2-D arrays, bytes, shared tables, partials.
    st.sampled_from([random.Random, np.random.Generator, 'Aſ', 'ſ', 'Kı', True, False,
                     np.array(5), np.array(9), np.bool_(True), b'AS', bytearray(b'\x00\x04'),
                     memoryview(b'\x05\x05'), pd.DataFrame([[0, 4, 8, 12, 16]]),
                     pd.Series([0, 4, 8, 12, 16]), pd.DataFrame(np.zeros((40, 40))),
                     np.zeros((40, 40)), np.arange(1000).reshape(20, 50), DECK,
                     pokerlib.COUNT_RANKINGS, pokerlib.SHUFFLERS,
                     functools.partial(pokerlib.shuffle2), len, abs, 0, -1]),
)

FUNCTIONS = [
    # (function, how many arguments it takes at most)
    ('parse_card', 1), ('parse_hand', 1), ('check_hand', 3), ('card_id', 1),
    ('id_card', 1), ('card_ranks', 1), ('straight', 1), ('flush', 1),
    ('kind', 2), ('two_pair', 1), ('hand_rank_elif', 1), ('hand_rank', 1), ('hand_rank_wild', 1),
    ('category_name', 2), ('category_number', 2), ('hand_name', 1), ('poker', 1), ('best_hand', 1),
    ('best_wild_hand', 1), ('best_wild_hands', 1), ('hand_rank_ids', 1), ('best_hand_ids', 1),
    ('deal', 4), ('deal_by_removing', 4), ('shuffle1', 2), ('shuffle2', 2),
    ('shuffle3', 2), ('shuffle4', 2), ('shuffle_naive', 2),
    ('hand_frequencies', 3), ('frequency_table', 2), ('shuffle_counts', 4),
    ('within_tolerance', 2), ('chi_square', 2),
    ('exact_shuffle_probabilities', 2), ('trials_to_detect', 3),
    ('count_swaps', 4), ('expected_swaps', 2), ('showdown', 5),
    ('parse_versus_line', 2), ('score_versus', 1), ('versus_winner', 2),
    ('make_versus_lines', 3),
    ('evaluate', 1), ('hand_ids', 1), ('id_hands', 1), ('categories', 1),
    ('exact_counts', 1), ('fast_hand_frequencies', 3),
    ('check_hands', 3), ('pass_probability', 3), ('iter_versus_lines', 3),
    ('group', 1), ('unzip', 1), ('allmax', 2), ('swap', 3), ('same', 3),
    ('same_order', 3), ('per_second', 3), ('source', 1),
]


# These quote a bad value whole; their modules (ranking.py's category names,
# frequencies.py's check_counts) are not part of this change.
QUOTED_IN_FULL = set()


def function(name):
    """The function of that name: from pokerlib, or the module that defines it."""
    for module in (pokerlib, holdem, versus):
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(name)


@pytest.mark.parametrize('name, arity', FUNCTIONS, ids=[f for f, _ in FUNCTIONS])
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_junk_in_gives_an_answer_or_a_poker_error(name, arity, data):
    args = data.draw(st.lists(junk, min_size=1, max_size=arity), label='args')
    try:
        function(name)(*args)
    except PokerError as e:
        message = str(e)
        assert message and '\n' not in message    # one line, saying what was wrong
        if name not in QUOTED_IN_FULL:            # a long token is quoted short
            assert len(message) < 300, message[:300]
    except TypeError as e:      # only for calling with the wrong number of arguments
        assert 'positional argument' in str(e), f'{name}{tuple(args)}: {e!r}'


# ---------------------------------------------------------------------------
# Iterators: the check reads the iterator, so the function must get what the
# check read (before, flush(iter(hand)) was False and card_ranks(iter(hand)) []).

ROYAL = ['AS', 'KS', 'QS', 'JS', 'TS']
SEVEN = ['6C', '7C', '8C', '9C', 'TC', '5C', 'JS']
HAND_FUNCTIONS = [('card_ranks', ROYAL), ('flush', ROYAL), ('hand_rank', ROYAL),
                  ('hand_rank_elif', ROYAL), ('check_hand', ROYAL),
                  ('best_hand', SEVEN), ('best_wild_hand', SEVEN[:6] + ['?B']),
                  ('hand_name', SEVEN[:6] + ['?B'])]


@pytest.mark.parametrize('name, hand', HAND_FUNCTIONS, ids=[n for n, _ in HAND_FUNCTIONS])
def test_a_hand_given_as_an_iterator_gives_the_same_answer(name, hand):
    f = function(name)
    assert f(iter(hand)) == f(hand)
    assert f(card for card in hand) == f(hand)


def test_ranks_and_ids_given_as_iterators_give_the_same_answer():
    from pokerlib import card_id
    ranks = [9, 9, 7, 7, 2]
    for name, args in [('straight', ([6, 5, 4, 3, 2],)), ('two_pair', (ranks,)),
                       ('kind', (2, ranks)), ('kind', (1, ranks))]:
        f = function(name)
        assert f(*args[:-1], iter(args[-1])) == f(*args), name
    ids = [card_id(c) for c in SEVEN]
    assert function('hand_rank_ids')(iter(ids[:5])) == function('hand_rank_ids')(ids[:5])
    assert function('best_hand_ids')(iter(ids)) == function('best_hand_ids')(ids)
    assert function('best_hand_ids')(np.array(ids)) == function('best_hand_ids')(ids)


def test_hands_given_as_iterators_are_compared_as_the_lists_they_hold():
    low = ['2C', '3D', '4H', '5S', '7C']
    assert pokerlib.poker([iter(ROYAL), iter(low)]) == [ROYAL]
    assert function('best_wild_hands')([iter(['?R'] + ROYAL[1:]), iter(low)]) == [
        ['AH', 'KS', 'QS', 'JS', 'TS'], low]
    assert versus.versus_winner(iter(low), iter(ROYAL)) == 'player2'
    assert versus.score_versus(iter([(iter(low), iter(ROYAL))])) == {
        'player1': 0, 'player2': 1, 'ties': 0}
    assert pokerlib.hand_ids([iter(ROYAL)]).tolist() == [[48, 44, 40, 36, 32]]
    board = ['2D', '7D', '9H']
    assert (pokerlib.showdown(iter(['AD', 'KD']), iter(['QC', 'QH']), 50,
                              random.Random(4), iter(board))
            == pokerlib.showdown(['AD', 'KD'], ['QC', 'QH'], 50, random.Random(4), board))


# ---------------------------------------------------------------------------
# NumPy integers: counts become Python ints where they are checked, before
# any arithmetic (2 * np.uint8(130) is 4; -np.uint32(5) is 4294967291).

def test_numpy_counts_deal_what_python_ints_deal():
    assert (pokerlib.deal(np.uint8(2), np.uint8(5), rng=random.Random(1))
            == pokerlib.deal(2, 5, rng=random.Random(1)))
    assert (pokerlib.deal_by_removing(np.int64(3), np.uint64(4), rng=random.Random(1))
            == pokerlib.deal_by_removing(3, 4, rng=random.Random(1)))
    for dealer in (pokerlib.deal, pokerlib.deal_by_removing):
        with pytest.raises(PokerError, match='^cannot deal 2 hands of 130 cards: '
                                             'that is 260 cards'):
            dealer(np.uint8(2), np.uint8(130))


@pytest.mark.parametrize('n', [np.uint32(5), np.uint64(5), np.int8(5), np.uint8(5)])
def test_numpy_counts_of_random_hands(n):
    counts = pokerlib.fast_hand_frequencies(n, np.random.default_rng(1))
    assert counts == pokerlib.fast_hand_frequencies(5, np.random.default_rng(1))
    assert sum(counts.values()) == 5
    assert sum(pokerlib.fast_hand_frequencies(10, np.random.default_rng(1),
                                              cards=np.int64(6)).values()) == 10


def test_numpy_counts_elsewhere():
    assert pokerlib.exact_counts(np.int64(5)) == pokerlib.exact_counts(5)
    for shuffler in pokerlib.SHUFFLERS:   # np.uint8(0) - 1 would be 255
        for N in (np.uint8(0), np.uint8(1)):
            assert pokerlib.expected_swaps(shuffler, N) == pokerlib.expected_swaps(shuffler, int(N))
    assert pokerlib.expected_swaps('shuffle2', np.uint8(0)) == 0
    assert pokerlib.count_swaps('shuffle2', np.uint8(0), np.uint8(2)) == [0, 0]
    assert len(versus.make_versus_lines(np.uint8(3), random.Random(1))) == 3
    assert sum(pokerlib.showdown(['AS', 'AH'], ['KS', 'KH'], np.uint16(20),
                                 random.Random(1)).values()) == 20
    assert pokerlib.kind(np.int64(2), [9, 9, 7, 7, 2]) == 9


@pytest.mark.parametrize('call', [
    lambda: pokerlib.exact_counts(5.0), lambda: pokerlib.exact_counts(np.array([5])),
    lambda: pokerlib.exact_counts(np.array([5, 6])), lambda: pokerlib.exact_counts(True),
    lambda: pokerlib.fast_hand_frequencies(10, cards=5.0),
    lambda: pokerlib.fast_hand_frequencies(10, cards=np.array([5])),
], ids=['5.0', 'array([5])', 'array([5, 6])', 'True', 'cards=5.0', 'cards=array'])
def test_a_hand_size_that_is_not_a_whole_number_is_refused(call):
    with pytest.raises(PokerError, match='^cards must be 5, 6 or 7, got '):
        call()


# ---------------------------------------------------------------------------
# Empty in, empty out; a hand has at least one card; alpha and power.

def test_no_hands_in_gives_no_values_out():
    assert pokerlib.evaluate([]).tolist() == [] and pokerlib.evaluate([]).dtype == np.int16
    assert pokerlib.evaluate(np.zeros((0, 7))).shape == (0,)
    assert pokerlib.id_hands([]) == [] and pokerlib.id_hands(np.zeros((0, 5))) == []
    assert pokerlib.categories([]).tolist() == [] and pokerlib.categories([]).dtype == np.int8
    assert pokerlib.hand_ids([]).shape == (0, 5)
    with pytest.raises(PokerError):   # one hand of no cards is not no hands
        pokerlib.evaluate([[]])


@pytest.mark.parametrize('dealer', ['deal', 'deal_by_removing'])
def test_a_hand_has_at_least_one_card(dealer):
    for numhands in (1, 1_000_000_000):   # refused at once, before any arithmetic
        with pytest.raises(PokerError, match='^n .cards per hand. must be at least 1, '
                                             'got 0: a hand has at least one card$'):
            function(dealer)(numhands, 0)
    assert function(dealer)(0, 5) == []


def test_alpha_and_power_are_checked_and_tiny_alpha_works():
    p = {'ab': 0.6, 'ba': 0.4}
    n = pokerlib.trials_to_detect(p)
    assert n == 372
    # A smaller alpha needs more trials: 1 - 1e-17 is 1.0 in floating point,
    # which once made the critical value infinite and the search overflow.
    assert n < pokerlib.trials_to_detect(p, alpha=1e-10) < pokerlib.trials_to_detect(
        p, alpha=1e-17) < pokerlib.trials_to_detect(p, alpha=1e-300)
    assert pokerlib.trials_to_detect(p, power=0.9999999999999999) > n
    for kwargs in [{'alpha': 0}, {'alpha': 1}, {'alpha': float('nan')},
                   {'power': 1.0}, {'power': -0.5}, {'alpha': '0.05'}, {'power': True}]:
        with pytest.raises(PokerError, match='must be a number between 0 and 1'):
            pokerlib.trials_to_detect(p, **kwargs)
    with pytest.raises(PokerError, match='too small to detect'):
        pokerlib.trials_to_detect({'ab': 0.5 + 1e-12, 'ba': 0.5 - 1e-12})


def test_the_checks_a_trusted_body_skips_are_back_on_after_it():
    """poker and versus_winner check every hand once, and the hand_rank calls of their bodies
    skip the check; after them (and after one that raised), hand_rank checks again."""
    low = ['2C', '3D', '4H', '5S', '7C']
    assert pokerlib.poker([ROYAL, low]) == [ROYAL]
    assert versus.versus_winner(low, ROYAL) == 'player2'
    with pytest.raises(PokerError, match="duplicate card 'AS'"):
        pokerlib.poker([ROYAL, ['AS'] * 5])
    for bad in (['AS'] * 5, ROYAL[:4]):
        with pytest.raises(PokerError):
            pokerlib.hand_rank(bad)
