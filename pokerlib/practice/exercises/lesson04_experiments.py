"""Notebook 04's exercises, continued (``lesson04``): the judge of its experiments
(``hand_percentages``, ``hand_frequencies_by_removing``), how often each category of hand
comes up in n hands dealt with the rng given. A lesson module, as ``lesson04`` is: while an
exercise is judged, its functions refuse to run in the student's code.

The experiments are run first on scripted deals (``forced_deals``: six
deals of ten hands holding every category, each a different number of
times), which the rng deals through ``rng.shuffle`` (``deal``) or
``rng.choice`` (``deal_by_removing``); the judge reads back from the rng's
draws which hands were dealt, and counts them itself. Then with random
seeds, against the exact probabilities (``chi_square_p``).
"""

import functools
import random

from ...cards import DECK
from ...fairness import chi_square
from ...frequencies import EXACT_COUNTS
from ...ranking import HAND_NAMES, hand_rank_elif
from ...scripted import ScriptedRandom
from ...i18n import N_, _
from ..judge.kit import Mismatch, short
from .shuffles import call_and_read

__all__ = ['FORCED_QUOTA', 'FORCED_N', 'FORCED_SEED', 'EXPERIMENT_N', 'SEEDS', 'chi_square_p',
           'forced_deals', 'shuffle_script', 'removing_script', 'judge_experiment',
           'COUNTED_NONE', 'REVERSED_COUNTS']


def chi_square_p(counts, n) -> float:
    """p-value of five-card category counts (by name) against the exact probabilities."""
    exact = EXACT_COUNTS[5]
    total = sum(exact.values())
    return chi_square({name: counts.get(name, 0) for name in exact},
                      {name: exact[name] / total for name in exact})[1]


FORCED_QUOTA = (19, 10, 8, 7, 6, 4, 3, 2, 1)
"""How many hands of each category (high card ... straight flush) the scripted deals hold:
every category, each a different number of times (60 hands, six deals of ten)."""

FORCED_N = sum(FORCED_QUOTA)


def _hand_of(category, cards, rng):
    """A random hand of this category (hand_rank_elif's numbering) from cards, or None."""
    by_rank = {}
    for c in cards:
        by_rank.setdefault(c[0], []).append(c)
    ranks = '23456789TJQKA'
    for _attempt in range(200):
        if category == 8:
            s = rng.choice('SHDC')
            top = rng.randrange(4, 13)
            hand = [ranks[(top - k) % 13] + s for k in range(5)]
        elif category == 7:
            r = rng.choice([r for r in by_rank if len(by_rank[r]) == 4] or ['-'])
            if r == '-':
                return None
            hand = by_rank[r] + [rng.choice([c for c in cards if c[0] != r])]
        elif category == 6:
            three = [r for r in by_rank if len(by_rank[r]) >= 3]
            two = [r for r in by_rank if len(by_rank[r]) >= 2]
            if not three or len(two) < 2:
                return None
            r3 = rng.choice(three)
            r2 = rng.choice([r for r in two if r != r3])
            hand = rng.sample(by_rank[r3], 3) + rng.sample(by_rank[r2], 2)
        elif category == 5:
            s = rng.choice('SHDC')
            suited = [c for c in cards if c[1] == s]
            if len(suited) < 5:
                continue
            hand = rng.sample(suited, 5)
        elif category == 4:
            top = rng.randrange(3, 13)
            rs = [ranks[(top - k) % 13] for k in range(5)]
            if any(r not in by_rank for r in rs):
                continue
            hand = [rng.choice(by_rank[r]) for r in rs]
        elif category == 3:
            three = [r for r in by_rank if len(by_rank[r]) >= 3]
            if not three:
                return None
            r3 = rng.choice(three)
            hand = rng.sample(by_rank[r3], 3) + rng.sample([c for c in cards if c[0] != r3], 2)
        else:
            hand = rng.sample(cards, 5)
        if all(c in cards for c in hand) and len(set(hand)) == 5 \
                and hand_rank_elif(hand)[0] == category:
            return hand
    return None


