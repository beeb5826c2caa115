"""The notebooks as committed, and the student's edition made from them.

(The teacher's edition, in notebooks/, is also re-run by nbval, which compares
every output with the committed one: see pyproject.toml.)
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
from pokerlib.serving import editions
from pokerlib.serving.workspace import update_workspace
from tools.nav import load, notebooks, source as text

NOTEBOOKS = notebooks()
LESSONS = [p for p in NOTEBOOKS if not p.name.startswith('00')]


def cells(path):
    return load(path)['cells']


def shown(output) -> str:
    """Everything an output shows as text."""
    parts = [output.get('text', ''), output.get('evalue', '')]
    parts += output.get('traceback', [])
    for mime, data in output.get('data', {}).items():
        if mime.startswith('text/') or mime.endswith('json'):
            parts.append(data if isinstance(data, str) else json.dumps(data))
    return '\n'.join(''.join(p) if isinstance(p, list) else p for p in parts)


def test_notebooks_are_numbered_from_00_without_gaps():
    assert [p.name[:2] for p in NOTEBOOKS] == [f'{k:02d}' for k in range(len(NOTEBOOKS))]
    assert len(NOTEBOOKS) >= 4


@pytest.mark.parametrize('path', NOTEBOOKS, ids=lambda p: p.name)
def test_committed_executed_top_to_bottom(path):
    counts = [c['execution_count'] for c in cells(path)
              if c['cell_type'] == 'code' and text(c).strip()]
    assert counts == list(range(1, len(counts) + 1)), \
        f'{path.name}: re-run it top to bottom in a fresh kernel, then commit'
    for c in cells(path):
        if c['cell_type'] == 'code' and not text(c).strip():
            assert not c.get('outputs'), 'an empty cell with output'


@pytest.mark.parametrize('path', NOTEBOOKS, ids=lambda p: p.name)
def test_each_notebook_starts_with_its_numbered_title(path):
    headings = [line for c in cells(path) if c['cell_type'] == 'markdown'
                for line in text(c).splitlines() if line.startswith('# ')]
    assert headings[0].startswith('# ' + path.name[:2] + ' · ')


@pytest.mark.parametrize('path', NOTEBOOKS, ids=lambda p: p.name)
def test_links_to_notebooks_resolve(path):
    for c in cells(path):
        for target in re.findall(r'\]\(([^)#]+\.ipynb)', text(c)):
            assert (path.parent / target).exists(), f'{path.name} links to missing {target}'


def test_navigation_and_contents_are_fresh():
    result = subprocess.run([sys.executable, '-m', 'tools.nav', '--check'],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


# ---------------------------------------------------------------------------
# What a student sees.

ABSOLUTE_PATH = re.compile(r'(?<![\w.:/])(/(?:home|root|tmp|work|usr|var|opt|Users|private|mnt|srv)'
                           r'/[^\s\'"]*|[A-Za-z]:\\\\[^\s\'"]+)')


def test_no_committed_output_holds_a_machine_path_or_a_memory_address():
    for path in NOTEBOOKS:
        for c in cells(path):
            for out in c.get('outputs', []):
                seen = shown(out)
                assert not ABSOLUTE_PATH.search(seen), (path.name, ABSOLUTE_PATH.search(seen).group())
                assert not re.search(r' at 0x[0-9a-f]{6,}', seen), path.name


def test_the_path_test_can_fail():
    assert ABSOLUTE_PATH.search("File /work/main/pokerlib/cards.py, line 3")
    assert ABSOLUTE_PATH.search("'/home/ann/course/notebooks'")
    assert not ABSOLUTE_PATH.search('249/1540 and 1/6 and data/versus-1000.txt')


def test_nothing_is_written_to_standard_error():
    """No pink stderr boxes: no warnings, no progress bars, no error messages left there."""
    for path in NOTEBOOKS:
        for c in cells(path):
            for out in c.get('outputs', []):
                assert out.get('name') != 'stderr', (path.name, text(c)[:60], shown(out)[:200])


def test_errors_shown_on_purpose_are_short_and_tagged():
    for path in NOTEBOOKS:
        for c in cells(path):
            errors = [o for o in c.get('outputs', []) if o['output_type'] == 'error']
            for out in errors:
                assert 'raises-exception' in c['metadata'].get('tags', []), (path.name, text(c))
                assert len(out['traceback']) <= 5, (path.name, text(c), len(out['traceback']))
                if out['ename'] == 'PokerError':
                    assert len(out['traceback']) == 1     # the one line that says what was wrong


WORDS_FOR_CONTRIBUTORS = re.compile(r'test suite|nbval|sanitiz|so that the tests?\b', re.I)


@pytest.mark.parametrize('path', LESSONS, ids=lambda p: p.name)
def test_lessons_speak_to_students_not_about_the_tests(path):
    for c in cells(path):
        found = WORDS_FOR_CONTRIBUTORS.search(text(c))
        assert not found, f'{path.name}: "{found.group()}" in {text(c)[:80]!r}'


@pytest.mark.parametrize('path', LESSONS[:7], ids=lambda p: p.name)
def test_every_lesson_has_checks_and_every_solution_is_checked(path):
    code = [c for c in cells(path) if c['cell_type'] == 'code']
    checks = [c for c in code if text(c).startswith('check(')]
    assert len(checks) >= 2, path.name
    for k, c in enumerate(code):
        if editions.BEGIN in text(c):
            assert c['metadata'].get('nbgrader', {}).get('solution') is True
            following = [text(d) for d in code[k + 1:k + 3]]
            assert any(f.startswith('check(') for f in following), (path.name, text(c)[:60])


def test_expected_answers_are_for_the_teacher_only():
    answers = [c for p in NOTEBOOKS for c in cells(p)
               if c['cell_type'] == 'markdown' and '*Expected answer:*' in text(c)]
    assert answers and all('teacher' in c['metadata'].get('tags', []) for c in answers)


# ---------------------------------------------------------------------------
# The student's edition.

@pytest.fixture(scope='module')
def student_edition(tmp_path_factory):
    """The folder of the student's edition, written once, and the notebooks written."""
    folder = tmp_path_factory.mktemp('student')
    return folder, editions.write_student_edition(folder, ROOT / 'notebooks')


