"""Notebook 06's exercises: best hands from seven cards, with jokers and deuces wild, how many
rankings the brute force makes, and the exact flush draw.

Wild hands are ranked as notebook 06 teaches, with hand_rank_wild: a copy of a card counts as a
card of its own. The right wild versions below once ranked with hand_rank's unchecked groups
(inspect.unwrap(hand_rank)), the other rule; under the course's rule they rank with
hand_rank_wild, and the group-ranked ones are now among the wrong versions."""

import itertools
import math
from fractions import Fraction


from pokerlib import (DECK, best_hand as lib_best_hand, hand_rank, hand_rank_wild, parse_hand)
from pokerlib.holdem import replacements

from practice_support import lesson_tests

rank = hand_rank_wild   # a joker may copy a card, and the copy counts
group_rank = hand_rank.__wrapped__   # hand_rank's groups, no check: a copy's rank counts once


def best_hand_lecture(hand):
    return max(itertools.combinations(hand, 5), key=hand_rank)


def best_hand_by_sorting(hand):
    return sorted((list(h) for h in itertools.combinations(hand, 5)), key=hand_rank)[-1]


def best_hand_by_removing(hand):
    best = None
    for out in itertools.combinations(range(len(hand)), len(hand) - 5):
        five = [c for i, c in enumerate(hand) if i not in out]
        if best is None or hand_rank(five) > hand_rank(best):
            best = five
    return best


def best_wild_lecture(hand):
    candidates = (max(itertools.combinations(h, 5), key=rank)
                  for h in itertools.product(*map(replacements, hand)))
    return max(candidates, key=rank)


def best_wild_by_sets(hand):
    hands = set()
    for h in itertools.product(*map(replacements, hand)):
        hands.add(tuple(max(itertools.combinations(h, 5), key=rank)))
    return list(max(hands, key=rank))


def best_wild_one_pass(hand):
    return max((five for h in itertools.product(*map(replacements, hand))
                for five in itertools.combinations(h, 5)), key=rank)


def best_wild_as_the_library(hand):
    """The library's best_wild_hand, written as a student would with what 06 teaches."""
    hands = dict.fromkeys(five for h in itertools.product(*map(replacements, hand))
                          for five in itertools.combinations(h, 5))
    return list(max(hands, key=hand_rank_wild))


def best_wild_by_groups(hand):
    """The lecture's shape, ranking with hand_rank's groups: a copied ace counts once."""
    candidates = (max(itertools.combinations(h, 5), key=group_rank)
                  for h in itertools.product(*map(replacements, hand)))
    return max(candidates, key=group_rank)


def best_wild_by_checked_ranks(hand):
    """The lecture's shape, ranking with hand_rank, which refuses a joker's copy."""
    candidates = (max(itertools.combinations(h, 5), key=hand_rank)
                  for h in itertools.product(*map(replacements, hand)))
    return max(candidates, key=hand_rank)


def deuces_by_groups(hand):
    options = [DECK if card[0] == '2' else [card] for card in hand]
    return max((list(h) for h in itertools.product(*options)), key=group_rank)


def wild_jokers_as_aces(hand):
    hand = ['AS' if c == '?B' else 'AH' if c == '?R' else c for c in hand]
    return max(itertools.combinations(hand, 5), key=rank)


def wild_wrong_colours(hand):
    swap = {'?B': [r + s for r in '23456789TJQKA' for s in 'HD'],
            '?R': [r + s for r in '23456789TJQKA' for s in 'SC']}
    options = [swap.get(c, [c]) for c in hand]
    return max((max(itertools.combinations(h, 5), key=rank) for h in itertools.product(*options)),
               key=rank)


def wild_ignoring_jokers(hand):
    plain = [c for c in hand if c[0] != '?']
    if len(plain) >= 5:
        return max(itertools.combinations(plain, 5), key=rank)
    return plain + ['2C', '3D', '4H', '6S', '8C'][:5 - len(plain)]


