"""The copies people work in (workspace/, student/, teacher/): nothing anyone wrote is ever lost.

pokerlib.serving.workspace's sync: a bad record of versions, things in the way, a
read-only notebook and data files, each with a one-line message naming the
path, the rest carrying on, and the course's new version put beside a
changed file where the student can open it.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

from pokerlib.serving import workspace as rules
from pokerlib.serving.editions import write_student_edition
from tools.editions import main

ROOT = Path(__file__).resolve().parent.parent

UPDATE = '01-A (course update).ipynb'


@pytest.fixture
def course(tmp_path):
    """An edition of two notebooks and a data file, and a workspace made from it."""
    edition, workspace = tmp_path / 'edition', tmp_path / 'workspace'
    (edition / 'data').mkdir(parents=True)
    (edition / '01-A.ipynb').write_text('01 v1')
    (edition / '02-B.ipynb').write_text('02 v1')
    (edition / 'data' / 'hands.txt').write_text('data v1')
    rules.update_workspace(workspace, edition)
    return edition, workspace


def change_course(edition):
    (edition / '01-A.ipynb').write_text('01 v2')
    (edition / '02-B.ipynb').write_text('02 v2')
    (edition / 'data' / 'hands.txt').write_text('data v2')


def one_line(messages, start, path):
    found = [m for m in messages if m.startswith(start) and path in m]
    assert len(found) == 1, messages
    assert '\n' not in found[0]
    return found[0]


@pytest.mark.parametrize('bad', ['{"01-A.ipynb": "ab', '', '[]', 'null', '{"01-A.ipynb": 3}',
                                 'not json', 'folder'])
def test_a_bad_record_is_treated_as_missing_with_a_one_line_note(course, bad):
    edition, workspace = course
    manifest = workspace / rules.MANIFEST
    manifest.unlink()
    if bad == 'folder':
        manifest.mkdir()
    else:
        manifest.write_text(bad)
    (workspace / '01-A.ipynb').write_text('my answers')
    change_course(edition)
    messages = rules.update_workspace(workspace, edition)
    note = one_line(messages, 'note:', 'treated as missing')
    assert rules.MANIFEST in note
    assert (workspace / '01-A.ipynb').read_text() == 'my answers'
    assert (workspace / UPDATE).read_text() == '01 v2'
    if bad == 'folder':
        one_line(messages, 'note:', 'could not write')
    else:
        assert isinstance(json.loads(manifest.read_text()), dict)     # rewritten whole
    assert rules.update_workspace(workspace, edition)             # and again: no traceback


def test_the_record_is_written_atomically(course, monkeypatch):
    edition, workspace = course
    before = (workspace / rules.MANIFEST).read_text()
    change_course(edition)

    def fail(src, dst):
        raise OSError(28, 'No space left on device')
    monkeypatch.setattr(rules.os, 'replace', fail)
    messages = rules.update_workspace(workspace, edition)
    assert (workspace / rules.MANIFEST).read_text() == before     # never half a record
    assert not list(workspace.glob('.*.part'))
    one_line(messages, 'note:', 'could not write')


def test_a_missing_record_says_exactly_what_happened(course):
    edition, workspace = course
    (workspace / rules.MANIFEST).unlink()
    (workspace / '01-A.ipynb').write_text('my answers')
    change_course(edition)
    messages = rules.update_workspace(workspace, edition)
    kept = one_line(messages, 'kept:', '01-A.ipynb')
    assert 'was missing' in kept and 'newer' not in kept
    assert kept.endswith(f'is in {UPDATE}')
    # 02 was untouched, but without the record that cannot be known: it is kept too
    assert (workspace / '02-B.ipynb').read_text() == '02 v1'
    assert (workspace / '02-B (course update).ipynb').read_text() == '02 v2'


def test_the_kept_message_names_a_file_inside_the_workspace(course):
    edition, workspace = course
    (workspace / '01-A.ipynb').write_text('my answers')
    change_course(edition)
    messages = rules.update_workspace(workspace, edition)
    kept = one_line(messages, 'kept:', '01-A.ipynb')
    assert kept == f"kept:      01-A.ipynb, with your changes; the course's newer version is in {UPDATE}"
    assert (workspace / UPDATE).read_text() == '01 v2'
    assert (workspace / '02-B.ipynb').read_text() == '02 v2'          # untouched: updated
    (workspace / UPDATE).write_text('my notes in the update')          # the student works there too
    (edition / '01-A.ipynb').write_text('01 v3')
    messages = rules.update_workspace(workspace, edition)
    assert (workspace / UPDATE).read_text() == 'my notes in the update'
    assert 'in the way' in one_line(messages, 'kept:', '01-A.ipynb')


def test_a_folder_where_a_notebook_was_is_named_and_the_rest_carries_on(course):
    edition, workspace = course
    (workspace / '01-A.ipynb').unlink()
    (workspace / '01-A.ipynb').mkdir()
    (workspace / '01-A.ipynb' / 'mine.txt').write_text('mine')
    change_course(edition)
    messages = rules.update_workspace(workspace, edition)
    assert 'is a folder' in one_line(messages, 'skipped:', '01-A.ipynb')
    assert (workspace / '01-A.ipynb' / 'mine.txt').read_text() == 'mine'
    assert (workspace / UPDATE).read_text() == '01 v2'
    assert (workspace / '02-B.ipynb').read_text() == '02 v2'


def test_data_as_a_file_is_named_and_the_notebooks_still_come(course):
    edition, workspace = course
    for f in (workspace / 'data').iterdir():
        f.unlink()
    (workspace / 'data').rmdir()
    (workspace / 'data').write_text('my file called data')
    change_course(edition)
    messages = rules.update_workspace(workspace, edition)
    assert 'data is a file' in one_line(messages, 'skipped:', 'data/hands.txt')
    assert (workspace / 'data').read_text() == 'my file called data'
    assert (workspace / '02-B.ipynb').read_text() == '02 v2'


@pytest.mark.skipif(os.name == 'nt' or (hasattr(os, 'geteuid') and os.geteuid() == 0),
                    reason='root may write a read-only file; the check is os.access')
def test_a_read_only_notebook_is_kept_with_the_update_beside_it(course):
    edition, workspace = course
    (workspace / '01-A.ipynb').chmod(0o444)
    change_course(edition)
    messages = rules.update_workspace(workspace, edition)
    assert 'read-only' in one_line(messages, 'kept:', '01-A.ipynb')
    assert (workspace / '01-A.ipynb').read_text() == '01 v1'
    assert (workspace / UPDATE).read_text() == '01 v2'


def test_a_read_only_notebook_is_kept_even_for_root(course, monkeypatch):
    edition, workspace = course
    change_course(edition)
    monkeypatch.setattr(rules.os, 'access', lambda path, mode: Path(path).name != '01-A.ipynb')
    messages = rules.update_workspace(workspace, edition)
    assert 'read-only' in one_line(messages, 'kept:', '01-A.ipynb')
    assert (workspace / '01-A.ipynb').read_text() == '01 v1'


def test_data_files_follow_the_notebooks_rule(course):
    edition, workspace = course
    change_course(edition)
    messages = rules.update_workspace(workspace, edition)
    one_line(messages, 'updated:', 'data/hands.txt')
    assert (workspace / 'data' / 'hands.txt').read_text() == 'data v2'
    (workspace / 'data' / 'hands.txt').write_text('my own hands')
    (edition / 'data' / 'hands.txt').write_text('data v3')
    messages = rules.update_workspace(workspace, edition)
    one_line(messages, 'kept:', 'data/hands.txt')
    assert (workspace / 'data' / 'hands.txt').read_text() == 'my own hands'
    assert (workspace / 'data' / 'hands (course update).txt').read_text() == 'data v3'


def test_the_student_edition_is_never_written_into_the_teachers(tmp_path, capsys):
    before = subprocess.run(['git', 'status', '--porcelain', 'notebooks'], cwd=ROOT,
                            capture_output=True, text=True).stdout
    for folder in ['notebooks', 'notebooks/', str(ROOT / 'notebooks' / 'data'),
                   str(ROOT / 'tools' / '..' / 'notebooks')]:
        with pytest.raises(SystemExit) as stop:      # the command line: one line, status 1
            main(['student', folder])
        assert str(stop.value).startswith('editions: will not write into')
        assert '\n' not in str(stop.value)
    with pytest.raises(SystemExit, match='will not write into'):
        write_student_edition(tmp_path / 'src', folder=tmp_path / 'src')
    assert subprocess.run(['git', 'status', '--porcelain', 'notebooks'], cwd=ROOT,
                          capture_output=True, text=True).stdout == before


def test_edits_in_student_are_never_overwritten_and_the_folder_says_it_is_no_place_to_work(tmp_path, capsys):
    out = tmp_path / 'student'
    assert main(['student', str(out)]) == 0
    assert 'not a place to work' in (out / 'README.txt').read_text()
    first = sorted(out.glob('[0-9][0-9]-*.ipynb'))[1]
    first.write_text('a teacher edited the handout')
    assert main(['student', str(out)]) == 0
    assert first.read_text() == 'a teacher edited the handout'
    assert capsys.readouterr().out.endswith('up to date\n')     # nothing newer to put beside it


def test_the_class_servers_command_speaks_the_class_language(tmp_path, capsys):
    # The hub runs `python -m pokerlib.serving.workspace EDITION WORKSPACE LANGUAGE` in her sandbox and
    # logs what it prints: in Chinese for a Chinese class, in English for anything else.
    edition = tmp_path / 'edition'
    edition.mkdir()
    (edition / '01-A.ipynb').write_text('01 v1')
    assert rules.main([str(edition), str(tmp_path / 'zh'), 'zh_CN']) == 0
    assert capsys.readouterr().out == '新增：  01-A.ipynb\n'
    for language in (['en'], ['fr'], []):
        assert rules.main([str(edition), str(tmp_path / f'w{len(language)}{language}')] + language) == 0
        assert capsys.readouterr().out == 'new:       01-A.ipynb\n'
