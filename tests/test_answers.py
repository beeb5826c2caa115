"""The numbers the expected answers of the exercises state in words.

(The teacher's edition gives each exercise's expected answer in a markdown
cell; numbers computed by a cell or by a check are tested where they are
computed. These are the rest.)
"""

import itertools
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np

from pokerlib import (DECK, EXACT_COUNTS, best_hand, exact_shuffle_probabilities,
                      hand_classes, hand_rank, parse_hand, versus_table)
from pokerlib.practice.exercises.lesson08 import heads_up_reference

ROOT = Path(__file__).resolve().parent.parent


def test_04_how_many_hands_to_see_a_straight_flush():
    p = 40 / 2_598_960
    assert 1 - (1 - p) ** 299_215 >= 0.99 > 1 - (1 - p) ** 299_214
    assert round((1 - p) ** 50_000, 2) == 0.46


def test_05_the_most_and_least_likely_naive_shuffles():
    probs = exact_shuffle_probabilities('shuffle_naive', 'abcd')
    assert max(probs.values()) == Fraction(15, 256)
    assert [p for p, q in probs.items() if q == Fraction(15, 256)] == ['badc']
    assert min(probs.values()) == Fraction(8, 256)
    assert round(256 / 24, 1) == 10.7


def test_06_seven_card_percentages():
    total = sum(EXACT_COUNTS[7].values())
    percent = {name: round(100 * n / total, 1) for name, n in EXACT_COUNTS[7].items()}
    assert (percent['one pair'], percent['two pair'], percent['high card']) == (43.8, 23.5, 17.4)
    assert (percent['flush'], percent['straight'], percent['three of a kind']) == (3.0, 4.6, 4.8)


def test_06_drawing_to_a_flush():
    assert round(float(1 - Fraction(36, 45) * Fraction(35, 44)), 2) == 0.36


def test_07_how_player_one_won():
    table = versus_table(ROOT / 'notebooks' / 'data' / 'versus-1000.txt')
    wins = table[table['winner'] == 'player1']
    by = Counter('category' if a != b else 'ranks'
                 for a, b in zip(wins['category1'], wins['category2']))
    assert (len(wins), by['category'], by['ranks']) == (453, 246, 207)
    same = wins[wins['category1'] == wins['category2']]['category1'].value_counts()
    assert (same['high card'], same['one pair']) == (125, 82)
    assert (table['winner'] == 'tie').sum() == 59


def test_08_aces_against_kings_over_every_board():
    wins, losses, ties = heads_up_reference(['AS', 'AH'], ['KS', 'KH'])
    assert (wins, losses, ties) == (1_410_336, 292_660, 9_308)
    assert wins + losses + ties == math.comb(48, 5)
    assert [round(100 * x / math.comb(48, 5), 1) for x in (wins, losses, ties)] == [82.4, 17.1, 0.5]


def test_02_ties_from_two_decks_and_from_one():
    total = math.comb(52, 5)
    classes = hand_classes()
    two_decks = sum(Fraction(n, total) ** 2 for hand, n in classes)
    # From one deck the second hand must avoid the first hand's cards. Count the
    # tying deals of each class by trying every choice of suits for both hands.
    suits = np.array(list(itertools.product(range(4), repeat=5)))
    flush = (suits == suits[:, :1]).all(axis=1)
    apart = (suits[:, None, :] != suits[None, :, :]).all(axis=2)   # no card in both hands
    distinct = {True: int((apart & flush[:, None] & flush[None, :]).sum()),
                False: int((apart & ~flush[:, None] & ~flush[None, :]).sum())}

    def disjoint_suit_sets(c):
        return sum(1 for a in itertools.combinations(range(4), c)
                   for b in itertools.combinations(range(4), c) if not set(a) & set(b))

    ties = 0
    for hand, _n in classes:
        counts = Counter(r for r, s in hand).values()
        if len(counts) == 5:
            ties += distinct[len({s for r, s in hand}) == 1]
        else:
            ties += math.prod(disjoint_suit_sets(c) for c in counts)
    one_deck = Fraction(ties, total * math.comb(47, 5))
    assert round(float(two_decks), 5) == 0.00026
    assert round(float(1 / two_decks), -2) == 3_800
    assert round(float(two_decks / one_deck)) == 3


def test_06_a_flush_draw_against_a_set():
    hole1, hole2, flop = parse_hand('AS KS'), parse_hand('9H 9C'), parse_hand('7S 2S 9D')
    rest = [c for c in DECK if c not in hole1 + hole2 + flop]
    outcomes = Counter()
    for turn_river in itertools.combinations(rest, 2):
        board = flop + list(turn_river)
        r1, r2 = (hand_rank(best_hand(hole + board)) for hole in (hole1, hole2))
        spade = any(s == 'S' for r, s in turn_river)
        outcomes[spade, 'win' if r1 > r2 else 'lose' if r1 < r2 else 'tie'] += 1
    assert sum(outcomes.values()) == 990
    wins = outcomes[True, 'win'] + outcomes[False, 'win']
    assert (wins, round(100 * wins / 990, 1)) == (244, 24.6)
    spades = sum(n for (spade, _), n in outcomes.items() if spade)
    assert round(outcomes[True, 'lose'] / spades, 1) == 0.3     # about a third of those lose


def test_08_five_card_subsets_with_three_cards_of_one_suit():
    suited = sum(math.prod(math.comb(13, c) for c in counts)
                 for counts in itertools.product(range(6), repeat=4)
                 if sum(counts) == 5 and max(counts) >= 3)
    assert round(100 * suited / math.comb(52, 5)) == 37


def test_01_the_wheel():
    wheels = sum(1 for h in itertools.combinations([c for c in DECK if c[0] in 'A2345'], 5)
                 if sorted(r for r, s in h) == sorted('A2345'))
    assert wheels == 1024 and round(math.comb(52, 5) / wheels) == 2538
    assert round(20_000 * wheels / math.comb(52, 5)) == 8
