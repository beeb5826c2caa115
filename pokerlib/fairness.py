"""Is a shuffle fair? Counting, testing, and exact probabilities.

Lesson 05. ``shuffle_counts`` runs a shuffler many times on a small deck and
counts each permutation; ``within_tolerance`` is the lecture's 10% rule and
``chi_square`` the standard test; ``exact_shuffle_probabilities`` computes
every permutation's probability exactly, with fractions; ``trials_to_detect``
and ``pass_probability`` say how much a test can see; ``count_swaps`` and
``expected_swaps`` measure the work a shuffler does.

Nothing here prints; every random function takes ``rng`` (a random.Random).

>>> import random
>>> counts = shuffle_counts('shuffle2', 'abc', 600, random.Random(1))
>>> sorted(counts), sum(counts.values())
(['abc', 'acb', 'bac', 'bca', 'cab', 'cba'], 600)
>>> exact_shuffle_probabilities('shuffle_naive', 'abc')['abc']
Fraction(4, 27)
"""

import contextlib
import itertools
import math
import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from numbers import Real

from .cards import PokerError, check_count, check_limit, check_rng, short_repr
from .frequencies import check_counts
from .i18n import N_, _
from .lazy import np
from .ranking import trusted
from .scripted import enumerate_runs
from .shuffling import (SHUFFLERS, shuffle1, shuffle2, shuffle3, shuffle4,
                        shuffle_naive, swap)

__all__ = ['shuffle_counts', 'within_tolerance', 'chi_square', 'pass_probability',
           'exact_shuffle_probabilities', 'trials_to_detect', 'count_swaps',
           'expected_swaps']


MAX_PASS_TRIALS = 1_000_000    # pass_probability: arrays of about n numbers (50 MB)
MAX_SWAP_DECK = 1_000_000      # count_swaps: a list of N items
MAX_SWAP_TRIALS = 1_000_000    # count_swaps: one number per trial
MAX_EXPECTED_DECK = 2_000      # expected_swaps of a marking shuffle: N exact fractions (0.5 s)


def _name(shuffle) -> str:
    """A shuffler's name for a message: its __name__, or its short repr."""
    name = getattr(shuffle, '__name__', None)
    return name if isinstance(name, str) else short_repr(shuffle)


def _get_shuffler(shuffler):
    """The shuffle function: `shuffler` itself if callable, else the library's of that name."""
    if callable(shuffler):
        if isinstance(shuffler, type):
            raise PokerError(_('a shuffler is a function such as shuffle2, not the class {name}').format(
                                 name=_name(shuffler)))
        return shuffler
    if not isinstance(shuffler, str) or shuffler not in SHUFFLERS:
        raise PokerError(_('unknown shuffler {shuffler}; choose from {choices}').format(
                             shuffler=short_repr(shuffler), choices=", ".join(SHUFFLERS)))
    return SHUFFLERS[shuffler]


def _perms(deck):
    return [''.join(p) for p in itertools.permutations(deck)]


def _check_small_deck(deck, most=8):
    """A deck for the shuffle tests: a string of distinct characters."""
    if (not isinstance(deck, str) or not 1 <= len(deck) <= most
            or len(set(deck)) != len(deck)):
        raise PokerError(_('the deck to shuffle must be a string of 1 to {most} different '
                           'characters, such as "abc"; got {deck}').format(
                             most=most, deck=short_repr(deck)))


def shuffle_counts(shuffler, deck='abc', n=10_000, rng=None) -> dict:
    """How often each permutation of `deck` comes out of n shuffles.

    Every permutation is a key (zeros included), in the order of
    itertools.permutations(deck).

    >>> shuffle_counts('shuffle1', 'ab', 600, random.Random(1))
    {'ab': 96, 'ba': 504}
    """
    shuffle = _get_shuffler(shuffler)
    _check_small_deck(deck)
    n = check_count(n, N_('n (number of trials)'))
    rng = check_rng(rng)
    counts = dict.fromkeys(_perms(deck), 0)
    with _trusted_run(shuffle, rng):
        for _trial in range(n):
            d = list(deck)
            shuffle(d, rng)
            counts[''.join(d)] += 1
    return counts


