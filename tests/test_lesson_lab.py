"""A lesson's JupyterLab on a real hub (issue 47): each student's layout and settings kept in her
own home through a reload and a restart of her server; the teacher's server on the teacher's
edition (answers folded), which no student can read; the hub's pages link the services on its
own port.

Needs `make classroom-setup`, and for the browser `make site-setup`, chromium and
chromium-driver: without them it is skipped and says so, except in CI (CI=true), where it fails.
"""

import json
import re
import time
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from tools.classroom.simulate import Hub, Lab, Student, require

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / 'build' / 'classroom' / 'lab'
LESSON = '05-Shuffling.ipynb'
pytestmark = pytest.mark.slow
OTHER = '03-Refactoring-with-group-and-unzip.ipynb'
SETTING = '@jupyterlab/notebook-extension:tracker'


@pytest.fixture(scope='module')
def hub(tmp_path_factory):
    require('the lesson lab test', browser=True)
    hub = Hub(tmp_path_factory.mktemp('lab'), ['ada', 'grace'], warmup=0)
    hub.start()
    try:
        pw = hub.passwords()
        hub.people = {name: Student(hub.url, name, pw[name]) for name in ('teacher', 'ada', 'grace')}
        for person in hub.people.values():
            assert person.log_in().status_code == 302
            person.start_server()
        yield hub
    finally:
        hub.stop()


def restart(person):
    """Stop her server through the hub's API, as the hub's home page does, and start it again."""
    stopped = person._send('DELETE', f'hub/api/users/{person.name}/server', '/hub/')
    assert stopped.status_code in (202, 204), stopped.text
    for _ in range(120):
        if not person.whoami()['servers']:
            break
        time.sleep(0.5)
    person.start_server()


def has_tabs(*names):
    """A test of what her JupyterLab shows: these tabs open, the current one's cells drawn."""
    return lambda state: set(names) <= set(state['tabs']) and any(state['visible'])


def test_her_layout_and_settings_outlive_a_reload_and_a_restart(hub):
    ada = hub.people['ada']
    layout = {'data': {'marker': 'ada-layout-47'}, 'metadata': {'id': 'class-47'}}
    put = ada._send('PUT', 'user/ada/lab/api/workspaces/class-47', '/user/ada/', json=layout)
    assert put.status_code in (200, 204), put.text[:300]
    setting = {'raw': json.dumps({'codeCellConfig': {'lineNumbers': True}})}
    put = ada._send('PUT', f'user/ada/lab/api/settings/{SETTING}', '/user/ada/', json=setting)
    assert put.status_code in (200, 204), put.text[:300]
    home = hub.folder / 'state' / 'homes' / 'ada' / '.jupyter' / 'lab'
    assert (home / 'workspaces').is_dir() and (home / 'user-settings').is_dir()

    lab = Lab(hub, 'ada', SHOTS)
    try:
        # She opens 05, then 03: JupyterLab keeps 05 open (her layout, saved and restored).
        lab.go(f'user/ada/lab/tree/{LESSON}', has_tabs(LESSON))
        time.sleep(3)                        # JupyterLab saves her layout as it changes
        lab.go(f'user/ada/lab/tree/{OTHER}', has_tabs(LESSON, OTHER))
        time.sleep(3)
        lab.do('reload', has_tabs(LESSON, OTHER))
        lab.do('shot reloaded')
        restart(ada)
        state = lab.go('user/ada/lab', has_tabs(LESSON, OTHER), timeout=180)
        assert state['current'] in (LESSON, OTHER)
        lab.do('shot restarted')
        # Her notebooks open and nothing to do: her server's log stays quiet (it said 600
        # lines a minute when no save could be made).
        log = hub.folder / 'state' / 'logs' / 'ada.log'
        time.sleep(10)                       # (her kernels starting, their channels)
        before = len(log.read_text(errors='replace').splitlines())
        time.sleep(30)
        quiet = len(log.read_text(errors='replace').splitlines()) - before
        assert quiet <= 3, f'{quiet} lines in 30 s: ' + log.read_text(errors='replace')[-2000:]
    finally:
        lab.stop()

    got = ada._send('GET', 'user/ada/lab/api/workspaces/class-47', '/user/ada/')
    assert got.status_code == 200 and got.json()['data'] == layout['data']
    got = ada._send('GET', f'user/ada/lab/api/settings/{SETTING}', '/user/ada/')
    assert got.status_code == 200 and got.json()['settings']['codeCellConfig'] == {'lineNumbers': True}
    # Grace's JupyterLab has neither: each student's are her own.
    grace = hub.people['grace']
    assert grace._send('GET', 'user/grace/lab/api/workspaces/class-47', '/user/grace/').json()[
        'data'] != layout['data']
    # Her server's log: no failed save (each answered 500, and said so with a traceback).
    log = (hub.folder / 'state' / 'logs' / 'ada.log').read_text(errors='replace')
    assert not re.search(r'\] 500 [A-Z]|Read-only file system', log), log[-3000:]


def solution_cell(nb) -> str:
    """The source of the first cell of nb with a solution in it (or '')."""
    for cell in nb['cells']:
        source = ''.join(cell['source']) if isinstance(cell['source'], list) else cell['source']
        if '### BEGIN SOLUTION' in source and cell['cell_type'] == 'code':
            return source
    return ''


