"""The grader's runners, forked from one fresh interpreter per notebook (``pokerlib.practice.forks``).

Each runner is a process of its own that starts from the same clean parent:
what one runner's code does (a global changed, a module replaced) is never
seen by the next, the parent never runs her code, and a parent that is gone
makes the grader start fresh runners as before. This module's functions are
sent by value, as a notebook's are.
"""

import os
import sys
import time

import cloudpickle
import pytest

from pokerlib.practice import fresh, wire
from pokerlib.practice.forks import Forks
from pokerlib.practice.judge import remote
from pokerlib.practice.judge.judging import judge_runner

pytestmark = pytest.mark.skipif(not hasattr(os, 'fork'), reason='fork: POSIX only')

MARK = []


@pytest.fixture(autouse=True)
def by_value():
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield
    cloudpickle.unregister_pickle_by_value(sys.modules[__name__])


@pytest.fixture
def forks():
    parent = Forks()
    yield parent
    parent.close()


def call(sock, *args):
    """Her function's answer to one call, over the runner's socket."""
    wire.send(sock, {'op': 'call', 'args': list(args)})
    return wire.receive(sock, time.monotonic() + 30)


def marks_and_counts(n):
    """Changes what a fresh interpreter would hold (a global, a module) and says how much."""
    MARK.append(n)
    os.environ['POKERLIB_FORKS_TEST'] = str(n)
    sys.modules['json'] = None
    return [len(MARK), os.getpid()]


def alive(pid) -> bool:
    try:
        with open(f'/proc/{pid}/stat') as f:
            return f.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except OSError:
        return False


def test_each_runner_is_a_fresh_process_that_keeps_nothing_of_the_one_before(forks):
    seen = []
    for n in range(3):
        forked, sock = forks.launch(fresh.pickled(marks_and_counts, 'marks_and_counts'), {})
        with sock:
            answer = call(sock, n)
        fresh.stop(forked)
        count, pid = answer['ok']['L']          # (a list, as the wire carries it)
        seen.append(pid)
        assert count == 1            # the MARK of the runner before is not in this one
        assert pid == forked.pid and pid not in (os.getpid(), forks.proc.pid)
    assert len(set(seen)) == 3
    assert 'POKERLIB_FORKS_TEST' not in os.environ and MARK == []
    time.sleep(0.2)
    assert not any(alive(pid) for pid in seen)        # each stopped, and reaped by the parent
    assert alive(forks.proc.pid)


def card_ranks(hand):
    ranks = sorted(['--23456789TJQKA'.index(r) for r, s in hand], reverse=True)
    return [5, 4, 3, 2, 1] if ranks == [14, 5, 4, 3, 2] else ranks


def card_ranks_wrong(hand):
    return sorted(['--23456789TJQKA'.index(r) for r, s in hand], reverse=True)


@pytest.mark.slow            # the slow tier (CI runs it): make test keeps under a minute
def test_a_forked_runner_is_judged_as_a_fresh_one(forks):
    from pokerlib.practice import exercises  # noqa: F401  (the judge needs them)
    for function, status in ((card_ranks, 'pass'), (card_ranks_wrong, 'fail')):
        forked, sock = forks.launch(fresh.pickled(function, 'card_ranks'), {})
        try:
            report = judge_runner(sock, exercise_name='card_ranks', describe_seconds=30)
        finally:
            sock.close()
            fresh.stop(forked)
        assert report.status == status, report.headline()


def test_a_parent_that_is_gone_gives_none_and_the_grader_starts_a_fresh_runner(forks, monkeypatch):
    os.kill(forks.proc.pid, 9)
    forks.proc.wait()
    assert forks.launch(fresh.pickled(card_ranks, 'card_ranks'), {}) is None
    assert forks.launch(fresh.pickled(card_ranks, 'card_ranks'), {}) is None   # (closed)
    started = []
    real = fresh.launch

    def launch(*args, **kwargs):
        started.append(args)
        return real(*args, **kwargs)
    monkeypatch.setattr(fresh, 'launch', launch)
    from pokerlib.practice import exercises  # noqa: F401
    import base64
    answer = {'pickle': base64.b64encode(fresh.pickled(card_ranks, 'card_ranks')).decode(),
              'cells': {}}
    report = remote._judge_copy(answer, 'card_ranks', forks)
    assert report.status == 'pass' and len(started) == 1


def dumpable():
    import ctypes
    return ctypes.CDLL(None).prctl(3, 0, 0, 0, 0)         # PR_GET_DUMPABLE


@pytest.mark.slow
def test_the_parent_and_its_runners_cannot_be_traced():
    """The parent is made undumpable before it forks (no process of the sandbox's account
    may trace it or read its memory), so each runner is born so too; a fresh Python is not."""
    parent = Forks()
    try:
        forked, sock = parent.launch(fresh.pickled(dumpable, 'dumpable'), {})
        with sock:
            assert call(sock)['ok'] == 0
        fresh.stop(forked)
    finally:
        parent.close()
    assert parent.proc.poll() is not None
    proc, sock = fresh.launch(fresh.pickled(dumpable, 'dumpable'), {})
    with sock:
        assert call(sock)['ok'] == 1
    fresh.stop(proc)
