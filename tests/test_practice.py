"""pokerlib.practice.check: right versions pass, plausible wrong ones fail and say where.

Each exercise gets correct versions written differently from the library
(they must pass) and at least three wrong versions a student might write
(each must fail, with a report that names the failing input and gives the
hint for that mistake); an exercise name that only aliases another's judge
shares its wrong versions (ALIASES). Whether the
notebooks' own solutions pass is checked where they live: every committed
``check(...)`` output is a pass, and nbval re-runs them.
"""

import itertools
import json
import math
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
    from pokerlib import kind
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
        ('shuffle2', lambda deck, rng: sorted(deck, key=lambda c: rng.random()),
         "shuffle2(list('abcdefghij'), random.Random(1))", 'in place'),
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


# ---------------------------------------------------------------------------
# Wrong versions of the other exercises, in the same shape. A value exercise
# takes the wrong answer itself ("failed on the answer ...") or a function of
# no arguments that returns it ("failed on tie_chance_two_decks()").

ALIASES = {'hand_rank_elif': 'hand_rank', 'hand_rank_counter': 'hand_rank', 'shuffle': 'shuffle2'}
"""Exercise names that share another's judge, and so its wrong versions."""

STRAIGHT_MASKS = [0b11111 << k for k in range(9)] + [0b1000000001111]


