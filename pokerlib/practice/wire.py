"""Framed JSON messages over a stream socket, with deadlines: how the processes of a check talk.

A message is four bytes of length, then that many bytes of JSON. A reader
gives a deadline (``time.monotonic()`` seconds) and a size limit: a peer
that is silent, closes, or sends too much raises ``Silent``, ``Closed`` or
``TooBig``, never hangs the reader. Whoever reads what the student's side
wrote decodes it as plain data only (``values``). The sockets are socket
pairs: UNIX sockets, or on Windows the pair of TCP sockets Python makes there.

>>> import socket
>>> a, b = socket.socketpair()
>>> send(a, {'op': 'call', 'args': [1, 2]}); receive(b)
{'op': 'call', 'args': [1, 2]}
"""

import base64
import json
import os
import select
import socket
import struct
import time
from dataclasses import asdict, dataclass

__all__ = ['CheckRequest', 'Reply', 'send', 'frame', 'send_frame', 'receive', 'send_with_fd', 'receive_with_fd',
           'send_socket', 'receive_socket', 'Closed', 'Silent', 'TooBig',
           'LIMIT']

_monotonic = time.monotonic
"""The clock deadlines are read on (bound once: a runner warps the time module's, see clocks)."""

LIMIT = 64 * 2**20
"""The largest message read (bytes): more is the peer's fault."""


class WireError(Exception):
    """The peer did not send a readable message."""


class Closed(WireError):
    """The peer closed the connection (or its process ended)."""


class Silent(WireError):
    """The deadline passed before the message was complete."""


class TooBig(WireError):
    """The peer announced a message larger than the limit."""


def _frame(message) -> bytes:
    body = json.dumps(message, separators=(',', ':'), allow_nan=False).encode('utf-8')
    return struct.pack('>I', len(body)) + body


def send(sock, message, deadline=None):
    """Send one message (a JSON-ready value); Silent if the peer does not take it by the
    deadline (a peer that never reads can't block the sender)."""
    send_frame(sock, _frame(message), deadline)


def frame(message) -> bytes:
    """A message as the bytes send would write."""
    return _frame(message)


def send_frame(sock, data, deadline=None):
    """Send bytes that frame made, by the deadline."""
    if deadline is None:
        sock.sendall(data)
        return
    left = deadline - _monotonic()
    if left <= 0:
        raise Silent()
    sock.settimeout(left)
    try:
        sock.sendall(data)
    except (socket.timeout, TimeoutError):
        raise Silent() from None
    finally:
        sock.settimeout(None)


def send_with_fd(sock, message, fd):
    """Send one message with a file descriptor (a socket end) attached."""
    data = _frame(message)
    sent = socket.send_fds(sock, [data], [fd])
    if sent < len(data):
        sock.sendall(data[sent:])


def send_socket(sock, message, other, pid):
    """Send one message with the socket `other` attached, for process pid to use: its file
    descriptor (POSIX), or where there is none to pass (Windows) the socket shared with pid."""
    if hasattr(socket, 'send_fds'):
        send_with_fd(sock, message, other.fileno())
    else:                                                    # pragma: no cover - Windows
        send(sock, dict(message, shared=base64.b64encode(other.share(pid)).decode('ascii')))


def receive_socket(sock, deadline=None, limit=LIMIT):
    """(message, the socket send_socket attached to it, or None)."""
    if hasattr(socket, 'recv_fds'):
        message, fd = receive_with_fd(sock, deadline, limit)
        return message, (None if fd is None else socket.socket(fileno=fd))
    message = receive(sock, deadline, limit)                 # pragma: no cover - Windows
    shared = message.get('shared') if type(message) is dict else None
    return message, (socket.fromshare(base64.b64decode(shared)) if type(shared) is str else None)


