"""pokerlib grade: made-up students, and the pieces of the grader on their own.

The fast tier reads the teacher's edition, names students, matches lessons
and judges functions in this process; one small notebook is run for real.
The slow tier grades a class of made-up students of notebook 01 (right,
wrong, stub, syntax error, endless loop, crash, 6 GB asked for, cells
deleted and reordered, a renamed file) and compares the whole table.
"""

import csv
import json
import os
import re
import tempfile
import sys
import time
from pathlib import Path

import nbformat
import pytest

from pokerlib import grading
from pokerlib.serving import editions, sandbox
from pokerlib.grading import batch, inkernel, notebooks, worker
from pokerlib.i18n import set_language
from pokerlib.cards import PokerError
from pokerlib.cli import main

ROOT = Path(__file__).resolve().parent.parent

TEACHER_01 = ROOT / 'notebooks' / '01-Hands-and-hand_rank.ipynb'
LESSONS = grading.lesson_exercises()
EXERCISES_01 = [f for f, _ in LESSONS['01']]


def test_the_lessons_exercises_are_the_check_cells_of_the_teachers_edition():
    for path in sorted((ROOT / 'notebooks').glob('[0-9][0-9]-*.ipynb')):
        nb = nbformat.read(path, as_version=4)
        calls = [line for c in nb.cells if c.cell_type == 'code'
                 for line in c.source.splitlines() if line.startswith('check(')]
        assert len(LESSONS.get(path.name[:2], [])) == len(set(calls)), path.name
    assert ('two_pair_with_kinds', 'two_pair') in LESSONS['01']
    assert '00' not in LESSONS


def test_checks_are_read_from_the_code_not_by_pattern():
    assert notebooks._checks("check(flush)\ncheck(my_kind, name='kind')\nx = check(y)") == \
        [('flush', 'flush'), ('my_kind', 'kind')]
    assert notebooks._checks('check(flush') == []            # a syntax error: no checks
    assert notebooks._only_checks("check(flush)\ncheck(kind)")
    assert not notebooks._only_checks("check(flush)\nx = 1") and not notebooks._only_checks('')


def test_students_are_named_by_their_folder_or_their_file(tmp_path):
    for rel in ['class/alice/01-Hands-and-hand_rank.ipynb', 'class/bob/deep/mine.ipynb',
                'class/carol-01.ipynb', 'class/.ipynb_checkpoints/x.ipynb',
                'dave/01-Hands-and-hand_rank.ipynb', 'eve.ipynb']:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text('{}')
    found = grading.find_notebooks([tmp_path / 'class', tmp_path / 'dave/01-Hands-and-hand_rank.ipynb',
                                    tmp_path / 'eve.ipynb'])
    assert [s for s, _ in found] == ['alice', 'bob', 'carol-01', 'dave', 'eve']


def test_a_notebook_is_matched_to_its_lesson_by_number_title_or_functions(tmp_path):
    def notebook(name, *cells):
        nb = nbformat.v4.new_notebook(cells=list(cells))
        nbformat.write(nb, tmp_path / name)
        return tmp_path / name
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    assert grading.lesson_of(notebook('03-anything.ipynb'), LESSONS) == '03'
    assert grading.lesson_of(notebook('mine.ipynb', md('# 02 · Ties and `allmax`\ntext')), LESSONS) \
        == grading.lesson_of(ROOT / 'notebooks' / '02-Ties-and-allmax.ipynb', LESSONS) == '02'
    assert grading.lesson_of(notebook('x.ipynb', code('def deal(n, k): pass\ndef hand_percentages(): 1')),
                             LESSONS) == '04'
    assert grading.lesson_of(notebook('y.ipynb', code('x = 1')), LESSONS) is None


