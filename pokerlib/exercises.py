"""The exercises that ``pokerlib.practice.check`` knows, lesson by lesson.

Each exercise is a *judge*: a function that calls the student's function
(through a Runner, which copies the arguments and remembers the call) on
hidden cases and raises Mismatch, with a hint, at the first wrong answer.
Expected answers come from the library's own functions wherever there is
one, so a judge and the lesson can never disagree. A ranking is judged by
the order it puts hands in, not by its exact tuples; where several answers
are right, each of them passes.

>>> sorted(EXERCISES)[:4]
['allmax', 'allmin', 'best_deuces_wild', 'best_hand']
"""

import functools
import itertools
import math
import random
from collections import Counter
from fractions import Fraction

from .cards import DECK, SUITS, card_id, parse_hand
from .classes import hand_classes
from .fairness import _perms, enumerate_runs
from .practice import Mismatch, short, wrong
from .ranking import (HAND_NAMES, allmax, card_ranks, category_name, flush,
                      group, hand_rank, kind, straight, two_pair)
from .teaching import BEST_TO_WORST, ranking_problems

__all__ = ['EXERCISES']

EXERCISES = {}


class Exercise:
    """A judge, and how check should call it."""

    def __init__(self, judge, takes_value=False, error_hint=None):
        self.judge, self.takes_value, self.error_hint = judge, takes_value, error_hint

    def __call__(self, arg):
        return self.judge(arg)


def exercise(*names, takes_value=False, error_hint=None):
    """Decorator: register a judge under these exercise names."""
    def register(judge):
        for name in names:
            EXERCISES[name] = Exercise(judge, takes_value, error_hint)
        return judge
    return register


def hands(*texts) -> list:
    """Hands from text, e.g. hands('AS KS QS JS TS', '2C 3C 4C 5C 7D')."""
    return [parse_hand(t) for t in texts]


def need_bool(got):
    """Raise Mismatch unless got is True or False."""
    if not isinstance(got, bool):
        hint = ('return True or False (is a return statement missing?)' if got is None
                else f'return True or False, not a {type(got).__name__}')
        raise Mismatch([('returned', short(got)), ('hint', hint)])


class ShownIterator:
    """An iterator that shows itself as the call that made it: iter([1, 2])."""

    def __init__(self, items):
        self.items, self._it = list(items), iter(items)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)

    def __repr__(self):
        return f'iter({self.items!r})'

    def __deepcopy__(self, memo):
        return ShownIterator(self.items)


class SeededRandom(random.Random):
    """A random.Random that shows itself as the call that made it: random.Random(1)."""

    def __init__(self, seed):
        super().__init__(seed)
        self.seed_value = seed

    def __repr__(self):
        return f'random.Random({self.seed_value!r})'


def second(pair):
    """The second item of a pair (a key function for the cases below)."""
    return pair[1]


# ---------------------------------------------------------------------------
# 01 · Hands and hand_rank

@exercise('card_ranks')
def _card_ranks(run):
    for text in ['AC 3D 4S KH TD', 'TD TC TH 7C 7D', '9D 9H 9S 9C 7D',
                 '2S 3S 4S 6C 7D', 'QH QD 9C 9S 2H', '6C 7C 8C 9C TC',
                 'AS 2D 3C 4H 5S', 'AH KH QH JH TH', '5S 4H 3D 2C AS']:
        hand = parse_hand(text)
        got, expected = run(hand), card_ranks(hand)
        if isinstance(got, (list, tuple)) and list(got) == expected:
            continue
        if not isinstance(got, (list, tuple)):
            hint = 'return a list of numbers, one for each card'
        elif any(isinstance(r, str) for r in got):
            hint = ("ranks are numbers: 2 to 9, then T is 10, J 11, Q 12, K 13 and A 14 "
                    "('--23456789TJQKA'.index(r) gives them)")
        elif len(got) != 5:
            hint = 'one rank for each of the five cards'
        elif expected == [5, 4, 3, 2, 1] and sorted(got, reverse=True) == [14, 5, 4, 3, 2]:
            hint = 'an ace plays low in A-2-3-4-5: report that hand as [5, 4, 3, 2, 1]'
        elif sorted(got) == sorted(expected):
            hint = 'highest first: sort the ranks with reverse=True'
        else:
            hint = 'the ranks as numbers from 2 to 14 (an ace is 14), highest first'
        raise wrong(got, expected, hint)


PAIR = 'a pair is not a straight: five different ranks are needed'
GAP = 'the five ranks must be consecutive: the highest is exactly 4 above the lowest'


@exercise('straight')
def _straight(run):
    for ranks, hint in [([9, 8, 7, 6, 5], 'five consecutive ranks make a straight'),
                        ([9, 9, 7, 6, 5], PAIR),
                        ([13, 8, 7, 6, 5], GAP),
                        ([14, 13, 12, 11, 10], 'five consecutive ranks make a straight'),
                        ([9, 8, 8, 7, 5], PAIR),
                        ([10, 9, 8, 7, 5], GAP),
                        ([5, 4, 3, 2, 1], 'card_ranks turns A-2-3-4-5 into [5, 4, 3, 2, 1]: '
                                          'a straight'),
                        ([11, 10, 10, 8, 7], PAIR),
                        ([6, 5, 4, 3, 2], 'five consecutive ranks make a straight'),
                        ([14, 5, 4, 3, 2], GAP),
                        ([12, 9, 8, 7, 6], GAP),
                        ([8, 7, 6, 6, 4], PAIR)]:
        got = run(ranks)
        need_bool(got)
        if got != straight(ranks):
            raise wrong(got, straight(ranks), hint)


@exercise('flush')
def _flush(run):
    for text in ['AS KS QS JS 9S', '2C 8C TC QC AD', '2H 3H 4H 5H 6H',
                 '9D 9H 9S 9C 7D', '6C 7C 8C 9C TC', 'TD 8D 7D 5D 3C',
                 'AS AH AD KS KH', 'QD 8D 4D 3D 2D']:
        hand = parse_hand(text)
        got, expected = run(hand), flush(hand)
        need_bool(got)
        if got != expected:
            hint = ('all five cards are of one suit: look at the second character of '
                    'each card' if expected else
                    'a flush needs all five cards of one suit; look at the suits, the '
                    'second character of each card')
            raise wrong(got, expected, hint)