def test_the_student_edition_keeps_no_solution_no_answer_and_no_output(student_edition):
    folder, written = student_edition
    assert [p.name for p in written] == [p.name for p in NOTEBOOKS]
    assert (folder / 'data' / 'versus-1000.txt').exists()
    for teacher, student in zip(NOTEBOOKS, written):
        nb = nbformat.read(student, as_version=4)
        sources = [c.source for c in nb.cells]
        code = [c.source for c in nb.cells if c.cell_type == 'code']
        assert not any(editions.BEGIN in s for s in code)
        assert not any('*Expected answer:*' in s for s in sources)
        assert all(not c.get('outputs') and c.get('execution_count') is None
                   for c in nb.cells if c.cell_type == 'code')
        stubs = sum('raise NotImplementedError()' in s for s in code)
        regions = sum(editions.BEGIN in text(c) for c in cells(teacher) if c['cell_type'] == 'code')
        assert stubs == regions


def test_solution_regions_become_stubs_at_their_indentation():
    source = 'def f(x):\n    "Doc."\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION\n'
    assert editions.clear_solutions(source) == \
        'def f(x):\n    "Doc."\n    # YOUR CODE HERE\n    raise NotImplementedError()'
    with pytest.raises(ValueError):
        editions.clear_solutions('### BEGIN SOLUTION\nx = 1\n')


@pytest.mark.slow
def test_the_student_edition_runs_to_the_end_and_every_check_says_not_yet(student_edition):
    """Run All on every notebook of the student's edition, as a student's first run would."""
    from jupyter_client.manager import start_new_kernel
    from nbclient import NotebookClient
    folder, written = student_edition
    km, kc = start_new_kernel(kernel_name='python3', cwd=str(folder))   # one kernel for all
    try:
        for path in written:
            nb = nbformat.read(path, as_version=4)
            nb.cells.insert(0, nbformat.v4.new_code_cell('%reset -f'))   # a fresh namespace
            NotebookClient(nb, km=km, timeout=120,
                           resources={'metadata': {'path': str(folder)}}).execute()
            for cell in nb.cells[1:]:
                errors = [o for o in cell.get('outputs', []) if o['output_type'] == 'error']
                assert not errors or 'raises-exception' in cell.metadata.get('tags', []), \
                    (path.name, cell.source[:80], errors[0]['evalue'] if errors else None)
                if cell.cell_type == 'code' and cell.source.startswith('check('):
                    report = shown(cell.outputs[0])
                    assert 'is not written yet' in report, (path.name, cell.source, report)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_a_workspace_never_loses_a_students_changes(tmp_path):
    edition, workspace = tmp_path / 'edition', tmp_path / 'workspace'
    edition.mkdir()
    (edition / '01-A.ipynb').write_text('first version of 01')
    (edition / '02-B.ipynb').write_text('first version of 02')
    messages = update_workspace(workspace, edition)
    assert sorted(m.split()[1] for m in messages) == ['01-A.ipynb', '02-B.ipynb']
    (workspace / '01-A.ipynb').write_text('my answers')            # the student works
    (edition / '01-A.ipynb').write_text('second version of 01')     # the course changes
    (edition / '02-B.ipynb').write_text('second version of 02')
    (edition / '03-C.ipynb').write_text('a new notebook')
    messages = update_workspace(workspace, edition)
    assert (workspace / '01-A.ipynb').read_text() == 'my answers'
    assert (workspace / '02-B.ipynb').read_text() == 'second version of 02'
    assert (workspace / '03-C.ipynb').read_text() == 'a new notebook'
    assert any(m.startswith('kept') and '01-A' in m for m in messages)
    assert any(m.startswith('updated') and '02-B' in m for m in messages)
    assert any(m.startswith('new') and '03-C' in m for m in messages)
    assert update_workspace(workspace, edition) == [m for m in messages if m.startswith('kept')]
