"""Wrong verdicts of issue 49: right answers the statements allow pass, and a deal that
breaks its statement fails.

- a ``deal`` that deals the shuffled deck round the table (hand i: cards i, i + n...) is fair
  but not what the statement says (hand i is cards n*i to n*(i+1)): it fails, and is told so;
- a ``kinds`` that walks the ranks from 14 down passes (kinds(0, ...) is no case of its
  statement's);
- a recursive ``shuffle2`` passes (tests/practice/test_shuffles.py);
- ``hand_percentages`` as a tuple rounded to two decimals passes;
- each run of ``heads_up`` has a time limit of its own (slow);
- a function that kills its own process, or imports a lesson's module, is told so;
- how_won with versus_winner, score_valid with versus_errors (tests/practice/test_wall.py).
"""

import random

import pytest

from pokerlib import DECK

from practice_support import named, verdict

pytestmark = pytest.mark.slow   # (the slow tier: make test stays under a minute; CI runs both)


@named('deal')
def deal_round_the_table(numhands, n=5, deck=DECK, rng=random):
    cards = list(deck)
    rng.shuffle(cards)
    return [cards[i:numhands * n:numhands] for i in range(numhands)]


@named('deal')
def deal_sliced(numhands, n=5, deck=DECK, rng=random):
    cards = list(deck)
    rng.shuffle(cards)
    return [cards[n * i:n * (i + 1)] for i in range(numhands)]


def test_a_deal_round_the_table_fails_and_is_told_to_slice():
    verdict(deal_round_the_table, 'deal', 'fail', 'round the table', 'cards[n*i:n*(i+1)]')
    verdict(deal_sliced, 'deal', 'pass')


@named('kinds')
def kinds_walking_down(n, ranks):
    """Every rank that occurs exactly n times, highest first."""
    return [r for r in range(14, 0, -1) if ranks.count(r) == n]


def test_kinds_walking_the_ranks_down_passes():
    verdict(kinds_walking_down, 'kinds', 'pass')


def heads_up_taking_its_time(hole1, hole2):
    """A right heads_up (the arrays) that sleeps 5 seconds at each run first."""
    import time as clock
    from test_lesson08 import heads_up_arrays
    clock.sleep(5)
    return heads_up_arrays(hole1, hole2)


heads_up_taking_its_time.__name__ = 'heads_up'


@pytest.mark.slow
def test_each_run_of_heads_up_has_a_time_limit_of_its_own(monkeypatch):
    """Its judge runs it twice when hole1 is the favourite: each run within the limit (lowered
    to 8 s here, 60 s in class) passes, though the two together take longer (issue 49: a right
    heads_up of 56 s was stopped at 61 s, its runs sharing one limit). The judge runs here, on
    hole cards chosen so (AS AH against 7C 2D), against a runner of her function."""
    from pokerlib.practice import runner
    from pokerlib.practice.exercises import lesson08
    from pokerlib.practice.judge.judging import judge_runner
    monkeypatch.setattr(lesson08, '_deal_two_holes', lambda: (0, ['AS', 'AH'], ['7C', '2D']))
    lesson08.FRESH['heads_up'] = lesson08._deal_two_holes()
    import time
    pid, sock = runner.start(heads_up_taking_its_time, 'heads_up')
    start = time.perf_counter()
    try:
        report = judge_runner(sock, at_most=8, exercise_name='heads_up')
    finally:
        seconds = time.perf_counter() - start
        sock.close()
        runner.stop(pid)
        lesson08.FRESH.pop('heads_up', None)
    assert report.status == 'pass' and seconds > 10, (seconds, str(report))


@named('flush')
def flush_killing_itself(hand):
    import os
    import signal
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_function_that_kills_its_own_process_is_told_so():
    # (issue 49: in the runner's namespace the signal did nothing, and she was told her
    # function returned None)
    verdict(flush_killing_itself, 'flush', 'fail', 'os.kill')


IMPORTS_A_LESSON = '''
from pokerlib.practice import check
def kinds(n, ranks):
    import pokerlib.practice.exercises.lesson01
    return []
print(check(kinds))
'''


