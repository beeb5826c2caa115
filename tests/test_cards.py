"""Cards, hands, the deck and the card-id encoding; bad input names what is wrong."""

import pytest
from hypothesis import given, strategies as st

from pokerlib import (DECK, JOKERS, PokerError, card_id, check_hand, id_card,
                      parse_card, parse_hand)


def test_the_deck_has_52_distinct_cards_of_13_ranks_and_4_suits():
    assert len(DECK) == len(set(DECK)) == 52
    assert {c[0] for c in DECK} == set('23456789TJQKA')
    assert {c[1] for c in DECK} == set('SHDC')


@pytest.mark.parametrize('text, card', [
    ('TC', 'TC'), ('10C', 'TC'), ('10c', 'TC'), ('tc', 'TC'), (' 9d ', '9D'),
    ('A♠', 'AS'), ('q♥', 'QH'), ('2♦', '2D'), ('10♣', 'TC'), ('?b', '?B'),
    ('?R', '?R')])
def test_parse_card_accepts_the_usual_spellings(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize('text, words', [
    ('1X', ["'1X'", "rank '1'"]), ('AZ', ["'AZ'", "suit 'Z'"]),
    ('', ["''"]), ('A', ["'A'"]), ('ACE', ["'ACE'"]), ('11C', ["'11C'"]),
    ('?X', ["'?X'"])])
def test_parse_card_names_the_bad_card(text, words):
    with pytest.raises(PokerError) as e:
        parse_card(text)
    for word in words:
        assert word in str(e.value)


def test_parse_hand_gives_canonical_cards_in_order():
    assert parse_hand('6C 7C 8C 9C TC') == ['6C', '7C', '8C', '9C', 'TC']
    assert parse_hand('10♥, j♥, Q♥  K♥ a♥') == ['TH', 'JH', 'QH', 'KH', 'AH']


def test_parse_hand_names_a_duplicate_even_when_spelled_differently():
    with pytest.raises(PokerError, match="duplicate card 'TC'"):
        parse_hand('TC 9C 10c')


def test_parse_hand_wants_text():
    with pytest.raises(PokerError, match='parse_hand takes text'):
        parse_hand(['AS'])


@pytest.mark.parametrize('hand, message', [
    ('AS KS QS JS TS', 'use parse_hand'),
    (['AS', 'KS', 'QS', 'JS'], 'needs 5 cards, got 4'),
    (['AS', 'KS', 'QS', 'JS', 'TS', '9S'], 'needs 5 cards, got 6'),
    (['AS', 'KS', 'QS', 'JS', 'AS'], "duplicate card 'AS'"),
    (['AS', 'KS', 'QS', 'JS', '1X'], "bad card '1X'"),
    (['AS', 'KS', 'QS', 'JS', 'ts'], "write 'TS'"),
    (['AS', 'KS', 'QS', 'JS', '?B'], "joker '?B'"),
    (['AS', 'KS', 'QS', 'JS', 5], 'bad card 5'),
    (['AS', 'KS', 'QS', 'JS', ['TS']], "bad card ['TS']"),
    (None, 'not None'),
])
def test_check_hand_says_what_is_wrong(hand, message):
    with pytest.raises(PokerError) as e:
        check_hand(hand)
    assert message in str(e.value)


def test_errors_are_value_errors():
    assert issubclass(PokerError, ValueError)


def test_card_ids_encode_rank_and_suit():
    assert [card_id(c) for c in DECK] == list(range(52))
    for c in DECK:
        i = card_id(c)
        assert '23456789TJQKA'[i >> 2] == c[0] and 'SHDC'[i & 3] == c[1]
        assert id_card(i) == c
    for bad in (-1, 52, 'AS', 2.0, True):
        with pytest.raises(PokerError, match='0..51'):
            id_card(bad)


@given(st.text(max_size=4))
def test_parse_card_returns_a_real_card_or_raises_poker_error(text):
    try:
        card = parse_card(text)
    except PokerError as e:
        assert repr(text) in str(e)
    else:
        assert card in DECK or card in JOKERS


@given(st.lists(st.one_of(st.text(max_size=3), st.sampled_from(DECK), st.integers()),
                max_size=8))
def test_check_hand_accepts_only_five_distinct_real_cards(hand):
    ok = (len(hand) == 5 and len(set(map(str, hand))) == 5
          and all(isinstance(c, str) and c in DECK for c in hand))
    if ok:
        assert check_hand(hand) == hand
    else:
        with pytest.raises(PokerError):
            check_hand(hand)


@pytest.mark.parametrize('text, card', [
    ('A♠\ufe0f', 'AS'), ('10♥\ufe0f', 'TH'), ('q♦\ufe0f', 'QD'), ('2♣\ufe0e', '2C'),
    (' K♠\ufe0f ', 'KS')])
def test_parse_card_accepts_a_suit_with_an_emoji_variation_selector(text, card):
    # Phones and web pages write a suit as the symbol followed by U+FE0F.
    assert parse_card(text) == card


def test_parse_hand_accepts_emoji_suits():
    assert parse_hand('A♠️ K♠️ Q♠️ J♠️ 10♠️') == ['AS', 'KS', 'QS', 'JS', 'TS']


@pytest.mark.parametrize('text, write', [('10', "'10C' or 'TC'"), ('A', "'AC'"),
                                         ('t', "'TC'"), (' 9 ', "'9C'")])
def test_a_card_without_a_suit_says_the_suit_is_missing(text, write):
    with pytest.raises(PokerError) as e:
        parse_card(text)
    assert str(e.value) == (f'bad card {text!r}: the suit is missing '
                            f'(write it after the rank, as in {write})')


@pytest.mark.parametrize('call', [
    lambda token: parse_card(token), lambda token: parse_card('1' + token),
    lambda token: parse_hand(f'AS {token}'), lambda token: check_hand([token] * 4),
    lambda token: check_hand(token), lambda token: check_hand(['KS'] + ['AS'] * 5000),
    lambda token: parse_hand(' '.join(['AS'] * 5000)),
], ids=['parse_card', 'rank', 'parse_hand', 'check_hand', 'string', 'duplicate',
        'many'])
def test_a_long_bad_value_is_quoted_short(call):
    token = 'Z' * 20_000_000 + 'X'    # a 20 MB token, once echoed whole
    with pytest.raises(PokerError) as e:
        call(token)
    message = str(e.value)
    assert '\n' not in message and len(message) < 250, message[:250]
    assert '...' in message
