"""Notebook 01's exercises: right versions in several styles pass, realistic wrong ones fail
with a report that names the failing case and the mistake it shows."""

import itertools
from collections import Counter

import numpy as np
import pytest

from pokerlib import DECK, flush as lib_flush
from pokerlib.practice import kernel
from pokerlib.practice.registry import known

from practice_support import as_students, lesson_tests, verdict

RANKS = '--23456789TJQKA'
VALUES = {r: i for i, r in enumerate(RANKS) if r != '-'}


# --- card_ranks -------------------------------------------------------------

def card_ranks_lecture(hand):
    ranks = ['--23456789TJQKA'.index(r) for r, s in hand]
    ranks.sort(reverse=True)
    return [5, 4, 3, 2, 1] if ranks == [14, 5, 4, 3, 2] else ranks


def card_ranks_dict(hand):
    ranks = sorted((VALUES[c[0]] for c in hand), reverse=True)
    if set(ranks) == {14, 2, 3, 4, 5}:
        return [5, 4, 3, 2, 1]
    return ranks


def card_ranks_tuple(hand):
    ranks = tuple(sorted(map(lambda c: RANKS.index(c[0]), hand)))[::-1]
    return (5, 4, 3, 2, 1) if ranks == (14, 5, 4, 3, 2) else ranks


def card_ranks_sorting_the_hand(hand):
    hand.sort(key=lambda c: RANKS.index(c[0]), reverse=True)
    return card_ranks_lecture(hand)


# --- straight ---------------------------------------------------------------

def straight_lecture(ranks):
    return (max(ranks) - min(ranks) == 4) and len(set(ranks)) == 5


def straight_by_range(ranks):
    return sorted(ranks) == list(range(min(ranks), min(ranks) + 5))


def straight_by_steps(ranks):
    return all(a - b == 1 for a, b in zip(ranks, ranks[1:]))


def straight_sorting_in_place(ranks):
    ranks.sort()
    return ranks == list(range(ranks[0], ranks[0] + 5))


# --- kind, two_pair, kinds ----------------------------------------------------

def kind_lecture(n, ranks):
    for r in ranks:
        if ranks.count(r) == n:
            return r
    return None


def kind_counter(n, ranks):
    counts = Counter(ranks)
    found = [r for r in counts if counts[r] == n]
    return max(found) if found else None


def kind_next(n, ranks):
    return next((r for r in ranks if ranks.count(r) == n), None)


def kind_reversing(n, ranks):
    ranks.reverse()
    found = [r for r in ranks if ranks.count(r) == n]
    return found[-1] if found else None


def two_pair_lecture(ranks):
    pair = kind_lecture(2, ranks)
    lowpair = kind_lecture(2, list(reversed(ranks)))
    if pair and lowpair != pair:
        return (pair, lowpair)
    return None


def two_pair_with_kinds(ranks):
    pairs = [r for r in sorted(set(ranks), reverse=True) if ranks.count(r) == 2]
    return tuple(pairs) if len(pairs) == 2 else None


def two_pair_as_list(ranks):
    pairs = sorted((r for r, n in Counter(ranks).items() if n == 2), reverse=True)
    return pairs if len(pairs) == 2 else None


def two_pair_counting_quads(ranks):
    pairs = sorted({r for r in ranks if ranks.count(r) >= 2}, reverse=True)
    if len(pairs) == 2:
        return tuple(pairs)
    if len(pairs) == 1 and ranks.count(pairs[0]) == 4:
        return (pairs[0], pairs[0])
    return None


def two_pair_reversing(ranks):
    pair = kind_lecture(2, ranks)
    ranks.reverse()
    low = kind_lecture(2, ranks)
    return (pair, low) if pair and low != pair else None


def kinds_comprehension(n, ranks):
    return [r for r in sorted(set(ranks), reverse=True) if ranks.count(r) == n]