def count_by_counting_calls(hand):
    calls = 0

    def counting_key(five):
        nonlocal calls
        calls += 1
        return 0
    for h in itertools.product(*map(replacements, hand)):
        max(itertools.combinations(h, 5), key=counting_key)
    return calls


def count_by_formula(hand):
    return math.prod(len(replacements(c)) for c in hand) * math.comb(len(hand), 5)


def count_by_counting_lists(hand):
    return sum(1 for h in itertools.product(*map(replacements, hand))
               for five in itertools.combinations(h, 5))


def deuces_lecture(hand):
    options = [DECK if card[0] == '2' else [card] for card in hand]
    return max((list(h) for h in itertools.product(*options)), key=rank)


def deuces_as_jokers(hand):
    options = [replacements('?B' if c[1] in 'SC' else '?R') if c[0] == '2' else [c] for c in hand]
    return list(max(itertools.product(*options), key=rank))


def deuces_recursive(hand, start=0):
    for i in range(start, len(hand)):
        if hand[i][0] == '2':
            return max((deuces_recursive(hand[:i] + [d] + hand[i + 1:], i + 1) for d in DECK),
                       key=rank)
    return hand


def flush_draw_exact():
    board, me, you = parse_hand('7S 2S 9D'), parse_hand('AS KS'), parse_hand('9H 9C')
    rest = [c for c in DECK if c not in board + me + you]
    wins = sum(hand_rank(lib_best_hand(me + board + list(p))) >
               hand_rank(lib_best_hand(you + board + list(p)))
               for p in itertools.combinations(rest, 2))
    return Fraction(wins, math.comb(len(rest), 2))


def flush_draw_ties_win():
    board, me, you = parse_hand('7S 2S 9D'), parse_hand('AS KS'), parse_hand('9H 9C')
    rest = [c for c in DECK if c not in board + me + you]
    wins = sum(hand_rank(lib_best_hand(me + board + list(p))) >=
               hand_rank(lib_best_hand(you + board + list(p)))
               for p in itertools.combinations(rest, 2))
    return wins / 990


RIGHT = [
    ('best_hand', best_hand_lecture), ('best_hand', best_hand_by_sorting),
    ('best_hand', best_hand_by_removing),
    ('best_wild_hand', best_wild_lecture), ('best_wild_hand', best_wild_by_sets),
    ('best_wild_hand', best_wild_one_pass), ('best_wild_hand', best_wild_as_the_library),
    ('count_wild_rankings', count_by_counting_calls), ('count_wild_rankings', count_by_formula),
    ('count_wild_rankings', count_by_counting_lists),
    ('best_deuces_wild', deuces_lecture), ('best_deuces_wild', deuces_recursive),
    ('best_deuces_wild', lambda hand: tuple(deuces_lecture(hand))),
    ('flush_draw', lambda: 244 / 990), ('flush_draw', flush_draw_exact),
    ('flush_draw', Fraction(244, 990)),
]

