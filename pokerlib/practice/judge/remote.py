"""The judge in the grader's process (see ``pokerlib.grading``): the graded kernel runs
``pokerlib.practice.runner.serve(path)``, which connects to the UNIX socket at ``path`` and,
for each exercise asked, sends a copy of the student's function; ``judge_remote(channel,
exercises)`` judges each one in a fresh runner: ``[{'exercise', 'status', 'seconds',
'report'}]``. The grader loads the exercises first (``pokerlib.practice.exercises``)."""

import os
import time

from ...i18n import _
from .. import wire
from ..registry import EXERCISES
from ..reports import Report
from .judging import guard_of, judge_runner

__all__ = ['judge_remote', 'SPAWN_SECONDS']


SPAWN_SECONDS = 30.0
"""How long the grader waits for a fresh runner to load the student's function."""


def _judge_copy(answer, exercise, forks=None) -> Report:
    """Judge the student's function the kernel sent as a copy (``runner.serve``), in a fresh
    runner, which forbids the exercise's course functions before it loads the copy: forked
    by `forks` (``pokerlib.practice.forks``), or else started here (``spawned.launch``)."""
    import base64
    import binascii
    from .. import spawned
    cells = answer.get('cells')
    cells = {str(k): [str(x) for x in v] for k, v in cells.items()
             if type(v) is list} if type(cells) is dict else {}
    try:
        data = base64.b64decode(answer['pickle'], validate=True)
    except (binascii.Error, ValueError):
        return Report(exercise, 'error', 'could not be checked', [('note', 'a bad copy')])
    guard = guard_of(EXERCISES[exercise]) if exercise in EXERCISES else None
    started = forks.launch(data, cells, guard=guard) if forks is not None else None
    proc, sock = started or spawned.launch(data, cells, guard=guard, isolated=True)
    try:
        return judge_runner(sock, exercise_name=exercise, describe_seconds=SPAWN_SECONDS)
    finally:
        sock.close()
        spawned.stop(proc)


def judge_remote(channel, exercises, token='', wait=60.0) -> list:
    """Judge each (function name, exercise) in the kernel served over `channel` (a connected
    UNIX socket to ``runner.serve``); [{'exercise', 'status', 'seconds', 'report'}].

    For each one the kernel sends a copy of the student's function, which a
    fresh runner started here loads and runs (``_judge_copy``); the judging
    happens here. A kernel that does not answer within `wait`
    seconds gets 'timeout' for what is left; one that does not first send `token` gets
    'error' for every exercise. The runners are forked from one fresh interpreter
    (``forks``) where there is fork."""
    forks = _forks()
    try:
        return _judge_each(channel, exercises, token, wait, forks)
    finally:
        if forks is not None:
            forks.close()


def _forks():
    """A parent of runners (``pokerlib.practice.forks``); None where there is no fork or
    it cannot start."""
    if not hasattr(os, 'fork'):
        return None
    from ..forks import Forks
    try:
        return Forks()
    except OSError:
        return None


def _judge_each(channel, exercises, token, wait, forks) -> list:
    """judge_remote's rows, judged with the runners of forks (None: fresh ones)."""
    rows = []
    try:
        hello = wire.receive(channel, time.monotonic() + wait, limit=4096)
    except (wire.WireError, OSError):
        hello = None
    if hello != {'token': str(token)}:
        return [{'exercise': f, 'status': 'error', 'seconds': 0,
                 'report': 'the kernel did not answer the grader as it should'}
                for f, _e in exercises]
    for function_name, exercise in exercises:
        start = time.monotonic()
        try:
            wire.send(channel, {'op': 'runner', 'function': function_name})
            answer = wire.receive(channel, time.monotonic() + wait)
        except wire.Silent:
            rows.append({'exercise': function_name, 'status': 'timeout', 'seconds': round(
                time.monotonic() - start, 2), 'report': _('the kernel did not answer for {name}').format(
                    name=function_name)})
            continue
        except (wire.WireError, OSError):
            rows.append({'exercise': function_name, 'status': 'crash', 'seconds': 0,
                         'report': _('the kernel stopped before {name} was judged').format(
                             name=function_name)})
            continue
        if type(answer) is not dict or (type(answer.get('pickle')) is not str
                                        and type(answer.get('cannot')) is not str):
            rows.append({'exercise': function_name, 'status': 'missing', 'seconds': 0,
                         'report': _('{name} is not defined').format(name=function_name)})
            continue
        if 'cannot' in answer:
            rows.append({'exercise': function_name, 'status': 'error', 'seconds': 0,
                         'report': str(answer['cannot'])[:300]})
            continue
        report = _judge_copy(answer, exercise, forks)
        status = report.status
        text = report.headline()
        if report.course:           # a fact, not a sentence: the course's own, not hers
            status, text = 'missing', _("{name} is the course's own version, not the student's").format(
                name=function_name)
        rows.append({'exercise': function_name, 'status': status, 'course': report.course,
                     'seconds': round(time.monotonic() - start, 2), 'report': text})
    try:
        wire.send(channel, {'op': 'end'})
    except OSError:
        pass
    return rows
