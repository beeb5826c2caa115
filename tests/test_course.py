"""course.py: the course's commands without make, on both layouts of a venv."""

import os
import shlex
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import course

ROOT = Path(__file__).resolve().parent.parent


def test_programs_are_in_scripts_on_windows_and_bin_elsewhere():
    assert course.bin_dir('.venv', 'nt') == Path('.venv', 'Scripts')
    assert course.bin_dir('.venv', 'posix') == Path('.venv', 'bin')
    assert course.program('.venv', 'python', 'nt') == Path('.venv', 'Scripts', 'python.exe')
    assert course.program('.venv', 'jupyter', 'posix') == Path('.venv', 'bin', 'jupyter')


def test_each_served_folder_keeps_its_own_layout_and_root_is_allowed_only_as_root():
    commands = {folder: course.lab_command(folder, '.venv', 'posix', root=False)
                for folder in course.FOLDERS.values()}
    layouts = {next(a for a in c if a.startswith('--LabApp.workspaces_dir=')) for c in commands.values()}
    assert len(layouts) == len(course.FOLDERS) == 5           # one per folder
    assert all(str(ROOT / '.lab-layouts') in l for l in layouts)
    assert commands['teacher'][:2] == [str(Path('.venv', 'bin', 'jupyter')), 'lab']
    assert '--allow-root' not in commands['teacher']
    assert '--allow-root' in course.lab_command('teacher', '.venv', 'posix', root=True)
    windows = course.lab_command('workspace', '.venv', 'nt')
    assert windows[0] == str(Path('.venv', 'Scripts', 'jupyter.exe'))
    assert '--allow-root' not in windows


def test_setup_is_needed_until_the_stamp_is_newer_than_what_it_is_made_from(tmp_path):
    venv, root = tmp_path / 'venv', tmp_path / 'root'
    root.mkdir()
    (root / 'requirements.txt').write_text('x==1\n')
    assert course.needs_setup(venv, root)                    # no venv yet
    course.program(venv, 'python').parent.mkdir(parents=True)
    course.program(venv, 'python').write_text('')
    (venv / course.STAMP).touch()
    assert not course.needs_setup(venv, root)
    later = time.time() + 10
    os.utime(root / 'requirements.txt', (later, later))      # the requirements changed
    assert course.needs_setup(venv, root)


def test_the_settings_it_installs_are_in_the_repository():
    assert set(course.SETTINGS) <= set(course.INPUTS)
    for source in course.SETTINGS:
        assert (ROOT / source).is_file(), source


SLEEPER = textwrap.dedent('''
    import signal, sys, time
    signal.signal(signal.SIGINT, lambda *a: sys.exit(0))   # like JupyterLab: stops in its own way
    print('started', flush=True)
    time.sleep(30)
''')
DRIVER = textwrap.dedent(f'''
    import sys
    import course   # course.py, in the folder the driver runs in
    sys.exit(course.cli([], lambda argv: course.run([sys.executable, '-c', {SLEEPER!r}])))
''')


def _ctrl_c(cmd, **kwargs):
    """Run cmd in a console of its own, press Ctrl-C once it started; its status and output."""
    proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, **kwargs)
    assert proc.stdout.readline().strip().endswith('started')
    os.killpg(proc.pid, signal.SIGINT)          # as a terminal does: the whole group
    out, _ = proc.communicate(timeout=20)
    return proc.returncode, out


@pytest.mark.skipif(os.name != 'posix', reason='sends SIGINT to a process group')
def test_ctrl_c_stops_a_command_quietly_with_status_130():
    env = {k: v for k, v in os.environ.items() if not k.startswith('MAKE')}
    status, out = _ctrl_c([sys.executable, '-c', DRIVER], env=env, cwd=ROOT)
    assert (status, out) == (130, '')


@pytest.mark.skipif(os.name != 'posix' or not any(
    os.access(os.path.join(p, 'make'), os.X_OK) for p in os.environ.get('PATH', '').split(os.pathsep)),
    reason='needs make and process groups')
def test_ctrl_c_under_make_adds_no_interrupt_line(tmp_path):
    (tmp_path / 'driver.py').write_text(DRIVER)
    shutil.copy(ROOT / 'course.py', tmp_path)
    (tmp_path / 'Makefile').write_text(f'lab:\n\t@{shlex.quote(sys.executable)} driver.py\n')  # (a folder with a space)
    status, out = _ctrl_c(['make', '--no-print-directory', 'lab'], cwd=tmp_path)
    assert out == '', out                      # no "make: *** [Makefile:2: lab] Interrupt"
    assert status == -signal.SIGINT            # make itself stops as Ctrl-C says