@exercise('kind')
def _kind(run):
    quads, boat, pairs = [9, 9, 9, 9, 7], [10, 10, 10, 7, 7], [13, 11, 11, 3, 3]
    for n, ranks in [(4, quads), (3, quads), (2, quads), (1, quads), (3, boat),
                     (2, boat), (2, pairs), (1, pairs), (2, [9, 8, 7, 6, 5]),
                     (1, [9, 8, 7, 6, 5]), (4, [14, 14, 14, 14, 13])]:
        got, expected = run(n, ranks), kind(n, ranks)
        if got == expected and (got is None) == (expected is None):
            continue
        at_least = next((r for r in ranks if ranks.count(r) >= n), None)
        if expected is None and got is not None and got == at_least:
            hint = (f'kind({n}, ranks) must not match {ranks.count(got)} of a kind: '
                    f'the rank must occur exactly {n} times')
        elif expected is None:
            hint = f'return None when no rank occurs exactly {n} times'
        elif got in ranks and ranks.count(got) == n:
            hint = 'the first such rank: ranks are sorted highest first'
        else:
            hint = f'the rank that occurs exactly {n} times in ranks'
        raise wrong(got, expected, hint)


@exercise('two_pair')
def _two_pair(run):
    for ranks, hint in [([9, 9, 7, 7, 2], 'two pairs: (high, low)'),
                        ([13, 11, 11, 3, 3], 'two pairs: (high, low)'),
                        ([14, 5, 5, 2, 2], 'two pairs: (high, low)'),
                        ([9, 9, 9, 9, 7], 'four of a kind is not two pair'),
                        ([10, 10, 10, 7, 7], 'a full house is not two pair'),
                        ([9, 9, 8, 7, 2], 'one pair is not two pair: return None'),
                        ([9, 8, 7, 6, 5], 'no pair at all: return None'),
                        ([8, 8, 5, 4, 4], 'two pairs: (high, low)')]:
        got, expected = run(ranks), two_pair(ranks)
        same = (got is None and expected is None) or (
            expected is not None and isinstance(got, (tuple, list))
            and tuple(got) == expected)
        if not same:
            if expected and isinstance(got, (tuple, list)) and tuple(got) == expected[::-1]:
                hint = 'the higher pair first: (high, low)'
            raise wrong(got, expected, hint)


@exercise('kinds')
def _kinds(run):
    for n, ranks in [(2, [13, 11, 11, 3, 3]), (1, [13, 11, 11, 3, 3]), (2, [9, 9, 7, 7, 2]),
                     (3, [9, 9, 9, 9, 7]), (4, [9, 9, 9, 9, 7]), (1, [9, 8, 7, 6, 5]),
                     (2, [9, 8, 7, 6, 5]), (3, [10, 10, 10, 7, 7])]:
        expected = [r for r in dict.fromkeys(ranks) if ranks.count(r) == n]
        got = run(n, ranks)
        if isinstance(got, (list, tuple)) and list(got) == expected:
            continue
        if isinstance(got, (list, tuple)) and sorted(got) == sorted(expected):
            hint = 'highest first, and each rank once'
        elif isinstance(got, (list, tuple)) and set(got) == set(expected):
            hint = 'each rank once: [9], not [9, 9, 9, 9]'
        else:
            hint = f'every rank that occurs exactly {n} times, highest first ([] if none)'
        raise wrong(got, expected, hint)


@exercise('count_wheels', takes_value=True)
def _count_wheels(value):
    wheel_cards = [c for c in DECK if c[0] in 'A2345']
    wheels = [h for h in itertools.combinations(wheel_cards, 5)
              if sorted(r for r, s in h) == sorted('A2345')]
    expected = (len(wheels), sum(flush(list(h)) for h in wheels))
    if not (isinstance(value, (tuple, list)) and tuple(value) == expected):
        raise wrong(value, expected, '(how many hands hold exactly A, 2, 3, 4, 5; how many '
                                     'of those are all one suit)')


def _ranking_hint(problem, tiers_are_lowball=False) -> str:
    """A hint for a Problem that ranking_problems found."""
    if tiers_are_lowball:
        return ('in deuce-to-seven the lowest hand wins, an ace is always high '
                '(A-2-3-4-5 is not a straight), and straights and flushes count against you')
    if problem.kind == 'tie':
        return 'hands with the same ranks in different suits must get equal rankings'
    if problem.kind == 'cards order':
        return "sort the ranks (as card_ranks does), so that the order of the cards doesn't matter"
    if problem.kind == 'suits':
        return 'only whether all the suits are the same may matter, never which suit'
    if problem.kind == 'compare':
        return 'every ranking must be comparable with every other, e.g. tuples that start with the category'
    a, b = (hand_rank(parse_hand(h)) for h in problem.hands)
    if a[0] != b[0]:
        return (f'any {category_name(a[0])} beats any {category_name(b[0])}: the '
                f'category comes first in a ranking')
    decide = {'straight': 'a straight is decided by its highest card (5 for A-2-3-4-5)',
              'straight flush': 'a straight flush is decided by its highest card '
                                '(5 for A-2-3-4-5)',
              'two pair': 'compare the higher pair, then the lower pair, then the fifth card',
              'one pair': 'compare the pair, then the other three cards, highest first',
              'four of a kind': 'compare the four, then the fifth card',
              'full house': 'compare the three, then the pair',
              'three of a kind': 'compare the three, then the other cards'}
    name = category_name(a[0])
    return decide.get(name, f'both are {name}s: compare all five ranks, highest first')


def _judge_ranking(run, lowball=False) -> str:
    """Judge a ranking by the order it puts hands in (of lowball hands, if lowball)."""
    tiers = LOWBALL if lowball else BEST_TO_WORST
    problems = ranking_problems(run, tiers)
    if problems:
        p = problems[0]
        values = [short(run(parse_hand(h)), 70) for h in p.hands]
        run.last_call = f'{run.name}(...)'
        raise Mismatch([('problem', f'{run.name} {p.message}'),
                        ('rankings', f'{p.hands[0]} -> {values[0]}\n'
                                     f'{p.hands[1]} -> {values[1]}'),
                        ('hint', _ranking_hint(p, lowball))],
                       call='the order of these hands')
    n = sum(map(len, tiers))
    return (f': {n} hands in the right order, in every order of their cards and with '
            f'every naming of the suits ({run.cases:,d} rankings)')


@exercise('hand_rank', 'hand_rank_elif', 'hand_rank_counter',
          error_hint='every hand in the list is five distinct cards, as text split '
                     'into a list; run your function on one of them')
def _hand_rank(run):
    return _judge_ranking(run)


# ---------------------------------------------------------------------------
# 02 · Ties and allmax

SF, FK, FH = hands('6C 7C 8C 9C TC', 'QD QH QS QC 7D', 'TD TS TH 7S 7H')
F1, F2, F3 = hands('AS QS 9S 5S 3S', 'AD QD 9D 5D 3D', 'AH QH 9H 5H 2H')
W1, W2 = hands('5C 4H 3D 2C AC', '5D 4C 3H 2S AH')
P1, P2, HC = hands('KS KH 9C 7D 2S', 'KD KC 9D 7C 2H', 'AS QH JD 8C 4S')


