"""The third hardening round: shared tables, odd arguments, one wording per mistake,
and the lecture's code shown as the lecture wrote it.

Each test here failed on the code before the change (see issue 18).
"""

import ast
import copy
import functools
import inspect
import pickle
import random
import re

import numpy as np
import pandas as pd
import pytest

import pokerlib
from pokerlib import (COUNT_RANKINGS, DECK, PokerError, card_id, hand_rank,
                      id_card, parse_card)
from pokerlib import holdem, teaching


# ---------------------------------------------------------------------------
# Exported tables cannot be changed, and the library keeps its own answers.

SHARED_SEQUENCES = ['DECK', 'JOKERS']
SHARED_MAPPINGS = ['COUNT_RANKINGS', 'EXACT_COUNTS', 'SHUFFLERS']


def test_shuffling_the_deck_in_place_is_refused_with_one_clear_line():
    before = list(DECK)
    with pytest.raises(PokerError, match=r'^DECK is shared by the whole library; '
                                         r'shuffle a copy: list\(DECK\)$'):
        random.shuffle(pokerlib.DECK)
    assert list(DECK) == before and id_card(card_id('2S')) == '2S'


@pytest.mark.parametrize('name', SHARED_SEQUENCES)
@pytest.mark.parametrize('change', [
    lambda t: t.__setitem__(0, 'XX'), lambda t: t.__delitem__(0), lambda t: t.append('XX'),
    lambda t: t.extend(['XX']), lambda t: t.insert(0, 'XX'), lambda t: t.pop(),
    lambda t: t.remove(t[0]), lambda t: t.clear(), lambda t: t.sort(),
    lambda t: t.reverse(), lambda t: t.__iadd__(['XX']), lambda t: t.__imul__(2),
    lambda t: t.__setitem__(slice(0, 2), []), lambda t: t.__init__([]),
], ids=['setitem', 'delitem', 'append', 'extend', 'insert', 'pop', 'remove',
        'clear', 'sort', 'reverse', 'iadd', 'imul', 'slice', 'init'])
def test_shared_sequences_refuse_every_change(name, change):
    table = getattr(pokerlib, name)
    before = list(table)
    with pytest.raises(PokerError, match=f'^{name} is shared by the whole library'):
        change(table)
    assert list(table) == before


@pytest.mark.parametrize('name', SHARED_MAPPINGS)
@pytest.mark.parametrize('change', [
    lambda t, k: t.__setitem__(k, 8), lambda t, k: t.__delitem__(k),
    lambda t, k: t.pop(k), lambda t, k: t.popitem(), lambda t, k: t.clear(),
    lambda t, k: t.update({k: 8}), lambda t, k: t.setdefault('new', 8),
    lambda t, k: t.__ior__({k: 8}),
], ids=['setitem', 'delitem', 'pop', 'popitem', 'clear', 'update', 'setdefault', 'ior'])
def test_shared_mappings_refuse_every_change(name, change):
    table = getattr(pokerlib, name)
    before = dict(table)
    key = next(iter(table))
    with pytest.raises(PokerError, match=f'^{name} is shared by the whole library'):
        change(table, key)
    assert dict(table) == before


def test_nested_tables_are_shared_too():
    with pytest.raises(PokerError):
        pokerlib.EXACT_COUNTS[5]['flush'] = 0
    with pytest.raises(PokerError):
        teaching.BEST_TO_WORST.append(['AS KS QS JS TS'])
    with pytest.raises(PokerError):
        holdem.replacements('?B').append('AH')    # the black cards stay black
    assert 'AH' not in holdem.replacements('?B')


def test_a_copy_is_an_ordinary_list_or_dict_the_user_may_change():
    for deck in (list(DECK), DECK[:], copy.copy(DECK), copy.deepcopy(DECK),
                 pickle.loads(pickle.dumps(DECK)), DECK + []):
        assert type(deck) is list and deck == list(DECK)
        random.Random(1).shuffle(deck)
    rankings = copy.deepcopy(COUNT_RANKINGS)
    assert type(rankings) is dict
    rankings[(2, 1, 1, 1)] = 8
    assert hand_rank(['2S', '2H', '5D', '7C', '9S'])[0] == 1


