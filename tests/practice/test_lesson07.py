"""Notebook 07's exercises: player1_wins, how_won, score_valid (blank lines skipped but
counted; the natural answers with lineno or an f-string both pass)."""


import pytest

from pokerlib import PokerError, hand_rank, parse_versus_line, score_versus, versus_winner

from practice_support import lesson_tests


def player1_wins_loop(lines):
    wins = 0
    for line in lines:
        hand1, hand2 = parse_versus_line(line)
        wins += hand_rank(hand1) > hand_rank(hand2)
    return wins


def player1_wins_winner(lines):
    return sum(versus_winner(*parse_versus_line(line)) == 'player1' for line in lines)


def player1_wins_split(lines):
    count = 0
    for line in lines:
        cards = line.split()
        if hand_rank(cards[:5]) > hand_rank(cards[5:]):
            count += 1
    return count


def how_won_notebook(hand1, hand2):
    r1, r2 = hand_rank(hand1), hand_rank(hand2)
    if r1 == r2:
        return 'tie'
    return 'category' if r1[0] != r2[0] else 'ranks'


def how_won_nested(hand1, hand2):
    r1, r2 = hand_rank(hand1), hand_rank(hand2)
    return 'category' if r1[0] != r2[0] else ('tie' if r1 == r2 else 'ranks')


def how_won_dict(hand1, hand2):
    r1, r2 = hand_rank(hand1), hand_rank(hand2)
    return {(True, True): 'tie', (True, False): 'ranks'}.get((r1[0] == r2[0], r1 == r2), 'category')


def score_valid_with_lineno(lines):
    good, errors = [], []
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            good.append(parse_versus_line(line, lineno))
        except ValueError as e:
            errors.append(str(e))
    return score_versus(good), errors


def score_valid_fstring(lines):
    good, errors = [], []
    for n, line in enumerate(lines, start=1):
        if line.strip():
            try:
                good.append(parse_versus_line(line))
            except PokerError as e:
                errors.append(f'line {n}: {e}')
    return score_versus(good), errors


def score_valid_counts_by_hand(lines):
    counts, errors = {'player1': 0, 'player2': 0, 'ties': 0}, []
    for n, line in enumerate(lines, 1):
        if line.isspace() or not line:
            continue
        try:
            h1, h2 = parse_versus_line(line, n)
        except ValueError as e:
            errors.append(str(e))
            continue
        winner = versus_winner(h1, h2)
        counts['ties' if winner == 'tie' else winner] += 1
    return counts, errors


def score_valid_not_skipping_blanks(lines):
    good, errors = [], []
    for lineno, line in enumerate(lines, 1):
        try:
            good.append(parse_versus_line(line, lineno))
        except ValueError as e:
            errors.append(str(e))
    return score_versus(good), errors


def score_valid_numbering_good_lines(lines):
    good, errors = [], []
    lines = [line for line in lines if line.strip()]
    for lineno, line in enumerate(lines, 1):
        try:
            good.append(parse_versus_line(line, lineno))
        except ValueError as e:
            errors.append(str(e))
    return score_versus(good), errors


def score_valid_prefix_twice(lines):
    good, errors = [], []
    for n, line in enumerate(lines, 1):
        if line.strip():
            try:
                good.append(parse_versus_line(line, n))
            except ValueError as e:
                errors.append(f'line {n}: {e}')
    return score_versus(good), errors


def score_valid_without_prefix(lines):
    good, errors = [], []
    for line in lines:
        if line.strip():
            try:
                good.append(parse_versus_line(line))
            except ValueError as e:
                errors.append(str(e))
    return score_versus(good), errors


def score_valid_errors_not_text(lines):
    good, errors = [], []
    for n, line in enumerate(lines, 1):
        if line.strip():
            try:
                good.append(parse_versus_line(line, n))
            except ValueError as e:
                errors.append(e)
    return score_versus(good), errors


RIGHT = [
    ('player1_wins', player1_wins_loop), ('player1_wins', player1_wins_winner),
    ('player1_wins', player1_wins_split),
    ('how_won', how_won_notebook), ('how_won', how_won_nested), ('how_won', how_won_dict),
    ('score_valid', score_valid_with_lineno), ('score_valid', score_valid_fstring),
    ('score_valid', score_valid_counts_by_hand),
]

