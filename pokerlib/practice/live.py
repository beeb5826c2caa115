"""On the class server, every check's verdict also goes to the teacher's live gradebook.

``check`` calls ``send(report, exercise)`` once per check. On the class
server (`make classroom`) the student's kernel has her own hub token in
``JUPYTERHUB_API_TOKEN``, her name in ``JUPYTERHUB_USER`` and the gradebook's
address in ``POKERLIB_GRADEBOOK``: an ``http+unix://`` address, her own door to
the gradebook in her sandbox (classroom/doors.py), or a plain ``http://`` one
(``pokerlib.serving.hubpost`` speaks both). ``send`` hands the verdict to one
background thread and returns at once: a gradebook that does not answer never
slows or breaks ``check``. The thread posts the verdicts in order, each with
a short timeout, and tries again later (RETRIES times, waiting longer each
time) those the gradebook did not take because it was busy or out of reach,
so that none is lost to a moment's flood. Anywhere else (one of those
variables missing) it sends nothing. The gradebook asks the hub whose token
came with the post, so a student can post for herself only
(classroom/board.py says what it keeps). The report's hint goes with it
(what the class gets wrong is counted by hint).

A check whose cell stopped before ``check`` ran (a SyntaxError, or a
NameError because the function did not exist yet) is sent too, marked
``ran: False``: the teacher sees it, and it is not counted as an attempt.
``watch_cells`` registers that with IPython, once, when this module is
imported in a kernel on the class server.
"""

import json
import os
import re
import sys
import threading
import time
from collections import Counter, deque

from pokerlib.serving.hubpost import join, request
from pokerlib import verdicts   # what goes to the gradebook: a verdict on an exercise (Post)

__all__ = ['send', 'verdict', 'flush']

TIMEOUT = 2.0
"""Seconds one post may take before it is given up and tried again later (in the background)."""

RETRIES = 8
"""Tries of a verdict the gradebook did not take (busy, or out of reach) before it is dropped;
the waits between them double from RETRY_WAIT seconds (about a minute in all)."""
RETRY_WAIT = 0.25

PENDING = 1000
"""Verdicts waiting to be posted at most (the oldest go first when more come)."""


_attempts = Counter()          # exercise -> checks of it in this kernel
_cell = {'sent': False}        # whether check posted during the cell running now
_pending = deque(maxlen=PENDING)
_wake = threading.Condition()
_worker = []                   # the one posting thread, once started
_busy = []                     # the verdict being posted now
CHECKED = re.compile(r'\bcheck\(\s*(\w+)(?:[^)\n]*?name\s*=\s*[\'"](\w+))?')
"""A check call in a cell's code: check(flush), check(my_flush, name='flush')."""
STOPPED = (SyntaxError, NameError, ImportError)
"""What stops a check cell before check runs: it did not compile, or a name was not there yet."""


def verdict(report, exercise, student, attempt, when) -> dict:
    """The post for one check (``verdicts.Post``), as the gradebook takes it.

    >>> from pokerlib.practice import Report
    >>> verdict(Report('flush', 'fail', 'gave a wrong answer on flush([...])'), 'flush', 'ada', 2, 1e9)
    {'student': 'ada', 'exercise': 'flush', 'status': 'fail', 'when': 1000000000.0, 'reason': '✗ flush gave a wrong answer on flush([...])', 'attempt': 2}
    """
    hints = [text for label, text in getattr(report, 'details', ()) if label == 'hint']
    return verdicts.Post(student, exercise, report.status, when, report.headline(), attempt,
                         str(hints[0]) if hints else '').to_wire()


