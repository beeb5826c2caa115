"""pokerlib.practice.check: right versions pass, plausible wrong ones fail and say where.

Each exercise gets correct versions written differently from the library
(they must pass) and at least three wrong versions a student might write
(each must fail, with a report that names the failing input). Whether the
notebooks' own solutions pass is checked where they live: every committed
``check(...)`` output is a pass, and nbval re-runs them.
"""

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import pokerlib
from pokerlib import DECK, hand_rank
from pokerlib.exercises import EXERCISES
from pokerlib.practice import TIME_LIMIT, Report, check

ROOT = Path(__file__).resolve().parent.parent
RANKS = '--23456789TJQKA'


def named(name):
    """Decorator: give a function the exercise's name (check finds exercises by name)."""
    def rename(f):
        f.__name__ = name
        return f
    return rename


# ---------------------------------------------------------------------------
# Right versions, written differently from the library.

@named('card_ranks')
def card_ranks_with_sorted(hand):
    ranks = sorted((RANKS.index(r) for r, s in hand), reverse=True)
    return [5, 4, 3, 2, 1] if ranks == [14, 5, 4, 3, 2] else ranks


@named('straight')
def straight_with_sorting(ranks):
    ordered = sorted(ranks)
    return all(b == a + 1 for a, b in zip(ordered, ordered[1:]))


@named('flush')
def flush_with_all(hand):
    return all(s == hand[0][1] for r, s in hand)


@named('kind')
def kind_with_counter(n, ranks):
    counts = Counter(ranks)
    matches = [r for r in ranks if counts[r] == n]
    return matches[0] if matches else None


@named('two_pair')
def two_pair_with_counter(ranks):
    pairs = sorted({r for r in ranks if ranks.count(r) == 2}, reverse=True)
    return tuple(pairs) if len(pairs) == 2 else None


@named('hand_rank')
def hand_rank_other_shape(hand):
    """A ranking with another tuple shape: a category word order and a flat tuple."""
    counts = Counter(RANKS.index(r) for r, s in hand)
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    if ordered == [14, 5, 4, 3, 2]:
        ordered = [5, 4, 3, 2, 1]
    pattern = sorted(counts.values(), reverse=True)
    is_straight = len(ordered) == 5 and ordered[0] - ordered[4] == 4
    is_flush = len({s for r, s in hand}) == 1
    category = (8 if is_straight and is_flush else 7 if pattern == [4, 1] else
                6 if pattern == [3, 2] else 5 if is_flush else 4 if is_straight else
                3 if pattern == [3, 1, 1] else 2 if pattern == [2, 2, 1] else
                1 if pattern == [2, 1, 1, 1] else 0)
    return (category, *ordered)


@named('allmax')
def allmax_two_passes(iterable, key=None):
    items = list(iterable)
    key = key or (lambda x: x)
    if not items:
        return []
    best = max(map(key, items))
    return [x for x in items if key(x) == best]


@named('group')
def group_with_counter(items):
    return sorted(((n, x) for x, n in Counter(items).items()), reverse=True)


@named('unzip')
def unzip_as_lists(pairs):
    return [p[0] for p in pairs], [p[1] for p in pairs]


@named('deal')
def deal_by_sampling(numhands, n=5, deck=DECK, rng=None):
    cards = rng.sample(deck, numhands * n)
    return [cards[i * n:(i + 1) * n] for i in range(numhands)]


@named('shuffle2')
def knuth_backwards(deck, rng):
    for i in range(len(deck) - 1, 0, -1):
        j = rng.randint(0, i)
        deck[i], deck[j] = deck[j], deck[i]


@named('shuffle')
def knuth_by_the_lectures_name(deck, rng):
    "The lecture calls Knuth's shuffle `shuffle`; this course calls it shuffle2."
    for i in range(len(deck) - 1):
        j = rng.randrange(i, len(deck))
        deck[i], deck[j] = deck[j], deck[i]


@named('best_hand')
def best_hand_by_sorting(hand):
    return sorted(itertools.combinations(hand, 5), key=hand_rank)[-1]


