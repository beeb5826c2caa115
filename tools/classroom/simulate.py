"""The classroom's hub and simulated students, for its test and its benchmark.

``Hub`` starts the real hub as `make classroom` does, with its state in a
folder of its own and its four ports free ones on loopback. A ``Student``
does what a browser does, over HTTP and a websocket: the login form (with
its xsrf token), the hub's REST API to start the server, JupyterLab's page,
the Jupyter server's contents and sessions API, and the kernel's websocket
channel to run each code cell in a real kernel.

Each student's server has a web address of its own, ``NAME.localhost``
(JupyterHub's subdomains, as the hub serves them on loopback): browsers take
every name under ``localhost`` for this machine; this module teaches Python's
look-ups the same (``resolve_localhost``), and a ``Student`` sends a request
for ``user/NAME/...`` to NAME's address.
"""

import asyncio
import contextlib
import http.cookiejar
import json
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urljoin, urlparse

import requests
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect


_getaddrinfo = socket.getaddrinfo


def resolve_localhost():
    """Names under localhost (ada.localhost) are this machine, as browsers take them (RFC 6761)."""
    def getaddrinfo(host, *args, **kw):
        if isinstance(host, str) and host.endswith('.localhost'):
            host = '127.0.0.1'
        return _getaddrinfo(host, *args, **kw)
    socket.getaddrinfo = getaddrinfo


resolve_localhost()


class BrowserCookies(http.cookiejar.DefaultCookiePolicy):
    """Cookies as a browser keeps them for localhost: one set for .localhost is sent to it too.

    Python's cookie jar calls a host without a dot HOST.local, so the hub's cookie for
    .localhost (its session, which its xsrf tokens are made from) would never go back to it.
    """

    def _localhost(self, domain, request):
        host = urlparse(request.get_full_url()).hostname or ''
        return domain in ('.localhost', 'localhost') and (host == 'localhost'
                                                          or host.endswith('.localhost'))

    def domain_return_ok(self, domain, request):
        return self._localhost(domain, request) or super().domain_return_ok(domain, request)

    def return_ok_domain(self, cookie, request):
        return self._localhost(cookie.domain, request) or super().return_ok_domain(cookie, request)

ROOT = Path(__file__).resolve().parents[2]
CLASSROOM = ROOT / 'classroom'
HUB = ROOT / '.venv-hub' / 'bin' / 'jupyterhub'
PROXY = CLASSROOM / 'node_modules' / '.bin' / 'configurable-http-proxy'
SITE_PYTHON = ROOT / '.venv-site' / 'bin' / 'python'
CHANNEL_SECONDS = 120.0
"""How long a student waits for her kernel's channel to open (a browser waits as long as the
server takes: the spawner's http_timeout)."""
START = [str(HUB.parent / 'python'), '-m', 'classroom.hub', '-f', 'classroom/jupyterhub_config.py']
"""How `make classroom` starts the hub, from the course's root (ROOT)."""


def missing(browser=False) -> list:
    """What a test of the hub needs that this machine lacks (browser: headless Chromium too)."""
    needs = [('.venv-hub (make classroom-setup)', HUB.exists()),
             ('classroom/node_modules (make classroom-setup)', PROXY.exists()),
             ('node', shutil.which('node') is not None)]
    if browser:
        needs += [('.venv-site (make site-setup)', SITE_PYTHON.exists()),
                  ('chromium and chromium-driver (apt-get install chromium chromium-driver)',
                   Path('/usr/bin/chromium').exists() and Path('/usr/bin/chromedriver').exists())]
    return [what for what, there in needs if not there]


def require(what, browser=False):
    """In a test: skip it, saying what this machine lacks for what (fail instead in CI, CI=true)."""
    import pytest
    lacking = missing(browser)
    if lacking:
        message = f'{what} needs ' + ', '.join(lacking)
        if os.environ.get('CI', '').lower() in ('1', 'true', 'yes'):
            pytest.fail(message)
        pytest.skip(message)


