"""Exercises of notebook 05, Shuffling.

A shuffle is judged exactly, over every sequence of random choices on the
decks of 2 to 6 cards, whichever ``random.Random`` methods built on integer
choices it uses; then as a function of its random choices (replayed in
another order, and given ``random.Random`` itself); then on 2,000 shuffles
of the full deck, by tests whose power against the known biases is
computed (``shuffles.judge_shuffle``, ``deck_statistics.power``). The common
mistakes are data: mistaken shuffles, and predicates on the failing
distribution, each with the hint it earns.
"""

import functools
import itertools
import math
from fractions import Fraction

from ...fairness import exact_shuffle_probabilities
from ...i18n import N_, _
from ..judge.kit import code, diagnosed, exercise, forbid, known, mistakes, wrong
from .shuffles import (DECK_REBOUND, DECK_RETURNED, OWN_RNG, first_card_never_moves,
                       judge_shuffle, last_card_never_moves, uniform, warm)

__all__ = []

# The exercises notebook 05 checks, in the order of its check cells (registry.lessons);
# ALSO: those it registers that no check cell uses. @exercise takes no other name.
CHECKS = ('shuffle2', 'sattolo', 'most_likely_naive', 'shuffle_by_sorting')
ALSO = ('shuffle',)


# ---------------------------------------------------------------------------
# The mistakes students make, each with the hint it earns: the one home of each. The judge
# diagnoses by the rows made with diagnosed(...); tests/practice/test_mistakes.py tests them all.

_SWAPS = """
def {name}(deck, rng):
    N = len(deck)
    for i in range({start}, {stop}):
        j = rng.randrange({low}, {high})
        deck[i], deck[j] = deck[j], deck[i]
"""


_PAIRS = """
def shuffle(deck, rng):
    N = len(deck)
    swapped = [False] * N
    while not all(swapped):
        i, j = rng.randrange(N), rng.randrange(N)
        swapped[i] = True
        deck[i], deck[j] = deck[j], deck[i]
"""


def _swaps(name='shuffle', start='0', stop='N - 1', low='i', high='N'):
    """A student's swap loop, with one of the mistakes."""
    return _SWAPS.format(name=name, start=start, stop=stop, low=low, high=high)


# A shuffle's mistake is diagnosed by its exact distribution on the failing deck (and the
# decks up to four cards), compared with the mistaken shuffle's, or by a test of it.
_FIRST_NEVER_MOVES = diagnosed(
    _swaps(start='1'), N_('the first card never moves: does the loop start at 1? Positions are '
                          'numbered from 0, so start at i = 0 (range(N - 1))'),
    test=first_card_never_moves)

mistakes(
    'shuffle',
    _FIRST_NEVER_MOVES,
    diagnosed(_swaps(high='N - 1'),
              N_('the last card never moves: rng.randrange(i, N) already stops before N, so '
                 'N - 1 can be drawn; randrange(i, N - 1) never draws it'),
              test=last_card_never_moves),
    diagnosed(_swaps(stop='N', low='0'),
              N_('swapping each position with any position gives N**N equally likely runs, '
                 'which cannot split evenly over N! arrangements: swap position i only with a '
                 'position from i to N-1')),
    diagnosed(_swaps(low='i + 1'),
              N_('no card can stay where it is: swap position i with a position from i to '
                 'N-1, i itself included (randrange(i, N), not randrange(i + 1, N))')),
    diagnosed(_swaps(stop='N - 2'),
              N_('the loop stops one step early: i goes from 0 to N-2, which is '
                 'range(N - 1)')),
    diagnosed(_swaps(high='min(i + 4, N)'),
              N_('swap position i with any position from i to N-1, not only the next few')),
    diagnosed(_PAIRS, N_("this is the lecture's shuffle2 (notebook 05's shuffle3): swapping random "
                         "pairs until every position was the first of a swap is biased, too "
                         "little for a thousand shuffles to show (notebook 05 computes it "
                         "exactly); swap each position i with one from i to N-1")),
    ("""
def shuffle(deck, rng):
    deck = sorted(deck, key=lambda card: rng.random())
""", DECK_REBOUND),
    ("""
def shuffle(deck, rng):
    return sorted(deck, key=lambda card: rng.random())
""", DECK_RETURNED),
    ("""
import random
def shuffle(deck, rng):
    random.shuffle(deck)
""", OWN_RNG))

mistakes('shuffle2', (_swaps(name='shuffle2', start='1'), _FIRST_NEVER_MOVES.hint))

mistakes(
    'sattolo',
    diagnosed(_swaps(name='sattolo'),
              N_('a card can stay where it is here: swap position i with a position strictly '
                 'after it, randrange(i + 1, N)')),
    diagnosed(_swaps(name='sattolo', start='1', low='i + 1'),
              N_('the first card never moves: start the loop at i = 0'),
              test=first_card_never_moves))

