"""The full deck's statistical tests, their power, the exact test of a modulo bias, and their
reports: the third step of judging a shuffle (``shuffles``, whose docstring tells the steps);
the exact targets, and the known mistakes' distributions, tests and replays.
"""

import functools
import itertools
import math
import random
from collections import Counter
from fractions import Fraction

from ...cards import DECK
from ...i18n import N_, _
from ...scripted import enumerate_runs
from ..judge.kit import Mismatch, code

__all__ = ['uniform', 'predicate', 'mistaken_distribution', 'EXACT_BUDGET', 'full_deck_tests', 'power', 'warm', 'FULL_TRIALS', 'ALPHA', 'Z_LIMIT', 'LONG_DECK',
           'LONG_TRIALS']

EXACT_BUDGET = 4_000
"""Runs of the student's shuffle the exact judgement may spend on one deck."""

FULL_TRIALS = 1_000
"""Shuffles of the full deck for the statistical tests."""

ALPHA = 1e-7
"""Each full-deck test wrongly fails a fair shuffle with probability at most this (five tests)."""

Z_LIMIT = 5.33
"""A one-sided normal tail of 5.33 standard deviations: probability 4.9e-8 (two-sided 9.8e-8)."""

LONG_DECK = 1_000
"""The ascents test's long deck: LONG_DECK numbers (see shuffles.LONG_SEEDS)."""
LONG_TRIALS = 6
"""Long shuffles at least (shuffles.LONG_EXTRA more, as a check's seed says)."""


def _positions(outcomes, deck):
    """An (N, n) array: the position of each card of deck in each outcome."""
    import numpy as np
    index = {c: i for i, c in enumerate(deck)}
    where = np.empty((len(outcomes), len(deck)), dtype=np.int64)
    for k, out in enumerate(outcomes):
        where[k, [index[c] for c in out]] = np.arange(len(deck))
    return where


@functools.cache
def _swap_chain(kind, n=52) -> 'np.ndarray':  # noqa: F821 (numpy is imported inside)
    """P[c, p]: the exact chance that card c ends at position p, for a swap shuffle
    whose step i swaps i with a random j (the position of one card is a Markov chain)."""
    import numpy as np
    steps = []
    if kind == 'modulo':            # j = i + getrandbits(8) % (n - i)
        for i in range(n - 1):
            d = Counter(i + r % (n - i) for r in range(256))
            steps.append((i, {j: c / 256 for j, c in d.items()}))
    elif kind == 'modulo_down':     # for i from n-1 down: j = getrandbits(8) % (i + 1)
        for i in reversed(range(1, n)):
            d = Counter(r % (i + 1) for r in range(256))
            steps.append((i, {j: c / 256 for j, c in d.items()}))
    elif kind == 'window':          # j = randrange(i, min(i + 4, n))
        for i in range(n - 1):
            js = range(i, min(i + 4, n))
            steps.append((i, {j: 1 / len(js) for j in js}))
    elif kind == 'naive':           # j = randrange(n), for every i
        steps = [(i, {j: 1 / n for j in range(n)}) for i in range(n)]
    elif kind == 'sattolo':         # j = randrange(i + 1, n)
        steps = [(i, {j: 1 / (n - 1 - i) for j in range(i + 1, n)}) for i in range(n - 1)]
    P = np.eye(n)
    for i, d in steps:
        T = np.eye(n)
        T[i, i] = 0
        for j, q in d.items():
            T[i, j] += q
            if j != i:
                T[j, j] -= q
                T[j, i] += q
        P = P @ T
    return P


@functools.cache
def _contrast(kind):
    """(weights W, mean, sd) of the likelihood-ratio statistic sum_c W[c, pos(c)] aimed at a
    bias, its mean and standard deviation for one fair shuffle (Hoeffding's formulas)."""
    import numpy as np
    P = _swap_chain(kind)
    n = len(P)
    W = np.log(P * n)
    centred = W - W.mean(1, keepdims=True) - W.mean(0, keepdims=True) + W.mean()
    return W, W.sum() / n, math.sqrt((centred ** 2).sum() / (n - 1))


CRITICAL = {(52 - 1) ** 2: 2993.5131114758165, (6 - 1) ** 2: 80.36536325597974}
"""chi2.isf(ALPHA, df) for the card-by-position tests of the full deck and of six cards,
computed once with scipy (tests/practice/test_shuffles.py recomputes them): a pass needs
no scipy, whose import would cost the judge about a second; a failure's p-value uses it."""