@pytest.mark.slow      # about a second: the slow tier keeps make test under a minute
def test_judge_finds_the_students_function_by_name(capsys):
    def flush(hand):
        return len({s for r, s in hand}) == 1

    def wrong_flush(hand):
        return True
    from pokerlib import straight as course_straight

    def rows(namespace, *names):
        inkernel._OWN.clear()
        with tempfile.TemporaryDirectory() as workdir:
            # The "kernel" serves here, in a thread; the judging is judge_in's.
            return grading.judge_in(workdir, [(n, n) for n in names],
                                    lambda source: exec(source, dict(namespace)))

    got = rows({'flush': flush, 'straight': course_straight}, 'flush', 'straight', 'kind')
    assert [r['status'] for r in got] == ['pass', 'missing', 'missing']
    assert got[0]['report'].startswith('✓ flush')
    assert "course's own version" in got[1]['report']
    assert got[2]['report'] == 'kind is not defined'
    assert rows({'flush': wrong_flush}, 'flush')[0]['status'] == 'fail'


def test_the_students_own_version_is_judged_even_after_the_course_s_is_imported():
    class Shell:
        user_ns = {}

        class events:
            hooks = []

            @classmethod
            def register(cls, event, f):
                cls.hooks.append(f)

    def straight(ranks):
        return False
    inkernel._OWN.clear()
    inkernel.capture(Shell, ['straight'])
    Shell.user_ns['straight'] = straight
    Shell.events.hooks[-1]()
    from pokerlib import straight as course_straight
    Shell.user_ns['straight'] = course_straight
    Shell.events.hooks[-1]()
    assert inkernel._OWN['straight'] is straight


ROWS = [{'student': 'ann', 'notebook': '01', 'exercise': 'flush', 'status': 'pass',
         'seconds': 0.1, 'report': '✓ flush: 8 cases passed'},
        {'student': 'ann', 'notebook': '01', 'exercise': 'kind', 'status': 'fail',
         'seconds': 0.2, 'report': '✗ kind failed on kind(2, [<b>])'},
        {'student': 'ben', 'notebook': '01', 'exercise': 'flush', 'status': 'missing',
         'seconds': 0, 'report': 'flush is not defined'}]


def test_the_summary_csv_and_table(tmp_path):
    assert grading.summary(ROWS) == ['ann: 1 of 2 passed  01:✓✗', 'ben: 0 of 1 passed  01:∅']
    assert worker._error_of({'outputs': [{'output_type': 'error', 'ename': 'SyntaxError',
                                           'evalue': "expected ':' (2759836101.py, line 1)"}]}) \
        == "SyntaxError: expected ':' on line 1 of the cell"
    grading.write_csv(ROWS, tmp_path / 'g.csv')
    with open(tmp_path / 'g.csv', encoding='utf-8') as f:
        assert list(csv.DictReader(f)) == [{k: str(v) for k, v in r.items()} for r in ROWS]
    grading.write_html(ROWS, tmp_path / 'g.html')
    page = (tmp_path / 'g.html').read_text()
    assert page.count('<tr class="student">') == 2 and page.count('<td class="mark"') == 3
    assert 'title="wrong answer: ✗ kind failed on kind(2, [&lt;b&gt;])"' in page     # escaped, on hover
    assert '<details><summary>✓ pass</summary>' in page                     # and on click
    assert '<td class="none">–</td>' in page                                # ben has no kind row
    assert '<td class="passed">1 / 2</td>' in page


def test_no_field_of_the_csv_is_a_formula_and_read_csv_gives_the_rows_back(tmp_path):
    names = ['=HYPERLINK("http://evil.example","x")', '@SUM(A1)', '+1', '-1', '\tx', '\rx',
             "'=quoted", "it's", 'ann']
    rows = [{'student': n, 'notebook': '01', 'exercise': 'flush', 'status': 'fail',
             'seconds': 0.5, 'report': '=1+1 and ' + n} for n in names]
    grading.write_csv(rows, tmp_path / 'g.csv')
    with open(tmp_path / 'g.csv', newline='', encoding='utf-8') as f:
        fields = [field for row in csv.reader(f) for field in row]
    assert not [f for f in fields if f.startswith(('=', '+', '-', '@', '\t', '\r'))]
    assert grading.read_csv(tmp_path / 'g.csv') == [{k: str(v) for k, v in r.items()} for r in rows]


