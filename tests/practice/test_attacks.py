"""Attacks on check, each answered by a report that is not a pass, within the limit plus a second.

The student's function runs in a runner process; the judge in a process of
its own; only plain data crosses. Each test here is a way students (or the
last round's hostile battery) tried to fool or break check.
"""

import fcntl
import functools
import json
import os
import signal
import struct
import sys
import time

import pytest

import pokerlib
from pokerlib.practice import check, kernel, runner

pytestmark = pytest.mark.slow   # (the slow tier: make test stays under a minute; CI runs both)


LIMIT = 1.5
PROMISE = LIMIT + 1 + 1.0       # the limit, the promised second, and slack for a loaded machine


def right_straight(ranks):
    return len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4


@pytest.fixture
def limited(monkeypatch):
    """Checks stopped after LIMIT seconds, the judge started and straight's tables made."""
    assert check(right_straight, name='straight')
    monkeypatch.setattr(kernel, 'AT_MOST', LIMIT)


def not_passed(function, name, *words, status=None, within=PROMISE):
    start = time.monotonic()
    report = check(function, name=name)
    took = time.monotonic() - start
    text = str(report)
    assert isinstance(report, kernel.Report)
    assert report.status != 'pass' and not report, text
    if status:
        assert report.status == status, text
    for word in words:
        assert word in text, (word, text)
    assert took < within, (took, text)
    return report


def namespaces():
    """Can this machine give a runner namespaces of its own?"""
    pid = os.fork()
    if pid == 0:
        os._exit(0 if runner._namespaces(runner._libc()) else 1)
    return os.waitpid(pid, 0)[1] == 0


# --- forged verdicts ----------------------------------------------------------------

def forged_pass(ranks):
    """Write a forged 'pass' report into every file descriptor, then leave."""
    report = {'report': {'name': 'straight', 'status': 'pass', 'summary': 'forged', 'sentence': False,
                         'details': [], 'seconds': 0.1}}
    body = json.dumps(report).encode()
    for fd in range(0, 256):
        for frame in (struct.pack('>I', len(body)) + body, b'\x1fpokerlib-grade:' + body):
            try:
                os.write(fd, frame)
            except OSError:
                pass
    for fd in range(0, 256):
        for name in (f'/proc/{os.getppid()}/fd/{fd}',):
            try:
                with open(name, 'wb') as f:
                    f.write(struct.pack('>I', len(body)) + body)
            except OSError:
                pass
    os._exit(0)


def test_a_forged_pass_written_into_every_descriptor_is_not_a_verdict(limited):
    not_passed(forged_pass, 'straight')
    assert check(right_straight, name='straight')        # and the next check is still right


def test_answers_that_say_they_equal_everything_are_not_plain_data(limited):
    class Liar(int):
        def __eq__(self, other):
            return True
        __hash__ = int.__hash__

    class Yes(str):
        def __eq__(self, other):
            return True
        __hash__ = str.__hash__

    class Top(tuple):
        def __gt__(self, other):
            return True
        __eq__ = __ge__ = __gt__
        __hash__ = tuple.__hash__

    not_passed(lambda n, ranks: Liar(0), 'kind', 'Liar', status='fail')
    not_passed(lambda: Yes('one pair'), 'most_common_seven', 'Yes', status='fail')
    not_passed(lambda ranks: Liar(1) == 1, 'straight')                      # a bool: plainly wrong
    not_passed(lambda hand: Top((9,)), 'hand_rank_elif', 'Top', status='fail', within=30)


def test_patching_the_judges_from_a_cell_or_from_the_function_changes_nothing(limited, monkeypatch):
    def wrong(ranks):
        return True
    # From a cell: the kernel's registry and judges are not the judge's.
    from pokerlib.practice.exercises import EXERCISES
    monkeypatch.setattr(EXERCISES['straight'], 'judge', lambda run: None)
    import pokerlib.practice.exercises.judges as judges
    monkeypatch.setattr(judges, 'same_value', lambda *a, **k: True)
    not_passed(wrong, 'straight', status='fail')

    # From inside the function: it patches its own process only.
    def patching(ranks):
        import pokerlib.practice.exercises as c
        import pokerlib.practice.exercises.judges as j
        import pokerlib.practice.exercises.lesson06 as l6
        c.EXERCISES['straight'].judge = lambda run: None
        j.same_value = lambda *a, **k: True
        l6.hand_rank_wild = lambda hand: 0
        return True
    not_passed(patching, 'straight', status='fail')


@pytest.mark.slow
def test_no_frame_holds_the_judges_expected_answer(limited):
    def peeking(ranks):
        frame = sys._getframe()
        while frame is not None:
            for key in ('expected', 'expect', 'reference'):
                if key in frame.f_locals:
                    value = frame.f_locals[key]
                    return value(ranks) if callable(value) else value
            frame = frame.f_back
        return 'no judge here'
    not_passed(peeking, 'straight', status='fail')


