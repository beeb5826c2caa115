"""A check's time limit counts the runner's own time, not the clock's (issue 49).

On a loaded grading machine an honest function got a third of a core, and a limit of 5 s on
the clock graded it slow. The limit now counts the CPU time of the process that runs her
function, and its time asleep, but not the time it waits for a CPU (``judge.budget``): here
the runner shares one CPU with three busy processes. A function slow on the CPU is still
slow, and one that sleeps is still stopped at its limit (tests/practice/test_attacks.py);
the clock's backstop stops a run whatever it does.
"""

import os
import subprocess
import sys
import time

import pytest

from pokerlib.practice import check, kernel
from pokerlib.practice.judge.budget import Budget, cpu_seconds, run_delay
from pokerlib.practice.registry import wall_limit

from practice_support import named, right_straight

pytestmark = pytest.mark.slow   # (the slow tier: make test stays under a minute; CI runs both)

LIMIT = 1.5
HOGS = 3


def _one_cpu():
    return min(os.sched_getaffinity(0))


def _child(code, cpu=None):
    """A Python process running `code`, on `cpu` alone if given."""
    return subprocess.Popen(        # (a session each: where the scheduler shares a CPU
        [sys.executable, '-c', code], stdin=subprocess.DEVNULL,   # between sessions first)
        start_new_session=True,
        preexec_fn=(lambda: os.sched_setaffinity(0, {cpu})) if cpu is not None else None)


@pytest.fixture
def busy_cpu():
    """One CPU that HOGS busy processes share with this process (and so with the runners it
    forks): each gets a quarter of it. Yields the CPU's number; the hogs end after."""
    cpu, before = _one_cpu(), os.sched_getaffinity(0)
    hogs = [_child('while True: pass', cpu) for _ in range(HOGS)]
    os.sched_setaffinity(0, {cpu})
    try:
        yield cpu
    finally:
        os.sched_setaffinity(0, before)
        for hog in hogs:
            hog.kill()
            hog.wait()


def _work(seconds):
    """A range whose sum takes about `seconds` of CPU time here (measured on a quiet CPU)."""
    n = 10 ** 6
    start = time.process_time()
    sum(range(n))
    return int(n * seconds / max(time.process_time() - start, 1e-4))


# --- the budget, on processes of its own ------------------------------------------------

def test_a_runner_s_own_time_is_its_cpu_time_and_its_sleep_not_its_wait_for_a_cpu(busy_cpu):
    spinner = _child('while True: pass', busy_cpu)
    sleeper = _child('import time; time.sleep(60)')
    try:
        time.sleep(0.3)
        spinning, sleeping = Budget(60, spinner.pid), Budget(60, sleeper.pid)
        since = {p.pid: (time.monotonic(), run_delay(p.pid)) for p in (spinner, sleeper)}
        time.sleep(2.0)
        own = {b.pid: b.spent(since[b.pid]) for b in (spinning, sleeping)}
        # The spinner had a quarter of a CPU: about 0.5 s of its own in 2 s on the clock.
        assert 0.2 < own[spinner.pid] < 1.2, own
        assert abs(own[spinner.pid] - spinning.spent()) < 0.3, own   # its own time: its CPU's
        # The sleeper used no CPU, and all of its 2 s were its own.
        assert sleeping.spent() < 0.1 and 1.8 < own[sleeper.pid] < 2.5, own
    finally:
        for p in (spinner, sleeper):
            p.kill()
            p.wait()


def test_where_the_runner_cannot_be_read_the_clock_s_limit_holds():
    gone = Budget(LIMIT, -1)
    assert gone.spent() is None and gone.more() == 0.0
    deadline = time.monotonic() - 1
    assert gone.deadline(deadline) == deadline          # (time is up, as before)
    assert cpu_seconds(os.getpid()) > 0 and wall_limit(LIMIT) == 4 * LIMIT


def test_the_backstop_on_the_clock_ends_a_run_with_time_left():
    b = Budget(LIMIT, os.getpid())
    assert 0 < b.more() <= LIMIT
    b.wall_end = time.monotonic()                      # (the backstop reached)
    assert b.more() == 0.0


# --- check, with the runner on a busy CPU --------------------------------------------------

@pytest.fixture
def limited(monkeypatch):
    assert check(right_straight, name='straight')      # the judge started, its tables made
    monkeypatch.setattr(kernel, 'AT_MOST', LIMIT)


def straight_working(n):
    """A right straight whose first call sums range(n) first."""
    done = []

    @named('straight')
    def straight(ranks):
        if not done:
            done.append(sum(range(n)))
        return len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4
    return straight


def test_a_busy_machine_does_not_make_an_honest_function_slow(limited, busy_cpu):
    work = _work(0.6)          # (measured on the busy CPU: the ratio is what counts)
    start = time.monotonic()
    report = check(straight_working(work), name='straight')
    took = time.monotonic() - start
    assert report.status == 'pass', str(report)
    # It had a quarter of a CPU: the clock's limit (LIMIT + GRACE) would have stopped it.
    assert took > LIMIT + 0.5, took


def test_a_function_slow_on_the_cpu_is_still_slow(limited, busy_cpu):
    start = time.monotonic()
    report = check(straight_working(10 ** 12), name='straight')
    assert report.status == 'slow', str(report)
    assert time.monotonic() - start < wall_limit(LIMIT) + 2


def test_a_function_that_sleeps_is_stopped_at_its_limit_on_a_busy_machine(limited, busy_cpu):
    @named('straight')
    def straight(ranks):
        time.sleep(100)
    start = time.monotonic()
    report = check(straight, name='straight')
    assert report.status == 'slow', str(report)
    assert time.monotonic() - start < LIMIT + 1 + 1.0       # (test_attacks' promise)
