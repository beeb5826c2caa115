"""The judging core: Report, the registry of exercises, and check.

Nothing here knows a lesson. A lesson module registers its exercises with
``@exercise(...)`` (or a judge built by ``pokerlib.practice.judges``), and
``check`` finds them by name. ``check`` runs the judge, and with it the
student's code, in a child process (``os.fork``) that it kills when the
exercise's time limit is up, so no ``except:`` in the student's loop, no
``exit()`` and no print storm can hang or crash the notebook; where fork is
missing (Windows) it runs them in a thread and interrupts it from outside.

A judge receives a Runner (or, for an exercise whose answer is a value, the
value itself), calls the student's function through it, and raises
``Mismatch`` at the first wrong answer. The Runner remembers the last call
(the report names it), notices a function that changes its arguments, and
turns an error inside the student's code into a report of that error.
"""

import ast
import copy
import ctypes
import difflib
import dis
import html
import inspect
import io
import math
import mmap
import os
import pickle
import select
import signal
import sys
import textwrap
import threading
import time
import traceback
import warnings
from fractions import Fraction

from ..i18n import N_, _

__all__ = ['check', 'Report', 'TIME_LIMIT', 'exercise_names']

TIME_LIMIT = 5.0
"""Seconds a check may run (unless its exercise allows more) before it is stopped."""

SLOW = 2.0
"""A right answer that takes longer than this many seconds is told how long it took."""

GRACE = 0.5
"""On a busy computer a check may wait this many seconds past its limit for its CPU seconds."""

EXERCISES = {}
"""Every exercise check knows, by name (an exercise may have several names)."""


# ---------------------------------------------------------------------------
# Reports

def code(text) -> str:
    """Mark text as code inside a hint: plain in a text report, code style in HTML."""
    return f'\x02{text}\x03'


def _plain(text) -> str:
    return text.replace('\x02', '').replace('\x03', '')


def _as_html(text) -> str:
    return (html.escape(text).replace('\x02', '<code>').replace('\x03', '</code>')
            .replace('\n', '<br>'))


CODE_LABELS = {'returned', 'expected', 'printed', 'rankings', 'changed', 'call', 'error',
               'where'}
LABELS = (N_('returned'), N_('expected'), N_('printed'), N_('rankings'), N_('changed'), N_('call'),
          N_('error'), N_('where'), N_('hint'), N_('note'), N_('closest'), N_('exercises'),
          N_('problem'))
"""The labels of a report's details, translated where a report is shown (pokerlib.i18n)."""
"""Details whose text is code (or program output), shown in code style in HTML."""


class Report:
    """The result of a check: true exactly when every case passed.

    ``status`` is 'pass' (right), 'fail' (a wrong answer), 'error' (an
    error in the function), 'slow' (stopped at the time limit), 'todo' (not
    written yet, or the course's own version) or 'unknown' (check could not
    tell which exercise). It shows itself as a few lines of text, or as a
    coloured box in a notebook.

    >>> r = Report('straight', 'pass', ': 12 cases passed')
    >>> bool(r), r.headline()
    (True, '✓ straight: 12 cases passed')
    """

    ICONS = {'pass': '✓', 'fail': '✗', 'todo': '…', 'error': '✗',
             'slow': '✗', 'unknown': '?'}

    def __init__(self, name, status, summary, details=(), seconds=None):
        self.name, self.status, self.summary = name, status, summary
        self.details = list(details)     # (label, text) pairs
        self.seconds = seconds

    def __bool__(self):
        return self.status == 'pass'

    def headline(self) -> str:
        """The first line of the report."""
        sep = '' if self.summary.startswith(':') else ' '
        return _plain(f'{self.ICONS[self.status]} {self.name}{sep}{self.summary}')

    def __str__(self):
        lines = [self.headline()]
        for label, text in self.details:
            lines.append(f'    {_(label) + ":":<9} ' + _plain(text).replace('\n', '\n' + ' ' * 14))
        return '\n'.join(lines)

    __repr__ = __str__

    def _repr_html_(self):
        colour = {'pass': '#2e7d32', 'todo': '#9a6700'}.get(self.status, '#c62828')
        rows = []
        for label, text in self.details:
            body = (f'<code style="white-space:pre-wrap">{html.escape(_plain(text))}</code>'
                    if label in CODE_LABELS else _as_html(text))
            rows.append(f'<div style="margin-left:1.5em"><b>{html.escape(_(label))}:</b> '
                        f'{body}</div>')
        icon = self.ICONS[self.status]
        name_sep = '' if self.summary.startswith(':') else ' '
        head = (f'{icon} <code>{html.escape(self.name)}</code>{name_sep}'
                f'{_as_html(self.summary)}')
        return (f'<div style="border-left:4px solid {colour};padding:2px 8px">'
                f'<span style="color:{colour}">{head}</span>{"".join(rows)}</div>')


