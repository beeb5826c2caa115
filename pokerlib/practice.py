"""Check your own version of a course function: ``check(straight)``.

Wherever the lecture asks you to write a function, the notebook has a "Your
turn" cell with its signature, and then a line such as ``check(straight)``.
``check`` runs your function on that exercise's hidden cases and shows a
short report: every case passed, or the first one that didn't, with what
your function returned, what was expected and a hint. The report is true
exactly when every case passed. ``check`` never raises: an unfinished
function, an error inside it or a function that runs too long all become a
report.

Exercises are found by the function's name; if you called yours something
else, say which exercise it is: ``check(my_straight, name='straight')``.
Where the answer is a number, write a function of no arguments that returns
it, or pass the number itself with ``name=``.

>>> def straight(ranks):
...     "Return True if the ordered ranks form a 5-card straight."
...     return max(ranks) - min(ranks) == 4
>>> report = check(straight)
>>> bool(report)
False
>>> print(report)
✗ straight failed on straight([9, 9, 7, 6, 5])
    returned: True
    expected: False
    hint:     a pair is not a straight: five different ranks are needed
"""

import ast
import contextlib
import copy
import dis
import html
import inspect
import signal
import textwrap
import threading
import time

__all__ = ['check', 'Report', 'TIME_LIMIT', 'exercise_names']

TIME_LIMIT = 5.0
"""Seconds a check may run before it stops your function and says so."""


class Report:
    """The result of a check: true exactly when every case passed.

    It shows itself as a few lines of text (or a coloured box in a notebook).
    """

    ICONS = {'pass': '✓', 'fail': '✗', 'todo': '…', 'error': '✗',
             'slow': '✗', 'unknown': '?'}

    def __init__(self, name, status, summary, details=()):
        self.name, self.status, self.summary = name, status, summary
        self.details = list(details)     # (label, text) pairs

    def __bool__(self):
        return self.status == 'pass'

    def headline(self) -> str:
        sep = '' if self.summary.startswith(':') else ' '
        return f'{self.ICONS[self.status]} {self.name}{sep}{self.summary}'

    def __str__(self):
        lines = [self.headline()]
        for label, text in self.details:
            lines.append(f'    {label + ":":<9} ' + text.replace('\n', '\n' + ' ' * 14))
        return '\n'.join(lines)

    __repr__ = __str__

    def _repr_html_(self):
        colour = {'pass': '#2e7d32', 'todo': '#9a6700'}.get(self.status, '#c62828')
        rows = ''.join(f'<div style="margin-left:1.5em"><b>{html.escape(label)}:</b> '
                       f'<code>{html.escape(text)}</code></div>'
                       for label, text in self.details)
        return (f'<div style="border-left:4px solid {colour};padding:2px 8px">'
                f'<span style="color:{colour}">{html.escape(self.headline())}</span>'
                f'{rows}</div>')


class Mismatch(Exception):
    """Raised by a judge: the last call (or `call`) went wrong, as `details` say."""

    def __init__(self, details, call=None):
        super().__init__(details)
        self.details, self.call = details, call


def wrong(got, expected, hint, call=None) -> Mismatch:
    """The usual Mismatch: what came back, what was expected, and a hint."""
    return Mismatch([('returned', short(got)), ('expected', short(expected)),
                     ('hint', hint)], call)


class _TooSlow(BaseException):
    """Raised in the student's code when the time limit is up."""


