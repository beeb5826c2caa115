"""The teacher's projecting copy (make lab-teacher): answers folded, a banner, nothing tracked touched.

The copy itself is checked notebook by notebook; then a real JupyterLab
serves it and headless Chromium (tools/check_lab.py, with .venv-site's
selenium) opens notebook 01 as a teacher would, unfolds a solution, runs
all cells and saves: git status must not change (`make test-slow`; its
screenshots go to build/teacher-screenshots/). Without Chromium or
.venv-site the browser test is skipped (in CI it fails instead).
"""

import json
import os
import socket
import subprocess
import time
import urllib.request
import warnings
from pathlib import Path

import nbformat
import pytest

import course
from pokerlib.serving import editions
from pokerlib.serving.workspace import source_digest, sync
from tools.editions import main
from tools.nav import notebooks

ROOT = Path(__file__).resolve().parent.parent

NOTEBOOKS = notebooks()
SITE_PYTHON = ROOT / '.venv-site' / 'bin' / 'python'
CHROMIUM = Path(os.environ.get('CHROMIUM', '/usr/bin/chromium'))
CHROMEDRIVER = Path(os.environ.get('CHROMEDRIVER', '/usr/bin/chromedriver'))
IN_CI = os.environ.get('CI', '').lower() in ('1', 'true', 'yes')


def answers(nb):
    return [c for c in nb.cells if editions.is_answer(c)]


@pytest.mark.parametrize('path', NOTEBOOKS, ids=lambda p: p.name[:2])
def test_every_answer_is_folded_and_a_banner_says_whose_edition_it_is(path):
    teacher = nbformat.read(path, as_version=4)
    copy = editions.teacher_notebook(path)
    nbformat.validate(copy)
    assert copy.cells[0].cell_type == 'markdown'
    assert copy.cells[0].source.startswith("**Teacher's edition**")
    assert copy.cells[1:] != [] and len(copy.cells) == len(teacher.cells) + 1
    folded = answers(copy)
    assert len(folded) == len(answers(teacher))
    for cell in copy.cells[1:]:
        if cell.cell_type == 'markdown' and editions.is_answer(cell):
            assert cell.source.startswith(f'<details><summary>{editions.ANSWER_SUMMARY}</summary>') and cell.source.endswith('</details>')
        hidden = cell.metadata.get('jupyter', {})
        assert hidden.get('source_hidden', False) == editions.is_answer(cell)
        assert hidden.get('outputs_hidden', False) == (
            editions.is_answer(cell) and bool(cell.get('outputs'))
            or editions.reveals_answer(cell, [editions.solution_lines(c) for c in copy.cells]))
    if path.name.startswith('01'):
        assert len(folded) >= 10      # nine solutions and the expected answers


def shown_lines(cell):
    """The lines a projected cell shows without a click: its outputs, unless folded."""
    if cell.metadata.get('jupyter', {}).get('outputs_hidden'):
        return set()
    return {line.strip() for out in cell.get('outputs', [])
            for part in (out.get('text', ''), *out.get('data', {}).values()) if isinstance(part, str)
            for line in part.splitlines() if line.strip()}


@pytest.mark.parametrize('path', NOTEBOOKS + editions.notebooks(ROOT / 'notebooks' / 'zh'),
                         ids=lambda p: p.parent.name[:2] + '-' + p.name[:2])
def test_no_output_shown_before_a_click_gives_a_solution_away(path):
    """Projected, a Your turn's answer is nowhere to be read, not even in the saved output of the
    cell that shows the library's version (01's source(hand_rank_elif) printed the whole answer)."""
    copy = editions.teacher_notebook(path)
    solutions = {i: {l.strip() for l in c.source.split(editions.BEGIN)[1].split(editions.END)[0]
                     .splitlines() if l.strip() and not l.strip().startswith('#')}
                 for i, c in enumerate(copy.cells) if editions.BEGIN in c.source}
    assert solutions
    for i, lines in solutions.items():
        for k, cell in enumerate(copy.cells):
            shown = shown_lines(cell) & lines
            assert k == i or len(shown) < max(len(lines) / 2, 1), (
                f'{path.name}: cell {k} shows {len(shown)} of the {len(lines)} lines of the '
                f'solution in cell {i}: {sorted(shown)[:3]}')
    if path.name.startswith('01'):
        lecture = next(c for c in copy.cells if c.source.endswith('source(hand_rank_elif)'))
        assert 'elif kind(4, ranks):' in editions.shown_text(lecture)      # saved, but folded
        assert not any('elif kind(4, ranks):' in line for c in copy.cells for line in shown_lines(c))



def test_the_chinese_teachers_copy_is_folded_alike_with_a_chinese_banner(tmp_path, capsys):
    """make lab-teacher-zh: teacher-zh/ from notebooks/zh, the same answers folded as in
    English, the banner and the answers' fold line in Chinese; notebooks/zh untouched."""
    zh = ROOT / 'notebooks' / 'zh'
    before = {p.name: p.read_bytes() for p in zh.glob('*.ipynb')}
    assert main(['teacher', str(tmp_path / 'teacher-zh'), '--language', 'zh_CN']) == 0
    for path in NOTEBOOKS:
        copy = nbformat.read(tmp_path / 'teacher-zh' / path.name, as_version=4)
        assert copy.cells[0].source.startswith('**教师版**')
        assert len(answers(copy)) == len(answers(nbformat.read(path, as_version=4)))
        for cell in answers(copy):
            assert cell.metadata['jupyter']['source_hidden']
            if cell.cell_type == 'markdown':
                assert cell.source.startswith('<details><summary>预期答案（点击显示）</summary>')
    assert {p.name: p.read_bytes() for p in zh.glob('*.ipynb')} == before
    with pytest.raises(SystemExit, match='will not write'):
        main(['teacher', str(zh / 'copy'), '--language', 'zh_CN'])

