"""The classroom server (make classroom): a real JupyterHub and proxy on loopback.

Three students log in through the login page, start their servers, run
notebook 01 in a real kernel through the Jupyter server's API and save it;
then each one's work is in their own workspace, nobody reaches another's
server or files, wrong passwords and unknown names are refused, the
teacher's gradebook grades the three, and a restart of the hub loses nothing.
Another hub shows an idle server stopped by the culler.

It needs `make classroom-setup` (.venv-hub and classroom/node_modules) and
node; without them the tests are skipped and say so, except in CI (CI=true),
where they fail.
"""

import csv
import io
import json
import os
import re
import shutil
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

CLASSROOM = Path(__file__).resolve().parent.parent / 'classroom'
IN_CI = os.environ.get('CI', '').lower() in ('1', 'true', 'yes')
NOTEBOOK = '01-Hands-and-hand_rank.ipynb'
TEACHER = 'teacher'
# Each student's own answer to the flush exercise: right, wrong, and not written.
ANSWERS = {
    'ada': "def flush(hand):\n    # ada's answer\n    return len({s for r, s in hand}) == 1",
    'grace': "def flush(hand):\n    # grace's answer\n    return True",
    'alan': None,
}

from tools.classroom.simulate import HUB, PROXY, Hub, Student


def missing() -> list:
    return [what for what, there in [
        ('.venv-hub (make classroom-setup)', HUB.exists()),
        ('classroom/node_modules (make classroom-setup runs npm ci)', PROXY.exists()),
        ('node', shutil.which('node') is not None)] if not there]


@pytest.fixture(scope='module')
def needs_hub():
    if missing():
        message = 'the classroom server needs ' + ', '.join(missing())
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope='module')
def hub(needs_hub, tmp_path_factory):
    hub = Hub(tmp_path_factory.mktemp('classroom'), ANSWERS)
    hub.start()
    yield hub
    hub.stop()


def do_lesson(hub, name) -> dict:
    """One student: log in, start the server, answer, run notebook 01 in a kernel, save."""
    student = Student(hub.url, name, hub.passwords()[name])
    assert student.log_in().status_code == 302
    lab = student.start_server()
    assert 'jupyter-config-data' in lab.text            # JupyterLab's page, not an error
    nb = student.read_notebook(NOTEBOOK)
    if ANSWERS[name]:
        [cell] = [c for c in nb['cells'] if c['cell_type'] == 'code'
                  and c['source'].startswith('def flush(hand):')]
        cell['source'] = ANSWERS[name]
    nb['cells'].append({'cell_type': 'code', 'metadata': {}, 'outputs': [], 'execution_count': None,
                        'source': f'print("this is {name}\'s work")'})
    counts = student.run_notebook(nb, NOTEBOOK)
    student.save_notebook(NOTEBOOK, nb)
    return {'student': student, 'counts': counts}