def test_tables_look_as_before():
    # what the notebooks print: a list and a dict, as they were
    assert repr(DECK[:2]) == "['2S', '2H']" and repr(DECK).startswith("['2S', ")
    assert repr(COUNT_RANKINGS).startswith('{(5,): 10, ')
    assert DECK == [r + s for r in '23456789TJQKA' for s in 'SHDC']
    assert isinstance(DECK, list) and len(DECK) == 52


def test_the_library_does_not_read_what_a_user_can_change():
    # Even a change that bypasses the refusal (list.__setitem__ itself)
    # does not reach the library's answers: it keeps private copies.
    deck = pokerlib.DECK
    saved = list(deck)
    try:
        list.__setitem__(deck, 0, '4C')
        list.__setitem__(deck, 9, '2S')
        assert id_card(0) == '2S' and card_id('2S') == 0
        assert pokerlib.deal(1, 52, rng=random.Random(1))[0].count('2S') == 1
    finally:
        list.__setitem__(deck, slice(None), saved)
    rankings = pokerlib.COUNT_RANKINGS
    try:
        dict.__setitem__(rankings, (2, 1, 1, 1), 8)
        assert hand_rank(['2S', '2H', '5D', '7C', '9S'])[0] == 1
    finally:
        dict.__setitem__(rankings, (2, 1, 1, 1), 1)


# ---------------------------------------------------------------------------
# Shapes: a one-row DataFrame is not five column labels.

def test_a_one_row_dataframe_is_refused_not_read_as_its_column_labels():
    for f in (pokerlib.hand_rank_ids, pokerlib.best_hand_ids):
        with pytest.raises(PokerError, match=r'shape \(1, 5\)'):
            f(pd.DataFrame([[0, 4, 8, 12, 16]]))
        with pytest.raises(PokerError):
            f(np.array([[0, 4, 8, 12, 16]]))
        with pytest.raises(PokerError):
            f(np.array(7))
        with pytest.raises(PokerError):
            f([[0, 4, 8, 12, 16]])
    ids = [0, 4, 8, 12, 16]
    assert pokerlib.hand_rank_ids(pd.Series(ids, index=[5, 6, 7, 8, 9])) == \
        pokerlib.hand_rank_ids(ids)
    assert pokerlib.evaluate(pd.DataFrame([ids])).tolist() == pokerlib.evaluate([ids]).tolist()


@pytest.mark.parametrize('value', [b'\x00\x04\x08\x0c\x10', bytearray(b'\x00\x04\x08\x0c\x10'),
                                   memoryview(b'\x00\x04\x08\x0c\x10')])
def test_bytes_are_not_ids_ranks_or_values(value):
    for call in (lambda: pokerlib.hand_rank_ids(value), lambda: pokerlib.best_hand_ids(value),
                 lambda: pokerlib.categories(value), lambda: pokerlib.evaluate([value]),
                 lambda: pokerlib.id_hands([value]), lambda: pokerlib.straight(value),
                 lambda: pokerlib.kind(2, value), lambda: pokerlib.two_pair(value)):
        with pytest.raises(PokerError):
            call()


# ---------------------------------------------------------------------------
# exact_shuffle_probabilities looks at the function, not at its name.

def test_a_fair_shuffle_named_like_a_biased_one_is_fair():
    def shuffle1(deck, rng):         # a student's Knuth shuffle, by an unlucky name
        for i in range(len(deck) - 1):
            j = rng.randrange(i, len(deck))
            deck[i], deck[j] = deck[j], deck[i]
    probs = pokerlib.exact_shuffle_probabilities(shuffle1, 'abc')
    assert set(probs.values()) == {pokerlib.fairness.Fraction(1, 6)}
    assert pokerlib.exact_shuffle_probabilities(pokerlib.shuffle1, 'abc')['abc'] != \
        pokerlib.fairness.Fraction(1, 6)