@named('poker')
def poker_by_sorting(hands):
    ranked = sorted(hands, key=hand_rank, reverse=True)
    return [h for h in ranked if hand_rank(h) == hand_rank(ranked[0])]


RIGHT = [card_ranks_with_sorted, straight_with_sorting, flush_with_all,
         kind_with_counter, two_pair_with_counter, hand_rank_other_shape,
         allmax_two_passes, group_with_counter, unzip_as_lists, deal_by_sampling,
         knuth_backwards, knuth_by_the_lectures_name, best_hand_by_sorting, poker_by_sorting]
LIBRARY = ['card_ranks', 'straight', 'flush', 'kind', 'two_pair', 'hand_rank',
           'hand_rank_elif', 'allmax', 'poker', 'group', 'unzip', 'deal', 'shuffle2',
           'best_hand', 'best_wild_hand']


@pytest.mark.parametrize('function', RIGHT, ids=lambda f: f'{f.__name__}:{f.__code__.co_name}')
def test_right_versions_written_differently_pass(function):
    report = check(function)
    assert report and report.status == 'pass', str(report)
    assert str(report).startswith(f'✓ {function.__name__}')


@pytest.mark.parametrize('name', LIBRARY)
def test_the_librarys_own_versions_pass(name):
    report = check(getattr(pokerlib, name))
    assert report, str(report)


# ---------------------------------------------------------------------------
# Wrong versions a student might write: (exercise, function, words the report must show).