WRONG = [
    ('player1_wins', lambda lines: sum(hand_rank(parse_versus_line(l)[0]) >= hand_rank(parse_versus_line(l)[1])
                                       for l in lines), 'fail', 'a tie is not a win'),
    ('player1_wins', lambda lines: sum(hand_rank(parse_versus_line(l)[1]) > hand_rank(parse_versus_line(l)[0])
                                       for l in lines), 'fail', "player 2's count"),
    ('player1_wins', lambda lines: sum(hand_rank(parse_versus_line(l)[0])[0] > hand_rank(parse_versus_line(l)[1])[0]
                                       for l in lines), 'fail', 'compare the whole rankings'),
    ('player1_wins', lambda lines: player1_wins_loop(lines) / len(lines), 'fail', 'not a fraction'),
    ('player1_wins', lambda lines: lines.clear() or 0, 'fail', 'changed the list it was given'),
    ('how_won', lambda h1, h2: 'tie' if hand_rank(h1)[0] == hand_rank(h2)[0] else 'category', 'fail',
     "'tie' only when the whole rankings are equal"),
    ('how_won', lambda h1, h2: 'category' if hand_rank(h1) > hand_rank(h2) else 'ranks', 'fail',
     'whoever wins'),
    ('how_won', lambda h1, h2: 'ranks' if hand_rank(h1)[0] != hand_rank(h2)[0] else 'category',
     'fail', "'category' when the categories differ"),
    ('how_won', lambda h1, h2: hand_rank(h1)[0] != hand_rank(h2)[0], 'fail', 'one of three words'),
    ('how_won', lambda h1, h2: 'Category', 'fail', 'one of three words'),
    ('score_valid', score_valid_not_skipping_blanks, 'fail', 'score_valid(lines)'),
    ('score_valid', score_valid_numbering_good_lines, 'fail', 'blank lines counted too'),
    ('score_valid', score_valid_prefix_twice, 'fail', 'versus_errors'),
    ('score_valid', score_valid_without_prefix, 'fail', 'starts with its line number',
     'parse_versus_line(line, lineno)'),
    ('score_valid', score_valid_errors_not_text, 'fail', 'PokerError', 'return plain values'),
    ('score_valid', lambda lines: score_versus(parse_versus_line(l) for l in lines), 'error',
     'except ValueError as e'),
]


def test_parse_versus_line_without_a_line_number_has_no_prefix():
    with pytest.raises(PokerError, match='^expected 10 cards, got 9$'):
        parse_versus_line('AS KS QS JS TS 2D 3D 4D 5D')
    with pytest.raises(PokerError, match='^line 4: expected 10 cards, got 9$'):
        parse_versus_line('AS KS QS JS TS 2D 3D 4D 5D', 4)


(test_right_versions_pass, test_wrong_versions_fail_and_say_why,
 test_every_exercise_here_has_three_right_and_five_wrong_versions) = lesson_tests(RIGHT, WRONG)


def test_player_2s_count_gets_its_own_hint_when_it_equals_player_1s_wins_and_ties(monkeypatch):
    # With seed 14 the first file (300 deals) has as many wins of player 2 as wins of player 1
    # and ties together: the other file tells the two mistakes apart.
    import random
    from collections import Counter
    from pokerlib import make_versus_lines, parse_versus_line, versus_winner
    from pokerlib.practice.exercises import lesson07
    from pokerlib.practice.judge.kit import Mismatch
    wins = Counter(versus_winner(*parse_versus_line(line))
                   for line in make_versus_lines(300, random.Random(14 + 300), tie_fraction=0.1))
    assert wins['player2'] == wins['player1'] + wins['tie']
    monkeypatch.setattr(lesson07, 'fresh_seed', lambda: 14)

    class Run:                      # the judge's side of a check, in this process
        name, last_call = 'player1_wins', None

        def __init__(self, function):
            self.function = function

        def __call__(self, lines, shown=None):
            self.last_call = shown
            return self.function(lines)
    def counting(*kinds):
        return lambda lines: sum(versus_winner(*parse_versus_line(line)) in kinds for line in lines)
    hints = {}
    for mistake, function in (('player 2', counting('player2')),
                              ('ties', counting('player1', 'tie'))):
        with pytest.raises(Mismatch) as raised:
            lesson07._player1_wins(Run(function))
        hints[mistake] = dict(raised.value.details)['hint']
    assert "player 2's count" in hints['player 2'] and 'a tie is not a win' in hints['ties']


def test_a_loop_that_skips_the_last_line_is_not_taken_for_player_2s_count(monkeypatch):
    # With seed 4 the first file's last deal is a win of player 1 and player 2 wins one deal
    # fewer than player 1: skipping that line gives player 2's count. Each count is told by a
    # file of one deal it counts, so the hint is the last line's.
    import random
    from collections import Counter
    from pokerlib import make_versus_lines, parse_versus_line, versus_winner
    from pokerlib.practice.exercises import lesson07
    from pokerlib.practice.judge.kit import Mismatch
    winners = [versus_winner(*parse_versus_line(line))
               for line in make_versus_lines(300, random.Random(4 + 300), tie_fraction=0.1)]
    assert Counter(winners[:-1])['player1'] == Counter(winners)['player2'] != Counter(winners)['player1']
    monkeypatch.setattr(lesson07, 'fresh_seed', lambda: 4)

    class Run:                      # the judge's side of a check, in this process
        name, last_call = 'player1_wins', None

        def __call__(self, lines, shown=None):
            self.last_call = shown
            return sum(versus_winner(*parse_versus_line(line)) == 'player1' for line in lines[:-1])
    with pytest.raises(Mismatch) as raised:
        lesson07._player1_wins(Run())
    assert 'the last one too' in dict(raised.value.details)['hint']
