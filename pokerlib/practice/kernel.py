"""check, in the kernel: hand the student's object to a runner, let the judge decide, show the report.

``check(f)`` forks a runner that holds ``f`` (``runner``), passes the
runner's socket to the judge's process (``judge``: a fresh interpreter
started at the first check and kept), and waits for the judge's report,
which comes back as plain data. The kernel never touches ``f`` itself, and
nothing the runner writes reaches the kernel. Whatever the student's code
does, check reports within the exercise's limit plus a second (a limit of
the runner's own time, not of the time a busy machine keeps it waiting,
and at most ``wall_limit`` of it on the clock: ``judge.budget``), and
never raises.

Where there is no ``fork`` (Windows), the runner is a fresh interpreter
that gets a copy of the student's function (``fresh``: making it reads
the object, in a thread with a time limit), and the kernel, its watchdog,
kills it when the judge is done or the time is up: the same promise,
tested here by turning fork off.

The rest of the practice package is split by process: ``runner`` (the
student's side, forked, and ``guard``, what her code may not do there; ``fresh`` starts one
in a new interpreter where there is no fork, and for the grader), ``wire`` (the messages
between the processes), ``values`` (plain data and comparing it), ``reports`` (Report, Mismatch, hints), ``live`` (the
verdict to the class's gradebook), ``registry`` (what an exercise is);
``judge`` (the judge as a library, and its process: ``python -E -s -m
pokerlib.practice.judge``) and ``exercises`` (the lessons' judges), which
run in the judge's process and which this module never imports.
"""

import ast
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from ..i18n import _, language
from . import fresh, live, runner, wire
from .registry import SLOW, TIME_LIMIT, wall_limit
from .registry import known_names as exercise_names
from .reports import Report

__all__ = ['check', 'Report', 'TIME_LIMIT', 'exercise_names']

AT_MOST = None
"""If set, no check runs longer than this many seconds (tests set it; it can only shorten)."""

START_SECONDS = 90.0
"""How long check waits for the judge to start and prepare an exercise's tables."""

MARGIN = 1.0
"""check reports at most this many seconds after the exercise's limit."""

USE_FORK = hasattr(os, 'fork')
"""Run the student's function in a forked runner (POSIX). False: in a fresh interpreter that
gets a copy of it (``fresh``: Windows)."""

_LOCK = threading.RLock()
_JUDGE = {}


PACKAGE_HOME = Path(__file__).resolve().parents[2]
"""The folder that holds this pokerlib: the judge starts there (``python -m`` looks there
first), so it judges with the same course as the kernel, whatever the kernel's folder holds."""


def _judge():
    """The judge's process and our end of its socket, started if need be."""
    proc = _JUDGE.get('proc')
    if proc is not None and proc.poll() is None:
        return _JUDGE['sock']
    _stop_judge()
    mine, theirs = socket.socketpair()
    env = dict(os.environ, PYTHONWARNINGS='ignore', MPLBACKEND='Agg',
               OPENBLAS_NUM_THREADS='1', OMP_NUM_THREADS='1')
    log = os.environ.get('POKERLIB_JUDGE_LOG')       # where the judge's errors go, if set
    windows = os.name == 'nt'        # no descriptors to pass: its socket is shared (stdin)
    options = ({'creationflags': subprocess.CREATE_NEW_PROCESS_GROUP, 'stdin': subprocess.PIPE}
               if windows else {'pass_fds': [theirs.fileno()], 'start_new_session': True,
                                'stdin': subprocess.DEVNULL})
    with open(log or os.devnull, 'ab') as errors:
        # -E -s: no PYTHON* variables, no user site: nothing of the student's on its path.
        proc = subprocess.Popen([sys.executable, '-E', '-s', '-m', 'pokerlib.practice.judge',
                                 '-' if windows else str(theirs.fileno())], cwd=PACKAGE_HOME,
                                stdout=subprocess.DEVNULL, stderr=errors, env=env, **options)
    if windows:
        proc.stdin.write(theirs.share(proc.pid))
        proc.stdin.close()
    theirs.close()
    _JUDGE.update(proc=proc, sock=mine, ready=False)
    return mine


