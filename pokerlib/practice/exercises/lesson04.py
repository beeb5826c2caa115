"""Exercises of notebook 04, Dealing and how often each hand comes up.

The statement of ``deal`` asks for the lecture's deal with two differences:
shuffle with the ``rng`` given, and leave the caller's deck as it was (the
lecture's version shuffles its argument in place). So a ``deal`` that
changes the deck it is given fails, and says so. Its fairness is judged as
a shuffle's (``shuffles.judge_shuffle``): exactly on decks of up to six
cards, and on the full deck by tests of computed power.

The experiments (``hand_percentages``, ``hand_frequencies_by_removing``) are
judged by ``lesson04_experiments.judge_experiment``: on scripted deals that
hold every category, then with random seeds against the exact probabilities.
"""

import math

from ...cards import DECK
from ...frequencies import EXACT_COUNTS
from ...ranking import HAND_NAMES
from ...scripted import ScriptedRandom
from ...i18n import N_, _, english_category, english_keys
from ..judge.kit import (Mismatch, StudentError, code, diagnosed, exercise, forbid, known,
                         mistakes, same_value, short, wrong)
from .judges import warm_chi_square
from .lesson04_experiments import (COUNTED_NONE, REVERSED_COUNTS, forced_deals, judge_experiment,
                                   removing_script, shuffle_script)
from .shuffles import DECK_CHANGED, call_and_read, judge_shuffle, predicate, uniform, warm

__all__ = []

# The exercises notebook 04 checks, in order (registry.lessons); @exercise takes no other.
CHECKS = ('deal', 'hand_percentages', 'hands_needed', 'hand_frequencies_by_removing',
          'most_common_seven')

DEAL_CALL = 'deal(4, 5, deck, random.Random(1))'


def _rotations(probs, deck):
    """Does every arrangement that comes out keep the deck's order, only cut somewhere?"""
    cyc = [tuple(deck[k:]) + tuple(deck[:k]) for k in range(len(deck))]
    return all(tuple(o) in cyc for o, p in probs.items() if p)


def _spades_last(probs, deck):
    spades = sum(c[1] == 'S' for c in deck)
    return spades > 0 and all(all(c[1] == 'S' for c in o[len(o) - spades:])
                              for o, p in probs.items() if p)


def _every_run_n_to_the_n(probs, deck):
    return max(p.denominator for p in probs.values() if p) == len(deck) ** len(deck)


for _f in (_rotations, _spades_last, _every_run_n_to_the_n):
    predicate(_f)


# ---------------------------------------------------------------------------
# The mistakes students make, each with the hint it earns: the one home of each. The judge
# diagnoses by the rows made with diagnosed(...); tests/practice/test_mistakes.py tests them all.

DEAL_OWN_RNG = N_('shuffle with the rng you are given ({shuffle}), not the random module, so '
                  'that a seed repeats a deal')

mistakes(
    'deal',
    ("""
import random
from pokerlib import DECK
def deal(numhands, n=5, deck=DECK, rng=random):
    rng.shuffle(deck)
    return [deck[n * i:n * (i + 1)] for i in range(numhands)]
""", DECK_CHANGED),
    ("""
import random
from pokerlib import DECK
def deal(numhands, n=5, deck=DECK, rng=random):
    cards = list(deck)
    random.shuffle(cards)
    return [cards[n * i:n * (i + 1)] for i in range(numhands)]
""", DEAL_OWN_RNG),
    diagnosed("""
import random
from pokerlib import DECK
def deal(numhands, n=5, deck=DECK, rng=random):
    k = rng.randrange(len(deck))
    cards = list(deck[k:]) + list(deck[:k])
    return [cards[n * i:n * (i + 1)] for i in range(numhands)]
""", N_('only a cut: the cards keep their order and only the place where the deck starts is '
        'random; shuffle the whole copy (rng.shuffle(cards)) before slicing'), test=_rotations),
    diagnosed("""
import random
from pokerlib import DECK
def deal(numhands, n=5, deck=DECK, rng=random):
    cards = list(deck)
    for i in range(len(cards)):
        j = rng.randrange(len(cards))
        cards[i], cards[j] = cards[j], cards[i]
    return [cards[n * i:n * (i + 1)] for i in range(numhands)]
""", N_('swapping each position with any position gives N**N equally likely runs, which '
        'cannot split evenly over N! orders: shuffle with rng.shuffle (or swap position i only '
        'with a position from i to N-1)'), test=_every_run_n_to_the_n),
    diagnosed("""
import random
from pokerlib import DECK
def deal(numhands, n=5, deck=DECK, rng=random):
    cards = [c for c in deck if c[1] != 'S']
    rng.shuffle(cards)
    cards += [c for c in deck if c[1] == 'S']
    return [cards[n * i:n * (i + 1)] for i in range(numhands)]
""", N_('the spades always come out last: shuffle the whole deck, every card with every '
        'other'), test=_spades_last))

