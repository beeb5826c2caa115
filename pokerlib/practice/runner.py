"""The student's side of a check: a process that holds the student's function and only answers calls.

``start(obj, name)`` (in the kernel) forks the runner: a child process
that holds the student's object and serves calls over a UNIX socket to the
judge, which lives in another process (``judging``). The kernel never
touches the object itself (no attribute, no repr): the runner works out
its name, whether it is written yet and whether it is the course's own.

Where Linux allows it (user namespaces), the runner lives in a PID
namespace of its own: it cannot name, signal or trace the kernel, the
judge or any other process, and every process it starts dies with it.
Elsewhere it runs in a session of its own (``killpg`` ends what it started,
unless that left the session). Either way it has no file descriptor but
its socket and /dev/null, limits on processes and memory, and its output
goes to ``Printed`` (the last lines, in linear time). What her code may not
do while it is judged (call the course's own functions, start a process,
use ctypes): ``guard``.

The protocol (``wire`` messages; the judge asks, the runner answers):

- ``{'op': 'describe'}``: what the object is (name, callable, a stub, the
  course's own...).
- ``{'op': 'guard', 'names': [...], 'course': [...]}``: from now on, every
  course function of those names (and every function of the lesson
  modules, and the ``module:name`` functions in ``course``) raises, and
  the next answers say ``'course': name`` if the student's code called one.
- ``{'op': 'call', 'args': [...], 'kwargs': {...}}``, ``{'op': 'map',
  'calls': [[args, kwargs], ...]}`` (a batch: one round trip), ``{'op':
  'value'}`` (the answer of an exercise whose answer is a value): each
  answer is a ``wire.Answer`` (what came back, its time, the arguments as
  the call left them, what it printed, the course function it called), a
  batch's one for each call up to the first that did not return plain data.

Nothing the runner sends is a verdict: the judge decides.
"""

import ast
import ctypes
import dis
import functools
import gc
import inspect
import os
import random
import signal
import socket
import sys
import textwrap
import traceback
import types

try:
    import resource           # imported here, not in each runner it forks (2 ms a check)
except ImportError:           # (Windows: no fork, no runner forked)
    resource = None

from . import clocks, wire
from .guard import COURSE_CALLS, Refused, guard, reaches_course
from .printed import Printed
from .values import _SIMPLE, NotPlain, decode_arg, rng_state, to_plain

__all__ = ['start', 'serve_socket', 'Printed', 'is_stub', 'is_course_function',
           'STATE']

CLONE_NEWUSER, CLONE_NEWPID = 0x10000000, 0x20000000
PR_SET_PDEATHSIG = 1
EXTRA_MEMORY = 2 * 2**30
"""The runner may take this many bytes of memory beyond what the kernel had."""
EXTRA_PROCESSES = 64

STATE = {'in_runner': False}
"""Whether this process is a runner (a check inside a check is refused)."""


# --- what the object is ----------------------------------------------------------

def is_stub(function) -> bool:
    """Is the body only a docstring and pass, ..., or raise NotImplementedError?"""
    try:
        ops = [(i.opname, i.argval) for i in dis.get_instructions(function)
               if i.opname not in ('RESUME', 'NOP', 'CACHE')]
    except TypeError:
        ops = None
    if ops in ([('LOAD_CONST', None), ('RETURN_VALUE', None)], [('RETURN_CONST', None)]):
        return True             # the body does nothing: pass, ... or a docstring
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return False
    defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not defs:
        return False
    body = defs[0].body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]            # the docstring
    return all(isinstance(s, ast.Pass)
               or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                   and s.value.value is Ellipsis)
               or (isinstance(s, ast.Raise) and 'NotImplementedError' in ast.unparse(s))
               for s in body)


def is_course_function(function) -> bool:
    """Is this the course library's own function (imported, not written by the student):
    is its code (unwrapped) in a file of the pokerlib package?"""
    inner = inspect.unwrap(function) if callable(function) else function
    while isinstance(inner, functools.partial):
        inner = inner.func
    inner = getattr(inner, '__func__', inner)          # a bound method
    code = getattr(inner, '__code__', None)
    if not isinstance(code, types.CodeType):
        module = getattr(inner, '__module__', None)
        return type(module) is str and module.startswith('pokerlib.')
    return code.co_filename == '<the course>' or \
        os.path.abspath(code.co_filename).startswith(PACKAGE + os.sep)   # (forbidden: guard)


PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The pokerlib package's folder."""


def _text(value, limit):
    try:
        text = repr(value)
    except BaseException:
        text = '<an object>'
    return text if len(text) <= limit else text[:limit - 3] + '...'


def _kind(value):
    from .reports import kind_of
    try:
        return kind_of(value)
    except BaseException:
        return 'an object'


def describe(obj, name) -> dict:
    """What check needs to know about the object and the name it was given (plain data)."""
    facts = {'name': name if type(name) is str else None,
             'bad_name': None if name is None or type(name) is str else _text(name, 40),
             'quoted': obj if type(obj) is str else None,
             'callable': callable(obj), 'own': None, 'stub': False, 'course': False,
             'kind': _kind(obj), 'short': _text(obj, 40)}
    if facts['callable']:
        own = getattr(obj, '__name__', None)
        facts['own'] = own if type(own) is str else None
        code = getattr(obj, '__code__', None)       # where it was defined: which cell
        if isinstance(code, types.CodeType) and code.co_name == facts['own']:
            facts['file'] = code.co_filename
        facts['stub'] = bool(is_stub(obj))
        facts['course'] = bool(is_course_function(obj))
    return facts


# --- answering calls ----------------------------------------------------------------

def _where(error):
    """Where in the student's code an error was raised, if it can be found: the function,
    the line's number in its cell, the line itself."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # pokerlib
    try:
        frames = [f for f in traceback.extract_tb(error.__traceback__)
                  if not os.path.abspath(f.filename).startswith(here)
                  and f.filename != '<the course>']
    except BaseException:
        return None
    if not frames:
        return None
    f = frames[-1]       # words in the judge's language (failures.where_text): the facts alone here
    return {'function': str(f.name), 'line': f.lineno if type(f.lineno) is int else None,
            'code': (f.line or '').strip()}


def _raised(e) -> dict:
    """The facts of an error her code raised (``wire.Answer``'s 'raised')."""
    cls = type(e)
    info = {'type': type.__getattribute__(cls, '__name__'),
            'builtin': type.__getattribute__(cls, '__module__') == 'builtins',
            'exit': isinstance(e, SystemExit), 'interrupt': isinstance(e, KeyboardInterrupt),
            'genexit': isinstance(e, GeneratorExit),
            'notimplemented': isinstance(e, NotImplementedError),
            'recursion': isinstance(e, RecursionError), 'memory': isinstance(e, MemoryError),
            'refused': isinstance(e, Refused)}
    try:
        text = str(e)
        info['text'] = text if type(text) is str else ''
    except BaseException:
        info['text'] = ''
    info['where'] = _where(e)
    return info


class Server:
    """The runner's state: the object, its output, and how to answer each request."""

    def __init__(self, obj, name, problem=None):
        self.obj, self.name, self.problem = obj, name, problem
        self.printed = Printed()
        clocks.warp(getattr(obj, '__globals__', None))     # time flies here: see clocks

    def answer(self, request) -> dict:
        op = request.get('op')
        if op == 'describe':
            if self.problem is not None:        # (a fresh runner: her object could not be loaded)
                return {'unloadable': self.problem,
                        'course': COURSE_CALLS[0] if COURSE_CALLS else None}
            return describe(self.obj, self.name)
        if op == 'guard':
            prints = request.get('prints')
            prints = prints if type(prints) is dict else None
            given = request.get('given')
            guard(request.get('names', ()), request.get('course', ()), prints,
                  [str(x) for x in given] if type(given) is list else None)
            if prints:
                found = reaches_course(self.obj, prints)
                if found is not None:
                    COURSE_CALLS.append(found)
            return {'ok': True}
        if op == 'call':
            return self.call(request['args'], request.get('kwargs', {}))
        if op == 'map':
            answers = []
            for args, kwargs in request['calls']:
                answers.append(self.answer_call(args, kwargs))
                if answers[-1].kind != 'ok':
                    break
            return wire.Answer.batch_to_wire(answers)
        if op == 'value':
            if callable(self.obj):
                return self.call([], {})
            return self.finish(0.0, self.obj, []).to_wire()
        return {'error': f'unknown request {op!r}'}

    def call(self, sent, kwargs) -> dict:
        """The answer to a call of her function on these arguments (as sent), as sent back."""
        return self.answer_call(sent, kwargs).to_wire()

    def answer_call(self, sent, kwargs) -> wire.Answer:
        """Call her function on these arguments (as sent); its answer."""
        args = None if kwargs else _simple_args(sent)
        if args is None:
            args = [decode_arg(a) for a in sent]
            kwargs = {str(k): decode_arg(v) for k, v in kwargs.items()} if kwargs else {}
            sent = [a.copy() if type(a).__name__ == 'ndarray' else s for a, s in zip(args, sent)]
        if self.printed.printed():
            self.printed.reset()
        clocks.tick()
        start = clocks.perf_counter()
        try:
            got = self.obj(*args, **kwargs)
        except BaseException as e:       # everything the student's code raises is a report
            got, raised = None, _raised(e)
        else:
            raised = None
        seconds = clocks.perf_counter() - start
        if raised is None and not (self.printed.printed() or COURSE_CALLS):
            plain = _simple_answer(got, args, sent)
            if plain is not _GENERAL:    # what finish() would say, quickly
                return wire.Answer('ok', plain, seconds)
        return self.finish(seconds, got, args, sent, raised)

    def finish(self, seconds, got, args, sent=(), raised=None) -> wire.Answer:
        """The answer to a call that took `seconds` and returned `got` (or `raised` these facts),
        with the arguments it changed, what it printed and the course function it called."""
        if raised is not None:
            answer = wire.Answer('raised', raised, seconds)
        else:
            try:
                answer = wire.Answer('ok', to_plain(got), seconds)
            except NotPlain as e:
                answer = wire.Answer('notplain', str(e), seconds)
            except BaseException as e:
                answer = wire.Answer('raised', _raised(e), seconds)
        after = []
        for i, a in enumerate(args):       # the arguments the call changed, as they are now
            try:
                if isinstance(a, random.Random):
                    after.append([i, rng_state(a)])
                elif type(a).__name__ == 'ndarray':
                    if not (a.shape == sent[i].shape and (a == sent[i]).all()):
                        after.append([i, to_plain(a)])
                elif type(a) in (list, dict, set):
                    now = to_plain(a)
                    if now != sent[i]:
                        after.append([i, now])
            except NotPlain as e:
                after.append([i, {'notplain': str(e)}])
            except BaseException:
                after.append([i, {'notplain': 'an object'}])
        answer.after = tuple(after)
        if self.printed.total():
            answer.printed = self.printed.report()
        if COURSE_CALLS:
            answer.course = COURSE_CALLS[0]
        return answer


def _simple_args(sent):
    """A call's arguments as values, if each was sent as a simple value or a list or tuple of them
    (most calls: a hand, ranks, a count), else None (decode_arg then reads them)."""
    args = []
    for a in sent:
        if type(a) in _SIMPLE:
            args.append(a)
        elif type(a) is dict and len(a) == 1 and type(a.get('L')) is list \
                and set(map(type, a['L'])) <= _SIMPLE:
            args.append(list(a['L']))
        elif type(a) is dict and len(a) == 1 and type(a.get('T')) is list \
                and set(map(type, a['T'])) <= _SIMPLE:
            args.append(tuple(a['T']))         # (a hand as best_hand passes it)
        else:
            return None
    return args


_GENERAL = object()
"""_simple_answer's word for: this answer needs finish()."""


def _simple_answer(got, args, sent):
    """What a call returned as plain data, if it is a simple value, or a list or tuple of
    simple values and lists or tuples of them (a ranking: (2, (9, 7), [9, 9, 7, 7, 2])), and
    the call left its list arguments as they were sent (all simple values still): the same
    answer finish() gives, without its general search. Else _GENERAL."""
    for a, s in zip(args, sent):
        if type(a) is list and not (set(map(type, a)) <= _SIMPLE and type(s) is dict
                                    and a == s.get('L')):
            return _GENERAL
        if type(a) not in _SIMPLE and type(a) not in (list, tuple):
            return _GENERAL             # (a tuple of simple values cannot change)
    if type(got) in _SIMPLE:
        return got
    if type(got) in (list, tuple) and (
            set(map(type, got)) <= _SIMPLE
            or all(type(v) in _SIMPLE or type(v) in (list, tuple) and set(map(type, v)) <= _SIMPLE
                   for v in got)):
        return to_plain(got)          # exact types, two levels at most: it cannot fail
    return _GENERAL


def serve_socket(sock, obj, name, problem=None):
    """Answer the judge's requests on sock until it closes (in the runner process). A
    `problem` (text) says the object could not be had: describe answers with it."""
    server = Server(obj, name, problem)
    sys.stdout = sys.stderr = server.printed
    while True:
        try:
            request = wire.receive(sock)
        except wire.WireError:
            return
        try:
            reply = server.answer(request)
        except BaseException as e:
            reply = wire.Answer('raised', _raised(e)).to_wire()
        try:
            wire.send(sock, reply)
        except BaseException:
            try:
                wire.send(sock, wire.Answer('notplain', 'an answer too large to send').to_wire())
            except BaseException:
                return


# --- starting the runner (in the kernel) -----------------------------------------

def _libc():
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def _namespaces(libc) -> bool:
    """Enter a user and PID namespace of our own (the next child is their first process)."""
    if libc is None or not hasattr(libc, 'unshare'):
        return False
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(CLONE_NEWUSER | CLONE_NEWPID) != 0:
        return False
    try:
        with open('/proc/self/uid_map', 'w') as f:
            f.write(f'{uid} {uid} 1')
        with open('/proc/self/setgroups', 'w') as f:
            f.write('deny')
        with open('/proc/self/gid_map', 'w') as f:
            f.write(f'{gid} {gid} 1')
    except OSError:
        pass
    return True


def _only_fd(keep):
    """Close every file descriptor but keep; 0, 1 and 2 go to /dev/null."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        if fd != null:
            os.dup2(null, fd)
    os.closerange(3, keep)
    os.closerange(keep + 1, 1 << 16)


RECURSION_LIMIT = 4_000
"""How deep calls may nest in the runner: a recursive shuffle, one call a card, is right, and
the ascents test's long deck has 1,000 cards (issue 49: it was refused at Python's 1,000)."""


def _limits():
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
    if resource is None:
        return
    for what, extra in ((resource.RLIMIT_CORE, None), (resource.RLIMIT_AS, EXTRA_MEMORY),
                        (resource.RLIMIT_NPROC, EXTRA_PROCESSES)):
        try:
            if extra is None:
                resource.setrlimit(what, (0, 0))
            elif what == resource.RLIMIT_AS:
                with open('/proc/self/statm') as f:
                    size = int(f.read().split()[0]) * os.sysconf('SC_PAGE_SIZE')
                resource.setrlimit(what, (size + extra, size + extra))
            else:
                mine = sum(1 for p in os.listdir('/proc') if p.isdigit())
                resource.setrlimit(what, (mine + extra, mine + extra))
        except (OSError, ValueError):
            pass


def _become_runner(sock, obj, name):
    """In the forked child: isolate, limit, serve, and never return."""
    status = 0
    try:
        gc.freeze()          # no collection here walks the kernel's objects (nor copies their pages)
        keep = sock.fileno()
        _only_fd(keep)
        STATE['in_runner'] = True
        libc = _libc()
        if _namespaces(libc):
            pid = os.fork()
            if pid:                           # the namespace's parent: wait, then leave
                try:
                    os.close(keep)
                    os.waitpid(pid, 0)
                finally:
                    os._exit(0)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        os.setsid()
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2):
            signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        _limits()
        serve_socket(sock, obj, name)
    except BaseException:
        status = 1
    finally:
        os._exit(status)


def start(obj, name):
    """Fork the runner for obj (POSIX); (its process id, the judge's end of its socket)."""
    import warnings
    mine, theirs = socket.socketpair()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)      # fork with threads running
        pid = os.fork()
    if pid == 0:
        mine.close()
        _become_runner(theirs, obj, name)
    theirs.close()
    return pid, mine


def stop(pid):
    """End the runner and everything it started."""
    for kill in (os.kill, os.killpg):
        try:
            kill(pid, signal.SIGKILL)
        except OSError:
            pass
    try:
        os.waitpid(pid, 0)
    except OSError:
        pass

