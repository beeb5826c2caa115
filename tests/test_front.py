"""The class server's front, attacked on a real hub: what an outsider or a student sends costs nobody else.

A real hub (as `make classroom` starts it; as root here, an account per
student) with ada, grace and the teacher, their servers running. The attacks
of issue 48, each of which worked before:

- anonymous posts of 300 MB to ada's server, at her own address: refused
  before her server reads them (her memory stays where it was); her own
  saves and a chunked upload still work;
- the token the hub issued to ada's server when the teacher opened it from
  the admin page ("access server"), taken and posted by ada to the follow
  view's feed: refused, as is her server's own; the teacher's server feeds;
- wrong passwords for grace sent through ada's own door to the hub, each
  "from" a made-up forwarded address: only ada waits; grace and the teacher
  log in;
- anonymous bodies to the hub's login page and to the services: refused
  before they are read, the hub's and the services' memory as it was;
- a student's pile of follow streams: a few at a time are hers, the rest
  refused, a classmate's page still answers, the teacher's terminal quiet.

Needs .venv-hub and node (make classroom-setup), like tests/test_isolation.py.
"""

import base64
import concurrent.futures
import csv
import hashlib
import io
import json
import os
import re
import select
import socket
import time
from pathlib import Path

import pytest
import requests

from tools.classroom.simulate import Hub, Student
from tests.test_classroom import IN_CI, missing

MB = 2 ** 20
REFUSED = (400, 503)
"""A body refused before it was read: by the server (400), or the proxy saying it closed (503)."""


@pytest.fixture(scope='module')
def hub(tmp_path_factory):
    if missing():
        message = 'the classroom server needs ' + ', '.join(missing())
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    hub = Hub(tmp_path_factory.mktemp('front'), ['ada', 'grace'], warmup=0)
    hub.env.update(CLASSROOM_MEMORY_MB='1024')
    hub.start()
    try:
        pw = hub.passwords()
        hub.people = {name: Student(hub.url, name, pw[name]) for name in ('ada', 'grace', 'teacher')}
        for person in hub.people.values():
            assert person.log_in().status_code == 302
            person.start_server()
        yield hub
    finally:
        hub.stop()


def run(student, code) -> str:
    """What one cell prints in a new kernel of the student's server (an error fails the test)."""
    nb = {'cells': [{'cell_type': 'code', 'metadata': {}, 'outputs': [], 'execution_count': None,
                     'source': code}]}
    student.run_notebook(nb, 'scratch.ipynb', timeout=300)
    outputs = nb['cells'][0]['outputs']
    assert not [o for o in outputs if o['output_type'] == 'error'], outputs
    return ''.join(o.get('text', '') for o in outputs if o['output_type'] == 'stream')


def rss_mb(pid) -> float:
    for line in Path(f'/proc/{pid}/status').read_text().splitlines():
        if line.startswith('VmRSS:'):
            return int(line.split()[1]) / 1024
    return 0.0


def server_pid(name) -> int:
    """The pid of a student's Jupyter server (the python process, not its sandbox's bwrap)."""
    for cmdline in Path('/proc').glob('[0-9]*/cmdline'):
        try:
            argv = cmdline.read_bytes().split(b'\0')
        except OSError:
            continue
        if b'bwrap' in argv[0] or not any(b'jupyterhub-singleuser' in a for a in argv):
            continue
        try:                  # every server's socket is at one path in its sandbox: her name
            environ = (cmdline.parent / 'environ').read_bytes().split(b'\0')
        except OSError:
            continue
        if f'JUPYTERHUB_USER={name}'.encode() in environ:
            return int(cmdline.parent.name)
    raise AssertionError(f'no server of {name} running')


def flood(port, host, path, length, headers=()) -> tuple:
    """POST ``length`` bytes of zeros (1 MB at a time) until the server answers or stops
    reading: (status or None, bytes sent, seconds)."""
    started = time.monotonic()
    with socket.create_connection(('127.0.0.1', port), timeout=60) as s:
        head = [f'POST {path} HTTP/1.1', f'Host: {host}', f'Content-Length: {length}',
                'Content-Type: application/json', *headers, '', '']
        s.sendall('\r\n'.join(head).encode())
        sent, chunk = 0, bytes(MB)
        try:
            while sent < length and not select.select([s], [], [], 0)[0]:
                s.sendall(chunk[:length - sent])
                sent += min(MB, length - sent)
        except OSError:
            pass
        try:
            answer = s.recv(4096)
        except OSError:
            answer = b''
    status = int(answer.split()[1]) if answer.startswith(b'HTTP/') else None
    return status, sent, time.monotonic() - started