def _chi_square_fails(x2, df):
    """(failed, p-value or None): the chi-square test at level ALPHA; the p-value of a failure."""
    if x2 <= CRITICAL[df]:
        return False, None
    from scipy.special import chdtrc
    return True, float(chdtrc(df, x2))


@functools.cache
def warm():
    """What the full-deck tests need, computed once before the student's code runs."""
    return _contrast('modulo'), _contrast('modulo_down'), _contrast('naive')


def full_deck_tests(where) -> list:
    """The five tests on an (N, 52) array of positions: [(name, p-value or z, failed, detail)].

    Each fails a fair shuffle with probability at most ALPHA."""
    import numpy as np
    N, n = where.shape
    counts = np.zeros((n, n))
    np.add.at(counts, (np.repeat(np.arange(n)[None, :], N, 0).ravel(), where.ravel()), 1)
    e = N / n
    x2 = ((counts - e) ** 2 / e).sum() * (n - 1) / n
    failed, p = _chi_square_fails(x2, (n - 1) ** 2)
    out = [('positions', p, failed, counts)]
    for kind in ('modulo', 'modulo_down', 'naive'):
        W, mean, sd = _contrast(kind)
        total = W[np.arange(n)[None, :], where].sum()
        z = (total - N * mean) / (sd * math.sqrt(N))
        out.append((kind, z, z > Z_LIMIT, None))
    order = np.argsort(where, axis=1)          # the cards (by their old index) in each outcome
    ascents = (np.diff(order, axis=1) > 0).sum()
    z = (ascents - N * (n - 1) / 2) / math.sqrt(N * (n + 1) / 12)
    out.append(('ascents', z, abs(z) > Z_LIMIT, None))
    return out


@functools.cache
def power(trials=FULL_TRIALS) -> dict:
    """The chance that the full-deck tests fail each known biased shuffle, computed.

    Exact card-by-position matrices (the Markov chain of one card's position)
    give the noncentral chi-square test's power and the mean shift of the
    likelihood-ratio tests (normal, with the fair variance); the ascents of
    sorting on randrange(1000) keys are simulated (2,000 sorts of the long
    deck, seeded), those of a cut are at least 50 of 51.
    """
    import numpy as np
    from scipy.stats import chi2, ncx2, norm
    n = 52
    critical = chi2.isf(ALPHA, (n - 1) ** 2)

    def chi_power(P):
        lam = ((P - 1 / n) ** 2 * n).sum() * (n - 1) / n * trials
        return float(ncx2.sf(critical, (n - 1) ** 2, lam))

    def lr_power(P, kind):
        W, mean, sd = _contrast(kind)
        shift = (W * P).sum() - mean
        return float(norm.sf(Z_LIMIT - shift * math.sqrt(trials) / sd))

    spades = np.zeros((n, n))
    for c, card in enumerate(DECK):
        if card[1] == 'S':
            spades[c, n - 13:] = 1 / 13
        else:
            spades[c, :n - 13] = 1 / 39
    gen = np.random.default_rng(212)
    keys = gen.integers(0, 1000, size=(2_000, LONG_DECK))
    order = np.argsort(keys, axis=1, kind='stable')
    shift = (np.diff(order, axis=1) > 0).sum(1).mean() - (LONG_DECK - 1) / 2
    long_sd = math.sqrt((LONG_DECK + 1) / 12)
    sd = math.sqrt((n + 1) / 12)
    return {
        'getrandbits(8) % (N - i), i upwards': lr_power(_swap_chain('modulo'), 'modulo'),
        'getrandbits(8) % (i + 1), i downwards': lr_power(_swap_chain('modulo_down'),
                                                          'modulo_down'),
        'sort on randrange(1000) keys (ties)': float(norm.sf(
            Z_LIMIT - shift * math.sqrt(LONG_TRIALS) / long_sd)),
        'swap within a window of 4': chi_power(_swap_chain('window')),
        'naive swap (randrange(N) for every i)': lr_power(_swap_chain('naive'), 'naive'),
        'Sattolo (randrange(i + 1, N))': chi_power(_swap_chain('sattolo')),
        'spades always at the bottom': chi_power(spades),
        'a cut only (deal)': float(norm.sf(Z_LIMIT - ((n - 2) / 2 - 1) * math.sqrt(trials)
                                           / sd)),
    }



# ---------------------------------------------------------------------------
# Exact, whatever the sample: a modulo bias