def test_every_field_of_the_table_is_escaped_the_seconds_too():
    rows = [{'student': '<script>alert(1)</script>', 'notebook': '<b>01</b>', 'exercise': '<i>x</i>',
             'status': '<u>pass</u>', 'seconds': '<img src=x onerror=alert(2)>', 'report': '"><svg onload=alert(3)>'}]
    page = grading.grade_table(rows)
    assert '<script' not in page and '<img' not in page and '<svg' not in page
    assert '<b>' not in page and '<i>' not in page and '<u>' not in page
    assert '&lt;img src=x onerror=alert(2)&gt; s' in page
    # the gradebook's order: every student on the list, those with no rows as not started
    page = grading.grade_table(ROWS, ['ben', 'zoe', 'ann'])
    assert [m for m in re.findall(r'<tr class="student"><th>([^<]+)</th>', page)] == ['ben', 'zoe', 'ann']
    assert page.count('<td class="none">–</td>') == 1 + 2


def test_control_characters_in_names_are_shown_escaped_in_the_terminal():
    rows = [dict(ROWS[0], student='eve\x1b[2J\x07\u202e')]
    assert grading.summary(rows) == ['eve\\x1b[2J\\x07\\u202e: 1 of 1 passed  01:✓']
    assert grading.shown('张伟 ann') == '张伟 ann'                # letters of any language stay


def test_a_fifo_a_link_or_a_course_update_in_a_class_is_passed_over_without_blocking(tmp_path):
    cls = tmp_path / 'class'
    _notebook(cls / 'ann', '01-Hands-and-hand_rank.ipynb', 'x = 1')
    _notebook(cls / 'bob', '01-Hands-and-hand_rank.ipynb', 'y = 2')
    _notebook(cls / 'ann', '01-Hands-and-hand_rank (course update).ipynb', 'x = 1')
    os.mkfifo(cls / 'ann' / '02-Ties-and-allmax.ipynb')
    (cls / 'ann' / '03-x.ipynb').symlink_to(cls / 'bob' / '01-Hands-and-hand_rank.ipynb')
    (cls / 'ann' / 'bobs').symlink_to(cls / 'bob', target_is_directory=True)
    (cls / 'eve').mkdir()
    os.mkfifo(cls / 'eve' / '01-Hands-and-hand_rank.ipynb')
    found = grading.find_notebooks([cls])
    assert [(s, p.relative_to(cls).as_posix()) for s, p in found] == [
        ('ann', 'ann/01-Hands-and-hand_rank.ipynb'), ('bob', 'bob/01-Hands-and-hand_rank.ipynb')]
    # read_regular never waits on a FIFO, and refuses a link unless told to follow it
    for path, why in [(cls / 'eve' / '01-Hands-and-hand_rank.ipynb', 'not a regular file'),
                      (cls / 'ann' / '03-x.ipynb', 'a link, not a notebook')]:
        with pytest.raises(PokerError, match=why):
            grading.read_regular(path)
    assert grading.read_regular(cls / 'ann' / '03-x.ipynb', follow_links=True).startswith(b'{')
    # a FIFO given by name is one row, not a stuck grader
    rows = grading.grade([cls / 'eve' / '01-Hands-and-hand_rank.ipynb'], sandboxed=False)
    assert [(r['status'], r['report'].split(': ')[-1]) for r in rows] == [('unknown', 'not a regular file')]


