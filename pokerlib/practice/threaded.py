"""check where there is no fork (Windows): the runner's loop in a thread, under a watchdog.

The judge's code runs in the kernel here (there is no other process to hold
the student's function), but it still talks to the function only through
the runner's socket and plain data, and its control flow is raised in the
kernel's thread, not the student's. When the time is up the watchdog
raises ``TooSlow`` in the student's thread, again and again for a second,
then gives up and reports. Limits, which fork does not have: a C-level
loop (``sum(range(10**11))``) runs on in the background, ``os._exit`` ends
the kernel, signals reach it, and the course's functions are not guarded.
This path is not tested on this project's machines (they all have fork).
"""

import ctypes
import socket
import sys
import threading
import time

from . import runner
from .judging import judge_runner

__all__ = ['check_in_thread']


class TooSlow(BaseException):
    """Raised in the student's thread when the time limit is up."""


def check_in_thread(function, name):
    """The Report of check(function, name), judged with the runner's loop in a thread."""
    from .core import AT_MOST, SLOW, _definitions
    mine, theirs = socket.socketpair()
    old = sys.stdout, sys.stderr
    worker = threading.Thread(target=_serve, args=(theirs, function, name), daemon=True)
    worker.start()
    try:
        report = judge_runner(mine, at_most=AT_MOST, slow=SLOW, defined=_definitions())
    finally:
        mine.close()
        end = time.monotonic() + 1.0
        while worker.is_alive() and time.monotonic() < end:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(worker.ident),
                                                       ctypes.py_object(TooSlow))
            worker.join(0.05)
        sys.stdout, sys.stderr = old
    return report


def _serve(sock, function, name):
    try:
        runner.serve_socket(sock, function, name, guarded=False)
    except BaseException:
        pass
    finally:
        sock.close()
