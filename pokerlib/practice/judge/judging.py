"""The judge as a library: a ``Run`` that calls the student's function in her runner, and
the verdict on it.

The judge talks to a runner (the student's side, ``pokerlib.practice.runner``) over a
socket, sends it plain data, reads back plain data only, and composes a ``Report`` that goes
back as plain data. Its own control flow (Mismatch, time up...: ``errors``) is made of
exceptions raised in this process, which no student code can catch. Which process that is:
``serving`` (for ``check``: ``python -E -s -m pokerlib.practice.judge``) or ``remote`` (the
grader's own).

The API a judge (a lesson's ``@exercise`` function) sees is ``run``:
``run(*args, shown=None, changes=False, **kwargs)`` calls the student's
function and returns what it returned; ``run.map([args, ...], ...)``
makes a batch of calls in one round trip; ``run.name``, ``run.cases``,
``run.last_call`` as before. An argument the call changed comes back
changed when ``changes=True`` (a shuffled deck, a generator's draws) and
fails the check otherwise.
"""

import itertools
import time

from ...i18n import N_, _
from .. import codeprint, wire
from ..lessons_given import given_refs
from ..registry import EXERCISES, SLOW, lessons
from ..reports import Mismatch, Report, code, describe_call, plain, prose, short
from ..values import apply_rng_state, encode_arg, from_json, to_python  # noqa: F401
from ..values import _from_plain
from .budget import Budget
from .errors import CourseCalled, RunnerGone, StudentError, TimeUp
from .failures import (course_report, error_report, gone_report, mismatch_report, slow_report,
                       what_printed)
from .which import not_written, redefined_note, which_exercise

import random

__all__ = ['Run', 'judge_exercise', 'judge_runner', 'guard_of', 'GRACE', 'batch_frame']

GRACE = 0.5
"""The judge waits this many seconds past the limit before it reports 'slow'."""

DESCRIBE_SECONDS = 2.0
"""How long the runner may take to say what the object is."""

def _changed_hint(what, i):
    return _('your function changed the {what} it was given (argument {i}); the code that '
             'calls it still needs it as it was: work on a copy, e.g. {copy} instead of '
             '{in_place}').format(what=what, i=i + 1, copy=code('sorted(ranks)'),
                                  in_place=code('ranks.sort()'))