class Mismatch(Exception):
    """Raised by a judge: the last call (or `call`) went wrong, as `details` say."""

    def __init__(self, details, call=None):
        super().__init__(details)
        self.details, self.call = details, call


def short(value, limit=160) -> str:
    """repr(value), numpy values as plain Python, cut to `limit` characters."""
    try:
        text = repr(to_python(value))
    except Exception:                          # a student's object whose repr fails
        text = f'<a {type(value).__name__}>'
    return text if len(text) <= limit else text[:limit - 3] + '...'


def wrong(got, expected, hint, call=None) -> Mismatch:
    """The usual Mismatch: what came back, what was expected, and a hint."""
    return Mismatch([('returned', short(got)), ('expected', short(expected)),
                     ('hint', hint)], call)


def kind_of(value) -> str:
    """A value's type as a student reads it: 'a list', 'an int', 'numpy.bool_'."""
    cls = type(value)
    if value is None:
        return 'None'
    if cls.__module__ != 'builtins':
        return f'{cls.__module__.split(".")[0]}.{cls.__name__}'
    return ('an ' if cls.__name__[0] in 'aeiou' else 'a ') + cls.__name__


def unreadable(got, expected_what) -> Mismatch:
    """The answer is not of a shape the judge can read: say what came back and what was wanted."""
    return Mismatch([('returned', f'{short(got)} ({kind_of(got)})'),
                     ('hint', _('expected {what}').format(what=expected_what))])


# ---------------------------------------------------------------------------
# Values: compare what the student returned with what was expected

def to_python(value):
    """NumPy arrays and scalars as lists and plain numbers, recursively; other values as they are."""
    if hasattr(value, 'tolist') and type(value).__module__ == 'numpy':
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return type(value)(to_python(v) for v in value)
    return value


def same_value(got, expected, tol=0.0, sequences=True) -> bool:
    """Is got the expected value? Lists, tuples and arrays compare by their items
    (if `sequences`), numbers by value (within `tol`), and a bool is not a number.

    >>> same_value((3, 2), [3, 2]), same_value([0.5, 0], (1/2, 0.0)), same_value(1, True)
    (True, True, False)
    """
    if tol == 0 and type(got) is type(expected) and type(got) in (list, tuple) \
            and len(got) == len(expected) \
            and all(type(a) is type(b) for a, b in zip(got, expected)) and got == expected:
        return True                       # the common case, quickly
    got = to_python(got)
    if isinstance(expected, bool) or isinstance(got, bool):
        return type(got) is type(expected) and got == expected
    if isinstance(expected, (int, float, Fraction)):
        if not isinstance(got, (int, float, Fraction)):
            return False
        if isinstance(got, float) and math.isnan(got):
            return False
        return got == expected if tol == 0 else abs(got - expected) <= tol
    if isinstance(expected, (list, tuple)):
        if not (isinstance(got, (list, tuple)) and len(got) == len(expected)):
            return False
        if not sequences and type(got) is not type(expected):
            return False
        return all(same_value(g, e, tol, sequences) for g, e in zip(got, expected))
    if isinstance(expected, dict):
        return (isinstance(got, dict) and set(got) == set(expected)
                and all(same_value(got[k], expected[k], tol, sequences) for k in expected))
    try:
        return bool(got == expected)
    except Exception:
        return False


def need_bool(got):
    """Raise Mismatch unless got is True or False."""
    if not isinstance(got, bool):
        if got is None:
            hint = _('return True or False (is a {return_} missing?)').format(return_=code('return'))
        else:
            hint = _('return True or False, not {kind}').format(kind=kind_of(got))
        raise Mismatch([('returned', short(got)), ('hint', hint)])


# ---------------------------------------------------------------------------
# The Runner: calls the student's function and watches what it does