def test_a_lab_command_serves_on_the_port_asked_for_and_only_there():
    command = course.lab_command('workspace', '.venv', 'posix', root=False, port=8890)
    assert '--ServerApp.port=8890' in command
    assert '--ServerApp.port_retries=0' in command          # busy: say so, don't wander off
    assert not any('port' in a for a in course.lab_command('workspace', '.venv', 'posix', root=False))
    assert course.lab_options(['--port', '8890']) == {'port': 8890}
    assert course.lab_options(['--port=8891']) == {'port': 8891}
    assert course.lab_options([]) == {}


@pytest.mark.parametrize('args, words', [
    (['--port', 'eighty'], "'eighty'"), (['--port', '70000'], "'70000'"),
    (['--port'], "'--port'"), (['--prot', '8890'], "'--prot'")])
def test_a_bad_port_is_refused_in_one_line_before_anything_runs(args, words, capsys, monkeypatch):
    monkeypatch.setattr(course, 'setup', lambda **_: pytest.fail('set up despite a bad option'))
    assert course.main(['lab', *args]) == 2
    err = capsys.readouterr().err
    assert err.count('\n') == 1 and words in err, err


def test_make_lab_passes_its_port_to_course_py_and_course_py_to_jupyterlab(monkeypatch):
    ran = []
    monkeypatch.setattr(course, 'setup', lambda **_: 0)
    monkeypatch.setattr(course, 'editions', lambda what, folder: 0)
    monkeypatch.setattr(course, 'run', lambda cmd, cwd=None, env=None: ran.append(cmd) or 0)
    assert course.main(['lab-edit', '--port', '8890']) == 0
    assert '--ServerApp.port=8890' in ran[-1]
    if shutil.which('make'):
        dry = subprocess.run(['make', '-n', '--no-print-directory', 'lab', 'lab-teacher', 'PORT=8890'],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout
        assert dry.count('course.py lab --port 8890') == 1, dry
        assert dry.count('course.py lab-teacher --port 8890') == 1, dry
        plain = subprocess.run(['make', '-n', '--no-print-directory', 'lab'], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout
        assert '--port' not in plain


def test_the_chinese_lab_commands_are_course_py_s_and_make_calls_them(monkeypatch, capsys):
    """lab-zh: the Chinese workspace, JupyterLab's settings and config folders of the course in
    Chinese (its language and font), custom.css on; make lab-zh runs exactly that."""
    ran, made, set_up = [], [], []
    monkeypatch.setattr(course, 'setup', lambda **_: 0)
    monkeypatch.setattr(course, 'editions', lambda *args: made.append(args) or 0)
    monkeypatch.setattr(course, 'lab_setup', lambda chinese: set_up.append(chinese) or 0)
    monkeypatch.setattr(course, 'run', lambda cmd, cwd=None, env=None: ran.append((cmd, cwd, env)) or 0)
    assert course.main(['lab-zh', '--port', '9501']) == 0
    assert 'JupyterLab 正在启动' in capsys.readouterr().out        # said in the course's language
    assert course.main(['lab-teacher-zh']) == 0
    assert course.main(['lab']) == 0
    assert 'JupyterLab is starting' in capsys.readouterr().out.splitlines()[-1]
    assert made == [('workspace', 'workspace-zh', 'zh_CN'), ('teacher', 'teacher-zh', 'zh_CN'),
                    ('workspace', 'workspace', None)]
    assert set_up == [True, True, False]         # the font for all, the language for lab-zh
    (zh, zh_cwd, zh_env), (_, teacher_cwd, _), (en, _, en_env) = ran
    assert zh_cwd == course.ROOT / 'workspace-zh' and teacher_cwd == course.ROOT / 'teacher-zh'
    assert '--LabApp.custom_css=True' in zh and '--ServerApp.port=9501' in zh
    assert '--LabApp.custom_css=True' in en                 # the English 00 has Chinese too
    assert zh_env['JUPYTERLAB_SETTINGS_DIR'] == str(course.VENV / course.ZH_SETTINGS)
    assert zh_env['JUPYTER_CONFIG_DIR'] == en_env['JUPYTER_CONFIG_DIR'] == str(course.VENV / course.LAB_CONFIG)
    assert en_env['JUPYTERLAB_SETTINGS_DIR'] != zh_env['JUPYTERLAB_SETTINGS_DIR']
    if shutil.which('make'):
        dry = subprocess.run(['make', '-n', '--no-print-directory', 'lab-zh', 'lab-teacher-zh',
                              'PORT=9502'], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        assert dry.splitlines() == ['python3 course.py lab-zh --port 9502',
                                    'python3 course.py lab-teacher-zh --port 9502'], dry


@pytest.mark.skipif(not course.program(course.VENV, 'python').exists(), reason='needs .venv')
def test_the_lab_setup_puts_the_font_and_in_chinese_the_language_into_the_venv(tmp_path):
    venv = tmp_path / 'venv'
    (course.bin_dir(venv)).mkdir(parents=True)
    python = course.program(venv, 'python')               # the course's own, under the venv's name
    python.write_text(f'#!/bin/sh\nexec {shlex.quote(str(course.program(course.VENV, "python")))} "$@"\n')
    python.chmod(0o755)
    assert course.lab_setup(venv) == 0
    custom = venv / course.LAB_CONFIG / 'custom'
    assert sorted(p.name for p in custom.iterdir()) == ['NotoSansSC-Course.otf', 'custom.css']
    settings = venv / course.ZH_SETTINGS / '@jupyterlab/translation-extension/plugin.jupyterlab-settings'
    assert not settings.exists()                           # English: your own settings
    assert course.lab_setup(venv, chinese=True) == 0
    assert '"locale": "zh_CN"' in settings.read_text()
    env = course.lab_env(venv, {'PATH': '/bin'}, chinese=True)
    assert env == {'PATH': '/bin', 'JUPYTERLAB_SETTINGS_DIR': str(venv / course.ZH_SETTINGS),
                   'JUPYTER_CONFIG_DIR': str(venv / course.LAB_CONFIG)}
    assert course.lab_env(venv, {'JUPYTER_CONFIG_DIR': '/mine'})['JUPYTERLAB_SETTINGS_DIR'] == \
        str(Path('/mine/lab/user-settings'))


@pytest.mark.slow
@pytest.mark.skipif(not course.program(course.VENV, 'jupyter').exists(), reason='needs .venv')
def test_jupyterlab_serves_on_the_port_asked_for(tmp_path):
    import json
    import socket
    import urllib.request
    with socket.socket() as s:                       # a port nobody uses
        s.bind(('127.0.0.1', 0))
        port = s.getsockname()[1]
    cmd = course.lab_command(tmp_path, port=port) + ['--no-browser', '--ip=127.0.0.1']
    proc = subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        deadline = time.time() + 90
        while True:
            try:
                with urllib.request.urlopen(f'http://127.0.0.1:{port}/api', timeout=2) as r:
                    assert 'version' in json.load(r)
                    break
            except OSError:
                assert proc.poll() is None and time.time() < deadline, proc.stderr.read()[-2000:]
                time.sleep(0.5)
        # the port is taken now: a second JupyterLab on it says so and stops, it doesn't move
        second = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=90)
        assert second.returncode != 0 and f'port {port} is not available' in second.stderr
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def test_course_py_speaks_chinese_for_the_chinese_course_and_in_a_chinese_shell(monkeypatch):
    # course.py runs before the library is installed: it reads what it prints (its usage, its
    # errors, the lines on the way to JupyterLab) from the library's compiled catalog.
    import ast
    import re
    from pokerlib.i18n import translator
    tree = ast.parse(Path(course.__file__).read_text(encoding='utf-8'))
    said = {node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, 'id', None) in ('say', 'N_')
            and node.args and isinstance(node.args[0], ast.Constant)}
    assert course.USAGE in said and len(said) >= 7
    for key in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES'):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv('LANG', 'C.UTF-8')
    for line in said:
        chinese = course.say(line, chinese=True)
        assert chinese == translator('zh_CN')(line) != line and course.say(line) == line
        names = re.sub(r'\{\w+\}|pokerlib|JupyterLab|Python|Ctrl-C|\.venv|python|course\.py|make|lab|setup|'
                       r'progress|test-slow|test|pytest|student|teacher|workspace|zh|edit|notebooks|'
                       r'Makefile|Windows|py|port|git|venv|N', ' ', chinese)
        assert not re.search('[A-Za-z]{2,}', names), chinese
    monkeypatch.setenv('LANG', 'zh_CN.UTF-8')                    # a Chinese shell: every command
    assert course.say(course.USAGE) == translator('zh_CN')(course.USAGE)
