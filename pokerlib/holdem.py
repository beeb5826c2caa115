"""More than five cards: the best five of seven, and wild jokers.

>>> best_hand('6C 7C 8C 9C TC 5C JS'.split())
['6C', '7C', '8C', '9C', 'TC']
>>> best_wild_hand('6C 7C 8C 9C TC 5C ?B'.split())
['7C', '8C', '9C', 'TC', 'JC']
"""

import itertools

from .cards import RANKS
from .ranking import hand_rank, takes_hand

__all__ = ['best_hand', 'best_wild_hand', 'BLACK_CARDS', 'RED_CARDS',
           'replacements']

BLACK_CARDS = [r + s for r in RANKS for s in 'SC']
RED_CARDS = [r + s for r in RANKS for s in 'HD']

_rank = hand_rank.__wrapped__   # unchecked: a joker may copy a card in the hand


@takes_hand(sizes=(5, 6, 7))
def best_hand(hand) -> list:
    """The best five-card hand out of 5 to 7 cards, trying every combination.

    >>> best_hand('TD TC TH 7C 7D 8C 8S'.split())
    ['TD', 'TC', 'TH', '8C', '8S']
    """
    return list(max(itertools.combinations(hand, 5), key=_rank))


def replacements(card) -> list:
    """The cards that `card` may stand for: any black card for '?B', and so on.

    >>> len(replacements('?B')), replacements('?R')[:2], replacements('AS')
    (26, ['2H', '2D'], ['AS'])
    """
    return {'?B': BLACK_CARDS, '?R': RED_CARDS}.get(card, [card])


@takes_hand(sizes=(5, 6, 7), jokers=True)
def best_wild_hand(hand) -> list:
    """The best five-card hand out of 5 to 7 cards, where jokers are wild.

    A joker may stand for a card already in the hand: that is how five of a
    kind happens.

    >>> best_wild_hand('JD TC TH 7C 7D 7S 7H'.split())
    ['JD', '7C', '7D', '7S', '7H']
    """
    hands = dict.fromkeys(tuple(best_hand.__wrapped__(h)) for h in
                          itertools.product(*map(replacements, hand)))
    return list(max(hands, key=_rank))
