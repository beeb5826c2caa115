"""Exercises of notebook 04, Dealing and how often each hand comes up.

The statement of ``deal`` asks for the lecture's deal with two differences:
shuffle with the ``rng`` given, and leave the caller's deck as it was (the
lecture's version shuffles its argument in place). So a ``deal`` that
changes the deck it is given fails, and says so. Experiments are run under
several seeds, and tested against the exact probabilities.
"""

import math
from collections import Counter

from ..cards import DECK
from ..fairness import chi_square
from ..frequencies import EXACT_COUNTS
from ..ranking import HAND_NAMES
from ..i18n import N_, _
from .core import Mismatch, code, exercise, short, wrong
from .judges import SeededRandom, warm_chi_square

__all__ = []

DEAL_CALL = 'deal(4, 5, deck, random.Random(1))'


@exercise('deal', returns=N_('a list of hands, each a list of cards'),
          error_hint=lambda e: _('deal(numhands, n, deck, rng) shuffles a copy of the deck '
                                 'with the rng it is given ({shuffle}) and slices it').format(
                                     shuffle=code('rng.shuffle(cards)')))
def _deal(run):
    deck = list(DECK)
    got = run.raw(4, 5, deck, SeededRandom(1), shown=DEAL_CALL)
    if deck != DECK:
        raise Mismatch([('changed', _('the deck it was given: it now starts {cards}').format(
                            cards=short(deck[:6]))),
                        ('hint', _("your function changed the list it was given: deal must "
                                   "leave the caller's deck as it was, so shuffle a copy "
                                   "({copy})").format(copy=code('cards = list(deck)')))])
    _check_deal(got, 4, 5, DECK)
    if run(4, 5, list(DECK), SeededRandom(1), shown=DEAL_CALL) != got:
        raise Mismatch([('returned', _('different hands for the same seed')),
                        ('hint', _('shuffle with the rng you are given ({shuffle}), not the '
                                   'random module, so that a seed repeats a deal').format(
                                       shuffle=code('rng.shuffle')))])
    if run(4, 5, list(DECK), SeededRandom(2), shown=DEAL_CALL.replace('(1)', '(2)')) == got:
        in_order = [DECK[5 * i:5 * (i + 1)] for i in range(4)]
        hint = (_('shuffle the cards before dealing them') if got == in_order else
                _('the same hands for two different generators: shuffle with the rng you '
                  'are given, not a generator of your own'))
        raise Mismatch([('returned', _('the same hands for random.Random(1) and '
                                       'random.Random(2)')), ('hint', hint)])
    for numhands, n, cards, seed in [(2, 7, DECK, 3), (1, 52, DECK, 4),
                                     (2, 2, ['AS', 'KS', 'QS', 'JS'], 5), (10, 5, DECK, 6),
                                     (0, 5, DECK, 7), (3, 0, DECK, 8)]:
        shown = f'deal({numhands}, {n}, {"deck" if cards is DECK else short(cards)}, random.Random({seed}))'
        _check_deal(run(numhands, n, list(cards), SeededRandom(seed), shown=shown),
                    numhands, n, cards)
    seen = Counter()
    for seed in range(9, 69):
        hands = run(10, 5, list(DECK), SeededRandom(seed),
                    shown=f'deal(10, 5, deck, random.Random({seed}))')
        _check_deal(hands, 10, 5, DECK)
        seen.update(card for hand in hands for card in hand)
    if len(seen) < 52:
        missing = sorted(set(DECK) - set(seen))[0]
        raise Mismatch([('returned', _('{card} never dealt in 60 deals of 50 cards').format(
                            card=missing)),
                        ('hint', _('shuffle the whole deck, then take the first cards'))])


def _check_deal(got, numhands, n, deck):
    """Raise Mismatch unless got is numhands hands of n distinct cards from deck."""
    if not (isinstance(got, (list, tuple)) and len(got) == numhands
            and all(isinstance(h, (list, tuple)) and len(h) == n for h in got)):
        raise wrong(got, _('{numhands} hands of {n} cards').format(numhands=numhands, n=n),
                    _('a list of hands, each a list of n cards'))
    cards = [c for hand in got for c in hand]
    if not set(cards) <= set(deck):
        raise wrong(got, _('cards from {deck}').format(deck=short(deck, 60)),
                    _('deal only the cards of the deck'))
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise wrong(got, _('{numhands} hands of {n} different cards').format(
                        numhands=numhands, n=n),
                    _('{card} was dealt twice: deal without replacement (shuffle the deck, '
                      'then take the cards in order)').format(card=dup))