# --- the course's own functions -------------------------------------------------------

def test_the_courses_function_in_any_wrapper_is_not_an_answer(limited):
    alias = pokerlib.straight                 # an alias made earlier

    def wrapper(ranks):
        return pokerlib.straight(ranks)

    def via_alias(ranks):
        return alias(ranks)

    class Player:
        def straight(self, ranks):
            return pokerlib.ranking.straight(ranks)
    bound = Player().straight
    partial = functools.partial(pokerlib.straight)
    from pokerlib import fast

    def via_fast(ranks):
        return fast.straight(ranks) if hasattr(fast, 'straight') else pokerlib.straight(ranks)
    for f in (wrapper, via_alias, bound, via_fast, functools.partial(wrapper)):
        not_passed(f, 'straight', "you called the course's own straight: write it yourself",
                   status='fail')
    not_passed(partial, 'straight', "the course's version", status='todo')   # it is, unwrapped


def test_the_lessons_references_are_not_answers(limited):
    from pokerlib.practice.exercises.lesson01_rankings import ranking_reference
    from pokerlib.practice.exercises.lesson06 import best_deuces_wild
    not_passed(best_deuces_wild, 'best_deuces_wild', "course's version", status='todo')
    not_passed(lambda hand: ranking_reference(hand), 'hand_rank', "you called the course's own",
               status='fail', within=30)
    not_passed(lambda hand: best_deuces_wild(hand), 'best_deuces_wild',
               "you called the course's own", status='fail', within=60)


@pytest.mark.slow
def test_helpers_of_the_course_with_other_names_may_be_used(limited):
    def straight(ranks):                         # uses the course's card_ranks: allowed
        ranks = pokerlib.card_ranks([f'{"--23456789TJQKA"[r]}S' for r in ranks])
        return len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4
    report = check(straight)
    assert "course's own" not in str(report), str(report)


# --- the kernel is never hurt -----------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize('sig', ['SIGINT', 'SIGTERM', 'SIGSTOP'])
def test_signals_sent_to_the_kernel_never_reach_it(limited, sig):
    if sig == 'SIGSTOP' and not namespaces():
        pytest.skip('no user namespaces here: a SIGSTOP would stop the test run')
    kernel = os.getpid()
    number = getattr(signal, sig)

    def straight(ranks):
        for pid in {os.getppid(), kernel}:
            try:
                os.kill(pid, number)
            except OSError:
                pass
        return right_straight(ranks)
    report = check(straight)
    assert report.status in ('pass', 'error'), str(report)     # never an exception here
    assert check(right_straight, name='straight')


@pytest.mark.slow
def test_os_exit_and_a_sleep_past_the_limit_are_reports_in_time(limited):
    def straight(ranks):
        os._exit(0)
    not_passed(straight, 'straight', 'ended the program', status='error')

    def straight(ranks):
        time.sleep(100)
    not_passed(straight, 'straight', 'was too slow', status='slow')


@pytest.mark.slow
def test_hostile_attributes_are_met_in_the_runner_not_the_kernel(limited):
    class Exits:
        def __getattr__(self, name):
            raise SystemExit(1)

        def __call__(self, ranks):
            return True

    class Sleeps:
        def __getattr__(self, name):
            time.sleep(100)

        def __call__(self, ranks):
            return True

        def __repr__(self):
            time.sleep(100)
            return 'x'
    not_passed(Exits(), 'straight')
    not_passed(Sleeps(), 'straight')
    not_passed(Sleeps(), None)


@pytest.mark.slow
@pytest.mark.parametrize('body', [
    'os._exit(0)',
    'exit()',
    'time.sleep(100)',
    'sum(range(10**11))',
    'print("x" * 10**6 + "\\n" * 10**6)',
    'bytearray(10**13)',
    '[os.fork() for _ in range(3)]; time.sleep(100)',
])
def test_every_way_out_is_a_report_in_time(limited, body):
    space = {'os': os, 'time': time}
    exec(f'def straight(ranks):\n    {body}\n    return True', space)
    not_passed(space['straight'], 'straight')


