"""A student's script never runs with the hub's rights: the teacher opens her work in a real browser.

On a real hub, ada plants a script that would make her an admin (a PATCH of
her own user in the hub's API with the browser's cookies) in three places:
a saved output of a notebook she then signs as trusted with her own server's
key, an HTML output with an event handler, and an HTML file in her
workspace. The teacher logs in with headless Chromium and opens both, as
"access server" on the admin page lets her (authorising it). The notebook
opens untrusted (no saved script of it runs); the HTML file's script does
run, on ada's own web address (ada.localhost), where the teacher's hub
cookie is never sent and the hub's answers cannot be read: ada stays a
student. Needs make classroom-setup, make site-setup, chromium and
chromium-driver, like tests/test_live.py.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

from tools.classroom.simulate import SITE_PYTHON, Hub, Student, require

ROOT = Path(__file__).resolve().parent.parent

ATTACK = """
document.title = 'the script ran';
for (const url of ['{hub}hub/api/users/ada', '/hub/api/users/ada']) {{
  fetch(url, {{method: 'PATCH', credentials: 'include', headers: {{'Content-Type': 'application/json'}},
               body: JSON.stringify({{admin: true}})}}).catch(() => null);
}}
"""


def notebook(script) -> dict:
    """A notebook whose saved output carries the script, three ways."""
    html = (f'<b>my answer</b><script>{script}</script>'
            f'<img src="x" onerror="{script.replace(chr(34), chr(39)).replace(chr(10), " ")}">')
    return {'nbformat': 4, 'nbformat_minor': 5, 'metadata': {},
            'cells': [{'cell_type': 'code', 'id': 'a1', 'execution_count': 1, 'metadata': {},
                       'source': 'show_my_answer()',
                       'outputs': [{'output_type': 'display_data', 'metadata': {},
                                    'data': {'text/html': html,
                                             'application/javascript': script,
                                             'text/plain': 'my answer'}}]}]}


@pytest.mark.slow
def test_a_students_script_never_runs_with_the_hubs_rights(tmp_path):
    require('the origin test', browser=True)
    hub = Hub(tmp_path, ['ada'], warmup=0)
    hub.start()
    try:
        pw = hub.passwords()
        ada, teacher = Student(hub.url, 'ada', pw['ada']), Student(hub.url, 'teacher', pw['teacher'])
        assert ada.log_in().status_code == 302
        ada.start_server()
        script = ATTACK.format(hub=hub.url)
        ada.save_notebook('evil.ipynb', notebook(script))
        assert ada.api('PUT', 'contents/evil.html', json={
            'type': 'file', 'format': 'text',
            'content': f'<html><body>my page<script>{script}</script></body></html>'}).status_code in (200, 201)
        # She signs it with her own server's key, as `jupyter trust` does.
        nb = {'cells': [{'cell_type': 'code', 'metadata': {}, 'outputs': [], 'execution_count': None,
                         'source': 'import subprocess, sys\n'
                                   'print(subprocess.run([sys.executable, "-m", "jupyter", "trust", '
                                   '"evil.ipynb"], capture_output=True, text=True))'}]}
        ada.run_notebook(nb, 'scratch.ipynb', timeout=120)

        assert teacher.log_in().status_code == 302
        shown = subprocess.run(
            [str(SITE_PYTHON), '-m', 'tools.teacher_opens', hub.url, 'teacher', pw['teacher'], 'ada',
             'lab/tree/evil.ipynb', 'files/evil.html', '--until', 'my answer', '--until', 'my page',
             '--shots', str(ROOT / 'build' / 'classroom' / 'origins')],
            cwd=ROOT, capture_output=True, text=True, timeout=300,
            env={**os.environ, 'WATCH_DRIVER_PORT': str(hub.port + 5)})
        pages = [json.loads(line) for line in shown.stdout.splitlines() if line.startswith('{')]
        assert len(pages) == 2, shown.stderr[-2000:]
        lab, page = pages
        # The notebook was open (its text shown), on ada's own address, and none of its scripts ran.
        assert lab['url'].startswith(hub.url.replace('://', '://ada.')), lab['url']
        assert 'my answer' in lab['text'] and lab['title'] != 'the script ran', lab
        # The file's script ran, on ada's address: and yet,
        assert page['title'] == 'the script ran' and page['url'].startswith(hub.url.replace('://', '://ada.'))
        # ada is not an admin, and the teacher is still one.
        users = {u['name']: u for u in teacher.get('hub/api/users').json()}
        assert users['ada']['admin'] is False and users['teacher']['admin'] is True
    finally:
        hub.stop()