class Browser:
    """A page watcher of .venv-site (tools/classroom/watch.py, follow_watch.py) in a subprocess: it
    prints a JSON line at each change of what it sees and reads commands, one a line."""

    def __init__(self, argv, driver_port):
        self.process = subprocess.Popen(
            [str(SITE_PYTHON), *argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            cwd=ROOT, env={**os.environ, 'WATCH_DRIVER_PORT': str(driver_port)})
        self.lines = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(json.loads(line)) for line in self.process.stdout]
                         or self.lines.put(None), daemon=True).start()
        self.last = {}                  # who -> what her page shows now (None: the only page)

    def until(self, test, timeout, who=None) -> dict:
        """The first state of a page (who's) for which test is true, with 't', when it was seen."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.last.get(who)
            if state is not None and test(state):
                return state
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f'the page did not show it in {timeout} s; it shows {state}')
            line = self.next(left)
            if line and 'shot' not in line and 'ready' not in line:
                self.last[line.get('who')] = line

    def next(self, timeout):
        """The next line (a dict), or None when none came in timeout seconds; the browser stopped:
        AssertionError."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            raise AssertionError('the browser stopped')
        return line

    def send(self, command):
        self.process.stdin.write(command + '\n')
        self.process.stdin.flush()

    def stop(self):
        if self.process.poll() is None:
            try:
                self.send('quit')
                self.process.wait(60)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()


class Lab(Browser):
    """tools/classroom/lab_watch.py in a subprocess: what one student's JupyterLab (or a page
    of her server) shows; driver_port 0: any free port."""

    def __init__(self, hub, name, shots, driver_port=None):
        super().__init__(['-m', 'tools.classroom.lab_watch', hub.url, name, hub.passwords()[name],
                          '--shots', str(shots)],
                         driver_port=hub.port + 5 if driver_port is None else driver_port)
        ready = self.next(180)
        assert ready and ready.get('ready') == name, ready
        self.done = 0

    def do(self, command, test=lambda state: True, timeout=120):
        """Send a command; the first state after it for which test is true."""
        self.send(command)
        self.done += 1
        return self.until(lambda state: state['done'] >= self.done and test(state), timeout)

    def go(self, path, test, timeout=120):
        return self.do(f'go {path}', test, timeout)


def free_ports(n=4) -> int:
    """A port p with p..p+n-1 free on loopback (the hub uses five).

    CLASSROOM_TEST_PORTS=8600-8699 keeps them in a range (18500-19499 by default; the
    students' servers listen on unix sockets). Each of pytest-xdist's workers takes a slice
    of the range of its own: two workers starting hubs at the same moment would otherwise
    both find the same ports free, and one hub's proxy could not listen.
    """
    low, high = map(int, os.environ.get('CLASSROOM_TEST_PORTS', '18500-19499').split('-'))
    workers = int(os.environ.get('PYTEST_XDIST_WORKER_COUNT', '1') or 1)
    worker = int(os.environ.get('PYTEST_XDIST_WORKER', 'gw0')[2:] or 0) % workers
    width = (high - low + 1) // workers
    low, high = low + worker * width, low + (worker + 1) * width - 1
    for base in range(low, high - n + 2, n):
        with contextlib.ExitStack() as stack:
            try:
                for port in range(base, base + n):
                    stack.enter_context(socket.socket()).bind(('127.0.0.1', port))
                return base
            except OSError:
                continue
    raise RuntimeError('no free ports on loopback')