def _stop_judge():
    proc, sock = _JUDGE.pop('proc', None), _JUDGE.pop('sock', None)
    if sock is not None:
        sock.close()
    if proc is not None:
        try:
            proc.kill()
            proc.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            pass


def warm():
    """Start the judge's process now (in the background), so the first check is quick; in a
    notebook of the course that Jupyter opened, tell it which, so that it makes the tables
    of the notebook's first exercise while the student reads on to it."""
    with _LOCK:
        control = _judge()
        lesson = notebook_lesson(os.environ.get('JPY_SESSION_NAME', ''))
        if lesson:
            try:
                wire.send(control, {'op': 'lesson', 'lesson': lesson})
            except OSError:
                pass


def notebook_lesson(path) -> int:
    """The number of the course's lesson notebook at path (1 to 8), else 0. Jupyter's server
    gives a kernel its notebook's path (JPY_SESSION_NAME).

    >>> notebook_lesson('notebooks/zh/03-Refactoring-with-group-and-unzip.ipynb'), notebook_lesson('x.ipynb')
    (3, 0)
    """
    found = re.match(r'0([1-8])-.*\.ipynb$', Path(str(path)).name)
    return int(found.group(1)) if found else 0


DEF_LINE = re.compile(r'^(?:async\s+)?def\s+(\w{1,80})\s*\(', re.M)
CELLS_SCANNED = 500


def _definitions() -> dict:
    """For each function name a cell of this notebook defines (``def name(`` at the start of
    a line), the latest such cell run: {name: [the file names its code may have got, whether
    it compiles]}, from IPython's history ({} outside IPython). The judge compares the file
    name with that of the function it judges: if they differ, that cell's last run did not
    define the function (a SyntaxError, or an error before the def), and check says so."""
    ipython = sys.modules.get('IPython')
    try:
        shell = ipython.get_ipython() if ipython else None
        history = shell.history_manager if shell is not None else None
        raw, parsed = history.input_hist_raw, history.input_hist_parsed
        found = {}
        for number in range(len(raw) - 1, max(0, len(raw) - 1 - CELLS_SCANNED), -1):
            source = raw[number]
            if type(source) is not str or 'def' not in source:
                continue
            names = [n for n in DEF_LINE.findall(source) if n not in found]
            if not names:
                continue
            key = (id(shell), number, source)
            if key not in _CELLS:
                _CELLS[key] = _cell_names(shell, number, source, parsed)
            for name in names:
                found[name] = _CELLS[key]
            if len(found) >= 200:
                break
        return found
    except Exception:
        return {}


_CELLS = {}
"""_cell_names of each cell of the history already read: a cell run keeps its number and
its text, so each is worked out once, not at every check (about a millisecond a cell)."""


def _cell_names(shell, number, source, parsed) -> list:
    """[the file names the code of history cell `number` may have got, whether it compiles]."""
    try:                       # the code the cell's compiler was given
        transformed = shell.transform_cell(source)
    except Exception:
        transformed = parsed[number] if number < len(parsed) else source
    try:
        ast.parse(transformed)
        compiles = True
    except (SyntaxError, ValueError):
        compiles = False
    # The history keeps a cell's text without its trailing newlines, which the name
    # its code got was made with: the names of the text with up to 4 of them.
    where = []
    for k in range(5):
        try:
            again = shell.transform_cell(source + '\n' * k)
        except Exception:
            again = transformed
        where.append(str(shell.compile.get_code_name(source + '\n' * k, again, number)))
    return [where, compiles]


class _Signals:
    """While a check runs (main thread only): an interrupt stops the check (it is reported),
    and a SIGTERM is ignored (where the runner has no namespace of its own it could send one;
    a kernel being shut down is killed after its grace time anyway)."""

    def __init__(self):
        self.caught = []
        self.old = {}

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                try:
                    self.old[sig] = signal.signal(sig, lambda s, f: self.caught.append(s))
                except (ValueError, OSError):
                    pass
        return self

    def __exit__(self, *exc):
        for sig, handler in self.old.items():
            signal.signal(sig, handler)