_PERCENTAGES = """
from pokerlib import deal, hand_rank_elif
def hand_percentages(n, rng):
    counts = [0] * 9
    for i in range({deals}):
        for hand in deal(10, 5, rng=rng):
            counts[hand_rank_elif(hand)[0]] += 1
    return {answer}
"""

mistakes(
    'hand_percentages',
    diagnosed(_PERCENTAGES.format(deals='n // 10', answer='[100 * c // n for c in counts]'),
              N_('100 * count // n rounds each percentage down to a whole number: divide with /'),
              test=lambda counts, n: [100 * c // n for c in counts]),
    diagnosed(_PERCENTAGES.format(deals='n // 10', answer='counts'),
              N_('these are counts: return percentages, 100 * count / n'),
              test=lambda counts, n: list(counts)),
    diagnosed(_PERCENTAGES.format(deals='n // 10', answer='[c / n for c in counts]'),
              N_('these are fractions: percentages are 100 times as large, 100 * count / n'),
              test=lambda counts, n: [c / n for c in counts]),
    diagnosed(_PERCENTAGES.format(deals='n // 10', answer='[100 * c / n for c in counts][::-1]'),
              N_('these are the right percentages in reverse order (the order the lecture prints '
                 'them, best first): return them in the order of the categories, 0 (high card) '
                 'to 8 (straight flush)'),
              test=lambda counts, n: [100 * c / n for c in counts][::-1]),
    (_PERCENTAGES.format(deals='n // 10 - 1', answer='[100 * c / n for c in counts]'),
     'these percentages count {dealt:,d} hands, not {n:,d}: deal n // 10 times, ten hands '
     'each' ' (one deal too few)'),
    ("""
from pokerlib import deal, hand_rank_elif
def hand_percentages(n, rng):
    counts = [0] * 9
    for i in range(n // 10):
        for hand in deal(10, 5, rng=rng):
            category = hand_rank_elif(hand)[0]
            if category != 4:
                counts[category] += 1
    return [100 * c / n for c in counts]
""", COUNTED_NONE),
    ("""
from pokerlib import DECK, hand_rank_elif
def hand_percentages(n, rng):
    counts = [0] * 9
    for i in range(n // 10):
        cards = sorted(DECK, key=lambda card: rng.random())
        for k in range(10):
            counts[8 - hand_rank_elif(cards[5 * k:5 * k + 5])[0]] += 1
    return [100 * c / n for c in counts]
""", REVERSED_COUNTS))

NAMED_KEYS = N_('the keys are category names, as category_name gives them ({example}), not '
                'numbers')

_BY_REMOVING = """
from collections import Counter
from pokerlib import HAND_NAMES, deal_by_removing, hand_rank_elif
def hand_frequencies_by_removing(n, rng):
    counts = Counter()
    for i in range({deals}):
        for hand in deal_by_removing(10, 5, rng=rng):
            counts[{key}] += 1
    return counts
"""

mistakes(
    'hand_frequencies_by_removing',
    (_BY_REMOVING.format(deals='n // 10', key='hand_rank_elif(hand)[0]'),
     NAMED_KEYS),
    (_BY_REMOVING.format(deals='n // 10 + 1', key='HAND_NAMES[hand_rank_elif(hand)[0]]'),
     'these counts add up to {dealt:,d} hands: count all {n:,d}, {deals:,d} deals of ten '
     'hands each' ' (one deal too many?)'),
    ("""
from collections import Counter
from pokerlib import HAND_NAMES, deal_by_removing, hand_rank_elif
def hand_frequencies_by_removing(n, rng):
    counts = Counter()
    for i in range(n // 10):
        for hand in deal_by_removing(10, 5, rng=rng):
            category = hand_rank_elif(hand)[0]
            counts[HAND_NAMES[min(category, 4)]] += 1
    return counts
""", COUNTED_NONE))

ALREADY_ENOUGH = N_('{n} hands are already enough here: 1 - (1 - p)**{n} = {chance:g}, which is '
                    'at least the confidence (round up, {ceil}, rather than {int_plus_one})')
NOT_ENOUGH = N_('{n} hands are not enough: 1 - (1 - p)**{n} = {chance:g}, below the confidence')
SMALLEST_N = N_('the smallest n with 1 - (1 - p)**n >= confidence')

mistakes(
    'hands_needed',
    ("""
import math
def hands_needed(p, confidence):
    return int(math.log(1 - confidence) / math.log(1 - p)) + 1
""", ALREADY_ENOUGH),
    ("""
import math
def hands_needed(p, confidence):
    return int(math.log(1 - confidence) / math.log(1 - p))
""", NOT_ENOUGH),
    ("""
import math
def hands_needed(p, confidence):
    return math.ceil(confidence / p)
""", SMALLEST_N))

EXACT_COLUMN = N_('look at the exact % column of frequency_table(counts, cards=7)')
CATEGORY_NAME = N_('the name of a category, as in HAND_NAMES')

mistakes(
    'most_common_seven',
    ("""
def most_common_seven():
    return 'high card'
""", EXACT_COLUMN),
    ("""
def most_common_seven():
    return 'pair'
""", CATEGORY_NAME))


def _deal_want(deck) -> str:
    return _('every order of the {n} cards equally likely, 1/{ways} each').format(
        n=len(deck), ways=math.factorial(len(deck)))


def _deal_hint(deck, perm, probs, expected) -> str:
    return _('the cards {perm} come out in that order with probability {p}, where a fair deal '
             'gives 1/{ways}: shuffle a copy of the whole deck with the rng ({shuffle}), then '
             'slice it').format(perm=' '.join(perm), p=probs.get(perm, 0),
                                ways=math.factorial(len(deck)), shuffle=code('rng.shuffle(cards)'))


@exercise('deal', returns=N_('a list of hands, each a list of cards'), prepare=[warm],
          seconds=10,
          error_hint=lambda e: _('deal(numhands, n, deck, rng) shuffles a copy of the deck '
                                 'with the rng it is given ({shuffle}) and slices it').format(
                                     shuffle=code('rng.shuffle(cards)')))
def _deal(run):
    deck = list(DECK)
    got, _after = call_and_read(run, 4, 5, deck, ScriptedRandom(seed=1), shown=DEAL_CALL)
    if deck != DECK:
        raise Mismatch([('changed', _('the deck it was given: it now starts {cards}').format(
                            cards=short(deck[:6]))),
                        ('hint', _(DECK_CHANGED).format(copy=code('cards = list(deck)')))])
    _check_deal(got, 4, 5, DECK)
    _not_round_the_table(got)
    if run(4, 5, list(DECK), ScriptedRandom(seed=1), shown=DEAL_CALL) != got:
        raise Mismatch([('returned', _('different hands for the same seed')),
                        ('hint', _(DEAL_OWN_RNG).format(shuffle=code('rng.shuffle')))])
    if run(4, 5, list(DECK), ScriptedRandom(seed=2), shown=DEAL_CALL.replace('(1)', '(2)')) == got:
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
        try:
            got = run(numhands, n, list(cards), ScriptedRandom(seed=seed), shown=shown)
        except StudentError as e:
            # Hands of no cards: three empty hands, or an error that says so, as the
            # library's own deal raises (a PokerError, a ValueError) for an impossible deal.
            if n == 0 and e.info.get('type') in ('PokerError', 'ValueError'):
                continue
            raise
        _check_deal(got, numhands, n, cards)
    return judge_shuffle(run, uniform, _deal_want, _deal_hint, known('deal'), deal=True)


def _not_round_the_table(got):
    """Mismatch if deal(4, 5, DECK, random.Random(1)) dealt the shuffled deck round the table
    (hand i: cards i, i + 4, i + 8...): fair, but not what the statement says (hand i is
    cards n*i to n*(i+1) of the shuffled deck; issue 49)."""
    import random
    cards = list(DECK)
    random.Random(1).shuffle(cards)
    sliced = [cards[5 * i:5 * (i + 1)] for i in range(4)]
    round_table = [cards[i:20:4] for i in range(4)]
    if [list(h) for h in got] == round_table != sliced:
        raise Mismatch([('returned', short(got)), ('expected', short(sliced)),
                        ('hint', _('hand i is cards n*i to n*(i+1) of the shuffled deck, a '
                                   'slice: {slice}, not every numhands-th card dealt round the '
                                   'table').format(slice=code('cards[n*i:n*(i+1)]')))])


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


def dealt_twice(error):
    """The hint for an error that says a hand holds a card twice (else None)."""
    if 'duplicate card' in str(error):
        return _('a hand holds the same card twice: deal without replacement (shuffle a '
                 'copy of the deck, then take its cards in order)')
    return None


def _percent_counts(got, n, expected, mistakes, describe) -> list:
    """The counts behind nine percentages of n hands; Mismatch if they aren't that."""
    if not (isinstance(got, (list, tuple)) and len(got) == 9
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in got)):
        raise Mismatch([('returned', short(got)),
                        ('hint', _('a list of nine percentages: element c for the hands of '
                                   'category c (0 high card ... 8 straight flush)'))])
    if expected is not None and not same_value(list(got), [100 * c / n for c in expected],
                                               tol=1e-9):
        for mistaken, hint in mistakes:
            if same_value(list(got), mistaken(expected, n), tol=1e-9):
                raise Mismatch([('returned', short(got)),
                                ('expected', short([100 * c / n for c in expected])),
                                ('hint', _(hint))])
    counts = [x * n / 100 for x in got]
    if expected is not None and all(abs(c - round(c)) < 1e-6 for c in counts):
        return [round(c) for c in counts]     # compared with the scripted deals' counts
    # Rounded to two decimals (round(p, 2)): right, if each is its count's percentage rounded
    # (issue 49: they were refused as not adding up to 100).
    rounded = all(abs(x * 100 - round(x * 100)) < 1e-6 for x in got)
    if rounded and expected is not None and all(abs(x - 100 * c / n) <= 0.005 + 1e-9
                                                for x, c in zip(got, expected)):
        return list(expected)
    if abs(sum(got) - 100) > (0.005 * 9 if rounded else 1e-6):
        dealt = round(sum(got) * n / 100)
        hint = (_('these percentages count {dealt:,d} hands, not {n:,d}: deal n // 10 times, '
                  'ten hands each').format(dealt=dealt, n=n)
                + (_(' (one deal too few)') if dealt == n - 10 else
                   _(' (one deal too many)') if dealt == n + 10 else '')
                if abs(sum(got) * n / 100 - dealt) < 1e-6 and dealt % 10 == 0 and dealt != n
                else _('percentages add up to 100 (these add up to {total:g}): '
                       '{formula}').format(total=sum(got), formula=code('100 * count / n')))
        raise Mismatch([('returned', short(got)), ('hint', hint)])
    return [round(x * n / 100) for x in got]


@exercise('hand_percentages', returns=N_('a list of nine percentages'),
          prepare=[warm_chi_square, forced_deals],
          error_hint=lambda e: (
              _('use hand_rank_elif, whose categories are numbered 0 to 8 (with the final '
                'hand_rank a straight flush is 9, and counts[9] fails the day one is dealt)')
              if isinstance(e, IndexError) else dealt_twice(e)))
def _hand_percentages(run):
    script = [j for order in forced_deals() for j in shuffle_script(order)]
    return judge_experiment(
        run, _percent_counts,
        lambda c: ', '.join(f'{_(name)} {100 * k / sum(c):.1f}%' for name, k in zip(HAND_NAMES, c)
                            if k),
        script, known('hand_percentages'))


ELIF_NUMBERS = N_('straight flushes named five of a kind: {rank} numbers a straight flush 9, '
                 'and {names}[9] is five of a kind ({names} is in the order of {elif_}\'s '
                 'numbers, 0 to 8); name a category with {name}')


def _named_counts(got, n, expected, mistakes, describe) -> list:
    if isinstance(got, dict):
        got = english_keys(got)          # 一对 in a Chinese notebook, as 'one pair'
    if isinstance(got, dict) and got.get('five of a kind') and not got.get('straight flush'):
        # (issue 49: HAND_NAMES indexed by the final hand_rank's numbers, the mix-up notebook 03
        # warns about: its straight flush, 9, is HAND_NAMES's five of a kind)
        raise Mismatch([('returned', short(got)),
                        ('hint', _(ELIF_NUMBERS).format(
                            name=code('category_name(hand_rank(hand)[0])'), names=code('HAND_NAMES'),
                            elif_=code('hand_rank_elif'), rank=code('hand_rank')))])
    if isinstance(got, dict) and got.get('five of a kind'):
        raise Mismatch([('returned', short(got)),
                        ('hint', _('five of a kind cannot be dealt from one deck: was a '
                                   'card dealt twice?'))])
    if not (isinstance(got, dict) and set(got) <= set(HAND_NAMES[:9])
            and all(isinstance(v, int) and not isinstance(v, bool) for v in got.values())):
        hint = (_(NAMED_KEYS).format(example=repr(HAND_NAMES[1]))
                if isinstance(got, dict) and all(isinstance(k, int) for k in got) else
                _('a Counter of category names, as hand_frequencies returns'))
        raise Mismatch([('returned', short(got)), ('hint', hint)])
    counts = [got.get(name, 0) for name in HAND_NAMES[:9]]
    if sum(counts) != n:
        raise Mismatch([('returned', short(got)),
                        ('hint', _('these counts add up to {dealt:,d} hands: count all '
                                   '{n:,d}, {deals:,d} deals of ten hands each').format(
                                       dealt=sum(counts), n=n, deals=n // 10)
                         + (_(' (one deal too few?)') if sum(counts) == n - 10 else
                            _(' (one deal too many?)') if sum(counts) == n + 10 else ''))])
    return counts


@exercise('hand_frequencies_by_removing', returns=N_('a Counter of category names'),
          prepare=[warm_chi_square, forced_deals], error_hint=lambda e: dealt_twice(e))
def _by_removing(run):
    script = [j for order in forced_deals() for j in removing_script(order)]
    return judge_experiment(
        run, _named_counts,
        lambda c: short({_(name): round(k, 1) if isinstance(k, float) else k
                         for name, k in zip(HAND_NAMES, c) if k}),
        script, ())


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
            hint = _(ALREADY_ENOUGH).format(n=expected, chance=1 - (1 - p) ** expected,
                                            ceil=code('math.ceil'),
                                            int_plus_one=code('int(x) + 1'))
        elif isinstance(got, (int, float)) and not isinstance(got, bool) and got == expected - 1:
            hint = (_(NOT_ENOUGH) if expected > 2 else
                    _('{n} hand is not enough: 1 - (1 - p)**{n} = {chance:g}, below the '
                      'confidence')).format(n=expected - 1,
                                            chance=1 - (1 - p) ** (expected - 1))
        else:
            hint = _(SMALLEST_N)
        raise wrong(got, expected, hint)


@exercise('most_common_seven', takes_value=True, returns=N_('a category name'), seconds=30)
def _most_common_seven(value):
    counts = EXACT_COUNTS[7]
    expected = max(counts, key=counts.get)
    if english_category(value) != expected:      # 一对 in a Chinese notebook, or 'one pair'
        raise wrong(value, _(expected), _(EXACT_COLUMN) if english_category(value) in HAND_NAMES
                    else _(CATEGORY_NAME))


# --- the course's functions that do these exercises' work under other names -------------

forbid('deal', 'pokerlib.dealing:deal_by_removing', 'pokerlib.frequencies:_deal_ids')
_FREQUENCIES = ('pokerlib.frequencies:hand_frequencies', 'pokerlib.fast:fast_hand_frequencies',
                'pokerlib.frequencies:_deal_ids', 'pokerlib.frequencies:_count_categories')
forbid('hand_percentages', *_FREQUENCIES)
forbid('hand_frequencies_by_removing', *_FREQUENCIES)
