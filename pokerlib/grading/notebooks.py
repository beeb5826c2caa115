"""What to grade: the course's exercises, the students' notebooks, whose each is and its lesson.

The exercises are the ``check(NAME)`` cells of the teacher's edition
(``notebooks/NN-*.ipynb``), lesson by lesson. A student's notebook is
matched to its lesson by its number, else its title, else the functions it
defines; so a student who renamed the file is still graded.

A student is named by the first folder under the folder given
(``class/alice/01-Hands.ipynb`` is alice), or, for a notebook given or
found directly, by its folder when the file keeps the course's name
(``alice/01-Hands-and-hand_rank.ipynb``) and by the file's own name
otherwise (``bob-01.ipynb`` is bob-01). A notebook is read as untrusted
bytes: never a link inside a folder, never a FIFO or a device, never more
than NOTEBOOK_BYTES.
"""

import ast
import errno
import json
import os
import re
import stat
from pathlib import Path

from ..cards import PokerError
from ..i18n import _
from .tables import shown

__all__ = ['lesson_exercises', 'find_notebooks', 'lesson_of', 'read_regular', 'notebook_language',
           'stage']

NOTEBOOK_NAME = re.compile(r'^(\d\d)-')
UPDATE = '(course update)'
"""In the name of the course's new version, put beside a notebook the student changed: never graded."""
NOTEBOOK_BYTES = 64 * 2**20
"""A notebook larger than this is not read."""


def course_notebooks() -> Path:
    """The teacher's edition: $POKERLIB_NOTEBOOKS, else notebooks/ beside the package."""
    return Path(os.environ.get('POKERLIB_NOTEBOOKS')
                or Path(__file__).resolve().parent.parent.parent / 'notebooks')


def _cells(path):
    """[(cell type, source)] of a notebook; ValueError for JSON nested too deeply to be one."""
    with open(path, encoding='utf-8') as f:
        try:
            cells = json.load(f)['cells']
        except RecursionError:
            raise ValueError('nested too deeply to be a notebook') from None
    return [(c['cell_type'], ''.join(c['source'])) for c in cells]


def _checks(source):
    """The (function, exercise) of each top-level check(NAME[, name='...']) call in a cell."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) else None
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                and call.func.id == 'check' and call.args
                and isinstance(call.args[0], ast.Name)):
            name = call.args[0].id
            for kw in call.keywords:
                if kw.arg == 'name' and isinstance(kw.value, ast.Constant):
                    name = kw.value.value
            found.append((call.args[0].id, name))
    return found


def _only_checks(source) -> bool:
    """True for a cell of check(...) calls only: the grader judges those itself, so it skips them."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return False
    return bool(body) and len(_checks(source)) == len(body)


def lesson_exercises(folder=None) -> dict:
    """{'01': [(function, exercise), ...], ...}: the check cells of each notebook of the teacher's edition.

    >>> lesson_exercises()['01'][:3]
    [('hand_rank', 'hand_rank'), ('card_ranks', 'card_ranks'), ('straight', 'straight')]
    """
    lessons = {}
    for path in sorted(Path(folder or course_notebooks()).glob('[0-9][0-9]-*.ipynb')):
        found = [pair for kind, src in _cells(path) if kind == 'code' for pair in _checks(src)]
        if found:
            lessons[path.name[:2]] = list(dict.fromkeys(found))
    return lessons


def _titles(folder) -> dict:
    """{'first # heading': 'NN'} of the teacher's notebooks."""
    titles = {}
    for path in sorted(Path(folder).glob('[0-9][0-9]-*.ipynb')):
        for kind, src in _cells(path):
            heading = next((l[2:].strip() for l in src.splitlines() if l.startswith('# ')), None)
            if kind == 'markdown' and heading:
                titles[heading] = path.name[:2]
                break
    return titles


def lesson_of(path, lessons, folder=None):
    """The lesson number of a student's notebook: from its name, else its title, else its functions."""
    match = NOTEBOOK_NAME.match(Path(path).name)
    if match and match.group(1) in lessons:
        return match.group(1)
    try:
        cells = _cells(path)
    except (OSError, ValueError, KeyError, TypeError):
        return match.group(1) if match else None
    titles = _titles(folder or course_notebooks())
    for kind, src in cells:
        for line in src.splitlines():
            if kind == 'markdown' and line.startswith('# ') and line[2:].strip() in titles:
                return titles[line[2:].strip()]
    defined = set(re.findall(r'^\s*def\s+(\w+)', '\n'.join(s for k, s in cells if k == 'code'),
                             re.MULTILINE))
    overlap = {n: len(defined & {f for f, _ in ex}) for n, ex in lessons.items()}
    best = max(overlap, key=overlap.get, default=None)
    return best if best and overlap[best] else None