@functools.cache
def forced_deals() -> tuple:
    """Six deals (each 52 cards in the order dealt: ten hands of five, then two cards) whose
    hands hold FORCED_QUOTA of each category; found once by a seeded search."""
    rng = random.Random(2026)
    wanted = [c for c, k in enumerate(FORCED_QUOTA) for _ in range(k)]
    while True:
        rng.shuffle(wanted)
        deals = []
        for d in range(FORCED_N // 10):
            cats = sorted(wanted[10 * d:10 * d + 10], reverse=True)   # the rare ones first
            for _attempt in range(50):
                left, hands = list(DECK), []
                for c in cats:
                    hand = _hand_of(c, left, rng)
                    if hand is None:
                        break
                    hands.append(hand)
                    left = [x for x in left if x not in hand]
                if len(hands) == 10:
                    break
            else:
                break
            rng.shuffle(hands)
            deals.append(tuple(c for h in hands for c in h) + tuple(left))
        if len(deals) == FORCED_N // 10:
            return tuple(deals)


def shuffle_script(order) -> list:
    """The draws that make random.Random.shuffle(list(DECK)) come out in this order."""
    x, script = list(DECK), []
    for i in reversed(range(1, len(x))):
        j = x.index(order[i])
        x[i], x[j] = x[j], x[i]
        script.append(j)
    return script


def removing_script(order, cards=50) -> list:
    """The draws that make deal_by_removing (rng.choice, then remove) deal this order."""
    x, script = list(DECK), []
    for card in order[:cards]:
        j = x.index(card)
        x.pop(j)
        script.append(j)
    return script


def _dealt(draws, sizes) -> dict:
    """The hands these draws dealt, by each known way of dealing that fits them: {way: hands}.
    The ways: a shuffle of a copy of DECK (deal), a card picked and removed (deal_by_removing),
    and random.sample's (a card picked, the last one moved into its place)."""
    ways = {}
    for way, block in (('shuffle', 51), ('sample', 52), ('remove', 50), ('sample', 50)):
        want = list(range(52, 52 - block, -1))
        if len(draws) % block or any(sizes[k:k + block] != want
                                     for k in range(0, len(draws), block)):
            continue
        hands = []
        for k in range(0, len(draws), block):
            x = list(DECK)
            if way == 'shuffle':
                for i, j in zip(range(51, 0, -1), draws[k:k + block]):
                    x[i], x[j] = x[j], x[i]
            elif way == 'remove':
                x = [x.pop(j) for j in draws[k:k + block]]
            else:
                out = []
                for i, j in enumerate(draws[k:k + block]):
                    out.append(x[j])
                    x[j] = x[51 - i]
                x = out + x[:52 - block]
            hands += [x[5 * i:5 * i + 5] for i in range(10)]
        ways.setdefault(way, hands)
        if way == 'sample':
            ways[f'sample{block}'] = hands
    return ways


def _category_counts(hands) -> list:
    counts = [0] * 9
    for hand in hands:
        counts[hand_rank_elif(hand)[0]] += 1
    return counts


EXPERIMENT_N = 1_000
SEEDS = (1, 2)
FORCED_SEED = 404


REVERSED_COUNTS = N_('these look like the right numbers in reverse order (the order the lecture '
                     'prints them, best first): return them in the order of the categories, 0 '
                     '(high card) to 8 (straight flush)')


def judge_experiment(run, as_counts, describe, script, mistakes):
    """Run an experiment on scripted deals (every category), then with random seeds."""
    rng = ScriptedRandom(script, seed=FORCED_SEED)
    shown = f'{run.name}({FORCED_N}, rng)  # ' + _('six deals that hold every category')
    got, _after = call_and_read(run, FORCED_N, rng, shown=shown)
    if not rng.draws:
        raise Mismatch([('hint', _('your function drew nothing from the rng it was given: '
                                   'pass it on to the deal, so that a seed repeats the '
                                   'experiment'))])
    ways = _dealt(rng.draws, rng.sizes)
    if ways:
        # The hands dealt, read back from the draws: the scripted ones if dealt the way the
        # exercise says, else whatever that way of dealing made of the draws.
        expected = [_category_counts(hands) for hands in ways.values()]
        counts = as_counts(got, FORCED_N, expected[0], mistakes, describe)
        if counts not in expected:
            hands = next(iter(ways.values()))
            if len(hands) < FORCED_N and counts == [c * (FORCED_N // len(hands)) for c in
                                                    _category_counts(hands)]:
                raise Mismatch([('returned', short(got)),
                                ('hint', _('the same {k} hands counted again and again: is the '
                                           'same hand counted again? Deal afresh for each of '
                                           'the n // 10 deals').format(k=len(hands)))])
            if len(hands) == 10 * FORCED_N and sum(counts) == FORCED_N:
                # (issue 49: one hand from each shuffled deck was told it dealt ten times n)
                raise Mismatch([('returned', short(got)),
                                ('hint', _('it shuffled a whole deck for each of the {n} hands: '
                                           'the experiment deals ten hands from each shuffled '
                                           'deck, n // 10 deals').format(n=FORCED_N))])
            if len(hands) != FORCED_N:
                raise Mismatch([('returned', short(got)),
                                ('hint', _('it dealt {dealt:,d} hands for n = {n}: deal n // 10 '
                                           'times, ten hands each').format(dealt=len(hands),
                                                                          n=FORCED_N))])
            raise _experiment_wrong(got, counts, expected[0], describe, mistakes, FORCED_N)
    returned = {1: run(EXPERIMENT_N, ScriptedRandom(seed=1))}
    first = as_counts(returned[1], EXPERIMENT_N, None, mistakes, describe)
    if as_counts(run(EXPERIMENT_N, ScriptedRandom(seed=1)), EXPERIMENT_N, None, mistakes,
                 describe) != first:
        raise Mismatch([('returned', _('different counts for the same seed')),
                        ('hint', _('pass the rng on to deal, so that a seed repeats the '
                                   'experiment'))])
    for seed in SEEDS:
        if seed != 1:
            returned[seed] = run(EXPERIMENT_N, ScriptedRandom(seed=seed))
        counts = first if seed == 1 else as_counts(returned[seed], EXPERIMENT_N, None,
                                                   mistakes, describe)
        if seed != 1 and counts == first:
            raise Mismatch([('returned', _('the same counts for random.Random(1) and '
                                           'random.Random({seed})').format(seed=seed)),
                            ('hint', _('deal with the rng you are given (pass it on to the '
                                       'deal), not a generator of your own'))],
                           call=f'{run.name}({EXPERIMENT_N}, random.Random({seed}))')
        named = dict(zip(HAND_NAMES, counts))
        p = chi_square_p(named, EXPERIMENT_N)
        if p < 1e-6:
            exact = EXACT_COUNTS[5]
            total = sum(exact.values())
            if chi_square_p(dict(zip(HAND_NAMES, counts[::-1])), EXPERIMENT_N) >= 1e-6:
                hint = _(REVERSED_COUNTS)
            else:
                hint = _('far from the exact probabilities (chance of counts this far off: '
                         '{p}): are the hands dealt from a shuffled deck, without '
                         'replacement, and counted by category?').format(
                             p='< 1e-300' if p < 1e-300 else f'{p:.0e}')
            # What came back as it came back; the exact figures with their labels.
            raise Mismatch([('returned', short(returned[seed])),
                            ('expected', _('close to the exact figures, in this order: '
                                           '{figures}').format(figures=describe(
                                               [exact[name] / total * EXPERIMENT_N
                                                for name in HAND_NAMES[:9]]))),
                            ('hint', hint)],
                           call=f'{run.name}({EXPERIMENT_N}, random.Random({seed}))')
    return _('right on scripted deals that hold every category ({n} hands), and close to '
             'the exact probabilities with random ones').format(n=FORCED_N)



COUNTED_NONE = N_('the deals held {e} hands of {name}, and your function counted none: is the '
                  'test for it missing, or never reached?')


def _experiment_wrong(got, counts, expected, describe, mistakes, n) -> Mismatch:
    """What a wrong count on the scripted deals shows."""
    for c, (k, e) in enumerate(zip(counts, expected)):
        if k == 0 and e > 0:
            hint = _(COUNTED_NONE).format(e=e, name=_(HAND_NAMES[c]))
            break
    else:
        if sum(counts) != n and sum(counts) % 10 == 0:
            hint = _('these count {dealt:,d} hands, not {n:,d}: deal n // 10 times, ten hands '
                     'each').format(dealt=sum(counts), n=n) + (
                         _(' (one deal too few)') if sum(counts) == n - 10 else
                         _(' (one deal too many)') if sum(counts) == n + 10 else '')
        elif counts == expected[::-1]:
            hint = _('these are the right numbers in reverse order (the order the lecture '
                     'prints them, best first): return them in the order of the categories, '
                     '0 (high card) to 8 (straight flush)')
        else:
            c = next(i for i in range(9) if counts[i] != expected[i])
            hint = _('the deals held {e} hands of {name}, and your function counted '
                     '{k}').format(e=expected[c], name=_(HAND_NAMES[c]), k=counts[c])
    return Mismatch([('returned', short(got)), ('expected', describe(expected)),
                     ('hint', hint)])
