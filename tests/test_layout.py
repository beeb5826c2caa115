"""The repository's layout: every import can be read by a reader and a tool.

No module of the course's code is over 600 lines (``tools.module_sizes``, which
``make check`` runs too). Code is imported by name (pokerlib installed; the tools package, the class
server's modules and course.py from the root, as ``python -m`` and pytest's
``pythonpath`` have it), never by editing ``sys.path`` or ``PYTHONPATH``.
"""

import re
import subprocess
from pathlib import Path

from tools import module_sizes

ROOT = Path(__file__).resolve().parent.parent
EDIT = re.compile(r'\bsys\s*\.\s*path\s*(?:\.\s*(?:insert|append|extend|remove|clear)\b|\[[^\]]*\]\s*=|\+=|=(?!=))'
                  r'|\bsite\s*\.\s*addsitedir\b|\bPYTHONPATH\b')
"""An edit of the module search path: sys.path changed in place or replaced, a site dir
added, or PYTHONPATH set (a read such as ``print(sys.path)`` is not an edit)."""


def tracked(*patterns) -> list:
    out = subprocess.run(['git', 'ls-files', '-z', *patterns], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return [ROOT / name for name in out.split('\0') if name]


def edits(text: str) -> list:
    """The lines of text that edit the module search path."""
    return [line.strip() for line in text.splitlines() if EDIT.search(line)]


def test_the_check_finds_each_kind_of_edit():
    path = 'sys' + '.path'          # spelt apart, so that this file passes its own test
    for line in [f'{path}.insert(0, str(ROOT))', f'{path}[:0] = [HERE]', f'{path} = [x]',
                 f'{path}.append(x)', f'{path} += [x]', 'site' + '.addsitedir(x)',
                 'env = {"PYTHON' + 'PATH": "."}']:
        assert edits(f'import sys\n{line}\n') == [line], line
    assert edits(f'print({path})\nif {path} == []: pass\n') == []


def test_no_file_edits_the_module_search_path():
    files = tracked('*.py', 'Makefile', '.ci/run', '*.toml', '*.cfg')
    assert ROOT / 'course.py' in files and ROOT / 'tools' / 'nav.py' in files
    found = {f.relative_to(ROOT).as_posix(): edits(f.read_text(encoding='utf-8'))
             for f in files if f != Path(__file__)}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_readme_is_a_front_door_whose_links_all_work():
    """At most 150 lines, the two commands, and every link a file of the repository
    (each page of the manual, in both languages where there are two)."""
    text = (ROOT / 'README.md').read_text(encoding='utf-8')
    assert len(text.splitlines()) <= 150
    assert 'make lab ' in text and 'make test ' in text and 'make lab-zh' in text
    links = re.findall(r'\]\(([^)#]+)\)', text)
    assert links and all((ROOT / link).is_file() for link in links), links
    manual = sorted((ROOT / 'site' / 'manual').rglob('*.md'))
    assert {p.relative_to(ROOT).as_posix() for p in manual} <= set(links)
    folders = {p.name for p in ROOT.iterdir() if p.is_dir() and (p.name in ('.ci',)
               or not p.name.startswith('.')) and tracked(p.name + '/')}
    mapped = set(re.findall(r'^\| `([^`/]+)/` \|', text, re.MULTILINE))
    assert folders == mapped, 'the map of the repository names each tracked folder once'


def test_no_module_of_the_course_is_over_600_lines():
    """tools/module_sizes.py, as make check runs it; the files being split are the only
    ones allowed over, and only while they are."""
    assert module_sizes.problems() == []
    assert 'course.py' in module_sizes.modules() and 'pokerlib/practice/judge/kit.py' in \
        module_sizes.modules()


def test_the_size_check_names_each_long_module_and_each_stale_exception(tmp_path, capsys):
    def write(name, n, track=True):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(''.join(f'x = {i}\n' for i in range(n)))
        if track:
            subprocess.run(['git', 'add', name], cwd=tmp_path, check=True)

    subprocess.run(['git', 'init', '-q'], cwd=tmp_path, check=True)
    write('pokerlib/big.py', 601)
    write('pokerlib/sub/at_the_limit.py', 600)
    write('course.py', 700)
    write('deploy/long.py', 1_000)
    write('pokerlib/untracked.py', 700, track=False)         # not the course's until tracked
    write('tests/test_long.py', 700)                         # tests are not held to it
    write('tools/notes.txt', 700)                            # nor files of other kinds
    write('pokerlib/being_split.py', 650)
    write('pokerlib/split_already.py', 300)
    allowed = {'pokerlib/being_split.py', 'pokerlib/split_already.py'}
    found = module_sizes.problems(tmp_path, allowed=allowed)
    assert found == [
        'course.py: 700 lines, more than 600: split it',
        'deploy/long.py: 1,000 lines, more than 600: split it',
        'pokerlib/big.py: 601 lines, more than 600: split it',
        'pokerlib/split_already.py: 300 lines, no longer over 600: remove it from '
        'BEING_SPLIT in tools/module_sizes.py']
    assert module_sizes.main(tmp_path, allowed=allowed) == 1
    assert capsys.readouterr().err.splitlines() == found
    for name in ('course.py', 'deploy/long.py', 'pokerlib/big.py'):
        write(name, 600)
    assert module_sizes.main(tmp_path, allowed={'pokerlib/being_split.py'}) == 0
