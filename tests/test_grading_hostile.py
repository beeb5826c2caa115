"""A hostile class through `pokerlib grade`: every attack on the grader, and the sandbox holds (slow).

Students of notebook 01, graded together (two at a time) in bubblewrap:

- ``honest``: the teacher's edition (every exercise right), with a FIFO, a
  ``(course update)`` copy beside it;
- ``winner``: no cell but ``win()``, which defines every exercise right
  (the teacher's own cells): the control that shows ``win()`` is worth full
  marks, so that ``mallory`` passing nothing means every attack failed;
- ``mallory``: the same ``win()``, called only when an attack succeeds (and a
  wrong ``flush`` at the end, once every attack cell has run to its end): she
  reads another student's notebook (and the class folder), adds rows to every
  result file she can find in /tmp, leaves a detached process that rewrites
  the final CSV after the grader exits, writes into the course's data and
  the pokerlib package, connects to a listener of this test on 127.0.0.1,
  reads the grader's environment for a token, spawns 200 processes, fills
  8 GB of memory and SIGSTOPs the grader; and a link to honest's notebook;
- ``forger``: replaces ``pokerlib.grading.judge`` and ``pokerlib.practice.check``
  in a cell, and gets nothing: the verdicts come from a judge her kernel cannot
  reach (the grader's worker), never from anything the kernel prints.
- ``patcher``: switches off, in her kernel, every part of pokerlib that guards a check
  (``guard.guard`` and what it calls, ``is_course_function``), then writes each function as
  a wrapper of the course's, or a copy of its code: she passes none of them, since the
  grader runs her functions in a fresh runner that never saw her kernel (issue 39, item 3).
- students whose folders are named like formulas and markup.
"""

import csv
import hashlib
import shutil
import tempfile
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import nbformat
import pytest

import pokerlib
from pokerlib import grading
from pokerlib.serving import sandbox
from pokerlib.grading import notebooks, tables
from pokerlib.cli import main

ROOT = Path(__file__).resolve().parent.parent
TEACHER_01 = ROOT / 'notebooks' / '01-Hands-and-hand_rank.ipynb'
EXERCISES_01 = [f for f, _ in grading.lesson_exercises()['01']]
NAMES = ['=HYPERLINK("evil.example","click")', '@SUM(A1)', '<img src=x onerror=alert(1)>',
         '-2+3 bell\x07\x1b[2J']
TOKEN = 'pokerlib-hostile-' + str(os.getpid())
SECRET = 'hub-token-that-no-student-may-read'

IN_CI = os.environ.get('CI', '').lower() in ('1', 'true', 'yes')
pytestmark = [pytest.mark.slow,     # .ci/run installs bwrap: never skipped there
              pytest.mark.skipif(not IN_CI and sandbox.problem() is not None,
                                 reason=f'no sandbox here: {sandbox.problem()}')]


def _win_source():
    """A function win() that defines 01's functions right: the teacher's own cells, her
    definitions last (so that none of them is the course's imported version)."""
    nb = nbformat.read(TEACHER_01, as_version=4)
    cells = [c.source for c in nb.cells if c.cell_type == 'code' and not notebooks._only_checks(c.source)]
    cells += [c for c in cells if c.lstrip().startswith('def ')]
    return (f'WIN = {cells!r}\n\ndef win():\n    for cell in WIN:\n        try:\n'
            '            exec(cell, globals())\n        except Exception:\n            pass\n')