def _trusted_run(shuffle, rng):
    """trusted() for a loop of the library's own shuffle given random.Random itself (its
    arguments are good every time: a fresh list, and positions in it); else no change."""
    if type(rng) is random.Random and any(shuffle is f for f in SHUFFLERS.values()):
        return trusted()
    return contextlib.nullcontext()


def within_tolerance(counts, tol=0.10) -> bool:
    """The course's test: is every count within tol (10%) of the expected?

    >>> within_tolerance({'ab': 52, 'ba': 48}), within_tolerance({'ab': 60, 'ba': 40})
    (True, False)
    """
    check_counts(counts)
    if isinstance(tol, bool) or not isinstance(tol, Real) or not tol >= 0:
        raise PokerError(_('tol must be a number >= 0, such as 0.10; got {tol}').format(
                             tol=short_repr(tol)))
    expected = sum(counts.values()) / len(counts)
    return all(abs(c - expected) <= tol * expected for c in counts.values())


def chi_square(counts, probabilities=None):
    """The chi-square goodness-of-fit test of counts against uniform (or given) probabilities.

    Returns (statistic, p-value).

    >>> stat, p = chi_square({'ab': 50, 'ba': 50}); float(stat), float(p)
    (0.0, 1.0)
    """
    check_counts(counts)
    if len(counts) < 2:
        raise PokerError(_('a chi-square test needs at least 2 outcomes, got {counts}').format(
                             counts=short_repr(counts)))
    observed = list(counts.values())
    n = sum(observed)
    if probabilities is not None:
        _check_probabilities(probabilities, keys=counts)
        expected = [n * float(probabilities[k]) for k in counts]
    else:
        expected = [n / len(observed)] * len(observed)
    observed, expected = np.array(observed, dtype=float), np.array(expected)
    with np.errstate(divide='ignore', invalid='ignore'):        # an impossible outcome: inf
        statistic = float(((observed - expected) ** 2 / expected).sum())
    return statistic, _chi_square_sf(statistic, len(observed) - 1)


# scipy.special, not scipy.stats: the same functions, and a notebook imports it in a
# third of the time (0.2 s against 0.7 s).

def _chi_square_sf(x, df) -> float:
    """The chance that a chi-square variable with df degrees of freedom exceeds x."""
    from scipy.special import chdtrc
    return float(chdtrc(df, x))


def _poisson_pmf(k, mu):
    """The Poisson(mu) probabilities of the counts k (a NumPy array)."""
    from scipy.special import gammaln, xlogy
    return np.exp(xlogy(k, mu) - mu - gammaln(k + 1))


def _check_probabilities(probabilities, keys=None):
    """Check a mapping of probabilities: numbers in 0..1 adding up to 1."""
    if not isinstance(probabilities, Mapping) or len(probabilities) < 2:
        raise PokerError(_('expected probabilities as a dict of at least 2 outcomes, got '
                           '{probabilities}').format(
                             probabilities=short_repr(probabilities)))
    if keys is not None and set(probabilities) != set(keys):
        raise PokerError(_('the probabilities are for {outcomes}, the counts for {counted}').format(
                             outcomes=short_repr(sorted(probabilities, key=str)),
                             counted=short_repr(sorted(keys, key=str))))
    if not all(isinstance(p, Real) and not isinstance(p, bool) and 0 <= p <= 1
               for p in probabilities.values()):
        raise PokerError(_('probabilities must be numbers from 0 to 1, got {probabilities}').format(
                             probabilities=short_repr(probabilities)))
    if abs(sum(probabilities.values()) - 1) > 1e-9:
        raise PokerError(_('probabilities must add up to 1, not {float}').format(
                             float=float(sum(probabilities.values()))))