def kinds_counter(n, ranks):
    return sorted((r for r, c in Counter(ranks).items() if c == n), reverse=True)


def kinds_loop(n, ranks):
    out = []
    for r in ranks:
        if ranks.count(r) == n and r not in out:
            out.append(r)
    return out


# --- count_wheels -------------------------------------------------------------

def count_wheels_twenty_cards():
    cards = [c for c in DECK if c[0] in 'A2345']
    wheels = [h for h in itertools.combinations(cards, 5) if len({c[0] for c in h}) == 5]  # noqa: F841 (a student's missing return)
    return len(wheels), sum(len({c[1] for c in h}) == 1 for h in wheels)


def count_wheels_formula():
    return 4 ** 5, 4


def count_wheels_brute_force():
    wheels = flushes = 0
    for h in itertools.combinations(DECK, 5):
        if sorted(c[0] for c in h) == ['2', '3', '4', '5', 'A']:
            wheels += 1
            flushes += lib_flush(list(h))
    return [wheels, flushes]


# --- hand_rank ----------------------------------------------------------------

def hand_rank_lecture(hand):
    ranks = card_ranks_lecture(hand)
    k = kind_lecture
    if straight_lecture(ranks) and len({s for r, s in hand}) == 1:
        return (8, max(ranks))
    elif k(4, ranks):
        return (7, k(4, ranks), k(1, ranks))
    elif k(3, ranks) and k(2, ranks):
        return (6, k(3, ranks), k(2, ranks))
    elif len({s for r, s in hand}) == 1:
        return (5, ranks)
    elif straight_lecture(ranks):
        return (4, max(ranks))
    elif k(3, ranks):
        return (3, k(3, ranks), ranks)
    elif two_pair_lecture(ranks):
        return (2, two_pair_lecture(ranks), ranks)
    elif k(2, ranks):
        return (1, k(2, ranks), ranks)
    return (0, ranks)


def hand_rank_counter(hand):
    counts = Counter(RANKS.index(r) for r, s in hand)
    ranks = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = tuple(sorted(counts.values(), reverse=True))
    if ranks == (14, 5, 4, 3, 2):
        ranks = (5, 4, 3, 2, 1)
    straight = len(ranks) == 5 and ranks[0] - ranks[4] == 4
    flush = len({s for r, s in hand}) == 1
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0)
    category = max(category, 4 * straight + 5 * flush)
    return category, ranks


def hand_rank_one_number(hand):
    """The ranking as one integer, in base 15."""
    category, ranks = hand_rank_counter(hand)
    value = category
    for r in ranks + (0,) * (5 - len(ranks)):
        value = value * 15 + r
    return value


def ranking_mistake(word):
    """The judge's mistaken version, as a student's copy (the course's own are not answers)."""
    return as_students(next(f for f, hint, *pair in known('hand_rank') if word in hint))


def hand_rank_unsorted(hand):
    category, ranks = hand_rank_counter(hand)
    return category, tuple(RANKS.index(r) for r, s in hand)


def count_wheels_without_return():
    cards = [c for c in DECK if c[0] in 'A2345']
    wheels = [h for h in itertools.combinations(cards, 5) if len({c[0] for c in h}) == 5]  # noqa: F841 (a student's missing return)


def hand_rank_without_return(hand):
    ranking = hand_rank_counter(hand)  # noqa: F841 (a student's missing return)


def hand_rank_flush_as_text(hand):
    category, ranks = hand_rank_counter(hand)
    return 'flush' if category == 5 else (category, ranks)


def hand_rank_spades_special(hand):
    category, ranks = hand_rank_counter(hand)
    return category, ranks, hand[0][1] == 'S'