def chi_square_p(counts, n) -> float:
    """p-value of five-card category counts (by name) against the exact probabilities."""
    exact = EXACT_COUNTS[5]
    total = sum(exact.values())
    return chi_square({name: counts.get(name, 0) for name in exact},
                      {name: exact[name] / total for name in exact})[1]


def dealt_twice(error):
    """The hint for an error that says a hand holds a card twice (else None)."""
    if 'duplicate card' in str(error):
        return _('a hand holds the same card twice: deal without replacement (shuffle a '
                 'copy of the deck, then take its cards in order)')
    return None


EXPERIMENT_N = 2_000
SEEDS = (1, 2, 3)
STRAIGHT_FLUSH_SEED = 2234
"""random.Random(2234) shuffling a copy of DECK deals a straight flush among its first ten hands."""


def _judge_experiment(run, as_counts, describe, reorder=None):
    """Run an experiment twice with one seed, then with others; test its counts."""
    first = as_counts(run(EXPERIMENT_N, SeededRandom(1)))
    if sum(first.values()) != EXPERIMENT_N:
        dealt = sum(first.values())
        hint = (_('these counts add up to {dealt:,d} hands: count all {n:,d}, {deals:,d} '
                  'deals of ten hands each').format(dealt=dealt, n=EXPERIMENT_N,
                                                    deals=EXPERIMENT_N // 10)
                + (_(' (one deal too few?)') if dealt == EXPERIMENT_N - 10 else
                   _(' (one deal too many?)') if dealt == EXPERIMENT_N + 10 else ''))
        raise Mismatch([('returned', describe(first)), ('hint', hint)])
    if as_counts(run(EXPERIMENT_N, SeededRandom(1))) != first:
        raise Mismatch([('returned', _('different counts for the same seed')),
                        ('hint', _('pass the rng on to deal, so that a seed repeats the '
                                   'experiment'))])
    for seed in SEEDS:
        counts = first if seed == 1 else as_counts(run(EXPERIMENT_N, SeededRandom(seed)))
        if seed != 1 and counts == first:
            raise Mismatch([('returned', _('the same counts for random.Random(1) and '
                                           'random.Random({seed})').format(seed=seed)),
                            ('hint', _('deal with the rng you are given (pass it on to the '
                                       'deal), not a generator of your own'))],
                           call=f'{run.name}({EXPERIMENT_N}, random.Random({seed}))')
        step = math.gcd(*map(int, counts.values()))
        if step >= 10:    # fair counts of 2,000 hands share such a factor about once in 10**7
            raise Mismatch([('returned', describe(counts)),
                            ('hint', _('every count is a multiple of {step}: is the same '
                                       'hand counted again and again, instead of different '
                                       'hands?').format(step=step))],
                           call=f'{run.name}({EXPERIMENT_N}, random.Random({seed}))')
        p = chi_square_p(counts, EXPERIMENT_N)
        if p < 1e-6:
            if reorder and chi_square_p(reorder(counts), EXPERIMENT_N) > 1e-3:
                hint = _('these are the right percentages in reverse order (the order the '
                         'lecture prints them, best first): return them in the order of the '
                         'categories, 0 (high card) to 8 (straight flush)')
            else:
                hint = _('far from the exact probabilities (chance of counts this far off: '
                         '{p}): are the hands dealt from a shuffled deck, without '
                         'replacement, and counted by category?').format(
                             p='< 1e-300' if p < 1e-300 else f'{p:.0e}')
            raise Mismatch([('returned', describe(counts)),
                            ('expected', _('close to the exact percentages: high card '
                                           '50.1%, one pair 42.3%, two pair 4.8%, ...')),
                            ('hint', hint)],
                           call=f'{run.name}({EXPERIMENT_N}, random.Random({seed}))')


@exercise('hand_percentages', returns=N_('a list of nine percentages'),
          prepare=[warm_chi_square],
          error_hint=lambda e: (
              _('use hand_rank_elif, whose categories are numbered 0 to 8 (with the final '
                'hand_rank a straight flush is 9, and counts[9] fails the day one is dealt)')
              if isinstance(e, IndexError) else dealt_twice(e)))
def _hand_percentages(run):
    def as_counts(got):
        if not (isinstance(got, (list, tuple)) and len(got) == 9
                and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in got)):
            raise Mismatch([('returned', short(got)),
                            ('hint', _('a list of nine percentages: element c for the hands '
                                       'of category c (0 high card ... 8 straight flush)'))])
        if abs(sum(got) - 100) > 1e-6:
            dealt = round(sum(got) * EXPERIMENT_N / 100)
            if dealt % 10 == 0 and dealt != EXPERIMENT_N:
                hint = (_('these percentages count {dealt:,d} hands, not {n:,d}: deal '
                          'n // 10 times, ten hands each').format(dealt=dealt, n=EXPERIMENT_N)
                        + (_(' (one deal too few)') if dealt == EXPERIMENT_N - 10 else ''))
            else:
                hint = _('percentages add up to 100 (these add up to {total:g}): '
                         '{formula}').format(total=sum(got), formula=code('100 * count / n'))
            raise Mismatch([('returned', short(got)), ('hint', hint)])
        return {name: round(x * EXPERIMENT_N / 100) for name, x in zip(HAND_NAMES, got)}

    _judge_experiment(run, as_counts,
                      lambda c: ', '.join(f'{_(name)} {100 * k / EXPERIMENT_N:.1f}%'
                                          for name, k in c.items() if k),
                      reorder=lambda c: dict(zip(HAND_NAMES[:9], list(c.values())[::-1])))
    got = run(10, SeededRandom(STRAIGHT_FLUSH_SEED))   # a deal with a straight flush in it
    if not (isinstance(got, (list, tuple)) and len(got) == 9 and abs(sum(got) - 100) < 1e-6):
        raise Mismatch([('returned', short(got)),
                        ('hint', _('a list of nine percentages, adding up to 100'))])