def _read(sock, n, deadline, buffer=b''):
    chunks, have = [buffer], len(buffer)
    while have < n:
        if deadline is not None:
            left = deadline - _monotonic()
            if left <= 0 or not select.select([sock], [], [], left)[0]:
                raise Silent()
        try:
            chunk = sock.recv(min(n - have, 1 << 20))
        except (ConnectionError, OSError) as e:
            raise Closed() from e
        if not chunk:
            raise Closed()
        chunks.append(chunk)
        have += len(chunk)
    data = b''.join(chunks)
    return data[:n], data[n:]


def receive(sock, deadline=None, limit=LIMIT):
    """One message, or Closed / Silent / TooBig (never a hang past the deadline)."""
    head, rest = _read(sock, 4, deadline)
    return _body(sock, head, rest, deadline, limit)


def _body(sock, head, rest, deadline, limit):
    size, = struct.unpack('>I', head)
    if size > limit:
        raise TooBig(size)
    body, _ = _read(sock, size, deadline, rest)
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as e:
        raise WireError('not JSON') from e


def receive_with_fd(sock, deadline=None, limit=LIMIT):
    """(message, the file descriptor sent with it or None)."""
    if deadline is not None:
        left = deadline - _monotonic()
        if left <= 0 or not select.select([sock], [], [], left)[0]:
            raise Silent()
    data, fds, _, _ = socket.recv_fds(sock, 1 << 16, 4)
    if not data:
        raise Closed()
    for extra in fds[1:]:
        os.close(extra)
    head, rest = _read(sock, 4, deadline, data)
    return _body(sock, head, rest, deadline, limit), (fds[0] if fds else None)


# --- the messages between the kernel and the judge's process --------------------------------

def _number(value):
    return value if type(value) in (int, float) else None


@dataclass(frozen=True)
class CheckRequest:
    """The kernel's request for a check (the runner's socket comes with it): the language of
    the report, a bound on its time (tests), the exercise's time limit for slow functions,
    the notebook's definitions (``kernel._definitions``) and the runner's process id (whose
    CPU time the time limit counts).

    >>> CheckRequest.from_wire(CheckRequest('zh_CN', None, 3.0, {}, 42).to_wire())
    CheckRequest(language='zh_CN', at_most=None, slow=3.0, defined={}, runner=42)
    >>> CheckRequest.from_wire({'op': 'check', 'language': 7, 'slow': 'x', 'runner': 1.5})
    CheckRequest(language='en', at_most=None, slow=None, defined=None, runner=None)
    """
    language: str = 'en'
    at_most: float = None
    slow: float = None
    defined: dict = None
    runner: int = None

    def to_wire(self) -> dict:
        return {'op': 'check', **asdict(self)}

    @classmethod
    def from_wire(cls, message) -> 'CheckRequest':
        """The request in a message; a field of the wrong type reads as not given."""
        message = message if type(message) is dict else {}
        language, defined = message.get('language'), message.get('defined')
        runner = message.get('runner')
        return cls(language if type(language) is str and language else 'en',
                   _number(message.get('at_most')), _number(message.get('slow')),
                   defined if type(defined) is dict else None,
                   runner if type(runner) is int else None)


@dataclass(frozen=True)
class Reply:
    """One message of the judge's process to the kernel: ``ready`` (it has started),
    ``started`` (a check began: the seconds it may take, None if the judge did not say) or
    ``report`` (the check's Report, as ``to_data`` made it).

    >>> Reply.from_wire(Reply('started', 2.5).to_wire()), Reply.from_wire({'started': 'x'})
    (Reply(kind='started', value=2.5), Reply(kind='started', value=None))
    """
    kind: str
    value: object = True

    def to_wire(self) -> dict:
        return {self.kind: self.value}

    @classmethod
    def from_wire(cls, message) -> 'Reply':
        """The reply in a message; ValueError if it is none."""
        kind = next((k for k in ('report', 'started', 'ready')
                     if type(message) is dict and k in message), None)
        if kind is None:
            raise ValueError('not a reply of the judge')
        return cls(kind, _number(message[kind]) if kind == 'started' else message[kind])