RIGHT = [
    ('card_ranks', card_ranks_lecture), ('card_ranks', card_ranks_dict),
    ('card_ranks', card_ranks_tuple),
    ('straight', straight_lecture), ('straight', straight_by_range), ('straight', straight_by_steps),
    # NumPy's scalars cross as the plain values they stand for (lesson 08 returns them)
    ('straight', lambda ranks: np.bool_(straight_lecture(ranks))),
    ('flush', lambda hand: len({s for r, s in hand}) == 1),
    ('flush', lambda hand: all(c[1] == hand[0][1] for c in hand)),
    ('flush', lambda hand: Counter(c[-1] for c in hand).most_common(1)[0][1] == 5),
    ('kind', kind_lecture), ('kind', kind_counter), ('kind', kind_next),
    ('two_pair', two_pair_lecture), ('two_pair', two_pair_with_kinds), ('two_pair', two_pair_as_list),
    ('kinds', kinds_comprehension), ('kinds', kinds_counter), ('kinds', kinds_loop),
    ('count_wheels', count_wheels_twenty_cards), ('count_wheels', count_wheels_formula),
    ('count_wheels', (1024, 4)),
    ('hand_rank', hand_rank_lecture), ('hand_rank', hand_rank_counter),
    ('hand_rank', hand_rank_one_number),
    ('hand_rank_elif', hand_rank_lecture), ('hand_rank_elif', hand_rank_counter),
    ('hand_rank_elif', hand_rank_one_number),
]

WRONG = [
    # card_ranks (its table holds the mistakes that earn a hint of their own)
    ('card_ranks', card_ranks_sorting_the_hand, 'fail', 'changed the list it was given'),
    # straight
    ('straight', lambda ranks: len(set(ranks)) == 5, 'fail', 'not five consecutive ranks'),
    ('straight', lambda ranks: int(straight_lecture(ranks)), 'fail', 'not an int'),
    ('straight', straight_sorting_in_place, 'fail', 'changed the list it was given'),
    ('straight', lambda ranks: ranks == [14, 13, 12, 11, 10], 'fail', 'five consecutive ranks'),
    # flush
    ('flush', lambda hand: len({r for r, s in hand}) == 1, 'fail', 'flush([', 'of one suit'),
    ('flush', lambda hand: hand[0][1] == hand[1][1], 'fail', 'the suits differ'),
    ('flush', lambda hand: len({s for r, s in hand}) <= 2, 'fail', 'the suits differ'),
    ('flush', lambda hand: len({s for r, s in hand}), 'fail', 'not an int'),
    ('flush', lambda hand: hand[0][1] == 'S' and len({s for r, s in hand}) == 1, 'fail',
     'all five cards are of one suit'),
    # kind
    ('kind', lambda n, ranks: next((r for r in ranks if ranks.count(r) == n), 0), 'fail',
     'return None'),
    ('kind', lambda n, ranks: next((ranks.count(r) for r in ranks if ranks.count(r) == n), None),
     'fail', 'highest rank that occurs exactly'),
    ('kind', kind_reversing, 'fail', 'changed the list it was given'),
    # two_pair
    ('two_pair', two_pair_counting_quads, 'fail', 'does not hold two pairs'),
    ('two_pair', lambda ranks: (ranks[0], ranks[2]) if ranks[0] == ranks[1] else None, 'fail',
     'two_pair(['),
    ('two_pair', two_pair_reversing, 'fail', 'changed the list it was given'),
    ('two_pair', lambda ranks: tuple(sorted({r for r in ranks if ranks.count(r) >= 2},
                                             reverse=True)) or None, 'fail', 'two_pair(['),
    # kinds
    ('kinds', lambda n, ranks: sorted(r for r in set(ranks) if ranks.count(r) == n), 'fail',
     'highest first'),
    ('kinds', lambda n, ranks: [r for r in sorted(set(ranks), reverse=True)
                                if ranks.count(r) >= n], 'fail', 'exactly'),
    ('kinds', lambda n, ranks: [r for r in sorted(set(ranks), reverse=True)
                                if ranks.count(r) == n] or None, 'fail', '[]'),
    # count_wheels
    ('count_wheels', lambda: (4, 1024), 'fail', 'how many hands hold exactly'),
    ('count_wheels', lambda: 1024, 'fail', 'returned: 1024'),
    ('count_wheels', count_wheels_without_return, 'fail', 'returned: None', 'return'),
    # hand_rank
    ('hand_rank', hand_rank_unsorted, 'fail', 'same cards in another order'),
    ('hand_rank', hand_rank_spades_special, 'fail', 'never which suit'),
    ('hand_rank', hand_rank_without_return, 'fail', 'is a return missing'),
    ('hand_rank', hand_rank_flush_as_text, 'fail', 'cannot be compared'),
    ('hand_rank_elif', ranking_mistake('ace plays low'), 'fail', 'ace plays low'),
    ('hand_rank_elif', hand_rank_unsorted, 'fail', 'another order'),
    ('hand_rank_elif', lambda hand: hand_rank_counter(hand)[0], 'fail', 'more than the category'),
    ('hand_rank_elif', ranking_mistake('higher pair'), 'fail', 'higher pair'),
]


