"""What one request, one connection or one error may cost the hub and its services (issue 48).

Tornado reads a request's whole body into memory before any handler asks who
sent it, keeps a connection that sends nothing for an hour, and takes every
connection it is offered until the process runs out of files; each error is
logged each time. Here:

- ``BoundedHTTPServer``: tornado's HTTPServer with a bound on bodies
  (``max_body_size``: a longer ``Content-Length`` is refused at once, a
  chunked body as soon as it goes past), on connections open at once
  (``max_connections``: one more is closed as soon as it comes), and on
  idleness (a request's headers within ``idle_connection_timeout`` s, its body
  within ``body_timeout`` s). The hub's process makes every HTTPServer of it
  one (``bound_this_process``, from jupyterhub_config.py); the services listen
  with one (``listen``).
- ``files_for``: a service's open files raised to what its connections need.
- ``Repeats``: a log filter that lets each error through once a minute, with how
  many of it were held back.

>>> Repeats.key(logging.LogRecord('t', 40, 'f', 1, 'accept failed: %s', ('EMFILE',), None))
('t', 'accept failed: %s')
"""

import logging
import resource
import time

from tornado.httpserver import HTTPServer

GRADE_BUDGET = 90
"""Seconds one student's notebook may run when the teacher presses Grade (one of the course's takes
10 to 30 on a busy machine): past it, it is stopped and reported, never holding up the class."""
PACE = 30
"""Seconds per notebook the Grade's own budget allows, side by side on the cores, over
GRADE_BUDGET: a notebook not begun by then is reported, not graded."""

HUB_BODY = 256 * 1024
"""Bytes of a request's body the hub takes: its forms and API calls are a few kilobytes."""
HUB_CONNECTIONS = 2048
"""Connections the hub holds at once: the proxy's, each student's doors (a few each), the services'."""
IDLE = 120
"""Seconds a connection may take to send a request's headers (or stay idle between requests)."""
BODY_TIME = 120
"""Seconds a request may take to send its body."""


class BoundedHTTPServer(HTTPServer):
    """An HTTPServer with ``max_connections`` at once (see the module's docstring)."""

    def initialize(self, *args, max_connections=1024, **kwargs):
        kwargs.setdefault('idle_connection_timeout', IDLE)
        kwargs.setdefault('body_timeout', BODY_TIME)
        super().initialize(*args, **kwargs)
        self.max_connections, self.open_connections = max_connections, 0

    def handle_stream(self, stream, address):
        if self.open_connections >= self.max_connections:
            stream.close()
            return
        self.open_connections += 1
        super().handle_stream(stream, address)

    def on_close(self, server_conn):
        self.open_connections -= 1
        super().on_close(server_conn)


def bound_this_process(max_body_size=HUB_BODY, max_connections=HUB_CONNECTIONS):
    """Every HTTPServer this process makes (the hub's own) a bounded one (tornado's Configurable),
    with the files its connections need (and as many again for everything else it keeps open)."""
    HTTPServer.configure(BoundedHTTPServer, max_body_size=max_body_size,
                         max_connections=files_for(max_connections, spare=max_connections))


def files_for(connections: int, spare=128) -> int:
    """Raise this process's open files to what ``connections`` and ``spare`` more need (as far as
    the machine's hard limit lets); the connections it can hold then."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + spare
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if wanted > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    else:
        wanted = soft
    return max(1, min(connections, wanted - spare))


def listen(app, port, address, max_body_size, max_connections) -> BoundedHTTPServer:
    """A service's app listening at address:port, bounded, its files sized to its connections."""
    server = BoundedHTTPServer(app, max_body_size=max_body_size,
                               max_connections=files_for(max_connections))
    server.listen(port, address)
    return server


class Repeats(logging.Filter):
    """Each error (its logger and message, whatever its arguments) once a minute; the next time it
    is let through, it says how many of it were held back."""

    def __init__(self, every=60.0, clock=time.monotonic):
        super().__init__()
        self.every, self.clock = every, clock
        self.seen = {}                  # key -> (last let through, held back since)

    @staticmethod
    def key(record):
        return record.name, str(record.msg)

    def filter(self, record):
        if record.levelno < logging.WARNING:
            return True
        key, now = self.key(record), self.clock()
        last, held = self.seen.get(key, (None, 0))
        if last is not None and now - last < self.every:
            self.seen[key] = (last, held + 1)
            return False
        if len(self.seen) > 1000:
            self.seen.clear()
        self.seen[key] = (now, 0)
        if held:
            record.msg = f'{record.msg} (and {held} more like it since it was last shown)'
        return True

    def install(self, *names):
        """On the loggers (and their handlers) named: tornado's, by default."""
        for name in names or ('tornado.application', 'tornado.general', 'tornado.access', 'asyncio'):
            logging.getLogger(name).addFilter(self)
        return self
