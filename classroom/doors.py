"""The only ways out of a student's sandbox: unix sockets that lead to the hub and its services.

Every student's server, and the teacher's, runs in a network namespace of
its own (``bwrap --unshare-net``): its loopback is hers alone, so her kernels'
ports, her server and any port she opens can be reached by her processes
only, and ``/proc/net`` shows her sockets only. Nothing she starts can reach
the machine's loopback, where the hub, the proxy and the services listen.

What her server and kernels must reach, they reach through her *doors*: unix
sockets in a folder of the hub's shown read-only in her sandbox (hers alone),
which the hub's process answers by opening a connection to one address on
the machine's loopback and passing the bytes both ways. One door leads to
the hub's API (her server's OAuth and activity), one to the gradebook (her
checks' verdicts): the hub and its services, behind their tokens, are all
that students share. Her doors' connections come from a loopback address
of hers, and each door holds a few at once.
Her own server listens on a unix socket in a folder of hers, which the
proxy (run by the hub, outside every sandbox) connects to.

>>> door_url('/srv/class/doors/hub.sock', '/hub/api')
'http+unix://%2Fsrv%2Fclass%2Fdoors%2Fhub.sock/hub/api'
"""

import asyncio
import contextlib
import os
from pathlib import Path
from urllib.parse import quote

SOCKET_PATH_MAX = 107
"""The longest path a unix socket can have on Linux (sun_path, less its final NUL)."""


def door_url(path, rest='') -> str:
    """The http+unix:// URL of a unix socket, as JupyterHub and pokerlib's post read it."""
    return 'http+unix://' + quote(str(path), safe='') + rest


def check_path(path) -> Path:
    """The path of a unix socket, refused (ValueError, one line) when Linux cannot bind it."""
    path = Path(path)
    if len(os.fsencode(path)) > SOCKET_PATH_MAX:
        raise ValueError(f'the path {path} is too long for a unix socket ({SOCKET_PATH_MAX} bytes '
                         f'at most): choose a shorter CLASSROOM_STATE')
    return path


async def _pipe(reader, writer):
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError, OSError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()


OPEN_AT_ONCE = 32
"""Connections one door (one student's) holds open at once: her server and kernels need a
few; more, and she could use up the hub's own files (each connection holds two)."""


class Door:
    """A unix socket at ``path`` whose every connection is passed on to ``host:port``.

    ``source``, an address on the loopback (127.x.y.z), is where those connections
    come from: a student's own door to the gradebook comes from an address of her own,
    so that the gradebook can tell one student's posts from another's (its limits).
    It holds at most OPEN_AT_ONCE connections at once; more are closed at once.
    """

    def __init__(self, path, host, port, source=None):
        self.path, self.host, self.port = check_path(path), host, int(port)
        self.source = source
        self.server = None
        self.connections = 0            # open now

    async def _serve(self, reader, writer):
        if self.connections >= OPEN_AT_ONCE:
            writer.close()
            return
        self.connections += 1
        try:
            try:
                far_reader, far_writer = await asyncio.open_connection(
                    self.host, self.port, local_addr=(self.source, 0) if self.source else None)
            except OSError:
                writer.close()
                return
            await asyncio.gather(_pipe(reader, far_writer), _pipe(far_reader, writer))
        finally:
            self.connections -= 1

    async def open(self):
        """Listen (once); anyone who is shown the folder may connect (mode 0666).

        The folder is the hub's own (0755): nobody else can put anything in it.
        """
        if self.server is not None:
            return self
        self.path.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self.server = await asyncio.start_unix_server(self._serve, path=str(self.path), limit=2**16)
        os.chmod(self.path, 0o666)
        return self

    def close(self):
        if self.server is not None:
            self.server.close()
            self.server = None
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


class Doors:
    """The class's doors: for each student, a door of her own to the hub's API (``hub``,
    HOST:PORT) and to each service (``services``: name -> HOST:PORT), in a folder of hers
    that is the hub's (``student_folder``); their connections come from a loopback address
    of hers (``source``), and each door holds a few of them at once."""

    def __init__(self, folder, hub: str, services: dict):
        self.folder = Path(folder)
        self.targets = {'hub': hub, **services}
        self.own = {}                   # student -> {name: Door}
        self.sources = {}               # student -> her loopback address
        self._lock = None

    def source(self, student) -> str:
        """Her address on the loopback: 127.1.0.1, 127.1.0.2, ... in the order they came."""
        if student not in self.sources:
            n = len(self.sources) + 1
            self.sources[student] = f'127.{1 + n // 65536}.{n // 256 % 256}.{n % 256}'
        return self.sources[student]

    def student_folder(self, student) -> Path:
        """Her doors' folder: the hub's, read-only to her (she can neither move nor replace them)."""
        return self.folder / student

    def url(self, student, name='hub', rest='') -> str:
        """The address of one of her doors."""
        return door_url(self.student_folder(student) / f'{name}.sock', rest)

    async def open(self, student) -> dict:
        """Her doors, opened: name -> its path."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            own = self.own.setdefault(student, {})
            for name, address in self.targets.items():
                if name not in own:
                    own[name] = Door(self.student_folder(student) / f'{name}.sock',
                                     *address.rsplit(':', 1), source=self.source(student))
                await own[name].open()
            return {name: door.path for name, door in own.items()}

    def close(self):
        for own in self.own.values():
            for door in own.values():
                door.close()


def socket_url(path) -> str:
    """The http+unix:// address of a student's server: every byte of its path %-escaped.

    The hub keeps a server's address as a host name, which it lower-cases; escaped
    bytes read the same in either case, and the proxy unescapes them.

    >>> socket_url('/a/B.sock')
    'http+unix://%2F%61%2F%42%2E%73%6F%63%6B'
    """
    return 'http+unix://' + ''.join(f'%{b:02X}' for b in os.fsencode(path))


def _proxy_class():
    """JupyterHub's proxy, routing to students' servers on their unix sockets (see ClassroomProxy)."""
    from jupyterhub.proxy import ConfigurableHTTPProxy

    class ClassroomProxy(ConfigurableHTTPProxy):
        """configurable-http-proxy with targets on unix sockets, as the hub writes them.

        The hub writes a server's target as ``proto://host:port``; for a unix socket the
        proxy would take ``:80`` for part of the socket's path. Routes go to the proxy
        without it, and come back from it with it, so that the hub sees its own targets.
        """

        async def add_route(self, routespec, target, data):
            if target.startswith('http+unix://'):
                target = target.removesuffix(':80')
            return await super().add_route(routespec, target, data)

        async def get_all_routes(self):
            routes = await super().get_all_routes()
            for route in routes.values():
                target = route.get('target', '')
                if target.startswith('http+unix://') and not target.endswith(':80'):
                    route['target'] = target + ':80'
            return routes

    return ClassroomProxy
