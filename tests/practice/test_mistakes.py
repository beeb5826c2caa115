"""Every common wrong answer written down beside its exercise (``registry.MISTAKES``) gets
exactly the hint written beside it.

A row (``registry.Mistake``) is a student's mistaken version as source and the hint (a msgid,
``{...}`` standing for what the report fills in) its report must give; a row added to a lesson
module is tested here without more ado. A row made with ``diagnosed`` is also what the judge
diagnoses by (its source, compiled in the judge's process, is the mistaken version), and no
judge keeps a mistaken version of its own (test_every_diagnosis_...). The first row of each exercise runs in every test run, the others in
the slow tier; so do all the rows of the exercises whose check takes a second or more
(HEAVY: every lesson's test file keeps a wrong version of each of them in every test run).
"""

import ast
import inspect
import pathlib
import re

import pytest

from pokerlib.i18n import _
from pokerlib.practice import check, exercise_names
from pokerlib.practice.exercises import MISTAKES
from pokerlib.practice.reports import plain
from practice_support import student_function

pytestmark = pytest.mark.slow   # (the slow tier: make test stays under a minute; CI runs both)


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


JUDGES = ('cases_judge', 'judge_ranking', 'judge_shuffle', 'judge_best_five', 'judge_experiment')
"""The shared judges that take known mistakes (their argument `mistakes`)."""


def _mistakes_given(call, judges):
    """The expression a call of one of the judges passes as its `mistakes`, or None."""
    name = getattr(call.func, 'id', getattr(call.func, 'attr', None))
    if name not in judges:
        return None
    for keyword in call.keywords:
        if keyword.arg == 'mistakes':
            return keyword.value
    where = list(inspect.signature(judges[name]).parameters).index('mistakes')
    return call.args[where] if len(call.args) > where else None


def test_every_diagnosis_the_judges_make_comes_from_the_tables():
    """A judge diagnoses a mistake by the rows of a lesson's table (``known(name)``), and by
    no mistaken version or list of mistakes of its own."""
    import pokerlib.practice.exercises as package
    from pokerlib.practice.exercises import judges, lesson04_experiments, lesson06, shuffles
    found = {name: getattr(module, name) for module in (judges, shuffles, lesson06,
                                                         lesson04_experiments)
             for name in JUDGES if hasattr(module, name)}
    assert set(found) == set(JUDGES)
    calls = 0
    for path in sorted(pathlib.Path(package.__file__).parent.glob('*.py')):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                assert not any(getattr(t, 'id', '').endswith('MISTAKES') for t in targets), \
                    f'{path.name}:{node.lineno}: a list of mistakes outside the table'
            if isinstance(node, ast.Call) and (given := _mistakes_given(node, found)) is not None:
                calls += 1
                assert (isinstance(given, ast.Call) and getattr(given.func, 'id', '') == 'known'
                        or isinstance(given, ast.Name) and given.id == 'mistakes'
                        or isinstance(given, (ast.Tuple, ast.List)) and not given.elts), \
                    f'{path.name}:{node.lineno}: mistakes not from the table: {ast.unparse(given)}'
    assert calls >= 10
    for name, rows in MISTAKES.items():
        for row in rows:
            if row.diagnosed and row.test is None:
                assert callable(row.mistaken()), (name, row.hint)


def test_a_hint_pattern_fills_fields_and_nothing_else():
    pattern = hint_pattern('{n} hands are not enough: {code}')
    assert re.fullmatch(pattern, '6 hands are not enough: math.ceil', re.S)
    assert not re.fullmatch(pattern, '6 hands are enough: math.ceil', re.S)