def _marking_chain(deck, marks):
    """Exact outcome probabilities of 'swap random i, j until all marked'.

    `marks(i, j)` is the set of positions a swap marks. Solved as a Markov
    chain: the final arrangement, as a permutation of positions, has a
    distribution D[m] that depends only on the set m already marked, and
    D[m] = (1/N^2) * sum over (i, j) of (swap i j, then D[m | marks(i, j)]).
    Terms that leave m unchanged make a linear system, solved exactly.
    """
    N = len(deck)
    perms = list(itertools.permutations(range(N)))
    index = {p: k for k, p in enumerate(perms)}
    full = frozenset(range(N))

    def after_swap(p, i, j):   # p is where each item went; then swap i, j
        q = list(p)
        swap(q, i, j)
        return tuple(q)

    identity = tuple(range(N))
    D = {full: {identity: Fraction(1)}}   # nothing more happens
    w = Fraction(1, N * N)
    masks = sorted((frozenset(c) for r in range(N) for c in
                    itertools.combinations(range(N), r)), key=len, reverse=True)
    for m in masks:
        # Unknown x[p] = P(final arrangement p | start at identity, marked m).
        # Composition: arrangement s after the swap, then D[m'] applied to it.
        size = len(perms)
        A = [[Fraction(0)] * size for _ in range(size)]
        b = [Fraction(0)] * size
        for k in range(size):
            A[k][k] += 1
        for i in range(N):
            for j in range(N):
                m2 = m | marks(i, j)
                s = after_swap(identity, i, j)
                if m2 == m:
                    # x[p] gets w * P(rest takes s to p) = w * x[s^-1 p]
                    for p in perms:
                        t = tuple(s[p[k]] for k in range(N))  # compose
                        A[index[t]][index[p]] -= w
                else:
                    for p, prob in D[m2].items():
                        t = tuple(s[p[k]] for k in range(N))
                        b[index[t]] += w * prob
        x = _solve(A, b)
        D[m] = {perms[k]: x[k] for k in range(size) if x[k]}
    final = D[frozenset()]
    out = dict.fromkeys(_perms(deck), Fraction(0))
    for p, prob in final.items():
        arranged = [None] * N
        for k in range(N):
            arranged[k] = deck[p[k]]
        out[''.join(arranged)] += prob
    return out


