"""What the class server's own hub services share (gradebook.py, follow.py).

- ``FontHandler``: the course's font, for a page's Chinese.
- ``Secure``: a page's headers: its Content-Security-Policy (the handler's
  ``csp``), no sniffing, never cached.
- ``Owners``: whose hub token came with a request, and what it may do, asked of
  the hub (a student's kernel, the teacher's server), remembered a few minutes,
  with the hub asked about unknown tokens at a bounded rate.
- ``Waiters``: the pages waiting for the next change.
- ``log_errors``: only a service's own errors reach the teacher's terminal.
"""

import asyncio
import hashlib
import ipaddress
import time

from tornado import web

from pokerlib.serving.fonts import FONT

from classroom.board import RateLimit, Refused  # noqa: F401 (Refused: for the services)


class Secure:
    """A mixin for a service's pages: set ``csp`` on the handler class."""

    csp = "default-src 'none'"

    def set_default_headers(self):
        self.set_header('Content-Security-Policy', self.csp)
        self.set_header('X-Content-Type-Options', 'nosniff')
        self.set_header('Cache-Control', 'no-store')


class FontHandler(Secure, web.RequestHandler):
    """The course's font (OFL), to anyone: a browser fetches a font in CORS mode, which a hub
    service's cookie login lets through only with the page's xsrf token (else 403, and the
    page's Chinese draws as empty boxes), and the font is no secret."""

    def get(self):
        self.set_header('Content-Type', 'font/otf')
        self.write(FONT.read_bytes())


def text(value) -> str:
    """A token tornado gives as bytes, as text."""
    return value.decode() if isinstance(value, bytes) else value


def token_of(request) -> str:
    """The hub token in a request's ``Authorization: token ...`` header, or ''."""
    header = request.headers.get('Authorization', '')
    return header[len('token '):].strip() if header.lower().startswith('token ') else ''


class Owners:
    """Whose hub token this is, and what it may do: the hub's user name (None for a service's or no
    valid token) and the token's scopes.

    Tokens the hub is asked about that were not seen lately are limited per client:
    each student's kernel reaches a service through a door of her own, from a loopback
    address of hers (classroom/doors.py), so one who floods with made-up tokens spends
    her own budget alone; and all together, so that the hub is never asked more than
    it can answer. A token the hub named is known for five minutes, asked about never.
    """

    def __init__(self, hub_auth):
        self.hub_auth = hub_auth
        self.known = {}                 # sha256(token) -> (name or None, scopes, until)
        self.lookups = RateLimit(burst=10, per_second=1)
        self.all_lookups = RateLimit(burst=300, per_second=100)

    async def identify(self, token, client='?'):
        """The name, or None; Refused(429) when the hub is asked too often about unknown tokens
        from this client, or from all of them."""
        return (await self.lookup(token, client))[0]

    async def may(self, token, scope, client='?'):
        """The name, if the token is a user's and holds ``scope`` itself (not merely its owner):
        None otherwise."""
        name, scopes = await self.lookup(token, client)
        return name if scope in scopes else None

    async def lookup(self, token, client='?'):
        """(name or None, the token's scopes as a frozenset)."""
        if not token:
            return None, frozenset()
        key, now = hashlib.sha256(token.encode()).hexdigest(), time.monotonic()
        name, scopes, until = self.known.get(key, (None, frozenset(), 0))
        if until > now:
            return name, scopes
        if not (self.lookups.allow(client, now) and self.all_lookups.allow('hub', now)):
            raise Refused(429, 'too many new tokens at once: try again')
        model = await self.hub_auth.user_for_token(token, sync=False)
        name = model['name'] if model and model.get('kind', 'user') == 'user' else None
        scopes = frozenset(model.get('scopes') or ()) if name else frozenset()
        if len(self.known) > 10000:
            self.known.clear()
        self.known[key] = (name, scopes, now + (300 if name else 30))
        return name, scopes


def from_a_door(address) -> bool:
    """Whether a request came through a student's door (classroom/doors.py): from 127.1.0.0 up.

    Through the proxy (from a browser) it comes from 127.0.0.1, the proxy's own address.

    >>> from_a_door('127.1.0.3'), from_a_door('127.0.0.1'), from_a_door('10.0.0.7'), from_a_door('x')
    (True, False, False, False)
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and ip.is_loopback and ip.packed[1] >= 1


def poster(request, from_pods=False):
    """The address a student's check was posted from, or None where such a post is refused.

    On one machine, her door's (from_a_door): never the proxy's. On Kubernetes, where there are
    no doors (GRADEBOOK_FROM_PODS=1, deploy/kubernetes/values.yaml), her kernel posts straight
    from her pod to the gradebook's port (the network policy lets students' pods and the proxy
    reach it): her pod's address, which she cannot choose; a post that came through the proxy
    (which adds X-Forwarded-For: a browser's, or anyone's) is refused.

    >>> from types import SimpleNamespace as R
    >>> poster(R(remote_ip='127.1.0.3', headers={})), poster(R(remote_ip='127.0.0.1', headers={}))
    ('127.1.0.3', None)
    >>> poster(R(remote_ip='10.8.3.3', headers={}), True)
    '10.8.3.3'
    >>> poster(R(remote_ip='10.8.0.11', headers={'X-Forwarded-For': '10.8.3.3'}), True) is None
    True
    """
    if not from_pods:
        return request.remote_ip if from_a_door(request.remote_ip) else None
    if 'X-Forwarded-For' in request.headers or 'X-Real-Ip' in request.headers:
        return None
    return request.remote_ip


def log_errors(handler):
    """A service's log function: its own errors (5xx) only, not every refused request."""
    if handler.get_status() >= 500:
        web.access_log.error('%d %s %.0f ms', handler.get_status(), handler._request_summary(),
                             1000 * handler.request.request_time())


class Waiters:
    """The pages listening for a change (server-sent events): each waits, a change wakes them all."""

    def __init__(self):
        self.futures = set()

    def wake(self, value=None):
        for future in list(self.futures):
            if not future.done():
                future.set_result(value)

    async def wait(self, timeout):
        """Until the next change, or timeout seconds."""
        future = asyncio.get_running_loop().create_future()
        self.futures.add(future)
        try:
            await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            pass
        finally:
            self.futures.discard(future)