def find_notebooks(paths) -> list:
    """[(student, path)] for the notebooks in paths (files or folders), in order.

    In a folder, only regular files count: a link (to another student's
    notebook, say), a FIFO or a device named ``*.ipynb`` is passed over, and
    a linked folder is not entered; hidden folders and the course's
    ``(course update)`` copies are left out. A file given by name may be a link.
    """
    return [(student, path) for student, path, _ in _found(paths)]


def hidden(paths) -> list:
    """The hidden folders and notebooks (names starting with a dot) that grading leaves out."""
    left_out = []
    for given in map(Path, paths):
        if given.is_dir():
            for top, folders, files in os.walk(given):
                left_out += [Path(top) / f for f in folders
                             if f.startswith('.') and f != '.ipynb_checkpoints']   # (JupyterLab's)
                left_out += [Path(top) / f for f in files if f.startswith('.') and f.endswith('.ipynb')]
                folders[:] = [f for f in folders if not f.startswith('.')]
    return sorted(left_out)


def _found(paths) -> list:
    """[(student, path, given)] where given says the path was named, not found in a folder."""
    found = []
    for given in map(Path, paths):
        if given.is_dir():
            inside = []
            for top, folders, files in os.walk(given):      # never follows a link to a folder
                folders[:] = [f for f in folders if not f.startswith('.')]
                for name in files:
                    path = Path(top) / name
                    if name.endswith('.ipynb') and not name.startswith('.') and UPDATE not in name \
                            and _regular(path):
                        inside.append(path)
            for path in sorted(inside):
                rel = path.relative_to(given)
                student = rel.parts[0] if len(rel.parts) > 1 else _student_of_file(path)
                found.append((student, path, False))
        elif UPDATE not in given.name:
            found.append((_student_of_file(given), given, True))
    return found


def _regular(path) -> bool:
    """True for a regular file (not a link, FIFO, socket or device)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def read_regular(path, follow_links=False, limit=NOTEBOOK_BYTES) -> bytes:
    """The bytes of the regular file at path: never blocks on a FIFO, never reads a device.

    Unless ``follow_links``, a link is refused too (a student's link could
    point at another student's notebook). One ``PokerError`` line says why.
    """
    flags = os.O_RDONLY | getattr(os, 'O_NONBLOCK', 0) | getattr(os, 'O_NOCTTY', 0)
    if not follow_links:
        flags |= getattr(os, 'O_NOFOLLOW', 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.EMLINK):
            raise PokerError(f'{shown(str(path))}: a link, not a notebook') from None
        raise PokerError(f'{shown(str(path))}: {e.strerror}') from None
    with os.fdopen(fd, 'rb') as f:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise PokerError(f'{shown(str(path))}: not a regular file')
        data = f.read(limit + 1)
    if len(data) > limit:
        raise PokerError(f'{shown(str(path))}: larger than {limit // 2**20} MB')
    return data


def stage(students, workspaces, edition, staging, limit=NOTEBOOK_BYTES) -> tuple:
    """Copy into staging/NAME/ each notebook a student changed; ({name: count}, refused rows).

    A notebook still exactly as it was handed out (``edition``) has nothing to
    grade: its exercises show as not started, and grading a class stays quick.
    One notebook is read at a time (the bytes compared are the bytes copied, not
    what the file holds a moment later), so memory never grows with what students
    save; one larger than ``limit`` gets a row saying so instead. Links and
    FIFOs are passed over: no notebook of hers.
    """
    counts, refused = {}, []
    for name in students:
        for path in sorted((Path(workspaces) / name).glob('*.ipynb')):
            if not _regular(path):
                continue
            try:
                mine = read_regular(path, limit=limit)
            except PokerError as e:
                refused.append({'student': name, 'notebook': path.name, 'exercise': '',
                                'status': 'unknown', 'seconds': 0,
                                'report': _('not graded: {why}').format(why=e)})
                continue
            handed_out = Path(edition) / path.name
            if handed_out.exists() and handed_out.stat().st_size == len(mine) \
                    and handed_out.read_bytes() == mine:
                continue
            (Path(staging) / name).mkdir(parents=True, exist_ok=True)
            (Path(staging) / name / path.name).write_bytes(mine)
            counts[name] = counts.get(name, 0) + 1
    return counts, refused


def _student_of_file(path):
    path = Path(path).resolve()
    return path.parent.name if NOTEBOOK_NAME.match(path.name) else path.stem


def notebook_language(paths) -> str:
    """The language of the course the notebooks at paths (files or folders) come from.

    'zh_CN' when one of them switches the library to Chinese (the Chinese
    edition's first code cell calls ``set_language('zh_CN')``), else 'en'.
    """
    for _student, path in find_notebooks(paths):
        try:
            cells = _cells(path)
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if any(kind == 'code' and SETS_CHINESE.search(src) for kind, src in cells):
            return 'zh_CN'
    return 'en'


SETS_CHINESE = re.compile(r"""set_language\(\s*['"]zh""")
