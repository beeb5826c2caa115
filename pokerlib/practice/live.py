"""On the class server, every check's verdict also goes to the teacher's live gradebook.

``check`` calls ``send(report, exercise)`` once per check. On the class
server (`make classroom`) the student's kernel has her own hub token in
``JUPYTERHUB_API_TOKEN``, her name in ``JUPYTERHUB_USER`` and the gradebook's
address in ``POKERLIB_GRADEBOOK``: an ``http+unix://`` address, the door to the
gradebook that the class server shows in her sandbox (classroom/doors.py), or
a plain ``http://`` one. ``send`` hands the verdict to one background thread
and returns at once: a gradebook that does not answer never slows or breaks
``check``. The thread posts the verdicts in order, each with a short timeout,
and tries again later (RETRIES times, waiting longer each time) those the
gradebook did not take because it was busy or out of reach, so that none is
lost to a moment's flood. Anywhere else (one of those variables missing) it
sends nothing. The gradebook asks the hub whose token came with the post, so
a student can post for herself only (classroom/board.py says what it keeps).
"""

import http.client
import json
import os
import socket
import threading
import time
from collections import Counter, deque
from urllib.parse import unquote, urlsplit

__all__ = ['send', 'verdict', 'request']

TIMEOUT = 2.0
"""Seconds one post may take before it is given up and tried again later (in the background)."""

RETRIES = 8
"""Tries of a verdict the gradebook did not take (busy, or out of reach) before it is dropped;
the waits between them double from RETRY_WAIT seconds (about a minute in all)."""
RETRY_WAIT = 0.25

PENDING = 1000
"""Verdicts waiting to be posted at most (the oldest go first when more come)."""

SENT = ('pass', 'fail', 'error', 'slow', 'todo')
"""The verdicts that go to the gradebook ('unknown': check did not know the exercise)."""

MAX_REASON = 300

_attempts = Counter()          # exercise -> checks of it in this kernel
_pending = deque(maxlen=PENDING)
_wake = threading.Condition()
_worker = []                   # the one posting thread, once started
_busy = []                     # the verdict being posted now


class _UnixConnection(http.client.HTTPConnection):
    """HTTP over a unix socket (an http+unix:// address: its host is the socket's quoted path)."""

    def __init__(self, path, timeout):
        super().__init__('localhost', timeout=timeout)
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.path)


def request(method, url, body: bytes = None, headers=None, timeout=TIMEOUT) -> int:
    """Send an HTTP request to an http://, or http+unix://, address; the status (OSError if unreachable).

    >>> request('POST', 'ftp://example.org/')
    Traceback (most recent call last):
    ...
    ValueError: not an http:// or http+unix:// address: 'ftp://example.org/'
    """
    parts = urlsplit(url)
    if parts.scheme == 'http+unix':
        connection = _UnixConnection(unquote(parts.netloc), timeout)
    elif parts.scheme == 'http':
        connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=timeout)
    else:
        raise ValueError(f'not an http:// or http+unix:// address: {url!r}')
    try:
        target = parts.path or '/'
        if parts.query:
            target += '?' + parts.query
        connection.request(method, target, body=body, headers=headers or {})
        return connection.getresponse().status
    finally:
        connection.close()


def verdict(report, exercise, student, attempt, when) -> dict:
    """The post for one check: the fields the gradebook takes, and nothing else.

    >>> from pokerlib.practice import Report
    >>> verdict(Report('flush', 'fail', ' failed on flush([...])'), 'flush', 'ada', 2, 1e9)
    {'student': 'ada', 'exercise': 'flush', 'status': 'fail', 'when': 1000000000.0, 'reason': '✗ flush failed on flush([...])', 'attempt': 2}
    """
    reason = report.headline()
    if len(reason) > MAX_REASON:
        reason = reason[:MAX_REASON - 1] + '…'
    return {'student': student, 'exercise': exercise, 'status': report.status,
            'when': float(when), 'reason': reason, 'attempt': attempt}


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
                or getattr(report, 'status', None) not in SENT):
            return False
        _attempts[exercise] += 1
        body = json.dumps(verdict(report, exercise, student, _attempts[exercise], time.time()))
        item = (url.rstrip('/') + '/api/verdicts', body.encode('utf-8'),
                {'Authorization': f'token {token}', 'Content-Type': 'application/json'})
        with _wake:
            _pending.append([item, 0, 0.0])         # (the post, its tries, not before)
            if not _worker:
                _worker.append(threading.Thread(target=_post_all, daemon=True, name='pokerlib-live'))
                _worker[0].start()
            _wake.notify()
        return True
    except Exception:               # the check's report matters; the board can miss one
        return False


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
            (url, body, headers), tries = entry[0], entry[1]
            try:
                status = request('POST', url, body, headers)
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
