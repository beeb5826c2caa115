"""No empty boxes for Chinese, on a machine without a CJK font (slow: real servers and Chromium).

tools/cjk_glyphs.py opens a page in headless Chromium with every CJK font of
the machine hidden (a fontconfig file), draws each Chinese character of the
page in its element's font and compares it with a character no font has:
the same pixels are an empty box. Here: make lab-zh's JupyterLab (05, run
to its dropdown), the English 00's glossary in make lab's JupyterLab, a
Chinese class on the hub (its login page and a student's JupyterLab), and the
website's pages. Screenshots go to build/glyphs/ to look at. Without
Chromium, its driver or .venv-site, these tests are skipped (in CI they fail).
"""

import html
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
import requests

import course

ROOT = Path(__file__).resolve().parent.parent
SITE_PYTHON = ROOT / '.venv-site' / 'bin' / 'python'
SHOTS = ROOT / 'build' / 'glyphs'
IN_CI = os.environ.get('CI', '').lower() in ('1', 'true', 'yes')
PORTS = iter(range(9540, 9560))          # this test's ports (the hub takes five from 9530)
MENUS_ZH = ['文件', '编辑', '查看', '运行', '内核', '标签页', '设置', '帮助']
MENUS_EN = ['File', 'Edit', 'View', 'Run', 'Kernel', 'Tabs', 'Settings', 'Help']
pytestmark = pytest.mark.slow


@pytest.fixture(scope='module', autouse=True)
def needs_browser():
    missing = [what for what, there in [
        ('.venv-site (make site-setup)', SITE_PYTHON.exists()),
        ('chromium and chromium-driver', shutil.which('chromium') and shutil.which('chromedriver')),
        ('.venv (make setup)', course.program(course.VENV, 'jupyter').exists())] if not there]
    if missing:
        (pytest.fail if IN_CI else pytest.skip)('needs ' + ', '.join(missing))
    SHOTS.mkdir(parents=True, exist_ok=True)