class StudentError(Exception):
    """An exception raised inside the student's code (as `error`)."""

    def __init__(self, error):
        super().__init__(error)
        self.error = error


SCALARS = (str, int, float, bool, type(None))


def _snapshot(value):
    """A copy of an argument, to see later whether the call changed it (None: not watched)."""
    if type(value) is list and all(type(x) in SCALARS for x in value):
        return ('copy', value[:])            # the common case, fast
    if isinstance(value, (list, dict, set, bytearray)) or (
            type(value).__module__ == 'numpy' and hasattr(value, 'copy')):
        try:
            return ('copy', copy.deepcopy(value))
        except Exception:
            return None
    return None


def _unchanged(value, snap) -> bool:
    kept = snap[1]
    if type(value).__module__ == 'numpy':
        return value.shape == kept.shape and bool((value == kept).all())
    try:
        return bool(value == kept)
    except Exception:
        return True


def describe_call(name, args, kwargs) -> str:
    """The call as the student would type it, e.g. "straight([9, 8, 7, 6, 5])"."""
    parts = [short(a, 200) for a in args]
    parts += [f'{k}={getattr(v, "__name__", None) or short(v, 60)}'
              for k, v in kwargs.items()]
    return f'{name}({", ".join(parts)})'


class Runner:
    """Calls the function under test and remembers the call.

    Each call is made on the very arguments given (as the lecture's code
    would call it), and any change the function makes to a list, dict or
    array it was given fails the check: the lecture's ``hand_rank`` calls the
    helpers on one list of ranks, and a helper that sorts or empties it
    breaks the next one. A judge that expects a change (a shuffle) says
    ``changes=True``.
    """

    def __init__(self, function, name):
        self.function, self.name = function, name
        self._call, self.cases = None, 0
        self.returns = []          # the last value returned
        self.only_none = True

    @property
    def last_call(self) -> str:
        """The last call, as the student would type it (worked out only when asked)."""
        if self._call is None:
            return None
        shown, args, kwargs = self._call
        return shown or describe_call(self.name, args, kwargs)

    @last_call.setter
    def last_call(self, text):
        self._call = (text, (), {})

    def __call__(self, *args, shown=None, changes=False, **kwargs):
        self._call = (shown, args, kwargs)
        self.cases += 1
        before = [] if changes else [(i, _snapshot(a)) for i, a in enumerate(args)]
        try:
            got = self.function(*args, **kwargs)
        except Exception as e:
            raise StudentError(e) from e
        if got is not None:
            self.only_none = False
        self.returns[-1:] = [got]
        for i, snap in before:
            if snap is not None and not _unchanged(args[i], snap):
                what = type(args[i]).__name__
                what = 'array' if what == 'ndarray' else what
                raise Mismatch([('changed', _('it was {before}\nit is now {after}').format(
                                    before=short(snap[1]), after=short(args[i]))),
                                ('hint', _('your function changed the {what} it was given '
                                           '(argument {i}); the code that calls it still '
                                           'needs it as it was: work on a copy, e.g. {copy} '
                                           'instead of {in_place}').format(
                                    what=what, i=i + 1, copy=code('sorted(ranks)'),
                                    in_place=code('ranks.sort()')))])
        return got

    def raw(self, *args, shown=None):
        """Call expecting the arguments to change (a shuffle, a deal that must not)."""
        return self(*args, shown=shown, changes=True)


# ---------------------------------------------------------------------------
# Exercises and the registry

class Exercise:
    """A judge, and how check should call it.

    `judge` gets a Runner (or the value itself, if `takes_value`), raises
    Mismatch at the first wrong answer, and may return a summary such as
    ': 12 cases passed'. `seconds` is the time limit; `prepare` are
    functions (cached) that the judge needs, computed once before the
    student's code runs; `returns` says what a right answer looks like,
    for the report when the answer cannot be read; `slow_hint` is said to
    a right answer that takes more than SLOW seconds.
    """

    def __init__(self, name, judge, takes_value=False, error_hint=None, seconds=TIME_LIMIT,
                 prepare=(), returns=None, slow_hint=None):
        self.name, self.judge, self.takes_value = name, judge, takes_value
        self.error_hint, self.seconds, self.prepare = error_hint, seconds, tuple(prepare)
        self.returns, self.slow_hint = returns, slow_hint


