"""What every practice test does: check a version, assert the verdict and the words of its report."""

import re
import textwrap
from collections import Counter

import pytest

from pokerlib.practice import check
from pokerlib.practice.exercises import MISTAKES


def straight_spinning(ranks):
    """A student's loop that never ends and swallows every exception."""
    while True:
        try:
            while True:
                pass
        except:                                   # noqa: E722  (a student's bare except)
            pass


def right_straight(ranks):
    return len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4


def named(name):
    """Decorator: give a function the exercise's name (check finds exercises by name)."""
    def rename(f):
        f.__name__ = name
        return f
    return rename


def student_function(source):
    """The last function the source defines, compiled as a student's cell would be."""
    source = textwrap.dedent(source)
    space = {}
    exec(compile(source, '<student>', 'exec'), space)
    return space[re.findall(r'^def (\w+)', source, re.M)[-1]]


def from_table(name, *lines):
    """The wrong version of exercise `name` its lesson's table of mistakes writes down (the one
    row with each of these lines), as a student's function: a test restates no row."""
    [row] = [r for r in MISTAKES[name]
             if all(line in [text.strip() for text in r.source.splitlines()] for line in lines)]
    return student_function(row.source)


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


def as_students(f):
    """A copy of a function of the course (a judge's mistaken version, say) that check
    takes as a student's: the course's own functions are not answers."""
    import functools
    import types
    if isinstance(f, functools.partial):
        return functools.partial(as_students(f.func), *f.args, **f.keywords)
    # Another file and one more constant: written elsewhere, not a copy of the course's code
    # (which check refuses, by its print: pokerlib.practice.codeprint).
    code = f.__code__
    copy = types.FunctionType(code.replace(co_filename='<student>',
                                           co_consts=code.co_consts + ('<student>',)),
                              f.__globals__, f.__name__, f.__defaults__, f.__closure__)
    copy.__kwdefaults__ = f.__kwdefaults__
    copy.__module__ = 'student'
    return copy


def right(name, *functions):
    """pytest params: each function must pass as the exercise `name`."""
    return [(name, f) for f in functions]


def tiered(rows, keep=1):
    """pytest params for rows (exercise name first): the first `keep` rows of an exercise
    run in every test run and the others in the slow tier (make test-slow, CI), since each
    check starts a runner and asks the judge's process (a few tenths of a second at least)."""
    seen = {}
    params = []
    for row in rows:
        name = row[0]
        seen[name] = seen.get(name, 0) + 1
        marks = [pytest.mark.slow] if seen[name] > keep else []
        params.append(pytest.param(*row, marks=marks))
    return params


def _id(x):
    return getattr(x, '__name__', str(x))[:30]


def lesson_tests(right_rows, wrong_rows, slow_right=(), slow_wrong=(), min_right=3, min_wrong=5):
    """The three tests every lesson's exercises get, as a module's test functions:

        test_right_versions_pass, test_wrong_versions_fail_and_say_why, \\
            test_every_exercise_here_has_three_right_and_five_wrong_versions = lesson_tests(RIGHT, WRONG)

    right_rows are (name, function); wrong_rows (name, function, status, *words). For
    each exercise the first row of each runs in every test run and the rest in the slow
    tier (tiered); slow_right and slow_wrong rows run only in the slow tier. The wrong
    versions an exercise's table holds (``registry.MISTAKES``, tested by test_mistakes.py)
    count among its five: a mistake that earns a hint of its own is written there alone."""
    slow = [pytest.mark.slow]
    # Every notebook's check cells already pass each exercise's right answer in every test
    # run; here a wrong one per exercise, the rest in the slow tier.
    rights = tiered(right_rows, keep=0) + [pytest.param(*row, marks=slow) for row in slow_right]
    wrongs = (tiered([(n, f, s, w) for n, f, s, *w in wrong_rows])
              + [pytest.param(n, f, s, w, marks=slow) for n, f, s, *w in slow_wrong])

    @pytest.mark.parametrize('name, function', rights, ids=_id)
    def test_right_versions_pass(name, function):
        verdict(function, name, 'pass')

    @pytest.mark.parametrize('name, function, status, words', wrongs, ids=_id)
    def test_wrong_versions_fail_and_say_why(name, function, status, words):
        verdict(function, name, status, *words)

    def test_every_exercise_here_has_three_right_and_five_wrong_versions():
        right = Counter(row[0] for row in [*right_rows, *slow_right])
        wrong = Counter(row[0] for row in [*wrong_rows, *slow_wrong])
        wrong.update({name: len(MISTAKES.get(name, ())) for name in right | wrong})
        for name in right | wrong:
            assert right[name] >= min_right and wrong[name] >= min_wrong, name

    return (test_right_versions_pass, test_wrong_versions_fail_and_say_why,
            test_every_exercise_here_has_three_right_and_five_wrong_versions)