@pytest.mark.slow
def test_processes_the_function_starts_end_with_the_check(limited, tmp_path):
    lock = tmp_path / 'lock'
    lock.write_text('')

    def straight(ranks):
        for _ in range(5):
            if os.fork() == 0:
                f = open(lock)
                fcntl.flock(f, fcntl.LOCK_SH)
                os.setsid()
                time.sleep(60)
                os._exit(0)
        time.sleep(100)
    # A judged call may not start a process at all (guard.refuse): the fork raises.
    not_passed(straight, 'straight', 'a check does not allow: os.fork', status='fail')
    if not namespaces():
        pytest.skip('no PID namespace here: a child that left the session survives')
    with open(lock) as f:
        deadline = time.monotonic() + 3
        while True:
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break                          # nobody holds it: every child is gone
            except BlockingIOError:
                assert time.monotonic() < deadline, 'a child of the checked function survived'
                time.sleep(0.05)


@pytest.mark.slow
def test_a_right_rejection_sampling_shuffle_inside_try_except_is_not_trapped():
    # The judge's control flow is not made of exceptions the student's code can catch:
    # a right shuffle by rejection sampling, in a loop that swallows every Exception,
    # ends and passes (it draws bits until it has a position from 0 to i).
    def shuffle2(deck, rng):
        for i in range(len(deck) - 1, 0, -1):
            bits = i.bit_length()
            while True:
                try:
                    j = rng.getrandbits(bits)
                except Exception:
                    continue
                if j <= i:
                    break
            deck[i], deck[j] = deck[j], deck[i]
    report = check(shuffle2)
    assert report.status == 'pass', str(report)


def fair_then(deck, rng, tamper):
    for i in range(len(deck) - 1):
        j = rng.randrange(i, len(deck))
        deck[i], deck[j] = deck[j], deck[i]
    tamper(rng)


@pytest.mark.parametrize('tamper', [
    lambda rng: setattr(rng, 'draws', ['x'] * len(rng.draws)),        # not numbers
    lambda rng: setattr(rng, 'sizes', [2 ** 10_000] * len(rng.sizes)),  # a size past any draw
    lambda rng: setattr(rng, 'sizes', [1] * len(rng.sizes)),           # every draw certain
    lambda rng: setattr(rng, 'kinds', ['z'] * len(rng.kinds)),
    lambda rng: setattr(rng, 'draws', rng.draws + [0]),                # lists of unequal length
    lambda rng: rng.__dict__.clear(),
], ids=['draws', 'huge-size', 'certain', 'kinds', 'lengths', 'cleared'])
def test_a_shuffle_that_rewrites_the_generators_record_is_not_passed(limited, tamper):
    # The judge's generator crosses back as its draws and their sizes ('SR'); a shuffle that
    # rewrites that record after shuffling fairly gets a report, never a pass or a crash.
    report = not_passed(functools.partial(fair_then, tamper=tamper), 'shuffle2')
    assert report.status in ('fail', 'error'), str(report)


def test_a_check_inside_the_checked_function_is_refused_not_run(limited):
    def straight(ranks):
        inner = check(right_straight, name='straight')
        return bool(inner)
    not_passed(straight, 'straight', status='fail')


def short_form_liar(reply):
    """A straight that, from its first call on, has the runner answer each later batch of
    calls with `reply(request)` in the short form ({'oks': [...], 't': seconds})."""
    def straight(ranks):
        runner.Server.answer = lambda self, request: reply(request)
        return len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4
    return straight


@pytest.mark.slow
@pytest.mark.parametrize('reply', [
    lambda request: {'oks': 'yes', 't': 0.0},                                     # not a list
    lambda request: {'oks': [True], 't': 0.0},                                    # too few
    lambda request: {'oks': [True] * (len(request['calls']) + 1), 't': 0.0},      # too many
    lambda request: {'oks': [{'Z': 1}] * len(request['calls']), 't': 0.0},        # not plain data
    lambda request: {'oks': [True] * len(request['calls']), 't': float('nan')},   # no time
    lambda request: {'oks': [True] * len(request['calls'])},
], ids=['not-a-list', 'too-few', 'too-many', 'untagged', 'nan-time', 'no-time'])
def test_a_runner_that_forges_the_short_form_of_a_batch_gets_no_pass(limited, reply):
    # Where every call of a batch returned plain data and nothing else happened, the runner
    # answers in a short form; a forged one is read as untrusted, like every answer.
    not_passed(short_form_liar(reply), 'straight')
    assert check(right_straight, name='straight')


def test_the_short_form_carries_the_same_answers_as_the_long_one(limited):
    # Batches answered in the short form (plain answers) and in the long one (a call that
    # printed) are judged alike: the same wrong answer is found on the same hand either way.
    def wrong(ranks, printing):
        if printing:
            print(ranks)
        return len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4 and 9 not in ranks
    quiet = check(functools.partial(wrong, printing=False), name='straight')
    loud = check(functools.partial(wrong, printing=True), name='straight')
    assert quiet.status == loud.status == 'fail'
    assert str(quiet).splitlines()[:3] == str(loud).splitlines()[:3]