def exercise(*names, **options):
    """Decorator: register a judge under these exercise names (see Exercise for the options)."""
    def register(judge):
        for name in names:
            if name in EXERCISES:
                raise ValueError(f'two exercises are called {name!r}')
            EXERCISES[name] = Exercise(name, judge, **options)
        return judge
    return register


def exercise_names() -> list:
    """The names check knows, sorted.

    >>> 'straight' in exercise_names()
    True
    """
    return sorted(EXERCISES)


# ---------------------------------------------------------------------------
# What is being checked

def is_stub(function) -> bool:
    """Is the body only a docstring and pass, ..., or raise NotImplementedError?"""
    try:
        ops = [(i.opname, i.argval) for i in dis.get_instructions(function)
               if i.opname not in ('RESUME', 'NOP', 'CACHE')]
    except TypeError:
        ops = None
    if ops in ([('LOAD_CONST', None), ('RETURN_VALUE', None)], [('RETURN_CONST', None)]):
        return True             # the body does nothing: pass, ... or a docstring
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return False
    defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not defs:
        return False
    body = defs[0].body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]            # the docstring
    return all(isinstance(s, ast.Pass)
               or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                   and s.value.value is Ellipsis)
               or (isinstance(s, ast.Raise) and 'NotImplementedError' in ast.unparse(s))
               for s in body)


def is_course_function(function) -> bool:
    """Is this the course library's own function (imported, not written by the student)?"""
    inner = inspect.unwrap(function) if callable(function) else function
    module = getattr(inner, '__module__', None) or ''
    return module.startswith('pokerlib.') and not module.startswith('pokerlib.practice')


def _unknown(name, note, suggestions=()) -> Report:
    details = [('note', note)]
    if suggestions:
        details.append(('closest', ', '.join(suggestions)))
    details.append(('exercises', ', '.join(sorted(EXERCISES))))
    return Report(str(name), 'unknown', _('cannot be checked'), details)


def _which_exercise(function, name):
    """(the Exercise, the name to show) or a Report saying what to write instead."""
    if name is None:
        if isinstance(function, str):
            if function in EXERCISES:
                return _unknown(function, f'check needs your function itself, not its name '
                                          f'in quotes: {code(f"check({function})")}')
            close = difflib.get_close_matches(function, EXERCISES, n=3)
            return _unknown(function, 'check needs your function itself, not a name in '
                                      'quotes', close)
        if not callable(function):
            return _unknown(short(function, 40),
                            f'check needs a function, and this is {kind_of(function)}: '
                            f'write the function\'s name without brackets after it, '
                            f'{code("check(straight)")}, not {code("check(straight(ranks))")}; '
                            f'for an answer that is a value, say which exercise: '
                            f'{code("check(value, name=" + repr("count_wheels") + ")")}')
        name = getattr(function, '__name__', None)
        if name is None or name == '<lambda>':
            return _unknown(name, 'check needs the exercise name: '
                                  + code("check(my_function, name='straight')"))
    if not isinstance(name, str) or name not in EXERCISES:
        close = difflib.get_close_matches(str(name), EXERCISES, n=3, cutoff=0.5)
        note = (f'there is no exercise called {name!r}'
                + (f'; if this is your version of one, say which: '
                   f'{code("check(" + name + ", name=" + repr(close[0]) + ")")}'
                   if close and isinstance(name, str) and name.isidentifier()
                   and callable(function) and getattr(function, '__name__', None) == name
                   else ''))
        return _unknown(name, note, close)
    exercise = EXERCISES[name]
    own = getattr(function, '__name__', None) if callable(function) else None
    shown = name if own in (None, name, '<lambda>') else f'{own} (checked as {name})'
    return exercise, shown