def send(report, exercise, environ=None):
    """Hand this check's verdict to the posting thread; True if it will be posted.

    Returns False where nothing is sent (not on the class server, or a verdict the
    gradebook does not take). Never raises.

    >>> send(None, 'flush', environ={})      # outside the class server
    False
    """
    try:
        environ = os.environ if environ is None else environ
        url, token, student = (environ.get(k) for k in
                               ('POKERLIB_GRADEBOOK', 'JUPYTERHUB_API_TOKEN', 'JUPYTERHUB_USER'))
        if (not (url and token and student) or not isinstance(exercise, str)
                or getattr(report, 'status', None) not in verdicts.CHECKED):
            return False
        _attempts[exercise] += 1
        _cell['sent'] = True
        body = json.dumps(verdict(report, exercise, student, _attempts[exercise], time.time()))
        _enqueue(join(url, 'api/verdicts'), body.encode('utf-8'), token)
        return True
    except Exception:               # the check's report matters; the board can miss one
        return False


def _enqueue(url, body, token):
    with _wake:
        _pending.append([(url, body, token), 0, 0.0])     # (the post, its tries, not before)
        if not _worker:
            _worker.append(threading.Thread(target=_post_all, daemon=True, name='pokerlib-live'))
            _worker[0].start()
        _wake.notify()


def flush(timeout=5.0) -> bool:
    """Wait until every verdict handed over is posted or dropped (at most ``timeout`` s); done?"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with _wake:
            if not _pending and not _busy:
                return True
        time.sleep(0.02)
    return False


def _post_all():
    while True:
        with _wake:
            while not _pending:
                _wake.wait()
            entry = _pending[0]
            wait = entry[2] - time.monotonic()
            if wait > 0:
                _wake.wait(wait)
                continue
            _pending.popleft()
            _busy.append(entry)
        try:
            (url, body, token), tries = entry[0], entry[1]
            try:                    # http:// or http+unix:// (pokerlib.serving.hubpost), never a proxy
                status, _answer = request('POST', url, body, token=token, timeout=TIMEOUT)
            except Exception:       # out of reach for now (the door, the gradebook restarting)
                status = None
            again = status is None or status == 429 or status >= 500
            if again and tries + 1 < RETRIES:
                entry[1], entry[2] = tries + 1, time.monotonic() + RETRY_WAIT * 2 ** tries
                with _wake:
                    _pending.appendleft(entry)      # in order: the next verdicts wait for it
        finally:
            with _wake:
                _busy.clear()


def stopped(raw_cell, error, student, when) -> list:
    """The posts for a cell with checks that stopped before check ran (``ran: False``), or [].

    >>> [p['exercise'] for p in stopped("def flush(hand) return 1\\ncheck(flush)", SyntaxError('bad'), 'ada', 1e9)]
    ['flush']
    >>> stopped('check(flush)', ZeroDivisionError(), 'ada', 1e9)
    []
    """
    if not isinstance(error, STOPPED):
        return []
    from pokerlib.practice.registry import known_names as exercise_names
    known = set(exercise_names())
    found = []
    for function, name in CHECKED.findall(raw_cell or ''):
        exercise = name or function
        if exercise in known and exercise not in found:
            found.append(exercise)
    return [verdicts.Post(student, e, 'error', when, f'⊘ {type(error).__name__}: {error}', 1,
                          ran=False).to_wire() for e in found]


def watch_cells(environ=None):
    """In a kernel on the class server, post the checks of a cell that stopped before check ran."""
    environ = os.environ if environ is None else environ
    url, token, student = (environ.get(k) for k in
                           ('POKERLIB_GRADEBOOK', 'JUPYTERHUB_API_TOKEN', 'JUPYTERHUB_USER'))
    ipython = sys.modules.get('IPython')
    shell = ipython.get_ipython() if ipython else None
    if not (url and token and student and shell) or getattr(shell, '_pokerlib_live', False):
        return None
    shell._pokerlib_live = True

    def before(info=None):
        _cell['sent'] = False

    def after(result):
        try:
            if _cell['sent']:
                return
            error = result.error_before_exec or result.error_in_exec
            for post in stopped(result.info.raw_cell, error, student, time.time()):
                _enqueue(join(url, 'api/verdicts'), json.dumps(post).encode('utf-8'), token)
        except Exception:           # never a cell's error of its own
            pass
    shell.events.register('pre_run_cell', before)
    shell.events.register('post_run_cell', after)
    return shell


watch_cells()
