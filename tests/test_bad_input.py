"""Whatever a person passes, pokerlib's poker functions answer or raise PokerError.

Never an IndexError, KeyError, TypeError or ZeroDivisionError from deep
inside. (The generic helpers allmax, group, unzip, same and same_order behave
like Python's own max and zip, and are left out.)
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import pokerlib
from pokerlib import DECK, PokerError

junk = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.floats(allow_nan=True),
    st.text(max_size=6), st.sampled_from(DECK + ['?B', '?R', '10C', 'as']),
    st.lists(st.sampled_from(DECK + ['?B', 'XX', '']), max_size=8),
    st.lists(st.integers(-2, 60), max_size=8),
    st.lists(st.lists(st.sampled_from(DECK), max_size=6), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(0, 9), max_size=3),
    st.just(random.Random(1)), st.sampled_from(list(pokerlib.SHUFFLERS)),
)

FUNCTIONS = [
    # (function, how many arguments it takes at most)
    ('parse_card', 1), ('parse_hand', 1), ('check_hand', 1), ('card_id', 1),
    ('id_card', 1), ('card_ranks', 1), ('straight', 1), ('flush', 1),
    ('kind', 2), ('two_pair', 1), ('hand_rank_elif', 1), ('hand_rank', 1),
    ('category_name', 2), ('category_number', 2), ('hand_name', 1), ('poker', 1), ('best_hand', 1),
    ('best_wild_hand', 1), ('hand_rank_ids', 1), ('best_hand_ids', 1),
    ('deal', 4), ('deal_by_removing', 4), ('shuffle1', 2), ('shuffle2', 2),
    ('shuffle3', 2), ('shuffle4', 2), ('shuffle_naive', 2),
    ('hand_frequencies', 3), ('frequency_table', 2), ('shuffle_counts', 4),
    ('within_tolerance', 2), ('chi_square', 2),
    ('exact_shuffle_probabilities', 2), ('trials_to_detect', 1),
    ('count_swaps', 4), ('expected_swaps', 2), ('showdown', 5),
    ('parse_versus_line', 2), ('score_versus', 1), ('versus_winner', 2),
    ('evaluate', 1), ('hand_ids', 1), ('id_hands', 1), ('categories', 1),
    ('exact_counts', 1), ('fast_hand_frequencies', 3),
]


@pytest.mark.parametrize('name, arity', FUNCTIONS, ids=[f for f, _ in FUNCTIONS])
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_junk_in_gives_an_answer_or_a_poker_error(name, arity, data):
    function = getattr(pokerlib, name)
    args = data.draw(st.lists(junk, min_size=1, max_size=arity), label='args')
    try:
        function(*args)
    except PokerError as e:
        assert str(e)           # a message, saying what was wrong
    except TypeError as e:      # only for calling with the wrong number of arguments
        assert 'positional argument' in str(e), f'{name}{tuple(args)}: {e!r}'