def test_the_rows_a_worker_sends_are_read_as_untrusted_data():
    exercises = [('flush', 'flush'), ('kind', 'kind')]
    rows = [{'exercise': 'flush', 'status': 'fail', 'seconds': '<b>', 'report': 'x' * 999},
            {'exercise': 'kind', 'status': 'pass', 'seconds': float('nan'), 'report': ['?']}]
    text = '\n'.join(json.dumps(r) for r in rows)
    assert batch._rows_from(text, exercises) == {
        'flush': {'exercise': 'flush', 'status': 'fail', 'seconds': 0.0, 'report': 'x' * 500},
        'kind': {'exercise': 'kind', 'status': 'pass', 'seconds': 0.0, 'report': ''}}
    # Anything the worker did not write (another lesson's row, a status it never sends, a
    # second row for an exercise, a line that is no row): nothing is taken, and each
    # exercise is an error that says why.
    for extra in [{'exercise': 'straight', 'status': 'pass'}, {'exercise': 'flush', 'status': 'excellent'},
                  {'exercise': ['flush'], 'status': 'pass'},
                  {'exercise': 'flush', 'status': 'pass', 'seconds': 0.1, 'report': 'again'},
                  'not json', [1], '[' * 5000]:
        line = extra if isinstance(extra, str) else json.dumps(extra)
        for forged in (text + '\n' + line, line + '\n' + text):
            got = batch._rows_from(forged, exercises)
            assert {r['status'] for r in got.values()} == {'error'} and set(got) == {'flush', 'kind'}
            assert all('1 line(s) it did not write' in r['report'] for r in got.values()), got


def test_a_notebook_nested_too_deeply_is_a_row_not_a_crash(tmp_path, capsys):
    """JSON nested past Python's recursion limit: that notebook's row says so; the command goes on."""
    folder = tmp_path / 'class' / 'mallory'
    folder.mkdir(parents=True)
    (folder / 'homework.ipynb').write_text('{"cells": ' + '[' * 100_000 + ']' * 100_000 + '}')
    with pytest.raises(ValueError, match='nested too deeply'):
        notebooks._cells(folder / 'homework.ipynb')
    assert grading.lesson_of(folder / 'homework.ipynb', grading.lesson_exercises()) is None
    assert grading.notebook_language([tmp_path / 'class']) == 'en'


def test_grading_says_which_hidden_folders_it_leaves_out(tmp_path):
    for folder in ('ada', '.secret', 'ada/.ipynb_checkpoints', 'grace'):
        (tmp_path / folder).mkdir()
    (tmp_path / 'grace' / '.draft.ipynb').write_text('{}')
    assert notebooks.hidden([tmp_path]) == [tmp_path / '.secret', tmp_path / 'grace' / '.draft.ipynb']


def test_the_sandboxed_worker_gets_an_environment_of_its_own(monkeypatch):
    monkeypatch.setenv('JUPYTERHUB_API_TOKEN', 'secret')
    env = batch._sandbox_env(Path('/tmp/x/channel'))
    assert 'JUPYTERHUB_API_TOKEN' not in env and env['HOME'] == '/tmp'
    assert env['POKERLIB_GRADE_CHANNEL'] == '/tmp/x/channel'


def test_the_teachers_notebooks_keep_valid_nbgrader_metadata():
    for path in sorted((ROOT / 'notebooks').glob('[0-9][0-9]-*.ipynb')):
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        ids = [c.metadata['nbgrader']['grade_id'] for c in nb.cells if 'nbgrader' in c.metadata]
        assert len(ids) == len(set(ids)), path.name
        for c in nb.cells:
            meta = c.metadata.get('nbgrader')
            if meta:
                assert meta['schema_version'] == 3 and meta['solution'] is True
                assert set(meta) >= {'grade', 'grade_id', 'locked', 'solution', 'task'}


def _notebook(folder, name, *sources):
    folder.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nbformat.write(nb, folder / name)
    return folder / name


