"""What every practice test does: check a version, assert the verdict and the words of its report."""

import pytest

from pokerlib.practice import check


def named(name):
    """Decorator: give a function the exercise's name (check finds exercises by name)."""
    def rename(f):
        f.__name__ = name
        return f
    return rename


def verdict(function, name, status, *words):
    """check(function, name=name) must have this status and show every one of these words."""
    report = check(function, name=name)
    text = str(report)
    assert report.status == status, text
    assert bool(report) == (status == 'pass'), text
    for word in words:
        assert word in text, (word, text)
    assert '`' not in text and '\x02' not in text, text
    return report


def right(name, *functions):
    """pytest params: each function must pass as the exercise `name`."""
    return [(name, f) for f in functions]


HEAVY = {'card_ranks', 'straight', 'kind', 'two_pair', 'kinds', 'hand_rank', 'hand_rank_elif',
         'hand_rank_counter', 'lowball_rank', 'group', 'shuffle2', 'shuffle', 'sattolo',
         'shuffle_by_sorting', 'pair_overtakes', 'flush_draw'}
"""Exercises judged on a large input space (or by 60,000 shuffles): a second of work a check."""


def tiered(rows, keep=1):
    """pytest params for rows (exercise name first): for a heavy exercise, the first `keep`
    rows run in every test run and the others in the slow tier (make test-slow, CI)."""
    seen = {}
    params = []
    for row in rows:
        name = row[0]
        seen[name] = seen.get(name, 0) + 1
        marks = [pytest.mark.slow] if name in HEAVY and seen[name] > keep else []
        params.append(pytest.param(*row, marks=marks))
    return params