def test_partials_and_callable_objects_are_shufflers():
    class Knuth:
        def __call__(self, deck, rng):
            pokerlib.shuffle2(deck, rng)
    partial = functools.partial(pokerlib.shuffle2)
    expected = pokerlib.exact_shuffle_probabilities('shuffle2', 'abc')
    assert pokerlib.exact_shuffle_probabilities(partial, 'abc') == expected
    assert pokerlib.exact_shuffle_probabilities(Knuth(), 'abc') == expected
    # the marking shuffles, passed as themselves, by name, or wrapped
    assert (pokerlib.exact_shuffle_probabilities(pokerlib.shuffle3, 'abc')
            == pokerlib.exact_shuffle_probabilities('shuffle3', 'abc'))
    assert sum(pokerlib.count_swaps(partial, 5, 3)) == 12
    assert pokerlib.expected_swaps(pokerlib.shuffle1, 3) == pokerlib.expected_swaps('shuffle1', 3)
    with pytest.raises(PokerError, match='expected_swaps knows the library'):
        pokerlib.expected_swaps(Knuth(), 3)


# ---------------------------------------------------------------------------
# Odd arguments.

@pytest.mark.parametrize('text', ['Aſ', 'aſ', 'Kſ', 'ﬀ', 'Aı', 'AK\u212a'])
def test_non_ascii_letters_are_not_case_folded_into_cards(text):
    with pytest.raises(PokerError, match='^bad card'):
        parse_card(text)
    with pytest.raises(PokerError):
        pokerlib.parse_hand(f'KS QS JS TS {text}')


def test_suit_symbols_and_the_emoji_selector_are_still_accepted():
    assert [parse_card(t) for t in ['a♠', 'K♥', '10♦', 'q♣', 'A♠\ufe0f', 't♡']] == [
        'AS', 'KH', 'TD', 'QC', 'AS', 'TH']


RNG_TAKERS = [
    lambda rng: pokerlib.deal(1, rng=rng),
    lambda rng: pokerlib.deal_by_removing(1, rng=rng),
    lambda rng: pokerlib.hand_frequencies(10, rng),
    lambda rng: pokerlib.shuffle1([1, 2], rng), lambda rng: pokerlib.shuffle2([1, 2], rng),
    lambda rng: pokerlib.shuffle3([1, 2], rng), lambda rng: pokerlib.shuffle4([1, 2], rng),
    lambda rng: pokerlib.shuffle_naive([1, 2], rng),
    lambda rng: pokerlib.shuffle_counts('shuffle2', 'ab', 10, rng),
    lambda rng: pokerlib.count_swaps('shuffle2', 4, 2, rng),
    lambda rng: pokerlib.showdown(['AS', 'AH'], ['KS', 'KH'], 2, rng),
    lambda rng: pokerlib.make_versus_lines(2, rng),
    lambda rng: pokerlib.iter_versus_lines(2, rng),
]


@pytest.mark.parametrize('call', RNG_TAKERS)
def test_the_random_class_instead_of_an_instance_is_named(call):
    with pytest.raises(PokerError, match=r'^rng must be a random.Random instance '
                                         r'\(did you mean random.Random\(\)\?\)$'):
        call(random.Random)
    with pytest.raises(PokerError, match=r'^rng must be a random.Random'):
        call(42)


def test_numpy_generator_class_is_named_too():
    with pytest.raises(PokerError, match=r'did you mean np.random.default_rng\(\)\?'):
        pokerlib.fast_hand_frequencies(10, np.random.Generator)


