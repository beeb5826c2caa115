"""The shuffles the course compares, each in place and each taking ``rng``.

==============  ==============================================  ==========
name            what it does                                    fair?
==============  ==============================================  ==========
shuffle1        the "teacher's" shuffle: swap random pairs      no
                until every position was touched (both marked)
shuffle2        Knuth's Algorithm P (Fisher-Yates): swap i      yes
                with a random position in i..N-1
shuffle3        shuffle1, marking only the first position i     no (slightly)
shuffle4        shuffle2 run over all N positions               yes
shuffle_naive   swap each i with any position 0..N-1            no
==============  ==============================================  ==========

The fairness column is proved, not guessed: ``pokerlib.fairness``
computes every permutation's exact probability for small decks.

>>> import random
>>> deck = list('abcde')
>>> shuffle2(deck, random.Random(7))
>>> deck
['c', 'a', 'd', 'b', 'e']
"""

from .cards import PokerError, short_repr

__all__ = ['swap', 'shuffle1', 'shuffle2', 'shuffle3', 'shuffle4',
           'shuffle_naive', 'SHUFFLERS']


def _check(deck, rng):
    if not isinstance(deck, list):
        raise PokerError(f'a shuffle works in place on a list, got '
                         f'{type(deck).__name__}: {short_repr(deck)}')
    if not (hasattr(rng, 'randrange')):
        raise PokerError(f'rng must be a random.Random (something with '
                         f'randrange), got {short_repr(rng)}')


def swap(deck, i, j):
    """Swap the items at positions i and j of deck, in place.

    >>> d = list('abc'); swap(d, 0, 2); d
    ['c', 'b', 'a']
    """
    deck[i], deck[j] = deck[j], deck[i]


def shuffle1(deck, rng):
    """The teacher's shuffle: swap random pairs until all positions were swapped.

    Badly biased: for 'abc', 'abc' itself comes out with probability 1/20 and
    'bca' with 4/15, where a fair shuffle gives each 1/6.

    >>> import random
    >>> deck = list('abcd'); shuffle1(deck, random.Random(1)); deck
    ['c', 'a', 'b', 'd']
    """
    _check(deck, rng)
    N = len(deck)
    swapped = [False] * N
    while not all(swapped):
        i, j = rng.randrange(N), rng.randrange(N)
        swapped[i] = swapped[j] = True
        swap(deck, i, j)


def shuffle2(deck, rng):
    """Knuth's Algorithm P (Fisher-Yates): fair, with exactly N-1 swaps.

    >>> import random
    >>> deck = list('abcd'); shuffle2(deck, random.Random(1)); deck
    ['b', 'd', 'c', 'a']
    """
    _check(deck, rng)
    N = len(deck)
    for i in range(N - 1):
        swap(deck, i, rng.randrange(i, N))


def shuffle3(deck, rng):
    """shuffle1, but marking only the first position of each swap.

    Slightly biased: for 'abc', 'abc' comes out with probability 249/1,540
    (16.17%) instead of 1/6 (16.67%), too little for the course's 10% test.

    >>> import random
    >>> deck = list('abcd'); shuffle3(deck, random.Random(1)); deck
    ['a', 'c', 'b', 'd']
    """
    _check(deck, rng)
    N = len(deck)
    swapped = [False] * N
    while not all(swapped):
        i, j = rng.randrange(N), rng.randrange(N)
        swapped[i] = True
        swap(deck, i, j)


def shuffle4(deck, rng):
    """shuffle2 run over all N positions (the last swap is a no-op). Fair.

    >>> import random
    >>> deck = list('abcd'); shuffle4(deck, random.Random(1)); deck
    ['b', 'd', 'c', 'a']
    """
    _check(deck, rng)
    N = len(deck)
    for i in range(N):
        swap(deck, i, rng.randrange(i, N))


def shuffle_naive(deck, rng):
    """Swap each position with any position: N**N equally likely runs, biased.

    >>> import random
    >>> deck = list('abcd'); shuffle_naive(deck, random.Random(1)); deck
    ['d', 'b', 'c', 'a']
    """
    _check(deck, rng)
    N = len(deck)
    for i in range(N):
        swap(deck, i, rng.randrange(N))


SHUFFLERS = {f.__name__: f for f in
             (shuffle1, shuffle2, shuffle3, shuffle4, shuffle_naive)}
