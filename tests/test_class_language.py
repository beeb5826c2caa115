"""The class in the course's language: the grade's page, progress, the hub's words (issue 31).

Fast: no hub and no browser here (tests/test_cjk_glyphs.py has them, slow).
"""

import gettext
import json
import re
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from babel.messages.extract import extract_from_dir

from pokerlib import grading
from pokerlib.cli import main
from pokerlib.i18n import set_language

ROOT = Path(__file__).resolve().parent.parent
CLASSROOM = ROOT / 'classroom'
ROWS = [{'student': 'ann', 'notebook': '01', 'exercise': 'flush', 'status': 'pass',
         'seconds': 0.1, 'report': '✓ flush：通过'},
        {'student': 'ann', 'notebook': '01', 'exercise': 'kind', 'status': 'fail',
         'seconds': 0.2, 'report': '✗ kind'}]


@pytest.fixture
def english():
    yield
    set_language('en')


def notebook(folder, name, first_line):
    folder.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(first_line)])
    nbformat.write(nb, folder / name)
    return folder / name


def test_the_grade_page_speaks_the_librarys_language(tmp_path, english):
    grading.write_html(ROWS, tmp_path / 'en.html')
    set_language('zh_CN')
    grading.write_html(ROWS, tmp_path / 'zh.html')
    en, zh = (tmp_path / 'en.html').read_text(), (tmp_path / 'zh.html').read_text()
    assert '<html lang="en">' in en and '<h1>Grades</h1>' in en and '>student</th>' in en
    assert '✓ pass</summary>' in en and '✗ wrong answer</summary>' in en
    assert '<html lang="zh-CN">' in zh and '<title>成绩</title>' in zh and '<h1>成绩</h1>' in zh
    assert '>学生</th>' in zh and '>通过数</th>' in zh
    assert '✓ 通过</summary>' in zh and '✗ 答案不对</summary>' in zh
    assert '✓ 通过 · ✗ 答案不对' in zh                         # the legend
    prose = re.sub(r'<[^>]+>|<style>.*?</style>', ' ', zh.split('</head>')[1], flags=re.S)
    assert not re.findall(r'\b(?!ann\b|flush\b|kind\b)[A-Za-z]{3,}\b', prose), prose


def test_the_notebooks_say_their_language(tmp_path):
    en = notebook(tmp_path / 'en', '01-Hands-and-hand_rank.ipynb', 'import pokerlib')
    zh = notebook(tmp_path / 'zh' / 'ada', '01-Hands-and-hand_rank.ipynb',
                  "from pokerlib.i18n import set_language; set_language('zh_CN')   # 中文")
    assert grading.notebook_language([en]) == 'en'
    assert grading.notebook_language([tmp_path / 'zh']) == 'zh_CN'   # a class's folder
    assert grading.notebook_language([en, zh]) == 'zh_CN'


def test_progress_looks_at_both_workspaces_each_in_its_language(tmp_path, monkeypatch, capsys, english):
    notebook(tmp_path / 'workspace', '01-Hands-and-hand_rank.ipynb', 'import pokerlib')
    notebook(tmp_path / 'workspace-zh', '01-Hands-and-hand_rank.ipynb',
             "from pokerlib.i18n import set_language; set_language('zh_CN')")
    ran = []

    def grade(paths, *args, **kwargs):
        ran.append([Path(p).parent.name for p in paths])
        return [{'notebook': '01', 'exercise': 'flush', 'status': 'pass'},
                {'notebook': '01', 'exercise': 'kind', 'status': 'fail'}]
    monkeypatch.setattr(grading.batch, 'grade', grade)
    monkeypatch.chdir(tmp_path)
    assert main(['progress']) == 0
    assert ran == [['workspace'], ['workspace-zh']]
    assert capsys.readouterr().out.splitlines() == [
        'Running your 1 notebooks in workspace (nothing is changed)...',
        '01: 1 of 2 passed  (to do: ✗ kind)',
        '正在运行 workspace-zh 里你的 1 个笔记本（不会改动它们）……',
        '01：2 道里通过了 1 道  （还要做：✗ kind）']
    assert main(['progress', 'workspace', '--language', 'zh_CN']) == 0
    assert ran[-1] == ['workspace'] and '01：2 道里通过了 1 道' in capsys.readouterr().out
    (tmp_path / 'workspace').rename(tmp_path / 'elsewhere')
    (tmp_path / 'workspace-zh').rename(tmp_path / 'elsewhere-zh')
    assert main(['progress']) == 1                           # neither: the one-line error
    assert 'workspace' in capsys.readouterr().err