@pytest.mark.parametrize('number', [np.int64(9), np.uint8(9), np.array(9), np.int16(9)])
def test_numpy_integers_are_whole_numbers_everywhere(number):
    assert pokerlib.category_name(number) == 'straight flush'
    table = pokerlib.frequency_table(pokerlib.hand_frequencies(100, random.Random(1)),
                                     cards=number - 4)
    assert table['count'].sum() == 100
    counts = pokerlib.hand_frequencies(np.array(20), random.Random(1), cards=number - 4)
    assert counts == pokerlib.hand_frequencies(20, random.Random(1))
    assert pokerlib.kind(number - 7, [9, 9, 7, 7, 2]) == 9
    assert pokerlib.id_card(number) == '4H'


@pytest.mark.parametrize('call', [
    lambda: pokerlib.straight([True, 2, 3, 4, 5]), lambda: pokerlib.kind(True, [9, 9, 7, 7, 2]),
    lambda: pokerlib.two_pair([9, 9, 7, 7, True]), lambda: pokerlib.category_name(True),
    lambda: pokerlib.id_card(True), lambda: pokerlib.deal(True),
    lambda: pokerlib.hand_frequencies(True), lambda: pokerlib.frequency_table({'flush': True}),
    lambda: pokerlib.hand_rank_ids([True, 4, 8, 12, 16]), lambda: pokerlib.categories([True]),
])
def test_true_is_not_a_number_of_anything(call):
    with pytest.raises(PokerError):
        call()


@pytest.mark.parametrize('kwargs, message', [
    ({'sizes': 5}, r'^check_hand\'s sizes must be whole numbers'),
    ({'sizes': []}, r'^check_hand\'s sizes must be whole numbers'),
    ({'sizes': ['5']}, r'^check_hand\'s sizes must be whole numbers'),
    ({'sizes': [True]}, r'^check_hand\'s sizes must be whole numbers'),
    ({'jokers': 'yes'}, r'^check_hand\'s jokers must be True or False'),
    ({'jokers': None}, r'^check_hand\'s jokers must be True or False'),
])
def test_check_hands_own_options_are_checked(kwargs, message):
    with pytest.raises(PokerError, match=message):
        pokerlib.check_hand(['AS', 'KS', 'QS', 'JS', 'TS'], **kwargs)


def test_check_hand_takes_any_collection_of_sizes():
    hand = ['AS', 'KS', 'QS', 'JS', 'TS']
    for sizes in [(5,), [5, 6], range(5, 8), {5}, np.array([5]), (np.int64(5),)]:
        assert pokerlib.check_hand(hand, sizes=sizes) == hand


@pytest.mark.parametrize('progress', ['no', 1, None, np.bool_(True)])
def test_exact_counts_progress_must_be_true_or_false(progress):
    if isinstance(progress, np.bool_):
        return   # NumPy's own booleans are booleans
    with pytest.raises(PokerError, match='^progress must be True or False'):
        pokerlib.exact_counts(5, progress=progress)


# The helpers the notebooks teach: a clear PokerError on junk.
HELPER_JUNK = [
    ('group', (5,)), ('group', (None,)), ('group', ([[1], [2]],)), ('group', ({'a': 1},)),
    ('unzip', (5,)), ('unzip', ([1, 2],)), ('unzip', ([(1, 2), 3],)), ('unzip', ('ab',)),
    ('allmax', (5,)), ('allmax', ([1, 2], 0)), ('allmax', ([1, 2], 'len')),
    ('swap', ([1, 2], 0, 5)), ('swap', ('abc', 0, 1)), ('swap', ([1, 2], '0', 1)),
    ('swap', ([1, 2], True, 0)), ('swap', ((1, 2), 0, 1)),
    ('per_second', (len, 5)), ('per_second', (5, [1])), ('per_second', (len, [1], 0)),
    ('per_second', (len, [1], 'x')),
    ('source', (5,)), ('source', (len,)), ('source', ('hand_rank',)),
    ('same_order', (5, abs, [1])), ('same_order', (abs, abs, 5)),
    ('same', (abs, 5, [1])), ('same', (abs, abs, 5)),
]


@pytest.mark.parametrize('name, args', HELPER_JUNK, ids=[f'{n}{a!r}'[:40] for n, a in HELPER_JUNK])
def test_the_taught_helpers_give_a_clear_error_on_junk(name, args):
    with pytest.raises(PokerError) as info:
        getattr(pokerlib, name)(*args)
    assert '\n' not in str(info.value) and len(str(info.value)) < 200


