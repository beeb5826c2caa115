"""The judge's process for ``check``: a fresh interpreter the kernel starts at its first
check and keeps for its life (so it keeps its answer tables), serving the kernel on a
socket; started by ``__main__`` once the exercises are loaded."""

import sys

from ...i18n import _, set_language
from .. import wire
from ..registry import EXERCISES, SLOW, checked_next, lessons
from ..reports import Report
from .judging import judge_runner

__all__ = ['main', 'harden', 'work_for_lesson', 'work_for_later']


def harden():
    """No other process of this user may trace this one or read its memory (Linux)."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)          # PR_SET_DUMPABLE, 0
    except (OSError, AttributeError, TypeError):        # (Windows: no CDLL(None), no prctl)
        pass


def main(fd):
    """Serve the kernel on the socket fd (None: the socket shared on stdin, Windows): for each
    check, judge the runner whose socket comes with the request (``wire.CheckRequest``), and
    answer (``wire.Reply``) with the seconds it may take, then the report."""
    import socket
    harden()
    control = (socket.socket(fileno=fd) if fd is not None
               else socket.fromshare(sys.stdin.buffer.read()))
    wire.send(control, wire.Reply('ready').to_wire())
    idle = []
    while True:
        _prepare_while_idle(control, idle)
        try:
            request, sock = wire.receive_socket(control)
        except wire.WireError:
            return
        if sock is None:
            if type(request) is dict and request.get('op') == 'lesson':
                idle[:] = work_for_lesson(request.get('lesson'))
            continue
        request = wire.CheckRequest.from_wire(request)
        try:
            set_language(request.language)
        except ValueError:
            set_language('en')
        try:
            report = judge_runner(
                sock, at_most=request.at_most, slow=SLOW if request.slow is None else request.slow,
                started=lambda seconds: wire.send(control, wire.Reply('started', seconds).to_wire()),
                defined=request.defined, pid=request.runner)
        except BaseException as e:       # pragma: no cover - a bug in the judge
            report = Report('check', 'error', _('could not be checked'),
                            [('error', f'{type(e).__name__}: {e}')])
        finally:
            sock.close()
        wire.send(control, wire.Reply('report', report.to_data()).to_wire())
        idle[:] = work_for_later(report.exercise, passed=report.status == 'pass')


def work_for_lesson(lesson) -> list:
    """What the judge works out while it waits for a notebook's first check: the tables of the
    first exercise of lesson notebook `lesson` (1 to 8; anything else: nothing).

    >>> work_for_lesson(1) == list(EXERCISES['hand_rank'].prepare), work_for_lesson('1')
    (True, [])
    """
    if type(lesson) is not int or not 1 <= lesson <= len(lessons()):
        return []
    return [prepare for prepare in EXERCISES[lessons()[lesson - 1][0]].prepare
            if not prepare.every_check]


def work_for_later(name, passed=False) -> list:
    """What the judge works out while it waits for the next check, after a check of exercise
    `name`. If it did not pass: that exercise's ``later`` (what a wrong answer's hint needs,
    in small pieces), so that the next try's report comes as quickly as a right one's. Then
    the tables of the exercise the notebook checks next (``checked_next``), while the
    student reads on to it. Only those: made ahead, every table of a lesson would hold up a
    check that comes sooner than expected (a table takes up to a second); a table the next
    check needs anyway holds up nothing. A prepare made for each check (``every_check``:
    hole cards drawn afresh) is left to its check."""
    exercise = EXERCISES.get(name)
    if exercise is None:
        return []
    work = [] if passed else list(exercise.later)
    for after in checked_next(name):
        work += [prepare for prepare in EXERCISES[after].prepare
                 if not prepare.every_check and prepare not in work]
    return work


def _prepare_while_idle(control, idle):
    """Run the waiting prepares one at a time, as long as no request waits on `control`; a
    prepare with a ``step`` (a cases_judge's table) a step at a time, until it says it is
    done, so that a check that comes meanwhile waits for one step at most."""
    import select
    while idle and not select.select([control], [], [], 0)[0]:
        try:
            if idle[0].step is None or not idle[0].step():
                idle.pop(0)()
        except Exception:        # the check that needs it reports it
            idle.clear()
