"""Follow along live on a real hub: the teacher's cells on every student's follow page.

The teacher runs cells of notebook 05 in her own kernel on the hub (through
the Jupyter server's websocket, as JupyterLab does); two students have
/services/follow/ open in headless Chromium (tools/classroom/follow_watch.py, with
.venv-site's Selenium) and never reload it. Needs `make classroom-setup`,
`make site-setup`, chromium and chromium-driver: without them it is skipped
and says so, except in CI (CI=true), where it fails.
"""

import json
import re
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE_PYTHON = ROOT / '.venv-site' / 'bin' / 'python'
SHOTS = ROOT / 'build' / 'classroom' / 'follow'
LESSON = '05-Shuffling.ipynb'

from tools.classroom.simulate import Browser, Hub, Lab, Student, require

SPOILER = 'SPOILER_7f3a'
HOSTILE = ('<script>window.pwned = true; document.title = "pwned"</script>'
           '<img src=x onerror="window.pwned = true"><b>bold</b>'
           '<a href="javascript:window.pwned=true">link</a>')
# What the teacher runs, in order; each cell prints the kernel's clock as it ends.
CELLS = [
    "import time\nprint('hello from the teacher', time.time())",
    "import matplotlib.pyplot as plt\nfig, ax = plt.subplots(figsize=(3, 2))\nax.plot([1, 3, 2])\n"
    "print(time.time())",
    "import pandas as pd\npd.DataFrame({'rank': ['A', 'K'], 'count': [4, 4]})",
    f"from IPython.display import HTML, display\ndisplay(HTML({HOSTILE!r}))\n"
    "print('<script>window.pwned = true</script>')",
    "1 / 0",
]
FOLDED = {'cell_type': 'code', 'execution_count': None, 'outputs': [],
          'metadata': {'jupyter': {'source_hidden': True}},
          'source': f"# the answer, folded on the projector\n{SPOILER} = 'shuffle4'"}


@pytest.fixture(scope='module')
def needs_all():
    require('the follow view test', browser=True)


class Pages(Browser):
    """tools/classroom/follow_watch.py in a subprocess: what each student's follow page shows."""

    def __init__(self, hub, people):
        pw = hub.passwords()
        super().__init__(['-m', 'tools.classroom.follow_watch', hub.url, *[f'{n}:{pw[n]}' for n in people],
                          '--shots', str(SHOTS)], driver_port=hub.port + 5)

    def until_on(self, who, test, timeout=60):
        return self.until(test, timeout, who)

    def shot(self, who, name):
        self.send(f'shot {who} {name}')
        time.sleep(1)


def ran(student, code, path='scratch.ipynb') -> list:
    """Run cells (one string each) in one new kernel of the student's server, at path: the cells."""
    nb = {'cells': [{'cell_type': 'code', 'source': c, 'metadata': {}, 'outputs': []} for c in code]}
    student.run_notebook(nb, path)
    return nb['cells']


def printed(cell) -> str:
    return ''.join(o.get('text', '') for o in cell['outputs'] if o['output_type'] == 'stream')


def having(marker, test=lambda cell: True):
    """A test of a page's state: a cell whose code has marker, and for which test is true."""
    return lambda state: any(marker in c['code'] and test(c) for c in state['cells'])


def cell_with(state, marker):
    return next(c for c in state['cells'] if marker in c['code'])


