"""The shuffles the course compares, each in place and each taking ``rng``.

==============  ==============================================  ===============
name here       what it does                                    the lecture's
==============  ==============================================  ===============
shuffle1        the "teacher's" shuffle: swap random pairs      shuffle1
                until every position was touched (both marked)
shuffle2        Knuth's Algorithm P (Fisher-Yates): swap i      shuffle
                with a random position in i..N-1
shuffle3        shuffle1, marking only the first position i     shuffle2
shuffle4        shuffle2 run over all N positions               (none)
shuffle_naive   swap each i with any position 0..N-1            shuffle3
==============  ==============================================  ===============

The lecture's versions call ``random.randrange``; these take the random
generator as ``rng`` (a random.Random), so that a run can be repeated. Which
of them are fair is what lesson 05 finds out; ``pokerlib.fairness``
computes every arrangement's exact probability for small decks.

>>> import random
>>> deck = list('abcde')
>>> shuffle2(deck, random.Random(7))
>>> deck
['c', 'a', 'd', 'b', 'e']
"""

import random

from .cards import PokerError, SharedDict, as_whole_number, check_rng, short_repr
from .i18n import _
from .ranking import checked

__all__ = ['swap', 'shuffle1', 'shuffle2', 'shuffle3', 'shuffle4',
           'shuffle_naive', 'SHUFFLERS']


def _check_shuffle(deck, rng) -> tuple:
    """A shuffle's arguments: a list to shuffle in place, and a random generator."""
    if not isinstance(deck, list):
        raise PokerError(_('a shuffle works in place on a list, got {kind}: {deck}').format(
                             kind=type(deck).__name__, deck=short_repr(deck)))
    return deck, check_rng(rng, needs=('randrange',))


def _check_swap(deck, i, j) -> tuple:
    """swap's arguments: a list, and two positions in it."""
    if type(deck) is list and type(i) is int and type(j) is int \
            and -len(deck) <= i < len(deck) and -len(deck) <= j < len(deck):
        return deck, i, j        # the common case, quickly: a shuffle's loop swaps often
    if not isinstance(deck, list):
        raise PokerError(_('swap works in place on a list, got {kind}: {deck}').format(
                             kind=type(deck).__name__, deck=short_repr(deck)))
    positions = [as_whole_number(i), as_whole_number(j)]
    for given, k in zip((i, j), positions):
        if k is None or not -len(deck) <= k < len(deck):
            raise PokerError(_('swap needs positions in the list (0 to {value}), got {given}').format(
                                 value=len(deck) - 1, given=short_repr(given)))
    return (deck, *positions)


def swap(deck, i, j):
    """Swap the items at positions i and j of deck, in place.

    >>> d = list('abc'); swap(d, 0, 2); d
    ['c', 'b', 'a']
    """
    deck[i], deck[j] = deck[j], deck[i]


swap = checked(swap, _check_swap)


def shuffle1(deck, rng):
    """The teacher's shuffle: swap random pairs until every position was swapped.

    >>> import random
    >>> deck = list('abcd'); shuffle1(deck, random.Random(1)); deck
    ['c', 'a', 'b', 'd']
    """
    N = len(deck)
    swapped = [False] * N
    while not all(swapped):
        i, j = rng.randrange(N), rng.randrange(N)
        swapped[i] = swapped[j] = True
        swap(deck, i, j)


def shuffle2(deck, rng):
    """Knuth's Algorithm P (Fisher-Yates), the lecture's shuffle: N-1 swaps.

    >>> import random
    >>> deck = list('abcd'); shuffle2(deck, random.Random(1)); deck
    ['b', 'd', 'c', 'a']
    """
    N = len(deck)
    for i in range(N - 1):
        swap(deck, i, rng.randrange(i, N))


def shuffle3(deck, rng):
    """shuffle1, but marking only the first position of each swap (the lecture's shuffle2).

    >>> import random
    >>> deck = list('abcd'); shuffle3(deck, random.Random(1)); deck
    ['a', 'c', 'b', 'd']
    """
    N = len(deck)
    swapped = [False] * N
    while not all(swapped):
        i, j = rng.randrange(N), rng.randrange(N)
        swapped[i] = True
        swap(deck, i, j)


def shuffle4(deck, rng):
    """shuffle2 run over all N positions (the last swap swaps a card with itself).

    >>> import random
    >>> deck = list('abcd'); shuffle4(deck, random.Random(1)); deck
    ['b', 'd', 'c', 'a']
    """
    N = len(deck)
    for i in range(N):
        swap(deck, i, rng.randrange(i, N))


def shuffle_naive(deck, rng):
    """Swap each position with any position, 0 to N-1 (the lecture's shuffle3).

    >>> import random
    >>> deck = list('abcd'); shuffle_naive(deck, random.Random(1)); deck
    ['d', 'b', 'c', 'a']
    """
    N = len(deck)
    for i in range(N):
        swap(deck, i, rng.randrange(N))


def _positions_are_good(deck, rng) -> bool:
    """random.Random itself (not a stand-in, not a subclass) gives only positions in the
    list: the swaps of a shuffle that uses it skip their checks."""
    return type(rng) is random.Random


shuffle1 = checked(shuffle1, _check_shuffle, _positions_are_good)
shuffle2 = checked(shuffle2, _check_shuffle, _positions_are_good)
shuffle3 = checked(shuffle3, _check_shuffle, _positions_are_good)
shuffle4 = checked(shuffle4, _check_shuffle, _positions_are_good)
shuffle_naive = checked(shuffle_naive, _check_shuffle, _positions_are_good)

SHUFFLERS = SharedDict('SHUFFLERS', {f.__name__: f for f in
                       (shuffle1, shuffle2, shuffle3, shuffle4, shuffle_naive)})
"""Each shuffle by name (shared, so read-only)."""