def test_every_word_of_the_hubs_pages_is_in_the_classroom_catalog():
    """Extracted as a translator would (classroom/babel.cfg), each has Chinese, and the .mo is current."""
    method_map = [(line[1:-1].split(': ')[1], line[1:-1].split(': ')[0])     # as babel.cfg says
                  for line in (CLASSROOM / 'babel.cfg').read_text().splitlines() if line.startswith('[')]
    assert ('board.py', 'python') in method_map and ('jupyterhub_config.py', 'python') in method_map
    found = {message for _, _, message, *_ in
             extract_from_dir(CLASSROOM, method_map, keywords={'tr': None, 'N_': None})}
    assert {'Sign in', 'Username:', 'Password:', 'Logout', 'gradebook',
            'Your name and the password your teacher gave you.'} <= found
    words = gettext.translation('classroom', CLASSROOM / 'locale', languages=['zh_CN'])
    missing = sorted(m for m in found if words.gettext(m) == m)
    assert not missing, f'no Chinese in classroom.mo for {missing} (pybabel compile, see babel.cfg)'
    from pokerlib.serving.fonts import has_glyphs
    assert has_glyphs(''.join(words.gettext(m) for m in found))    # the course's font draws them


def test_the_hubs_config_for_each_language(tmp_path):
    """The font for every class; the language pack's locale, the hub's templates and words in Chinese."""
    from classroom import chinese
    venv = tmp_path / 'venv'
    (venv / 'share' / 'jupyter' / 'lab' / 'settings').mkdir(parents=True)
    (venv / 'share' / 'jupyter' / 'lab' / 'settings' / 'overrides.json').write_text('{"a": {"b": 1}}')
    configs = {}
    for language in ('en', 'zh_CN'):
        c = SimpleNamespace(Spawner=SimpleNamespace(args=['--x'], environment={'PATH': '/bin'}),
                            JupyterHub=SimpleNamespace(template_vars={'announcement_login': 'hi'}))
        chinese.configure(c, language, venv)
        configs[language] = c
    en, zh = configs['en'], configs['zh_CN']
    config = str(venv / 'etc' / 'jupyter-course')
    assert en.Spawner.args == ['--x', '--LabApp.custom_css=True']
    assert en.Spawner.environment == {'PATH': '/bin', 'JUPYTER_CONFIG_DIR': config}
    assert not hasattr(en.JupyterHub, 'template_paths')
    assert sorted(p.name for p in (venv / 'etc' / 'jupyter-course' / 'custom').iterdir()) == \
        ['NotoSansSC-Course.otf', 'custom.css']
    assert (venv / 'etc' / 'jupyter-course' / 'migrated').exists()   # read-only in her sandbox: never written there
    settings = venv / 'share' / 'jupyter' / 'lab' / 'settings-zh'
    assert zh.Spawner.args == ['--x', '--LabApp.custom_css=True', f'--LabApp.app_settings_dir={settings}']
    assert zh.Spawner.environment == {'PATH': '/bin', 'JUPYTER_CONFIG_DIR': config, 'LANGUAGE': 'zh_CN'}
    assert json.loads((settings / 'overrides.json').read_text()) == {
        'a': {'b': 1}, '@jupyterlab/translation-extension:plugin': {'locale': 'zh_CN'}}
    assert zh.JupyterHub.template_paths == [str(CLASSROOM / 'templates-zh')]
    assert zh.JupyterHub.template_vars['announcement_login'] == '用你的名字和老师给你的密码登录。'
    assert zh.JupyterHub.template_vars['tr'](None)('Sign in') == '登录'   # called with the user first
    assert zh.JupyterHub.template_vars['statuses'][404] == 'Not Found'   # tr makes it 找不到页面
    assert (venv / 'share' / 'jupyterhub' / 'static' / 'pokerlib' / 'NotoSansSC-Course.otf').exists()