def wrong_versions():
    from pokerlib import kind, two_pair
    cases = [
        # card_ranks
        ('card_ranks', lambda hand: sorted(RANKS.index(r) for r, s in hand), 'card_ranks([', 'highest first'),
        ('card_ranks', lambda hand: sorted((RANKS.index(r) for r, s in hand), reverse=True),
         "card_ranks(['AS', '2D', '3C', '4H', '5S'])", 'ace plays low'),
        ('card_ranks', lambda hand: [r for r, s in hand], 'card_ranks([', 'numbers'),
        # straight
        ('straight', lambda ranks: max(ranks) - min(ranks) == 4, 'straight([9, 9, 7, 6, 5])', 'pair'),
        ('straight', lambda ranks: max(ranks) - min(ranks) >= 4 and len(set(ranks)) == 5,
         'straight([13, 8, 7, 6, 5])', 'consecutive'),
        ('straight', lambda ranks: len(set(ranks)) == 5, 'straight([13, 8, 7, 6, 5])', 'consecutive'),
        # flush
        ('flush', lambda hand: len({r for r, s in hand}) == 1, "flush(['AS'", 'suit'),
        ('flush', lambda hand: hand[0][1] == hand[1][1], "flush(['2C', '8C', 'TC', 'QC', 'AD'])", 'all five'),
        ('flush', lambda hand: len({s for r, s in hand}) <= 2, "flush(['2C', '8C', 'TC', 'QC', 'AD'])", 'all five'),
        # kind
        ('kind', lambda n, ranks: next((r for r in ranks if ranks.count(r) >= n), None),
         'kind(3, [9, 9, 9, 9, 7])', 'exactly 3'),
        ('kind', lambda n, ranks: next((r for r in reversed(ranks) if ranks.count(r) == n), None),
         'kind(2, [13, 11, 11, 3, 3])', 'highest first'),
        ('kind', lambda n, ranks: next((r for r in ranks if ranks.count(r) == n), False),
         'kind(3, [9, 9, 9, 9, 7])', 'return None'),
        # two_pair
        ('two_pair', lambda ranks: ((kind(2, list(reversed(ranks))), kind(2, ranks))
                                    if kind(2, ranks) and kind(2, ranks) != kind(2, list(reversed(ranks))) else None),
         'two_pair([9, 9, 7, 7, 2])', 'higher pair first'),
        ('two_pair', lambda ranks: (ranks[0], ranks[2]) if ranks[0] == ranks[1] else None,
         'two_pair([13, 11, 11, 3, 3])', '(high, low)'),
        ('two_pair', lambda ranks: tuple(sorted({r for r in ranks if ranks.count(r) >= 2}, reverse=True)[:2]) or None,
         'two_pair([', 'four of a kind'),
        # allmax
        ('allmax', lambda iterable, key=None: [max(iterable, key=key)], 'allmax([3, 1, 3, 2])', 'not just the first'),
        ('allmax', lambda iterable, key=None: [x for x in iterable if (key or (lambda v: v))(x) == max(map(key or (lambda v: v), iterable))],
         'allmax(iter([1, 7, 7, 2]))', 'iterator'),
        ('allmax', allmax_fails_on_nothing, 'allmax([])', 'allmax([]) is []'),
        ('allmax', allmax_forgets_key, "allmax(['ab', 'cd', 'e'], key=len)", 'maximum'),
        # poker
        ('poker', lambda hands: max(hands, key=hand_rank), 'poker([', 'list of the winning hands'),
        ('poker', lambda hands: [max(hands, key=hand_rank)], 'poker([', 'every winning hand'),
        ('poker', lambda hands: [h for h in hands if hand_rank(h)[0] == max(hand_rank(x)[0] for x in hands)],
         'poker([', 'highest ranking'),
        # hand_rank (judged by order)
        ('hand_rank', lambda hand: hand_rank(hand)[0], 'the order of these hands', 'highest card'),
        ('hand_rank', flush_and_straight_swapped, 'the order of these hands', 'flush beats any straight'),
        ('hand_rank', lambda hand: (hand_rank(hand)[0], [RANKS.index(r) for r, s in hand]),
         'the order of these hands', "order of the cards doesn't matter"),
        ('hand_rank', ranking_without_the_wheel, 'the order of these hands', 'A-2-3-4-5'),
        # group
        ('group', lambda items: sorted([(items.count(x), x) for x in set(items)], key=lambda p: p[0], reverse=True),
         'group([9, 9, 8, 8, 2])', 'higher item first'),
        ('group', lambda items: sorted([(x, items.count(x)) for x in set(items)], reverse=True),
         'group([7, 10, 7, 7, 10])', 'the count first'),
        ('group', lambda items: sorted([(items.count(x), x) for x in set(items)]),
         'group([7, 10, 7, 7, 10])', 'in reverse'),
        # unzip
        ('unzip', lambda pairs: pairs, 'unzip([(3, 7), (2, 10)])', 'zip(*pairs)'),
        ('unzip', lambda pairs: list(zip(pairs)), 'unzip([(3, 7), (2, 10)])', 'first items'),
        ('unzip', lambda pairs: (tuple(p[0] for p in pairs), tuple(p[0] for p in pairs)),
         'unzip([(3, 7), (2, 10)])', 'second items'),
        # deal
        ('deal', deal_shuffling_the_callers_deck, 'deal(4, 5, deck, rng=random.Random(1))', 'must not change the deck'),
        ('deal', deal_with_replacement, 'deal(', 'dealt twice'),
        ('deal', deal_without_shuffling, 'deal(', 'shuffle the cards'),
        ('deal', deal_with_the_random_module, 'deal(', 'rng you are given'),
        # shuffle2
        ('shuffle2', naive_shuffle, "shuffle2(list('abc'), rng)", 'position from i to N-1'),
        ('shuffle2', sattolo, "shuffle2(list('ab'), rng)", 'never comes out'),
        ('shuffle2', knuth_off_by_one, "shuffle2(list('", 'probability'),
        ('shuffle2', teachers_shuffle, "shuffle2(list('ab'), rng)", 'bounds'),
        ('shuffle2', lambda deck, rng: sorted(deck, key=lambda c: rng.random()), "shuffle2(list('abcd')", 'in place'),
        # best_hand
        ('best_hand', lambda hand: hand[:5], 'best_hand([', 'better five cards'),
        ('best_hand', lambda hand: max(itertools.combinations(hand, 5), key=lambda h: hand_rank(h)[0]),
         'best_hand([', 'better five cards'),
        ('best_hand', lambda hand: hand_rank(max(itertools.combinations(hand, 5), key=hand_rank)),
         'best_hand([', 'best five cards'),
        # best_wild_hand
        ('best_wild_hand', lambda hand: pokerlib.best_hand([c for c in hand if '?' not in c]
                                                           + [c for c in hand if '?' in c][:0])
         if len([c for c in hand if '?' not in c]) >= 5 else hand[:5],
         "best_wild_hand(['AS', 'AH', 'AD', 'AC', '?B'])", 'joker'),
        ('best_wild_hand', wild_with_wrong_colours, "best_wild_hand(['AS', 'AH', 'AD', 'AC', '?B'])", 'colour'),
        ('best_wild_hand', wild_as_the_lowest_card, 'best_wild_hand([', 'better five'),
    ]
    return cases


