"""Ready before the bell: every student's server started when the hub starts.

A JupyterHub service (`warmup`) that asks the hub's REST API, with its own
token, to start each student's server, a few at a time, waits until each is
ready, and prints one line on the hub's terminal when the whole class is.
During the lesson it starts again any server that stopped; the idle culler
starts only when the lesson is over (``after_lesson``), so its timeout
applies from then on. Its token can start, stop and read the servers of the
students on the class list, and nothing else (``role``).

Settings, from the environment (jupyterhub_config.py reads them with ``settings``):
    CLASSROOM_LESSON   seconds the lesson lasts from the hub's start (5400): servers
                       are kept running until then, then CLASSROOM_IDLE applies
    CLASSROOM_WARMUP   how many servers start at once (3); 0 starts none before
                       the students log in
"""

import json
import os
import signal
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote

from pokerlib.i18n import N_

from classroom import chinese

tr = chinese.translated(os.environ.get('CLASSROOM_LANGUAGE', 'en'))
"""The teacher's terminal in the class's language (the classroom catalog)."""
STARTING = N_('Starting the servers of {n} students, {at_once} at a time...')
READY = N_('The class is ready: {ready} of {total} servers running, in {seconds:.0f} s')
NOT_STARTED = N_(' (not started: {failed})')

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The course's root, where the hub runs this module from (python -m classroom.warmup)."""


class Settings:
    """The lesson's length (seconds) and how many servers start at once."""

    def __init__(self, lesson=5400, at_once=3):
        self.lesson, self.at_once = lesson, at_once


def settings(environ) -> Settings:
    """CLASSROOM_LESSON and CLASSROOM_WARMUP from ``environ``; ValueError in one line if bad.

    >>> s = settings({'CLASSROOM_LESSON': '2700'}); s.lesson, s.at_once
    (2700, 3)
    >>> try:
    ...     settings({'CLASSROOM_WARMUP': 'many'})
    ... except ValueError as e:
    ...     print(e)
    CLASSROOM_WARMUP='many': how many servers start at once, a whole number (0 for none)
    """
    found = Settings()
    for name, attr, what in [('CLASSROOM_LESSON', 'lesson', N_("{name}={text}: the lesson's length "
                                                                "in seconds")),
                             ('CLASSROOM_WARMUP', 'at_once',
                              N_('{name}={text}: how many servers start at once, a whole number '
                                 '(0 for none)'))]:
        text = environ.get(name)
        if text is None:
            continue
        try:
            value = int(text)
            if value < 0:
                raise ValueError
        except ValueError:
            raise chinese.Refusal(what, name=name, text=repr(text)) from None
        setattr(found, attr, value)
    return found


def service(students, live: Settings) -> dict:
    """The warmup service's entry for c.JupyterHub.services."""
    return {'name': 'warmup',
            'command': [sys.executable, '-m', 'classroom.warmup'], 'cwd': ROOT,
            'environment': {'WARMUP_STUDENTS': ' '.join(students),
                            'WARMUP_AT_ONCE': str(live.at_once),
                            'WARMUP_LESSON': str(live.lesson),
                            'CLASSROOM_LANGUAGE': os.environ.get('CLASSROOM_LANGUAGE', 'en')}}


def role(students) -> dict:
    """Its role: the servers of the students on the list (start, stop, read), nothing else."""
    return {'name': 'warmup', 'services': ['warmup'],
            'scopes': [f'servers!user={name}' for name in students]}


def after_lesson(lesson: int, command: list) -> list:
    """``command``, run once ``lesson`` seconds have passed (the idle culler's, from the hub).

    >>> after_lesson(60, ['/usr/bin/python3', '-m', 'culler'])[-5:]
    ['after-lesson', '60', '/usr/bin/python3', '-m', 'culler']
    """
    return [sys.executable, '-m', 'classroom.warmup', 'after-lesson', str(lesson), *command]


class Hub:
    """The hub's REST API, with this service's token."""

    def __init__(self, api_url, token):
        self.api, self.token = api_url.rstrip('/'), token
        self.open = urllib.request.build_opener(urllib.request.ProxyHandler({})).open

    def call(self, method, path):
        request = urllib.request.Request(self.api + path, method=method,
                                         headers={'Authorization': f'token {self.token}'})
        try:
            with self.open(request, timeout=30) as r:
                return r.status, json.loads(r.read() or b'null')
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(errors='replace')[:200]

    def server(self, name):
        """The student's default server as the hub reports it ({} if none)."""
        status, user = self.call('GET', f'/users/{quote(name)}')
        return (user.get('servers') or {}).get('', {}) if status == 200 else {}

    def start(self, name, timeout=300) -> str:
        """Start the student's server and wait until it is ready; '' when it is, or why not."""
        status, answer = self.call('POST', f'/users/{quote(name)}/server')
        if status not in (201, 202, 400):           # 400: running, or starting already
            return f'{status} {answer}'
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            server = self.server(name)
            if server.get('ready'):
                return ''
            if not server.get('pending') and status == 400:
                status, answer = self.call('POST', f'/users/{quote(name)}/server')   # it had just stopped
            time.sleep(1)
        return f'not ready in {timeout} s'


def warm(hub: Hub, students, at_once, say=print) -> dict:
    """Start every student's server, ``at_once`` at a time; name -> '' (ready) or why not."""
    started = time.monotonic()
    say(tr(STARTING).format(n=len(students), at_once=at_once), flush=True)
    with ThreadPoolExecutor(at_once) as pool:
        result = dict(zip(students, pool.map(hub.start, students)))
    ready = sum(not why for why in result.values())
    failed = '; '.join(f'{name}: {why}' for name, why in result.items() if why)
    say(tr(READY).format(ready=ready, total=len(students), seconds=time.monotonic() - started)
        + (tr(NOT_STARTED).format(failed=failed) if failed else ''), flush=True)
    return result


def keep(hub: Hub, students, until, every=60):
    """Until the lesson ends, start again any student's server that stopped."""
    while time.monotonic() + every < until:
        time.sleep(every)
        for name in students:
            if not hub.server(name):
                hub.start(name)


def _follow(hub_pid):
    """Exit when the hub is gone (it stops its services, but not if it was killed)."""
    while os.getppid() == hub_pid:
        time.sleep(5)
    os._exit(0)


def main(argv):
    for sig in (signal.SIGINT, signal.SIGTERM):      # the hub stops: quietly
        signal.signal(sig, lambda *_: os._exit(0))
    if argv[:1] == ['after-lesson']:                 # the idle culler's delay
        time.sleep(float(argv[1]))
        os.execv(argv[2], argv[2:])
    students = os.environ['WARMUP_STUDENTS'].split()
    at_once, lesson = int(os.environ['WARMUP_AT_ONCE']), int(os.environ['WARMUP_LESSON'])
    hub = Hub(os.environ['JUPYTERHUB_API_URL'], os.environ['JUPYTERHUB_API_TOKEN'])
    end = time.monotonic() + lesson
    threading.Thread(target=_follow, args=(os.getppid(),), daemon=True).start()
    if at_once and students:
        for _ in range(120):                         # the hub answers its services a moment after
            if hub.call('GET', '/')[0] == 200:
                break
            time.sleep(0.5)
        warm(hub, students, at_once)
        keep(hub, students, end)
    while True:                                      # a service that exits is restarted by the hub
        time.sleep(3600)


if __name__ == '__main__':
    main(sys.argv[1:])