@exercise('hand_frequencies_by_removing', returns=N_('a Counter of category names'),
          prepare=[warm_chi_square], error_hint=lambda e: dealt_twice(e))
def _by_removing(run):
    def as_counts(got):
        if isinstance(got, dict) and got.get('five of a kind'):
            raise Mismatch([('returned', short(got)),
                            ('hint', _('five of a kind cannot be dealt from one deck: was a '
                                       'card dealt twice?'))])
        if not (isinstance(got, dict) and set(got) <= set(HAND_NAMES[:9])):
            raise Mismatch([('returned', short(got)),
                            ('hint', _('a Counter of category names, as hand_frequencies '
                                       'returns'))])
        return {name: got.get(name, 0) for name in HAND_NAMES[:9]}
    _judge_experiment(run, as_counts, lambda c: short({k: v for k, v in c.items() if v}))


# (p, confidence): dyadic numbers, so that 1 - (1 - p)**n is exact in floats and the
# boundary cases (n exactly enough) are boundaries for every way of computing it.
HANDS_NEEDED_CASES = [(0.5, 0.75), (0.5, 0.5), (0.25, 0.4375), (0.5, 0.9375), (0.75, 0.75),
                      (0.5, 0.99), (1 / 6, 0.5), (40 / 2_598_960, 0.99),
                      (624 / 2_598_960, 0.9), (0.25, 0.75), (0.5, 0.984375)]


def hands_needed_reference(p, confidence) -> int:
    """The smallest n with 1 - (1 - p)**n >= confidence, in floating point."""
    n = max(1, math.ceil(math.log(1 - confidence) / math.log(1 - p)) - 2)
    while 1 - (1 - p) ** n < confidence:
        n += 1
    return n


@exercise('hands_needed', returns=N_('a whole number of hands'))
def _hands_needed(run):
    for p, confidence in HANDS_NEEDED_CASES:
        expected = hands_needed_reference(p, confidence)
        got = run(p, confidence)
        if isinstance(got, (int, float)) and not isinstance(got, bool) and got == expected:
            continue
        if isinstance(got, (int, float)) and not isinstance(got, bool) and got == expected + 1:
            hint = _('{n} hands are already enough here: 1 - (1 - p)**{n} = {chance:g}, '
                     'which is at least the confidence (round up, {ceil}, rather than '
                     '{int_plus_one})').format(n=expected, chance=1 - (1 - p) ** expected,
                                               ceil=code('math.ceil'),
                                               int_plus_one=code('int(x) + 1'))
        elif isinstance(got, (int, float)) and not isinstance(got, bool) and got == expected - 1:
            hint = (_('{n} hands are not enough: 1 - (1 - p)**{n} = {chance:g}, below the '
                      'confidence') if expected > 2 else
                    _('{n} hand is not enough: 1 - (1 - p)**{n} = {chance:g}, below the '
                      'confidence')).format(n=expected - 1,
                                            chance=1 - (1 - p) ** (expected - 1))
        else:
            hint = _('the smallest n with 1 - (1 - p)**n >= confidence')
        raise wrong(got, expected, hint)


@exercise('most_common_seven', takes_value=True, returns=N_('a category name'))
def _most_common_seven(value):
    counts = EXACT_COUNTS[7]
    expected = max(counts, key=counts.get)
    if value != expected:
        raise wrong(value, expected, _('look at the exact % column of frequency_table(counts, '
                                       'cards=7)') if value in HAND_NAMES else
                    _('the name of a category, as in HAND_NAMES'))