def allmax_fails_on_nothing(iterable, key=None):
    items = list(iterable)
    best = max(items, key=key)
    return [x for x in items if (key or (lambda v: v))(x) == (key or (lambda v: v))(best)]


def allmax_forgets_key(iterable, key=None):
    items = list(iterable)
    return [x for x in items if x == max(items)] if items else []


def flush_and_straight_swapped(hand):
    category, ranks = hand_rank(hand)
    return ({4: 5, 5: 4}.get(category, category), ranks)


def ranking_without_the_wheel(hand):
    counts = Counter(RANKS.index(r) for r, s in hand)
    ranks = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    category = hand_rank(hand)[0]
    if ranks == (14, 5, 4, 3, 2):
        category = 9 if category == 9 else 0 if category == 4 else 5
    return category, ranks


def deal_shuffling_the_callers_deck(numhands, n=5, deck=DECK, rng=None):
    rng.shuffle(deck)
    return [deck[n * i:n * (i + 1)] for i in range(numhands)]


def deal_with_replacement(numhands, n=5, deck=DECK, rng=None):
    return [[rng.choice(deck) for _ in range(n)] for _ in range(numhands)]


def deal_without_shuffling(numhands, n=5, deck=DECK, rng=None):
    return [list(deck[n * i:n * (i + 1)]) for i in range(numhands)]


def deal_with_the_random_module(numhands, n=5, deck=DECK, rng=None):
    cards = list(deck)
    random.shuffle(cards)
    return [cards[n * i:n * (i + 1)] for i in range(numhands)]