@pytest.mark.slow
def test_following_the_teacher(needs_all, tmp_path):
    hub = Hub(tmp_path, ['ada', 'grace'], lesson=3600)
    pages = None
    hub.start()
    try:
        pw = hub.passwords()
        teacher = Student(hub.url, 'teacher', pw['teacher'])
        ada, grace = Student(hub.url, 'ada', pw['ada']), Student(hub.url, 'grace', pw['grace'])
        for person in (teacher, ada, grace):
            assert person.log_in().status_code == 302
            person.start_server()
        # Her projecting copy of 05: an answer folded in it, never run.
        nb = teacher.read_notebook(LESSON)
        nb['cells'].append(FOLDED)
        teacher.save_notebook(LESSON, nb)

        pages = Pages(hub, ['ada', 'grace'])
        for who in ('ada', 'grace'):
            state = pages.until_on(who, lambda s: s['status'].startswith('Live'), timeout=180)
            assert state['cells'] == [] and state['h1'] == 'Follow the teacher'

        # The teacher runs five cells of 05 (not the folded one): on both pages within 1 s each.
        cells = ran(teacher, CELLS, LESSON)
        said = float(printed(cells[0]).split()[-1])
        for who in ('ada', 'grace'):
            seen = pages.until_on(who, having('hello from the teacher', lambda c: c['outputs']))
            assert seen['t'] - said <= 1.0, f'{who}: {seen["t"] - said:.2f} s after the cell'
            assert cell_with(seen, 'hello from the teacher')['outputs'][0]['text'].startswith(
                'hello from the teacher')
        plotted = float(printed(cells[1]).strip())
        for who in ('ada', 'grace'):     # the plot: an image (a PNG the page decoded)
            seen = pages.until_on(who, having('ax.plot', lambda c: any('img' in o for o in c['outputs'])))
            assert seen['t'] - plotted <= 1.0, f'{who}: the plot {seen["t"] - plotted:.2f} s after'
            [image] = [o for o in cell_with(seen, 'ax.plot')['outputs'] if 'img' in o]
            assert image['src'] == 'data:image/png;base64,' and image['img'] != '0x0'
        state = pages.until_on('ada', having('1 / 0', lambda c: c['outputs']))
        assert [c['notebook'] for c in state['cells']] == [LESSON] * 5
        assert [c['current'] for c in state['cells']] == [False] * 4 + [True]   # where she is
        table = cell_with(state, 'pd.DataFrame')['outputs'][0]['html']
        assert '<table' in table and '<td>4</td>' in table
        error = cell_with(state, '1 / 0')['outputs'][0]
        assert error['class'] == 'error' and 'ZeroDivisionError' in error['text']
        assert '\x1b[' not in error['text']

        # No script of an output runs: the HTML is sanitised, text stays text.
        hostile = cell_with(state, 'display(HTML(')
        assert not state['ran'] and state['title'] == 'Follow the teacher'
        assert hostile['outputs'][0]['html'] == '<b>bold</b>link'
        assert hostile['outputs'][1]['text'] == '<script>window.pwned = true</script>\n'
        pages.shot('ada', 'follow')

        # No spoiler: the folded answer she never ran is nowhere, not even in the service's state.
        assert all(SPOILER not in c['code'] for c in state['cells'])
        kept = (hub.folder / 'state' / 'follow' / 'lesson.json').read_text()
        assert SPOILER not in kept and 'hello from the teacher' in kept

        # A late joiner, or a reload: the lesson so far.
        pages.send('reload grace')
        late = pages.until_on('grace', lambda s: len(s['cells']) == 5 and s['status'].startswith('Live'))
        assert [c['code'] for c in late['cells']] == CELLS

        # A phone's width: nothing wider than the screen.
        pages.send('width ada 390')
        time.sleep(1)
        phone = pages.until_on('ada', lambda s: True)
        assert not phone['wide'], 'the page is wider than a phone'
        pages.shot('ada', 'follow-phone')

        # Students only read: her posts are refused, from her kernel (her token) and her browser.
        feed = json.dumps({'events': [{'kind': 'cell', 'id': 'x', 'notebook': LESSON, 'code': 'evil'}]})
        answer = printed(ran(ada, [f"""
import os
from pokerlib.serving.hubpost import join, request
url, token = os.environ['POKERLIB_FOLLOW'], os.environ['JUPYTERHUB_API_TOKEN']
print(request('POST', join(url, 'api/feed'), {feed!r}.encode(), token=token)[0],
      request('POST', join(url, 'api/feed'), {feed!r}.encode())[0],
      request('POST', join(url, 'control'), b'paused=1', token=token,
              content_type='application/x-www-form-urlencoded')[0])
"""])[0])
        assert answer.split() == ['403', '403', '403'], answer
        ada.get('services/follow/')
        xsrf = ada.cookie('_xsrf', '/services/follow/')
        refused = ada.http.post(hub.url + 'services/follow/control', data={'paused': '1', '_xsrf': xsrf},
                                allow_redirects=False, timeout=60)
        assert refused.status_code == 403
        refused = ada.http.post(hub.url + 'services/follow/api/feed', data=feed, timeout=60)
        assert refused.status_code == 403
        assert 'evil' not in (hub.folder / 'state' / 'follow' / 'lesson.json').read_text()

        # Copy into my notebook: the link goes to her own server; the cell lands in her 05, before
        # its closing links, and the notebook opens at it.
        plot = cell_with(pages.last['ada'], 'ax.plot')
        assert plot['into'] == f'{hub.url}user/ada/pokerlib-follow/copy?cell={plot["id"]}'
        before = (hub.workspace('ada') / LESSON).read_bytes()
        other = (hub.workspace('ada') / '04-Dealing-and-hand-frequencies.ipynb').read_bytes()
        shown = ada.get(f'user/ada/pokerlib-follow/copy?cell={plot["id"]}')
        assert shown.status_code == 200 and 'ax.plot([1, 3, 2])' in shown.text
        xsrf = ada.cookie('_xsrf', '/user/ada/')          # on her server's own host, ada.localhost
        for _ in range(2):               # twice: copied once
            copied = ada.http.post(ada.address('user/ada/pokerlib-follow/copy'),
                                   data={'cell': plot['id'], '_xsrf': xsrf}, allow_redirects=False,
                                   timeout=60)
            assert copied.status_code == 302
        after = json.loads((hub.workspace('ada') / LESSON).read_text())
        old = json.loads(before)
        assert after['cells'][:-2] + after['cells'][-1:] == old['cells']
        assert old['cells'][-1]['id'] == 'nav-bottom'
        assert ''.join(after['cells'][-2]['source']) == CELLS[1]
        assert after['cells'][-2]['outputs'] == []
        assert copied.headers['Location'].endswith(f'lab/tree/{LESSON}#cell-id={after["cells"][-2]["id"]}')
        assert (hub.workspace('ada') / '04-Dealing-and-hand-frequencies.ipynb').read_bytes() == other
        # A forged copy without her server's xsrf token changes nothing.
        forged = ada.http.post(ada.address('user/ada/pokerlib-follow/copy'), data={'cell': plot['id']},
                               allow_redirects=False, timeout=60)
        assert forged.status_code == 403

        # The teacher pauses: what she runs then is never sent; she follows 05 only.
        teacher.get('services/follow/')
        xsrf = teacher.cookie('_xsrf', '/services/follow/')
        assert teacher.http.post(hub.url + 'services/follow/control', timeout=60, allow_redirects=False,
                                 data={'paused': '1', 'following': LESSON, '_xsrf': xsrf}).status_code == 302
        pages.until_on('ada', lambda s: 'paused' in s['status'])
        ran(teacher, ["print('while paused')"], LESSON)
        assert teacher.http.post(hub.url + 'services/follow/control', timeout=60, allow_redirects=False,
                                 data={'paused': '0', 'following': LESSON, '_xsrf': xsrf}).status_code == 302
        ran(teacher, ["print('in another notebook')"], '04-Dealing-and-hand-frequencies.ipynb')
        ran(teacher, ["print('after the pause')"], LESSON)
        state = pages.until_on('ada', having('after the pause', lambda c: c['outputs']))
        codes = ' '.join(c['code'] for c in state['cells'])
        assert 'while paused' not in codes and 'in another notebook' not in codes
        assert re.search(r'Following 05-Shuffling', state['status'])
    finally:
        if pages:
            pages.stop()
        hub.stop()