def test_importing_a_lesson_module_is_refused_as_an_import():
    """In a kernel of its own (one that never loaded the exercises, as a student's never does):
    told she imported the course's exercises, not that she called its _register."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, '-c', IMPORTS_A_LESSON], capture_output=True,
                          text=True, timeout=120)
    assert 'import pokerlib.practice.exercises.lesson01' in done.stdout, done.stdout + done.stderr
    assert '_register' not in done.stdout


@named('hand_percentages')
def hand_percentages_rounded(n=700_000, rng=random):
    """A tuple of the nine percentages, each rounded to two decimals."""
    from pokerlib import hand_rank_elif
    from test_lesson04 import deal_notebook
    counts = [0] * 9
    for _ in range(n // 10):
        for hand in deal_notebook(10, rng=rng):
            counts[hand_rank_elif(hand)[0]] += 1
    return tuple(round(100 * c / n, 2) for c in counts)


def test_hand_percentages_rounded_to_two_decimals_passes():
    verdict(hand_percentages_rounded, 'hand_percentages', 'pass')


# --- statements and hints -----------------------------------------------------------------

def _naive():
    from pokerlib import exact_shuffle_probabilities, shuffle_naive
    probs = exact_shuffle_probabilities(shuffle_naive, 'abcd')
    best = max(probs, key=probs.get)
    return best, probs[best]


def test_most_likely_naive_as_a_list_of_letters_passes_and_the_pair_reversed_is_told_so():
    best, p = _naive()

    @named('most_likely_naive')
    def as_letters():
        return list(best), p

    @named('most_likely_naive')
    def reversed_pair():
        return p, best
    verdict(as_letters, 'most_likely_naive', 'pass')
    report = verdict(reversed_pair, 'most_likely_naive', 'fail', 'the other way round')
    assert 'find the largest' not in str(report)


@named('player1_wins')
def player1_wins_resetting_the_count(lines):
    from pokerlib import parse_versus_line, versus_winner
    for line in lines:
        wins = 0
        if versus_winner(*parse_versus_line(line)) == 'player1':
            wins += 1
    return wins


def test_a_count_reset_inside_the_loop_is_told_so():
    report = verdict(player1_wins_resetting_the_count, 'player1_wins', 'fail',
                     'the count starts again at every line', 'before the loop')
    assert 'compare the whole rankings' not in str(report)


@named('hand_frequencies_by_removing')
def by_removing_indexing_hand_names_by_hand_rank(n, rng):
    from collections import Counter
    from pokerlib import HAND_NAMES, deal_by_removing, hand_rank
    counts = Counter()
    for _ in range(n // 10):
        for hand in deal_by_removing(10, rng=rng):
            counts[HAND_NAMES[hand_rank(hand)[0]]] += 1
    return counts


def test_hand_names_indexed_by_hand_rank_s_numbers_is_told_so():
    report = verdict(by_removing_indexing_hand_names_by_hand_rank, 'hand_frequencies_by_removing',
                     'fail', 'straight flushes named five of a kind', 'category_name')
    assert 'dealt twice' not in str(report)


@named('shuffle_by_sorting')
def sorting_by_a_random_comparator(deck, rng):
    import functools
    deck.sort(key=functools.cmp_to_key(lambda a, b: rng.choice([-1, 1])))


def test_a_random_comparator_is_told_it_is_no_order():
    verdict(sorting_by_a_random_comparator, 'shuffle_by_sorting', 'fail',
            'a random comparator (cmp_to_key) is no order at all')


@named('hand_percentages')
def hand_percentages_one_hand_a_deck(n=700_000, rng=random):
    from pokerlib import hand_rank_elif
    from test_lesson04 import deal_notebook
    counts = [0] * 9
    for _ in range(n):
        counts[hand_rank_elif(deal_notebook(1, rng=rng)[0])[0]] += 1
    return [100 * c / n for c in counts]


def test_one_hand_from_each_shuffled_deck_is_told_what_it_did():
    # (the statement deals ten hands a deck; it was told it dealt 600 hands for n = 60)
    report = verdict(hand_percentages_one_hand_a_deck, 'hand_percentages', 'fail',
                     'it shuffled a whole deck for each of the 60 hands')
    assert 'dealt 600' not in str(report)


@named('shuffle2')
def lectures_shuffle2_with_a_set(deck, rng):
    """The lecture's shuffle2 (3% off on 'abc'), its positions kept in a set, its draws floats."""
    n = len(deck)
    done = set()
    while len(done) < n:
        a, b = int(rng.random() * n), rng.choice(range(n))
        done.add(a)
        deck[b], deck[a] = deck[a], deck[b]


def test_the_lectures_shuffle2_fails_at_every_check():
    # (issue 49: 3% off, it passed the thousand shuffles' tests some of the time; told by its
    # draws now, on fresh seeds, which no fair shuffle makes the same decks of)
    for _ in range(3):
        verdict(lectures_shuffle2_with_a_set, 'shuffle2', 'fail', "the lecture's shuffle2")