def _same_items(got, expected) -> bool:
    """Do got and expected hold the same items, in any order?"""
    return (isinstance(got, (list, tuple))
            and sorted(map(repr, got)) == sorted(map(repr, expected)))


@exercise('poker')
def _poker(run):
    for case, winners in [([SF, FK, FH], [SF]), ([FK, FH], [FK]), ([FH], [FH]),
                          ([F1, F2, F3], [F1, F2]), ([W1, W2], [W1, W2]),
                          ([HC, P1, P2], [P1, P2]), ([HC, W1], [W1])]:
        got = run(case)
        if _same_items(got, winners):
            continue
        if isinstance(got, list) and got and isinstance(got[0], str):
            hint = ('poker returns a list of the winning hands, even when there is '
                    'only one: [hand]')
        elif isinstance(got, (list, tuple)) and len(got) < len(winners):
            hint = 'on a tie every winning hand is returned (allmax finds them all)'
        else:
            hint = 'the winners are the hands with the highest ranking'
        raise wrong(got, winners, hint)


def _judge_all_extremes(run, pick):
    """allmax (pick=max) or allmin (pick=min) on several iterables and keys."""
    cases = [(([3, 1, 3, 2],), {}), ((['ab', 'cd', 'e'],), {'key': len}),
             (([],), {}), (([-3, 1, 3, 2],), {'key': abs}), (([5],), {}),
             ((ShownIterator([1, 7, 7, 2]),), {}),
             (([('b', 2), ('a', 2), ('c', 1)],), {'key': second})]
    if pick is min:
        cases.append((([P1, SF, FK, P2],), {'key': hand_rank}))     # a tie for the minimum
    for args, kwargs in cases:
        items = list(args[0].items if isinstance(args[0], ShownIterator) else args[0])
        key = kwargs.get('key', lambda x: x)
        best = pick(map(key, items), default=None)
        expected = [x for x in items if key(x) == best]
        got = run(*args, **kwargs)
        if _same_items(got, expected):
            continue
        if isinstance(args[0], ShownIterator) and got == []:
            hint = ('the iterable may be an iterator, which can be read only once: '
                    'go through it in one pass')
        elif isinstance(got, (list, tuple)) and len(got) < len(expected):
            hint = f'every item equal to the {pick.__name__}imum, not just the first'
        else:
            hint = f'the items whose key equals the {pick.__name__}imum key, in a list'
        raise wrong(got, expected, hint)


@exercise('allmax', error_hint='allmax([]) is [], and the iterable may be an iterator, '
                               'which can be read only once')
def _allmax(run):
    _judge_all_extremes(run, max)


@exercise('allmin', error_hint="allmin([]) is []; and rankings are tuples, which can't "
                               "be negated: wrap each key in something whose order is "
                               "reversed, or use allmax on a key that reverses the order "
                               "another way")
def _allmin(run):
    _judge_all_extremes(run, min)


@exercise('shares')
def _shares(run):
    S1, S2, S3 = hands('AS KH QD JC TS', 'AD KC QS JH TC', 'KD QC JS TH 9C')
    for case, expected in [([S1, S2, S3], [1/2, 1/2, 0]), ([S3, S1], [0, 1]),
                           ([F1, F2, F3], [1/2, 1/2, 0]), ([SF], [1]),
                           ([P1, P2, HC], [1/2, 1/2, 0])]:
        got = run(case)
        if (isinstance(got, (list, tuple)) and len(got) == len(expected)
                and all(abs(float(g) - e) < 1e-9 for g, e in zip(got, expected))):
            continue
        hint = ('one share per hand, in the order of the hands: 1/k for each of k '
                'winners, 0 for the others')
        raise wrong(got, expected, hint)


@exercise('tie_chance_two_decks', takes_value=True)
def _tie_chance_two_decks(value):
    """Two hands from two separate decks: the chance that they tie, exactly."""
    total = math.comb(52, 5)
    expected = sum(Fraction(n, total) ** 2 for hand, n in hand_classes())
    if not (isinstance(value, (int, float, Fraction))
            and not isinstance(value, bool) and abs(value - expected) < 1e-12):
        raise wrong(value, float(expected),
                    'each distinct ranking v, held by n[v] of the hands, ties with '
                    'probability (n[v] / 2598960) ** 2; add these up')


# ---------------------------------------------------------------------------
# 03 · Refactoring with group and unzip

@exercise('group')
def _group(run):
    for items in [[7, 10, 7, 7, 10], [9, 9, 8, 8, 2], [5, 4, 3, 2, 14],
                  [2, 2, 13, 13, 13], ['a', 'b', 'a'], [], [14, 14, 14, 14, 5]]:
        got, expected = run(items), group(items)
        pairs = ([tuple(p) for p in got] if isinstance(got, (list, tuple))
                 and all(isinstance(p, (list, tuple)) for p in got) else None)
        if pairs == expected:
            continue
        if pairs and sorted(pairs) == sorted(expected):
            hint = ('the most frequent first, and among equal counts the higher item '
                    'first: sort the (count, item) pairs in reverse')
        elif pairs and sorted(p[::-1] for p in pairs) == sorted(expected):
            hint = 'each pair is (count, item): the count first'
        else:
            hint = 'a list of (count, item) pairs, one for each different item'
        raise wrong(got, expected, hint)


@exercise('unzip')
def _unzip(run):
    for pairs in [[(3, 7), (2, 10)], [(1, 'a')], [(2, 9), (2, 8), (1, 2)],
                  [(4, 14), (1, 5)]]:
        got = run(pairs)
        expected = tuple(zip(*pairs))
        try:
            shown = tuple(tuple(part) for part in got)
        except TypeError:
            shown = None
        if shown != expected:
            raise wrong(shown if shown is not None else got, expected,
                        'two sequences: all the first items, then all the second items '
                        '(zip(*pairs) does it)')


LOWBALL = [
    ['7S 5H 4D 3C 2S', '7D 5C 4H 3S 2D'],   # the best hand
    ['7S 6H 4D 3C 2S'],
    ['7S 6H 5D 4C 2S'],
    ['8S 5H 4D 3C 2S'],
    ['8S 6H 5D 4C 2S'],
    ['9S 8H 7D 6C 4S'],
    ['KS QH JD TC 8S'],
    ['AS 5H 4D 3C 2S'],                     # ace high: no straight here
    ['AS KH QD JC 9S'],
    ['2S 2H 5D 4C 3S'],                     # the best pair
    ['2S 2H 7D 4C 3S'],
    ['3S 3H 5D 4C 2S'],
    ['AS AH KD QC JS'],
    ['2S 2H 3D 3C 4S'],                     # two pair
    ['2S 2H 2D 4C 3S'],                     # three of a kind
    ['6S 5H 4D 3C 2S'],                     # a straight counts against you
    ['AS KH QD JC TS'],
    ['7H 5H 4H 3H 2H'],                     # a flush
    ['2S 2H 2D 3C 3S'],
    ['2S 2H 2D 2C 3S'],
    ['6H 5H 4H 3H 2H'],                     # a straight flush: the worst
]