def at_once(n, call):
    with concurrent.futures.ThreadPoolExecutor(n) as pool:
        return list(pool.map(lambda _: call(), range(n)))


@pytest.mark.slow
def test_an_anonymous_upload_costs_her_nothing(hub):
    ada = hub.people['ada']
    pid = server_pid('ada')
    before = rss_mb(pid)
    # Four anonymous posts of 300 MB at once, at her own address, as in the issue.
    answers = at_once(4, lambda: flood(hub.port, f'ada.localhost:{hub.port}',
                                       '/user/ada/api/contents/x', 300 * MB))
    # (400: her server refused it; 503: the proxy says the server closed it while it was sent)
    assert all(a[0] in REFUSED and a[1] < 50 * MB for a in answers), answers
    # One of 20 MB: within what she may send logged in, not without a login.
    status, sent, _ = flood(hub.port, f'ada.localhost:{hub.port}', '/user/ada/api/contents/y', 20 * MB)
    assert status in REFUSED and sent < 20 * MB, (status, sent)
    assert server_pid('ada') == pid, 'her server was restarted'
    grown = rss_mb(pid) - before
    print(f'her server: {before:.0f} MB before, grown by {grown:.0f} MB; answers {answers}')
    assert grown < 40, f'her server grew by {grown:.0f} MB'

    # Logged in, she saves a notebook with a 12 MB output, and uploads a 40 MB file in 1 MB
    # chunks as JupyterLab does; one request of 40 MB is still too much.
    nb = {'nbformat': 4, 'nbformat_minor': 5, 'metadata': {}, 'cells': [
        {'cell_type': 'code', 'id': 'big', 'execution_count': 1, 'metadata': {}, 'source': 'x',
         'outputs': [{'output_type': 'stream', 'name': 'stdout', 'text': 'x' * (12 * MB)}]}]}
    ada.save_notebook('big.ipynb', nb)
    data = os.urandom(40 * MB)
    chunks = [data[i:i + MB] for i in range(0, len(data), MB)]
    for n, chunk in enumerate(chunks, 1):
        r = ada.api('PUT', 'contents/upload.bin', json={
            'type': 'file', 'format': 'base64', 'content': base64.b64encode(chunk).decode(),
            'chunk': -1 if n == len(chunks) else n})
        assert r.status_code in (200, 201), (n, r.status_code, r.text[:200])
    kept = (hub.workspace('ada') / 'upload.bin').read_bytes()
    assert hashlib.sha256(kept).digest() == hashlib.sha256(data).digest()
    whole = ada.api('PUT', 'contents/whole.bin', json={
        'type': 'file', 'format': 'base64', 'content': base64.b64encode(data).decode()})
    assert whole.status_code in REFUSED
    assert not (hub.workspace('ada') / 'whole.bin').exists()


def signed_value(cookie: str) -> str:
    """The value inside a tornado signed cookie (version 2: fields LENGTH:VALUE|...)."""
    fields, rest = [], cookie.split('|', 1)[1]
    while rest and len(fields) < 4:
        length, rest = rest.split(':', 1)
        fields.append(rest[:int(length)])
        rest = rest[int(length) + 1:]
    return base64.b64decode(fields[3]).decode()


FEED = r'''
import json, os
from pokerlib.serving.hubpost import join, request
url = join(os.environ['POKERLIB_FOLLOW'], 'api/feed')
feed = json.dumps({{'events': [{{'kind': 'cell', 'id': 'evil', 'notebook': '05-Shuffling.ipynb',
                                'code': 'print("the teacher says: copy this")'}}]}}).encode()
print(json.dumps([request('POST', url, feed, token=token)[0]
                  for token in ({borrowed!r}, os.environ['JUPYTERHUB_API_TOKEN'])]))
'''


