"""The class's relay: the process that carries every byte, and outlives the hub.

The hub decides (who logs in, whose server starts or stops); the relay
carries. It is one small process per class, started by the first hub and
adopted by every hub after it, so that a hub that stops (a crash, an
operator's ``kill -9``, a restart to change the class list) stops nobody's
work. It holds:

- **the proxy** (configurable-http-proxy), its child: the address students
  open keeps answering while the hub is away, with the routes it had;
- **every student's server**, its children: started at the hub's request in
  her sandbox (``bwrap --die-with-parent``: they live as long as the relay);
- **the front doors** (``doors.Front``): the proxy reaches her server's unix
  socket through a port of her own, ``127.2.X.Y:PORT+1`` (her own loopback
  address, the class's one port), the same across hub restarts;
- **the doors** (``doors.Doors``): her server's and kernels' only ways to the
  hub's API and its services.

So no cell, output or websocket frame passes through the hub's process, and
a hub started again finds the proxy, the servers and their doors where they
were (JupyterHub adopts a server whose process is alive and whose address
answers). A check made while the hub was away is posted again by her kernel
(pokerlib.practice.live) until the gradebook answers.

The hub speaks to the relay over a unix socket in the state folder
(``relay.sock``, the teacher's or root's alone), one JSON object a line each
way (``ask``). The hub holds one connection open for its whole life (its
*lease*): when the hub's process ends without saying goodbye, the relay
waits ``CLASSROOM_ADOPT`` seconds for a hub to come back; if none does, it
stops every server, the proxy, unmounts the students' disks, removes their
control groups and ends, so that a class nobody restarts leaves nothing
running or mounted. ``python -m classroom.relay stop STATE`` (``make
classroom-stop``) does the same at once.
"""

import asyncio
import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from classroom import doors, limits
from pokerlib.serving import sandbox

SOCKET = 'relay.sock'
"""The relay's control socket, in the state folder."""

LINE = 2**20
"""The longest message either side sends (a server's command line and environment fit)."""


def front_address(index: int) -> str:
    """The loopback address of the index-th student's front door: 127.2.0.1, 127.2.0.2, ...

    >>> front_address(1), front_address(256), front_address(65536)
    ('127.2.0.1', '127.2.1.0', '127.3.0.0')
    """
    return f'127.{2 + index // 65536}.{index // 256 % 256}.{index % 256}'


# --- the hub's side -----------------------------------------------------------------------

def ask(state, message: dict, timeout=30.0) -> dict:
    """Send the relay one message and wait for its answer (RelayError if it refuses)."""
    with _connected(state, timeout) as s:
        return _exchange(s, message)


def _connected(state, timeout=None) -> socket.socket:
    """A connection to the relay's socket, however long the state folder's path: through the
    socket file's own descriptor (``/proc/self/fd/N``), as Linux takes 107 bytes at most."""
    fd = os.open(Path(state) / SOCKET, os.O_PATH | os.O_CLOEXEC)
    s = socket.socket(socket.AF_UNIX)
    try:
        s.settimeout(timeout)
        s.connect(f'/proc/self/fd/{fd}')
    except OSError:
        s.close()
        raise
    finally:
        os.close(fd)
    return s


def _exchange(s, message: dict) -> dict:
    """One message sent on a connection to the relay, and its answer (RelayError if it refuses)."""
    s.sendall(json.dumps(message).encode() + b'\n')
    answer = json.loads(_read_line(s))
    if 'error' in answer:
        raise RelayError(answer['error'])
    return answer


class RelayError(RuntimeError):
    """What the relay refused, in its words."""


def _read_line(s) -> bytes:
    data = b''
    while not data.endswith(b'\n'):
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError('the relay closed the connection')
        data += chunk
        if len(data) > LINE:
            raise ConnectionError('the relay sent too long an answer')
    return data


def lease(state, settings: dict, timeout=60.0) -> socket.socket:
    """The hub's lease: the relay started if none answers, told the class's settings; the open
    connection, to be kept for the hub's whole life (its end tells the relay the hub is gone)."""
    state = Path(state)
    try:
        ask(state, {'op': 'ping'}, timeout=5)
    except (OSError, ConnectionError, ValueError):
        logs = state / 'logs'
        logs.mkdir(mode=0o700, parents=True, exist_ok=True)
        with open(logs / 'relay.log', 'ab') as log:
            subprocess.Popen([sys.executable, '-m', 'classroom.relay', 'serve', str(state)],
                             stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                             start_new_session=True, cwd=Path(__file__).resolve().parent.parent)
        deadline = time.monotonic() + timeout
        while True:
            try:
                ask(state, {'op': 'ping'}, timeout=5)
                break
            except (OSError, ConnectionError, ValueError):
                if time.monotonic() > deadline:
                    raise RelayError(f'the relay did not start: see {logs / "relay.log"}') from None
                time.sleep(0.1)
    held = _connected(state)
    _exchange(held, {'op': 'lease', **settings})
    return held