@exercise('lowball_rank')
def _lowball_rank(run):
    return _judge_ranking(run, lowball=True)


@exercise('distinct_rankings', takes_value=True)
def _distinct_rankings(value):
    expected = Counter(category_name(hand_rank(h)[0]) for h, n in hand_classes())
    expected = {name: expected[name] for name in reversed(HAND_NAMES[:9])}
    if isinstance(value, dict) and dict(value) == expected:
        return
    if isinstance(value, dict) and set(value) != set(expected):
        hint = ('one count for each of the nine categories, keyed by its name as '
                'category_name gives it')
    elif isinstance(value, dict) and all(isinstance(v, int) for v in value.values()) \
            and sum(value.values()) == math.comb(52, 5):
        hint = ('those are numbers of hands: count the distinct rankings, one for each '
                'class that hand_classes lists')
    elif isinstance(value, dict):
        bad = next(k for k in expected if value[k] != expected[k])
        hint = f'the count for {bad!r} is off'
    else:
        hint = 'a dict: {category name: number of distinct rankings}'
    raise wrong(value, expected, hint)


# ---------------------------------------------------------------------------
# 04 · Dealing and how often each hand comes up

DEAL_CALL = 'deal(4, 5, deck, rng=random.Random(1))'


@exercise('deal', error_hint="deal(numhands, n=5, deck=DECK, rng=None) takes the rng to "
                             "shuffle with: rng.shuffle(cards)")
def _deal(run):
    deck = list(DECK)
    got = run.raw(4, 5, deck, SeededRandom(1), shown=DEAL_CALL)
    if deck != DECK:
        raise Mismatch([('changed', f'the deck it was given: it now starts {short(deck[:6])}'),
                        ('hint', "deal must not change the deck it is given: shuffle a copy "
                                 "(cards = list(deck))")])
    _check_deal(got, 4, 5, DECK)
    if run(4, 5, DECK, SeededRandom(1)) != got:
        raise Mismatch([('returned', 'different hands for the same seed'),
                        ('hint', 'shuffle with the rng you are given (rng.shuffle), not '
                                 'the random module, so that a seed repeats a deal')])
    if run(4, 5, DECK, SeededRandom(2)) == got:
        raise Mismatch([('returned', 'the same hands for a different seed'),
                        ('hint', 'shuffle the cards before dealing them')])
    for numhands, n, cards, seed in [(2, 7, DECK, 3), (1, 52, DECK, 4),
                                     (2, 2, ['AS', 'KS', 'QS', 'JS'], 5), (10, 5, DECK, 6)]:
        _check_deal(run(numhands, n, cards, SeededRandom(seed)), numhands, n, cards)
    for seed in range(7, 57):
        _check_deal(run(10, 5, DECK, SeededRandom(seed)), 10, 5, DECK)


def _check_deal(got, numhands, n, deck):
    """Raise Mismatch unless got is numhands hands of n distinct cards from deck."""
    if not (isinstance(got, list) and len(got) == numhands
            and all(isinstance(h, list) and len(h) == n for h in got)):
        raise wrong(got, f'{numhands} hands of {n} cards',
                    'a list of hands, each a list of n cards')
    cards = [c for hand in got for c in hand]
    if not set(cards) <= set(deck):
        raise wrong(got, f'cards from {short(deck, 60)}', 'deal only the cards of the deck')
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise wrong(got, f'{numhands} hands of {n} different cards',
                    f'{dup} was dealt twice: deal without replacement (shuffle the deck, '
                    f'then take the cards in order)')


def _chi_square_p(counts, n) -> float:
    """p-value of five-card category counts (by name) against the exact probabilities."""
    from scipy.stats import chisquare
    from .frequencies import EXACT_COUNTS
    exact = EXACT_COUNTS[5]
    total = sum(exact.values())
    observed = [counts.get(name, 0) for name in exact]
    return float(chisquare(observed, [n * exact[name] / total for name in exact]).pvalue)


EXPERIMENT_N = 2_000


def _judge_experiment(run, as_counts, describe):
    """Run an experiment twice with one seed and once with another; test its counts."""
    first = as_counts(run(EXPERIMENT_N, SeededRandom(1)))
    if first is None:
        return
    if sum(first.values()) != EXPERIMENT_N:
        raise Mismatch([('returned', describe(first)),
                        ('hint', f'count all {EXPERIMENT_N:,d} hands: {EXPERIMENT_N // 10:,d} '
                                 f'deals of ten hands each')])
    if as_counts(run(EXPERIMENT_N, SeededRandom(1))) != first:
        raise Mismatch([('returned', 'different counts for the same seed'),
                        ('hint', 'pass the rng on to deal, so that a seed repeats the '
                                 'experiment')])
    step = math.gcd(*map(int, first.values()))
    if step >= 10:      # fair counts of 3,000 hands share such a factor about once in 10**7
        raise Mismatch([('returned', describe(first)),
                        ('hint', f'every count is a multiple of {step}: is the same hand '
                                 f'counted again and again, instead of different hands?')])
    p = _chi_square_p(first, EXPERIMENT_N)
    if p < 1e-6:
        raise Mismatch([('returned', describe(first)),
                        ('expected', 'close to the exact percentages: high card 50.1%, '
                                     'one pair 42.3%, two pair 4.8%, ...'),
                        ('hint', f'far from the exact probabilities (chi-square p = {p:.1e}): '
                                 f'are the hands dealt from a shuffled deck, without '
                                 f'replacement, and counted by category?')])


@exercise('hand_percentages')
def _hand_percentages(run):
    def as_counts(got):
        if not (isinstance(got, (list, tuple)) and len(got) == 9
                and all(isinstance(x, (int, float)) for x in got)):
            raise Mismatch([('returned', short(got)),
                            ('hint', 'a list of nine percentages: element c for the '
                                     'hands of category c (0 high card ... 8 straight flush)')])
        if abs(sum(got) - 100) > 1e-6:
            raise Mismatch([('returned', short(got)),
                            ('hint', f'percentages add up to 100 (these add up to '
                                     f'{sum(got):g}): 100 * count / n')])
        return {name: round(x * EXPERIMENT_N / 100) for name, x in zip(HAND_NAMES, got)}
    _judge_experiment(run, as_counts,
                      lambda c: ', '.join(f'{name} {100 * k / EXPERIMENT_N:.1f}%'
                                          for name, k in c.items() if k))