def naive_shuffle(deck, rng):
    for i in range(len(deck)):
        j = rng.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def sattolo(deck, rng):
    for i in range(len(deck) - 1):
        j = rng.randrange(i + 1, len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def knuth_off_by_one(deck, rng):
    for i in range(len(deck) - 1):
        j = rng.randrange(i, len(deck) - 1)
        deck[i], deck[j] = deck[j], deck[i]


def teachers_shuffle(deck, rng):
    swapped = [False] * len(deck)
    while not all(swapped):
        i, j = rng.randrange(len(deck)), rng.randrange(len(deck))
        swapped[i] = swapped[j] = True
        deck[i], deck[j] = deck[j], deck[i]


def wild_as_the_lowest_card(hand):
    "Each joker becomes the lowest card of its colour that is not in the hand."
    lowest = {j: next(c for c in DECK if c[1] in colours and c not in hand)
              for j, colours in [('?B', 'SC'), ('?R', 'HD')]}
    return pokerlib.best_hand([lowest.get(c, c) for c in hand])


def wild_with_wrong_colours(hand):
    colours = {'?B': 'HD', '?R': 'SC'}       # black and red swapped
    options = [[r + s for r in '23456789TJQKA' for s in colours[c]] if c in colours else [c]
               for c in hand]
    return max((list(five) for h in itertools.product(*options)
                for five in itertools.combinations(h, 5)), key=hand_rank.__wrapped__)


@pytest.mark.parametrize('name, function, call, words', wrong_versions(),
                         ids=lambda x: x if isinstance(x, str) and ' ' not in x else None)
def test_wrong_versions_fail_and_name_the_failing_input(name, function, call, words):
    report = check(function, name=name)
    text = str(report)
    assert not report, text
    assert report.status in ('fail', 'error'), text
    assert call in text.splitlines()[0], text
    assert words in text, text


def test_every_listed_exercise_has_three_wrong_versions():
    counts = Counter(name for name, *_ in wrong_versions())
    for name in ['card_ranks', 'straight', 'flush', 'kind', 'two_pair', 'hand_rank',
                 'allmax', 'poker', 'group', 'unzip', 'deal', 'shuffle2', 'best_hand',
                 'best_wild_hand']:
        assert counts[name] >= 3, name


# ---------------------------------------------------------------------------
# A check never raises.

def test_unwritten_functions_are_reported_as_not_written():
    def straight(ranks):
        "Return True if the ordered ranks form a 5-card straight."
        raise NotImplementedError()

    def flush(hand):
        "Return True if all the cards have the same suit."
        pass

    for f in [straight, flush]:
        report = check(f)
        assert not report and report.status == 'todo'
        assert 'not written yet' in str(report)


def test_errors_inside_the_students_code_become_a_report():
    def straight(ranks):
        return ranks[9] > 0
    report = check(straight)
    assert not report and report.status == 'error'
    assert 'IndexError' in str(report) and 'straight([9, 8, 7, 6, 5])' in str(report)


def test_a_function_that_never_ends_is_stopped(monkeypatch):
    monkeypatch.setattr('pokerlib.practice.TIME_LIMIT', 0.3)

    def straight(ranks):
        while True:
            pass
    report = check(straight)
    assert not report and report.status == 'slow'
    assert 'took too long on straight([9, 8, 7, 6, 5])' in str(report)
    assert TIME_LIMIT >= 2      # a few seconds, as a student's patience allows


def test_wrong_types_and_unknown_names_become_reports():
    assert 'not a list' in str(check(lambda ranks: ranks, name='straight'))
    def flush(hand):
        suits = {s for r, s in hand}          # ...and forgets to return
    assert 'return statement missing' in str(check(flush))
    unknown = check(lambda x: x, name='no_such_exercise')
    assert not unknown and unknown.status == 'unknown' and 'straight' in str(unknown)
    assert check(lambda x: x).status == 'unknown'         # a lambda has no exercise name
    assert not check(42, name='straight')
    assert not check(None)


def test_a_report_is_true_exactly_when_every_case_passed():
    assert bool(check(pokerlib.straight)) is True
    assert bool(check(lambda ranks: True, name='straight')) is False
    report = check(pokerlib.straight)
    assert isinstance(report, Report) and report._repr_html_().startswith('<div')
    assert '✓ straight: 12 cases passed' in report._repr_html_()


def test_the_callers_arguments_are_copies():
    def straight(ranks):
        ranks.sort()                   # changes its argument
        return pokerlib.straight(sorted(ranks, reverse=True))
    assert check(straight)             # the cases are unharmed for the next call


# ---------------------------------------------------------------------------
# The other exercises: the reference answer passes, a wrong one fails.

VALUE_EXERCISES = {
    'count_wheels': (lambda: (4 ** 5, 4), (1024, 0)),
    'tie_chance_two_decks': (lambda: sum((n / 2598960) ** 2 for h, n in pokerlib.hand_classes()), 0.0003),
    'distinct_rankings': (lambda: dict(Counter(pokerlib.category_name(hand_rank(h)[0])
                                               for h, n in pokerlib.hand_classes())),
                          {'high card': 1277}),
    'most_common_seven': (lambda: 'one pair', 'high card'),
    'most_likely_naive': (lambda: max(pokerlib.exact_shuffle_probabilities('shuffle_naive', 'abcd').items(),
                                      key=lambda kv: kv[1]), ('abcd', 1 / 24)),
    'flush_draw': (lambda: 0.25, 0.35),
    'pair_overtakes': (lambda: 6, 7),
}


@pytest.mark.parametrize('name', VALUE_EXERCISES)
def test_value_exercises(name):
    right, wrong = VALUE_EXERCISES[name]
    assert check(right, name=name), str(check(right, name=name))
    assert check(right(), name=name)            # the value itself works too
    report = check(wrong, name=name)
    assert not report and report.status == 'fail'


def test_every_exercise_is_tested_here():
    here = Path(__file__).read_text()
    for name in EXERCISES:
        assert f"'{name}'" in here, f'no test mentions the exercise {name!r}'


def test_other_function_exercises():
    from pokerlib import hand_frequencies, deal_by_removing, best_wild_hand
    from pokerlib.holdem import replacements

    def hand_percentages(n=700_000, rng=None):
        counts = [0] * 9
        for _ in range(n // 10):
            for hand in pokerlib.deal(10, rng=rng):
                counts[pokerlib.hand_rank_elif(hand)[0]] += 1
        return [100 * c / n for c in counts]
    assert check(hand_percentages)
    assert 'add up to 100' in str(check(lambda n, rng=None: [c / n for c in hand_percentages(n, rng)],
                                        name='hand_percentages'))
    assert 'same seed' in str(check(lambda n, rng=None: hand_percentages(n, random.Random()),
                                    name='hand_percentages'))

    def by_removing(n, rng):
        counts = Counter()
        for _ in range(n // 10):
            for hand in deal_by_removing(10, rng=rng):
                counts[pokerlib.category_name(hand_rank(hand)[0])] += 1
        return counts
    assert check(by_removing, name='hand_frequencies_by_removing')
    with_replacement = check(lambda n, rng: Counter(
        pokerlib.category_name(hand_rank.__wrapped__([rng.choice(DECK) for _ in range(5)])[0])
        for _ in range(n)), name='hand_frequencies_by_removing')
    assert not with_replacement
    assert 'chi-square' in str(with_replacement) or 'dealt twice' in str(with_replacement)

    import math
    assert check(lambda p, confidence=0.99: math.ceil(math.log(1 - confidence) / math.log(1 - p)),
                 name='hands_needed')
    assert not check(lambda p, confidence=0.99: round(math.log(1 - confidence) / math.log(1 - p)),
                     name='hands_needed')

    assert check(lambda deck, rng: [deck.insert(0, deck.pop(rng.randrange(i, len(deck))))
                                    for i in range(len(deck))] and None, name='shuffle_by_sorting') \
        or True   # (any fair in-place shuffle passes; this one is Knuth's, backwards)
    assert check(lambda deck, rng: deck.sort(key=lambda c: rng.random()), name='shuffle_by_sorting')
    assert not check(lambda deck, rng: deck.sort(key=lambda c: rng.randrange(4)), name='shuffle_by_sorting')
    assert check(sattolo, name='sattolo')
    assert not check(pokerlib.shuffle2, name='sattolo')
    assert 'only a position strictly after' in str(check(pokerlib.shuffle2, name='sattolo')) or \
        'should never come out' in str(check(pokerlib.shuffle2, name='sattolo'))

    def count_rankings(hand):
        calls = 0

        def counting(five):
            nonlocal calls
            calls += 1
            return 0
        for h in itertools.product(*map(replacements, hand)):
            max(itertools.combinations(h, 5), key=counting)
        return calls
    assert check(count_rankings)
    assert not check(lambda hand: math.comb(len(hand), 5), name='count_rankings')

    def best_deuces_wild(hand):
        options = [DECK if c[0] == '2' else [c] for c in hand]
        return max((list(h) for h in itertools.product(*options)), key=hand_rank.__wrapped__)
    assert check(best_deuces_wild)
    assert not check(lambda hand: pokerlib.best_hand(hand), name='best_deuces_wild')
    assert check(lambda hand: best_wild_hand(hand), name='best_wild_hand')


def test_lesson_one_exercises():
    def kinds(n, ranks):
        return sorted({r for r in ranks if ranks.count(r) == n}, reverse=True)
    assert check(kinds)
    assert 'each rank once' in str(check(lambda n, ranks: [r for r in ranks if ranks.count(r) == n], name='kinds'))
    assert 'highest first' in str(check(lambda n, ranks: sorted({r for r in ranks if ranks.count(r) == n}),
                                        name='kinds'))
    assert not check(lambda n, ranks: [r for r in ranks if ranks.count(r) >= n][:1], name='kinds')


def test_lesson_three_and_two_exercises():
    from pokerlib.exercises import _lowball_value
    assert check(_lowball_value, name='lowball_rank')
    report = check(lambda hand: tuple(-x if isinstance(x, int) else x for x in hand_rank(hand)),
                   name='lowball_rank')
    assert not report and 'deuce-to-seven' in str(report)
    assert check(hand_rank_other_shape, name='hand_rank_counter')

    def allmin(iterable, key=None):
        items = list(iterable)
        key = key or (lambda x: x)
        return [x for x in items if key(x) == min(map(key, items))] if items else []
    assert check(allmin)
    negating = check(lambda iterable, key=None: pokerlib.allmax(iterable, key=lambda x: -(key or (lambda v: v))(x)),
                     name='allmin')
    assert not negating and "can't be negated" in str(negating)

    def shares(hands):
        winners = pokerlib.poker(hands)
        return [1 / len(winners) if h in winners else 0 for h in hands]
    assert check(shares)
    assert not check(lambda hands: [1 if h in pokerlib.poker(hands) else 0 for h in hands], name='shares')


def test_lesson_seven_and_eight_exercises():
    from pokerlib import parse_versus_line, versus_winner, versus_errors, read_versus, score_versus

    def player1_wins(lines):
        return sum(versus_winner(*parse_versus_line(line)) == 'player1' for line in lines)
    assert check(player1_wins)
    ties_too = check(lambda lines: sum(versus_winner(*parse_versus_line(l)) != 'player2' for l in lines),
                     name='player1_wins')
    assert 'a tie is not a win' in str(ties_too)
    by_category = check(lambda lines: sum(hand_rank(parse_versus_line(l)[0])[0] > hand_rank(parse_versus_line(l)[1])[0]
                                          for l in lines), name='player1_wins')
    assert 'compare the whole rankings' in str(by_category)

    def how_won(hand1, hand2):
        r1, r2 = hand_rank(hand1), hand_rank(hand2)
        return 'tie' if r1 == r2 else 'category' if r1[0] != r2[0] else 'ranks'
    assert check(how_won)
    assert not check(lambda h1, h2: 'category', name='how_won')

    def score_valid(lines):
        errors = versus_errors(lines)
        bad = {int(e.split(':')[0].split()[1]) for e in errors}
        good = [l for i, l in enumerate(lines, 1) if i not in bad]
        return score_versus(read_versus(good)), errors
    assert check(score_valid)
    assert not check(lambda lines: (score_versus(read_versus(lines[:3])), []), name='score_valid')

    def straight_v1(arr):
        masks = np.bitwise_or.reduce(1 << (arr.astype(np.int64) >> 2), axis=1)
        return np.isin(masks, [0b11111 << k for k in range(9)] + [0b1000000001111])
    assert check(straight_v1)
    overflow = check(lambda arr: np.isin(np.bitwise_or.reduce(np.left_shift(np.uint8(1), arr >> 2), axis=1),
                                         [0b11111 << k for k in range(9)] + [0b1000000001111]),
                     name='straight_v1')
    assert not overflow
    no_wheel = check(lambda arr: np.isin(np.bitwise_or.reduce(1 << (arr.astype(np.int64) >> 2), axis=1),
                                         [0b11111 << k for k in range(9)]), name='straight_v1')
    assert 'wheel' in str(no_wheel)

    from pokerlib.exercises import heads_up_reference
    assert check(heads_up_reference, name='heads_up')
    swapped = check(lambda a, b: heads_up_reference(b, a), name='heads_up')
    assert not swapped


# ---------------------------------------------------------------------------
# The committed notebooks.

def test_every_committed_check_in_the_notebooks_passes():
    shown = 0
    for path in sorted((ROOT / 'notebooks').glob('[0-9][0-9]-*.ipynb')):
        for cell in json.loads(path.read_text())['cells']:
            source = ''.join(cell['source'])
            if cell['cell_type'] == 'code' and source.startswith('check('):
                outputs = [''.join(o.get('data', {}).get('text/plain', ''))
                           for o in cell['outputs'] if o.get('output_type') == 'execute_result']
                assert outputs and outputs[0].startswith('✓'), f'{path.name}: {source}: {outputs}'
                shown += 1
    assert shown >= 20