def _solve(A, b):
    """Solve A x = b exactly: Bareiss's fraction-free elimination on integers.

    A and b hold Fractions; they are scaled to integers by a common
    denominator, eliminated without ever leaving the integers (each division
    is exact), and solved back into Fractions.

    >>> _solve([[Fraction(2), Fraction(0)], [Fraction(1), Fraction(1, 3)]], [Fraction(2), Fraction(3)])
    [Fraction(1, 1), Fraction(6, 1)]
    """
    n = len(b)
    scale = math.lcm(*(v.denominator for row in A for v in row),
                     *(v.denominator for v in b))
    M = [[v.numerator * (scale // v.denominator) for v in row]
         + [b[k].numerator * (scale // b[k].denominator)] for k, row in enumerate(A)]
    previous = 1
    for k in range(n):
        pivot = next(r for r in range(k, n) if M[r][k] != 0)
        M[k], M[pivot] = M[pivot], M[k]
        top = M[k]
        for i in range(k + 1, n):
            row = M[i]
            f = row[k]
            row[k] = 0
            for j in range(k + 1, n + 1):
                row[j] = (row[j] * top[k] - f * top[j]) // previous
        previous = top[k]
    # Back, in integers too: by Cramer's rule det * x[i] is an integer, and the last
    # pivot is the determinant (up to its sign), so each division here is exact.
    det = M[n - 1][n - 1]
    y = [0] * n
    for i in reversed(range(n)):
        row = M[i]
        y[i] = (det * row[n] - sum(row[j] * y[j] for j in range(i + 1, n))) // row[i]
    return [Fraction(v, det) for v in y]


# The two 'until every position is marked' shuffles, by the function itself
# (a student's function that happens to be called shuffle1 is not this one).
_MARKS = {shuffle1: lambda i, j: frozenset((i, j)),
          shuffle3: lambda i, j: frozenset((i,))}


def exact_shuffle_probabilities(shuffler, deck='abc') -> dict:
    """The exact probability (a Fraction) of each permutation of a small deck.

    A shuffle with a bounded number of random choices is enumerated by running
    its own code over every sequence of choices; the library's two 'until
    every position is marked' shuffles (shuffle1 and shuffle3 themselves, or
    their names) are solved as Markov chains. Any function (a partial or a
    callable object too) is judged by what it does, not by its name.
    Practical for decks of up to 4 (5 for the bounded shuffles).

    >>> exact_shuffle_probabilities('shuffle1', 'ab')
    {'ab': Fraction(1, 6), 'ba': Fraction(5, 6)}
    """
    _check_small_deck(deck, most=5)
    shuffle = _get_shuffler(shuffler)
    name = _name(shuffle)
    if shuffle in _MARKS:
        if len(deck) > 4:
            raise PokerError(_('{name}: exact probabilities only for decks of up to 4 items, '
                               'got {n_deck}').format(
                                 name=name, n_deck=len(deck)))
        return _marking_chain(deck, _MARKS[shuffle])
    probs = dict.fromkeys(_perms(deck), Fraction(0))
    for outcome, p, rng in enumerate_runs(shuffle, deck):
        if rng.stopped in ('float', 'bits'):
            raise PokerError(_('random() has too many answers to try them all; use randrange, '
                               'randint or choice'))
        if outcome is None:
            raise PokerError(_('{name} does not stop after a bounded number of random choices').format(
                                 name=name))
        probs[outcome] += p
    return probs


def pass_probability(probabilities, n, tol=0.10) -> float:
    """The chance that the lecture's test passes a shuffle in n trials.

    The lecture's test_shuffler counts each arrangement in n shuffles and
    passes the shuffle if every arrangement that came up has a count within
    `tol` (10%) of the fair count e = n/k, by its own floating-point test
    `1 - tol <= count/e <= 1 + tol` (which rejects a count of exactly
    0.9 * e whenever count/e rounds below 0.9). `probabilities` are the
    shuffle's true probabilities (a dict, e.g. from
    exact_shuffle_probabilities).

    Computed exactly, up to rounding: multinomial counts are independent
    Poisson counts conditioned on their total, so the answer is the chance
    that independent Poisson(n*p) counts all pass, and add up to n, divided by
    the chance that they add up to n (a convolution, done with FFTs).

    >>> fair = {'ab': 0.5, 'ba': 0.5}
    >>> round(pass_probability(fair, 100), 3), round(pass_probability(fair, 10_000), 3)
    (0.729, 1.0)
    """
    _check_probabilities(probabilities)
    n = check_limit(check_count(n, N_('n (number of trials)')), MAX_PASS_TRIALS,
                    N_('n (number of trials)'))
    if isinstance(tol, bool) or not isinstance(tol, Real) or not 0 <= tol < 1:
        raise PokerError(_('tol must be a number from 0 to 1, such as 0.10; got {tol}').format(
                             tol=short_repr(tol)))
    if n == 0:
        return 1.0
    fair = n / len(probabilities)
    counts = np.arange(math.floor((1 + tol) * fair) + 2)
    ok = (counts == 0) | ((1 - tol <= counts / fair) & (counts / fair <= 1 + tol))
    # Each outcome's passing counts, as (first count, their probabilities) with the
    # counts that underflow to 0 left off both ends; alike outcomes are counted once.
    pieces = Counter()
    for p in map(float, probabilities.values()):
        if p:                          # one that never comes up, the test never looks at
            pieces[p] += 1
    parts = []
    for p, times in pieces.items():
        pmf = np.where(ok, _poisson_pmf(counts, n * p), 0)
        seen = np.flatnonzero(pmf)
        if not len(seen):
            return 0.0                 # this outcome never passes
        parts.append((int(seen[0]), pmf[seen[0]:seen[-1] + 1], times))
    # The chance that they all pass and add up to n: the sum's distribution, by one
    # product of Fourier transforms, read at n.
    first = sum(start * times for start, _pmf, times in parts)
    size = sum((len(pmf) - 1) * times for _start, pmf, times in parts) + 1
    if not first <= n < first + size:
        return 0.0
    fast = 1 << (size - 1).bit_length()
    spectrum = np.ones(fast // 2 + 1, dtype=complex)
    for _start, pmf, times in parts:
        spectrum *= np.fft.rfft(pmf, fast) ** times
    within = max(float(np.fft.irfft(spectrum, fast)[n - first]), 0.0)
    return float(min(1.0, within / _poisson_pmf(np.array(n), n)))


def trials_to_detect(probabilities, alpha=0.01, power=0.9) -> int:
    """How many trials a chi-square test needs to detect this bias.

    The smallest n at which a level-`alpha` chi-square test against the
    uniform distribution rejects with probability `power`, when the truth is
    `probabilities` (uses the noncentral chi-square distribution). Returns
    0 for an exactly uniform shuffle (no bias to detect).

    >>> trials_to_detect({'ab': 0.6, 'ba': 0.4}), trials_to_detect({'ab': 0.5, 'ba': 0.5})
    (372, 0)
    """
    from scipy.special import chdtri, chndtr
    _check_probabilities(probabilities)
    for what, x in [('alpha', alpha), ('power', power)]:
        if isinstance(x, bool) or not isinstance(x, Real) or not 0 < x < 1:
            raise PokerError(_('{what} must be a number between 0 and 1, got {x}').format(
                                 what=what, x=short_repr(x)))
    ps = [float(p) for p in probabilities.values()]
    k = len(ps)
    w2 = sum((p - 1 / k) ** 2 / (1 / k) for p in ps)   # Cohen's w squared
    if w2 == 0:
        return 0
    critical = chdtri(k - 1, alpha)     # chi2.isf: not the inverse of the CDF at 1 - alpha (1.0)

    def misses(n):     # the chance that n trials miss the bias: the noncentral CDF there
        return chndtr(critical, k - 1, n * w2)
    miss = 1 - power                    # exact for power from 0.5 to 1 (and 1 - CDF is not)
    lo, hi = 1, 2
    while misses(hi) > miss:
        lo, hi = hi, hi * 2
        if hi > 2 ** 60:   # beyond this the float arithmetic gives out
            raise PokerError(_('this bias is too small to detect in fewer than {value:.2g} '
                               'trials').format(value=2 ** 60))
    while lo < hi:   # bisect for the smallest n with enough power
        mid = (lo + hi) // 2
        if misses(mid) <= miss:
            hi = mid
        else:
            lo = mid + 1
    return lo


class _CountingList(list):
    """A list that counts its swaps (each swap assigns two items)."""
    assignments = 0

    def __setitem__(self, i, v):
        self.assignments += 1
        super().__setitem__(i, v)


def count_swaps(shuffler, N=52, trials=1000, rng=None) -> list:
    """The number of swaps a shuffler makes on N items, for each of `trials` runs.

    >>> count_swaps('shuffle2', 52, 3), count_swaps('shuffle1', 4, 5, random.Random(1))
    ([51, 51, 51], [3, 6, 4, 4, 2])
    """
    shuffle = _get_shuffler(shuffler)
    N = check_limit(check_count(N, N_('N (deck size)')), MAX_SWAP_DECK, N_('N (deck size)'))
    trials = check_limit(check_count(trials, N_('trials')), MAX_SWAP_TRIALS, N_('trials'))
    rng = check_rng(rng)
    out = []
    with _trusted_run(shuffle, rng):
        for _trial in range(trials):
            d = _CountingList(range(N))
            shuffle(d, rng)
            out.append(d.assignments // 2)
    return out


def expected_swaps(shuffler, N=52) -> Fraction:
    """The exact expected number of swaps a shuffler makes on N items.

    >>> expected_swaps('shuffle2', 52), expected_swaps('shuffle3', 2)
    (Fraction(51, 1), Fraction(3, 1))
    """
    shuffle = _get_shuffler(shuffler)
    N = check_count(N, N_('N (deck size)'))
    fixed = {shuffle2: max(N - 1, 0), shuffle4: N, shuffle_naive: N}
    if shuffle in fixed:
        return Fraction(fixed[shuffle])
    if shuffle not in _MARKS:
        raise PokerError(_("expected_swaps knows the library's shuffles only ({choices}), not "
                           "{name}; count_swaps counts any shuffle's swaps").format(
                             choices=', '.join(SHUFFLERS), name=_name(shuffle)))
    N = check_limit(N, MAX_EXPECTED_DECK, N_('N (deck size)'))
    name = shuffle.__name__
    # E[k] = expected swaps still to come when k positions are marked.
    # A swap picks i, j uniformly; only how many new positions it marks matters.
    E = [Fraction(0)] * (N + 2)
    for k in range(N - 1, -1, -1):
        u = N - k   # unmarked positions
        if name == 'shuffle3':
            p = {0: Fraction(k, N), 1: Fraction(u, N)}
        else:
            p = {0: Fraction(k * k, N * N),
                 1: Fraction(2 * k * u + u, N * N),
                 2: Fraction(u * (u - 1), N * N)}
        # E[k] = 1 + p0 E[k] + p1 E[k+1] + p2 E[k+2]
        rest = sum(p[d] * E[k + d] for d in p if d > 0)
        E[k] = (1 + rest) / (1 - p[0])
    return E[0]