@pytest.mark.slow
def test_roster_doctests(needs_hub):
    """The class list, passwords and their hashes (classroom/roster.py's doctests)."""
    done = subprocess.run([str(HUB.parent / 'python'), '-m', 'doctest', str(CLASSROOM / 'roster.py')],
                          cwd=CLASSROOM.parent, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr



@pytest.mark.slow
def test_a_chinese_class_gets_the_chinese_students_edition(needs_hub, tmp_path):
    """CLASSROOM_LANGUAGE=zh_CN: each workspace is synced from notebooks/zh, by the same
    rules; switching the class back to English brings the English edition."""
    script = f"""
from pathlib import Path
from classroom import roster
root, state = Path({str(CLASSROOM.parent)!r}), Path({str(tmp_path / 'state')!r})
roster._sync(root, state, Path({str(tmp_path / 'zh')!r}), 'zh_CN')
roster._sync(root, state, Path({str(tmp_path / 'en')!r}), 'en')
"""
    done = subprocess.run([str(HUB.parent / 'python'), '-c', script], cwd=CLASSROOM.parent,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    zh = (tmp_path / 'zh' / '01-Hands-and-hand_rank.ipynb').read_text(encoding='utf-8')
    en = (tmp_path / 'en' / '01-Hands-and-hand_rank.ipynb').read_text(encoding='utf-8')
    assert "set_language('zh_CN')" in zh and '轮到你了' in zh and '### BEGIN SOLUTION' not in zh
    assert "set_language('zh_CN')" not in en and 'Your turn' in en

SIMILAR = """
import json, sys
from pathlib import Path
from classroom import similarity
from pokerlib.serving import editions
from pokerlib.practice import exercise_names
T, ROOT = Path(sys.argv[1]), Path(sys.argv[2])
editions.write_student_edition(T / 'edition', ROOT / 'notebooks', 'en')
handed = json.loads((T / 'edition' / '01-Hands-and-hand_rank.ipynb').read_text())
course = similarity.definitions(ROOT / 'notebooks' / '01-Hands-and-hand_rank.ipynb')['flush']
answers = {
    'ada': 'def flush(hand):\\n    suits = [s for r, s in hand]\\n    return len(set(suits)) == 1\\n',
    'grace': 'def flush(hand):\\n    colours = [c for n, c in hand]\\n    return len(set(colours)) == 1\\n',
    'alan': 'def flush(hand):\\n    first = hand[0][1]\\n    for card in hand[1:]:\\n'
            '        if card[1] != first:\\n            return False\\n    return True\\n',
    'mallory': course}
answers = json.loads(sys.argv[3]) if len(sys.argv) > 3 else answers
for name, code in answers.items():
    nb = json.loads(json.dumps(handed))
    [cell] = [c for c in nb['cells'] if c['cell_type'] == 'code'
              and ''.join(c['source']).startswith('def flush(hand)')]
    cell['source'] = code or cell['source']
    (T / 'staging' / name).mkdir(parents=True)
    (T / 'staging' / name / '01-Hands-and-hand_rank.ipynb').write_text(json.dumps(nb))
print(json.dumps(similarity.flags(T / 'staging', T / 'edition', ROOT / 'notebooks', set(exercise_names()))))
"""


@pytest.mark.slow
def test_similar_code_is_flagged_never_what_was_handed_out(needs_hub, tmp_path):
    """copydetect (classroom/similarity.py) flags grace's flush, ada's with the names changed, and
    mallory's, the course's own; alan's, written his own way, and every function as it was handed
    out (the same in every notebook) are not flagged."""
    done = subprocess.run([str(HUB.parent / 'python'), '-c', SIMILAR, str(tmp_path), str(CLASSROOM.parent)],
                          cwd=CLASSROOM.parent, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    flags = json.loads(done.stdout.strip().splitlines()[-1])
    assert [(f['exercise'], f['student'], f['other']) for f in flags] == [
        ('flush', 'grace', 'ada'), ('flush', 'mallory', '(course)')], flags
    assert all(f['similarity'] >= 0.8 for f in flags)


@pytest.mark.slow
def test_the_flags_are_the_same_at_every_grading(needs_hub, tmp_path):
    """copydetect hashes with Python's hash, salted afresh in each process: similarity.py gives
    it one that is not, so the same notebooks get the same flags at every grading; and two
    answers that share only a line anyone writes (grace's `return True` is all of ada's
    beginning and ending) are not flagged. Under eight salts, one of which flagged grace at
    0.87 before."""
    found = set()
    for salt in range(1, 9):
        folder = tmp_path / str(salt)
        done = subprocess.run([str(HUB.parent / 'python'), '-c', SIMILAR, str(folder), str(CLASSROOM.parent),
                               json.dumps(ANSWERS)], cwd=CLASSROOM.parent, capture_output=True, text=True,
                              timeout=300, env={**os.environ, 'PYTHONHASHSEED': str(salt)})
        assert done.returncode == 0, done.stderr
        found.add(done.stdout.strip().splitlines()[-1])
    assert found == {'[]'}


@pytest.mark.slow
def test_a_class_on_the_hub(hub):
    assert oct((hub.folder / 'passwords.txt').stat().st_mode & 0o777) == '0o600'
    passwords = hub.passwords()
    assert sorted(passwords) == sorted([*ANSWERS, TEACHER])

    # Refused: a wrong password, an unknown name, an empty password.
    for name, password in [('ada', passwords['grace']), ('mallory', 'x'), ('ada', '')]:
        refused = Student(hub.url, name, password)
        assert refused.log_in().status_code == 403
        assert refused.whoami() is None

    # Three students at once: log in, start, run notebook 01, save.
    with ThreadPoolExecutor(len(ANSWERS)) as pool:
        done = dict(zip(ANSWERS, pool.map(lambda name: do_lesson(hub, name), ANSWERS)))
    for name in ANSWERS:
        assert done[name]['counts']['cells'] > 20
        saved = json.loads((hub.workspace(name) / NOTEBOOK).read_text())
        text = json.dumps(saved)
        assert f"this is {name}'s work" in text                 # the source, and its output:
        assert any(''.join(o.get('text', '')) == f"this is {name}'s work\n"
                   for c in saved['cells'] if c['cell_type'] == 'code' for o in c['outputs'])
        for other in set(ANSWERS) - {name}:
            assert f"this is {other}'s work" not in text
        assert len(list(hub.workspace(name).glob('0*.ipynb'))) >= 9  # the whole course copied in

    # Nobody reaches another's server, files or the gradebook.
    ada = done['ada']['student']
    grace_before = (hub.workspace('grace') / NOTEBOOK).read_bytes()
    assert ada.get('user/grace/lab').status_code == 403
    assert ada.api('GET', f'contents/{NOTEBOOK}', owner='grace').status_code == 403
    assert ada.api('PUT', f'contents/{NOTEBOOK}', owner='grace',
                   json={'type': 'file', 'format': 'text', 'content': 'gone'}).status_code == 403
    assert ada.api('POST', 'sessions', owner='grace',
                   json={'path': 'x.ipynb', 'type': 'notebook'}).status_code == 403
    assert (hub.workspace('grace') / NOTEBOOK).read_bytes() == grace_before
    assert ada.get('services/gradebook/').status_code == 403
    assert ada.api('POST', 'terminals').status_code == 404     # no shell on the hub's machine

    # The teacher's gradebook: one row per student, the flush exercise as each answered.
    teacher = Student(hub.url, TEACHER, passwords[TEACHER])
    assert teacher.log_in().status_code == 302
    assert teacher.get('services/gradebook/').status_code == 200
    page = teacher.grade(timeout=600)          # (RuntimeError past ten minutes)
    assert 'Graded 3 notebooks of 3 students' in page.text, page.text[:2000]
    rows = re.findall(r'<tr class="student"><th>([^<]+)</th>', page.text)
    assert rows == list(ANSWERS)
    table = teacher.get('services/gradebook/grades.csv')
    assert table.status_code == 200 and 'attachment' in table.headers['Content-Disposition']
    graded = list(csv.DictReader(io.StringIO(table.text)))
    assert set(graded[0]) == {'student', 'notebook', 'exercise', 'check', 'check_attempts', 'check_reason',
                              'checked_at', 'grade', 'grade_report'}       # live checks beside the grades
    flush = {r['student']: r['grade'] for r in graded if r['exercise'] == 'flush'}
    assert flush['ada'] == 'pass' and flush['grace'] != 'pass' and flush['alan'] != 'pass', flush
    assert {r['student'] for r in graded} == set(ANSWERS)
    # The same grades for Canvas or Moodle: a row per student, a column per lesson.
    lms = list(csv.DictReader(io.StringIO(teacher.get('services/gradebook/grades-lms.csv').text)))
    assert [r['Student'] for r in lms] == list(ANSWERS) == [r['SIS Login ID'] for r in lms]
    [lesson] = [c for c in lms[0] if c.startswith(NOTEBOOK[:-len('.ipynb')])]
    points = {r['Student']: int(r[lesson]) for r in lms}
    assert points['ada'] == points['grace'] + 1 == points['alan'] + 1, points   # ada's flush passes
    assert ada.get('services/gradebook/grades-lms.csv').status_code == 403
    similar = re.search(r'<p class="note">No similar code found.</p>|<ul id="similar">.*?</ul>', page.text, re.S)
    assert similar and similar.group() == '<p class="note">No similar code found.</p>', \
        similar and similar.group()                      # three answers, each her own

    # A restart (Ctrl-C, make classroom again) loses nobody: the same session, the same files.
    saved = {name: (hub.workspace(name) / NOTEBOOK).read_bytes() for name in ANSWERS}
    hub.stop()
    with pytest.raises(requests.ConnectionError):
        requests.get(hub.url + 'hub/health', timeout=5)      # the proxy stopped with the hub
    hub.start()
    assert hub.passwords() == passwords
    assert ada.whoami()['name'] == 'ada'                       # still logged in
    ada.start_server()
    assert "this is ada's work" in json.dumps(ada.read_notebook(NOTEBOOK))
    for name in ANSWERS:
        assert (hub.workspace(name) / NOTEBOOK).read_bytes() == saved[name]


@pytest.mark.slow
def test_an_idle_server_is_culled(needs_hub, tmp_path):
    """jupyterhub-idle-culler stops a server nobody uses (here after 10 s); the files stay."""
    hub = Hub(tmp_path, ['ada'], idle=10)
    hub.start()
    try:
        ada = Student(hub.url, 'ada', hub.passwords()['ada'])
        ada.log_in()
        ada.start_server()
        assert ada.whoami()['servers']
        deadline = time.monotonic() + 90
        while ada.whoami()['servers']:
            assert time.monotonic() < deadline, 'the idle server was not stopped in 90 s'
            time.sleep(2)
        assert (hub.workspace('ada') / NOTEBOOK).exists()
        assert ada.start_server().status_code == 200          # logging in again starts it
    finally:
        hub.stop()


@pytest.mark.slow
def test_the_culler_waits_for_the_end_of_the_lesson(needs_hub, tmp_path):
    """CLASSROOM_LESSON: the server the hub started before the bell is kept running through the
    lesson, though the culler (CLASSROOM_IDLE=5) would stop it 5 s after it was last used; once
    the lesson is over, the culler stops it. Nothing is used on the server all the while."""
    lesson, idle = 150, 5
    hub = Hub(tmp_path, ['ada'], idle=idle, lesson=lesson, warmup=1)
    started = time.monotonic()            # the lesson's clock starts with the hub, a little later
    hub.start()
    try:
        hub.class_ready(timeout=lesson - 40)
        ada = Student(hub.url, 'ada', hub.passwords()['ada'])
        assert ada.log_in().status_code == 302       # the hub's pages only: not her server's
        server = ada.whoami()['servers']['']
        assert server['ready']
        kept_from = time.monotonic()
        while time.monotonic() < started + lesson - 5:
            now = ada.whoami()['servers'].get('')
            assert now and now['started'] == server['started'], \
                f'stopped (or restarted) during the lesson, {time.monotonic() - started:.0f} s in'
            time.sleep(2)
        kept = time.monotonic() - kept_from
        assert kept >= 4 * idle, f'kept only {kept:.0f} s: the hub was too slow to show it'
        deadline = started + lesson + 60
        while ada.whoami()['servers']:
            assert time.monotonic() < deadline, 'the idle server was not stopped after the lesson'
            time.sleep(2)
        assert (hub.workspace('ada') / NOTEBOOK).exists()
    finally:
        hub.stop()


@pytest.mark.slow
def test_ctrl_c_stops_the_class_at_once_and_quietly(needs_hub, tmp_path):
    """Ctrl-C in the teacher's terminal (SIGINT to the hub's process group), with a student's
    JupyterLab and kernel open, her check posted, and the teacher's gradebook streaming:
    within 10 s the hub has ended and nothing of the class runs any more; the terminal said so
    in one line, and shows no traceback, no reset connection, no stream of XSRF warnings."""
    psutil = pytest.importorskip('psutil')
    hub = Hub(tmp_path, ['ada', 'grace'], lesson=3600, warmup=2)
    hub.start()
    try:
        hub.class_ready(timeout=300)
        pw = hub.passwords()
        ada = Student(hub.url, 'ada', pw['ada'])
        ada.get('hub/login')
        ada.open_lab()
        for _ in range(5):                               # pages, as a class opens them
            assert ada.get('hub/home').status_code == 200
            assert ada.get('user/ada/lab').status_code == 200
        nb = {'cells': [{'cell_type': 'code', 'metadata': {}, 'outputs': [], 'source':
                         'from pokerlib.practice import check\ndef flush(hand):\n    return True\n'
                         'check(flush)\nimport time; time.sleep(1)'}]}
        assert ada.run_notebook(nb, 'scratch.ipynb')['errors'] == 0
        assert ada.api('POST', 'sessions', json={'path': 'open.ipynb', 'type': 'notebook', 'name': '',
                                                 'kernel': {'name': 'python3'}}).status_code == 201
        teacher = Student(hub.url, TEACHER, pw[TEACHER])
        assert teacher.log_in().status_code == 302
        page = teacher.get('services/gradebook/')
        xsrf = re.search(r'name="xsrf" content="([^"]+)"', page.text).group(1)
        events = teacher.http.get(hub.url + 'services/gradebook/events', params={'_xsrf': xsrf},
                                  stream=True, timeout=60)
        assert events.status_code == 200
        class_processes = [p for p in psutil.Process(hub.process.pid).children(recursive=True)]
        assert len(class_processes) > 6           # proxy, services, servers, a kernel, a judge
        log = hub.folder / 'hub.log'
        before = len(log.read_text(errors='replace'))
        began = time.monotonic()
        os.killpg(hub.process.pid, signal.SIGINT)
        hub.process.wait(timeout=60)
        took = time.monotonic() - began
        events.close()
        assert took < 10, f'the hub took {took:.1f} s to stop'
        time.sleep(1)
        left = [p for p in class_processes if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
        assert not left, f'still running after the hub stopped: {left}'
        text = log.read_text(errors='replace')
        said = text[before:].strip().splitlines()
        assert len(said) == 1 and said[0].startswith('Stopping the class: the students\' servers '
                                                     '(2 running)'), said
        assert re.search(r'stopped in \d+ s\.$', said[0]), said
        assert 'Traceback' not in text and 'ECONNRESET' not in text
        xsrf_lines = [line for line in text.splitlines() if 'XSRF' in line]
        assert all('said once' in line for line in xsrf_lines) and len(xsrf_lines) <= 2, xsrf_lines
    finally:
        hub.stop()