@pytest.mark.slow
def test_a_chinese_class_follows_in_chinese(needs_all, tmp_path):
    hub = Hub(tmp_path, ['ada'], warmup=0)
    hub.env['CLASSROOM_LANGUAGE'] = 'zh_CN'
    pages = None
    hub.start()
    try:
        pw = hub.passwords()
        teacher, ada = Student(hub.url, 'teacher', pw['teacher']), Student(hub.url, 'ada', pw['ada'])
        for person in (teacher, ada):
            assert person.log_in().status_code == 302
            person.start_server()
        # The hub's pages link the follow view on the hub's own address and port.
        home = ada.get('hub/home').content.decode('utf-8')
        assert re.search(r'<a class="dropdown-item" href="/services/follow/">\s*跟着老师\s*</a>', home), \
            re.findall(r'<a class="dropdown-item"[^>]*>[^<]*</a>', home)
        pages = Pages(hub, ['ada'])
        ran(teacher, ["print('洗牌')"], LESSON)
        state = pages.until_on('ada', having('洗牌', lambda c: c['outputs']), timeout=180)
        assert state['lang'] == 'zh-CN' and state['h1'] == '跟着老师' and state['title'] == '跟着老师'
        assert state['status'].startswith('实时') and '正在跟随 老师运行的每个笔记本' in state['status']
        assert cell_with(state, '洗牌')['buttons'] == ['复制', '复制到我的笔记本']
        assert pages.until_on('ada', lambda s: s['fonts'] == ['Noto Sans SC Course loaded'], timeout=10)
        pages.shot('ada', 'follow-zh')
        copy = ada.get(f'user/ada/pokerlib-follow/copy?cell={cell_with(state, "洗牌")["id"]}')
        assert copy.status_code == 200 and '<html lang="zh-CN">' in copy.text and '复制到我的笔记本' in copy.text
        assert '>添加到我的笔记本</button>' in copy.text     # not 复制, the clipboard button's word
        # Its button in the course's font (a form's button does not inherit the page's).
        lab = Lab(hub, 'ada', SHOTS, driver_port=0)
        try:
            state = lab.go(f'user/ada/pokerlib-follow/copy?cell={cell_with(state, "洗牌")["id"]}',
                           lambda s: s['button'] and 'Noto Sans SC Course loaded' in s['fonts'])
            assert state['button']['text'] == '添加到我的笔记本'
            assert state['button']['font'].startswith('"Noto Sans SC Course"'), state['button']
            assert 'Noto Sans SC Course' in state['code_font'], state['code_font']
            lab.do('shot copy-zh')
        finally:
            lab.stop()
    finally:
        if pages:
            pages.stop()
        hub.stop()