def test_the_teacher_shows_her_edition_and_no_student_can_read_it(hub):
    teacher, ada = hub.people['teacher'], hub.people['ada']
    hers, ada_05 = teacher.read_notebook(LESSON), ada.read_notebook(LESSON)
    code = solution_cell(hers)
    assert code, "the teacher's 05 has no solution"
    answer = code.split('### BEGIN SOLUTION', 1)[1].split('### END SOLUTION', 1)[0].strip()
    folded = [c for c in hers['cells'] if '### BEGIN SOLUTION' in ''.join(c['source'])]
    assert all(c['metadata']['jupyter']['source_hidden'] for c in folded)
    assert not solution_cell(ada_05) and any('raise NotImplementedError()' in ''.join(c['source'])
                                             for c in ada_05['cells'])
    # The teacher's edition is in the hub's state folder, in no student's sandbox.
    edition = hub.folder / 'state' / 'edition-teacher' / LESSON
    assert solution_cell(json.loads(edition.read_text()))
    cell = {'cell_type': 'code', 'metadata': {}, 'outputs': [], 'source': f"""
import glob, os
for path in [{str(edition)!r}, {str(edition.parent)!r}]:
    try:
        print(path, 'READ', len(open(path).read()) if os.path.isfile(path) else os.listdir(path))
    except OSError as e:
        print(path, 'REFUSED', type(e).__name__)
print('FOUND', [p for top in [{str(hub.folder)!r}, {str(ROOT)!r}]
                for p in glob.glob(top + '/**/*.ipynb', recursive=True)
                if {answer!r} in open(p, errors='replace').read()])
"""}
    ada.run_notebook({'cells': [cell]}, 'scratch.ipynb')
    said = ''.join(o.get('text', '') for o in cell['outputs'])
    assert said.count('REFUSED') == 2 and 'READ' not in said, said
    assert re.search(r"FOUND \[\]", said), said

    # She runs the solution of 05: the follow feed carries it, not the stub.
    ran = {'cell_type': 'code', 'metadata': {}, 'outputs': [], 'source': code}
    teacher.run_notebook({'cells': [ran]}, LESSON)
    lesson = hub.folder / 'state' / 'follow' / 'lesson.json'
    first = answer.splitlines()[0].strip()
    for _ in range(60):
        if lesson.exists() and first in lesson.read_text():
            break
        time.sleep(0.5)
    kept = lesson.read_text()
    assert first in kept and 'NotImplementedError' not in kept


def test_the_hub_pages_link_the_services_on_its_port(hub):
    for name, expected in [('teacher', {'gradebook', 'follow'}), ('ada', {'follow'})]:
        person = hub.people[name]
        page = person.get('hub/home')
        links = dict(re.findall(r'<a class="dropdown-item" href="([^"]*)">\s*([\w-]+)\s*</a>', page.text))
        assert set(links.values()) == expected, links
        for href, service in links.items():
            url = urljoin(page.url, href)
            assert urlparse(url).netloc == urlparse(hub.url).netloc, url
            opened = person.http.get(url, timeout=60)
            assert opened.status_code == 200 and f'/services/{service}/' in opened.url, opened.url


def test_a_copied_cell_goes_before_the_closing_links_and_opens_in_view(hub):
    teacher, ada = hub.people['teacher'], hub.people['ada']
    code = "print('copied in lesson 47')"
    teacher.run_notebook({'cells': [{'cell_type': 'code', 'metadata': {}, 'outputs': [],
                                     'source': code}]}, LESSON)
    lesson = hub.folder / 'state' / 'follow' / 'lesson.json'
    for _ in range(60):
        cells = [c for c in json.loads(lesson.read_text())['cells'] if c['code'] == code] \
            if lesson.exists() else []
        if cells:
            break
        time.sleep(0.5)
    [cell] = cells
    page = ada.get(f'user/ada/pokerlib-follow/copy?cell={cell["id"]}')
    assert page.status_code == 200 and code.replace("'", '&#x27;') in page.text
    [button] = re.findall(r'<button type="submit">([^<]*)</button>', page.text)
    assert button == 'Add to my notebook'        # not "Copy", the follow page's clipboard button
    before = json.loads((hub.workspace('ada') / LESSON).read_text())['cells']
    assert before[-1]['id'] == 'nav-bottom'

    lab = Lab(hub, 'ada', SHOTS)
    try:
        # Another notebook in front of her JupyterLab (JupyterLab scrolls to a cell-id fragment
        # only in the notebook in front as it starts: the copy puts 05 there in her layout).
        lab.go(f'user/ada/lab/tree/{OTHER}', lambda s: s['current'] == OTHER and any(s['visible']))
        time.sleep(3)                        # (her layout saved)
        lab.go(f'user/ada/pokerlib-follow/copy?cell={cell["id"]}', lambda s: 'pokerlib-follow' in s['url'])
        state = lab.do('click form button', lambda s: s['current'] == LESSON
                       and any('copied in lesson 47' in line for line in s['visible']), timeout=120)
        assert '#cell-id=' in state['url'] or state['url'].endswith(LESSON), state['url']
        lab.do('shot copied')
    finally:
        lab.stop()
    after = json.loads((hub.workspace('ada') / LESSON).read_text())['cells']
    assert [c['id'] for c in after[:-2]] == [c['id'] for c in before[:-1]]
    assert ''.join(after[-2]['source']) == code and after[-1]['id'] == 'nav-bottom'
