"""The live classroom on a real hub: servers ready before the bell, every check on the teacher's page.

Two students and the teacher. The hub starts both students' servers itself
and says when the class is ready; the teacher's gradebook is open in
headless Chromium (tools/classroom/watch.py, with .venv-site's Selenium) and is
never reloaded; checks run in the students' own kernels on the hub. Needs
`make classroom-setup`, `make site-setup`, chromium and chromium-driver:
without them it is skipped and says so, except in CI (CI=true), where it fails.
"""

import re
import subprocess
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CLASSROOM = ROOT / 'classroom'
SITE_PYTHON = ROOT / '.venv-site' / 'bin' / 'python'
SHOTS = ROOT / 'build' / 'classroom' / 'live'

from tools.classroom.simulate import START, Browser, Hub, Student, require

# A cell for a student's kernel: her check of flush, then when it returned (the board's clock).
CHECK = """from pokerlib.practice import check
def flush(hand):
    return {body}
report = check(flush)
import time
print(report.status, time.time())
time.sleep(1)            # the post is in a background thread; the kernel stops after this cell
"""
# Posts from her kernel made by hand, with her own token (an attacker's, or a flood).
POST = """import json, os, time
from pokerlib.serving.hubpost import request      # her door to the gradebook is a unix socket
def post(body, token=os.environ['JUPYTERHUB_API_TOKEN']):
    return request('POST', os.environ['POKERLIB_GRADEBOOK'] + 'api/verdicts',
                   body if isinstance(body, bytes) else json.dumps(body).encode(),
                   token=token, timeout=10)[0]
mine = {'student': os.environ['JUPYTERHUB_USER'], 'exercise': 'straight', 'status': 'error',
        'when': time.time(), 'reason': '<img src=x onerror="document.title=1">', 'attempt': 1}
"""


@pytest.fixture(scope='module')
def needs_all():
    require('the live classroom test', browser=True)


class Watcher(Browser):
    """tools/classroom/watch.py in a subprocess: what the teacher's page shows, line by line."""

    def __init__(self, hub, password):
        super().__init__(['-m', 'tools.classroom.watch', hub.url, 'teacher', password, '--shots', str(SHOTS)],
                         driver_port=hub.port + 5)


def run(student, code) -> str:
    """Run one cell in a new kernel of the student's server; what it printed."""
    nb = {'cells': [{'cell_type': 'code', 'source': code, 'metadata': {}, 'outputs': []}]}
    student.run_notebook(nb, 'scratch.ipynb')
    outputs = nb['cells'][0]['outputs']
    assert not any(o['output_type'] == 'error' for o in outputs), outputs
    return ''.join(o.get('text', '') for o in outputs)


def checked(student, body) -> float:
    """A check of flush in the student's kernel; when it returned."""
    printed = run(student, CHECK.format(body=body))
    status, when = printed.strip().splitlines()[-1].split()     # the cell's own last line
    assert status in ('pass', 'fail'), printed
    return float(when)