def test_allmax_key_zero_is_refused_and_none_is_the_identity():
    with pytest.raises(PokerError, match=r'^allmax\'s key must be a function such as len, or None'):
        pokerlib.allmax([1, 3], key=0)
    assert pokerlib.allmax([1, 3, 3], key=None) == [3, 3]
    assert pokerlib.allmax(iter([1, 3, 3]), key=lambda x: -x) == [1]


def test_the_helpers_still_work_on_what_the_lecture_gives_them():
    assert pokerlib.group([7, 10, 7, 7, 10]) == [(3, 7), (2, 10)]
    assert pokerlib.group(iter([2, 2, 3])) == [(2, 2), (1, 3)]
    assert tuple(pokerlib.unzip([(3, 7), (2, 10)])) == ((3, 2), (7, 10))
    assert list(pokerlib.unzip(iter([(1, 'a')]))) == [(1,), ('a',)]
    d = list('abc')
    pokerlib.swap(d, 0, 2)
    assert d == ['c', 'b', 'a']
    pokerlib.swap(d, np.int64(0), -1)
    assert d == ['a', 'b', 'c']


# ---------------------------------------------------------------------------
# The lecture's code, shown as the lecture wrote it: no decorator, no check.

def shown_functions():
    """(module, name) of every library function a notebook shows with source()."""
    import json
    from pathlib import Path
    names = set()
    for path in sorted(Path(__file__).parent.parent.glob('notebooks/*.ipynb')):
        for cell in json.loads(path.read_text())['cells']:
            if cell['cell_type'] == 'code':
                names.update(re.findall(r'\bsource\((\w+)\)', ''.join(cell['source'])))
    return sorted(names)


SHOWN = shown_functions()
CHECK_WORDS = re.compile(r'^\s*@|_check|check_|PokerError|short_repr|__wrapped__')


def library_function(name):
    for module in (pokerlib, pokerlib.fast):
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(name)


def test_the_notebooks_show_some_lecture_functions():
    assert {'straight', 'card_ranks', 'hand_rank', 'shuffle1', 'deal', 'poker',
            'allmax', 'group', 'unzip', 'swap', 'best_hand'} <= set(SHOWN)


@pytest.mark.parametrize('name', [n for n in SHOWN if n not in ('_tally', 'exact_counts')])
def test_source_shows_the_plain_def_and_no_checks(name):
    text = pokerlib.source(library_function(name))
    assert text.startswith(f'def {name}('), text[:80]
    body = ast.parse(text).body[0].body
    if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]     # the docstring may show an error message
    code = text.splitlines()[body[0].lineno - 1:]
    assert not any(CHECK_WORDS.search(line) for line in code), text


@pytest.mark.parametrize('name', [n for n in SHOWN if n not in ('_tally', 'exact_counts')])
def test_the_checked_function_is_the_plain_one_behind_a_wrapper(name):
    f = library_function(name)
    if hasattr(f, '__wrapped__'):
        assert inspect.getsource(f) == inspect.getsource(f.__wrapped__)
        assert f.__name__ == name and f.__doc__ == f.__wrapped__.__doc__


SPOILERS = ['1/20', '4/15', '249/1,540', '16.17%', 'Badly biased', 'Slightly biased',
            'biased', 'Fair.', 'fair,']


@pytest.mark.parametrize('name', ['shuffle1', 'shuffle2', 'shuffle3', 'shuffle4', 'shuffle_naive'])
def test_shuffle_docstrings_do_not_give_away_what_the_notebook_asks(name):
    doc = getattr(pokerlib, name).__doc__
    for word in SPOILERS:
        assert word not in doc, (name, word)


# ---------------------------------------------------------------------------
# Messages: short and on one line, NumPy and pandas arguments included.

BIG = 'x' * 100_000