@exercise('hand_frequencies_by_removing')
def _by_removing(run):
    def as_counts(got):
        if isinstance(got, dict) and got.get('five of a kind'):
            raise Mismatch([('returned', short(got)),
                            ('hint', 'five of a kind cannot be dealt from one deck: was a '
                                     'card dealt twice?')])
        if not (isinstance(got, dict) and set(got) <= set(HAND_NAMES[:9])):
            raise Mismatch([('returned', short(got)),
                            ('hint', 'a Counter of category names, as hand_frequencies returns')])
        return {name: got.get(name, 0) for name in HAND_NAMES[:9]}
    _judge_experiment(run, as_counts, lambda c: short({k: v for k, v in c.items() if v}))


@exercise('hands_needed')
def _hands_needed(run):
    for p, confidence in [(40 / 2_598_960, 0.99), (0.5, 0.99), (1 / 6, 0.5),
                          (624 / 2_598_960, 0.9), (0.25, 0.75)]:
        expected = math.ceil(math.log(1 - confidence) / math.log(1 - p))
        if 1 - (1 - p) ** expected < confidence:      # guard against rounding
            expected += 1
        got = run(p, confidence)
        if got != expected:
            hint = ('the smallest n with 1 - (1 - p)**n >= confidence'
                    + (': one fewer is not enough' if got == expected - 1 else
                       ': is a smaller n already enough?' if got == expected + 1 else ''))
            raise wrong(got, expected, hint)


@exercise('most_common_seven', takes_value=True)
def _most_common_seven(value):
    from .frequencies import EXACT_COUNTS
    counts = EXACT_COUNTS[7]
    expected = max(counts, key=counts.get)
    if value != expected:
        raise wrong(value, expected, 'look at the exact % column of frequency_table(counts, cards=7)'
                    if value in HAND_NAMES else 'the name of a category, as in HAND_NAMES')


# ---------------------------------------------------------------------------
# 05 · Shuffling

def _distribution(shuffle, deck, budget=60_000):
    """(probability of each arrangement, probability not yet decided) of a shuffle.

    Runs the shuffle over every sequence of random choices, deeper and deeper
    while the number of runs stays within budget. None if the shuffle draws
    random() (which can't be enumerated).
    """
    from .cards import PokerError
    best = None
    for most in (4, 6, 8, 10, 12, 14, 16, 20, 24):
        probs, unfinished, runs = Counter(), Fraction(0), 0
        try:
            for outcome, p in enumerate_runs(shuffle, deck, most):
                runs += 1
                if runs > budget:
                    return best
                if outcome is None:
                    unfinished += p
                else:
                    probs[outcome] += p
        except PokerError:
            return None
        best = probs, unfinished
        if unfinished == 0:
            return best
    return best


def _verdict(probs, unfinished, expected):
    """('right' | 'wrong' | 'unknown', the first arrangement that shows it)."""
    for perm, q in expected.items():
        if probs.get(perm, 0) > q or probs.get(perm, 0) + unfinished < q:
            return 'wrong', perm
    return ('right' if unfinished == 0 else 'unknown'), None


def _show_distribution(probs, unfinished, deck) -> str:
    perms = _perms(deck)
    if unfinished == 0:
        return ', '.join(f'{p!r} {probs.get(p, 0)}' for p in perms)
    def bounds(lo, hi):
        return f'{lo:.4f}' if hi - lo < 5e-5 else f'{lo:.4f} to {hi:.4f}'
    return ', '.join(f'{p!r} {bounds(float(probs.get(p, 0)), float(probs.get(p, 0) + unfinished))}'
                     for p in perms)


def _judge_shuffle(run, expected_for, want, hint_for):
    """Judge a shuffle exactly (or, if it draws random(), by a chi-square test)."""
    deck = 'abcdefghij'     # ten cards: two shuffles by the random module almost never agree
    shown = f"{run.name}(list({deck!r}), random.Random(1))"
    outcomes = []
    for seed in [1, 1, 2, 3, 4]:
        cards = list(deck)
        returned = run.raw(cards, SeededRandom(seed), shown=shown)
        outcomes.append(cards)
    if returned is not None and all(c == list(deck) for c in outcomes):
        raise Mismatch([('returned', short(returned)),
                        ('hint', 'shuffle in place: rearrange the list you are given '
                                 '(and return nothing)')])
    if outcomes[0] != outcomes[1]:
        raise Mismatch([('returned', f'{short(outcomes[0])}, then {short(outcomes[1])}'),
                        ('hint', 'shuffle with the rng you are given (rng.randrange), not '
                                 'the random module, so that a seed repeats a shuffle')])
    for deck in ['ab', 'abc', 'abcd']:
        expected = expected_for(deck)
        run.last_call = (f"{run.name}(list({deck!r}), rng) over every sequence of "
                         f"random choices")
        result = _distribution(run.function, deck)
        if result is None:
            return _judge_shuffle_by_chi_square(run, expected_for)
        probs, unfinished = result
        run.cases += 1
        verdict, perm = _verdict(probs, unfinished, expected)
        if verdict == 'wrong':
            details = [('returned', _show_distribution(probs, unfinished, deck)),
                       ('expected', want(deck)),
                       ('hint', hint_for(deck, perm, probs, expected))]
            if unfinished:
                details.insert(2, ('note', 'this shuffle can run for ever, so the '
                                           'probabilities are bounds from all its '
                                           'shorter runs'))
            raise Mismatch(details)
        if verdict == 'unknown':
            return _judge_shuffle_by_chi_square(run, expected_for)
    return (f": {want('abcd')}, exactly, and likewise for 'ab' and 'abc' (every "
            f"sequence of random choices tried)")


CHI_SQUARE_TRIALS = 60_000