def proxy_token(state) -> str:
    """The proxy's API token: made once, kept in the state folder (0600) for every later hub."""
    path = Path(state) / 'proxy_token'
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, 'w') as f:
            f.write(secrets.token_hex(32))
    return path.read_text().strip()


def proxy_command(c, ip, port, log_level) -> list:
    """configurable-http-proxy's command line, as JupyterHub would start it for this config."""
    return [*c.ConfigurableHTTPProxy.command, '--ip', ip, '--port', str(port),
            '--api-ip', '127.0.0.1', '--api-port', str(port + 2),
            '--error-target', f'http://127.0.0.1:{port + 1}/hub/error',
            '--log-level', log_level, '--host-routing']


# --- the relay's side ---------------------------------------------------------------------

class Relay:
    """The relay's state: the proxy, the servers, the front doors and the doors (see above)."""

    def __init__(self, state):
        self.state = Path(state)
        self.settings = {}
        self.proxy = None                   # configurable-http-proxy (Popen)
        self.servers = {}                   # name -> Popen of her sandboxed server
        self.fronts = {}                    # name -> doors.Front
        self.doors = None                   # doors.Doors, made at the first lease
        self.leases = 0
        self.alone_since = time.monotonic()
        self.done = None                    # an asyncio.Event, set to end
        self.index_file = self.state / 'relay-index.json'
        self.index = (json.loads(self.index_file.read_text()) if self.index_file.exists() else {})

    def number(self, name) -> int:
        """Her number in the class (1, 2, ...), kept in the state folder: her addresses stay hers."""
        if name not in self.index:
            self.index[name] = len(self.index) + 1
            self.index_file.write_text(json.dumps(self.index))
        return self.index[name]

    # The hub's messages (``answer`` says which method takes which op).

    def status(self, message):
        return {'ok': True, 'pid': os.getpid(), 'servers': sorted(self.servers)}

    def take_lease(self, message):
        """A hub arrives: its settings (the proxy's command, the doors' targets) are the class's."""
        settings = {k: message[k] for k in ('proxy', 'proxy_env', 'hub', 'services', 'group', 'port',
                                           'adopt')}
        if settings.get('proxy') != self.settings.get('proxy') or not self._proxy_running():
            self._stop_proxy()
            self.settings = settings
            self._start_proxy()
        self.settings = settings
        (self.state / 'relay-settings.json').write_text(json.dumps({'group': settings['group']}))
        targets = {'hub': settings['hub'], **settings['services']}
        if self.doors is None:
            self.doors = doors.Doors(self.state / 'doors', settings['hub'], settings['services'])
        self.doors.targets = targets
        return {'ok': True}

    def _proxy_running(self):
        return self.proxy is not None and self.proxy.poll() is None

    def _start_proxy(self):
        env = {**os.environ, **self.settings.get('proxy_env', {})}
        logs = self.state / 'logs'
        logs.mkdir(mode=0o700, parents=True, exist_ok=True)
        with open(logs / 'proxy.log', 'ab') as log:
            self.proxy = subprocess.Popen(self.settings['proxy'], env=env, stdin=subprocess.DEVNULL,
                                          stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        # Answered once its API answers with this token (not another program on that port).
        api = f'http://127.0.0.1:{int(self.settings["port"]) + 2}/api/routes'
        token = self.settings.get('proxy_env', {}).get('CONFIGPROXY_AUTH_TOKEN', '')
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.proxy.poll() is None:
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(urllib.request.Request(
                        api, headers={'Authorization': f'token {token}'}), timeout=2) as answer:
                    if answer.status == 200:
                        return
            time.sleep(0.1)
        raise RuntimeError(f'the proxy did not start (a port taken?): see {logs / "proxy.log"}')

    def _stop_proxy(self):
        if self._proxy_running():
            self.proxy.terminate()
            try:
                self.proxy.wait(10)
            except subprocess.TimeoutExpired:
                self.proxy.kill()
                self.proxy.wait()
        self.proxy = None

    def start_server(self, message) -> dict:
        """Her server, in her sandbox (argv as the hub built it), in her control groups."""
        name = message['name']
        old = self.servers.get(name)
        if old is not None and old.poll() is None:
            return {'pid': old.pid}
        groups = [Path(g) for g in message.get('groups', [])]
        limit = sandbox.Limits(**message.get('limits', {}))
        rlimits, enter = sandbox.limits(limit), limits.join(groups)

        def preexec():
            enter()                  # into her groups first: everything below counts as hers
            rlimits()
        log = subprocess.DEVNULL
        if message.get('log'):
            Path(message['log']).parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            log = open(message['log'], 'ab')
        try:
            proc = subprocess.Popen(message['argv'], env=message['env'], start_new_session=True,
                                    stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                    preexec_fn=preexec)
        finally:
            if log is not subprocess.DEVNULL:
                log.close()
        self.servers[name] = proc
        threading.Thread(target=proc.wait, daemon=True).start()     # reaped when it ends
        return {'pid': proc.pid}

    async def open_front(self, message) -> dict:
        """Her front door (opened once her server's socket is there): its http:// address."""
        name, port = message['name'], int(self.settings['port']) + 1
        front = self.fronts.get(name)
        if front is None or front.socket_path != message['socket']:
            self.close(name)
            front = self.fronts[name] = doors.Front(message['socket'], message.get('uid'),
                                                    front_address(self.number(name)), port)
        await front.open(timeout=float(message.get('timeout', 120)))
        return {'url': f'http://{front.host}:{front.port}'}

    async def open_doors(self, message) -> dict:
        paths = await self.doors.open(message['name'])
        return {'paths': {k: str(v) for k, v in paths.items()}}

    def close(self, name):
        front = self.fronts.pop(name, None)
        if front is not None:
            front.close()
        return {'ok': True}

    async def answer(self, message) -> dict:
        op = message.get('op')
        if op == 'ping':
            return self.status(message)
        if op == 'lease':
            return self.take_lease(message)
        if self.doors is None:
            return {'error': 'no hub has leased the relay yet'}
        if op == 'doors':
            return await self.open_doors(message)
        if op == 'start':
            return self.start_server(message)
        if op == 'front':
            return await self.open_front(message)
        if op == 'close':
            return self.close(message['name'])
        if op == 'quit':
            self.stop_everything()
            self.done.set()
            return {'ok': True}
        return {'error': f'no such request: {op!r}'}

    async def serve_one(self, reader, writer):
        """One connection of the hub's: messages answered in turn; a lease is held till it ends."""
        leased = False
        try:
            while line := await reader.readline():
                try:
                    message = json.loads(line)
                    answer = await self.answer(message)
                except Exception as e:            # a bad request is answered, never fatal
                    answer = {'error': f'{type(e).__name__}: {e}'}
                if message.get('op') == 'lease' and 'error' not in answer and not leased:
                    leased = True
                    self.leases += 1
                writer.write(json.dumps(answer).encode() + b'\n')
                await writer.drain()
        except (ConnectionError, ValueError, asyncio.LimitOverrunError):
            pass
        finally:
            if leased:
                self.leases -= 1
                self.alone_since = time.monotonic()
            writer.close()

    async def run(self):
        """Serve the hub until told to quit, or left alone longer than the class's adopt time."""
        self.done = asyncio.Event()
        path = self.state / SOCKET
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        old = os.umask(0o177)                 # the socket: the hub's account alone (0600)
        try:
            server = await asyncio.start_unix_server(self.serve_one, sock=doors.bound(path),
                                                     limit=LINE)
        finally:
            os.umask(old)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, lambda: (self.stop_everything(), self.done.set()))
        while not self.done.is_set():
            adopt = float(self.settings.get('adopt', 600))
            if self.leases == 0 and time.monotonic() - self.alone_since > adopt:
                print(f'relay: no hub for {adopt:.0f} s: stopping the class', flush=True)
                self.stop_everything()
                break
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.done.wait(), 1.0)
        server.close()
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        await asyncio.sleep(0.2)          # the last answers written
        sys.stdout.flush()
        os._exit(0)                       # nothing left to wait for (its reaper threads)

    def stop_everything(self):
        """Every server, the proxy, the doors; the students' disks unmounted, groups removed."""
        for proc in self.servers.values():
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        for proc in self.servers.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(max(0.1, deadline - time.monotonic()))
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        self.servers.clear()
        for name in list(self.fronts):
            self.close(name)
        if self.doors is not None:
            self.doors.close()
        self._stop_proxy()
        unmount_and_ungroup(self.state, self.settings.get('group'))


def unmount_and_ungroup(state, group):
    """The students' disk images unmounted and the class's control groups removed (root)."""
    state = Path(state)
    limits.Disk(state, 0).unmount_all(sorted((state / 'workspaces').glob('*'))
                                      + sorted((state / 'homes').glob('*'))
                                      + sorted((state / 'run').glob('*')))
    if group and os.geteuid() == 0:
        limits.Cgroups(group).remove_all()


def main(argv):
    """python -m classroom.relay serve STATE (the hub starts it) | stop STATE (make classroom-stop)."""
    if len(argv) != 2 or argv[0] not in ('serve', 'stop'):
        sys.exit('usage: python -m classroom.relay serve|stop STATE')
    verb, state = argv[0], Path(argv[1]).resolve()
    if verb == 'stop':
        try:
            ask(state, {'op': 'quit'}, timeout=60)
        except (OSError, ConnectionError, ValueError):     # no relay: what a crash left behind
            saved = state / 'relay-settings.json'
            unmount_and_ungroup(state, json.loads(saved.read_text())['group']
                                if saved.exists() else None)
        print('classroom: stopped; everyone\'s files stay in', state)
        return
    asyncio.run(Relay(state).run())


if __name__ == '__main__':
    main(sys.argv[1:])