@pytest.mark.parametrize('call', [
    lambda: pokerlib.trials_to_detect({'ab': 0.6, 'ba': 0.4}, alpha=BIG),
    lambda: pokerlib.trials_to_detect({'ab': 0.6, 'ba': 0.4}, power=[1] * 10_000),
    lambda: pokerlib.chi_square({BIG: 3}),
    lambda: pokerlib.chi_square({'a': 3, 'b': 4}, {BIG: 0.5, 'y': 0.5}),
    lambda: pokerlib.expected_swaps(BIG),
    lambda: pokerlib.expected_swaps(lambda d, r: None),
    lambda: pokerlib.frequency_table({BIG: 3}),
    lambda: pokerlib.within_tolerance({'a': 1}, tol=BIG),
    lambda: pokerlib.pass_probability({str(i): 1 / 3000 for i in range(3000)}, 10, tol=BIG),
    lambda: pokerlib.chi_square({str(i): 1 for i in range(5000)}, {str(i): 1 for i in range(5000)}),
    lambda: pokerlib.category_name(np.zeros((40, 40))),
    lambda: pokerlib.category_name(pd.DataFrame(np.zeros((40, 40)))),
    lambda: pokerlib.deal(np.zeros((40, 40))),
    lambda: pokerlib.check_hand(pd.Series(['AS'] * 50)),
    lambda: pokerlib.poker(pd.DataFrame([['AS'] * 5] * 40)),
    lambda: pokerlib.straight(np.zeros((40, 40))),
    lambda: pokerlib.id_card(np.arange(1000).reshape(20, 50)),
    lambda: pokerlib.within_tolerance({'a': 1, 'b': 2}, tol=np.zeros((30, 30))),
])
def test_messages_are_short_and_one_line(call):
    with pytest.raises(PokerError) as info:
        call()
    message = str(info.value)
    assert '\n' not in message and len(message) < 300, message[:400]


def test_short_repr_puts_a_multi_line_repr_on_one_line():
    from pokerlib.cards import short_repr
    text = short_repr(np.zeros((3, 3)))
    assert '\n' not in text and text.startswith('array([[0., 0., 0.')
    assert short_repr('a\nb') == repr('a\nb')


# ---------------------------------------------------------------------------
# Huge counts: a PokerError naming the limit, never MemoryError or OverflowError.

@pytest.mark.parametrize('call, limit', [
    (lambda: pokerlib.pass_probability({'ab': 0.5, 'ba': 0.5}, 10**9), '1,000,000'),
    (lambda: pokerlib.count_swaps('shuffle2', 2**70), '1,000,000'),
    (lambda: pokerlib.count_swaps('shuffle2', 4, 2**70), '1,000,000'),
    (lambda: pokerlib.expected_swaps('shuffle1', 2**70), '2,000'),
    (lambda: pokerlib.expected_swaps('shuffle3', 2**70), '2,000'),
])
def test_huge_counts_are_refused_naming_the_limit(call, limit):
    with pytest.raises(PokerError, match=f'at most {limit}'):
        call()


def test_huge_counts_that_need_no_memory_are_answered():
    assert pokerlib.expected_swaps('shuffle2', 2**70) == 2**70 - 1
    assert pokerlib.expected_swaps('shuffle_naive', 2**70) == 2**70


# ---------------------------------------------------------------------------
# One wording for one mistake, whatever the entry point.

def message(call):
    with pytest.raises(PokerError) as info:
        call()
    return str(info.value)