def check(function, name=None) -> Report:
    """Run your function on the hidden cases of its exercise; report how it did.

    `name` says which exercise, when your function has another name (or when
    you pass a value instead of a function). check never raises, and it
    returns within the exercise's time limit (plus a second) whatever the
    function does.

    >>> def flush(hand):
    ...     return len({s for r, s in hand}) == 1
    >>> check(flush)
    ✓ flush: 24,583 cases passed
    >>> def my_flush(hand):
    ...     suits = {s for r, s in hand}      # ...but nothing is returned
    >>> check(my_flush, name='flush')
    ✗ my_flush (checked as flush) failed on flush(['2S', '3S', '4S', '5S', '6S'])
        returned: None
        hint:     return True or False (is a return missing?)
    """
    which = _which_exercise(function, name)
    if isinstance(which, Report):
        return which
    exercise, shown = which
    if callable(function) and is_stub(function):
        report = _not_written(exercise.name)
    elif callable(function) and is_course_function(function):
        report = Report(exercise.name, 'todo', _("is the course's version, not yours"),
                        [('note', _("this is the course's version: run your Your turn cell "
                                    "first (the notebook imported the library's function under "
                                    "this name)"))])
    else:
        try:
            for prepare in exercise.prepare:
                prepare()
        except Exception as e:            # the checker's own data: not the student's fault
            return Report(shown, 'error', _('could not be checked'),
                          [('error', f'{type(e).__name__}: {e}'),
                           ('note', _('the checker could not prepare this exercise; '
                                      'tell your teacher'))])
        report = run_limited(function, exercise)
    report.name = shown
    return report


def _not_written(name):
    return Report(name, 'todo', _('is not written yet'),
                  [('note', _('write its body in place of {stub}, run that cell, then run '
                              'this check again').format(stub=code('raise NotImplementedError()')))])


# ---------------------------------------------------------------------------
# Judging (this runs where the student's code runs: a child process or a thread)

class _TooSlow(BaseException):
    """Raised in the student's thread when the time limit is up (the thread fallback)."""


class Printed(io.TextIOBase):
    """A stream that keeps the first few lines written to it and counts the rest."""

    KEEP = 6

    def __init__(self):
        super().__init__()
        self.lines, self.count, self.partial = [], 0, ''

    def writable(self):
        return True

    def write(self, text):
        text = str(text)
        parts = (self.partial + text).split('\n')
        self.partial = parts.pop()
        for line in parts:
            self.count += 1
            if len(self.lines) < self.KEEP:
                self.lines.append(line[:200])
        return len(text)

    def shown(self):
        """The first lines and how many more, or None if nothing was printed."""
        lines, count = list(self.lines), self.count
        if self.partial:
            count += 1
            if len(lines) < self.KEEP:
                lines.append(self.partial[:200])
        if not count:
            return None
        more = count - len(lines)
        return '\n'.join(lines) + (f'\n... and {more:,d} more line{"s" * (more > 1)}'
                                   if more else '')


def _where(error) -> str:
    """The line of the student's code where an error was raised, if it can be found."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # pokerlib
    frames = [f for f in traceback.extract_tb(error.__traceback__)
              if not os.path.abspath(f.filename).startswith(here)]
    if not frames:
        return None
    f = frames[-1]
    text = f'in {f.name}' + (f': {f.line.strip()}' if f.line else '')
    return text


def _error_hint(error, exercise) -> str:
    """The hint for an error raised inside the student's code."""
    hint = exercise.error_hint
    if callable(hint):
        hint = hint(error)
    return _(hint) if hint else _('run that call yourself to see where it goes wrong')