NARROW = 1 << 16
"""Draws of at most this many values are narrow enough for a modulo bias to matter."""

MODULO_BIAS = N_('every shuffle drew the same {d} numbers, of {sizes} possible values each, so '
                 'each arrangement comes out of a whole number of the {total} equally likely '
                 'sequences of draws, and {n} arrangements cannot all be equally likely: reducing '
                 'a draw of 2**k values modulo m favours the smaller choices (modulo bias); draw '
                 'each choice with {randrange}, which rejects the extra values')


def _fixed_draws(rngs, n, full):
    """Exact, whatever the sample: a shuffle whose every run drew the same sequence of narrow
    integer draws (no float, no rejection) is a tree of equally likely leaves, the product of
    their sizes, and each arrangement gets a whole number of them: unless the number of
    arrangements it must make equally likely (n!, or (n - 1)! for Sattolo) divides that
    product, it is biased. A modulo bias of any width up to 16 bits fails here (getrandbits(12)
    % m, one byte for Sattolo), however small the bias, with no statistics; randrange,
    randint, choice and rng.shuffle draw choices of exactly m values and pass."""
    sequences = {tuple(rng.sizes) for rng in rngs}
    if len(sequences) != 1:
        return
    sizes = sequences.pop()
    if not sizes or not all(0 < size <= NARROW for size in sizes):
        return
    arrangements = math.factorial(n - 1 if full == 'sattolo' else n)
    total = math.prod(sizes)
    if total % arrangements == 0:
        return
    shown = sorted(set(sizes))
    raise Mismatch([('problem', _('{n:,d} shuffles of the full deck all drew {d} numbers, '
                                  'of {sizes} possible values').format(
                                      n=len(rngs), d=len(sizes),
                                      sizes=', '.join(f'{v:,d}' for v in shown[:4])
                                      + (', ...' if len(shown) > 4 else ''))),
                    ('hint', _(MODULO_BIAS).format(
                        d=len(sizes), sizes=(f'{shown[0]:,d}' if len(shown) == 1 else
                                             f'{shown[0]:,d}–{shown[-1]:,d}'),
                        total=(f'{shown[0]:,d}**{len(sizes)}' if len(shown) == 1 else
                               _('product of their sizes')),
                        n=(f'{n - 1}!' if full == 'sattolo' else f'{n}!'),
                        randrange=code('rng.randrange(m)')))])


# ---------------------------------------------------------------------------
# Reports

def _sattolo_full(where, name):
    """Sattolo on the full deck: no card stays, every other position in its fair share."""
    import numpy as np
    N, n = where.shape
    stays = (where == np.arange(n)[None, :]).sum()
    if stays:
        raise Mismatch([('returned', _('a card stayed where it was in {k:,d} of {N:,d} shuffles '
                                       'of the full deck').format(k=int(stays), N=N)),
                        ('hint', _('in Sattolo\'s shuffle no card stays where it was: swap '
                                   'position i with a position strictly after it'))])
    counts = np.zeros((n, n))
    np.add.at(counts, (np.repeat(np.arange(n)[None, :], N, 0).ravel(), where.ravel()), 1)
    e = N / (n - 1)
    z = (counts - e) / math.sqrt(e)
    np.fill_diagonal(z, 0)
    if np.abs(z).max() > 6.5:
        c, p = np.unravel_index(np.abs(z).argmax(), z.shape)
        raise Mismatch([('returned', _('{card} ended at position {p} in {k:,d} of {N:,d} '
                                       'shuffles').format(card=DECK[c], p=int(p),
                                                          k=int(counts[c, p]), N=N)),
                        ('expected', _('about {e:.0f}').format(e=e)),
                        ('hint', _('every card must reach every other position equally '
                                   'often'))])