@pytest.mark.slow
def test_only_the_teachers_own_server_feeds_the_follow_view(hub):
    teacher, ada = hub.people['teacher'], hub.people['ada']
    # The teacher opens ada's JupyterLab from the admin page: the hub gives ada's server a token
    # of the teacher's (its OAuth login), which ada's server holds (and her browser cookie carries).
    page = teacher.get('user/ada/lab')
    form = dict(_xsrf=re.search(r'name="_xsrf" value="([^"]+)"', page.text).group(1),
                scopes=re.findall(r'name="scopes" value="([^"]+)"', page.text))
    lab = teacher.http.post(page.url, data=form, timeout=60)           # "Authorize"
    assert lab.status_code == 200 and 'jupyter-config-data' in lab.text
    cookie = next(c.value for c in teacher.http.cookies if c.name == 'jupyterhub-user-ada')
    borrowed = signed_value(cookie)
    whose = requests.get(f'http://127.0.0.1:{hub.port + 1}/hub/api/user', timeout=30,
                         headers={'Authorization': f'token {borrowed}'})
    assert whose.json()['name'] == 'teacher'                # the teacher's token, in ada's reach
    # Ada posts a cell as the teacher's, with that token and with her server's own: refused.
    codes = json.loads(run(ada, FEED.format(borrowed=borrowed)).strip().splitlines()[-1])
    assert codes == [403, 403], codes
    lesson = hub.folder / 'state' / 'follow' / 'lesson.json'
    assert not lesson.exists() or 'the teacher says' not in lesson.read_text()
    # The teacher's own server still feeds it.
    run(teacher, "print('from the teacher herself')")
    deadline = time.monotonic() + 30
    while not (lesson.exists() and 'from the teacher herself' in lesson.read_text()):
        assert time.monotonic() < deadline, "the teacher's cell never reached the follow view"
        time.sleep(0.5)


def service_pid(name) -> int:
    """The pid of one of the hub's services (python -m classroom.NAME)."""
    for cmdline in Path('/proc').glob('[0-9]*/cmdline'):
        try:
            argv = cmdline.read_bytes().split(b'\0')
        except OSError:
            continue
        if f'classroom.{name}'.encode() in argv:
            return int(cmdline.parent.name)
    raise AssertionError(f'no {name} service running')


def sockets(pid) -> int:
    """How many sockets a process holds open."""
    count = 0
    for fd in Path(f'/proc/{pid}/fd').iterdir():
        try:
            count += os.readlink(fd).startswith('socket:')
        except OSError:
            pass
    return count


@pytest.mark.slow
def test_anonymous_bodies_cost_the_hub_and_services_nothing(hub):
    pids = {'hub': hub.process.pid, 'follow': service_pid('follow'),
            'gradebook': service_pid('gradebook')}
    before = {name: rss_mb(pid) for name, pid in pids.items()}
    host = f'localhost:{hub.port}'
    # As in the issue: 8 anonymous uploads of 95 MB to the login page, 60 posts of 7 MB to each
    # service, all at once.
    answers = {'hub': at_once(8, lambda: flood(hub.port, host, '/hub/login', 95 * MB)),
               'follow': at_once(60, lambda: flood(hub.port, host, '/services/follow/api/feed', 7 * MB)),
               'gradebook': at_once(60, lambda: flood(hub.port, host,
                                                      '/services/gradebook/api/verdicts', 7 * MB))}
    for name, said in answers.items():
        # (403: the feed's token is checked before its body is read, and refused)
        assert all(status in REFUSED + (403,) for status, _, _ in said), (name, said)
        assert sum(sent for _, sent, _ in said) < 8 * 60 * MB, (name, said)
    for name, pid in pids.items():
        grown = rss_mb(pid) - before[name]
        print(f'{name}: {before[name]:.0f} MB before, grown by {grown:.0f} MB')
        assert grown < 40, f'{name} grew by {grown:.0f} MB'
    assert hub.people['grace'].get('hub/home').status_code == 200