def _checker_problem(note):
    return Report('check', 'error', _('could not be checked'), [('note', note)])


def _check_in_runner(function, name) -> Report:
    """Start a runner for function (forked, or fresh where there is no fork), hand its
    socket to the judge, and wait for the judge's report."""
    starter = runner if USE_FORK else fresh
    with _LOCK:
        control = _judge()
        if not _JUDGE.get('ready'):
            try:
                wire.receive(control, time.monotonic() + START_SECONDS)
                _JUDGE['ready'] = True
            except wire.WireError:
                _stop_judge()
                return _checker_problem(_('the checker did not start; run this cell again'))
        try:
            pid, sock = starter.start(function, name)
        except fresh.CannotCopy as e:
            return e.report
        except OSError as e:                 # no process to be had (a limit reached)
            return _checker_problem(_('the computer could not start a process for the check '
                                      '({error}); close other programs and try again').format(
                                          error=type(e).__name__))
        start = time.monotonic()
        report = None
        with _Signals() as signals:
            try:
                wire.send_socket(control, wire.CheckRequest(
                    language(), AT_MOST, SLOW, _definitions(),
                    pid if type(pid) is int else getattr(pid, 'pid', None)).to_wire(),
                    sock, _JUDGE['proc'].pid)
                sock.close()
                deadline = start + START_SECONDS
                while report is None:
                    if signals.caught and signal.SIGINT in signals.caught:
                        report = Report('check', 'error', _('was interrupted'),
                                        [('note', _('the check was stopped before it '
                                                    'finished'))])
                        _stop_judge()
                        break
                    left = deadline - time.monotonic()
                    ready = left > 0 and select.select([control], [], [], min(left, 0.1))[0]
                    try:
                        if not ready:
                            raise wire.Silent()
                        # a message has begun: read all of it (a frame is never split)
                        reply = wire.Reply.from_wire(wire.receive(control, time.monotonic() + 5))
                    except ValueError:
                        continue
                    except wire.Silent:
                        if time.monotonic() >= deadline:
                            report = Report('check', 'slow', _('could not be checked in time'),
                                            [('note', _('the checker did not answer in time; '
                                                        'run this cell again'))])
                            _stop_judge()
                        continue
                    if reply.kind == 'started':
                        limit = TIME_LIMIT if reply.value is None else reply.value
                        deadline = time.monotonic() + wall_limit(limit) + MARGIN - 0.1
                    elif reply.kind == 'report':
                        report = Report.from_data(reply.value)
            except (wire.WireError, OSError):
                _stop_judge()
                report = _checker_problem(_('the checker stopped; run this cell again'))
            finally:
                starter.stop(pid)
    return report


def check(function, name=None) -> Report:
    """Run your function on the hidden cases of its exercise; report how it did.

    `name` says which exercise, when your function has another name (or when
    you pass a value instead of a function). check never raises, and it
    returns within the exercise's time limit (plus a second) whatever the
    function does (the limit counts your function's own time, not the
    time a busy computer keeps it waiting).

    >>> def flush(hand):
    ...     return len({s for r, s in hand}) == 1
    >>> check(flush).status
    'pass'
    >>> def my_flush(hand):
    ...     suits = {s for r, s in hand}      # ...but nothing is returned
    >>> check(my_flush, name='flush')
    ✗ my_flush (checked as flush) gave a wrong answer on flush(['2S', '3S', '4S', '5S', '6S'])
        returned: None
        hint:     return True or False (is a return missing?)
    """
    if _in_runner():
        return _checker_problem(_('check cannot run inside a function that is being checked'))
    report = _check_in_runner(function, name)
    live.send(report, report.exercise)      # issue 29: the verdict to the class's gradebook
    return report


def _in_runner() -> bool:
    return runner.STATE['in_runner']
