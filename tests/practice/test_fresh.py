"""check where there is no fork (Windows): the runner a fresh interpreter, the kernel its watchdog.

These machines have fork, so the tests turn it off (``kernel.USE_FORK = False``).
This module's functions are sent by value, as a notebook's are (cloudpickle
sends what ``__main__`` defines by value, and this module is registered so).
"""

import os
import signal
import subprocess
import sys
import threading
import time
import types

import cloudpickle
import pytest

import pokerlib
from pokerlib.practice import fresh, kernel

import practice_support
from practice_support import straight_spinning, verdict

FACE = {'T': 10, 'J': 11, 'Q': 12, 'K': 13, 'A': 14}


@pytest.fixture(autouse=True)
def no_fork(monkeypatch):
    """Fork off, and this module's functions and practice_support's sent by value (the
    runner is a fresh Python that can't import them: pytest put them on its own path)."""
    monkeypatch.setattr(kernel, 'USE_FORK', False)
    modules = [sys.modules[__name__], practice_support]
    for module in modules:
        cloudpickle.register_pickle_by_value(module)
    yield
    for module in modules:
        cloudpickle.unregister_pickle_by_value(module)


def runners() -> list:
    """The fresh runners alive that this process started."""
    mine = []
    for stat in os.listdir('/proc'):
        if stat.isdigit():
            try:
                with open(f'/proc/{stat}/cmdline', 'rb') as f:
                    command = f.read()
                with open(f'/proc/{stat}/stat') as f:
                    parent = int(f.read().rsplit(')', 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if b'pokerlib.practice.fresh_runner' in command and parent == os.getpid():
                mine.append(int(stat))
    return mine


def value(card):
    return FACE.get(card[0]) or int(card[0])


def card_ranks(hand):
    ranks = sorted(map(value, hand), reverse=True)
    return [5, 4, 3, 2, 1] if ranks == [14, 5, 4, 3, 2] else ranks


def test_a_function_that_uses_the_notebooks_helpers_and_values_is_judged():
    verdict(card_ranks, 'card_ranks', 'pass')

    def card_ranks_wrong(hand):
        return sorted(map(value, hand), reverse=True)
    verdict(card_ranks_wrong, 'card_ranks', 'fail', "card_ranks(['", 'ace plays low')
    assert runners() == []


def test_a_stub_a_course_function_and_a_call_of_the_course_are_told_apart():
    def straight(ranks):
        """Is it a straight?"""
        raise NotImplementedError()
    verdict(straight, 'straight', 'todo', 'not written yet')
    verdict(pokerlib.straight, 'straight', 'todo', "the course's version")

    def straight(ranks):
        return pokerlib.straight(ranks)
    verdict(straight, 'straight', 'fail', "you called the course's own straight")


@pytest.mark.slow      # 2 to 6 seconds: the slow tier keeps make test under a minute
def test_a_loop_in_c_a_bare_except_and_an_exit_end_only_the_runner(short_limit):
    def straight(ranks):
        return sum(range(10**11))             # one C call: no exception can stop it
    for function in (straight, straight_spinning):
        start = time.monotonic()
        verdict(function, 'straight', 'slow', 'was too slow on straight([')
        assert time.monotonic() - start < 1.5 + 1 + 0.5, function   # limit, a second, load
    before = threading.active_count()

    def straight(ranks):
        os._exit(0)
    verdict(straight, 'straight', 'error', 'ended the program')

    def straight(ranks):
        os.kill(os.getpid(), signal.SIGKILL)
    # (issue 49: a judged call may not signal a process; the refusal names what she did)
    verdict(straight, 'straight', 'fail', 'a check does not allow: os.kill')
    assert threading.active_count() == before and runners() == []


@pytest.mark.slow      # 2 to 6 seconds: the slow tier keeps make test under a minute
def test_what_the_students_code_starts_ends_with_its_runner(short_limit, tmp_path):
    record = tmp_path / 'pid'

    def straight(ranks):
        child = subprocess.Popen(['sleep', '300'])
        record.write_text(str(child.pid))
        while True:
            pass
    # A judged call may not start a process at all (guard.refuse): Popen raises, so there
    # is no child to outlive its runner.
    verdict(straight, 'straight', 'fail', 'a check does not allow: subprocess.Popen')
    assert not record.exists()


class Endless:
    """An object whose copying never ends (its pickling hook sleeps)."""

    def __reduce_ex__(self, protocol):
        time.sleep(60)

    def __call__(self, hand):
        return True


class Exiting:
    """An object whose copying raises SystemExit."""

    def __reduce_ex__(self, protocol):
        raise SystemExit(3)

    def __call__(self, hand):
        return True


@pytest.mark.slow      # 1 to 2 seconds: the slow tier keeps make test under a minute
def test_an_object_that_cannot_be_copied_gets_a_report_in_time(monkeypatch):
    monkeypatch.setattr(fresh, 'COPY_SECONDS', 1.0)
    start = time.monotonic()
    verdict(Endless(), 'flush', 'slow', 'more than 1 seconds to be copied')
    assert time.monotonic() - start < 1.5
    verdict(Exiting(), 'flush', 'error', 'could not be copied', 'SystemExit')
    numbers = (n for n in range(3))

    def flush(hand, numbers=numbers):
        return len({s for r, s in hand}) == 1
    verdict(flush, 'flush', 'error', 'could not be copied', 'TypeError', 'a generator')


def test_a_function_the_runner_cannot_load_is_told_so():
    ghost = types.ModuleType('ghost_module_of_a_notebook')
    exec('def flush(hand):\n    return len({s for r, s in hand}) == 1', vars(ghost))
    sys.modules[ghost.__name__] = ghost           # importable here, not in a fresh Python
    try:
        verdict(ghost.flush, 'flush', 'error', 'could not be loaded', 'ModuleNotFoundError',
                'ghost_module_of_a_notebook')
    finally:
        del sys.modules[ghost.__name__]


@pytest.mark.slow
def test_in_a_notebook_without_fork_her_cells_source_reaches_the_runner():
    """A kernel as a student's on Windows: her stub is seen as one (its source comes from
    the kernel's cells), her helper in another cell goes with her function, and an error
    shows her line."""
    import nbformat
    from nbclient import NotebookClient
    cells = ['from pokerlib.practice import check, kernel\nkernel.USE_FORK = False',
             "ORDER = '--23456789TJQKA'",
             'def straight(ranks):\n    "Is it a straight?"\n    raise NotImplementedError()',
             'print(check(straight))',
             'def span(ranks):\n    return max(ranks) - min(ranks)',
             'def straight(ranks):\n    return len(set(ranks)) == 5 and span(ranks) == 4',
             'print(check(straight))',
             'def straight(ranks):\n    return ORDER[ranks[5]]',
             'print(check(straight))']
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(nb, timeout=120, kernel_name='python3').execute()
    out = [''.join(o.get('text', '') for o in nb.cells[i].outputs) for i in (3, 6, 8)]
    assert 'not written yet' in out[0], out[0]
    assert out[1].startswith('✓ straight'), out[1]
    assert 'IndexError' in out[2] and 'return ORDER[ranks[5]]' in out[2], out[2]