class Hub:
    """The real hub, as `make classroom` starts it, its state in ``folder``, on loopback."""

    def __init__(self, folder, students, teacher='teacher', idle=3600, lesson=0, warmup=3, root=ROOT):
        self.folder, self.root = Path(folder), Path(root)      # root: the course's checkout
        (self.folder / 'students.txt').write_text('# a simulated class\n' + '\n'.join(students) + '\n')
        self.port = free_ports(6)       # the hub uses five; a browser's driver may take the sixth
        self.url = f'http://localhost:{self.port}/'
        self.env = {**os.environ, 'CLASSROOM_PORT': str(self.port), 'CLASSROOM_IP': '127.0.0.1',
                    'CLASSROOM_STATE': str(self.folder / 'state'),
                    'CLASSROOM_STUDENTS': str(self.folder / 'students.txt'),
                    'CLASSROOM_PASSWORDS': str(self.folder / 'passwords.txt'),
                    'CLASSROOM_TEACHER': teacher, 'CLASSROOM_IDLE': str(idle),
                    'CLASSROOM_LESSON': str(lesson), 'CLASSROOM_WARMUP': str(warmup)}
        self.process = None

    def start(self, timeout=90):
        before = (self.folder / 'hub.log').read_text(errors='replace') if (
            self.folder / 'hub.log').exists() else ''
        with open(self.folder / 'hub.log', 'ab') as log:       # (the hub keeps its own copy)
            self.process = subprocess.Popen(START, cwd=self.root, env=self.env, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        # The banner comes once the hub and its proxy answer (classroom/hub.py): asking the
        # proxy before would only get it to log a 404 for the hub's route, not yet there.
        from classroom import chinese     # the banner is in the class's language
        banner = chinese.translated(self.env.get('CLASSROOM_LANGUAGE', 'en'))(
            'The classroom: students open  {urls}').split('{')[0].strip()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f'the hub exited: see {self.folder / "hub.log"}')
            if banner in (self.folder / 'hub.log').read_text(errors='replace')[len(before):]:
                with contextlib.suppress(requests.ConnectionError):
                    if requests.get(self.url + 'hub/health', timeout=5).status_code == 200:
                        return
            time.sleep(0.5)
        raise RuntimeError(f'the hub did not answer in {timeout} s')

    def class_ready(self, timeout=600) -> str:
        """Wait for the hub's line saying the class is ready (the warmup service's); that line."""
        from classroom import chinese, warmup
        language = self.env.get('CLASSROOM_LANGUAGE', 'en')
        ready = chinese.translated(language)(warmup.READY).split('{')[0]   # in the class's language
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in (self.folder / 'hub.log').read_text(errors='replace').splitlines()[::-1]:
                if line.startswith(ready):
                    return line
            if self.process.poll() is not None:
                raise RuntimeError(f'the hub exited: see {self.folder / "hub.log"}')
            time.sleep(0.2)
        raise RuntimeError(f'the class was not ready in {timeout} s')

    def stop(self, timeout=90):
        """Stop as Ctrl-C does: the hub stops the servers, its services and the relay (the proxy).

        Whatever is left of the session it started in afterwards is killed, and the relay told to
        stop (as `make classroom-stop` does) if the hub was killed and never started again.
        """
        try:
            if self.process is None or self.process.poll() is not None:
                return
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                raise RuntimeError(f'the hub did not stop in {timeout} s after Ctrl-C') from None
            finally:
                time.sleep(1)
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)    # the session this Hub started
                self.process.wait()
        finally:
            subprocess.run([str(HUB.parent / 'python'), '-m', 'classroom.relay', 'stop',
                            str(self.folder / 'state')], cwd=self.root, capture_output=True,
                           timeout=120)

    def kill(self):
        """The hub's process killed at once (kill -9: a crash), nothing else: the relay, the proxy
        and the students' servers go on; the hub's services end with it (classroom/tether.py)."""
        self.process.kill()
        self.process.wait()

    def relay_pid(self) -> int:
        """The class's relay's process (classroom/relay.py)."""
        from classroom import relay
        return relay.ask(self.folder / 'state', {'op': 'ping'})['pid']

    def passwords(self) -> dict:
        lines = (self.folder / 'passwords.txt').read_text().splitlines()
        return dict(line.split() for line in lines if line and not line.startswith('#'))

    def workspace(self, name) -> Path:
        return self.folder / 'state' / 'workspaces' / name


