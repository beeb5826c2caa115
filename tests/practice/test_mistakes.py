"""Every common wrong answer written down beside its exercise (``registry.MISTAKES``) gets
exactly the hint written beside it.

A row is a student's mistaken version as source and the hint (a msgid, ``{...}`` standing
for what the report fills in) its report must give; a row added to a lesson module is tested
here without more ado. The first row of each exercise runs in every test run, the others in
the slow tier; so do all the rows of the exercises whose check takes a second or more
(HEAVY: every lesson's test file keeps a wrong version of each of them in every test run).
"""

import re
import textwrap

import pytest

from pokerlib.i18n import _
from pokerlib.practice import check, exercise_names
from pokerlib.practice.exercises import MISTAKES
from pokerlib.practice.reports import plain


def student_function(source):
    """The last function the source defines, compiled as a student's cell would be."""
    source = textwrap.dedent(source)
    space = {}
    exec(compile(source, '<student>', 'exec'), space)
    return space[re.findall(r'^def (\w+)', source, re.M)[-1]]


def hint_pattern(hint) -> str:
    """A regular expression for the hint as a report shows it: each {field} any text."""
    parts = re.split(r'\{[^{}]*\}', _(hint))
    return '.+?'.join(re.escape(plain(p)) for p in parts)


HEAVY = {'hand_rank', 'hand_rank_elif', 'hand_rank_counter', 'lowball_rank', 'heads_up', 'deal',
         'best_hand'}
"""Exercises whose check of a wrong version takes 0.6 s or more (judged on every class of
hands, every board, exact shuffles of the deck)."""


def _rows():
    rows = []
    for name in sorted(MISTAKES):
        for k, row in enumerate(MISTAKES[name]):
            slow = k or name in HEAVY
            rows.append(pytest.param(name, row.source, row.gets or row.hint, row.status,
                                     marks=[pytest.mark.slow] if slow else [], id=f'{name}-{k}'))
    return rows


@pytest.mark.parametrize('name, source, hint, status', _rows())
def test_each_written_mistake_gets_its_own_hint(name, source, hint, status):
    report = check(student_function(source), name=name)
    hints = [plain(text) for label, text in report.details if label == 'hint']
    assert report.status == status, str(report)
    assert len(hints) == 1 and re.fullmatch(hint_pattern(hint), hints[0], re.S), \
        f'{str(report)}\n--- wanted ---\n{_(hint)}'


def test_every_exercise_has_its_common_mistakes_written_down():
    assert [n for n in exercise_names() if not MISTAKES.get(n)] == []
    for name, rows in MISTAKES.items():
        assert name in exercise_names(), name
        hints = [(row.hint, row.status) for row in rows]
        assert len(set(hints)) == len(hints), f'{name}: two rows for one hint'


def test_a_hint_pattern_fills_fields_and_nothing_else():
    pattern = hint_pattern('{n} hands are not enough: {code}')
    assert re.fullmatch(pattern, '6 hands are not enough: math.ceil', re.S)
    assert not re.fullmatch(pattern, '6 hands are enough: math.ceil', re.S)