@pytest.mark.slow
def test_a_live_lesson(needs_all, tmp_path):
    hub = Hub(tmp_path, ['ada', 'grace'], lesson=3600)
    watcher = None
    started = time.monotonic()
    hub.start()
    try:
        # Ready before the bell: the hub starts both servers and says so in one line.
        line = hub.class_ready(timeout=300)
        assert line.startswith('The class is ready: 2 of 2 servers running'), line
        ready_in = time.monotonic() - started
        pw = hub.passwords()
        ada, grace = Student(hub.url, 'ada', pw['ada']), Student(hub.url, 'grace', pw['grace'])
        for s in (ada, grace):
            assert s.log_in().status_code == 302
            assert s.whoami()['servers']['']['ready']            # running before she came
            s.start_server()

        watcher = Watcher(hub, pw['teacher'])
        page = watcher.until(lambda s: True, timeout=120)        # the teacher's page, open
        assert page['cells'] == {} and page['status'] == 'Live: updated'

        # A failed check in ada's kernel is on the page within 5 s, with the fail symbol.
        when = checked(ada, 'True')
        seen = watcher.until(lambda s: 'ada flush' in s['cells'], timeout=30)
        assert seen['t'] - when <= 5, f'on the page {seen["t"] - when:.1f} s after the check'
        assert seen['cells']['ada flush'] == '✗1 fail'
        # grace passes: ✓, and the count of who passed flush
        when = checked(grace, "len({s for r, s in hand}) == 1")
        seen = watcher.until(lambda s: 'grace flush' in s['cells'], timeout=30)
        assert seen['t'] - when <= 5 and seen['cells']['grace flush'] == '✓1 pass'
        assert seen['passed'] == {'flush': '1/2'} and seen['stuck'] == []

        # Three failed checks: ada is on the stuck list.
        checked(ada, 'False')
        checked(ada, 'hand[0]')
        seen = watcher.until(lambda s: s['stuck'], timeout=30)
        assert seen['cells']['ada flush'] == '✗3 fail'
        assert seen['stuck'] == ['ada: flush: failed 3 times']
        # Her last report, on click.
        watcher.send('click ada flush')
        seen = watcher.until(lambda s: s['detail'], timeout=30)
        assert 'ada' in seen['detail'] and 'attempt 3' in seen['detail'] and 'flush gave a wrong answer on' in seen['detail']
        watcher.send('shot live-gradebook')
        # What the class gets wrong: flush, 1 passed, 1 failing, the hint of her latest check.
        seen = watcher.until(lambda s: s['wrong'], timeout=30)
        assert seen['wrong'][0].startswith('flush: 1 passed · 1 failing · 0 not started'), seen['wrong']
        # A check cell that does not compile: shown (⊘), not an attempt, not counted as failing.
        nb = {'cells': [{'cell_type': 'code', 'metadata': {}, 'outputs': [],
                         'source': 'from pokerlib.practice import check'},
                        {'cell_type': 'code', 'metadata': {}, 'outputs': [],
                         'source': 'def flush(hand) return True\ncheck(flush)'},
                        {'cell_type': 'code', 'metadata': {}, 'outputs': [], 'source': 'import time; time.sleep(1)'}]}
        ada.run_notebook(nb, 'scratch.ipynb')
        assert nb['cells'][1]['outputs'][0]['ename'] == 'SyntaxError'
        seen = watcher.until(lambda s: '⊘' in s['cells']['ada flush'], timeout=30)
        assert seen['cells']['ada flush'] == '✗3⊘ fail' and seen['stuck'] == ['ada: flush: failed 3 times']
        assert '⊘ 1 checks did not run' in seen['wrong'][0] and '1 failing' in seen['wrong'][0]

        # From ada's kernel: posts for grace, without a token, malformed; then a flood.
        codes = run(ada, POST + """
print(post({**mine, 'student': 'grace'}), post(mine, token='not-a-token'), post(b'{"student": "ada"}'),
      post({**mine, 'surprise': 1}))
print(post(mine))
print(' '.join(str(post({**mine, 'exercise': 'allmax', 'attempt': k + 1, 'status': 'fail', 'reason': 'flood'})) for k in range(60)))
""").split('\n')
        assert codes[0].split() == ['403', '403', '400', '400']
        assert codes[1] == '201'                                   # her own post, with markup in it
        flood = codes[2].split()
        assert flood.count('429') >= 20 and set(flood) == {'201', '429'}, flood
        taken = f"✗{flood.count('201')} fail"
        seen = watcher.until(lambda s: s['cells'].get('ada allmax') == taken, timeout=30)
        assert seen['cells']['ada straight'] == '⚠1 error' and 'grace straight' not in seen['cells']
        # The others carry on: grace's next check is on the page at once.
        when = checked(grace, 'False')
        seen = watcher.until(lambda s: s['cells'].get('grace flush') == '✗2 fail', timeout=30)
        assert seen['t'] - when <= 5
        # A flood of made-up tokens from ada's kernel, while grace checks three times: ada's
        # door spends her own budget of look-ups; every one of grace's checks is on the page.
        flooding = threading.Thread(target=run, args=(ada, POST + """
import secrets
codes = [post(mine, token=secrets.token_hex(16)) for _ in range(300)]
print(codes.count(429), codes.count(403))
"""))
        flooding.start()
        for body in ('False', 'hand[0]', 'False'):
            checked(grace, body)
        flooding.join()
        watcher.until(lambda s: s['cells'].get('grace flush') == '✗5 fail', timeout=30)
        # and a post through the hub's proxy (a browser's way in), with her own token, is refused
        assert grace.http.post(hub.url + 'services/gradebook/api/verdicts', json={},
                               headers={'Authorization': 'token x'}).status_code == 403
        # The markup is shown as text, never run.
        watcher.send('click ada straight')
        seen = watcher.until(lambda s: 'onerror' in s['detail'], timeout=30)
        assert '<img src=x onerror="document.title=1">' in seen['detail'], seen['detail']
        assert seen['detail'].endswith('The grader, sandboxed, on her saved notebook: not graded yet')
        watcher.send('shot live-gradebook-markup')

        # grades.csv: the latest verdicts as they stand; attempts.csv: every check taken.
        teacher = Student(hub.url, 'teacher', pw['teacher'])
        assert teacher.log_in().status_code == 302
        grades = teacher.get('services/gradebook/grades.csv').text
        assert re.search(r'^ada,01-[^,]+,flush,fail,3,', grades, re.M), grades
        assert re.search(r'^grace,01-[^,]+,flush,fail,5,', grades, re.M), grades
        attempts = teacher.get('services/gradebook/attempts.csv').text.splitlines()
        assert len(attempts) - 1 == 8 + 1 + 1 + flood.count('201')     # the ⊘ one too
        assert ada.get('services/gradebook/attempts.csv').status_code == 403

        # Her own check against the grader's: ada saves 01 with a right flush (her last live check
        # failed); once the teacher grades, her mark is flagged ⚑ and the detail shows both.
        nb = ada.read_notebook('01-Hands-and-hand_rank.ipynb')
        [cell] = [c for c in nb['cells'] if c['cell_type'] == 'code' and c['source'].startswith('def flush(hand):')]
        cell['source'] = 'def flush(hand):\n    return len({s for r, s in hand}) == 1'
        ada.save_notebook('01-Hands-and-hand_rank.ipynb', nb)
        page = teacher.get('services/gradebook/')
        token = re.search(r'name="_xsrf" value="([^"]+)"', page.text).group(1)
        teacher.http.post(page.url, data={'_xsrf': token}, timeout=60)
        watcher.send('click ada flush')
        seen = watcher.until(lambda s: '⚑' in s['cells']['ada flush'], timeout=300)
        assert seen['cells']['ada flush'] == '✗3⊘⚑ fail' and '⚑' not in seen['cells']['grace flush']
        seen = watcher.until(lambda s: 'grader' in s['detail'] and '✓' in s['detail'], timeout=30)
        assert 'Her own check, in her kernel (she could change it): ✗' in seen['detail']
        assert seen['detail'].endswith("her saved notebook: ✓ pass · ⚑ her check and the grader disagree")
        watcher.send('shot live-gradebook-disagree')
        # A phone's width: the board and the grade table scroll in their own boxes, not the page.
        watcher.send('width 390')
        seen = watcher.until(lambda s: s['width'] <= 400, timeout=30)
        assert not seen['wide'], 'the gradebook scrolls sideways at 390 px'
        watcher.send('shot live-gradebook-phone')
        print(f'class ready in {ready_in:.0f} s')
    finally:
        if watcher:
            watcher.stop()
        hub.stop()


@pytest.mark.slow
def test_a_bad_lesson_setting_gets_one_line(needs_all, tmp_path):
    hub = Hub(tmp_path, ['ada'])
    hub.env['CLASSROOM_WARMUP'] = 'lots'
    done = subprocess.run(START, cwd=ROOT, env=hub.env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1] == (
        "classroom: CLASSROOM_WARMUP='lots': how many servers start at once, a whole number (0 for none)")