def look(url, shot, *options) -> dict:
    """tools.cjk_glyphs' report on url (in .venv-site, where selenium is)."""
    done = subprocess.run([str(SITE_PYTHON), '-m', 'tools.cjk_glyphs', url, '--shot', str(SHOTS / shot),
                           '--driver-port', str(next(PORTS)), *options],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def wait_for(url, seconds=120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if requests.get(url, timeout=5).status_code < 500:
                return
        except requests.ConnectionError:
            pass
        time.sleep(0.5)
    raise AssertionError(f'{url} did not answer in {seconds} s')


class Lab:
    """course.py's JupyterLab (as make lab / make lab-zh run it) on a copy of an edition."""

    def __init__(self, folder, chinese):
        self.port, self.token = next(PORTS), 'glyphs-test-token'
        python = course.program(course.VENV, 'python')
        edition = ['--language', 'zh_CN'] if chinese else []
        subprocess.run([python, '-m', 'tools.editions', 'workspace', folder, *edition],
                       cwd=ROOT, check=True, capture_output=True)
        assert course.lab_setup(chinese=chinese) == 0
        env = dict(course.lab_env(chinese=chinese), JUPYTER_TOKEN=self.token, BROWSER='true')
        self.process = subprocess.Popen(course.lab_command(folder, port=self.port, chinese=chinese),
                                        cwd=folder, env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        wait_for(f'http://127.0.0.1:{self.port}/api/status?token={self.token}')

    def url(self, notebook):
        return f'http://127.0.0.1:{self.port}/lab/tree/{notebook}?token={self.token}'

    def stop(self):
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=60)


def test_make_lab_zh_draws_every_chinese_character_and_its_menus_are_chinese(tmp_path):
    lab = Lab(tmp_path / 'workspace-zh', chinese=True)
    try:
        report = look(lab.url('05-Shuffling.ipynb'), 'lab-zh-05.png', '--lab',
                      '--run-all', '运行', '运行所有单元格')
    finally:
        lab.stop()
    assert report['menus'] == MENUS_ZH
    assert report['bad'] == [] and report['checked'] > 300, report['bad'][:10]
    assert report['screen']['bad'] == [] and report['screen']['checked'] > 30, report['screen']['bad'][:5]
    # the dropdown of explore_shuffles, its options drawn in the course's font (measured too)
    assert 'shuffle3 (讲座：shuffle2)' in report['found'], report['found']


def test_the_english_00_draws_its_glossarys_chinese(tmp_path):
    lab = Lab(tmp_path / 'workspace', chinese=False)
    try:
        report = look(lab.url('00-Contents.ipynb'), 'lab-en-00.png', '--lab', '--find', '同花顺')
    finally:
        lab.stop()
    assert report['menus'] == MENUS_EN
    assert '同花顺' in report['found']           # the glossary's Chinese column, scrolled to
    assert report['bad'] == [] and report['checked'] >= 15, report['bad'][:10]
    assert report['screen']['bad'] == [] and report['screen']['checked'] >= 10, report['screen']


def test_a_chinese_class_on_the_hub_draws_every_chinese_character(tmp_path):
    from tools.classroom.simulate import HUB, PROXY, Hub
    if not (HUB.exists() and PROXY.exists() and shutil.which('node')):
        (pytest.fail if IN_CI else pytest.skip)('needs make classroom-setup and node')
    hub = Hub(tmp_path, ['ada'], warmup=0)             # its ports: CLASSROOM_TEST_PORTS's
    hub.env.update(CLASSROOM_LANGUAGE='zh_CN')
    try:
        try:
            hub.start(timeout=240)
        except requests.exceptions.ReadTimeout:      # a loaded machine: the hub is still starting
            wait_for(hub.url + 'hub/health', 240)
        report = look(hub.url + 'hub/login', 'hub-zh-lab.png', '--lab',
                      '--login', 'ada', hub.passwords()['ada'])
        from tools.classroom.simulate import Student
        ada = Student(hub.url, 'ada', hub.passwords()['ada'])
        ada.log_in()
        home, missing = ada.get('hub/home'), ada.get('hub/no-such-page')
        token = ada.get('hub/token').content.decode('utf-8')
        refused = ada.get('services/gradebook/')
        admin = look(hub.url + 'hub/login?next=' + quote('/hub/admin'), 'hub-zh-admin.png',
                     '--login', 'teacher', hub.passwords()['teacher'])
        teacher = Student(hub.url, 'teacher', hub.passwords()['teacher'])
        teacher.log_in()
        book = teacher.get('services/gradebook/')
    finally:
        hub.stop()
    # Her token page: JupyterHub's words are none of it (her server's own token is listed),
    # and the error dialog every page hides is said in Chinese by the page's script.
    assert '生成新令牌' in token and '你的令牌' in token and '你在 /user/ada/ 的 JupyterLab' in token
    for english in ('API Token', 'Note</', 'Permissions', 'Never', 'Server at ', 'revoke<',
                    'You can configure', 'Last used'):
        assert english not in token, english
    assert json.dumps('出错了') in token and json.dumps('确定') in token     # (as its script says them)
    # Her other pages of the hub in Chinese too: home (start or stop her server), not found.
    home, page = home.content.decode('utf-8'), missing.content.decode('utf-8')
    assert '停止我的服务器' in home and 'My Server' not in home and '主页' in home   # her lab runs
    assert missing.status_code == 404 and '404 : 找不到页面' in page
    assert '这个地址上没有页面' in page and 'Not Found' not in page and 'None' not in page
    # A student who opens the gradebook is told in Chinese whose page it is (was JupyterHub's
    # "You do not have permission to access JupyterHub service gradebook").
    refused_text = words(refused.content.decode('utf-8'))
    assert refused.status_code == 403 and '你不能打开这个页面（成绩册）：它是老师的。' in refused_text
    # No English on her pages, nor on the teacher's gradebook, beyond names and code.
    for shown in (words(home), words(page), refused_text):
        assert english_words(shown) == [], shown
    assert book.status_code == 200 and '成绩册' in words(book.content.decode('utf-8'))
    assert english_words(words(book.content.decode('utf-8'))) == [], words(book.content.decode('utf-8'))
    assert '；' in words(book.content.decode('utf-8')) and '通过; ' not in book.text   # its legends' punctuation
    login = report['login']
    assert english_words(login['text']) == []
    # The teacher's admin page (JupyterHub's own script, in English): its Chinese menu drawn,
    # not as empty boxes (its script's CSS had put the system's fonts back).
    assert admin['bad'] == [] and admin['screen']['bad'] == [], (admin['bad'][:5], admin['screen'])
    assert admin['checked'] >= 4, admin
    assert login['submit'] == '登录' and login['lang'] == 'zh-CN'
    assert '用你的名字和老师给你的密码登录。' in login['text'] and '用户名' in login['text']
    assert login['bad'] == [] and login['checked'] >= 10, login['bad']
    # JupyterHub's show-password button, in Chinese: it shows the password, then hides it again
    assert login['toggle'] == [['password', '显示密码', 'false'], ['text', '隐藏密码', 'true'],
                               ['password', '显示密码', 'false']], login['toggle']
    assert login['screen']['bad'] == [] and login['screen']['checked'] >= 3, login['screen']
    assert report['menus'] == MENUS_ZH
    assert report['bad'] == [] and report['checked'] > 300, report['bad'][:10]
    assert report['screen']['bad'] == [] and report['screen']['checked'] > 30, report['screen']['bad'][:5]
    assert '目录' in report['text']                      # the Chinese edition's 00


NAMES = {'ada', 'teacher', 'JupyterHub', 'JupyterLab', 'JavaScript', 'check', 'grade', 'SyntaxError', 'NameError',
         'copydetect', 'Canvas', 'Moodle', 'CSV', 'csv', 'grades', 'attempts', 'lms'}
"""Words a Chinese class's pages may show in English: names (of people, programs, errors, files)."""


def words(page: str) -> str:
    """What a page shows in words: its HTML less its scripts, styles and tags, and less the two
    parts of JupyterHub's page outside any template block, which a Chinese page never shows
    as they are: its error dialog (its page's script says it in Chinese, as the token page's
    test sees) and its "requires JavaScript" (hidden by its CSS, ours shown instead)."""
    assert '<div id="noscript">' not in page or '#noscript { display: none; }' in page
    page = re.sub(r'<div id="noscript">.*?</div>', ' ', page, flags=re.S)
    page = re.sub(r'<div class="modal fade".*?(?=<script)', ' ', page, flags=re.S)
    page = re.sub(r'<(script|style)\b.*?</\1>', ' ', page, flags=re.S | re.I)
    return html.unescape(re.sub(r'<[^>]+>', ' ', page))


def english_words(text: str) -> list:
    """The English words in text, beyond NAMES."""
    return [w for w in re.findall(r'[A-Za-z][A-Za-z_]+', text) if w not in NAMES]


def test_the_website_draws_every_chinese_character_and_its_chinese_footer(tmp_path):
    """The English 00 (its glossary's column, the 中文版 link), the Chinese 00 with its footer
    in Chinese, and the Chinese 05 (synthetic bold allowed: the face is a regular one)."""
    build = subprocess.run([str(SITE_PYTHON), '-m', 'tools.build_site', '--out', str(tmp_path)],
                           cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stderr[-3000:]
    port = next(PORTS)
    server = subprocess.Popen([sys.executable, '-m', 'http.server', str(port), '--bind', '127.0.0.1',
                               '--directory', str(tmp_path / 'html')],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f'http://127.0.0.1:{port}/'
        wait_for(url + '00-Contents.html')
        pages = {'en-00': look(url + '00-Contents.html', 'site-en-00.png', '--find', '同花顺'),
                 'en-00-link': look(url + '00-Contents.html', 'site-en-00-link.png', '--find', '中文版'),
                 'zh-00': look(url + 'zh/00-Contents.html', 'site-zh-00.png', '--find', 'Norvig 的课程'),
                 'zh-05': look(url + 'zh/05-Shuffling.html', 'site-zh-05.png')}
    finally:
        server.terminate()
        server.wait()
    for name, page in pages.items():
        assert page['bad'] == [] and page['screen']['bad'] == [], (name, page['bad'][:5], page['screen'])
        assert page['checked'] >= 1 and page['screen']['checked'] >= 1, name
    assert '同花顺' in pages['en-00']['found'] and '中文版' in pages['en-00-link']['found']
    assert '扑克程序和它的设计都出自' in pages['zh-00']['found']       # the footer, in Chinese
    assert pages['zh-05']['checked'] > 300