@pytest.mark.slow
def test_a_small_notebook_is_graded_for_real_and_a_stuck_cell_is_stopped(tmp_path, capsys):
    """One real kernel, through `pokerlib progress`: a right flush, a loop that never ends, a wrong kind."""
    _notebook(tmp_path / 'workspace', '01-Hands-and-hand_rank.ipynb',
              'def flush(hand):\n    return len({s for r, s in hand}) == 1',
              'while True:\n    pass',
              'def kind(n, ranks):\n    return ranks[0]')
    nbformat.write(nbformat.v4.new_notebook(), tmp_path / 'workspace' / '01-Hands-and-hand_rank (course update).ipynb')
    start = time.perf_counter()
    assert main(['progress', str(tmp_path / 'workspace'), '--timeout', '2', '--jobs', '1']) == 0
    assert time.perf_counter() - start < 40
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f'Running your 1 notebooks in {tmp_path / "workspace"} (nothing is changed)...'
    rest = ', '.join(f'∅ {f}' if f != 'kind' else '✗ kind' for f in EXERCISES_01 if f != 'flush')
    assert lines[1:] == [f'01: 1 of {len(EXERCISES_01)} passed  (to do: {rest})']


# --- a class of made-up students (slow) -----------------------------------------

def _replace(nb, function, new_source):
    for cell in nb.cells:
        if cell.cell_type == 'code' and cell.source.startswith(f'def {function}('):
            cell.source = new_source
            return nb
    raise AssertionError(f'no cell defines {function}')


def make_class(folder):
    """Made-up students of notebook 01, from the teacher's and the student's editions."""
    student = editions.student_notebook(TEACHER_01)
    teacher = lambda: nbformat.read(TEACHER_01, as_version=4)     # noqa: E731
    folder.mkdir()

    def save(who, nb, name=TEACHER_01.name):
        (folder / who).mkdir()
        nbformat.write(nb, folder / who / name)

    save('right', teacher())
    save('stub', student)
    save('wrong', _replace(teacher(), 'straight', 'def straight(ranks):\n    return max(ranks) - min(ranks) == 4'))
    save('syntax', _replace(teacher(), 'flush', 'def flush(hand)\n    return True'))
    nb = _replace(teacher(), 'kind', 'def kind(n, ranks):\n    while True:\n        pass')
    nb.cells.insert(3, nbformat.v4.new_code_cell('while True:\n    pass'))
    save('loop', nb)
    nb = _replace(teacher(), 'two_pair', 'def two_pair(ranks):\n    import os\n    os._exit(3)')
    nb.cells.insert(3, nbformat.v4.new_code_cell('import os\nos._exit(1)'))
    save('crash', nb)
    nb = teacher()
    nb.cells = [c for c in nb.cells if not c.source.startswith('def straight(')]   # deleted
    nb.cells.reverse()                                                 # and every cell reordered
    save('shuffled', nb)
    save('renamed', teacher(), 'my homework.ipynb')
    # 6 GB, more than the 4 GB limit: numpy asks for it without touching it, so
    # without the limit it would be granted (and flush defined), not refused
    save('memory', _replace(teacher(), 'flush', 'import numpy\n'
                            'hog = numpy.zeros(6 * 2**30, dtype=numpy.uint8)\n\n'
                            'def flush(hand):\n    return len({s for r, s in hand}) == 1'))
    return folder


EXPECTED = {
    'right': {f: 'pass' for f in EXERCISES_01},
    'stub': {f: 'todo' for f in EXERCISES_01},
    'renamed': {f: 'pass' for f in EXERCISES_01},
}


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get('CI', '').lower() not in ('1', 'true', 'yes')
                    and sandbox.problem() is not None, reason=f'no sandbox here: {sandbox.problem()}')
