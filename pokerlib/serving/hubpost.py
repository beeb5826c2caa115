"""One request to a hub service from inside a student's (or the teacher's) server: the one client.

On the class server a kernel or a server extension reaches the hub's services
(the gradebook, the follow view) only at the addresses the hub passes in the
environment (``POKERLIB_GRADEBOOK``, ``POKERLIB_FOLLOW``). Such an address is
``http://HOST:PORT/PATH`` or, where the server runs in a network of its own,
``http+unix://%2Fpath%2Fto%2Fsocket/PATH`` (the socket's path percent-encoded
as the host, as requests-unixsocket writes it). ``request`` speaks both, never
through a proxy, with the standard library only.

>>> split('http+unix://%2Frun%2Fhub%2Ffollow.sock/services/follow/api/feed')
('unix', '/run/hub/follow.sock', '/services/follow/api/feed')
>>> split('http://127.0.0.1:8003/services/gradebook/')
('tcp', '127.0.0.1:8003', '/services/gradebook/')
>>> join('http+unix://%2Frun%2Fx.sock/services/follow/', 'api/feed')
'http+unix://%2Frun%2Fx.sock/services/follow/api/feed'
"""

import http.client
import socket
from urllib.parse import unquote, urlsplit

__all__ = ['request', 'join', 'split']


def split(url: str):
    """('tcp', 'host:port', path) or ('unix', socket path, path); ValueError for anything else."""
    parts = urlsplit(url)
    path = parts.path or '/'
    if parts.query:
        path += '?' + parts.query
    if parts.scheme == 'http':
        return 'tcp', parts.netloc, path
    if parts.scheme == 'http+unix':
        return 'unix', unquote(parts.netloc), path
    raise ValueError(f'not an http:// or http+unix:// address: {url[:80]!r}')


def join(base: str, path: str) -> str:
    """The address of ``path`` under the service's address ``base``."""
    return base.rstrip('/') + '/' + path.lstrip('/')


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout):
        super().__init__('localhost', timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)


def request(method: str, url: str, body: bytes = None, token: str = None, timeout: float = 5.0,
            content_type='application/json'):
    """(status, response body) of one request; OSError when the service cannot be reached."""
    kind, where, path = split(url)
    connection = (_UnixConnection(where, timeout) if kind == 'unix'
                  else http.client.HTTPConnection(where, timeout=timeout))
    headers = {'Content-Type': content_type} if body is not None else {}
    if token:
        headers['Authorization'] = f'token {token}'
    try:
        try:
            connection.request(method, path, body=body, headers=headers)
        except (BrokenPipeError, ConnectionResetError):
            pass        # it answered (a refusal) and closed before taking the body: read its answer
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()
