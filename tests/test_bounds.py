"""classroom/bounds.py: a bounded HTTP server holds so many connections and reads so much of a body;
an error repeated is logged once a minute (the real hub's and services' attacks: test_front.py)."""

import asyncio
import logging

from tornado import web

from classroom.bounds import BoundedHTTPServer, Repeats


class Echo(web.RequestHandler):
    def post(self):
        self.write(str(len(self.request.body)))


async def exchange(port, request: bytes) -> bytes:
    """Send a request; what came back before the server closed or answered (b'' if it closed)."""
    reader, writer = await asyncio.open_connection('127.0.0.1', port)
    writer.write(request)
    try:
        return await asyncio.wait_for(reader.read(4096), 5)
    finally:
        writer.close()


def post(length, sent=None) -> bytes:
    body = b'x' * (length if sent is None else sent)
    return b'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n' % length + body


def test_a_bounded_server_holds_so_many_connections_and_reads_so_much():
    async def attack():
        server = BoundedHTTPServer(web.Application([('/', Echo)]), max_body_size=1000,
                                   max_connections=3)
        server.listen(0, '127.0.0.1')
        port = next(iter(server._sockets.values())).getsockname()[1]
        try:
            small = await exchange(port, post(10))
            too_long = await exchange(port, post(10 ** 9, sent=10))    # refused on its length
            held = [await asyncio.open_connection('127.0.0.1', port) for _ in range(3)]
            await asyncio.sleep(0.2)
            one_more = await exchange(port, post(10))                  # closed as it comes
            for _, writer in held:
                writer.close()
            await asyncio.sleep(0.2)
            again = await exchange(port, post(10))
            return small, too_long, one_more, again, server.open_connections
        finally:
            server.stop()

    small, too_long, one_more, again, still_open = asyncio.run(attack())
    assert small.startswith(b'HTTP/1.1 200') and small.endswith(b'10')
    assert too_long.startswith(b'HTTP/1.1 400')
    assert one_more == b''
    assert again.startswith(b'HTTP/1.1 200')
    assert still_open <= 1


def test_an_error_repeated_is_logged_once_a_minute_with_how_many_were_held_back():
    now = [0.0]
    repeats = Repeats(clock=lambda: now[0])
    record = lambda n: logging.LogRecord('tornado.application', logging.ERROR, 'f', 1,  # noqa: E731
                                         'Exception in callback %r', (n,), None)
    shown = [repeats.filter(record(n)) for n in range(1000)]
    assert shown == [True] + [False] * 999
    now[0] = 61
    later = record(1000)
    assert repeats.filter(later) and '999 more like it' in later.msg
    info = logging.LogRecord('tornado.access', logging.INFO, 'f', 1, '200 GET /', (), None)
    assert all(repeats.filter(info) for _ in range(3))


def test_doctests():
    import doctest

    from classroom import bounds
    assert doctest.testmod(bounds).failed == 0