def test_running_and_saving_the_copy_does_not_count_as_a_change(tmp_path):
    edition, copy = tmp_path / 'edition', tmp_path / 'teacher'
    edition.mkdir()
    source = NOTEBOOKS[1]
    nbformat.write(editions.teacher_notebook(source), edition / source.name)
    sync(copy, edition, source_digest)
    nb = nbformat.read(copy / source.name, as_version=4)            # the teacher runs and saves
    for k, cell in enumerate(c for c in nb.cells if c.cell_type == 'code'):
        cell.execution_count = 100 + k
        cell.outputs = [nbformat.v4.new_output('stream', text='run in class\n')]
        cell.metadata.get('jupyter', {}).pop('source_hidden', None)    # and unfolds
    nbformat.write(nb, copy / source.name)
    nb = nbformat.read(edition / source.name, as_version=4)          # the course changes
    nb.cells[2].source += '\n\nA new sentence.'
    nbformat.write(nb, edition / source.name)
    assert sync(copy, edition, source_digest) == [
        f'updated:   {source.name} (you had not changed it)']
    assert 'A new sentence.' in (copy / source.name).read_text()
    nb = nbformat.read(copy / source.name, as_version=4)            # the teacher edits a cell
    nb.cells[2].source += ' My own note.'
    nbformat.write(nb, copy / source.name)
    nb = nbformat.read(edition / source.name, as_version=4)
    nb.cells[3].source += ' Another.'
    nbformat.write(nb, edition / source.name)
    [kept] = sync(copy, edition, source_digest)
    assert kept.startswith(f'kept:      {source.name}, with your changes')
    assert 'My own note.' in (copy / source.name).read_text()


def what_is_missing():
    if not CHROMIUM.exists() or not CHROMEDRIVER.exists():
        return (f'no headless browser: {CHROMIUM} or {CHROMEDRIVER} is missing '
                '(on Debian: apt-get install chromium chromium-driver)')
    if not SITE_PYTHON.exists():
        return 'no .venv-site (selenium): run `make site-setup` once'
    return None


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def git_status():
    return subprocess.run(['git', 'status', '--porcelain', '--untracked-files=all'], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


@pytest.mark.slow     # a JupyterLab, a kernel and a browser: about 15 s of CPU
def test_projecting_in_a_real_browser_shows_no_answer_and_changes_nothing_tracked(tmp_path):
    missing = what_is_missing()
    if missing:
        if IN_CI:
            pytest.fail(missing)
        warnings.warn(f'the teacher\'s browser test is skipped: {missing}', stacklevel=1)
        pytest.skip(missing)
    before = git_status()
    copy = tmp_path / 'teacher'
    assert main(['teacher', str(copy)]) == 0
    notebook = NOTEBOOKS[1].name
    expected = editions.teacher_notebook(NOTEBOOKS[1])
    port, token = free_port(), 'projecting'
    layouts = tmp_path / 'layouts'
    cmd = course.lab_command('teacher', ROOT / '.venv')
    cmd = [a if not a.startswith('--LabApp.workspaces_dir=') else f'--LabApp.workspaces_dir={layouts}'
           for a in cmd] + ['--no-browser', f'--port={port}', f'--ServerApp.token={token}',
                            f'--ServerApp.root_dir={copy}', '--ServerApp.port_retries=0']
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS='1', MPLBACKEND='Agg')
    server = subprocess.Popen(cmd, cwd=copy, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    base = f'http://127.0.0.1:{port}'
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f'{base}/api/status?token={token}', timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        shots = ROOT / 'build' / 'teacher-screenshots'
        done = subprocess.run([str(SITE_PYTHON), '-m', 'tools.check_lab',
                               f'{base}/?token={token}', notebook, '--screenshots', str(shots),
                               '--profile', str(tmp_path / 'chromium')],
                              capture_output=True, text=True, timeout=400, cwd=ROOT)
        assert done.returncode == 0, done.stderr[-3000:]
        report = json.loads(done.stdout)
    finally:
        server.terminate()
        try:
            _, log = server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            _, log = server.communicate()
    opened = report['opened']
    assert opened['banner'].startswith("Teacher's edition")
    assert opened['solutions_on_screen'] == [] and opened['answers_on_screen'] == []
    folded = [k for k, c in enumerate(expected.cells) if editions.is_answer(c)]
    assert opened['folded_inputs'] == folded               # every answer, and only those
    revealing = editions.revealing_cells(expected)         # 01's source(hand_rank_elif) among them
    assert revealing and set(revealing) <= set(opened['folded_outputs'])
    unfolded = report['unfolded_one']
    assert unfolded['folded_inputs'] == folded[1:]         # a click unfolds the first one
    assert unfolded['solutions_on_screen'] == folded[:1]
    after = report['after_run']             # Run All leaves the rest folded
    assert after['answers_on_screen'] == [] and after['solutions_on_screen'] == folded[:1]
    saved = nbformat.read(copy / notebook, as_version=4)
    code = [c for c in saved.cells if c.cell_type == 'code']
    assert all(c.execution_count for c in code)                    # run all, and saved
    assert not report['ran_and_saved']['dirty']
    assert git_status() == before                                  # nothing tracked changed
    assert 'without encryption' not in log                          # the kernel's warning is off
    assert list(layouts.glob('*.jupyterlab-workspace'))             # the layout stays with the folder