WRONG = [
    ('best_hand', lambda hand: hand[:5], 'fail', 'a better five cards exist'),
    ('best_hand', lambda hand: hand_rank(max(itertools.combinations(hand, 5), key=hand_rank)),
     'fail', 'the best five cards, as a list'),
    ('best_hand', lambda hand: sorted(hand)[-5:], 'fail', 'a better five cards exist'),
    ('best_hand', lambda hand: hand.sort() or hand[:5], 'fail', 'changed the list it was given'),
    ('best_wild_hand', wild_jokers_as_aces, 'fail', 'best_wild_hand(['),
    ('best_wild_hand', wild_wrong_colours, 'fail', 'one card of its colour'),
    ('best_wild_hand', wild_ignoring_jokers, 'fail', 'best_wild_hand(['),
    ('best_wild_hand', lambda hand: max(itertools.combinations(hand, 5), key=rank), 'error',
     'replace every joker by a card before ranking'),
    ('best_wild_hand', lambda hand: None, 'todo', 'not written yet'),
    ('best_wild_hand', best_wild_by_groups, 'fail', "['?B', 'AS', 'KS', 'QS', '9S']",
     'a joker may copy a card of its own hand, and the copy counts: AS AS KS QS 9S is the '
     'flush A A K Q 9, which beats JS AS KS QS 9S'),
    ('best_wild_hand', lambda hand: best_wild_lecture(hand)[:4], 'fail', 'the best five cards'),
    ('count_wild_rankings', lambda hand: 26 ** hand.count('?B') * math.comb(len(hand), 5), 'fail',
     'every replacement'),
    ('count_wild_rankings', lambda hand: float(count_by_formula(hand)), 'fail',
     'count_wild_rankings(['),
    ('count_wild_rankings', lambda hand: count_by_formula(hand) + 1, 'fail', 'every replacement'),
    ('count_wild_rankings', lambda hand: 0, 'fail', 'count_wild_rankings(['),
    ('count_wild_rankings', lambda hand: 14196, 'fail', 'count_wild_rankings(['),
    ('count_wild_rankings', lambda hand: len(hand), 'fail', 'count_wild_rankings(['),
    ('best_wild_hand', best_wild_by_checked_ranks, 'error', 'duplicate card',
     'a joker may copy a card of its own hand, so a candidate may hold a card twice'),
    ('best_deuces_wild', lambda hand: max((list(h) for h in itertools.product(
        *[DECK if c[0] == '2' else [c] for c in hand])), key=hand_rank), 'error',
     'a deuce may copy a card of its own hand', 'hand_rank_wild'),
    ('best_deuces_wild', deuces_as_jokers, 'fail', 'best_deuces_wild(['),
    ('best_deuces_wild', deuces_by_groups, 'fail', "['AS', 'KS', 'QS', '8S', '2D']",
     'a deuce may copy a card of its own hand, and the copy counts'),
    ('best_deuces_wild', lambda hand: max(itertools.combinations(hand, 5), key=rank), 'fail',
     'a better five cards'),
    ('best_deuces_wild', lambda hand: [c if c[0] != '2' else 'AS' for c in hand], 'fail',
     'best_deuces_wild(['),
    ('best_deuces_wild', lambda hand: deuces_lecture(hand)[::-1][1:] + ['2S'], 'fail',
     'best_deuces_wild(['),
    ('best_deuces_wild', lambda hand: [c for c in deuces_lecture(hand)][:3] + hand[:2], 'fail',
     'best_deuces_wild(['),
    ('flush_draw', lambda: 1 - Fraction(36, 45) * Fraction(35, 44), 'fail',
     '360 boards out of 990', '122/495 = 244/990, about 0.2465'),
    ('flush_draw', lambda: 9 / 45, 'fail', 'boards out of 990'),
    ('flush_draw', lambda: '24.6%', 'fail', 'the chance as a number'),
]


def test_the_copy_hint_only_when_the_answer_ranks_the_copy_once():
    from pokerlib.practice.exercises.lesson06 import copy_hint
    best = 'AS AS KS QS 9S'.split()
    assert copy_hint(parse_hand('JS AS KS QS 9S'), best, 'joker').startswith(
        'a joker may copy a card of its own hand, and the copy counts: AS AS KS QS 9S is the '
        'flush A A K Q 9, which beats JS AS KS QS 9S')
    for got in ['KS QS JS 9S 8S',    # a lower flush: not that mistake
                'AS AD KS QS 9S',    # a pair: not a flush at all
                'AS AS KS QS 8S']:   # a copy too, just not the best one
        assert copy_hint(got.split(), best, 'joker') == '', got


(test_right_versions_pass, test_wrong_versions_fail_and_say_why,
 test_every_exercise_here_has_three_right_and_five_wrong_versions) = lesson_tests(RIGHT, WRONG)


def test_the_written_down_seven_card_cases_are_the_ones_the_search_finds():
    # best_hand's judge reads its hands from SEVEN_FOUND; finding them again among the
    # seeded random hands gives the same hands, in the same order.
    from pokerlib.practice.exercises.lesson06 import find_seven_card_cases, seven_card_cases
    assert find_seven_card_cases() == seven_card_cases()
