"""Exercises of notebook 05, Shuffling.

A shuffle is judged exactly, over every sequence of random choices on the
decks 'ab', 'abc' and 'abcd', whichever ``random.Random`` methods built on
integer choices it uses; where it draws floats (``rng.random()``,
``uniform``, ``choices``...) a chi-square test on 60,000 seeded shuffles
decides instead (``judges.judge_shuffle``).
"""

import functools
import itertools
import math
from fractions import Fraction

from ..fairness import exact_shuffle_probabilities
from .core import code, exercise, wrong
from .judges import judge_shuffle, warm_chi_square

__all__ = []


def uniform(deck) -> dict:
    """Every arrangement of deck, 1/N! each."""
    perms = sorted({''.join(p) for p in itertools.permutations(deck)})
    return {p: Fraction(1, len(perms)) for p in perms}


def fair(deck) -> str:
    return f'fair, 1/{math.factorial(len(deck))} for every arrangement of {deck!r}'


def knuth_hint(deck, perm, probs, expected):
    if probs.get(perm, 0) == 0:
        return (f'{perm!r} never comes out: can an item stay where it is? (swap i with a '
                f'position from i to N-1, including i itself)')
    sizes = {p.denominator for p in probs.values()}
    if max(sizes) == len(deck) ** len(deck):
        return (f'swapping each position with any position gives {len(deck)}**{len(deck)} '
                f'equally likely runs, which cannot split evenly over '
                f'{math.factorial(len(deck))} arrangements: swap position i only with a '
                f'position from i to N-1')
    return (f'{perm!r} comes out with probability {probs.get(perm, 0)}, where a fair '
            f'shuffle gives 1/{math.factorial(len(deck))}')


SHUFFLE_ERROR = f'shuffle2(deck, rng) rearranges deck in place, using {code("rng.randrange")}'


@exercise('shuffle2', error_hint=SHUFFLE_ERROR, seconds=10, prepare=[warm_chi_square])
@exercise('shuffle', error_hint=SHUFFLE_ERROR, seconds=10, prepare=[warm_chi_square])
def _shuffle2(run):
    return judge_shuffle(run, uniform, fair, knuth_hint)


def cyclic(deck) -> dict:
    """Sattolo's shuffle: each single-cycle arrangement, 1/(n-1)! each."""
    n = len(deck)
    out = {}
    for p in itertools.permutations(range(n)):
        seen, i, length = set(), 0, 0
        while i not in seen:
            seen.add(i)
            i, length = p[i], length + 1
        out[''.join(deck[k] for k in p)] = (Fraction(1, math.factorial(n - 1))
                                             if length == n else Fraction(0))
    return out


def sattolo_hint(deck, perm, probs, expected):
    if expected[perm] == 0:
        fixed = [c for c, d in zip(perm, deck) if c == d]
        why = (f'{fixed[0]!r} stays where it was' if fixed else
               'its items split into more than one cycle')
        return (f'{perm!r} comes out with probability {probs.get(perm, 0)}, and it should '
                f'never come out: {why}')
    if probs.get(perm, 0) == 0:
        return (f'{perm!r} never comes out, and it should, with probability {expected[perm]}: '
                f'does every position i from 0 to N-2 get its swap?')
    return (f'{perm!r} comes out with probability {probs.get(perm, 0)}, not '
            f'{expected[perm]}')


@exercise('sattolo', seconds=10, prepare=[warm_chi_square],
          error_hint='sattolo(deck, rng) swaps each position i from 0 to N-2 with '
                     'rng.randrange(i + 1, N): the last position has none after it')
def _sattolo(run):
    return judge_shuffle(
        run, cyclic,
        lambda deck: (f'1/{math.factorial(len(deck) - 1)} for each arrangement of {deck!r} '
                      f'that forms one cycle, 0 for the others'),
        sattolo_hint)


@exercise('shuffle_by_sorting', seconds=10, prepare=[warm_chi_square])
def _shuffle_by_sorting(run):
    return judge_shuffle(run, uniform, fair, lambda deck, perm, probs, expected: (
        f'{perm!r} comes out with probability {probs.get(perm, 0)}, not '
        f'1/{math.factorial(len(deck))}: with few possible keys, cards tie, and a stable '
        f'sort keeps tied cards in their old order'))


@functools.cache
def naive_probabilities() -> dict:
    return exact_shuffle_probabilities('shuffle_naive', 'abcd')


@exercise('most_likely_naive', takes_value=True, prepare=[naive_probabilities],
          returns='a pair: (an arrangement, its probability)')
def _most_likely_naive(value):
    probs = naive_probabilities()
    best = max(probs.values())
    winners = sorted(p for p, q in probs.items() if q == best)
    expected = (winners[0], best) if len(winners) == 1 else (winners, best)
    pair = isinstance(value, (tuple, list)) and len(value) == 2
    ok = (pair and (value[0] == expected[0] or (isinstance(value[0], (list, tuple, set))
                                                and sorted(value[0]) == winners))
          and isinstance(value[1], (int, float, Fraction)) and not isinstance(value[1], bool)
          and abs(value[1] - best) < 1e-12)
    if ok:
        return
    if not pair:
        hint = 'a pair: (the most likely arrangement, its probability)'
    elif isinstance(value[0], str) and value[0] in probs and value[0] not in winners:
        hint = (f'{value[0]!r} comes out with probability {probs[value[0]]}, not the largest: '
                f'compare the probabilities (max with a key)')
    elif value[0] == expected[0]:
        hint = f'the arrangement is right; its probability is {best}'
    else:
        hint = ('exact_shuffle_probabilities(shuffle_naive, "abcd") has them all; find the '
                'largest')
    raise wrong(value, expected, hint)

