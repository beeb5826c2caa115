"""Dealing hands from a deck, with the randomness passed in as ``rng``.

>>> import random
>>> deal(2, 5, rng=random.Random(2026))
[['9H', '7C', '8C', '8S', '7D'], ['5H', '6S', 'AS', '4H', '3S']]
"""

import random  # noqa: F401 (the doctests use random.Random)

from .i18n import N_, _
from .cards import (_DECK, DECK, PokerError, check_count, check_hand, check_rng,
                    short_repr)
from .ranking import checked

__all__ = ['deal', 'deal_by_removing']


def check_deck(deck) -> list:
    """Check that a deck is a list of distinct cards; return it.

    >>> check_deck(['AS', 'AS'])
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: duplicate card 'AS' in deck ['AS', 'AS']
    """
    if isinstance(deck, str) or not isinstance(deck, (list, tuple)):
        raise PokerError(_('a deck is a list of cards, got {deck}').format(
                             deck=short_repr(deck)))
    try:
        check_hand(deck, sizes=(len(deck),), jokers=True)
    except PokerError as e:      # a deck's card said to be in a deck, in the reader's language
        in_hand = _('in hand {hand}').format(hand=short_repr(list(deck)))
        in_deck = _('in deck {deck}').format(deck=short_repr(list(deck)))
        raise PokerError(str(e).replace(in_hand, in_deck)) from None
    return deck


def _check_deal(numhands, n=5, deck=DECK, rng=None) -> tuple:
    """Check a deal's arguments; (numhands, n, deck, rng), the counts as Python ints."""
    numhands = check_count(numhands, N_('numhands'))
    n = check_count(n, N_('n (cards per hand)'))
    if n < 1:
        raise PokerError(_('n (cards per hand) must be at least 1, got {n}: a hand has at least '
                           'one card').format(n=n))
    deck = _DECK if deck is DECK else check_deck(deck)   # the library's own copy
    if numhands * n > len(deck):
        raise PokerError(_('cannot deal {numhands} hands of {n} cards: that is {cards} cards and '
                           'the deck has {deck}').format(numhands=numhands, n=n,
                                                         cards=numhands * n, deck=len(deck)))
    return numhands, n, deck, check_rng(rng)


def deal(numhands, n=5, deck=DECK, rng=None) -> list:
    """Deal `numhands` hands of `n` cards: shuffle a copy of the deck, then slice.

    The lecture's deal shuffles the deck it is given, in place, with the
    random module; this one shuffles a copy (the caller's deck is never
    changed) with `rng`, a random.Random (a fresh unseeded one if None).

    >>> deal(1, 60)
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: cannot deal 1 hands of 60 cards: that is 60 cards and the deck has 52
    """
    deck = list(deck)
    rng.shuffle(deck)
    return [deck[n*i:n*(i+1)] for i in range(numhands)]


deal = checked(deal, _check_deal)


def deal_by_removing(numhands, n=5, deck=DECK, rng=None) -> list:
    """Deal the long way: pick a random card and remove it, one card at a time.

    >>> hands = deal_by_removing(3, 4, rng=random.Random(1))
    >>> [len(h) for h in hands], len(set(sum(hands, [])))
    ([4, 4, 4], 12)
    """
    deck = list(deck)
    hands = []
    for _hand in range(numhands):
        hand = []
        for _card in range(n):
            card = rng.choice(deck)
            deck.remove(card)
            hand.append(card)
        hands.append(hand)
    return hands


deal_by_removing = checked(deal_by_removing, _check_deal)
