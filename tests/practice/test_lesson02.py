"""Notebook 02's exercises: allmax and allmin with keys a careless start gets wrong, poker,
shares, the two-deck tie."""

import math
from fractions import Fraction


from pokerlib import hand_classes, hand_rank

from practice_support import lesson_tests


def allmax_lecture(iterable, key=None):
    result, maxval = [], None
    key = key or (lambda x: x)
    for x in iterable:
        xval = key(x)
        if not result or xval > maxval:
            result, maxval = [x], xval
        elif xval == maxval:
            result.append(x)
    return result


def allmax_two_passes(iterable, key=None):
    items = list(iterable)
    key = key or (lambda x: x)
    if not items:
        return []
    best = max(map(key, items))
    return [x for x in items if key(x) == best]


def allmax_sorted(iterable, key=None):
    key = key or (lambda x: x)
    items = sorted(iterable, key=key, reverse=True)
    return [x for x in items if key(x) == key(items[0])] if items else []


def allmax_reading_twice(iterable, key=None):
    key = key or (lambda x: x)
    if not iterable:
        return []
    best = max(map(key, iterable), default=None)
    return [x for x in iterable if key(x) == best]


def allmin_lecture_reversed(iterable, key=None):
    result, minval = [], None
    key = key or (lambda x: x)
    for x in iterable:
        xval = key(x)
        if not result or xval < minval:
            result, minval = [x], xval
        elif xval == minval:
            result.append(x)
    return result


def allmin_by_wrapping(iterable, key=None):
    key = key or (lambda x: x)

    class Reversed:
        def __init__(self, value):
            self.value = value

        def __gt__(self, other):
            return self.value < other.value

        def __eq__(self, other):
            return self.value == other.value
    return allmax_lecture(iterable, key=lambda x: Reversed(key(x)))


def allmin_by_negating(iterable, key=None):
    key = key or (lambda x: x)
    return allmax_lecture(iterable, key=lambda x: -key(x))


def allmin_from_zero(iterable, key=None):
    key = key or (lambda x: x)
    best, result = math.inf, []
    for x in iterable:
        if key(x) < best:
            best, result = key(x), [x]
        elif key(x) == best:
            result.append(x)
    return result


def poker_lecture(hands):
    return allmax_lecture(hands, key=hand_rank)


def poker_by_sorting(hands):
    ranked = sorted(hands, key=hand_rank, reverse=True)
    return [h for h in ranked if hand_rank(h) == hand_rank(ranked[0])]


def shares_lecture(hands):
    winners = poker_lecture(hands)
    return [1 / len(winners) if any(h is w for w in winners) else 0 for h in hands]


def shares_fractions(hands):
    best = max(map(hand_rank, hands))
    k = sum(hand_rank(h) == best for h in hands)
    return [Fraction(1, k) if hand_rank(h) == best else 0 for h in hands]


def shares_tuple(hands):
    ranks = [hand_rank(h) for h in hands]
    k = ranks.count(max(ranks))
    return tuple(1 / k if r == max(ranks) else 0.0 for r in ranks)


def tie_chance_floats():
    return sum((n / math.comb(52, 5)) ** 2 for hand, n in hand_classes())


RIGHT = [
    ('allmax', allmax_lecture), ('allmax', allmax_two_passes), ('allmax', allmax_sorted),
    ('allmin', allmin_lecture_reversed), ('allmin', allmin_by_wrapping),
    ('allmin', lambda iterable, key=None: allmin_lecture_reversed(list(iterable), key)),
    ('poker', poker_lecture), ('poker', poker_by_sorting),
    ('poker', lambda hands: [h for h in hands if hand_rank(h) == max(map(hand_rank, hands))]),
    ('shares', shares_lecture), ('shares', shares_fractions), ('shares', shares_tuple),
    ('tie_chance_two_decks', tie_chance_floats),
    ('tie_chance_two_decks', lambda: sum(Fraction(n, math.comb(52, 5)) ** 2
                                         for h, n in hand_classes())),
    ('tie_chance_two_decks', float(sum(Fraction(n, math.comb(52, 5)) ** 2
                                       for h, n in hand_classes()))),
]

WRONG = [
    ('allmax', lambda iterable, key=None: max(iterable, key=key), 'fail', 'returned: 3',
     'return a list of the items'),
    ('allmin', allmin_by_negating, 'error', 'never negate them'),
    ('allmin', allmin_from_zero, 'error', 'TypeError'),
    ('allmin', lambda iterable, key=None: allmax_lecture(iterable, key), 'fail',
     'smallest key'),
    ('allmin', allmax_reading_twice, 'fail', 'allmin(['),
    # poker
    ('poker', lambda hands: [min(hands, key=hand_rank)], 'fail', 'poker(['),
    ('poker', lambda hands: sorted(hands, key=hand_rank)[-1:], 'fail', 'every winning hand'),
    # shares
    ('shares', lambda hands: sorted(shares_lecture(hands)), 'fail', 'in the order'),
    ('shares', lambda hands: [1 / len(poker_lecture(hands))], 'fail', 'one share per hand'),
    ('shares', lambda hands: {i: s for i, s in enumerate(shares_lecture(hands))}, 'fail', 'shares(['),
    ('shares', lambda hands: [round(s, 1) for s in shares_lecture(hands)], 'fail', '0.3'),
    # the two-deck tie
    ('tie_chance_two_decks', lambda: sum(n for h, n in hand_classes()) / math.comb(52, 5) ** 2,
     'fail', 'add these up'),
    ('tie_chance_two_decks', lambda: sum((n / math.comb(52, 5)) for h, n in hand_classes()),
     'fail', 'add these up'),
    ('tie_chance_two_decks', lambda: 'about 1 in 1000', 'fail', 'returned'),
    ('tie_chance_two_decks', lambda: True, 'fail', 'returned: True'),
]


(test_right_versions_pass, test_wrong_versions_fail_and_say_why,
 test_every_exercise_here_has_three_right_and_five_wrong_versions) = lesson_tests(RIGHT, WRONG)