def _judge_shuffle_by_chi_square(run, expected_for):
    from scipy.stats import chisquare
    rng = random.Random(2026)
    counts = Counter()
    for _ in range(CHI_SQUARE_TRIALS):
        d = list('abc')
        run.function(d, rng)
        counts[''.join(d)] += 1
    run.cases += CHI_SQUARE_TRIALS
    # The test is on the arrangements that can come out (Sattolo's shuffle has
    # some that can't); anything else coming out at all fails, with p = 0.
    possible = {perm: q for perm, q in expected_for('abc').items() if q > 0}
    observed = [counts.get(perm, 0) for perm in possible]
    if sum(observed) != CHI_SQUARE_TRIALS:
        p = 0.0
    elif len(possible) == 1:
        p = 1.0
    else:
        p = float(chisquare(observed, [CHI_SQUARE_TRIALS * float(q)
                                       for q in possible.values()]).pvalue)
    run.last_call = f"{run.name}(list('abc'), rng), {CHI_SQUARE_TRIALS:,d} times"
    if p < 1e-3:
        raise Mismatch([('returned', short(dict(counts), 200)),
                        ('expected', f'about {CHI_SQUARE_TRIALS // len(possible):,d} of each '
                                     f'arrangement that can come out'),
                        ('hint', f'a chi-square test rejects these counts (p = {p:.1e})')])
    return (f': passes a chi-square test on {CHI_SQUARE_TRIALS:,d} shuffles (p = {p:.2f}); '
            f'it draws its random numbers in a way that can\'t be enumerated, so no exact check')


def _uniform(deck):
    perms = _perms(deck)
    return {p: Fraction(1, len(perms)) for p in perms}


def _knuth_hint(deck, perm, probs, expected):
    if probs.get(perm, 0) == 0:
        return (f'{perm!r} never comes out: can an item stay where it is? (swap i with a '
                f'position from i to N-1, including i itself)')
    total_runs = {p.denominator for p in probs.values()}
    if max(total_runs) == len(deck) ** len(deck):
        return (f'swapping each position with any position gives {len(deck)}**{len(deck)} '
                f'equally likely runs, which cannot split evenly over {math.factorial(len(deck))} '
                f'arrangements: swap position i only with a position from i to N-1')
    return f'{perm!r} should come out with probability 1/{math.factorial(len(deck))}'


@exercise('shuffle2', 'shuffle', error_hint='shuffle2(deck, rng) rearranges deck in place, '
                                            'using rng.randrange')
def _shuffle2(run):
    return _judge_shuffle(run, _uniform,
                          lambda deck: (f'fair, 1/{math.factorial(len(deck))} for every arrangement of '
                                        f'{deck!r}'),
                          _knuth_hint)


def _cyclic(deck):
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


@exercise('sattolo', error_hint='sattolo(deck, rng) swaps each position i from 0 to N-2 '
                                 'with rng.randrange(i + 1, N): the last position has '
                                 'none after it')
def _sattolo(run):
    return _judge_shuffle(
        run, _cyclic,
        lambda deck: (f'1/{math.factorial(len(deck) - 1)} for each arrangement of {deck!r} '
                      f'that forms one cycle, 0 for the others'),
        lambda deck, perm, probs, expected: (
            f'{perm!r} should never come out: it leaves an item in place or splits into '
            f'cycles (swap i only with a position strictly after it: i+1 to N-1)'
            if expected[perm] == 0 else
            f'{perm!r} should come out with probability {expected[perm]}'))


@exercise('shuffle_by_sorting')
def _shuffle_by_sorting(run):
    return _judge_shuffle(run, _uniform,
                          lambda deck: (f'fair, 1/{math.factorial(len(deck))} for every '
                                        f'arrangement of {deck!r}'),
                          lambda deck, perm, probs, expected: (
                              'with few possible keys, many cards tie, and a stable sort '
                              'keeps tied cards in their old order'))


@exercise('most_likely_naive', takes_value=True)
def _most_likely_naive(value):
    from .fairness import exact_shuffle_probabilities
    probs = exact_shuffle_probabilities('shuffle_naive', 'abcd')
    best = max(probs.values())
    winners = sorted(p for p, q in probs.items() if q == best)
    expected = (winners[0], best) if len(winners) == 1 else (winners, best)
    ok = (isinstance(value, (tuple, list)) and len(value) == 2
          and (value[0] == expected[0] or sorted(value[0]) == winners)
          and isinstance(value[1], (int, float, Fraction))
          and abs(value[1] - best) < 1e-12)
    if ok:
        return
    if not (isinstance(value, (tuple, list)) and len(value) == 2):
        hint = 'a pair: (the most likely arrangement, its probability)'
    elif isinstance(value[0], str) and value[0] in probs and value[0] not in winners:
        hint = (f'{value[0]!r} comes out with probability {probs[value[0]]}, not the largest: '
                f'compare the probabilities (max with a key)')
    else:
        hint = 'exact_shuffle_probabilities(shuffle_naive, "abcd") has them all; find the largest'
    raise wrong(value, expected, hint)


# ---------------------------------------------------------------------------
# 06 · Seven cards and wild cards (the lecture's homework)

def _judge_best_five(run, cases, best_of, legal, search):
    """Judge a best-hand function: five legal cards, ranked as high as possible.

    `search` says, for the hint, what a function must try to find the best.
    """
    rank = hand_rank.__wrapped__          # a joker may copy a card: no duplicate check
    for text in cases:
        hand = parse_hand(text)
        got = run(hand)
        best = best_of(hand)
        if not (isinstance(got, (list, tuple)) and len(got) == 5
                and all(isinstance(c, str) for c in got)):
            raise wrong(got, best, 'return the best five cards, as a list of cards')
        problem = legal(hand, list(got))
        if problem:
            raise wrong(got, best, problem)
        if rank(list(got)) < rank(best):
            raise wrong(got, best, f'a better five cards exist ({category_name(rank(best)[0])}): '
                                   f'try {search}')


def _from_hand(hand, got):
    if len(set(got)) < 5:
        return 'five different cards'
    missing = [c for c in got if c not in hand]
    return f'{missing[0]} is not in the hand' if missing else None


@exercise('best_hand')
def _best_hand(run):
    from .holdem import best_hand
    _judge_best_five(run, ['6C 7C 8C 9C TC 5C JS', 'TD TC TH 7C 7D 8C 8S',
                           'JD TC TH 7C 7D 7S 7H', 'AS AH KS KH QS QH 2C',
                           '2S 3D 4H 5C 9S KD', 'AS KS QS JS TS 9S',
                           '7C 5D 4H 3S 2C', 'AS 2D 3C 4H 5S KC KD'],
                     best_hand, _from_hand, 'every way to choose five (itertools.combinations)')


def _with_jokers(hand, got):
    """None if got can be made from hand's cards, each joker standing for one card."""
    from .holdem import replacements
    if any(c in ('?B', '?R') for c in got):
        return ('replace each joker by a card it can stand for: ?B any black card '
                '(spades or clubs), ?R any red card (hearts or diamonds)')
    for chosen in itertools.permutations(hand, 5):
        if all(g in replacements(c) for g, c in zip(got, chosen)):
            return None
    return ('those five cards cannot be made from this hand: a joker stands for one '
            'card of its colour, every other card is itself')