class Run:
    """Calls the function under test in the runner, and remembers the call.

    Each call is made on the judge's arguments, sent as plain data; a change
    the function makes to a list, dict, set or array it was given fails the
    check (the lecture's hand_rank calls the helpers on one list of ranks,
    and a helper that sorts or empties it breaks the next one), unless the
    judge says ``changes=True`` (a shuffle): then the judge's own argument is
    changed the same way.
    """

    def __init__(self, sock, name, deadline=None, pid=None):
        self.sock, self.name, self.deadline, self.pid = sock, name, deadline, pid
        self.limit, self.started = None, None   # (_judged sets them: see another_run)
        self.budget = None              # the run's CPU time (judge.budget), once it has a limit
        self._call, self.cases = None, 0
        self.returns = []
        self.only_none = True
        self.printed = None             # [lines in all, the last lines] of the last call
        self.printed_lines = 0          # lines finished (newlines), over every call
        self.printed_chars = 0          # characters, over every call
        self.printed_open = False       # did the output so far end in an unfinished line?
        self._printed_by = {}           # what each call that printed printed, by its arguments
        self.seconds = 0.0              # spent in the student's code, as the runner says
        self._pending = 0               # batches sent whose answers are not read yet

    @property
    def last_call(self) -> str:
        """The last call, as the student would type it (worked out only when asked)."""
        if self._call is None:
            return None
        shown, args, kwargs = self._call
        return shown or describe_call(self.name, args, kwargs)

    @last_call.setter
    def last_call(self, text):
        self._call = (text, (), {})

    def ask(self, request):
        """Send a request to the runner and read its answer by the deadline."""
        while self._pending:            # answers to batches a judge stopped reading
            self._receive()
        self._send(request)
        return self._receive()

    def _send(self, request):
        data = request if type(request) is bytes else wire.frame(request)
        if self.budget is not None:
            self.deadline = self.budget.deadline(self.deadline, GRACE)
        try:
            wire.send_frame(self.sock, data, self.deadline)
        except wire.Silent:
            raise TimeUp() from None
        except OSError:
            raise RunnerGone() from None
        self._pending += 1

    def _receive(self):
        if self.budget is not None:
            self.deadline = self.budget.wait(self.sock, self.deadline, GRACE)
        try:
            answer = wire.receive(self.sock, self.deadline)
        except wire.Silent:
            raise TimeUp() from None
        except (wire.WireError, OSError):
            raise RunnerGone() from None
        self._pending -= 1
        if type(answer) is not dict:
            raise RunnerGone()
        return answer

    def __call__(self, *args, shown=None, changes=False, **kwargs):
        self._call = (shown, args, kwargs)
        self.cases += 1
        answer = self.ask({'op': 'call', 'args': [encode_arg(a) for a in args],
                           'kwargs': {k: encode_arg(v) for k, v in kwargs.items()}})
        return self._take(_answer(answer, len(args)), args, changes)

    def another_run(self):
        """A fresh time limit for the next run of her function (an exercise of several long
        runs, ``runs`` > 1: heads_up's), told to the kernel as the first was."""
        if self.limit is not None:
            self.deadline = time.monotonic() + self.limit + GRACE
            self.budget = Budget(self.limit, self.pid)
            if self.started:
                self.started(self.limit)

    def begin(self, *args, shown=None):
        """Send a call and return at once, so that the judge may work while the student's
        code runs (a reference answer that takes as long); the function returned waits for
        the call's answer and returns what run(*args) would have."""
        self._call = (shown, args, {})          # what a time-out or an error names
        self.cases += 1
        self._send({'op': 'call', 'args': [encode_arg(a) for a in args], 'kwargs': {}})

        def answer():
            self._call = (shown, args, {})
            return self._take(_answer(self._receive(), len(args)), args, False)
        return answer

    BATCH = 1_000
    """Calls sent to the runner in one round trip by map."""
    AHEAD = 48_000
    """A batch of at most this many bytes is sent before the answer to the one before is read."""

    @classmethod
    def next_batch(cls, source) -> list:
        """The next batch of calls (tuples) read from the iterator source, [] at its end:
        BATCH calls, or fewer if they are big, so that a batch fits in AHEAD bytes and can be
        sent ahead (a full deck and its generator: about 160). Its size depends only on its
        first call, so the same calls are always cut into the same batches."""
        first = next(source, None)
        if first is None:
            return []
        first = tuple(first)
        size = len(batch_frame([first, first])) - len(batch_frame([first]))
        room = max(1, min(cls.BATCH, cls.AHEAD // max(1, size)))
        return [first] + [tuple(c) for c in itertools.islice(source, room - 1)]

    def map(self, calls, shown=None, changes=False, frames=None):
        """What the function returns on each of calls (tuples of arguments), in order: an
        iterator, as if each call were made in turn with run(*args) (an error or a wrong
        answer stops it at that call), but sent to the runner in batches (``next_batch``),
        one round trip each, the next batch sent before this one is read (so the runner
        works while the judge compares). `calls` may be an iterator: each batch is read from
        it just before it is sent, while the runner works on the one before (a judge works
        out its answers as it goes). `shown(*args)`, if given, says how each call is shown.
        `frames`, if given, is a dict the caller keeps for these same calls (a table's, the
        same at every check): each batch is encoded once, into it."""
        source, batches = iter(calls), []
        while self._pending:
            self._receive()

        def batch_of(k):
            """The k-th batch, read from calls when first needed (None past the end): calls
            may be an iterator that works out each batch's cases as it is read."""
            while len(batches) <= k:
                more = self.next_batch(source)
                if not more:
                    return None
                batches.append(more)
            return batches[k]

        def request(k):
            if frames is not None and k in frames:
                return frames[k]
            data = batch_frame(batches[k])
            if frames is not None:
                frames[k] = data
            return data
        sent, ahead, k = 0, None, 0
        while (batch := batch_of(k)) is not None:
            if sent == k:
                self._send(ahead if ahead is not None else request(k))
                sent += 1
            self._call = (shown(*batch[0]) if callable(shown) else None, batch[0], {})
            if batch_of(sent) is not None:
                # Send the next batch before reading this one's answer, so that the runner
                # works while the judge compares, if it is small enough to sit in the
                # socket's buffer (else both would wait on each other, each sending).
                ahead = request(sent)
                if len(ahead) <= self.AHEAD:
                    self._send(ahead)
                    sent += 1
                    ahead = None
            try:
                answers = wire.Answer.batch_from_wire(self._receive(), [len(a) for a in batch])
            except ValueError as e:
                raise RunnerGone(str(e)) from None
            for args, answer in zip(batch, answers):
                self._call = (shown(*args) if callable(shown) else None, args, {})
                self.cases += 1
                yield self._take(answer, args, changes)
            if len(answers) < len(batch):
                raise RunnerGone()      # the runner stopped early without saying why
            k += 1

    def value(self):
        """The answer of an exercise whose answer is a value."""
        self.cases += 1
        return self._take(_answer(self.ask({'op': 'value'}), 0), (), False)

    KEEP_PRINTED = 5_000
    """Calls whose printed lines are kept (for a report on a call made before the last)."""

    @staticmethod
    def _key(args):
        try:
            return repr(args)
        except Exception:
            return None

    def reprint(self, args):
        """What the call with these arguments prints, asked again of the runner when it was
        not kept (a judge of more than KEEP_PRINTED calls): [lines, the last lines] or None.
        Only for a report: the answer is not judged, and a failure to answer is ignored."""
        kept = self._printed_by.get(self._key(tuple(args)))
        if kept is not None or not (self.printed_lines or self.printed_chars):
            return kept
        try:
            printed = _answer(self.ask({'op': 'call', 'args': [encode_arg(a) for a in args],
                                        'kwargs': {}}), len(args)).printed
        except (Exception, TimeUp, RunnerGone):
            return None
        return None if printed is None else printed[:2]

    def _take(self, answer, args, changes):
        """What the call of her function on args returned, read from the runner's answer
        (a ``wire.Answer``); the errors of ``errors`` where it did not return a right one."""
        self.seconds += answer.t
        printed = answer.printed
        if printed is not None:
            self.printed = printed[:2]
            self.printed_chars += printed[2]
            self.printed_lines += printed[3]
            self.printed_open = printed[0] > printed[3]
            if len(self._printed_by) >= self.KEEP_PRINTED:
                self._printed_by.pop(next(iter(self._printed_by)))      # the oldest
            self._printed_by[self._key(tuple(args))] = self.printed
        else:
            self.printed = None
        if answer.course is not None:
            raise CourseCalled(answer.course)
        if answer.kind == 'raised':
            if changes:            # a generator's draws tell where the call stopped
                self._after([a for a in answer.after if isinstance(args[a[0]], random.Random)],
                            args, changes)
            raise StudentError(answer.value)
        if answer.kind == 'notplain':
            what = answer.value[:100]
            raise Mismatch([('returned', _('an object of type {what}').format(what=what)),
                            ('hint', _('return plain values (True or False, numbers, strings, '
                                       'and lists, tuples, dicts or sets of them), not '
                                       '{what}').format(what=what))])
        try:
            got = _from_plain(answer.value)
        except (ValueError, TypeError, KeyError, RecursionError, IndexError):
            raise RunnerGone() from None
        if got is not None:
            self.only_none = False
        self.returns[-1:] = [got]
        if answer.after:
            self._after(answer.after, args, changes)
        return got

    def _after(self, after, args, changes):
        for i, data in after:
            arg = args[i]
            if isinstance(arg, random.Random):
                if changes:
                    try:
                        apply_rng_state(arg, data)
                    except Exception:
                        raise RunnerGone() from None
                continue
            if type(data) is dict and 'notplain' in data:
                raise Mismatch([('changed', _('it now holds an object of type {what}').format(
                                    what=str(data['notplain'])[:100])),
                                ('hint', _changed_hint(type(arg).__name__, i))])
            try:
                now = _from_plain(data)
            except (ValueError, TypeError, KeyError, RecursionError, IndexError):
                raise RunnerGone() from None
            self._compare(arg, now, i, changes)

    def _compare(self, arg, now, i, changes):
        if type(arg).__name__ == 'ndarray':
            import numpy as np
            same = np.asarray(now).shape == arg.shape and bool((np.asarray(now) == arg).all())
            if not same and changes:
                arg[...] = np.asarray(now)
            what, before = 'array', arg.tolist()
        else:
            same = type(now) is type(arg) and now == arg
            if not same and changes:
                if type(arg) is list:
                    arg[:] = now if type(now) is list else list(now)
                elif type(arg) in (dict, set):
                    arg.clear()
                    arg.update(now)
            what, before = type(arg).__name__, arg
        if not same and not changes:
            raise Mismatch([('changed', _('it was {before}\nit is now {after}').format(
                                before=short(before), after=short(now))),
                            ('hint', _changed_hint(what, i))])


def batch_frame(batch) -> bytes:
    """A batch of calls (tuples of arguments) as Run.map sends it to the runner."""
    return wire.frame({'op': 'map', 'calls': [[[encode_arg(a) for a in args], {}]
                                              for args in batch]})


# ---------------------------------------------------------------------------
# Judging

def _passed(run, exercise, slow) -> Report:
    """Run the exercise's judge with `run`: the Report of a pass, with its summary (slow or
    not) and a note of what the function printed; a failure raises (see judge_exercise)."""
    if not exercise.takes_value:
        summary = exercise.judge(run)
    else:
        value = run.value()
        run.last_call = prose(_('the answer {value}'), value=short(value))
        summary = exercise.judge(value) or _('right')
    n = max(run.cases, 1)
    seconds = run.seconds           # in the student's code (not the judge's own work)
    summary = summary or (_('{n:,d} cases passed') if n > 1 else _('{n:,d} case passed')
                          ).format(n=n)
    if seconds > slow:
        summary = (_('right, but took {seconds:.0f} s: {hint} ({summary})').format(
                       seconds=seconds, hint=_(exercise.slow_hint), summary=plain(summary))
                   if exercise.slow_hint else
                   _('right, but took {seconds:.0f} s ({summary})').format(
                       seconds=seconds, summary=plain(summary)))
    report = Report(exercise.name, 'pass', summary, seconds=seconds, sentence=False)
    note = printed_note(run)
    if note:
        report.details.append(('note', note))
    return report


def printed_note(run):
    """How much the function printed over the check, as it was written: lines when it wrote
    lines, characters on one line when no print finished a line (``end=' | '``)."""
    lines = run.printed_lines + run.printed_open
    if not run.printed_chars:
        return None
    if not run.printed_lines:
        return _('it also printed {chars:,d} characters, all on one line (no print ended '
                 'the line); a check looks only at what it returns').format(
                     chars=run.printed_chars)
    return (_('it also printed {lines:,d} lines; a check looks only at what it returns')
            if lines > 1 else _('it also printed {lines:,d} line; a check looks only at what '
                                'it returns')).format(lines=lines)


def _answer(message, arity) -> wire.Answer:
    """The runner's answer to a call of `arity` arguments in a message; RunnerGone, with what is
    wrong with it, if it is none."""
    try:
        return wire.Answer.from_wire(message, arity)
    except ValueError as e:
        raise RunnerGone(str(e)) from None


def judge_exercise(run, exercise, slow=SLOW) -> Report:
    """Run the exercise's judge with `run`; the Report it earns (the judge's own code)."""
    name = exercise.name
    start = time.perf_counter()
    calls = None                        # the calls that failed, if not the last one
    try:
        return _passed(run, exercise, slow)
    except Mismatch as m:
        calls = m.calls
        report = mismatch_report(run, name, m)
    except CourseCalled as c:
        report = course_report(name, run.last_call or name + '(...)', str(c))
    except StudentError as s:
        if s.info.get('notimplemented'):
            return not_written(name)
        report = error_report(run, exercise, s)
    except TimeUp:
        return slow_report(name, run.last_call, time.perf_counter() - start)
    except RunnerGone:
        report = gone_report(name, run.last_call or name + '(...)')
    except Exception as e:             # the judge could not read what came back
        report = Report(name, 'fail', _('gave a wrong answer on {call}').format(
                            call=code(run.last_call or name + "(...)")),
                        [('hint', _('check could not read what your function returned '
                                    '({error}); expected {what}').format(
                            error=type(e).__name__,
                            what=_(exercise.returns or N_('the kind of value the exercise '
                                                          'asks for'))))])
    printed_text = what_printed(run, calls)
    if printed_text:
        report.details.append(('printed', printed_text))
    report.seconds = time.perf_counter() - start
    return report


def guard_of(exercise) -> dict:
    """What the runner forbids while exercise is judged: the course's functions of its
    names, those its ``course`` lists, every lesson module's, and (``prints``) every copy of
    their code (``codeprint``)."""
    names = exercise.names()
    return {'names': names, 'course': list(exercise.course),
            'prints': codeprint.forbidden(names, exercise.course), 'given': _given(names)}


def _given(names):
    """The course functions ('module:name') hers to call while the exercise of these names is
    judged: the course's tools, what any lesson gives (her deal may swap with lesson 05's
    swap; those that do an exercise's work are forbidden by name: ``forbid``), and the
    course's versions of the other exercises (her flush_draw may use best_hand: only its own
    work is refused); its private helpers are not hers. None for an exercise of no lesson."""
    if not any(set(lesson) & set(names) for lesson in lessons()):
        return None
    others = {f'pokerlib:{e}' for lesson in lessons() for e in lesson} - {
        f'pokerlib:{n}' for n in names}
    return sorted(set(given_refs([f'{len(lessons()):02d}'])) | others)


def _which(run, exercise_name, describe_seconds) -> tuple:
    """Ask the runner what its object is: (its facts, which_exercise's answer: (exercise,
    name shown) or a Report); (None, a Report) when it cannot say."""
    try:
        facts = run.ask({'op': 'describe'})
        if type(facts) is dict and 'unloadable' in facts:       # (a fresh runner)
            if type(facts.get('course')) is str and exercise_name in EXERCISES:
                return None, course_report(exercise_name, exercise_name + '(...)',
                                            facts['course'][:80])
            return None, Report('check', 'error', _('could not be checked'), [
                ('note', _('your function could not be loaded in the process that runs it '
                           '({error})').format(error=str(facts['unloadable'])[:200]))])
        if exercise_name is not None:
            facts = dict(facts, name=exercise_name, bad_name=None)
        return facts, which_exercise(facts)
    except TimeUp:
        return None, Report('check', 'slow', _('could not be checked'),
                            [('note', _('your object took more than {seconds:.0f} seconds to '
                                        'say what it is').format(seconds=describe_seconds))])
    except (RunnerGone, Exception):
        return None, Report('check', 'error', _('could not be checked'),
                            [('note', _('your object stopped the program it ran in when '
                                        'check looked at it'))])


def _judged(run, exercise, at_most, slow, started) -> Report:
    """Judge the student's function on the exercise, in its time limit (lowered to
    `at_most`, told to `started`), with the course's functions guarded."""
    seconds = exercise.seconds if at_most is None else min(exercise.seconds, at_most)
    if started:
        started(seconds)
    run.name = exercise.name
    run.deadline = time.monotonic() + seconds + GRACE
    run.limit, run.started, run.budget = seconds, started, Budget(seconds, run.pid)
    try:
        run.ask({'op': 'guard', **guard_of(exercise)})
        return judge_exercise(run, exercise, slow)
    except TimeUp:
        report = slow_report(exercise.name, run.last_call, seconds)
        if exercise.slow_hint:          # slow, not endless: what makes it quick
            report.details = [('hint', _(exercise.slow_hint)) if label == 'hint' else
                              (label, text) for label, text in report.details]
        return report
    except RunnerGone:
        return gone_report(exercise.name, exercise.name + '(...)')


def judge_runner(sock, at_most=None, slow=SLOW, started=None, exercise_name=None,
                 defined=None, describe_seconds=DESCRIBE_SECONDS, pid=None) -> Report:
    """Judge the object the runner at sock holds; the Report.

    `at_most` lowers the time limit; `started(seconds)` is told when the
    student's code starts to be judged (after the judge's own preparation),
    with the time limit; `exercise_name`, if given, is the exercise to judge
    (the grader), whatever the object is called; `defined` is what the kernel's
    history says of the cells that define functions (``core._definitions``); `pid`, the
    runner's process, whose CPU time its time limit counts (``budget``; None: the clock's)."""
    run = Run(sock, '?', time.monotonic() + describe_seconds, pid)
    facts, which = _which(run, exercise_name, describe_seconds)
    if isinstance(which, Report):
        return which
    exercise, shown = which
    if facts.get('stub'):
        report = not_written(exercise.name)
    elif facts.get('course'):
        report = Report(exercise.name, 'todo', _("is the course's version, not yours"),
                        [('note', _("this is the course's version: run your Your turn cell "
                                    "first (the notebook imported the library's function under "
                                    "this name)"))])
        report.course = True
    else:
        try:
            for prepare in exercise.prepare:
                if not prepare.only_ahead:   # (made while idle, if at all)
                    prepare()
        except Exception as e:            # the checker's own data: not the student's fault
            return Report(shown, 'error', _('could not be checked'),
                          [('error', f'{type(e).__name__}: {e}'),
                           ('note', _('the checker could not prepare this exercise; '
                                      'tell your teacher'))])
        report = _judged(run, exercise, at_most, slow, started)
    report.name, report.exercise = shown, exercise.name
    note = redefined_note(facts, defined)
    if note:
        report.details.append(('note', note))
    return report
