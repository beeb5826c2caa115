"""A run's time limit counts the runner's own time, not the clock's seconds.

On a loaded grading machine (a load of 6 to 9 on two cores) an honest function got a third
of a core, and a limit of 5 seconds on the clock graded it slow (issue 49). ``Budget`` gives
a run of her function `limit` seconds of the time of the process that runs it: its CPU time
(``/proc/PID/stat``), or, while the judge waits for it, the clock's time less the time it
spent waiting for a CPU (``/proc/PID/schedstat``), so that a function that sleeps or blocks
is still stopped at its limit, and one that a busy machine keeps waiting is not. A backstop
on the clock (``registry.wall_limit``: 4 times the limit) stops a run whatever it does.
Where the runner's times cannot be read (no ``/proc``, another machine) the limit is the
clock's, as before.
"""

import os
import select
import time

from ..registry import wall_limit

__all__ = ['Budget', 'cpu_seconds', 'run_delay', 'runner_pid']


def _proc(pid, name, field):
    """Number `field` of /proc/PID/NAME (stat: after the command's name), an int; None if
    there is no such process, no /proc or no such field."""
    if type(pid) is not int or pid <= 0:
        return None
    try:
        with open(f'/proc/{pid}/{name}', 'rb') as f:
            return int(f.read().rpartition(b')')[2].split()[field])
    except (OSError, ValueError, IndexError):
        return None


def cpu_seconds(pid):
    """The CPU time (user and system, every thread's) that process `pid` has used so far, in
    seconds; None if it cannot be read (no such process, no /proc).

    >>> cpu_seconds(os.getpid()) >= 0, cpu_seconds(-1)
    (True, None)
    """
    user, system = _proc(pid, 'stat', 11), _proc(pid, 'stat', 12)
    return None if user is None or system is None else (user + system) / os.sysconf('SC_CLK_TCK')


def run_delay(pid):
    """The seconds process `pid`'s main thread (where the runner calls her function) has
    waited for a CPU while it was ready to run (``/proc/PID/schedstat``); None if unknown.

    >>> run_delay(os.getpid()) >= 0, run_delay(-1)
    (True, None)
    """
    delay = _proc(pid, 'schedstat', 1)
    return None if delay is None else delay / 1e9


def runner_pid(pid):
    """The process that runs her function, of the runner `pid` the kernel started: its one
    child, where it has one (a runner in namespaces of its own forks once more, and waits:
    ``runner._become_runner``), else `pid` itself (her code may start no process)."""
    try:
        with open(f'/proc/{pid}/task/{pid}/children', 'rb') as f:
            children = f.read().split()
        return int(children[0]) if len(children) == 1 else pid
    except (OSError, ValueError, TypeError):
        return pid


class Budget:
    """The time a run of her function may take (made when the run starts): `limit` seconds of
    the runner's (process `pid`'s) own time, the greater of its CPU time and, while the judge
    waits for its answer, the clock's time less the time it waited for a CPU (``run_delay``:
    a function that sleeps or waits spends its own time, one that a busy machine keeps
    waiting does not); and at most ``wall_limit(limit)`` on the clock. ``wait`` waits for an
    answer and says by when to read it; ``deadline`` moves a deadline on while time is left."""

    def __init__(self, limit, pid):
        self.limit, self.pid = limit, runner_pid(pid)
        self.cpu_start = cpu_seconds(self.pid)
        self.waited = 0.0       # its own time in the judge's waits before this one
        self.wall_end = time.monotonic() + wall_limit(limit)

    def spent(self, since=None):
        """The runner's own time in this run so far (None if its CPU time cannot be read);
        `since`: (clock, run_delay) at the start of the judge's present wait."""
        now = cpu_seconds(self.pid)
        if now is None or self.cpu_start is None:
            return None
        used = now - self.cpu_start
        own = self._own(since)
        return used if own is None else max(used, self.waited + own)

    def _own(self, since):
        delay = run_delay(self.pid)
        if since is None or since[1] is None or delay is None:
            return None
        return time.monotonic() - since[0] - (delay - since[1])

    def more(self, least=0.0, since=None) -> float:
        """Seconds on the clock to wait longer (at least `least`, at most up to the backstop):
        the time left of the limit; 0 when it is spent, when the backstop is reached, or
        when the runner's time cannot be read (then the clock's limit holds)."""
        used = self.spent(since)
        wall_left = self.wall_end - time.monotonic()
        if used is None or used >= self.limit or wall_left <= 0:
            return 0.0
        return min(max(self.limit - used, least), wall_left)

    def deadline(self, deadline, least=0.0, since=None) -> float:
        """`deadline` (on the clock), moved on if it passed while the runner has time left of
        its limit (by that time, and at least `least` seconds, within the backstop)."""
        if time.monotonic() < deadline:
            return deadline
        more = self.more(least, since)
        return time.monotonic() + more if more > 0 else deadline

    def wait(self, sock, deadline, least=0.0) -> float:
        """Wait until the runner's answer begins on `sock` (readable) or its time is up; the
        deadline to read the answer by (past: time is up)."""
        since = (time.monotonic(), run_delay(self.pid))
        try:
            while True:
                left = deadline - time.monotonic()
                if left > 0 and select.select([sock], [], [], left)[0]:
                    return deadline
                moved = self.deadline(deadline, least, since)
                if moved == deadline:
                    return deadline
                deadline = moved
        finally:
            own = self._own(since)
            self.waited += 0.0 if own is None else own