@exercise('best_wild_hand')
def _best_wild_hand(run):
    from .holdem import best_wild_hand
    _judge_best_five(run, ['AS AH AD AC ?B', '6C 7C 8C 9C TC 5C ?B',
                           'TD TC 5H 5C ?R ?B', 'JD TC TH 7C 7D 7S 7H',
                           '2C 3D 4H 9S KD ?R', 'QH JH TH 9H ?B 2C 3D',
                           '?R 8C 8D 4S 3H'],
                     best_wild_hand.__wrapped__, _with_jokers,
                     'every card each joker can stand for, and every way to choose five')


@exercise('count_rankings')
def _count_rankings(run):
    from .holdem import replacements
    for text in ['AS KS QS JS TS 9S', 'AS KS QS JS TS 9S 8S', 'AS KS QS JS TS 9S ?B',
                 'AS KS QS JS TS ?R ?B', 'AS KS QS JS ?R', '2C 3D 4H 5S 6C']:
        hand = parse_hand(text)
        expected = math.prod(len(replacements(c)) for c in hand) * math.comb(len(hand), 5)
        got = run(hand)
        if got != expected:
            raise wrong(got, expected, 'every replacement of the jokers (26 cards each) '
                                       'times every choice of five cards')


def _best_deuces_wild(hand):
    """Reference answer: the best five when every deuce can be any card."""
    rank = hand_rank.__wrapped__
    options = [DECK if c[0] == '2' else [c] for c in hand]
    return list(max((list(h) for h in itertools.product(*options)), key=rank))


@exercise('best_deuces_wild')
def _deuces_wild(run):
    def legal(hand, got):
        kept = [c for c in hand if c[0] != '2']
        missing = [c for c in kept if c not in got]
        return (f'{missing[0]} is not a deuce: it stays as it is' if missing else None)
    _judge_best_five(run, ['2S AS AH KD 9C', '2S 2H AS AH KD', '2C 2D 9C 9D 9H',
                           '2H 7S 8S 9S TS', 'KS QS 2D 4C 6H'],
                     _best_deuces_wild, legal,
                     'every card of the deck for each deuce (itertools.product)')


@functools.cache
def flush_draw_chance() -> Fraction:
    """Reference answer: AS KS against 9H 9C on a flop of 7S 2S 9D, exactly."""
    import numpy as np
    from .fast import evaluate, hand_ids
    board, me, you = parse_hand('7S 2S 9D'), parse_hand('AS KS'), parse_hand('9H 9C')
    rest = [c for c in DECK if c not in board + me + you]
    pairs = [list(p) for p in itertools.combinations(rest, 2)]
    mine = evaluate(hand_ids([me + board + p for p in pairs]))
    yours = evaluate(hand_ids([you + board + p for p in pairs]))
    return Fraction(int(np.sum(mine > yours)), len(pairs))


@exercise('flush_draw', takes_value=True)
def _flush_draw(value):
    expected = flush_draw_chance()
    if not (isinstance(value, (int, float, Fraction)) and not isinstance(value, bool)
            and abs(value - expected) < 0.05):
        raise wrong(value, f'about {float(expected):.3f} (within 0.05)',
                    'the fraction of boards on which AS KS wins: wins / n')


# ---------------------------------------------------------------------------
# 07 · A file of hands (Project Euler problem 54)

def _versus_lines():
    from .versus import make_versus_lines
    return make_versus_lines(300, random.Random(54), tie_fraction=0.1)


@exercise('player1_wins')
def _player1_wins(run):
    from .versus import parse_versus_line, versus_winner
    lines = _versus_lines()
    wins = Counter(versus_winner(*parse_versus_line(line)) for line in lines)
    expected, ties = wins['player1'], wins['tie']
    got = run.raw(list(lines), shown=f'{run.name}(lines)  # 300 deals, 10% of them ties')
    if got == expected:
        return f': right on {len(lines)} deals, {ties} of them ties'
    if got == expected + ties:
        hint = 'a tie is not a win for player 1: count only the deals where hand 1 ranks higher'
    elif got == wins['player2']:
        hint = "that is player 2's count: hand 1 is the first five cards of each line"
    elif isinstance(got, float):
        hint = 'how many deals player 1 wins: a count, not a fraction'
    else:
        hint = ('compare the whole rankings, hand_rank(hand1) > hand_rank(hand2): the '
                'category first, and when both hands are in one category, the ranks decide')
    raise wrong(got, expected, hint)


@exercise('how_won')
def _how_won(run):
    from .versus import parse_versus_line
    for line in ['5H 5C 6S 7S KD 2C 3S 8S 8D TD', '5D 8C 9S JS AC 2C 5C 7D 8S QH',
                 '2D 9C AS AH AC 3D 6D 7D TD QD', '4D 6S 9H QH QC 3D 6D 7H QD QS',
                 '2H 2D 4C 4D 4S 3C 3D 3S 9S 9D', 'AS KS 9S 7D 3C AH KH 9H 7C 3D',
                 'AS KS 9S 7S 3S AH KD 9H 7C 3D', 'AS AH KD KC 2S AD AC KH KS 3S']:
        h1, h2 = parse_versus_line(line)
        r1, r2 = hand_rank(h1), hand_rank(h2)
        expected = 'tie' if r1 == r2 else 'category' if r1[0] != r2[0] else 'ranks'
        got = run(h1, h2)
        if got != expected:
            raise wrong(got, expected,
                        "'tie' only when the whole rankings are equal: the same category, or "
                        "the same ranks in other suits, is not enough" if got == 'tie' else
                        "'tie' for equal rankings, 'category' when the categories differ, "
                        "'ranks' when the category is the same and the ranks decide")


@exercise('score_valid', error_hint='a bad line must not stop the count: catch the error that '
                                    'parse_versus_line raises for it (except ValueError as e) '
                                    'and keep its message, str(e)')
def _score_valid(run):
    from .versus import read_versus, score_versus, versus_errors
    lines = _versus_lines()[:40]
    lines[3] = lines[3].rsplit(' ', 1)[0]                  # nine cards
    lines[11] = lines[11].replace(lines[11][:2], '1X', 1)  # a bad card
    lines[20] = ' '.join(lines[20].split()[:9] + lines[20].split()[:1])   # a card twice
    errors = versus_errors(lines)
    good = [line for i, line in enumerate(lines, 1)
            if not any(e.startswith(f'line {i}:') for e in errors)]
    expected = (score_versus(read_versus(good)), errors)
    got = run.raw(list(lines), shown=f'{run.name}(lines)  # 40 lines, 3 of them bad')
    pair = isinstance(got, (tuple, list)) and len(got) == 2
    if pair and dict(got[0]) == expected[0] and list(got[1]) == errors:
        return f': right on {len(lines)} lines, {len(errors)} of them bad'
    same_counts = pair and dict(got[0]) == expected[0] and isinstance(got[1], (list, tuple))
    if same_counts and not all(isinstance(e, str) for e in got[1]):
        hint = 'the error messages as text, str(e), not the errors themselves'
    elif same_counts and len(got[1]) == len(errors):
        hint = ('each message as parse_versus_line(line, lineno) words it, with the lines '
                'numbered from 1')
    else:
        hint = ('(the counts of the good lines, as score_versus gives them; the error '
                'messages of the bad ones, as versus_errors gives them)')
    raise wrong(got, expected, hint)


