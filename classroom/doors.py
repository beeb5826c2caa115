"""The only ways out of a student's sandbox: unix sockets that lead to the hub and its services.

Every student's server, and the teacher's, runs in a network namespace of
its own (``bwrap --unshare-net``): its loopback is hers alone, so her kernels'
ports, her server and any port she opens can be reached by her processes
only, and ``/proc/net`` shows her sockets only. Nothing she starts can reach
the machine's loopback, where the hub, the proxy and the services listen.

What her server and kernels must reach, they reach through her *doors*: unix
sockets in a folder of the hub's, shown read-only in her sandbox (hers alone,
at ``/run/classroom/doors``), which the class's relay (classroom/relay.py, a
process of its own that outlives the hub) answers by opening a connection
to one address on the machine's loopback and passing the bytes both ways.
One door leads to the hub's API (her server's OAuth and activity), one to
the gradebook (her checks' verdicts), one to the follow view: the hub and its
services, behind their tokens, are all that students share. Her doors'
connections come from a loopback address of hers, and each door holds a few
at once.
Her own server listens on a unix socket in her run folder; the proxy
(outside every sandbox) reaches it through her front door (``Front``), a
port on the machine's loopback that the relay passes on to that socket.

>>> door_url('/srv/class/doors/hub.sock', '/hub/api')
'http+unix://%2Fsrv%2Fclass%2Fdoors%2Fhub.sock/hub/api'
"""

import asyncio
import contextlib
import os
import socket
import stat
from pathlib import Path
from urllib.parse import quote

def door_url(path, rest='') -> str:
    """The http+unix:// URL of a unix socket, as JupyterHub and pokerlib's post read it.

    The socket's path is the URL's host, which clients lower-case (JupyterHub's, by yarl): each
    capital letter is written percent-encoded, so a class folder such as ~/Documents/Poker
    stays itself.

    >>> door_url('/home/Ann/My Class/hub.sock')
    'http+unix://%2Fhome%2F%41nn%2F%4Dy%20%43lass%2Fhub.sock'
    """
    return 'http+unix://' + ''.join(f'%{ord(c):02X}' if 'A' <= c <= 'Z' else quote(c, safe='')
                                    for c in str(path)) + rest


def bound(path) -> socket.socket:
    """A unix socket listening at ``path``, however long the path: it is bound through its
    folder's file descriptor (``/proc/self/fd/N/NAME``), as Linux takes 107 bytes at most."""
    path = Path(path)
    folder = os.open(path.parent, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(f'/proc/self/fd/{folder}/{path.name}')
        s.listen(128)
    except OSError:
        s.close()
        raise
    finally:
        os.close(folder)
    return s


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


async def _carry(door, at_once, reader, writer, far):
    """One connection to a door (a Door or a Front): closed at once when the door holds at_once
    already; else its bytes passed both ways to the connection far() opens, till either ends."""
    if door.connections >= at_once:
        writer.close()
        return
    door.connections += 1
    try:
        try:
            far_reader, far_writer = await far()
        except OSError:
            writer.close()
            return
        await asyncio.gather(_pipe(reader, far_writer), _pipe(far_reader, writer))
    finally:
        door.connections -= 1


OPEN_AT_ONCE = 32
"""Connections one door (one student's) holds open at once: her server and kernels need a
few; more, and she could use up the relay's files (each connection holds two)."""


class Door:
    """A unix socket at ``path`` whose every connection is passed on to ``host:port``.

    ``source``, an address on the loopback (127.x.y.z), is where those connections
    come from: a student's own door to the gradebook comes from an address of her own,
    so that the gradebook can tell one student's posts from another's (its limits).
    It holds at most OPEN_AT_ONCE connections at once; more are closed at once.
    """

    def __init__(self, path, host, port, source=None):
        self.path, self.host, self.port = Path(path), host, int(port)
        self.source = source
        self.server = None
        self.connections = 0            # open now

    async def _serve(self, reader, writer):
        await _carry(self, OPEN_AT_ONCE, reader, writer, lambda: asyncio.open_connection(
            self.host, self.port, local_addr=(self.source, 0) if self.source else None))

    async def open(self):
        """Listen (once); anyone who is shown the folder may connect (mode 0666).

        The folder is the hub's own (0755): nobody else can put anything in it.
        """
        if self.server is not None:
            return self
        self.path.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self.server = await asyncio.start_unix_server(self._serve, sock=bound(self.path),
                                                      limit=2**16)
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


class Front:
    """Her server's front door: a port on the machine's loopback whose connections go on to the
    unix socket her server listens on, for the proxy (which only students' sandboxes cannot reach).

    The proxy keeps its connections to a port alive between requests, as it cannot to a unix
    socket: to a socket, each request is a connection of its own, closed by her server once it
    has answered, and a request body still being written then fails the request (a 503).
    The port is opened once her server's socket is there, so that the hub asks a server
    that is starting, not a door that leads nowhere yet. It listens at ``host:port`` (her own
    loopback address, the class's port: classroom/relay.py), holds at most OPEN_AT_ONCE
    connections, and reaches her socket without following a link (``connect_own``): whatever
    she puts in her run folder, the door leads to a socket of hers or nowhere.
    """

    def __init__(self, socket_path, uid=None, host='127.0.0.1', port=0):
        self.socket_path, self.uid = str(socket_path), uid
        self.host, self.port = host, int(port)
        self.server = None
        self.connections = 0

    async def _serve(self, reader, writer):
        await _carry(self, FRONT_AT_ONCE, reader, writer,
                     lambda: connect_own(self.socket_path, self.uid))

    async def open(self, timeout=120.0) -> int:
        """Wait for her socket (at most ``timeout`` s), then listen (once); the port."""
        if self.server is not None:
            return self.port
        deadline = asyncio.get_running_loop().time() + timeout
        while not os.path.exists(self.socket_path):
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(f'no server at {self.socket_path} after {timeout:.0f} s')
            await asyncio.sleep(0.1)
        self.server = await asyncio.start_server(self._serve, self.host, self.port, limit=2**16,
                                                 reuse_address=True)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    def close(self):
        if self.server is not None:
            self.server.close()
            self.server = None


FRONT_AT_ONCE = 64
"""Connections her front door holds at once: the proxy keeps a few alive for her pages, her
kernels' websockets one each; more, and one student's pages would hold the relay's files."""


async def connect_own(path, uid=None):
    """A connection to the unix socket at ``path``, which must be a socket (not a link) owned by
    ``uid`` (when given): opened without following a link, then connected through that very
    file (``/proc/self/fd``), so that nothing swapped in between is reached (OSError otherwise).
    """
    fd = os.open(path, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        st = os.fstat(fd)
        if not stat.S_ISSOCK(st.st_mode) or (uid is not None and st.st_uid != uid):
            raise PermissionError(f'{path} is not her server\'s socket')
        return await asyncio.open_unix_connection(f'/proc/self/fd/{fd}', limit=2**16)
    finally:
        os.close(fd)