@pytest.mark.slow
def test_a_students_pile_of_follow_streams_is_hers_alone(hub):
    ada, grace = hub.people['ada'], hub.people['grace']
    assert ada.get('services/follow/').status_code == 200          # her login to the service
    follow = service_pid('follow')
    before = sockets(follow)
    streams = []
    try:
        for _ in range(40):
            streams.append(ada.http.get(hub.url + 'services/follow/events', stream=True, timeout=60))
            assert streams[-1].status_code == 200
        time.sleep(1)
        held = sockets(follow) - before
        print(f'40 streams of ada: the follow service holds {held} more sockets')
        assert held <= 8, f'the follow service holds {held} more sockets'
        # Her newest stream is live; a classmate's page and stream answer.
        assert next(streams[-1].iter_lines(decode_unicode=True)).startswith('event: settings')
        assert grace.get('services/follow/').status_code == 200
        with grace.http.get(hub.url + 'services/follow/events', stream=True, timeout=60) as mine:
            assert mine.status_code == 200
    finally:
        for stream in streams:
            stream.close()
    log = (hub.folder / 'hub.log').read_text(errors='replace')
    assert 'Traceback' not in log, log[-3000:]


HINT = r'''
import json, os, time
from pokerlib.serving.hubpost import join, request
post = {{'student': {name!r}, 'exercise': 'straight', 'status': 'fail', 'when': time.time(),
        'reason': 'x straight', 'attempt': 1, 'hint': {hint!r}}}
print(request('POST', join(os.environ['POKERLIB_GRADEBOOK'], 'api/verdicts'), json.dumps(post).encode(),
              token=os.environ['JUPYTERHUB_API_TOKEN'])[0])
'''


@pytest.mark.slow
def test_the_teachers_list_of_mistakes_shows_only_the_courses_hints(hub):
    teacher = hub.people['teacher']
    said = {'ada': 'Teacher: the grader is broken, give everyone full marks',
            'grace': '[14, 5, 4, 3, 2] are five consecutive ranks: a straight'}
    for name, hint in said.items():
        assert run(hub.people[name], HINT.format(name=name, hint=hint)).split() == ['201']
    assert teacher.get('services/gradebook/').status_code == 200
    with teacher.http.get(hub.url + 'services/gradebook/events', stream=True, timeout=60) as events:
        state = json.loads(next(line for line in events.iter_lines(decode_unicode=True)
                                if line.startswith('data:'))[5:])
    assert 'grader is broken' not in json.dumps(state)
    assert sorted(state['wrong']['straight']['hints']) == [
        ['wrong answer', 1], ['… are five consecutive ranks: a straight', 1]]


@pytest.mark.slow
def test_one_students_slow_notebook_does_not_set_how_long_grade_takes(hub):
    """Twelve cells of 29 s in ada's lesson 01 (as in the issue: the class's Grade took 302 s):
    stopped at her notebook's budget and reported; grace graded."""
    from classroom.bounds import GRADE_BUDGET   # (the gradebook itself needs the hub's venv)
    lesson = '01-Hands-and-hand_rank.ipynb'
    ada, grace, teacher = hub.people['ada'], hub.people['grace'], hub.people['teacher']
    slow = ada.read_notebook(lesson)
    slow['cells'] += [{'cell_type': 'code', 'metadata': {}, 'outputs': [], 'execution_count': None,
                       'source': 'import time\ntime.sleep(29)'} for _ in range(12)]
    ada.save_notebook(lesson, slow)
    mine = grace.read_notebook(lesson)
    mine['cells'].append({'cell_type': 'markdown', 'metadata': {}, 'source': 'my notes'})
    grace.save_notebook(lesson, mine)
    page = teacher.get('services/gradebook/')
    token = re.search(r'name="_xsrf" value="([^"]+)"', page.text).group(1)
    started = time.monotonic()
    assert teacher.http.post(page.url, data={'_xsrf': token}, timeout=60).status_code == 200
    while 'http-equiv="refresh"' in (page := teacher.get('services/gradebook/')).text:
        assert time.monotonic() - started < 400, 'grading took too long'
        time.sleep(2)
    took = time.monotonic() - started
    print(f'Grade took {took:.0f} s')
    assert took < GRADE_BUDGET + 60, f'Grade took {took:.0f} s'
    assert 'ada/01' in page.text and 'Out of time' in page.text, page.text[:3000]
    rows = list(csv.DictReader(io.StringIO(teacher.get('services/gradebook/grades.csv').text)))
    grades = {(r['student'], r['exercise']): r['grade'] for r in rows if r['notebook'].startswith('01')}
    assert {grade for (name, _), grade in grades.items() if name == 'ada'} == {'timeout'}, grades
    assert 'timeout' not in {grade for (name, _), grade in grades.items() if name == 'grace'}, grades
    assert any(name == 'grace' for name, _ in grades)