# ---------------------------------------------------------------------------
# 08 · Fast exact tables

STRAIGHT_MASKS = [0b11111 << k for k in range(9)] + [0b1000000001111]
"""The ten straights as 13-bit rank masks: 2-3-4-5-6 up to T-J-Q-K-A, then A-2-3-4-5."""


def _rank_masks(arr):
    """Each row's ranks as a 13-bit mask: bit r for rank r (0 a deuce, 12 an ace)."""
    import numpy as np
    return np.bitwise_or.reduce(np.left_shift(1, arr.astype(np.int64) >> 2), axis=1)


def _straight_v1_hint(arr, got, expected) -> str:
    """What a wrong array of straights (of the right shape) most likely got wrong."""
    import numpy as np
    masks = _rank_masks(arr)
    ranks = np.sort(arr >> 2, axis=1)
    paired = (np.diff(ranks, axis=1) == 0).any(axis=1)
    bad = got != expected
    if np.array_equal(got, np.isin(masks & 0xFF, STRAIGHT_MASKS)):
        return ("1 << 12 doesn't fit in a uint8: convert the ranks to a wider integer "
                "type before shifting")
    for mask, straight in [(STRAIGHT_MASKS[-1], 'A-2-3-4-5 (the wheel)'),
                           (STRAIGHT_MASKS[8], 'T-J-Q-K-A')]:
        if np.all(masks[bad] == mask):
            return f'{straight} is a straight too'
    if np.any(bad & paired):
        return ('a pair is not a straight: compare the set of ranks (a 13-bit mask) with the '
                'straight masks, not just the highest and lowest rank')
    return ("a card's rank is its id >> 2; compare each hand's 13-bit rank mask with the "
            "ten straight masks, from A-2-3-4-5 to T-J-Q-K-A")


@exercise('straight_v1')
def _straight_v1(run):
    import numpy as np
    from .fast import hand_ids
    fixed = hand_ids(hands('AS 2D 3C 4H 5S', 'TS JH QD KC AS', '9C TC JC QC KC',
                           '2S 3D 4C 5H 7S', '9S 9H TD JC QS', 'AS KH QD JC 9S'))
    rng = np.random.default_rng(8)
    shuffled = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (20_000, 1)), axis=1)
    for arr in [fixed, shuffled[:, :5]]:
        got = run(arr)
        expected = np.isin(_rank_masks(arr), STRAIGHT_MASKS)
        try:
            same = np.array_equal(np.asarray(got, dtype=bool), expected) \
                and np.shape(got) == expected.shape
        except (TypeError, ValueError):
            same = False
        if same:
            continue
        try:
            got_array = np.asarray(got, dtype=bool) if np.shape(got) == expected.shape else None
        except (TypeError, ValueError):
            got_array = None
        if got_array is None:
            raise wrong(got, bool(expected[0]), 'one True or False for each row (hand) of the array',
                        call=f'{run.name}(arr), on row 0: {short(arr[0].tolist())}')
        bad = int(np.flatnonzero(got_array != expected)[0])
        raise wrong(bool(got_array[bad]), bool(expected[bad]),
                    _straight_v1_hint(arr, got_array, expected),
                    call=f'{run.name}(arr), on row {bad}: {short(arr[bad].tolist())}')


@functools.cache
def _five_of_48():
    """Every way to choose 5 of 48 positions: a (1712304, 5) uint8 array."""
    import numpy as np
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(48), 5)),
                       dtype=np.uint8, count=5 * math.comb(48, 5))
    return flat.reshape(-1, 5)


@functools.cache
def _heads_up_cached(hole1, hole2) -> tuple:
    return heads_up_reference(list(hole1), list(hole2))


def heads_up_reference(hole1, hole2) -> tuple:
    """(wins, losses, ties) of hole1 against hole2 over every board (reference answer)."""
    import numpy as np
    from .fast import evaluate
    rest = np.array([card_id(c) for c in DECK if c not in hole1 + hole2], dtype=np.uint8)
    boards = rest[_five_of_48()]
    h1 = np.array([card_id(c) for c in hole1], dtype=np.uint8)
    h2 = np.array([card_id(c) for c in hole2], dtype=np.uint8)
    v1 = evaluate(np.hstack([np.tile(h1, (len(boards), 1)), boards]))
    v2 = evaluate(np.hstack([np.tile(h2, (len(boards), 1)), boards]))
    return int((v1 > v2).sum()), int((v1 < v2).sum()), int((v1 == v2).sum())


@exercise('heads_up')
def _heads_up(run):
    for a, b in [('AS AH', 'KS KH')]:
        hole1, hole2 = parse_hand(a), parse_hand(b)
        expected = _heads_up_cached(tuple(hole1), tuple(hole2))
        got = run(hole1, hole2)
        if isinstance(got, (tuple, list)) and tuple(map(int, got)) == expected:
            continue
        counts = sorted(map(int, got)) if isinstance(got, (tuple, list)) else None
        if counts == sorted(expected):
            hint = ('the right counts in the wrong order: (wins, losses, ties), a win being '
                    'a board on which hole1 ranks higher')
        elif counts and len(counts) == 3 and sum(counts) == sum(expected):
            hint = 'the three counts add up right: is a tie counted as a win or a loss?'
        else:
            hint = '(wins, losses, ties) over all C(48, 5) = 1,712,304 boards'
        raise wrong(got, expected, hint)


@functools.cache
def pair_overtakes_size() -> int:
    """Reference answer: the smallest hand size at which one pair is more common than high card."""
    from .fast import exact_counts
    for k in (5, 6, 7):
        counts = exact_counts(k)
        if counts['one pair'] > counts['high card']:
            return k


@exercise('pair_overtakes', takes_value=True)
def _pair_overtakes(value):
    expected = pair_overtakes_size()
    if value != expected:
        raise wrong(value, expected, 'compare exact_counts(5), exact_counts(6) and '
                                     'exact_counts(7)' if isinstance(value, int) else
                                     'the hand size, a whole number: 5, 6 or 7')
