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
from ..i18n import N_, _
from .core import code, exercise, wrong
from .judges import judge_shuffle, warm_chi_square

__all__ = []


def uniform(deck) -> dict:
    """Every arrangement of deck, 1/N! each."""
    perms = sorted({''.join(p) for p in itertools.permutations(deck)})
    return {p: Fraction(1, len(perms)) for p in perms}


def fair(deck) -> str:
    return _('fair, 1/{n} for every arrangement of {deck}').format(
        n=math.factorial(len(deck)), deck=repr(deck))


def knuth_hint(deck, perm, probs, expected):
    if probs.get(perm, 0) == 0:
        return _('{perm} never comes out: can an item stay where it is? (swap i with a '
                 'position from i to N-1, including i itself)').format(perm=repr(perm))
    sizes = {p.denominator for p in probs.values()}
    if max(sizes) == len(deck) ** len(deck):
        return _('swapping each position with any position gives {n}**{n} equally likely '
                 'runs, which cannot split evenly over {ways} arrangements: swap position i '
                 'only with a position from i to N-1').format(
                     n=len(deck), ways=math.factorial(len(deck)))
    return _('{perm} comes out with probability {p}, where a fair shuffle gives '
             '1/{ways}').format(perm=repr(perm), p=probs.get(perm, 0),
                                ways=math.factorial(len(deck)))


def shuffle_error(error) -> str:
    """error_hint of shuffle2."""
    return _('shuffle2(deck, rng) rearranges deck in place, using {randrange}').format(
        randrange=code('rng.randrange'))


@exercise('shuffle2', error_hint=shuffle_error, seconds=10, prepare=[warm_chi_square])
@exercise('shuffle', error_hint=shuffle_error, seconds=10, prepare=[warm_chi_square])
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
        why = (_('{item} stays where it was').format(item=repr(fixed[0])) if fixed else
               _('its items split into more than one cycle'))
        return _('{perm} comes out with probability {p}, and it should never come out: '
                 '{why}').format(perm=repr(perm), p=probs.get(perm, 0), why=why)
    if probs.get(perm, 0) == 0:
        return _('{perm} never comes out, and it should, with probability {p}: does every '
                 'position i from 0 to N-2 get its swap?').format(perm=repr(perm),
                                                                 p=expected[perm])
    return _('{perm} comes out with probability {p}, not {q}').format(
        perm=repr(perm), p=probs.get(perm, 0), q=expected[perm])


@exercise('sattolo', seconds=10, prepare=[warm_chi_square],
          error_hint=N_('sattolo(deck, rng) swaps each position i from 0 to N-2 with '
                        'rng.randrange(i + 1, N): the last position has none after it'))
def _sattolo(run):
    return judge_shuffle(
        run, cyclic,
        lambda deck: _('1/{ways} for each arrangement of {deck} that forms one cycle, 0 for '
                       'the others').format(ways=math.factorial(len(deck) - 1),
                                            deck=repr(deck)),
        sattolo_hint)


@exercise('shuffle_by_sorting', seconds=10, prepare=[warm_chi_square])
def _shuffle_by_sorting(run):
    return judge_shuffle(run, uniform, fair, lambda deck, perm, probs, expected: (
        _('{perm} comes out with probability {p}, not 1/{ways}: with few possible keys, '
          'cards tie, and a stable sort keeps tied cards in their old order').format(
              perm=repr(perm), p=probs.get(perm, 0), ways=math.factorial(len(deck)))))


@functools.cache
def naive_probabilities() -> dict:
    return exact_shuffle_probabilities('shuffle_naive', 'abcd')


@exercise('most_likely_naive', takes_value=True, prepare=[naive_probabilities],
          returns=N_('a pair: (an arrangement, its probability)'))
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
        hint = _('a pair: (the most likely arrangement, its probability)')
    elif isinstance(value[0], str) and value[0] in probs and value[0] not in winners:
        hint = _('{perm} comes out with probability {p}, not the largest: compare the '
                 'probabilities (max with a key)').format(perm=repr(value[0]),
                                                          p=probs[value[0]])
    elif value[0] == expected[0]:
        hint = _('the arrangement is right; its probability is {p}').format(p=best)
    else:
        hint = _('exact_shuffle_probabilities(shuffle_naive, "abcd") has them all; find the '
                 'largest')
    raise wrong(value, expected, hint)

