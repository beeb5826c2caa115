"""The numbers the expected answers of the exercises state in words.

(The teacher's edition gives each exercise's expected answer in a markdown
cell; numbers computed by a cell or by a check are tested where they are
computed. These are the rest.)
"""

import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

from pokerlib import (EXACT_COUNTS, exact_shuffle_probabilities, hand_rank,
                      versus_table)
from pokerlib.exercises import heads_up_reference

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