SORTING_TIES = N_('{perm} comes out with probability {p}, not 1/{ways}: with few possible keys, '
                  'cards tie, and a stable sort keeps tied cards in their old order; a random '
                  'comparator (cmp_to_key) is no order at all: give each card one key that '
                  'never ties, rng.random()')
"""(issue 49: a comparator that answers at random was told only about ties among keys)"""

mistakes(
    'shuffle_by_sorting',
    ("""
def shuffle_by_sorting(deck, rng):
    deck = sorted(deck, key=lambda card: rng.random())
""", DECK_REBOUND),
    ("""
def shuffle_by_sorting(deck, rng):
    deck.sort(key=lambda card: rng.randrange(3))
""", SORTING_TIES),
    diagnosed("""
def shuffle_by_sorting(deck, rng):
    deck[1:] = sorted(deck[1:], key=lambda card: rng.randrange(len(deck)))
""", N_('the first card never moves'), test=first_card_never_moves))

NOT_LARGEST = N_('{perm} comes out with probability {p}, not the largest: compare the '
                 'probabilities (max with a key)')
RIGHT_ARRANGEMENT = N_('the arrangement is right; its probability is {p}')

mistakes(
    'most_likely_naive',
    ("""
def most_likely_naive():
    return ('abcd', 1 / 24)
""", NOT_LARGEST),
    ("""
from pokerlib import exact_shuffle_probabilities
def most_likely_naive():
    probs = exact_shuffle_probabilities('shuffle_naive', 'abcd')
    best = max(probs, key=probs.get)
    return (best, 1 / 24)
""", RIGHT_ARRANGEMENT))


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


@exercise('shuffle2', error_hint=shuffle_error, seconds=10, prepare=[warm])
@exercise('shuffle', error_hint=shuffle_error, seconds=10, prepare=[warm])
def _shuffle2(run):
    return judge_shuffle(run, uniform, fair, knuth_hint, known('shuffle'))


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


@exercise('sattolo', seconds=10, prepare=[warm],
          error_hint=N_('sattolo(deck, rng) swaps each position i from 0 to N-2 with '
                        'rng.randrange(i + 1, N): the last position has none after it'))
def _sattolo(run):
    return judge_shuffle(
        run, cyclic,
        lambda deck: _('1/{ways} for each arrangement of {deck} that forms one cycle, 0 for '
                       'the others').format(ways=math.factorial(len(deck) - 1),
                                            deck=repr(deck)),
        sattolo_hint, known('sattolo'), full='sattolo')


def _sorting_error(error):
    """error_hint of shuffle_by_sorting: a key that reads the deck while it is sorted."""
    if isinstance(error, ValueError) and 'empty range' in str(error):
        return N_('while deck.sort runs, the list looks empty to the key function (len(deck) '
                  'is 0 there): work out what the key needs before sorting, and draw keys '
                  'that never tie, such as rng.random()')
    return None


@exercise('shuffle_by_sorting', seconds=10, prepare=[warm], error_hint=_sorting_error)
def _shuffle_by_sorting(run):
    return judge_shuffle(run, uniform, fair, lambda deck, perm, probs, expected: (
        _(SORTING_TIES).format(perm=repr(perm), p=probs.get(perm, 0),
                               ways=math.factorial(len(deck)))),
        known('shuffle_by_sorting'))


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
    if pair and isinstance(value[0], (list, tuple)) and ''.join(map(str, value[0])) in probs \
            and all(isinstance(x, str) and len(x) == 1 for x in value[0]):
        value = (''.join(value[0]), value[1])     # the arrangement as a list of letters: as good
    ok = (pair and (value[0] == expected[0] or (isinstance(value[0], (list, tuple, set))
                                                and sorted(value[0]) == winners))
          and isinstance(value[1], (int, float, Fraction)) and not isinstance(value[1], bool)
          and abs(value[1] - best) < 1e-12)
    if ok:
        return
    if not pair:
        hint = _('a pair: (the most likely arrangement, its probability)')
    elif isinstance(value[1], str) and value[1] in probs and not isinstance(value[0], str):
        hint = _('the pair the other way round: (the arrangement, its probability), the '
                 'arrangement first')
    elif isinstance(value[0], str) and value[0] in probs and value[0] not in winners:
        hint = _(NOT_LARGEST).format(perm=repr(value[0]), p=probs[value[0]])
    elif value[0] == expected[0]:
        hint = _(RIGHT_ARRANGEMENT).format(p=best)
    else:
        hint = _('exact_shuffle_probabilities(shuffle_naive, "abcd") has them all; find the '
                 'largest')
    raise wrong(value, expected, hint)


# --- the course's functions that do these exercises' work under other names -------------

_SHUFFLES = tuple(f'pokerlib.shuffling:{name}' for name in
                  ('shuffle1', 'shuffle2', 'shuffle3', 'shuffle4', 'shuffle_naive'))
for _name in ('shuffle2', 'sattolo', 'shuffle_by_sorting'):
    forbid(_name, *_SHUFFLES)
