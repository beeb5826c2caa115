"""Printing never changes a verdict (issue 40): a student's debugging print, with or without
newlines, and a flood of it, get the verdict their logic deserves; a pass says how much was
printed, a fail keeps the last of it."""

import pytest

from pokerlib import card_ranks, kind, straight, two_pair
from pokerlib import flush as course_flush
from practice_support import verdict

pytestmark = pytest.mark.slow   # (the slow tier: make test stays under a minute; CI runs both)


def _ranking(hand):
    ranks = card_ranks(hand)
    if straight(ranks) and course_flush(hand):
        return (8, max(ranks))
    if kind(4, ranks):
        return (7, kind(4, ranks), kind(1, ranks))
    if kind(3, ranks) and kind(2, ranks):
        return (6, kind(3, ranks), kind(2, ranks))
    if course_flush(hand):
        return (5, ranks)
    if straight(ranks):
        return (4, max(ranks))
    if kind(3, ranks):
        return (3, kind(3, ranks), ranks)
    if two_pair(ranks):
        return (2, two_pair(ranks), ranks)
    if kind(2, ranks):
        return (1, kind(2, ranks), ranks)
    return (0, ranks)


def hand_rank_printing_bars(hand):
    """A debugging print with no newline: one long line over the whole check."""
    r = _ranking(hand)
    print(hand, r, end=' | ')
    return r


def hand_rank_printing_spaces(hand):
    r = _ranking(hand)
    print(r, end=' ')
    return r


def flush_printing_lines(hand):
    """About 200,000 lines over the check (8 a call)."""
    suits = [s for r, s in hand]
    for card in hand:
        print('card', card)
    for s in suits[:3]:
        print('suit', s)
    return len(set(suits)) == 1


def hand_rank_printing_and_wrong(hand):
    """Prints like the first, and forgets that a flush beats a straight."""
    r = _ranking(hand)
    if r[0] == 5 and not straight(card_ranks(hand)):
        r = (3.5,) + r[1:]
    print(hand, r, end=' | ')
    return r


def flush_printing_a_line_in_ten(hand):
    """Prints each card with end=' ', and a newline after every tenth card."""
    flush_printing_a_line_in_ten.cards = getattr(flush_printing_a_line_in_ten, 'cards', 0)
    for card in hand:
        flush_printing_a_line_in_ten.cards += 1
        print(card, end='\n' if flush_printing_a_line_in_ten.cards % 10 == 0 else ' ')
    return len({s for r, s in hand}) == 1


@pytest.mark.parametrize('function, name, said', [
    (hand_rank_printing_bars, 'hand_rank', 'it also printed 866,624 characters, all on one line'),
    pytest.param(hand_rank_printing_spaces, 'hand_rank', 'characters, all on one line',
                 marks=pytest.mark.slow),
    (flush_printing_lines, 'flush', 'it also printed 196,664 lines'),
    # 24,583 hands of 5 cards: 122,915 cards, ten to a line, and an unfinished last line
    pytest.param(flush_printing_a_line_in_ten, 'flush', 'it also printed 12,292 lines;',
                 marks=pytest.mark.slow),
])
def test_printing_never_changes_a_right_verdict_and_the_note_says_what_was_printed(
        function, name, said):
    report = verdict(function, name, 'pass', said, 'a check looks only at what it returns')
    assert 'printed:' not in str(report)


@pytest.mark.slow          # about a second: the slow tier keeps make test under a minute
def test_a_wrong_version_that_prints_fails_for_its_logic_and_shows_what_it_printed():
    # The ranking judge makes 14,924 calls, more than the judge keeps the output of: the
    # failing pair's output is asked for again.
    report = verdict(hand_rank_printing_and_wrong, 'hand_rank', 'fail', 'a flush beats a straight',
                     "printed:  ['TS', 'JS', 'QS', 'KS', 'AH'] (4, 14) | ",
                     "['2S', '3S', '4S', '5S', '7S'] (3.5, [7, 5, 4, 3, 2]) | ")
    assert 'earlier lines' not in str(report)


def test_a_failing_call_among_many_shows_what_it_printed():
    def hand_rank(hand):
        r = _ranking(hand)
        print('ranking', ' '.join(hand), end='; ')
        return (r[0], 4) if r[0] == 1 and kind(2, card_ranks(hand)) == 4 else r
    verdict(hand_rank, None, 'fail', 'printed:', 'ranking ')


def test_a_failing_call_keeps_the_last_of_what_it_printed_cut_short():
    def flush(hand):
        print('x' * 10_000, end='')
        print(*hand, sep='\n' * 3)
        return False
    report = verdict(flush, None, 'fail', 'printed:')
    printed = str(report).split('printed:', 1)[1]
    assert len(printed.splitlines()) <= 8 and max(map(len, printed.splitlines())) < 260, \
        str(report)


def _reference(writes, keep=6, width=200):
    """What Printed must say of these writes: (lines in all, the last lines, each cut)."""
    text = ''.join(writes)
    lines = text.split('\n')
    if lines[-1] == '':
        lines.pop()
    return len(lines), [line[:width] for line in lines[-keep:]]


def test_printed_counts_and_keeps_the_last_lines_as_a_plain_reading_of_the_text_would():
    import random

    from pokerlib.practice.runner import Printed
    rng = random.Random(40)
    pieces = ['\n', 'a', 'bc\n', '\n\n', 'x' * 150, 'y' * 250 + '\nz', 'q\nr\ns', ' | ', '',
              'w' * 201]
    for trial in range(300):
        p, writes = Printed(), []
        for _ in range(rng.randrange(0, 10_000 if trial % 50 == 0 else 40)):
            writes.append(rng.choice(pieces))
            p.write(writes[-1])
        assert (p.total(), [line[:200] for line in p.last()]) == _reference(writes)
        assert p.printed() == any(writes)
    p = Printed()
    p.write('')
    assert not p.printed() and p.total() == 0
