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

__all__ = ['Answer', 'CheckRequest', 'Reply', 'send', 'frame', 'send_frame', 'receive', 'send_with_fd', 'receive_with_fd',
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


# --- the runner's answer to one call of her function ----------------------------------------

NAME, TEXT, LINE, CALLED = 200, 500, 200, 80
"""The longest type name (what she returned, what she raised), error text, line of code or of
her output, and name of a course function an answer carries (characters): the runner cuts
to them (``Answer.to_wire``), the judge refuses more (``Answer.from_wire``)."""
KEPT_LINES = 6
"""The last lines of her output an answer carries."""
FLAGS = ('builtin', 'exit', 'interrupt', 'genexit', 'notimplemented', 'recursion', 'memory',
         'refused')
"""What an answer says of the error she raised, each true or false (the runner's ``_raised``)."""


def _refuse(what):
    raise ValueError(f"not a runner's answer: {what}")


def _text(value, limit, what):
    if type(value) is not str or len(value) > limit:
        _refuse(f'{what} is not a text of at most {limit} characters')
    return value


@dataclass(slots=True)
class Answer:
    """The runner's answer to one call of her function (a call, one of a batch's, or the
    value of an exercise whose answer is a value), as the runner writes it and the judge
    reads it. ``kind`` says what came back: 'ok' (``value``: what she returned, as plain data,
    ``values``), 'notplain' (``value``: the type of what she returned, which is not plain
    data) or 'raised' (``value``: the facts of the error, FLAGS with 'type', 'text' and
    'where'); ``t`` the seconds the call took; ``after`` the arguments the call changed, as
    [index, plain data or {'notplain': type}]; ``printed`` what it printed, [lines, the last
    lines, characters, lines finished]; ``course`` the course function she called, if any.

    >>> Answer.from_wire(Answer('ok', [1, 2], 0.25, printed=[1, ['hi'], 3, 1]).to_wire(), 1)
    Answer(kind='ok', value=[1, 2], t=0.25, after=(), printed=[1, ['hi'], 3, 1], course=None)
    >>> Answer.from_wire({'ok': 1, 'notplain': 'x'}, 1)
    Traceback (most recent call last):
    ValueError: not a runner's answer: it has 2 of ok, notplain and raised, not one
    >>> Answer.from_wire({'notplain': 'x' * 300}, 1)
    Traceback (most recent call last):
    ValueError: not a runner's answer: notplain is not a text of at most 200 characters
    """
    kind: str
    value: object = None
    t: float = 0.0
    after: tuple = ()
    printed: list = None
    course: str = None

    KINDS = ('ok', 'notplain', 'raised')

    def plain(self) -> bool:
        """Did the call return plain data, and nothing else happen (the short form of a batch)?"""
        return self.kind == 'ok' and not (self.after or self.printed or self.course)

    def to_wire(self) -> dict:
        """The answer as JSON-ready data, each text cut to its limit."""
        value = self.value
        if self.kind == 'notplain':
            value = value[:NAME]
        elif self.kind == 'raised':
            where = value['where']
            value = dict(value, type=value['type'][:NAME], text=value['text'][:TEXT],
                         where=where and dict(where, function=where['function'][:CALLED],
                                              code=where['code'][:LINE]))
        message = {self.kind: value, 't': self.t}
        if self.after:
            message['after'] = [[i, dict(data, notplain=data['notplain'][:NAME])
                                 if type(data) is dict and 'notplain' in data else data]
                                for i, data in self.after]
        if self.printed:
            total, last, chars, finished = self.printed
            message['printed'] = [total, [x[:LINE] for x in last[-KEPT_LINES:]], chars,
                                  finished]
        if self.course is not None:
            message['course'] = self.course[:CALLED]
        return message

    @classmethod
    def from_wire(cls, message, arity) -> 'Answer':
        """The answer to a call of `arity` arguments in a message; ValueError, saying what is
        wrong, if it is not one (a field missing, unknown, of the wrong type or too long)."""
        if type(message) is not dict:
            _refuse('not a JSON object')
        kinds = [k for k in cls.KINDS if k in message]
        if len(kinds) != 1:
            _refuse(f'it has {len(kinds)} of ok, notplain and raised, not one')
        if extra := sorted(set(message) - {kinds[0], 't', 'after', 'printed', 'course'}):
            _refuse('unknown fields: ' + ', '.join(map(repr, extra))[:200])
        kind, value = kinds[0], message[kinds[0]]
        if kind == 'notplain':
            _text(value, NAME, 'notplain')
        elif kind == 'raised':
            value = _raised_facts(value)
        t = message.get('t', 0.0)
        if type(t) is not float or not 0 <= t < 1e6:
            _refuse('t is not a number of seconds')
        course = message.get('course')
        if course is not None:
            _text(course, CALLED, 'course')
        return cls(kind, value, t, _after(message.get('after', ()), arity),
                   _printed(message.get('printed')), course)

    @staticmethod
    def batch_to_wire(answers) -> dict:
        """The answer to a batch of calls (``{'op': 'map'}``): one for each call, up to the first
        that did not return plain data; in short, the values and their seconds, where every
        call returned plain data and nothing else happened."""
        if all(answer.plain() for answer in answers):
            return {'oks': [answer.value for answer in answers],
                    't': sum(answer.t for answer in answers)}
        return {'answers': [answer.to_wire() for answer in answers]}

    @classmethod
    def batch_from_wire(cls, message, arities) -> list:
        """The answers to a batch of calls with these numbers of arguments (fewer answers if
        the runner stopped at one); ValueError if the message holds none of them."""
        if type(message) is not dict:
            _refuse('not a JSON object')
        if 'oks' not in message:
            answers = message.get('answers')
            if type(answers) is not list or not 0 < len(answers) <= len(arities):
                _refuse(f'answers is not a list of 1 to {len(arities)} answers')
            return [cls.from_wire(each, n) for each, n in zip(answers, arities)]
        oks, t = message['oks'], message.get('t')
        if type(oks) is not list or len(oks) != len(arities):
            _refuse(f'oks is not a list of {len(arities)} values')
        if type(t) is not float or not 0 <= t < 1e6:
            _refuse('t is not a number of seconds')
        return [cls('ok', value, t if i == 0 else 0.0) for i, value in enumerate(oks)]


def _raised_facts(value) -> dict:
    if type(value) is not dict or set(value) != {'type', 'text', 'where', *FLAGS}:
        _refuse('raised does not hold the facts of an error')
    if any(type(value[flag]) is not bool for flag in FLAGS):
        _refuse('raised: a flag that is not true or false')
    _text(value['type'], NAME, 'the type raised')
    _text(value['text'], TEXT, "the error's text")
    where = value['where']
    if where is not None:
        if type(where) is not dict or set(where) != {'function', 'line', 'code'}:
            _refuse('where is not a function, a line and its code')
        _text(where['function'], CALLED, "where's function")
        _text(where['code'], LINE, "where's code")
        if where['line'] is not None and (type(where['line']) is not int or where['line'] < 0):
            _refuse("where's line is not a line's number")
    return value


def _after(after, arity) -> tuple:
    if type(after) not in (list, tuple):
        _refuse('after is not a list')
    for item in after:
        if type(item) is not list or len(item) != 2 or type(item[0]) is not int \
                or not 0 <= item[0] < arity:
            _refuse(f'after: not [the index of one of {arity} arguments, its value]')
        if type(item[1]) is dict and 'notplain' in item[1]:
            _text(item[1]['notplain'], NAME, "after's notplain")
    return tuple(after)


def _printed(printed):
    if printed is None:
        return None
    if type(printed) is not list or len(printed) != 4 or type(printed[1]) is not list \
            or any(type(n) is not int or n < 0 for n in printed[::2] + printed[3:]):
        _refuse('printed is not [lines, the last lines, characters, lines finished]')
    if len(printed[1]) > KEPT_LINES:
        _refuse(f'printed: more than the last {KEPT_LINES} lines')
    for line in printed[1]:
        _text(line, LINE, 'a printed line')
    return printed