@pytest.mark.parametrize('service, heading, least', [('gradebook.py', '<h1>成绩册</h1>', 10),
                                                     ('follow.py', '<h1>跟着老师</h1>', 3)])
def test_every_unit_of_a_services_page_has_chinese(service, heading, least):
    """The service's PAGE (read from the file: the services need the hub's venv) translated unit by
    unit: a sentence added to the page without its Chinese fails here."""
    import ast
    from classroom import chinese
    tree = ast.parse((CLASSROOM / service).read_text(encoding='utf-8'))
    [page] = [ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
              and [getattr(t, 'id', None) for t in node.targets] == ['PAGE']]
    tr = chinese.translated('zh_CN')
    units = chinese.units(page)
    assert len(units) >= least
    assert [u for u in units if tr(u) == u] == []
    shown = chinese.page_for(page, 'zh_CN')
    assert '<html lang="zh-CN">' in shown and heading in shown and 'NotoSansSC-Course.otf' in shown
    assert set(re.findall(r'\{\w*\}', shown)) == set(re.findall(r'\{\w*\}', page))   # every field kept
    assert chinese.page_for(page, 'en') == page
    fields = {name: 'x' for name in re.findall(r'\{(\w+)\}', page)}
    assert '@font-face {' in shown.format(**fields)                # still a format string


def test_the_chinese_login_page_has_jupyterhubs_show_password_button_in_chinese():
    """Issue 52: the button JupyterHub's English login page has (its ids, its icon, its script),
    its title and its label in Chinese, the words it switches to in the page's script. Rendered
    here with the block it fills (the hub's own page: tests/test_cjk_glyphs.py presses it)."""
    import jinja2
    from classroom import chinese
    loader = jinja2.ChoiceLoader([
        jinja2.FileSystemLoader(str(CLASSROOM / 'templates-zh')),
        jinja2.DictLoader({'templates/login.html': '{% block login_container %}{% endblock %}'})])
    page = jinja2.Environment(loader=loader).get_template('login.html').render(
        tr=chinese.translated('zh_CN'), authenticator_login_url='/hub/login', xsrf='x', username='')
    button = re.search(r'<button type="button" id="toggle_password_visibility"[^>]*>', page).group()
    assert 'aria-controls="password_input"' in button and 'aria-pressed="false"' in button
    assert 'title="显示密码"' in button and 'aria-label="显示密码"' in button
    assert '<i class="fa fa-eye" aria-hidden="true"></i>' in page
    script = page[page.index('<script>'):page.index('</script>')]
    assert json.dumps('隐藏密码') in script and json.dumps('显示密码') in script   # (as tojson writes them)
    assert 'password.type = hidden ? "text"' in script
    assert 'Show password' not in page and 'Hide password' not in page


def test_the_copy_pages_button_draws_its_chinese_in_the_course_font():
    """Issue 52: her server's "copy into my notebook" page (pokerlib.serving.follow) has one button,
    复制; a browser gives a button its own font unless told to inherit, and its own font has no
    Chinese on a machine without one (empty boxes). It inherits the page's, which custom.css
    (served with the course's font) makes the course's first."""
    from pokerlib.serving.fonts import FAMILY, LAB_CSS
    from pokerlib.serving.follow import ADD, PAGE
    from pokerlib.i18n import translator
    assert translator('zh_CN')(ADD) == '添加到我的笔记本'     # the button's word, from the catalog
    style = PAGE[PAGE.index('<style>'):PAGE.index('</style>')]
    button = re.search(r'\bbutton \{\{([^}]*)\}\}', style).group(1)
    assert 'font: inherit' in button
    assert 'font-family: var(--jp-ui-font-family' in re.search(r'body \{\{([^}]*)\}\}', style).group(1)
    css = LAB_CSS.read_text(encoding='utf-8')
    assert re.search(rf'--jp-ui-font-family: "{FAMILY}",', css)