def short(value, limit=160) -> str:
    """repr(value), cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + '...'


class Runner:
    """Calls the function under test, on copies of its arguments, and remembers the call."""

    def __init__(self, function, name):
        self.function, self.name = function, name
        self.last_call, self.cases = None, 0

    def __call__(self, *args, **kwargs):
        self.last_call = describe_call(self.name, args, kwargs)
        self.cases += 1
        args = [copy.deepcopy(a) if isinstance(a, (list, dict, set, tuple)) else a
                for a in args]
        return self.function(*args, **kwargs)

    def raw(self, *args, shown=None):
        """Call on these very arguments (no copies), e.g. to see what it changes."""
        self.last_call = shown or describe_call(self.name, args, {})
        self.cases += 1
        return self.function(*args)


def describe_call(name, args, kwargs) -> str:
    """The call as the student would type it, e.g. "straight([9, 8, 7, 6, 5])"."""
    parts = [short(a, 200) for a in args]
    parts += [f'{k}={getattr(v, "__name__", None) or short(v, 60)}'
              for k, v in kwargs.items()]
    return f'{name}({", ".join(parts)})'


@contextlib.contextmanager
def time_limit(seconds):
    """Stop the code inside after `seconds` with _TooSlow (where signals allow it)."""
    usable = (hasattr(signal, 'setitimer')
              and threading.current_thread() is threading.main_thread())
    if not usable:          # e.g. on Windows: no limit; interrupt the kernel instead
        yield
        return

    def stop(signum, frame):
        raise _TooSlow()

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


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


def exercise_names() -> list:
    """The names check knows, sorted.

    >>> 'straight' in exercise_names()
    True
    """
    from .exercises import EXERCISES
    return sorted(EXERCISES)


def check(function, name=None) -> Report:
    """Run your function on the hidden cases of its exercise; report how it did.

    `name` says which exercise, when your function has another name (or when
    you pass a value instead of a function).

    >>> def flush(hand):
    ...     return len({s for r, s in hand}) == 1
    >>> check(flush)
    ✓ flush: 8 cases passed
    >>> def my_flush(hand):
    ...     suits = {s for r, s in hand}      # ...but nothing is returned
    >>> check(my_flush, name='flush')
    ✗ my_flush (checked as flush) failed on flush(['AS', 'KS', 'QS', 'JS', '9S'])
        returned: None
        hint:     return True or False (is a return statement missing?)
    """
    from .exercises import EXERCISES
    if name is None:
        name = getattr(function, '__name__', None)
    if not isinstance(name, str) or name not in EXERCISES:
        known = ', '.join(sorted(EXERCISES))
        if name is None or name == '<lambda>':
            what = 'check needs the exercise name: check(my_function, name="straight")'
        else:
            what = f'there is no exercise called {name!r}; did you mean one of these?'
        return Report(str(name), 'unknown', 'cannot be checked',
                      [('note', what), ('exercises', known)])
    exercise = EXERCISES[name]
    own = getattr(function, '__name__', None)
    shown = name if own in (None, name, '<lambda>') else f'{own} (checked as {name})'
    report = _run_check(function, name, exercise)
    report.name = shown
    return report


def _run_check(function, name, exercise) -> Report:
    """check, once the exercise is known."""
    if callable(function) and is_stub(function):
        return _not_written(name)
    runner = Runner(function, name)
    start = time.perf_counter()
    try:
        with time_limit(TIME_LIMIT):
            if not exercise.takes_value:
                summary = exercise(runner)
            elif callable(function):       # a function of no arguments
                summary = exercise(runner())
            else:
                runner.cases, runner.last_call = 1, f'the answer {short(function)}'
                summary = exercise(function)
    except Mismatch as m:
        return Report(name, 'fail', f'failed on {m.call or runner.last_call}',
                      m.details)
    except NotImplementedError:
        return _not_written(name)
    except _TooSlow:
        seconds = time.perf_counter() - start
        return Report(name, 'slow', f'took too long on {runner.last_call}',
                      [('note', f'stopped after {seconds:.0f} seconds'),
                       ('hint', 'is there a loop that never ends?')])
    except RecursionError:
        return Report(name, 'error', f'recursed too deeply on {runner.last_call}',
                      [('hint', 'does the function call itself without getting '
                                'closer to an answer?')])
    except Exception as e:
        call = runner.last_call or f'{name}(...)'
        return Report(name, 'error', f'raised an error on {call}',
                      [('error', f'{type(e).__name__}: {e}'),
                       ('hint', getattr(exercise, 'error_hint', None)
                        or 'run that call yourself to see where it goes wrong')])
    n = max(runner.cases, 1)
    if exercise.takes_value:
        summary = summary or ': right'
    return Report(name, 'pass', summary or f': {n:,d} case{"s" if n > 1 else ""} passed')


def _not_written(name):
    return Report(name, 'todo', 'is not written yet',
                  [('note', 'write its body in place of `raise NotImplementedError()`, '
                            'run that cell, then run this check again')])