def judge(function, exercise, printed, runners=None) -> Report:
    """Run the exercise's judge on function (or value); the Report it earns.

    `runners`, a list, gets the Runner, for whoever must say what call was
    running when the time was up.
    """
    name = exercise.name
    runner = Runner(function, name)
    if runners is not None:
        runners.append(runner)
    start = time.perf_counter()
    details = []
    try:
        if not exercise.takes_value:
            summary = exercise.judge(runner)
        else:
            if callable(function):             # a function of no arguments
                value = runner(shown=f'{getattr(function, "__name__", name)}()')
            else:
                runner.cases, runner.last_call, value = 1, f'the answer {short(function)}', function
            runner.last_call = f'the answer {short(value)}'
            summary = exercise.judge(to_python(value) if type(value).__module__ == 'numpy'
                                     else value)
            summary = summary or _(': right')
        n = max(runner.cases, 1)
        seconds = time.perf_counter() - start
        summary = summary or (_(': {n:,d} cases passed') if n > 1 else _(': {n:,d} case passed')
                              ).format(n=n)
        if seconds > SLOW:
            summary = (_(': right, but took {seconds:.0f} s').format(seconds=seconds)
                       + (f': {_(exercise.slow_hint)}' if exercise.slow_hint else '')
                       + f' ({_plain(summary).lstrip(": ")})')
        report = Report(name, 'pass', summary, seconds=seconds)
        more = printed.shown()
        if more:
            lines = printed.count + bool(printed.partial)
            report.details.append(('note', (_('it also printed {lines:,d} lines; a check looks '
                                              'only at what it returns') if lines > 1 else
                                            _('it also printed {lines:,d} line; a check looks '
                                              'only at what it returns')).format(lines=lines)))
        return report
    except Mismatch as m:
        details = list(m.details)
        got_none = any(label == 'returned' and text == 'None' for label, text in details)
        hints = [text for label, text in details if label == 'hint']
        if got_none and runner.only_none and runner.cases > 1:
            details = [d for d in details if d[0] != 'hint']
            details.append(('hint', _('your function returned None every time: is a '
                                      '{return_} missing?').format(return_=code('return'))))
        elif got_none and not any('return' in text for text in hints):
            details = [d for d in details if d[0] != 'hint']
            details.append(('hint', _('your function returned None here: is a '
                                      '{return_} missing on this path?').format(return_=code('return'))))
        report = Report(name, 'fail', _('failed on {call}').format(call=code(m.call or runner.last_call)),
                        details)
    except StudentError as s:
        e = s.error
        if isinstance(e, NotImplementedError):
            return _not_written(name)
        call = runner.last_call or f'{name}(...)'
        if isinstance(e, RecursionError):
            report = Report(name, 'error', _('recursed too deeply on {call}').format(call=code(call)),
                            [('hint', _('does the function call itself without getting '
                                        'closer to an answer?'))])
        else:
            where = _where(e)
            report = Report(name, 'error', _('raised an error on {call}').format(call=code(call)),
                            [('error', f'{type(e).__name__}: {e}')]
                            + ([('where', where)] if where else [])
                            + [('hint', _error_hint(e, exercise))])
    except _TooSlow:
        raise
    except (SystemExit, KeyboardInterrupt, GeneratorExit) as e:
        what = {SystemExit: f'called {code("exit()")} (or {code("sys.exit()")}), which would '
                            f'stop the whole program',
                KeyboardInterrupt: 'was interrupted (KeyboardInterrupt)',
                GeneratorExit: 'raised GeneratorExit'}[type(e)]
        report = Report(name, 'error', _('stopped on {call}').format(
                            call=code(runner.last_call or name + "(...)")),
                        [('error', type(e).__name__),
                         ('hint', _('your function {what}: return the answer instead').format(
                             what=what))])
    except Exception as e:             # the judge could not read what came back
        got = runner.returns[-1] if runner.returns else None
        report = Report(name, 'fail', _('failed on {call}').format(
                            call=code(runner.last_call or name + "(...)")),
                        [('hint', _('check could not read what your function returned '
                                    '({error}); expected {what}').format(
                            error=type(e).__name__,
                            what=_(exercise.returns or N_('the kind of value the exercise '
                                                          'asks for'))))])
    printed_text = printed.shown()
    if printed_text:
        report.details.append(('printed', printed_text))
    report.seconds = time.perf_counter() - start
    return report


# ---------------------------------------------------------------------------
# Running under a time limit

USE_FORK = hasattr(os, 'fork')
"""Run each check in a child process (POSIX). False: in a thread (Windows, or to test it)."""


def run_limited(function, exercise) -> Report:
    """judge(function, exercise) within exercise.seconds, whatever the student's code does."""
    if USE_FORK:
        return _run_forked(function, exercise)
    return _run_in_thread(function, exercise)


def _slow_report(exercise, call, seconds, note=None) -> Report:
    details = [('note', _('stopped after {seconds:.0f} seconds').format(seconds=seconds)
                + (f'; {note}' if note else '')),
               ('hint', _('is there a loop that never ends, or one that repeats far more '
                          'work than it needs?'))]
    return Report(exercise.name, 'slow', _('took too long on {call}').format(
                      call=code(call or exercise.name + "(...)")),
                  details, seconds=seconds)