@pytest.mark.slow
def test_the_ranking_report_names_hands_as_a_player_would():
    verdict(ranking_mistake('higher pair is compared first'), 'hand_rank', 'fail',
            'ranks 44 33 A (two pair) above 55 22 3 (two pair), but 55 22 3 is the better hand')
    verdict(ranking_mistake('highest first'), 'hand_rank', 'fail', '7 6 5 4 2 (high card) above 8 5 4 3 2')
    verdict(ranking_mistake('five different ranks'), 'hand_rank', 'fail', '22 6 5 3 (one pair)',
            'five different ranks')


@pytest.mark.slow
def test_the_brute_force_the_notebook_warns_about_is_right_and_told_its_time(monkeypatch):
    monkeypatch.setattr(kernel, 'SLOW', 0.5)    # it takes one to three seconds, by the machine
    verdict(count_wheels_brute_force, 'count_wheels', 'pass', 'right, but took',
            'only the 20 cards')


(test_right_versions_pass, test_wrong_versions_fail_and_say_why,
 test_every_exercise_here_has_three_right_and_five_wrong_versions) = lesson_tests(RIGHT, WRONG)


# --- hands as tuples (issue 40): best_hand passes the tuples of itertools.combinations ---

def hand_rank_copying(hand):
    cards = hand.copy()
    return hand_rank_lecture(cards)


def hand_rank_telling_tuples_apart(hand):
    return hand_rank_lecture(list(hand)) + (isinstance(hand, tuple),)


def card_ranks_sorting_a_copy_in_place(hand):
    cards = hand[:]
    cards.sort(key=lambda c: RANKS.index(c[0]), reverse=True)      # a tuple has no sort
    ranks = [RANKS.index(r) for r, s in cards]
    return [5, 4, 3, 2, 1] if ranks == [14, 5, 4, 3, 2] else ranks


@pytest.mark.parametrize('name, function, status, words', [
    ('hand_rank', hand_rank_copying, 'error', ("'tuple' object has no attribute 'copy'",
                                                'best_hand passes each hand as a tuple')),
    ('hand_rank', hand_rank_telling_tuples_apart, 'fail', ('when it comes as a tuple',
                                                            'as a list or as a tuple')),
    ('card_ranks', card_ranks_sorting_a_copy_in_place, 'error', (
        "'tuple' object has no attribute 'sort'", 'best_hand passes each hand as a tuple')),
])
def test_a_hand_function_that_fails_on_a_tuple_is_told_that_best_hand_passes_tuples(
        name, function, status, words):
    verdict(function, name, status, *words)


def test_the_judges_pass_hands_as_tuples_and_right_versions_take_them():
    from pokerlib.practice.exercises.lesson01 import card_ranks_cases
    assert any(type(args[0]) is tuple for args in card_ranks_cases())
    verdict(hand_rank_lecture, 'hand_rank', 'pass')
