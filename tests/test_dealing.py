"""deal and deal_by_removing: seeded, never touching the caller's deck."""

import random
from collections import Counter

import pytest

from pokerlib import DECK, PokerError, deal, deal_by_removing


@pytest.mark.parametrize('dealer', [deal, deal_by_removing])
def test_deals_are_distinct_cards_of_the_right_shape(dealer):
    hands = dealer(10, 5, rng=random.Random(1))
    assert [len(h) for h in hands] == [5] * 10
    cards = [c for h in hands for c in h]
    assert len(set(cards)) == 50 and set(cards) <= set(DECK)


@pytest.mark.parametrize('dealer', [deal, deal_by_removing])
def test_the_callers_deck_is_never_changed(dealer):
    deck = list(DECK)
    dealer(4, 7, deck, random.Random(2))
    assert deck == DECK
    assert DECK[:2] == ['2S', '2H']
    small = ('AS', 'KS', 'QS')
    assert len(dealer(1, 3, small, random.Random(3))[0]) == 3


@pytest.mark.parametrize('dealer', [deal, deal_by_removing])
def test_the_same_seed_deals_the_same_hands(dealer):
    assert dealer(3, rng=random.Random(9)) == dealer(3, rng=random.Random(9))
    assert dealer(3, rng=random.Random(9)) != dealer(3, rng=random.Random(10))


@pytest.mark.slow
def test_every_card_is_equally_likely_to_be_dealt_first():
    # 52,000 first cards: each count is Binomial(52000, 1/52), mean 1000 and
    # sd 31; the seeded run must have every count within 5 sd (4.4 if ever
    # this failed by chance with another seed: 52 * P(|Z| > 5) ~ 3e-5).
    rng = random.Random(2026)
    counts = Counter(deal(1, 1, rng=rng)[0][0] for _ in range(52_000))
    assert set(counts) == set(DECK)
    assert all(abs(n - 1000) < 5 * 31 for n in counts.values())


@pytest.mark.parametrize('args, message', [
    ((11, 5), 'cannot deal 11 hands of 5 cards: that is 55 cards and the deck has 52'),
    ((-1,), 'numhands must be a non-negative whole number, got -1'),
    ((2.5,), 'got 2.5'),
    ((2, 'five'), "got 'five'"),
    ((1, 5, ['AS', 'AS', 'KS', 'QS', 'JS', 'TS']), "duplicate card 'AS' in deck"),
    ((1, 5, 'AS KS QS JS TS'), 'a deck is a list of cards'),
    ((1, 2, ['AS', 'ZZ']), "bad card 'ZZ'"),
])
@pytest.mark.parametrize('dealer', [deal, deal_by_removing])
def test_impossible_deals_say_why(dealer, args, message):
    with pytest.raises(PokerError) as e:
        dealer(*args)
    assert message in str(e.value)


def test_zero_hands_is_fine_but_a_hand_has_at_least_one_card():
    assert deal(0) == [] and deal_by_removing(0) == []
    assert deal(2, 1, rng=random.Random(1)) == [['AH'], ['4H']]
    for dealer in (deal, deal_by_removing):
        with pytest.raises(PokerError, match='at least 1, got 0'):
            dealer(2, 0)