def _run_forked(function, exercise) -> Report:
    """Judge in a child process; when the time is up, ask it for the call it is on, then kill it."""
    board = mmap.mmap(-1, 1024)              # shared with the child: the call it was on
    read_end, write_end = os.pipe()
    start = time.monotonic()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)   # fork with threads running
        pid = os.fork()
    if pid == 0:                                 # the child
        status = 0
        try:
            os.close(read_end)
            printed = Printed()
            sys.stdout = sys.stderr = printed    # the kernel's streams don't survive fork
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            runners = []

            def time_is_up(signum, frame):       # runs whatever the student's code catches
                call = runners[0].last_call if runners else ''
                data = (call or '').encode('utf-8', 'replace')[:1000]
                board[:len(data) + 1] = data + b'\0'
                os._exit(3)

            signal.signal(signal.SIGUSR1, time_is_up)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            try:
                report = judge(function, exercise, printed, runners)
            except BaseException as e:           # pragma: no cover - a bug in the judge
                report = Report(exercise.name, 'error', _('could not be checked'),
                                [('error', f'{type(e).__name__}: {e}')])
            data = pickle.dumps(report)
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view):]
        except BaseException:                    # pragma: no cover
            status = 1
        finally:
            os._exit(status)
    os.close(write_end)                          # the parent
    chunks, timed_out = [], False
    deadline, latest = start + exercise.seconds, start + exercise.seconds + GRACE
    try:
        while True:
            now = time.monotonic()
            if now >= deadline:
                used = _cpu_seconds(pid)
                if used is not None and used < exercise.seconds and now < latest:
                    # A busy computer gave the child less than its share of the time:
                    # let it have its limit in CPU seconds, but never more than GRACE
                    # seconds past the limit: a check always reports by then.
                    deadline = min(latest, now + max(exercise.seconds - used, 0.05))
                    continue
                timed_out = True
                break
            left = deadline - now
            ready = select.select([read_end], [], [], left)[0]
            if ready:
                chunk = os.read(read_end, 65536)
                if not chunk:
                    break
                chunks.append(chunk)
    except BaseException:                        # an interrupt: stop the child too
        _kill(pid)
        os.close(read_end)
        raise
    os.close(read_end)
    if timed_out:
        used, waited = _cpu_seconds(pid), time.monotonic() - start
        _stop(pid)
        call = board[:].split(b'\0', 1)[0].decode('utf-8', 'replace')
        busy = (f'the computer was busy, and gave your function only {used:.1f} s of '
                f'processor time in {waited:.0f} s' if used is not None and used < 0.8 * waited
                else None)
        return _slow_report(exercise, call, waited, busy)
    os.waitpid(pid, 0)
    try:
        return pickle.loads(b''.join(chunks))
    except Exception:
        return Report(exercise.name, 'error', _('stopped on {call}').format(call=f'{exercise.name}(...)'),
                      [('hint', _('your function ended the program it ran in (os._exit, or a '
                                  'crash): return the answer instead'))])


def _cpu_seconds(pid):
    """The CPU seconds a child process has used so far (Linux), or None."""
    try:
        with open(f'/proc/{pid}/stat') as f:
            fields = f.read().rsplit(')', 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')
    except (OSError, ValueError, IndexError):
        return None


def _stop(pid):
    """Ask the child to write down its call and leave; kill it if it hasn't in 0.4 s."""
    try:
        os.kill(pid, signal.SIGUSR1)
    except OSError:
        return
    end = time.monotonic() + 0.4
    while time.monotonic() < end:
        done = os.waitpid(pid, os.WNOHANG)[0]
        if done:
            return
        time.sleep(0.01)
    _kill(pid)


def _kill(pid):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        os.waitpid(pid, 0)
    except OSError:
        pass


def _run_in_thread(function, exercise) -> Report:
    """Judge in a thread; when the time is up, raise _TooSlow in it, again and again."""
    result, runners = [], []
    printed = Printed()

    def work():
        try:
            result.append(judge(function, exercise, printed, runners))
        except _TooSlow:
            pass

    old = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = printed
    start = time.monotonic()
    try:
        thread = threading.Thread(target=work, daemon=True)
        thread.start()
        thread.join(exercise.seconds)
        tries = 0
        while thread.is_alive() and tries < 20:    # a bare except may swallow one: repeat
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident),
                                                       ctypes.py_object(_TooSlow))
            thread.join(0.05)
            tries += 1
    finally:
        sys.stdout, sys.stderr = old
    if result:
        return result[0]
    note = None if not thread.is_alive() else 'it is still running in the background'
    call = runners[0].last_call if runners else None
    return _slow_report(exercise, call, time.monotonic() - start, note)
