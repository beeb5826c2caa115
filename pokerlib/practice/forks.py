"""The grader's runners forked from one fresh interpreter per notebook, not started one by one.

The grader judges each exercise of a notebook in a fresh runner, a process
that loads a copy of the student's function and nothing else of hers
(``fresh.launch``): nine Python start-ups and nine imports of the runner
for notebook 01, more than half of what grading a notebook costs (issue 51).
``Forks`` starts one such interpreter per notebook, ``python -I -m
pokerlib.practice.forks FD``, which imports what a runner needs and then,
for each exercise, forks a child that does exactly what a fresh runner does
(``fresh_runner.serve``): the guard first, then the copy, then it serves
the judge. The parent never loads a copy or runs a line of the student's,
so every child starts from the same clean interpreter, as a fresh one would;
it is made untraceable (the kernel beside it in the sandbox cannot change
it), and each child is in a session of its own, which ``stop`` kills whole.

The request (the grader's side to the parent, on a UNIX socket pair): eight
bytes (the header's and the copy's sizes) carrying the runner's end of its
socket, then the header (JSON: the kernel's cells, the guard) and the copy;
the answer: the child's process id, four bytes. A parent that is gone (the
kernel may kill it: same account) is no loss: ``launch`` answers None and the
grader starts a fresh runner as before.
"""

import json
import os
import signal
import socket
import struct
import subprocess
import sys

__all__ = ['Forks', 'Forked']

MOST = 64 * 2 ** 20
"""The largest header or copy the parent reads (a copy is a function and what it uses)."""
PR_SET_DUMPABLE = 4
SECONDS = 30.0
"""How long the grader waits for the parent's answer (the child's process id)."""


class Forked:
    """A runner forked by the parent: the grader's handle, as ``fresh.stop`` uses a Popen."""

    def __init__(self, pid):
        self.pid = pid

    def kill(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass

    def wait(self, timeout=None):
        """The parent reaps its children: nothing to wait for here."""
        return None


class Forks:
    """One parent of runners for a notebook's exercises (POSIX); ``close`` ends it."""

    def __init__(self):
        mine, theirs = socket.socketpair()
        try:
            self.proc = subprocess.Popen(
                [sys.executable, '-I', '-m', __name__, str(theirs.fileno())],
                pass_fds=[theirs.fileno()], start_new_session=True, stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=os.getcwd())
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        self.control = mine
        self.control.settimeout(SECONDS)

    def launch(self, data, cells, guard=None):
        """(Forked, the judge's end of its socket) of a runner for the pickled (object, name)
        `data`, as ``fresh.launch`` gives; None if the parent does not answer."""
        if self.control is None:
            return None
        mine, theirs = socket.socketpair()
        header = json.dumps({'cells': cells, 'guard': guard}).encode('utf-8')
        try:
            socket.send_fds(self.control, [struct.pack('>II', len(header), len(data))],
                            [theirs.fileno()])
            self.control.sendall(header + data)
            pid, = struct.unpack('>i', _exactly(self.control, 4))
        except (OSError, EOFError, struct.error):
            mine.close()
            self.close()
            return None
        finally:
            theirs.close()
        return Forked(pid), mine

    def close(self):
        """End the parent and what it started that is still in its session."""
        if self.control is not None:
            self.control.close()
            self.control = None
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass
        self.proc.kill()
        self.proc.wait()


def _exactly(sock, n) -> bytes:
    """n bytes from sock (EOFError if it closes first)."""
    got = b''
    while len(got) < n:
        chunk = sock.recv(n - len(got))
        if not chunk:
            raise EOFError
        got += chunk
    return got


def _request(control):
    """(header, copy, fd) of the next request; None when the grader's side is closed."""
    try:
        sizes, fds, _flags, _address = socket.recv_fds(control, 8, 1)
        if not sizes:
            return None
        sizes += _exactly(control, 8 - len(sizes))
        header_size, data_size = struct.unpack('>II', sizes)
        if header_size > MOST or data_size > MOST or len(fds) != 1:
            return None
        body = _exactly(control, header_size + data_size)
        return json.loads(body[:header_size]), body[header_size:], fds[0]
    except (OSError, EOFError, ValueError):
        return None


def _child(control, header, data, fd):
    """In the forked child: become a fresh runner for the copy (never returns)."""
    from . import runner, fresh_runner
    status = 0
    try:
        control.close()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.setsid()
        runner._only_fd(fd)
        fresh_runner.serve(header if type(header) is dict else {}, data,
                             socket.socket(fileno=fd))
    except BaseException:                   # noqa: B036
        status = 1
    finally:
        os._exit(status)


def main(fd):
    """The parent: import what a runner needs, then fork one for each request, until the
    grader's side closes."""
    import pickle  # noqa: F401  (each child unpickles a copy)

    import cloudpickle  # noqa: F401  (a copy names its functions)

    from . import runner, fresh_runner  # noqa: F401  (the runner, its guard, its clocks)
    try:                            # the kernel beside it may not trace or change it
        runner._libc().prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    except (OSError, AttributeError, TypeError):
        pass
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)       # the children reap themselves
    control = socket.socket(fileno=fd)
    while (request := _request(control)) is not None:
        header, data, runner_fd = request
        pid = os.fork()
        if pid == 0:
            _child(control, header, data, runner_fd)
        os.close(runner_fd)
        try:
            control.sendall(struct.pack('>i', pid))
        except OSError:
            return


if __name__ == '__main__':
    main(int(sys.argv[1]))
