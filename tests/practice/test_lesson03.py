"""Notebook 03's exercises: group, unzip, lowball_rank (every class), hand_rank_counter,
distinct_rankings."""

from collections import Counter


from pokerlib import COUNT_RANKINGS, HAND_NAMES, category_name, hand_classes, hand_rank

from practice_support import lesson_tests

RANKS = '--23456789TJQKA'


def group_lecture(items):
    groups = [(items.count(x), x) for x in set(items)]
    return sorted(groups, reverse=True)


def group_counter(items):
    return sorted(((n, x) for x, n in Counter(items).items()), key=lambda p: (p[0], p[1]),
                  reverse=True)


def group_lists(items):
    return [[n, x] for n, x in group_lecture(items)]


def unzip_lecture(pairs):
    return zip(*pairs)


def unzip_lists(pairs):
    return [p[0] for p in pairs], [p[1] for p in pairs]


def unzip_numpy_objects(pairs):
    """Two NumPy columns of objects (issue 40: rejected as 'numpy array of object')."""
    import numpy as np
    firsts, seconds = np.empty(len(pairs), dtype=object), np.empty(len(pairs), dtype=object)
    for i, (a, b) in enumerate(pairs):
        firsts[i], seconds[i] = a, b
    return firsts, seconds


def unzip_tuples(pairs):
    firsts, seconds = (), ()
    for a, b in pairs:
        firsts, seconds = firsts + (a,), seconds + (b,)
    return firsts, seconds


def lowball_lecture_style(hand):
    counts, ranks = zip(*group_lecture([RANKS.index(r) for r, s in hand]))
    straight = len(ranks) == 5 and max(ranks) - min(ranks) == 4
    flush = len({s for r, s in hand}) == 1
    return -max(COUNT_RANKINGS[counts], 4 * straight + 5 * flush), tuple(-r for r in ranks)


def lowball_by_elif(hand):
    category, ranks = lowball_lecture_style(hand)
    return [category] + list(ranks)


def lowball_one_number(hand):
    category, ranks = lowball_lecture_style(hand)
    value = category
    for r in ranks + (0,) * (5 - len(ranks)):
        value = value * 15 + r
    return value


def hand_rank_group(hand):
    counts, ranks = zip(*group_lecture(['--23456789TJQKA'.index(r) for r, s in hand]))
    if ranks == (14, 5, 4, 3, 2):
        ranks = (5, 4, 3, 2, 1)
    straight = len(ranks) == 5 and max(ranks) - min(ranks) == 4
    flush = len({s for r, s in hand}) == 1
    return max(COUNT_RANKINGS[counts], 4 * straight + 5 * flush), ranks


def hand_rank_counter(hand):
    counter = Counter('--23456789TJQKA'.index(r) for r, s in hand)
    ranks = tuple(sorted(counter, key=lambda r: (counter[r], r), reverse=True))
    counts = tuple(counter[r] for r in ranks)
    if ranks == (14, 5, 4, 3, 2):
        ranks = (5, 4, 3, 2, 1)
    straight = len(ranks) == 5 and max(ranks) - min(ranks) == 4
    flush = len({s for r, s in hand}) == 1
    return max(COUNT_RANKINGS[counts], 4 * straight + 5 * flush), ranks


def hand_rank_most_common(hand):
    """Counter.most_common leaves equal counts in the order first seen: wrong."""
    counter = Counter('--23456789TJQKA'.index(r) for r, s in hand)
    counts, ranks = zip(*[(n, r) for r, n in counter.most_common()])
    straight = len(ranks) == 5 and max(ranks) - min(ranks) == 4
    flush = len({s for r, s in hand}) == 1
    return max(COUNT_RANKINGS[counts], 4 * straight + 5 * flush), ranks


def distinct_rankings_lecture():
    return dict(Counter(category_name(hand_rank(h)[0]) for h, n in hand_classes()))


RIGHT = [
    ('group', group_lecture), ('group', group_counter), ('group', group_lists),
    ('unzip', unzip_lecture), ('unzip', unzip_lists), ('unzip', unzip_tuples),
    ('unzip', unzip_numpy_objects),
    ('lowball_rank', lowball_lecture_style), ('lowball_rank', lowball_by_elif),
    ('lowball_rank', lowball_one_number),
    ('hand_rank_counter', hand_rank_counter), ('hand_rank_counter', hand_rank_group),
    ('hand_rank_counter', lambda hand: list(hand_rank_counter(hand))),
    ('distinct_rankings', distinct_rankings_lecture),
    ('distinct_rankings', lambda: Counter(category_name(hand_rank(h)[0]) for h, k in hand_classes())),
    ('distinct_rankings', distinct_rankings_lecture()),
]

WRONG = [
    ('group', lambda items: Counter(items).most_common(), 'fail', 'group(['),
    ('group', lambda items: items.sort() or group_lecture(items), 'fail',
     'changed the list it was given'),
    # The right pairs in another order than any mistake of the table: the order's hint.
    ('group', lambda items: [(n, x) for x, n in Counter(items).most_common()], 'fail',
     'the right pairs in the wrong order'),
    ('unzip', lambda pairs: pairs, 'fail', 'all the first items'),
    ('unzip', lambda pairs: ([p[0] for p in pairs], [p[0] for p in pairs]), 'fail', 'second items'),
    ('unzip', lambda pairs: len(pairs), 'fail', 'returned: 2 (an int)', 'expected two sequences'),
    ('unzip', lambda pairs: [p[1] for p in pairs], 'fail', 'unzip(['),
    ('lowball_rank', lambda hand: tuple(-x for x in hand_rank_group(hand)[1]), 'fail',
     'better lowball hand'),
    ('lowball_rank', lambda hand: hand_rank_group(hand), 'fail', 'better lowball hand'),
    ('lowball_rank', lambda hand: (-hand_rank_group(hand)[0],) + tuple(
        -RANKS.index(r) for r, s in hand), 'fail', 'another order'),
    ('hand_rank_counter', hand_rank_most_common, 'fail', 'hand_rank_counter ranks'),
    ('hand_rank_counter', lambda hand: (hand_rank_counter(hand)[0],
                                        tuple(sorted(hand_rank_counter(hand)[1]))), 'fail', 'ranks'),
    ('hand_rank_counter', lambda hand: hand_rank_counter(hand)[::-1], 'fail', 'hand_rank_counter ranks'),
    ('hand_rank_counter', lambda hand: str(hand_rank_counter(hand)), 'fail', 'hand_rank_counter ranks'),
    ('distinct_rankings', lambda: {HAND_NAMES[c]: n for c, n in Counter(
        hand_rank(h)[0] for h, k in hand_classes()).items()}, 'fail', 'hand_name or category_name gives it'),
    ('distinct_rankings', lambda: {k: v + 1 for k, v in distinct_rankings_lecture().items()},
     'fail', 'is off'),
    ('distinct_rankings', lambda: list(distinct_rankings_lecture().values()), 'fail', 'a dict'),
    ('distinct_rankings', lambda: {HAND_NAMES[c]: n for c, n in Counter(
        hand_rank(h)[0] for h, k in hand_classes()).items() if c}, 'fail', 'nine categories'),
    ('distinct_rankings', lambda: len(hand_classes()), 'fail', 'a dict'),
]


(test_right_versions_pass, test_wrong_versions_fail_and_say_why,
 test_every_exercise_here_has_three_right_and_five_wrong_versions) = lesson_tests(RIGHT, WRONG)