def _full_deck_report(test, value, detail, where, name, trials=None, size=52):
    import numpy as np
    N, n = where.shape if where is not None else (trials, size)
    deck_words = (_('the full deck') if size == 52 else
                  _('a deck of {size:,d} cards').format(size=size))
    if test == 'positions':
        counts = detail
        e = N / n
        c, p = np.unravel_index(np.abs(counts - e).argmax(), counts.shape)
        return [('returned', _('{card} ended at position {p} in {k:,d} of {N:,d} shuffles of '
                               'the full deck').format(card=DECK[c], p=int(p),
                                                       k=int(counts[c, p]), N=N)),
                ('expected', _('about {e:.0f} for every card at every position').format(e=e)),
                ('hint', _('cards do not land at every position equally often (chi-square '
                           'test, p = {p:.1e}): a fair shuffle swaps position i with a '
                           'position from i to N-1 ({call}), once for each i').format(
                               p=value, call=code('rng.randrange(i, N)')))]
    if test == 'naive':
        return [('returned', _('{N:,d} shuffles of the full deck, cards landing where swaps with '
                               'any position put them (z = {z:.1f})').format(N=N, z=value)),
                ('hint', _('swapping each position with any position gives N**N equally likely '
                           'runs, which cannot split evenly over N! arrangements: swap position '
                           'i only with a position from i to N-1'))]
    if test in ('modulo', 'modulo_down'):
        return [('returned', _('{N:,d} shuffles of the full deck, some cards landing where a '
                               'remainder favours them (z = {z:.1f})').format(N=N, z=value)),
                ('hint', _('this is the bias of a remainder: {mod} makes the small numbers '
                           'more likely whenever m does not divide 256; draw with {randrange}, '
                           'which has no bias').format(mod=code('rng.getrandbits(8) % m'),
                                                       randrange=code('rng.randrange(m)')))]
    return [('returned', _('in {N:,d} shuffles of {deck}, neighbouring cards kept '
                           'their old order {more} often than in a fair shuffle (z = '
                           '{z:.1f})').format(N=N, z=value, deck=deck_words,
                                              more=_('more') if value > 0 else _('less'))),
            ('hint', _('with few possible sort keys, cards tie, and a sort keeps tied cards '
                       'in their old order: draw keys that never tie ({random})').format(
                           random=code('rng.random()'))
             if value > 0 else
             _('a fair shuffle leaves as many neighbours in their old order as not'))]


class _Replayed(random.Random):
    """Her draws, for a mistaken shuffle to replay: randrange(n) answers her next draw, an
    integer below n, or int(u * n) for a float u (her int(N * rng.random())), random() a
    float; any other draw, or one more than she made, raises LookupError."""

    def __init__(self, draws):
        self.gauss_next, self.left = None, list(reversed(draws))

    def _randbelow(self, n):
        d = self.left.pop() if self.left else None
        if type(d) is float or type(d) is int and 0 <= d < n:
            return int(d * n) if type(d) is float else d
        raise LookupError(d)

    def random(self):
        if self.left and type(self.left[-1]) is float:
            return self.left.pop()
        raise LookupError('random')


def _replays(mistaken, deck, draws, out) -> bool:
    """Does the mistaken shuffle, given these draws, use them all and make the deck `out`?"""
    again, cards = _Replayed(draws), list(deck)
    try:
        mistaken(cards, again)
    except LookupError:
        return False
    return not again.left and tuple(cards) == out


@functools.cache
def mistaken_distribution(shuffle, deck) -> tuple:
    """The exact distribution of a known mistaken shuffle (the course's own code) on deck, or
    None where its tree is too big to walk (the lecture's shuffle2 can run for ever)."""
    probs = Counter()
    for outcome, p, _rng in enumerate_runs(shuffle, deck, most=64, budget=EXACT_BUDGET):
        probs[outcome] += p
    if None in probs or sum(probs.values()) != 1:
        return None
    return tuple(sorted(probs.items(), key=lambda kv: str(kv[0])))


def predicate(f):
    """Mark f(probs, deck) as a predicate on the failing distribution (not a shuffle)."""
    f.predicate = True
    return f


def _moves(probs, deck):
    return any(tuple(o) != tuple(deck) for o, p in probs.items() if p)


@predicate
def first_card_never_moves(probs, deck):
    """The first card always stays; None if no card ever moves (this deck can't tell)."""
    if not _moves(probs, deck):
        return None
    return all(o[0] == deck[0] for o, p in probs.items() if p)


@predicate
def last_card_never_moves(probs, deck):
    if not _moves(probs, deck):
        return None
    return all(o[-1] == deck[-1] for o, p in probs.items() if p)


def arrangement(deck, items):
    """items as an outcome of a run on deck: a string for a string deck, else a tuple."""
    return ''.join(items) if isinstance(deck, str) else tuple(items)


def uniform(deck) -> dict:
    """Every arrangement of deck, 1/N! each."""
    perms = sorted({arrangement(deck, p) for p in itertools.permutations(deck)})
    return {p: Fraction(1, len(perms)) for p in perms}