def _mallory(honest, csv_path, port, grader_pid, data, package):
    """mallory's cells: each attack calls win() if it succeeds."""
    attacks = {
        'read another student': f'''
try:
    open({str(honest)!r}).read()
    win()
except OSError:
    pass
try:
    if set(os.listdir({str(honest.parent.parent)!r})) - {{'mallory'}}:
        win()
except OSError:
    pass''',
        'forge rows in /tmp': '''
import glob
forged = ''.join(json.dumps({'exercise': e, 'status': 'fail', 'seconds': 0, 'report': 'forged'}) + '\\n'
                 for e in EXERCISES)
for path in glob.glob('/tmp/**', recursive=True):
    if path.endswith('.jsonl') or 'pokerlib-grade' in path or 'pokerlib-notebook' in path:
        if os.path.abspath(path).startswith(os.getcwd()):
            continue          # her own folder
        try:
            with open(path, 'a') as f:
                f.write(forged)
            win()
        except OSError:
            pass''',
        'a detached process rewrites the CSV': f'''
import subprocess
subprocess.Popen([sys.executable, '-c', """# {TOKEN}
import os, time
path = {str(csv_path)!r}
for _ in range(600):
    time.sleep(0.1)
    if os.path.exists(path):
        time.sleep(1)
        with open(path, 'w') as f:
            f.write('student,notebook,exercise,status,seconds,report\\\\nmallory,01,flush,pass,0,rewritten\\\\n')
        break
"""], start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
   stderr=subprocess.DEVNULL)''',
        'write into the course': f'''
with open('data/versus-1000.txt', 'a') as f:      # her own copy: allowed, harmless
    f.write('AS AS AS\\n')
for path in [{str(data / 'versus-1000.txt')!r}, {str(package / '__init__.py')!r}]:
    try:
        with open(path, 'a') as f:
            f.write('# mallory was here\\n')
        win()
    except OSError:
        pass''',
        'the network': f'''
import socket
try:
    socket.create_connection(('127.0.0.1', {port}), timeout=3).close()
    win()
except OSError:
    pass''',
        'a token in the environment': f'''
if {SECRET!r} in repr(dict(os.environ)):
    win()''',
        '200 processes': '''
import subprocess
children = []
try:
    for _ in range(200):
        children.append(subprocess.Popen(['sleep', '60']))
except OSError:
    pass
if len(children) >= 200:
    win()
for child in children:
    child.kill()
    child.wait()''',
        'fill memory': '''
try:
    hog = bytearray(8 * 2**30)
    win()
except MemoryError:
    pass
hog = None''',
        'SIGSTOP the grader': f'''
import signal
for pid in [{grader_pid}, {os.getppid()}]:
    try:
        os.kill(pid, signal.SIGSTOP)
        win()
    except OSError:
        pass''',
    }
    head = (f'import json, os, sys\nEXERCISES = {EXERCISES_01!r}\nTRIED = []\n' + _win_source())
    # Each attack cell says it ran to its end; a wrong flush says that every one did.
    cells = [code + f'\nTRIED.append({name!r})' for name, code in attacks.items()]
    last = f'if len(TRIED) == {len(attacks)}:\n    def flush(hand):\n        return False'
    return [head] + cells + [last]


FORGER = '''
import json
import pokerlib.grading, pokerlib.practice

def judge(function_name, exercise, namespace):
    print(pokerlib.grading.MARK + json.dumps({'status': 'pass', 'report': 'forged', 'seconds': 0}))

class Passed:
    status = 'pass'
    def headline(self):
        return 'forged'

pokerlib.grading.judge = judge
pokerlib.practice.check = lambda *a, **k: Passed()
'''

PATCHER = '''
import types
import pokerlib, pokerlib.ranking
import pokerlib.practice.runner as R
R.guard = lambda names, course=(), prints=None: None
R.refuse = lambda prints: None
R.reaches_course = lambda obj, prints, limit=0: None
R.is_course_function = lambda f: False
import pokerlib.practice.guard as G
G.guard = lambda names, course=(), prints=None: None
G.refuse = lambda prints: None
G.reaches_course = lambda obj, prints, limit=0: None

def hand_rank(hand):
    return pokerlib.hand_rank_elif(hand)
def card_ranks(hand):
    return pokerlib.card_ranks(hand)
def straight(ranks):
    return pokerlib.straight(ranks)
def flush(hand):
    return pokerlib.flush(hand)
_kind = types.FunctionType(pokerlib.ranking.kind.__wrapped__.__code__, {})
def kind(n, ranks):
    return _kind(n, ranks)
def two_pair(ranks):
    return pokerlib.two_pair(ranks)
'''
PATCHED = ['hand_rank', 'card_ranks', 'straight', 'flush', 'kind', 'two_pair']


PLANTER = '''
import json, os
ROWS = ''.join(json.dumps({'exercise': e, 'status': 'pass', 'seconds': 0, 'report': 'planted'}) + '\\n'
               for e in %r)
FORGE = (f'import os\\nfor fd in range(3, 64):\\n    try:\\n        os.write(fd, {ROWS.encode()!r})\\n'
         f'    except OSError:\\n        pass\\n')
# Files named like the modules a worker may import once the notebook has run, in its own folder.
for name in ['secrets', 'socket', 'selectors', 'uuid', 'hmac', 'tempfile', 'queue', 'ssl', 'random',
             'sitecustomize', 'usercustomize', 'pokerlib_planted', 'typing_extensions', 'zmq']:
    with open(name + '.py', 'w') as f:
        f.write(FORGE)
''' % (EXERCISES_01,)


