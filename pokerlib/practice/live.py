"""On the class server, every check's verdict also goes to the teacher's live gradebook.

``check`` calls ``send(report, exercise)`` once per check. On the class
server (`make classroom`) the student's kernel has her own hub token in
``JUPYTERHUB_API_TOKEN``, her name in ``JUPYTERHUB_USER`` and the gradebook's
address in ``POKERLIB_GRADEBOOK``; ``send`` posts the verdict there in a
background thread, once, with a short timeout, and forgets it: a gradebook that
does not answer never slows or breaks ``check``. Anywhere else (one of those
variables missing) it sends nothing. The gradebook asks the hub whose token
came with the post, so a student can post for herself only
(classroom/board.py says what it keeps).
"""

import json
import os
import threading
import time
from collections import Counter

from pokerlib.hubpost import join, request

__all__ = ['send', 'verdict']

TIMEOUT = 0.5
"""Seconds a post may take before it is given up (in the background thread)."""

SENT = ('pass', 'fail', 'error', 'crash', 'slow', 'todo')
"""The verdicts that go to the gradebook ('unknown': check did not know the exercise)."""

MAX_REASON = 300

_attempts = Counter()          # exercise -> checks of it in this kernel


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
    """Post this check's verdict to the class's gradebook, in the background.

    Returns the thread doing it, or None where nothing is sent (not on the
    class server, or a verdict the gradebook does not take). Never raises.

    >>> send(None, 'flush', environ={}) is None      # outside the class server
    True
    """
    try:
        environ = os.environ if environ is None else environ
        url, token, student = (environ.get(k) for k in
                               ('POKERLIB_GRADEBOOK', 'JUPYTERHUB_API_TOKEN', 'JUPYTERHUB_USER'))
        if (not (url and token and student) or not isinstance(exercise, str)
                or getattr(report, 'status', None) not in SENT):
            return None
        _attempts[exercise] += 1
        body = json.dumps(verdict(report, exercise, student, _attempts[exercise], time.time()))
        thread = threading.Thread(target=_post, args=(join(url, 'api/verdicts'), body.encode('utf-8'),
                                                      token), daemon=True, name='pokerlib-live')
        thread.start()
        return thread
    except Exception:               # the check's report matters; the board can miss one
        return None


def _post(url, body, token):
    try:                            # http:// or http+unix:// (pokerlib.hubpost), never a proxy
        request('POST', url, body, token=token, timeout=TIMEOUT)
    except Exception:               # refused, rate-limited, or no gradebook: nothing to do
        pass