def test_a_duplicate_card_is_worded_alike_everywhere():
    hand = ['AS', 'AS', 'KS', 'QS', 'JS']
    expected = "duplicate card 'AS' in hand ['AS', 'AS', 'KS', 'QS', 'JS']"
    for call in (lambda: pokerlib.check_hand(hand), lambda: pokerlib.hand_rank(hand),
                 lambda: pokerlib.card_ranks(hand), lambda: pokerlib.flush(hand),
                 lambda: pokerlib.hand_rank_elif(hand), lambda: pokerlib.best_hand(hand),
                 lambda: pokerlib.best_wild_hand(hand), lambda: pokerlib.hand_name(hand),
                 lambda: pokerlib.parse_hand(' '.join(hand))):
        assert message(call) == expected
    ids = [card_id(c) for c in hand]
    id_message = "duplicate card id 48 ('AS') in hand [48, 48, 44, 40, 36]"
    assert message(lambda: pokerlib.hand_rank_ids(ids)) == id_message
    assert message(lambda: pokerlib.best_hand_ids(ids)) == id_message
    assert message(lambda: pokerlib.evaluate([ids])) == "row 0: " + id_message
    assert message(lambda: pokerlib.id_hands([ids])) == "row 0: " + id_message


def test_a_card_in_two_hands_is_worded_alike_everywhere():
    a, b = ['AS', 'KD', '9C', '7H', '3S'], ['AS', 'KC', '9D', '7S', '3C']
    expected = "duplicate card 'AS': it is in hands 0 and 1 (counting from 0)"
    assert message(lambda: pokerlib.poker([a, b])) == expected
    assert message(lambda: pokerlib.best_wild_hands([a, b])) == expected
    assert message(lambda: pokerlib.versus_winner(a, b)) == expected
    assert message(lambda: pokerlib.score_versus([(a, b)])) == 'deal 1: ' + expected
    from pokerlib.holdem import winning_hands
    assert message(lambda: winning_hands([' '.join(a), ' '.join(b)])) == expected


def test_a_bad_count_is_worded_alike_everywhere():
    for call, what in [(lambda: pokerlib.deal(-1), 'numhands'),
                       (lambda: pokerlib.hand_frequencies(-1), 'n (number of hands)'),
                       (lambda: pokerlib.fast_hand_frequencies(-1), 'n (number of hands)'),
                       (lambda: pokerlib.shuffle_counts('shuffle2', 'ab', -1), 'n (number of trials)'),
                       (lambda: pokerlib.count_swaps('shuffle2', -1), 'N (deck size)'),
                       (lambda: pokerlib.expected_swaps('shuffle2', -1), 'N (deck size)'),
                       (lambda: pokerlib.pass_probability({'a': .5, 'b': .5}, -1), 'n (number of trials)'),
                       (lambda: pokerlib.showdown(['AS', 'AH'], ['KS', 'KH'], -1), 'n (number of boards)'),
                       (lambda: pokerlib.make_versus_lines(-1), 'n (number of lines)')]:
        assert message(call) == f'{what} must be a non-negative whole number, got -1'


def test_a_bad_rng_is_worded_alike_everywhere():
    texts = {message(lambda c=call: c('abc')) for call in RNG_TAKERS}
    assert texts == {"rng must be a random.Random (or None for a fresh one), got 'abc'"}


# ---------------------------------------------------------------------------
# The package exports the modules' public names, each written once.

LIBRARY_MODULES = ['cards', 'ranking', 'teaching', 'classes', 'holdem', 'dealing',
                   'shuffling', 'frequencies', 'fairness', 'versus', 'fast', 'cli',
                   'practice']


def test_the_package_exports_exactly_the_modules_public_names():
    import importlib
    names = [n for m in LIBRARY_MODULES for n in importlib.import_module(f'pokerlib.{m}').__all__]
    assert len(names) == len(set(names)), 'a name in two modules'
    assert sorted(pokerlib.__all__) == sorted(names)
    for name in names:
        assert hasattr(pokerlib, name), name
    assert 'check' in pokerlib.__all__ and pokerlib.check is pokerlib.practice.check
    namespace = {}
    exec('from pokerlib import *', namespace)
    assert set(namespace) - {'__builtins__'} == set(names)


def test_init_writes_no_public_name_itself():
    from pathlib import Path
    tree = ast.parse(Path(pokerlib.__file__).read_text())
    quoted = {node.value for node in ast.walk(tree)
              if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert not quoted & set(pokerlib.__all__)
