"""The judge in the grader's process (see ``pokerlib.grading``): the graded kernel runs
``pokerlib.grading.inkernel.serve_judge(path, ...)``, which connects to the UNIX socket at
``path`` and, for each exercise asked, sends a copy of the student's function (``fresh.Copy``);
``judge_remote(channel, exercises)`` judges each one in a fresh runner: a
``pokerlib.verdicts.Row`` each. The grader loads the exercises first
(``pokerlib.practice.exercises``)."""

import os
import time

from ...i18n import _
from ...verdicts import Row
from .. import wire
from ..registry import EXERCISES
from ..reports import Report
from .judging import guard_of, judge_runner

__all__ = ['judge_remote', 'SPAWN_SECONDS']


SPAWN_SECONDS = 30.0
"""How long the grader waits for a fresh runner to load the student's function."""


def _judge_copy(answer, exercise, forks=None) -> Report:
    """Judge the student's function the kernel sent as a copy (``inkernel.serve_judge``), in a
    fresh runner, which forbids the exercise's course functions before it loads the copy:
    forked by `forks` (``pokerlib.practice.forks``), or else started here (``fresh.launch``)."""
    from .. import fresh
    try:
        copy = fresh.Copy.from_wire(answer)
    except ValueError:
        return Report(exercise, 'error', 'could not be checked', [('note', 'a bad copy')])
    guard = guard_of(EXERCISES[exercise]) if exercise in EXERCISES else None
    started = forks.launch(copy.pickle, copy.cells, guard=guard) if forks is not None else None
    proc, sock = started or fresh.launch(copy.pickle, copy.cells, guard=guard, isolated=True)
    try:
        return judge_runner(sock, exercise_name=exercise, describe_seconds=SPAWN_SECONDS,
                            pid=proc.pid)
    finally:
        sock.close()
        fresh.stop(proc)


def judge_remote(channel, exercises, token='', wait=60.0) -> list:
    """Judge each (function name, exercise) in the kernel served over `channel` (a connected
    UNIX socket to ``inkernel.serve_judge``); a Row each.

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
        return [Row(f, 'error', 0, 'the kernel did not answer the grader as it should')
                for f, _e in exercises]
    for function_name, exercise in exercises:
        start = time.monotonic()
        try:
            wire.send(channel, {'op': 'runner', 'function': function_name})
            answer = wire.receive(channel, time.monotonic() + wait)
        except wire.Silent:
            rows.append(Row(function_name, 'timeout', time.monotonic() - start, _(
                'the kernel did not answer for {name}').format(name=function_name)))
            continue
        except (wire.WireError, OSError):
            rows.append(Row(function_name, 'crash', 0, _(
                'the kernel stopped before {name} was judged').format(name=function_name)))
            continue
        if type(answer) is dict and type(answer.get('cannot')) is str:
            rows.append(Row(function_name, 'error', 0, answer['cannot'][:300]))
            continue
        if type(answer) is not dict or type(answer.get('pickle')) is not str:
            rows.append(Row(function_name, 'missing', 0, _('{name} is not defined').format(
                name=function_name)))
            continue
        report = _judge_copy(answer, exercise, forks)
        status, text = report.status, report.headline()
        if report.course:           # a fact, not a sentence: the course's own, not hers
            status, text = 'missing', _("{name} is the course's own version, not the student's").format(
                name=function_name)
        rows.append(Row(function_name, status, time.monotonic() - start, text, report.course))
    try:
        wire.send(channel, {'op': 'end'})
    except OSError:
        pass
    return rows
