"""Printing never changes a verdict (issue 40): a student's debugging print, with or without
newlines, and a flood of it, get the verdict their logic deserves; a pass says how much was
printed, a fail keeps the last of it."""

import pytest

from pokerlib import card_ranks, kind, straight, two_pair
from pokerlib import flush as course_flush
from practice_support import verdict


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


@pytest.mark.parametrize('function, name', [
    (hand_rank_printing_bars, 'hand_rank'),
    pytest.param(hand_rank_printing_spaces, 'hand_rank', marks=pytest.mark.slow),
    (flush_printing_lines, 'flush'),
])
def test_printing_never_changes_a_right_verdict(function, name):
    report = verdict(function, name, 'pass', 'it also printed', 'a check looks only at what it '
                     'returns')
    assert 'printed:' not in str(report)


@pytest.mark.slow          # about a second: the slow tier keeps make test under a minute
def test_a_wrong_version_that_prints_fails_for_its_logic():
    verdict(hand_rank_printing_and_wrong, 'hand_rank', 'fail', 'a flush beats a straight')


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
