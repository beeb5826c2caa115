"""A fresh runner: a new interpreter that loads a copy of the student's function and serves the judge.

Two callers start one. The grader's worker, for every grade on every
system: ``launch`` with the copy the graded kernel sent
(``pokerlib.grading.inkernel``), under ``python -I``, with the guard set
before the copy is loaded. And ``check`` where there is no fork (Windows),
in the kernel: ``start(obj, name)`` makes the copy (``pickled``), and the
kernel, its watchdog, kills the runner when the judge is done or the time is
up (``stop``): a C-level loop, ``os._exit`` or an endless ``except`` in the
student's code ends only that process.

The copy is cloudpickle's (her function, the helpers and values it uses
from the notebook by value; modules and the course's functions by name),
made in a thread with a time limit, since making it reads the object (a
hostile ``__getattr__`` runs there, but can neither hang check nor make it
raise). What fork gives and this does not: the runner has no namespace of
its own, and a process the student's code starts survives its runner on
Windows (on Linux, if it leaves the runner's session). Tested on Linux by
turning fork off (``kernel.USE_FORK = False``): tests/practice/test_fresh.py;
the socket sharing of Windows (``share``) is the one part these machines
cannot run. The runner's process itself: ``fresh_runner``.
"""

import base64
import binascii
import functools
import json
import linecache
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
from dataclasses import dataclass

from ..i18n import _
from .reports import Report

__all__ = ['start', 'launch', 'stop', 'pickled', 'kernel_cells', 'Copy', 'CannotCopy']

COPY_SECONDS = 5.0
"""How long copying the student's object may take in the kernel."""


class CannotCopy(Exception):
    """The student's object could not be copied to the runner: its Report is attached."""

    def __init__(self, report):
        super().__init__(report.summary)
        self.report = report


@functools.cache
def _pickler():
    """cloudpickle's Pickler, but keeping each code object's file name (which cell defined it),
    which cloudpickle 3 replaces: the runner then reads her source from the kernel's cells
    (is it only a stub?), shows her lines in errors, and the judge tells which cell's
    definition it judged."""
    import collections
    import io
    import pickle
    import types
    import cloudpickle
    from cloudpickle import cloudpickle as inner

    def code_keeping_file(code):
        constructor, args = inner._code_reduce(code)
        return constructor, tuple(code.co_filename if a == '<dynamic-code>' else a for a in args)

    class Pickler(cloudpickle.Pickler):
        dispatch_table = collections.ChainMap({types.CodeType: code_keeping_file},
                                              cloudpickle.Pickler.dispatch_table)

    def dumps(obj):
        buffer = io.BytesIO()
        Pickler(buffer, protocol=pickle.DEFAULT_PROTOCOL).dump(obj)
        return buffer.getvalue()
    return dumps


def pickled(obj, name) -> bytes:
    """The pickled (obj, name), made in a thread with a time limit (it reads the object)."""
    dumps = _pickler()
    out = []

    def work():
        try:
            out.append(dumps((obj, name)))
        except BaseException as e:          # noqa: B036 - whatever her object raises
            out.append(e)
    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(COPY_SECONDS)
    if not out:
        raise CannotCopy(Report('check', 'slow', _('could not be checked'), [
            ('note', _('your object took more than {seconds:.0f} seconds to be copied to the '
                       'process that runs it').format(seconds=COPY_SECONDS))]))
    if isinstance(out[0], BaseException):
        kind = type.__getattribute__(type(out[0]), '__name__')
        raise CannotCopy(Report('check', 'error', _('could not be checked'), [
            ('note', _('your function could not be copied to the process that runs it '
                       '({error}): does it use an open file, a generator or a widget from the '
                       'notebook? Make it inside the function instead').format(error=kind))]))
    return out[0]


def kernel_cells() -> dict:
    """The notebook's cells as the kernel's linecache holds them (no file on disk), so the
    runner can read her source (is it only a stub?) and show her lines in errors."""
    cells = {}
    for filename, entry in list(linecache.cache.items()):
        if type(entry) is tuple and len(entry) == 4 and entry[1] is None \
                and type(entry[2]) is list:
            cells[filename] = entry[2]
    return cells


@dataclass(frozen=True)
class Copy:
    """A copy of the student's function as the graded kernel sends it to the grader: the
    pickle (``pickled``) and the kernel's cells (``kernel_cells``).

    >>> Copy.from_wire(Copy(b'data', {'<cell 1>': ['x = 1']}).to_wire())
    Copy(pickle=b'data', cells={'<cell 1>': ['x = 1']})
    """
    pickle: bytes
    cells: dict

    def to_wire(self) -> dict:
        return {'pickle': base64.b64encode(self.pickle).decode('ascii'), 'cells': self.cells}

    @classmethod
    def from_wire(cls, message) -> 'Copy':
        """The copy in a message, its cells as text; ValueError if it holds no copy."""
        if type(message) is not dict or type(message.get('pickle')) is not str:
            raise ValueError('no copy')
        try:
            data = base64.b64decode(message['pickle'], validate=True)
        except (binascii.Error, ValueError):
            raise ValueError('a bad copy') from None
        cells = message.get('cells')
        return cls(data, {str(k): [str(x) for x in v] for k, v in cells.items() if type(v) is list}
                   if type(cells) is dict else {})


def start(obj, name):
    """Start a runner for obj in a fresh interpreter; (its process, the judge's end of its
    socket). CannotCopy if obj can't be sent there."""
    return launch(pickled(obj, name), kernel_cells())


def launch(data, cells, guard=None, isolated=False):
    """Start a fresh interpreter that loads the pickled (object, name) `data` and serves the
    judge; (its process, the judge's end of its socket). `cells` are the kernel's cells (see
    ``kernel_cells``). With `guard` ({'names', 'course', 'prints'}: the grader's worker) the runner
    forbids those course functions before it loads the object, so that nothing in the
    pickle runs before the guard; `isolated`: ``python -I`` in that folder, importing
    nothing from it (the grader's worker, whose folder is the student's)."""
    mine, theirs = socket.socketpair()
    windows = os.name == 'nt'
    options = ({'creationflags': subprocess.CREATE_NEW_PROCESS_GROUP} if windows else
               {'pass_fds': [theirs.fileno()], 'start_new_session': True})
    try:
        # In the kernel's folder, with its environment: it imports what the kernel would.
        proc = subprocess.Popen([sys.executable, *(['-I'] if isolated else []),
                                 '-m', 'pokerlib.practice.fresh_runner'],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, cwd=os.getcwd(), **options)
    except BaseException:
        mine.close()
        theirs.close()
        raise
    header = {'cells': cells}
    if guard is not None:
        header['guard'] = guard
    if windows:
        header['shared'] = base64.b64encode(theirs.share(proc.pid)).decode('ascii')
    else:
        header['fd'] = theirs.fileno()
    try:
        body = json.dumps(header).encode('utf-8')
        proc.stdin.write(struct.pack('>I', len(body)) + body + data)
        proc.stdin.close()
    except OSError:
        pass                         # it ended already: the judge finds its socket closed
    theirs.close()
    return proc, mine


def stop(proc):
    """End the runner and (where there are sessions) everything it started."""
    if os.name != 'nt':
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
    try:
        proc.kill()
        proc.wait(5)
    except (OSError, subprocess.TimeoutExpired):
        pass