def test_a_class_of_made_up_students_gives_the_expected_table(tmp_path):
    """In the sandbox, as `pokerlib grade` runs it (.ci/run installs bwrap: never skipped there)."""
    make_class(tmp_path / 'class')
    start = time.perf_counter()
    # --timeout 10: the heaviest judging (hand_rank, every class of hands) fits on a busy machine
    status = main(['grade', str(tmp_path / 'class'), '--timeout', '10', '--jobs', '2',
                   '--csv', str(tmp_path / 'g.csv'), '--html', str(tmp_path / 'g.html')])
    seconds = time.perf_counter() - start
    assert status == 0
    with open(tmp_path / 'g.csv', encoding='utf-8') as f:
        rows = list(csv.DictReader(f))
    table = {}
    for r in rows:
        table.setdefault(r['student'], {})[r['exercise']] = (r['status'], r['report'])
    assert sorted(table) == ['crash', 'loop', 'memory', 'renamed', 'right', 'shuffled',
                             'stub', 'syntax', 'wrong']
    for who, expected in EXPECTED.items():
        assert {f: s for f, (s, _) in table[who].items()} == expected, who
    assert table['wrong']['straight'][0] == 'fail'
    assert table['wrong']['hand_rank'][0] == 'pass'
    assert table['syntax']['flush'][0] == 'missing'
    assert table['syntax']['flush'][1] == (
        "flush is the course's own version; the student's is not defined: its cell (cell 35) "
        "raised SyntaxError: expected ':' on line 1 of the cell")
    assert table['syntax']['straight'][0] == 'pass'
    # check's own 5-second limit stops the endless loop before --timeout would
    assert table['loop']['kind'][0] == 'slow' and 'was too slow on' in table['loop']['kind'][1]
    assert table['loop']['flush'][0] == 'pass'             # the stopped cell stopped nothing else
    assert table['memory']['flush'][0] == 'missing'
    assert 'raised MemoryError' in table['memory']['flush'][1]
    assert all(s == 'pass' for f, (s, _) in table['memory'].items() if f != 'flush')
    # check runs the student's function in a child process: os._exit there ends the child,
    # never the kernel, and the report says what happened
    assert table['crash']['two_pair'][0] == 'error'
    assert table['crash']['two_pair'][1].startswith('⚠ two_pair raised an error on two_pair(')
    assert all(s == 'pass' for f, (s, _) in table['crash'].items() if f != 'two_pair')
    assert table['shuffled']['straight'] == (       # 01 imports the course's straight later
        'missing', "straight is the course's own version; the student's is not defined: "
                   'no cell defines straight (deleted or renamed?)')
    assert table['shuffled']['flush'][0] == 'pass'         # defined, though after its uses
    # nine notebooks, two at a time, one endless loop, a kernel that dies and an os._exit
    assert seconds < 180, seconds       # about 30 s when the machine is not shared
    assert (tmp_path / 'g.html').read_text().count('<tr class="student">') == 9


FORGE = ('import json, os, socket, struct\n'
         'import pokerlib, pokerlib.practice, pokerlib.grading\n'
         'PASS = {"status": "pass", "report": "forged", "seconds": 0}\n'
         'def frame(m):\n'
         '    b = json.dumps(m).encode()\n'
         '    return struct.pack(">I", len(b)) + b\n')


@pytest.mark.slow
def test_a_notebook_that_replaces_the_checker_or_the_grader_passes_nothing(tmp_path):
    """The grader judges in its own process: nothing a cell replaces or prints is a verdict."""
    replaced = _notebook(
        tmp_path / 'a', '01-Hands-and-hand_rank.ipynb',
        FORGE + 'pokerlib.practice.check = pokerlib.check = lambda *a, **k: True\n'
        'pokerlib.grading.judge = lambda *a, **k: print("\\x1fpokerlib-grade:" + json.dumps(PASS))',
        'def straight(ranks):\n    return True',
        'def flush(hand):\n'
        '    for fd in range(256):\n'
        '        try:\n'
        '            os.write(fd, frame({"report": PASS, "ok": True}))\n'
        '        except OSError:\n'
        '            pass\n'
        '    os._exit(0)')
    rows = {r['exercise']: r for r in grading.grade_notebook(replaced, LESSONS['01'], timeout=10)}
    assert 'pass' not in {r['status'] for r in rows.values()}, rows
    assert rows['straight']['status'] == 'fail'
    assert rows['flush']['status'] == 'error'

    faked = _notebook(
        tmp_path / 'b', '01-Hands-and-hand_rank.ipynb',
        FORGE + 'def fake(path, token, namespace):\n'
        '    s = socket.socket(socket.AF_UNIX)\n'
        '    s.connect(path)\n'
        '    s.sendall(frame({"token": token}))\n'
        '    for _ in range(40):\n'
        '        s.sendall(frame({"report": PASS, "ok": True, "missing": False}))\n'
        'pokerlib.grading.inkernel.serve_judge = fake',
        'def straight(ranks):\n    return True')
    rows = grading.grade_notebook(faked, LESSONS['01'], timeout=10)
    assert rows and 'pass' not in {r['status'] for r in rows}, rows