def other_wrong_versions():
    from pokerlib import (card_ranks, exact_shuffle_probabilities, hand_classes,
                          parse_versus_line, poker, versus_winner)
    from pokerlib.holdem import replacements
    total = 2_598_960
    naive = exact_shuffle_probabilities('shuffle_naive', 'abcd')
    return [
        # allmin
        ('allmin', allmin_by_negating, 'key=hand_rank)', "can't be negated"),
        ('allmin', lambda iterable, key=None: [min(iterable, key=key)],               # fails on []
         'allmin([])', 'allmin([]) is []'),
        ('allmin', lambda iterable, key=None: [min(iterable, key=key)] if iterable else [],   # one winner
         'key=hand_rank)', 'not just the first'),
        ('allmin', allmin_reading_twice, 'allmin(iter([1, 7, 7, 2]))', 'read only once'),
        # shares
        ('shares', lambda hands: [1 if h in poker(hands) else 0 for h in hands],     # a tie wins it all
         "shares([['AS', 'KH'", '1/k for each of k winners'),
        ('shares', lambda hands: [1 / len(hands) if h in poker(hands) else 0 for h in hands],  # 1/players
         "shares([['AS', 'KH'", '1/k for each of k winners'),
        ('shares', lambda hands: [1 // len(poker(hands)) if h in poker(hands) else 0 for h in hands],  # 1 // 2 == 0
         "shares([['AS', 'KH'", '1/k for each of k winners'),
        ('shares', lambda hands: [1 / len(poker(hands)) for h in poker(hands)],     # the winners only
         "shares([['AS', 'KH'", 'one share per hand'),
        # tie_chance_two_decks: the sum over rankings v of (n[v] / 2598960) ** 2
        ('tie_chance_two_decks', lambda: sum(n / total for h, n in hand_classes()),     # not squared
         'tie_chance_two_decks()', '** 2; add these up'),
        ('tie_chance_two_decks', tie_as_the_same_category, 'tie_chance_two_decks()', 'each distinct ranking'),
        ('tie_chance_two_decks', 1 / 7462, 'the answer 0.000134', 'each distinct ranking'),  # rankings equally likely
        ('tie_chance_two_decks', 0.0003, 'the answer 0.0003', 'add these up'),               # rounded
        # lowball_rank (judged by order)
        ('lowball_rank', lambda hand: (-hand_rank(hand)[0], tuple(-r for r in hand_rank(hand)[1])),
         'the order of these hands', 'AS 5H 4D 3C 2S above AS KH QD JC 9S'),     # the wheel a straight
        ('lowball_rank', lowball_by_counts_only, 'the order of these hands', '2S 2H 2D 4C 3S above 6S 5H'),
        ('lowball_rank', lowball_with_the_ace_low, 'the order of these hands', 'AS 5H 4D 3C 2S above AS KH'),
        ('lowball_rank', lowball_with_ranks_not_negated, 'the order of these hands',
         '7S 5H 4D 3C 2S above 7S 6H'),
        # distinct_rankings
        ('distinct_rankings', distinct_hands_not_rankings, 'distinct_rankings()', 'numbers of hands'),
        ('distinct_rankings', lambda: dict(Counter(hand_rank(h)[0] for h, n in hand_classes())),  # numbers
         'distinct_rankings()', 'category_name'),
        ('distinct_rankings', {'high card': 1277}, "the answer {'high card': 1277}", 'nine categories'),
        ('distinct_rankings', {**distinct_rankings(), 'straight': 9},                  # the wheel forgotten
         'the answer {', "the count for 'straight' is off"),
        # count_wheels: (hands that hold A, 2, 3, 4, 5; how many of them are flushes)
        ('count_wheels', (1024, 0), 'the answer (1024, 0)', 'all one suit'),         # forgot the flushes
        ('count_wheels', (1020, 4), 'the answer (1020, 4)', 'all one suit'),         # left out the flushes
        ('count_wheels', (4, 1024), 'the answer (4, 1024)', 'all one suit'),         # the wrong order
        ('count_wheels', lambda: (math.comb(20, 5), 4), 'count_wheels()',    # any five of the A-5 cards
         'exactly A, 2, 3, 4, 5'),
        # kinds
        ('kinds', lambda n, ranks: [r for r in ranks if ranks.count(r) == n],       # each rank n times
         'kinds(2, [13, 11, 11, 3, 3])', 'each rank once'),
        ('kinds', lambda n, ranks: sorted({r for r in ranks if ranks.count(r) == n}),  # lowest first
         'kinds(2, [13, 11, 11, 3, 3])', 'highest first'),
        ('kinds', lambda n, ranks: sorted({r for r in ranks if ranks.count(r) >= n}, reverse=True),
         'kinds(1, [13, 11, 11, 3, 3])', 'exactly 1 times'),
        ('kinds', lambda n, ranks: sorted({r for r in ranks if ranks.count(r) == n}, reverse=True) or None,
         'kinds(3, [9, 9, 9, 9, 7])', '[] if none'),
        # hands_needed: the smallest n with 1 - (1 - p)**n >= confidence
        ('hands_needed', lambda p, confidence=0.99: round(math.log(1 - confidence) / math.log(1 - p)),
         'hands_needed(1.539', 'one fewer is not enough'),                         # rounds 299214.3 down
        ('hands_needed', lambda p, confidence=0.99: int(math.log(1 - confidence) / math.log(1 - p)),
         'hands_needed(1.539', 'one fewer is not enough'),                         # truncates
        ('hands_needed', lambda p, confidence=0.99: math.ceil(math.log(confidence) / math.log(1 - p)),
         'hands_needed(1.539', 'the smallest n'),                                   # log(confidence)
        ('hands_needed', hands_needed_one_too_many, 'hands_needed(1.539', 'is a smaller n already enough'),
        # hand_percentages
        ('hand_percentages', lambda n, rng=None: [p / 100 for p in percentages(dealt(n, rng), n)],
         'hand_percentages(2000, random.Random(1))', 'add up to 100 (these add up to 1)'),
        ('hand_percentages', lambda n, rng=None: percentages(dealt(n, rng), n // 10),   # per deal, not per hand
         'hand_percentages(2000, random.Random(1))', 'these add up to 1000'),
        ('hand_percentages', lambda n, rng=None: dict(zip(pokerlib.HAND_NAMES, percentages(dealt(n, rng), n))),
         'hand_percentages(2000, random.Random(1))', 'a list of nine percentages'),  # a dict by name
        ('hand_percentages', lambda n, rng=None: percentages(dealt(n, random), n),     # the random module
         'hand_percentages(2000, random.Random(1))', 'same seed'),
        ('hand_percentages', lambda n, rng=None: percentages(first_hands_ten_times(dealt(n, rng)), n),
         'hand_percentages(2000, random.Random(1))', 'the same hand counted again'),
        # hand_frequencies_by_removing
        ('hand_frequencies_by_removing',                                           # one hand a deal
         lambda n, rng: Counter(category(removing(1, rng)[0]) for _ in range(n // 10)),
         'hand_frequencies_by_removing(2000, random.Random(1))', 'count all 2,000 hands'),
        ('hand_frequencies_by_removing', lambda n, rng: Counter(map(category, dealt(n, random, removing))),
         'hand_frequencies_by_removing(2000, random.Random(1))', 'same seed'),
        ('hand_frequencies_by_removing',                                           # category numbers
         lambda n, rng: Counter(hand_rank(h)[0] for h in dealt(n, rng, removing)),
         'hand_frequencies_by_removing(2000, random.Random(1))', 'a Counter of category names'),
        ('hand_frequencies_by_removing', frequencies_with_replacement,   # a card may come twice
         'hand_frequencies_by_removing(2000, random.Random(1))', 'without replacement'),
        ('hand_frequencies_by_removing',
         lambda n, rng: Counter(map(category, first_hands_ten_times(dealt(n, rng, removing)))),
         'hand_frequencies_by_removing(2000, random.Random(1))', 'the same hand counted again'),
        # most_common_seven
        ('most_common_seven', 'high card', "the answer 'high card'", 'exact % column'),    # five cards' answer
        ('most_common_seven', 'two pair', "the answer 'two pair'", 'exact % column'),     # the runner-up
        ('most_common_seven', 1, 'the answer 1', 'the name of a category'),             # a number, not a name
        # sattolo
        ('sattolo', pokerlib.shuffle2, "sattolo(list('ab'), rng)", 'should never come out'),   # Knuth's
        ('sattolo', sattolo_stopping_early, "sattolo(list('ab'), rng)", 'should never come out'),
        ('sattolo', sattolo_one_step_too_far, "sattolo(list('abcdefghij'), random.Random(1))",
         'from 0 to N-2'),
        ('sattolo', sattolo_with_any_other_position, "sattolo(list('abc'), rng)", 'strictly after it'),
        ('sattolo', sattolo_with_the_random_module, "sattolo(list('abcdefghij'), random.Random(1))",
         'rng you are given'),
        # shuffle_by_sorting
        ('shuffle_by_sorting', lambda deck, rng: deck.sort(key=lambda c: rng.randrange(4)),
         "shuffle_by_sorting(list('ab'), rng)", 'few possible keys'),
        ('shuffle_by_sorting', lambda deck, rng: deck.sort(key=lambda c: rng.randint(0, 1)),  # a coin flip
         "shuffle_by_sorting(list('ab'), rng)", 'stable sort'),
        ('shuffle_by_sorting', lambda deck, rng: deck.sort(key=lambda c: random.random()),
         "shuffle_by_sorting(list('abcdefghij'), random.Random(1))", 'rng you are given'),
        ('shuffle_by_sorting', lambda deck, rng: sorted(deck, key=lambda c: rng.random()),   # a new list
         "shuffle_by_sorting(list('abcdefghij'), random.Random(1))", 'in place'),
        # most_likely_naive: ('badc', 15/256)
        ('most_likely_naive', lambda: max(naive.items()), 'most_likely_naive()', 'max with a key'),  # max by name
        ('most_likely_naive', lambda: min(naive.items(), key=lambda item: item[1]),
         'most_likely_naive()', 'not the largest'),
        ('most_likely_naive', lambda: max(naive, key=naive.get), 'most_likely_naive()', 'a pair'),  # no probability
        ('most_likely_naive', ('abcd', 1 / 24), "the answer ('abcd', 0.041", 'not the largest'),
        # count_rankings
        ('count_rankings', lambda hand: math.comb(len(hand), 5),                  # the jokers forgotten
         "count_rankings(['AS', 'KS'", 'every replacement of the jokers'),
        ('count_rankings', lambda hand: math.comb(len(hand), 5) * 52 ** sum('?' in c for c in hand),
         "count_rankings(['AS', 'KS'", '26 cards each'),                           # a joker as any card
        ('count_rankings', lambda hand: math.prod(len(replacements(c)) for c in hand),
         "count_rankings(['AS', 'KS'", 'every choice of five cards'),              # no choosing of five
        ('count_rankings', lambda hand: math.comb(len(hand), 5) * (26 * sum('?' in c for c in hand) or 1),
         "count_rankings(['AS', 'KS'", '26 cards each'),                           # 26 * jokers, not 26 ** jokers
        # best_deuces_wild
        ('best_deuces_wild', pokerlib.best_hand, "best_deuces_wild(['2S', 'AS', 'AH', 'KD', '9C'])",
         'every card of the deck for each deuce'),
        ('best_deuces_wild', lambda hand: ['A' + c[1] if c[0] == '2' else c for c in hand],   # deuces as aces
         "best_deuces_wild(['2C', '2D', '9C', '9D', '9H'])", 'better five cards exist (five of a kind)'),
        ('best_deuces_wild', deuces_keeping_their_suit, "best_deuces_wild(['2H', '7S', '8S', '9S', 'TS'])",
         'better five cards exist (straight flush)'),
        ('best_deuces_wild', only_the_first_deuce_wild, "best_deuces_wild(['2S', '2H', 'AS', 'AH', 'KD'])",
         'better five cards exist (four of a kind)'),
        # flush_draw: about 0.246
        ('flush_draw', 0.364, 'the answer 0.364', 'wins / n'),     # the chance of the flush alone
        ('flush_draw', 246, 'the answer 246', 'wins / n'),         # wins, not wins / n
        ('flush_draw', 24.6, 'the answer 24.6', 'wins / n'),       # a percentage
        ('flush_draw', 0.754, 'the answer 0.754', 'on which AS KS wins'),   # the other player's share
        # player1_wins
        ('player1_wins', lambda lines: sum(versus_winner(*parse_versus_line(l)) != 'player2' for l in lines),
         'player1_wins(lines)', 'a tie is not a win'),
        ('player1_wins', lambda lines: sum(hand_rank(h1)[0] > hand_rank(h2)[0]     # the categories only
                                           for h1, h2 in map(parse_versus_line, lines)),
         'player1_wins(lines)', 'compare the whole rankings'),
        ('player1_wins', lambda lines: sum(card_ranks(h1) > card_ranks(h2)         # the ranks only
                                           for h1, h2 in map(parse_versus_line, lines)),
         'player1_wins(lines)', 'the category first'),
        ('player1_wins', lambda lines: sum(versus_winner(*parse_versus_line(l)) == 'player2' for l in lines),
         'player1_wins(lines)', "player 2's count"),
        ('player1_wins', lambda lines: sum(versus_winner(*parse_versus_line(l)) == 'player1'
                                           for l in lines) / len(lines),
         'player1_wins(lines)', 'not a fraction'),
        # how_won
        ('how_won', lambda h1, h2: 'tie' if hand_rank(h1)[0] == hand_rank(h2)[0] else 'category',
         "how_won(['5H', '5C'", "'tie' only when the whole rankings are equal"),   # one category: a tie
        ('how_won', lambda h1, h2: 'category' if hand_rank(h1)[0] != hand_rank(h2)[0] else 'ranks',
         "how_won(['AS', 'KS', '9S', '7D', '3C']", "'tie' for equal rankings"),    # no ties at all
        ('how_won', how_won_when_player1_wins_by_category, "how_won(['2D', '9C'", "'category' when"),
        ('how_won', how_won_ignoring_suits, "how_won(['AS', 'KS', '9S', '7S', '3S']",
         'the same ranks in other suits'),
        # score_valid
        ('score_valid', lambda lines: (parsed(lines)[0], []),                      # errors dropped
         'score_valid(lines)', 'error messages of the bad ones'),
        ('score_valid', lambda lines: parsed(lines, message=lambda e: e),           # the errors themselves
         'score_valid(lines)', 'as text, str(e), not the errors'),
        ('score_valid', lambda lines: parsed(lines, first=0), 'score_valid(lines)', 'numbered from 1'),
        ('score_valid', lambda lines: parsed(lines, first=None),                    # every line is "line 1"
         'score_valid(lines)', 'numbered from 1'),
        ('score_valid', lambda lines: (pokerlib.score_versus(map(parse_versus_line, lines)), []),
         'score_valid(lines)', 'must not stop the count'),                         # no try/except
        # straight_v1
        ('straight_v1', lambda arr: np.isin(np.bitwise_or.reduce(1 << (arr >> 2), axis=1), STRAIGHT_MASKS),
         'straight_v1(arr), on row 0', "doesn't fit in a uint8"),                  # shifts within uint8
        ('straight_v1', lambda arr: np.isin(rank_masks(arr), STRAIGHT_MASKS[:9]),  # no wheel
         'straight_v1(arr), on row 0', 'the wheel'),
        ('straight_v1', lambda arr: np.isin(rank_masks(arr), STRAIGHT_MASKS[:8] + STRAIGHT_MASKS[9:]),
         'straight_v1(arr), on row 1', 'T-J-Q-K-A is a straight too'),             # no ace-high straight
        ('straight_v1', lambda arr: np.isin(np.bitwise_or.reduce(1 << (arr.astype(np.int64) >> 2)),
                                            STRAIGHT_MASKS),                       # no axis=1
         'straight_v1(arr), on row 0', 'one True or False for each row'),
        ('straight_v1', straight_by_spread, 'straight_v1(arr), on row', 'a pair is not a straight'),
        # heads_up: cheap wrong versions, built on the judge's cached count
        ('heads_up', lambda a, b: (lambda w, l, t: (l, w, t))(*exact_heads_up(a, b)),
         "heads_up(['AS', 'AH'], ['KS', 'KH'])", 'the wrong order'),
        ('heads_up', lambda a, b: (lambda w, l, t: (w + t, l, 0))(*exact_heads_up(a, b)),
         "heads_up(['AS', 'AH'], ['KS', 'KH'])", 'is a tie counted'),
        ('heads_up', lambda a, b: tuple(n / 1_712_304 for n in exact_heads_up(a, b)),    # fractions
         "heads_up(['AS', 'AH'], ['KS', 'KH'])", '1,712,304 boards'),
        ('heads_up', lambda a, b: exact_heads_up(a, b)[:2],                             # no ties
         "heads_up(['AS', 'AH'], ['KS', 'KH'])", '(wins, losses, ties)'),
        # pair_overtakes: 6
        ('pair_overtakes', 5, 'the answer 5', 'exact_counts(6)'),      # high card is still more common
        ('pair_overtakes', 7, 'the answer 7', 'exact_counts(6)'),      # one size too far
        ('pair_overtakes', '6', "the answer '6'", 'a whole number'),   # text, not a number
    ]


def allmin_reading_twice(iterable, key=None):
    key = key or (lambda x: x)
    return [x for x in iterable if key(x) == min(map(key, iterable))] if iterable else []


def tie_as_the_same_category():
    "Counts two hands of one category as a tie."
    counts = Counter()
    for hand, n in pokerlib.hand_classes():
        counts[hand_rank(hand)[0]] += n
    return sum((n / 2_598_960) ** 2 for n in counts.values())


def lowball_parts(hand, ranks='--23456789TJQKA'):
    "(counts, ranks, straight, flush) of a hand, the ranks numbered by `ranks`."
    counts, values = pokerlib.unzip(pokerlib.group([ranks.index(r) for r, s in hand]))
    straight = len(values) == 5 and max(values) - min(values) == 4
    return counts, values, straight, len({s for r, s in hand}) == 1


def lowball_by_counts_only(hand):
    counts, ranks, straight, flush = lowball_parts(hand)
    return tuple(-c for c in counts), tuple(-r for r in ranks)


def lowball_with_the_ace_low(hand):
    counts, ranks, straight, flush = lowball_parts(hand, '-A23456789TJQK')
    return -max(pokerlib.COUNT_RANKINGS[counts], 4 * straight + 5 * flush), tuple(-r for r in ranks)


def lowball_right(hand):
    "Deuce-to-seven lowball, as a value where bigger is better."
    counts, ranks, straight, flush = lowball_parts(hand)
    return -max(pokerlib.COUNT_RANKINGS[counts], 4 * straight + 5 * flush), tuple(-r for r in ranks)


def lowball_with_ranks_not_negated(hand):
    counts, ranks, straight, flush = lowball_parts(hand)
    return -max(pokerlib.COUNT_RANKINGS[counts], 4 * straight + 5 * flush), ranks


def distinct_rankings():
    "The right answer, to change one count of."
    return dict(Counter(pokerlib.category_name(hand_rank(h)[0]) for h, n in pokerlib.hand_classes()))


def distinct_hands_not_rankings():
    counts = Counter()
    for hand, n in pokerlib.hand_classes():
        counts[pokerlib.category_name(hand_rank(hand)[0])] += n
    return dict(counts)


def hands_needed_one_too_many(p, confidence=0.99):
    n = 1
    while 1 - (1 - p) ** n < confidence:
        n += 1
    return n + 1


def dealt(n, rng, deal=pokerlib.deal):
    "The hands of n // 10 deals of ten hands each."
    return [hand for _ in range(n // 10) for hand in deal(10, rng=rng)]


def removing(numhands, rng):
    return pokerlib.deal_by_removing(numhands, rng=rng)


def first_hands_ten_times(hands):
    "The first hand of each deal of ten, counted ten times over (a slip of hands[0] for hand)."
    return hands[::10] * 10


def category(hand):
    return pokerlib.category_name(hand_rank(hand)[0])


def percentages(hands, n):
    "The percentage of each category, 0 to 8 as hand_rank_elif numbers them, out of n."
    counts = Counter(pokerlib.hand_rank_elif(hand)[0] for hand in hands)
    return [100 * counts[c] / n for c in range(9)]


def frequencies_with_replacement(n, rng):
    "Each card drawn from the whole deck, so a card can come twice."
    rank = hand_rank.__wrapped__          # hand_rank itself refuses a card twice
    return Counter(pokerlib.category_name(rank([rng.choice(DECK) for _ in range(5)])[0])
                   for _ in range(n))


def allmin_by_negating(iterable, key=None):
    key = key or (lambda x: x)
    return pokerlib.allmax(iterable, key=lambda x: -key(x))


def sattolo_stopping_early(deck, rng):
    for i in range(len(deck) - 2):                      # one swap too few
        j = rng.randrange(i + 1, len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def sattolo_one_step_too_far(deck, rng):
    for i in range(len(deck)):                          # the last i has nothing after it
        j = rng.randrange(i + 1, len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def sattolo_with_any_other_position(deck, rng):
    for i in range(len(deck) - 1):
        j = rng.choice([k for k in range(len(deck)) if k != i])
        deck[i], deck[j] = deck[j], deck[i]


def sattolo_with_random_floats(deck, rng):
    "Right, but with rng.random(), which cannot be enumerated: judged by chi-square."
    for i in range(len(deck) - 1):
        j = i + 1 + int(rng.random() * (len(deck) - i - 1))
        deck[i], deck[j] = deck[j], deck[i]


def knuth_with_random_floats(deck, rng):
    for i in range(len(deck) - 1):
        j = i + int(rng.random() * (len(deck) - i))
        deck[i], deck[j] = deck[j], deck[i]


def test_a_shuffle_judged_by_chi_square_is_tested_on_what_can_come_out():
    """Sattolo's shuffle never leaves 'abc' with an item in place: 2 arrangements of 6."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter('error')          # no 0/0 from an impossible arrangement
        report = check(sattolo_with_random_floats, name='sattolo')
    assert report and 'chi-square' in str(report) and 'nan' not in str(report), str(report)
    report = check(knuth_with_random_floats, name='sattolo')
    assert not report and 'about 30,000 of each arrangement that can come out' in str(report)


def sattolo_with_the_random_module(deck, rng):
    for i in range(len(deck) - 1):
        j = random.randrange(i + 1, len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def deuces_keeping_their_suit(hand):
    options = [[r + c[1] for r in '23456789TJQKA'] if c[0] == '2' else [c] for c in hand]
    return max((list(h) for h in itertools.product(*options)), key=hand_rank.__wrapped__)


def only_the_first_deuce_wild(hand):
    i = next((k for k, c in enumerate(hand) if c[0] == '2'), None)
    if i is None:
        return hand
    return max((hand[:i] + [card] + hand[i + 1:] for card in DECK), key=hand_rank.__wrapped__)


def how_won_when_player1_wins_by_category(hand1, hand2):
    r1, r2 = hand_rank(hand1), hand_rank(hand2)
    if r1 == r2:
        return 'tie'
    return 'category' if r1[0] > r2[0] else 'ranks'     # forgets that player 2 can win so too


def how_won_ignoring_suits(hand1, hand2):
    if pokerlib.card_ranks(hand1) == pokerlib.card_ranks(hand2):
        return 'tie'
    return 'category' if hand_rank(hand1)[0] != hand_rank(hand2)[0] else 'ranks'


def parsed(lines, first=1, message=str):
    "(counts of the good lines, error messages), the lines numbered from `first` (None: not numbered)."
    good, errors = [], []
    for i, line in enumerate(lines, first or 0):
        try:
            good.append(pokerlib.parse_versus_line(line, *([] if first is None else [i])))
        except ValueError as e:
            errors.append(message(e))
    return pokerlib.score_versus(good), errors


def rank_masks(arr):
    "Each row's ranks as a 13-bit mask."
    return np.bitwise_or.reduce(1 << (arr.astype(np.int64) >> 2), axis=1)


def straight_by_spread(arr):
    "The highest rank 4 above the lowest (or the wheel): a pair slips through."
    ranks = np.sort(arr >> 2, axis=1)
    return (ranks[:, 4] - ranks[:, 0] == 4) | (ranks == [0, 1, 2, 3, 12]).all(axis=1)


def exact_heads_up(hole1, hole2):
    "The right (wins, losses, ties), from the judge's cache: a wrong version must not take a second."
    from pokerlib.exercises import _heads_up_cached
    return _heads_up_cached(tuple(hole1), tuple(hole2))


@pytest.mark.parametrize('name, function, call, words', wrong_versions() + other_wrong_versions(),
                         ids=lambda x: x if isinstance(x, str) and ' ' not in x else None)
def test_wrong_versions_fail_and_name_the_failing_input(name, function, call, words):
    report = check(function, name=name)
    text = str(report)
    assert not report, text
    assert report.status in ('fail', 'error'), text
    assert call in text.splitlines()[0], text
    assert words in text, text


def test_every_exercise_has_three_wrong_versions():
    counts = Counter(name for name, *_ in wrong_versions() + other_wrong_versions())
    for alias, name in ALIASES.items():
        assert EXERCISES[alias].judge is EXERCISES[name].judge, f"{alias} is not judged as {name}"
    for name in EXERCISES:
        assert counts[ALIASES.get(name, name)] >= 3, name


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
# The other exercises: right versions pass (their wrong versions are listed above).

VALUE_EXERCISES = {
    'count_wheels': lambda: (4 ** 5, 4),
    'tie_chance_two_decks': lambda: sum((n / 2598960) ** 2 for h, n in pokerlib.hand_classes()),
    'distinct_rankings': distinct_rankings,
    'most_common_seven': lambda: 'one pair',
    'most_likely_naive': lambda: max(pokerlib.exact_shuffle_probabilities('shuffle_naive', 'abcd').items(),
                                     key=lambda kv: kv[1]),
    'flush_draw': lambda: 0.25,
    'pair_overtakes': lambda: 6,
}


@pytest.mark.parametrize('name', VALUE_EXERCISES)
def test_value_exercises(name):
    right = VALUE_EXERCISES[name]
    assert check(right, name=name), str(check(right, name=name))
    assert check(right(), name=name)            # the value itself works too


def test_every_exercise_is_tested_here():
    here = Path(__file__).read_text()
    for name in EXERCISES:
        assert f"'{name}'" in here, f'no test mentions the exercise {name!r}'


def test_other_function_exercises():
    from pokerlib import deal_by_removing, best_wild_hand
    from pokerlib.holdem import replacements

    def hand_percentages(n=700_000, rng=None):
        counts = [0] * 9
        for _ in range(n // 10):
            for hand in pokerlib.deal(10, rng=rng):
                counts[pokerlib.hand_rank_elif(hand)[0]] += 1
        return [100 * c / n for c in counts]
    assert check(hand_percentages)

    def by_removing(n, rng):
        counts = Counter()
        for _ in range(n // 10):
            for hand in deal_by_removing(10, rng=rng):
                counts[pokerlib.category_name(hand_rank(hand)[0])] += 1
        return counts
    assert check(by_removing, name='hand_frequencies_by_removing')

    assert check(lambda p, confidence=0.99: math.ceil(math.log(1 - confidence) / math.log(1 - p)),
                 name='hands_needed')

    # Any fair in-place shuffle passes; this one is Knuth's, with the cards moved to the front.
    assert check(lambda deck, rng: [deck.insert(0, deck.pop(rng.randrange(i, len(deck))))
                                    for i in range(len(deck))] and None, name='shuffle_by_sorting')
    assert check(lambda deck, rng: deck.sort(key=lambda c: rng.random()), name='shuffle_by_sorting')
    assert check(sattolo, name='sattolo')

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

    def best_deuces_wild(hand):
        options = [DECK if c[0] == '2' else [c] for c in hand]
        return max((list(h) for h in itertools.product(*options)), key=hand_rank.__wrapped__)
    assert check(best_deuces_wild)
    assert check(lambda hand: best_wild_hand(hand), name='best_wild_hand')


def test_lesson_one_exercises():
    def kinds(n, ranks):
        return sorted({r for r in ranks if ranks.count(r) == n}, reverse=True)
    assert check(kinds)


def test_lesson_three_and_two_exercises():
    assert check(lowball_right, name='lowball_rank')
    assert check(hand_rank_other_shape, name='hand_rank_counter')

    def allmin(iterable, key=None):
        items = list(iterable)
        key = key or (lambda x: x)
        return [x for x in items if key(x) == min(map(key, items))] if items else []
    assert check(allmin)

    def shares(hands):
        winners = pokerlib.poker(hands)
        return [1 / len(winners) if h in winners else 0 for h in hands]
    assert check(shares)


def test_lesson_seven_and_eight_exercises():
    from pokerlib import parse_versus_line, versus_winner, versus_errors, read_versus, score_versus

    def player1_wins(lines):
        return sum(versus_winner(*parse_versus_line(line)) == 'player1' for line in lines)
    assert check(player1_wins)

    def how_won(hand1, hand2):
        r1, r2 = hand_rank(hand1), hand_rank(hand2)
        return 'tie' if r1 == r2 else 'category' if r1[0] != r2[0] else 'ranks'
    assert check(how_won)

    def score_valid(lines):
        errors = versus_errors(lines)
        bad = {int(e.split(':')[0].split()[1]) for e in errors}
        good = [l for i, l in enumerate(lines, 1) if i not in bad]
        return score_versus(read_versus(good)), errors
    assert check(score_valid)
    assert check(lambda lines: parsed(lines), name='score_valid')

    def straight_v1(arr):
        return np.isin(rank_masks(arr), STRAIGHT_MASKS)
    assert check(straight_v1)

    from pokerlib.exercises import heads_up_reference
    assert check(heads_up_reference, name='heads_up')


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