class Session(requests.Session):
    """A requests session that sends cookies by its own jar's policy (BrowserCookies)."""

    def __init__(self):
        super().__init__()
        self.cookies.set_policy(BrowserCookies())

    def prepare_request(self, request):
        prepared = super().prepare_request(request)    # (its cookies from a jar of the default policy)
        prepared.headers.pop('Cookie', None)
        prepared.prepare_cookies(self.cookies)
        return prepared


class Refused(Exception):
    """The hub refused a log-in or a request it should have let through."""


class Student:
    """One browser session on the hub at ``url`` (e.g. 'http://127.0.0.1:8000/')."""

    def __init__(self, url: str, name: str, password: str):
        self.url, self.name, self.password = url.rstrip('/') + '/', name, password
        self.http = Session()

    def address(self, path) -> str:
        """The full address of a path: user/NAME/... at NAME's own host, the rest at the hub's."""
        path = path.lstrip('/')
        parts = urlparse(self.url)
        if path.startswith('user/') and not parts.hostname.replace('.', '').isdigit():
            owner = path.split('/')[1]
            return f'{parts.scheme}://{owner}.{parts.netloc}/{path}'
        return self.url + path

    def cookie(self, name, path):
        """A cookie this browser holds for ``path`` (on the host that path is served from)."""
        host = urlparse(self.address(path)).hostname
        for cookie in self.http.cookies:
            if cookie.name == name and cookie.path == path and \
                    cookie.domain.removesuffix('.local') in (host, '.' + host):
                return cookie.value
        return None

    def get(self, path, **kw):
        return self.http.get(self.address(path), timeout=120, **kw)

    def _send(self, method, path, xsrf_path, **kw):
        """A request with the xsrf token a page at ``xsrf_path`` set, as the browser sends it."""
        token = self.cookie('_xsrf', xsrf_path)
        return self.http.request(method, self.address(path), timeout=120,
                                 headers={'X-XSRFToken': token or ''}, **kw)

    def log_in(self) -> requests.Response:
        """Fill in and send the login form; the last response (the hub's page, or the refusal)."""
        self.get('hub/login')
        token = self.cookie('_xsrf', '/hub/')
        return self.http.post(self.url + 'hub/login', timeout=120, allow_redirects=False,
                              data={'username': self.name, 'password': self.password,
                                    '_xsrf': token})

    def open_lab(self, timeout=300.0) -> requests.Response:
        """What a browser does with the login form open: send it and follow the hub's redirects
        to her JupyterLab (her server already running), or, if it is not, follow the hub's
        progress as its spawn page does. JupyterLab's page, then the scripts it names (what the
        browser loads before it draws anything); the page's response."""
        token = self.cookie('_xsrf', '/hub/')
        r = self.http.post(self.url + 'hub/login', timeout=timeout,
                           data={'username': self.name, 'password': self.password, '_xsrf': token})
        if r.status_code != 200 or 'jupyter-config-data' not in r.text:
            if not self.whoami():
                raise Refused(f'{self.name}: the log-in answered {r.status_code} at {r.url}')
            r = self.start_server(timeout)
        for src in re.findall(r'<script[^>]+src="([^"]+)"', r.text):
            script = self.http.get(urljoin(r.url, src), timeout=timeout)
            if script.status_code != 200:
                raise Refused(f'{self.name}: JupyterLab\'s script {src} answered {script.status_code}')
        return r

    def whoami(self):
        """The hub's record of who this browser is logged in as, or None."""
        r = self._send('GET', 'hub/api/user', '/hub/')
        return r.json() if r.status_code == 200 else None

    def start_server(self, timeout=300.0) -> requests.Response:
        """Ask the hub to start this student's server, wait for it, open JupyterLab."""
        self.get('hub/home')
        r = self._send('POST', f'hub/api/users/{self.name}/server', '/hub/')
        if r.status_code not in (201, 202, 400):      # 400: it is running already
            raise Refused(f'{self.name}: starting the server answered {r.status_code}: {r.text[:200]}')
        # The progress stream the hub's spawn page follows (server-sent events).
        token = self.cookie('_xsrf', '/hub/') or ''
        with self.http.get(self.url + f'hub/api/users/{self.name}/server/progress', stream=True,
                           headers={'X-XSRFToken': token, 'Accept': 'text/event-stream'},
                           timeout=timeout) as events:
            if events.status_code != 200:
                raise Refused(f'{self.name}: the progress stream answered {events.status_code}')
            for line in events.iter_lines(decode_unicode=True):
                if not line or not line.startswith('data:'):
                    continue
                event = json.loads(line[5:])
                if event.get('failed'):
                    raise Refused(f'{self.name}: the server failed to start: {event.get("message")}')
                if event.get('ready'):
                    break
            else:
                raise Refused(f'{self.name}: the progress stream ended before the server was ready')
        lab = self.get(f'user/{self.name}/lab')
        if lab.status_code != 200:
            raise Refused(f'{self.name}: JupyterLab answered {lab.status_code}')
        return lab

    # --- the Jupyter server's API, as JupyterLab uses it ------------------------
    def api(self, method, path, owner=None, **kw) -> requests.Response:
        owner = owner or self.name
        return self._send(method, f'user/{owner}/api/{path}', f'/user/{self.name}/', **kw)

    def read_notebook(self, path, owner=None) -> dict:
        r = self.api('GET', f'contents/{path}', owner)
        if r.status_code != 200:
            raise Refused(f'{self.name}: reading {path} answered {r.status_code}')
        return r.json()['content']

    def save_notebook(self, path, nb: dict) -> None:
        r = self.api('PUT', f'contents/{path}', json={'type': 'notebook', 'format': 'json', 'content': nb})
        if r.status_code not in (200, 201):
            raise Refused(f'{self.name}: saving {path} answered {r.status_code}')

    def grade(self, timeout=600.0) -> requests.Response:
        """The teacher presses Grade on the gradebook and waits for the grading to end (the page
        stops refreshing itself); the page then. RuntimeError if refused or past ``timeout``."""
        page = self.get('services/gradebook/')
        token = re.search(r'name="_xsrf" value="([^"]+)"', page.text).group(1)
        pressed = self.http.post(page.url, data={'_xsrf': token}, timeout=60)
        if pressed.status_code != 200:
            raise RuntimeError(f'Grade answered {pressed.status_code}')
        deadline = time.monotonic() + timeout
        while 'http-equiv="refresh"' in (page := self.get('services/gradebook/')).text:
            if time.monotonic() > deadline:
                raise RuntimeError(f'grading took over {timeout:.0f} s')
            time.sleep(2)
        return page

    def start_kernel(self, path: str) -> str:
        """A kernel for her notebook at path (a session, as opening it does): its id."""
        r = self.api('POST', 'sessions', json={'path': path, 'type': 'notebook', 'name': '',
                                                'kernel': {'name': 'python3'}})
        if r.status_code != 201:
            raise Refused(f'{self.name}: starting a kernel answered {r.status_code}')
        return r.json()['kernel']['id']

    def execute(self, kernel_id: str, code: str, timeout=120.0) -> str:
        """Run code in her kernel, as a cell: the text of its outputs (streams, results, errors)."""
        cell = {'cell_type': 'code', 'source': code, 'outputs': []}
        asyncio.run(asyncio.wait_for(self._run_cells({'cells': [cell]}, kernel_id), timeout))
        return ''.join(out.get('text') or out.get('data', {}).get('text/plain', '')
                       or f"{out.get('ename')}: {out.get('evalue')}" for out in cell['outputs'])

    def run_notebook(self, nb: dict, path: str, timeout=600.0) -> dict:
        """Run every code cell in a new kernel, as Run All does but going on past errors.

        The outputs go into the cells; returns {'cells': n, 'errors': n, 'checks': [seconds of
        each cell that calls check, from its request sent to her kernel's idle]}.
        """
        r = self.api('POST', 'sessions', json={'path': path, 'type': 'notebook', 'name': '',
                                                'kernel': {'name': 'python3'}})
        if r.status_code != 201:
            raise Refused(f'{self.name}: starting a kernel answered {r.status_code}')
        session = r.json()
        try:
            return asyncio.run(asyncio.wait_for(self._run_cells(nb, session['kernel']['id']), timeout))
        finally:
            self.api('DELETE', f'sessions/{session["id"]}')

    async def _run_cells(self, nb, kernel_id) -> dict:
        server = urlparse(self.address(f'user/{self.name}/'))
        ws_url = f'ws://{server.netloc}/user/{self.name}/api/kernels/{kernel_id}/channels'
        cookie = '; '.join(f'{c.name}={c.value}' for c in self.http.cookies
                           if c.domain.removesuffix('.local').lstrip('.') == server.hostname)
        token = self.cookie('_xsrf', f'/user/{self.name}/') or ''
        # Her server answers the channel once her kernel is ready: a browser waits for it
        # ("Connecting to kernel"), not tornado's 20 s, and so does she (the spawner's 120 s).
        ws = await websocket_connect(HTTPRequest(ws_url, headers={'Cookie': cookie,
                                                                  'X-XSRFToken': token},
                                                 connect_timeout=CHANNEL_SECONDS,
                                                 request_timeout=CHANNEL_SECONDS),
                                     max_message_size=100 * 2 ** 20)
        session, counts = uuid.uuid4().hex, {'cells': 0, 'errors': 0, 'checks': []}
        try:
            for cell in nb['cells']:
                if cell['cell_type'] != 'code':
                    continue
                cell['outputs'], msg_id = [], uuid.uuid4().hex
                await ws.write_message(json.dumps({
                    'header': {'msg_id': msg_id, 'msg_type': 'execute_request', 'session': session,
                               'username': self.name, 'version': '5.3', 'date': ''},
                    'parent_header': {}, 'metadata': {}, 'channel': 'shell', 'buffers': [],
                    'content': {'code': ''.join(cell['source']) if isinstance(cell['source'], list)
                                else cell['source'],
                                'silent': False, 'store_history': True, 'user_expressions': {},
                                'allow_stdin': False, 'stop_on_error': False}}))
                counts['cells'] += 1
                sent = time.monotonic()
                while True:
                    message = await ws.read_message()
                    if message is None:
                        raise Refused(f'{self.name}: the kernel channel closed')
                    msg = json.loads(message)
                    if msg.get('parent_header', {}).get('msg_id') != msg_id:
                        continue
                    kind, content = msg['msg_type'], msg['content']
                    if kind == 'stream':
                        cell['outputs'].append({'output_type': 'stream', 'name': content['name'],
                                                'text': content['text']})
                    elif kind in ('execute_result', 'display_data'):
                        out = {'output_type': kind, 'data': content['data'],
                               'metadata': content.get('metadata', {})}
                        if kind == 'execute_result':
                            out['execution_count'] = content['execution_count']
                        cell['outputs'].append(out)
                    elif kind == 'error':
                        counts['errors'] += 1
                        cell['outputs'].append({'output_type': 'error', **{k: content[k] for k in
                                                ('ename', 'evalue', 'traceback')}})
                    elif kind == 'execute_input':
                        cell['execution_count'] = content['execution_count']
                    elif kind == 'status' and content['execution_state'] == 'idle':
                        if 'check(' in ''.join(cell['source']):
                            counts['checks'].append(time.monotonic() - sent)
                        break
        finally:
            ws.close()
        return counts