FILLER = '''
import os
def fill(folder, mb):
    written = 0
    try:
        for n in range(mb // 200 + 1):
            with open(os.path.join(folder, 'filler-%d' % n), 'wb') as f:
                for _ in range(200):
                    f.write(b'x' * 2**20)
                    written += 1
    except (OSError, MemoryError):
        pass
    return written
print(fill('/tmp', 6000), fill('.', 6000))
'''


def _save(folder, cells, name=TEACHER_01.name):
    folder.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nbformat.write(nb, folder / name)
    return folder / name


def _tree(folder):
    """{relative path: sha256} of every file under folder (bytecode caches left out)."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob('*')) if p.is_file() and '__pycache__' not in p.parts}


def _alive(token):
    """Processes whose command line holds token."""
    found = []
    for entry in os.scandir('/proc'):
        if entry.name.isdigit():
            try:
                if token.encode() in Path(entry.path, 'cmdline').read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


@pytest.fixture(scope='module')
def graded(tmp_path_factory):
    """Grade the hostile class once: (rows by student, csv text, html, terminal output, listener's count)."""
    tmp = tmp_path_factory.mktemp('hostile')
    teacher = tmp / 'teacher'                  # the teacher's edition, as the grader reads it
    subprocess.run(['cp', '-r', str(ROOT / 'notebooks'), str(teacher)], check=True)
    package = Path(pokerlib.__file__).resolve().parent
    before = {'teacher': _tree(teacher), 'course': _tree(ROOT / 'notebooks'), 'pokerlib': _tree(package)}

    listener = socket.create_server(('127.0.0.1', 0))
    listener.settimeout(0.2)
    connections = []
    stop = threading.Event()

    def listen():
        while not stop.is_set():
            try:
                connections.append(listener.accept()[0])
            except OSError:
                pass
    threading.Thread(target=listen, daemon=True).start()

    cls = tmp / 'class'
    honest = cls / 'honest' / TEACHER_01.name
    honest.parent.mkdir(parents=True)
    honest.write_bytes(TEACHER_01.read_bytes())
    os.mkfifo(cls / 'honest' / '02-Ties-and-allmax.ipynb')
    _save(cls / 'honest', ['raise SystemExit'], '01-Hands-and-hand_rank (course update).ipynb')
    _save(cls / 'winner', [_win_source(), 'win()'])
    csv_path, html_path = tmp / 'grades.csv', tmp / 'grades.html'
    _save(cls / 'mallory', _mallory(honest, csv_path, listener.getsockname()[1], os.getpid(),
                                     teacher / 'data', package))
    (cls / 'mallory' / '01-copy.ipynb').symlink_to(honest)
    _save(cls / 'forger', [FORGER])
    _save(cls / 'planter', [PLANTER])
    (cls / 'deep').mkdir()                   # too deeply nested to read: her row says so, the rest go on
    (cls / 'deep' / 'homework.ipynb').write_text('{"cells": ' + '[' * 100_000 + ']' * 100_000 + '}')
    _save(cls / 'patcher', [PATCHER])
    _save(cls / 'filler', [FILLER])
    for name in NAMES:
        _save(cls / name, ['raise ValueError("=1+1 <script>alert(1)</script>")\ndef flush(hand):\n    pass'])

    # If SIGSTOP ever reached this process, this wakes it up, and the test fails instead of hanging.
    waker = subprocess.Popen([sys.executable, '-c', f'import os, time, signal\nfor _ in range(900):\n'
                              f'    time.sleep(1)\n    os.kill({os.getpid()}, signal.SIGCONT)'])
    old = {k: os.environ.get(k) for k in ('POKERLIB_NOTEBOOKS', 'JUPYTERHUB_API_TOKEN')}
    os.environ.update(POKERLIB_NOTEBOOKS=str(teacher), JUPYTERHUB_API_TOKEN=SECRET)
    out = tmp / 'terminal.txt'
    free_before, lowest = shutil.disk_usage(tempfile.gettempdir()).free, []
    sampling = threading.Event()

    def sample():            # the least room the disk had while the class was graded
        while not sampling.wait(0.2):
            lowest.append(shutil.disk_usage(tempfile.gettempdir()).free)
    threading.Thread(target=sample, daemon=True).start()
    try:
        stdout = sys.stdout
        with open(out, 'w', encoding='utf-8') as sys.stdout:
            start = time.monotonic()
            status = main(['grade', str(cls), '--timeout', '10', '--jobs', '2',
                           '--csv', str(csv_path), '--html', str(html_path)])
            seconds = time.monotonic() - start
    finally:
        sys.stdout = stdout
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    stopped_at = csv_path.read_bytes()
    sampling.set()
    free_after = min(lowest, default=free_before)
    time.sleep(4)                 # the detached process would have rewritten it by now
    waker.kill()
    waker.wait()
    stop.set()
    listener.close()
    with open(csv_path, newline='', encoding='utf-8') as f:
        fields = list(csv.reader(f))
    rows = {}
    for r in grading.read_csv(csv_path):
        rows.setdefault(r['student'], {})[r['exercise']] = r
    after = {'teacher': _tree(teacher), 'course': _tree(ROOT / 'notebooks'), 'pokerlib': _tree(package)}
    return dict(status=status, seconds=seconds, rows=rows, fields=fields, csv_before=stopped_at,
                csv_after=csv_path.read_bytes(), html=html_path.read_text(encoding='utf-8'),
                terminal=out.read_text(encoding='utf-8'), connections=len(connections),
                before=before, after=after, alive=_alive(TOKEN), free_before=free_before,
                free_after=free_after)


def test_the_honest_student_passes_everything_and_keeps_her_rows(graded):
    assert graded['status'] == 0
    honest = graded['rows']['honest']
    assert sorted(honest) == sorted(EXERCISES_01)          # no FIFO, no (course update) graded
    assert {e: r['status'] for e, r in honest.items()} == {e: 'pass' for e in EXERCISES_01}
    assert not any('forged' in r['report'] for r in honest.values())


def test_win_is_worth_full_marks(graded):
    assert {e: r['status'] for e, r in graded['rows']['winner'].items()} == \
        {e: 'pass' for e in EXERCISES_01}


def test_the_hostile_student_passes_nothing(graded):
    mallory = graded['rows']['mallory']
    assert sorted(mallory) == sorted(EXERCISES_01)          # her link to honest's notebook not graded
    assert [e for e, r in mallory.items() if r['status'] == 'pass'] == []
    assert mallory['flush']['status'] == 'fail'       # every attack cell ran to its end
    assert graded['connections'] == 0


def test_no_process_outlives_the_grading_and_the_csv_stays_as_written(graded):
    assert graded['alive'] == []
    assert graded['csv_after'] == graded['csv_before']
    assert b'rewritten' not in graded['csv_after']


def test_the_teachers_files_and_the_course_are_unchanged(graded):
    assert graded['after'] == graded['before']


def test_no_formula_or_markup_comes_out(graded):
    # every odd name graded, and read back; no control character in the file (an escape would
    # reach the terminal of whoever shows it): a space in its place
    assert {tables.CONTROLS.sub(' ', n) for n in NAMES} <= set(graded['rows'])
    fields = [f for row in graded['fields'] for f in row]
    assert not [f for f in fields if f.startswith(('=', '+', '-', '@', '\t', '\r'))]
    assert not [f for f in fields if tables.CONTROLS.search(f)]
    page = graded['html']
    assert '<script' not in page and '<img' not in page
    assert '&lt;img src=x onerror=alert(1)&gt;' in page
    assert '\x1b' not in graded['terminal'] and '\x07' not in graded['terminal']
    assert '-2+3 bell\\x07\\x1b[2J: 0 of' in graded['terminal']


def test_a_kernel_that_switches_the_guard_off_gets_no_grade_for_the_course_s_functions(graded):
    patcher = graded['rows']['patcher']
    assert {e: patcher[e]['status'] for e in PATCHED} == {e: 'fail' for e in PATCHED}
    assert all(patcher[e]['report'].startswith(f'✗ {e} gave a wrong answer on') for e in PATCHED), patcher


def test_a_notebook_that_replaces_the_judge_passes_nothing(graded):
    assert [e for e, r in graded['rows']['forger'].items() if r['status'] == 'pass'] == []


def test_modules_planted_in_the_notebooks_folder_are_never_imported_by_the_grader(graded):
    planter = graded['rows']['planter']
    assert sorted(planter) == sorted(EXERCISES_01)
    assert [e for e, r in planter.items() if r['status'] == 'pass'] == []
    assert not any('planted' in r['report'] for r in planter.values())


def test_a_notebook_nested_too_deeply_gets_a_row_and_the_class_is_graded(graded):
    assert graded['status'] == 0
    [row] = graded['rows']['deep'].values()
    assert row['status'] == 'unknown' and 'nested too deeply' in row['report'] or \
        'not one of the course' in row['report'], row


def test_a_notebook_that_fills_its_folder_and_tmp_is_held_and_the_class_is_graded(graded):
    assert graded['status'] == 0
    assert [e for e, r in graded['rows']['filler'].items() if r['status'] == 'pass'] == []
    if os.geteuid() == 0:      # its folder in memory, its /tmp a quarter of it: the disk untouched
        assert graded['free_after'] > graded['free_before'] - 2**30, graded['free_after']
