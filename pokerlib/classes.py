"""Hands a ranking cannot tell apart: 7,462 classes cover all 2,598,960 hands.

Lessons 03 and 04. Both versions of ``hand_rank`` look at a hand in only two
ways: the ranks of its cards, in any order (a *multiset* of ranks), and
whether all five suits are the same. So any two hands with the same multiset
of ranks that are both flushes, or both not, get the same ranking from
either version. Those hands form a *class*. There are 6,175 multisets of
five ranks (at most four cards of a rank), and the 1,287 of them with five
different ranks can also be a flush: 7,462 classes in all.

A class is small to describe and easy to count: a multiset with ``c`` cards
of some rank allows ``C(4, c)`` choices of suits for that rank, and the
choices for different ranks combine freely; among the ``4**5`` ways to give
five different ranks their suits, exactly 4 are flushes.

>>> classes = hand_classes()
>>> len(classes), sum(n for hand, n in classes)
(7462, 2598960)
>>> classes[0]
(['2S', '2H', '2D', '2C', '3S'], 4)
"""

import itertools
from math import comb, prod

from .cards import RANKS, SUITS

__all__ = ['hand_classes']


def hand_classes() -> list:
    """One hand from each class, with the number of hands in its class.

    Returns a list of (hand, count) pairs, one per class: the multisets of
    ranks from four deuces and a three up, each multiset of five different
    ranks twice, not a flush and then a flush. The counts add up to
    C(52, 5) = 2,598,960: every hand is in exactly one class.

    >>> [(hand, n) for hand, n in hand_classes() if sorted(hand) == ['2S', '3S', '4S', '5S', '7H']]
    [(['2S', '3S', '4S', '5S', '7H'], 1020)]
    """
    classes = []
    for ranks in itertools.combinations_with_replacement(RANKS, 5):
        counts = {r: ranks.count(r) for r in dict.fromkeys(ranks)}
        if len(counts) == 1:
            continue                       # five of a kind needs a wild card
        hand = [r + s for r, c in counts.items() for s in SUITS[:c]]
        if len(counts) < 5:
            classes.append((hand, prod(comb(4, c) for c in counts.values())))
        else:                              # five different ranks
            hand[-1] = hand[-1][0] + SUITS[1]      # one heart: not a flush
            classes.append((hand, 4**5 - 4))
            classes.append(([r + SUITS[0] for r in counts], 4))
    return classes