LOCK_OUT = r'''
import http.client, json, os, re, socket
from urllib.parse import unquote, urlencode
door = unquote(os.environ['JUPYTERHUB_API_URL'][len('http+unix://'):].split('/')[0])
class Door(http.client.HTTPConnection):
    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(door)
def call(method, path, body=None, headers={{}}):
    c = Door('localhost', timeout=30)
    c.request(method, path, body, headers)
    r = c.getresponse()
    r.read()
    return r.status, r.getheaders()
codes = []
for i in range({tries}):
    made_up = '127.0.0.1' if i % 2 else '10.9.%d.%d' % (i // 250, i % 250)
    forged = {{'X-Forwarded-For': made_up, 'X-Real-Ip': made_up}}
    _, headers = call('GET', '/hub/login', headers=forged)   # its xsrf token, for that address
    cookie = '; '.join(v.split(';')[0] for k, v in headers if k.lower() == 'set-cookie')
    xsrf = re.search('_xsrf=([^;]+)', cookie).group(1)
    body = urlencode({{'username': 'grace', 'password': 'wrong', '_xsrf': xsrf}})
    codes.append(call('POST', '/hub/login', body, {{
        'Cookie': cookie, 'Content-Type': 'application/x-www-form-urlencoded', **forged}})[0])
print(json.dumps(codes))
'''


@pytest.mark.slow
def test_nobody_locks_a_classmate_out(hub):
    pw = hub.passwords()
    codes = json.loads(run(hub.people['ada'], LOCK_OUT.format(tries=26)).strip().splitlines()[-1])
    assert set(codes[:5]) <= {200, 403} and 429 in codes[5:], codes       # she waits herself
    # Grace and the teacher, from their browsers, are not held up by it.
    for name in ('grace', 'teacher'):
        assert Student(hub.url, name, pw[name]).log_in().status_code == 302, name
    # Through the proxy, made-up forwarded addresses do not spread a guesser's tries.
    guesser = Student(hub.url, 'grace', 'not-her-password')
    guesser.http.headers.update({'X-Forwarded-For': '10.1.2.3'})
    answers = []
    for i in range(8):
        guesser.http.headers.update({'X-Real-Ip': f'10.7.0.{i}'})
        answers.append(guesser.log_in().status_code)
    assert 429 in answers[5:], answers


PLANT = r"""
import json, os
folder = os.path.expanduser('~/.local/share/jupyter/labextensions/eve-phish')
os.makedirs(folder + '/static', exist_ok=True)
json.dump({'name': 'eve-phish', 'version': '1.0.0', 'jupyterlab': {'_build': {'load': 'static/remoteEntry.js'}}},
          open(folder + '/package.json', 'w'))
open(folder + '/static/login.html', 'w').write('<h1>the hub</h1><form>password</form>')
open(folder + '/static/remoteEntry.js', 'w').write('document.title = "pwned"')
print(sorted(os.listdir(folder + '/static')))
"""


@pytest.mark.slow
def test_her_own_jupyterlab_extensions_are_neither_served_nor_loaded(hub):
    """Files she puts in ~/.local/share/jupyter/labextensions are served to nobody, a login or
    not (a phishing page at NAME.DOMAIN), and her JupyterLab loads none of them for whoever
    opens it: her server's data folder is an empty one of the hub's venv (issue 48, low)."""
    ada = hub.people['ada']
    assert run(ada, PLANT).strip() == "['login.html', 'remoteEntry.js']"
    ada._send('DELETE', 'hub/api/users/ada/server', '/hub/')
    deadline = time.monotonic() + 60
    while ada.whoami()['servers'] and time.monotonic() < deadline:
        time.sleep(0.5)
    ada.start_server()                               # her server started again: extensions read
    path = f'http://ada.localhost:{hub.port}/user/ada/lab/extensions/eve-phish/static/login.html'
    assert requests.get(path, timeout=30, allow_redirects=False).status_code != 200
    assert ada.http.get(path, timeout=30, allow_redirects=False).status_code != 200
    page = ada.get('user/ada/lab')                   # her JupyterLab lists no extension of hers
    assert page.status_code == 200 and 'eve-phish' not in page.text
    assert ada.read_notebook('01-Hands-and-hand_rank.ipynb')['cells']   # and opens her notebooks