def test_odd_arguments_get_one_line_and_the_usual_status(tmp_path, capsys):
    assert main(['grade', str(tmp_path), '--jobs', '0']) == 2
    assert main(['grade', str(tmp_path), '--timeout', 'nan']) == 2
    assert main(['grade', str(tmp_path / 'nowhere')]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == f'pokerlib: error: {tmp_path / "nowhere"}: no such file or folder'
    assert main(['progress', str(tmp_path / 'nowhere')]) == 1


@pytest.mark.skipif(os.environ.get('CI', '').lower() not in ('1', 'true', 'yes')
                    and sandbox.problem() is not None, reason=f'no sandbox here: {sandbox.problem()}')
def test_the_channel_folder_lets_a_judge_outside_meet_the_sandbox(tmp_path):
    """The grader's channel/ is bound into a notebook's sandbox as grade_notebook binds it:
    a UNIX socket served inside (no network there) is reached by the grader outside."""
    import socket
    import subprocess
    channel = tmp_path / 'channel'
    channel.mkdir()
    user = batch._sandbox_user(0)
    if user:
        os.chown(channel, *user)
    serve = ('import os, socket\n'
             's = socket.socket(socket.AF_UNIX)\n'
             's.bind(os.path.join(os.environ["POKERLIB_GRADE_CHANNEL"], "judge.sock"))\n'
             's.listen(1)\n'
             'c, _ = s.accept()\n'
             'c.sendall(str(os.getuid()).encode())\n')
    proc = subprocess.Popen(sandbox.command([sys.executable, '-c', serve], writable=[channel],
                                            user=user),
                            env=batch._sandbox_env(channel), stdin=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while not (channel / 'judge.sock').exists():
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
            time.sleep(0.05)
        with socket.socket(socket.AF_UNIX) as judge:
            judge.connect(str(channel / 'judge.sock'))
            got = judge.recv(1000).decode()
    finally:
        proc.kill()
        proc.wait()
    assert int(got) == (user[0] if user else os.getuid()) and int(got) != 0   # the sandbox's account


def test_a_class_is_staged_one_notebook_at_a_time_and_a_large_one_gets_a_row(tmp_path):
    """What the gradebook's Grade hands the grader: the changed notebooks, each read on its own."""
    edition, workspaces, staging = tmp_path / 'edition', tmp_path / 'workspaces', tmp_path / 'staging'
    edition.mkdir()
    (edition / '01-a.ipynb').write_text('{"as": "handed out"}')
    for name, text in [('ada', '{"changed": 1}'), ('grace', '{"as": "handed out"}'),
                       ('mallory', '{"x": "' + 'y' * 5000 + '"}')]:
        (workspaces / name).mkdir(parents=True)
        (workspaces / name / '01-a.ipynb').write_text(text)
    (workspaces / 'ada' / '02-link.ipynb').symlink_to(edition / '01-a.ipynb')
    counts, refused = grading.stage(['ada', 'grace', 'mallory', 'nobody'], workspaces, edition,
                                    staging, limit=1000)
    assert counts == {'ada': 1}
    assert sorted(p.relative_to(staging).as_posix() for p in staging.rglob('*.ipynb')) == ['ada/01-a.ipynb']
    assert [(r['student'], r['notebook'], r['status']) for r in refused] == [('mallory', '01-a.ipynb', 'unknown')]
    assert 'larger than' in refused[0]['report']


@pytest.mark.slow
def test_a_chinese_class_is_graded_in_chinese(tmp_path, capsys):
    """The Chinese edition's 01, graded as the class's grader does (--language zh_CN): a wrong
    flush, a missing kind, the rest right; every report, the CSV and the page in Chinese."""
    chinese_01 = ROOT / 'notebooks' / 'zh' / TEACHER_01.name
    nb = _replace(nbformat.read(chinese_01, as_version=4), 'flush', 'def flush(hand):\n    return True')
    nb.cells = [c for c in nb.cells if not c.source.startswith('def kind(')]
    (tmp_path / 'class' / 'ada').mkdir(parents=True)
    nbformat.write(nb, tmp_path / 'class' / 'ada' / TEACHER_01.name)
    out = tmp_path / 'grades.csv'
    try:
        assert main(['grade', str(tmp_path / 'class'), '--language', 'zh_CN', '--csv', str(out),
                     '--html', str(tmp_path / 'grades.html'), '--jobs', '1']) == 0
    finally:
        set_language('en')
    rows = {r['exercise']: r for r in grading.read_csv(out)}
    assert rows['flush']['status'] == 'fail' and rows['kind']['status'] == 'missing'
    for row in (rows['flush'], rows['kind']):
        words = re.sub(r'`[^`]*`|\w+\(.*?\)|\b(flush|kind|hand_rank|def|None|True|False)\b', ' ',
                       row['report'])
        assert re.search('[\u4e00-\u9fff]', row['report']) and not re.search('[A-Za-z]{3,}', words), row
    assert '答案不对' in rows['flush']['report'] and '没有' in rows['kind']['report']


def test_where_no_sandbox_can_be_made_grading_says_so_and_offers_trusted(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv('POKERLIB_BWRAP', str(tmp_path / 'no-bwrap-here'))
    sandbox.problem.cache_clear()
    try:
        _notebook(tmp_path / 'class' / 'ada', '01-Hands-and-hand_rank.ipynb', 'x = 1')
        assert main(['grade', str(tmp_path / 'class')]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and 'no sandbox can be made here' in err[0] and '--trusted' in err[0]
    finally:
        sandbox.problem.cache_clear()


@pytest.mark.slow
def test_trusted_grading_runs_without_a_sandbox_and_says_so_loudly(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv('POKERLIB_BWRAP', str(tmp_path / 'no-bwrap-here'))
    sandbox.problem.cache_clear()
    try:
        _notebook(tmp_path / 'class' / 'ada', '01-Hands-and-hand_rank.ipynb',
                  'def flush(hand):\n    return len({s for r, s in hand}) == 1')
        out = tmp_path / 'grades.csv'
        assert main(['grade', str(tmp_path / 'class'), '--trusted', '--csv', str(out), '--jobs', '1']) == 0
    finally:
        sandbox.problem.cache_clear()
    assert 'WITHOUT a sandbox' in capsys.readouterr().err
    rows = {r['exercise']: r['status'] for r in grading.read_csv(out)}
    assert rows['flush'] == 'pass' and rows['kind'] == 'missing'


def test_the_contents_notebook_has_nothing_to_grade_and_stops_no_grading(tmp_path, monkeypatch):
    """Notebook 00 (the contents) has no exercise: a student's copy of it gives no row and runs
    nothing (it stopped the whole grading with a KeyError before issue 51)."""
    (tmp_path / 'ada').mkdir()
    contents = ROOT / 'notebooks' / '00-Contents.ipynb'
    (tmp_path / 'ada' / contents.name).write_bytes(contents.read_bytes())
    ran = []
    monkeypatch.setattr(batch, 'grade_notebook', lambda *a, **k: ran.append(a) or [])
    assert grading.grade([tmp_path], sandboxed=False) == [] and ran == []
