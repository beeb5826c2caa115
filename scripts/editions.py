"""The course's editions, and the copies people work in.

    python scripts/editions.py student [DIR]     # the student's edition (default student/)
    python scripts/editions.py workspace [DIR]   # bring a student's workspace up to date (default workspace/)
    python scripts/editions.py teacher [DIR]     # bring the teacher's projecting copy up to date (default teacher/)
    python scripts/editions.py teacher teacher-zh notebooks/zh   # the same, of the Chinese teacher's edition

The committed notebooks in notebooks/ are the *teacher's edition*: each
"Your turn" cell holds a solution between a line ``### BEGIN SOLUTION`` and
a line ``### END SOLUTION`` (nbgrader's convention), and the expected answer
of each exercise is in a markdown cell tagged ``teacher``.

The *student's edition* is made from it with nbconvert's preprocessors:
each solution region becomes ``# YOUR CODE HERE`` and
``raise NotImplementedError()`` (ClearSolutions, below), cells tagged
``teacher`` are removed (TagRemovePreprocessor) and outputs are cleared
(ClearOutputPreprocessor). The data files come along.

The *projecting copy* (teacher/) is the teacher's edition with a banner at
the top of each notebook and every solution and expected answer folded
(JupyterLab's own ``jupyter.source_hidden`` / ``outputs_hidden`` cell
metadata; an expected answer is also inside a closed ``<details>``, since
Run All unfolds every markdown cell), so that the class sees the question
first, and running and saving it in class never touches a tracked file.

Every copy someone works in (workspace/, teacher/, and student/ too) is
brought up to date by ``sync``: files that are new to the course are copied
in, a file nobody changed is replaced when the course has a newer version,
and a file somebody changed is never overwritten: the course's new version
is put beside it, under a clear name (``05-Shuffling (course update).ipynb``),
and a one-line message says so. Whatever is in the way (a folder where a
notebook should be, a read-only file, an unreadable record) gets a one-line
message naming it, and the rest carries on.
"""

import contextlib
import functools
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import nbformat
from nbconvert.preprocessors import (ClearOutputPreprocessor, Preprocessor,
                                     TagRemovePreprocessor)

from nav import NOTEBOOKS, notebooks

ROOT = Path(__file__).resolve().parent.parent
BEGIN, END = '### BEGIN SOLUTION', '### END SOLUTION'
SOLUTION_LINE = re.compile(rf'^\s*{re.escape(BEGIN)}\s*$', re.MULTILINE)
"""Finds a cell with a solution in it: a line that is only the BEGIN marker."""
STUB = ['# YOUR CODE HERE', 'raise NotImplementedError()']
MANIFEST = '.course-versions.json'
UPDATE = ' (course update)'
"""Added to a file's name for the course's new version, put beside a changed file."""
BANNER_TAG = 'teacher-banner'
BANNER = ("**Teacher's edition**: the solutions and expected answers are folded. "
          "When the class has tried, click a solution's folded line (`def ...: •••`) "
          "to unfold it, and the line "
          "\"The expected answer\" to show one. This copy lives in `teacher/`: "
          "running and saving here never changes the course's own notebooks.")
ANSWER_FOLD = '<details><summary>The expected answer (click to show)</summary>'
BANNER_ZH = ("**教师版**：答案和预期结果都已折叠。全班试过之后，点击答案折叠起来的那一行"
             "（`def ...: •••`）把它展开，点击“预期结果”那一行显示它。这份副本在 `teacher-zh/` 里："
             "在这里运行和保存，永远不会改动课程自己的笔记本。")
ANSWER_FOLD_ZH = '<details><summary>预期结果（点击显示）</summary>'
"""Wraps an expected answer in the projecting copy: JupyterLab's Run All shows every
markdown cell's input again, but leaves a closed <details> closed."""
README = """\
This folder holds the student's edition of the course, as `make student`
(python course.py student) wrote it, to hand out. It is not a place to work:
a student works in workspace/ (make lab), a teacher projects teacher/
(make lab-teacher). A file changed here is never overwritten: the course's
new version is put beside it, named "... (course update)".
"""


class ClearSolutions(Preprocessor):
    """Replace each region between BEGIN and END SOLUTION lines by a stub."""

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == 'code' and SOLUTION_LINE.search(cell.source):
            cell.source = clear_solutions(cell.source)
        return cell, resources


def clear_solutions(source: str) -> str:
    """The source with each solution region replaced by the stub, at its indentation.

    The lines from BEGIN to END (both only a marker) become the two lines of
    STUB, indented as the BEGIN line is; a marker without its partner is a
    ValueError. (tests/test_notebooks.py has an example.)
    """
    out, inside = [], False
    for line in source.splitlines():
        if line.strip() == BEGIN:
            indent = line[:len(line) - len(line.lstrip())]
            out += [indent + s for s in STUB]
            inside = True
        elif line.strip() == END:
            if not inside:
                raise ValueError(f'{END} without {BEGIN}')
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise ValueError(f'{BEGIN} without {END}')
    return '\n'.join(out)


def student_notebook(path):
    """The student's edition of one notebook, as a NotebookNode."""
    nb = nbformat.read(path, as_version=4)
    resources = {}
    for pre in [ClearSolutions(),
                TagRemovePreprocessor(remove_cell_tags={'teacher'}),
                ClearOutputPreprocessor()]:
        nb, resources = pre.preprocess(nb, resources)
    for cell in nb.cells:       # every cell, markdown too: nbgrader's grading marks
        cell.metadata.pop('nbgrader', None)
    return nb


def is_answer(cell) -> bool:
    """True for a cell that gives an answer away: a solution or an expected answer."""
    return ('teacher' in cell.metadata.get('tags', [])
            or (cell.cell_type == 'code' and bool(SOLUTION_LINE.search(cell.source))))


def solution_lines(cell) -> set:
    """The lines of a cell's solution regions (stripped; blank lines and comments left out)."""
    lines, inside = set(), False
    for line in cell_source(cell).splitlines():
        if line.strip() in (BEGIN, END):
            inside = line.strip() == BEGIN
        elif inside and line.strip() and not line.strip().startswith('#'):
            lines.add(line.strip())
    return lines


def shown_text(cell) -> str:
    """What a code cell's saved outputs show, as text."""
    shown = []
    for out in cell.get('outputs', []):
        text = out.get('text', '')
        data = out.get('data', {})
        for part in (text, data.get('text/plain', ''), data.get('text/html', '')):
            shown.append(part if isinstance(part, str) else ''.join(part))
    return '\n'.join(shown)


def cell_source(cell) -> str:
    source = cell.get('source', '')
    return source if isinstance(source, str) else ''.join(source)


def reveals_answer(cell, solutions) -> bool:
    """True for a code cell (not a solution) whose saved output shows half or more of the
    lines of one of the notebook's solutions (the library's version shown by source(...)):
    projected or on the website, it would give the answer away before the class has tried."""
    if cell.get('cell_type') != 'code' or SOLUTION_LINE.search(cell_source(cell)):
        return False
    shown = {line.strip() for line in shown_text(cell).splitlines()}
    return any(lines and len(lines & shown) >= len(lines) / 2 for lines in solutions)


def revealing_cells(nb) -> list:
    """The indexes of the cells of a notebook whose saved outputs give a solution away."""
    cells = nb['cells']
    solutions = [solution_lines(c) for c in cells
                 if c.get('cell_type') == 'code' and SOLUTION_LINE.search(cell_source(c))]
    return [i for i, c in enumerate(cells) if reveals_answer(c, solutions)]


def teacher_notebook(path, banner=BANNER, fold=ANSWER_FOLD):
    """The projecting copy of one notebook: a banner on top, answers folded, and so are the
    saved outputs that show an answer (running the cell, once the class has tried, shows them)."""
    nb = nbformat.read(path, as_version=4)
    for i in revealing_cells(nb):
        nb.cells[i].metadata.setdefault('jupyter', {})['outputs_hidden'] = True
    for cell in nb.cells:
        if is_answer(cell):
            if cell.cell_type == 'markdown':     # Run All unfolds markdown: fold it in the text too
                cell.source = f'{fold}\n\n{cell.source}\n\n</details>'
            hidden = cell.metadata.setdefault('jupyter', {})
            hidden['source_hidden'] = True
            if cell.cell_type == 'code' and cell.get('outputs'):
                hidden['outputs_hidden'] = True
    banner = nbformat.v4.new_markdown_cell(banner, metadata={'tags': [BANNER_TAG]})
    banner['id'] = BANNER_TAG                # the same every time: the copy stays comparable
    nb.cells.insert(0, banner)
    return nb


def check_not_source(outdir, folder):
    """Refuse to write an edition into the folder it is made from (or into the course's notebooks)."""
    out = Path(outdir).resolve()
    for protected in {Path(folder).resolve(), NOTEBOOKS.resolve()}:
        if out == protected or protected in out.parents:
            raise SystemExit(f'editions: will not write into {outdir}: that is where '
                             "the teacher's edition lives; choose another folder")


def write_edition(outdir, folder=NOTEBOOKS, make=student_notebook) -> list:
    """Write an edition (make(path) for each notebook) and the data files into outdir, a fresh folder."""
    outdir, folder = Path(outdir), Path(folder)
    check_not_source(outdir, folder)
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for path in notebooks(folder):
        target = outdir / path.name
        nbformat.write(make(path), target)
        written.append(target)
    if (folder / 'data').is_dir():
        shutil.copytree(folder / 'data', outdir / 'data', dirs_exist_ok=True)
    return written


def write_student_edition(outdir, folder=NOTEBOOKS) -> list:
    """Write the student's edition of every notebook in folder, and its data files, into outdir."""
    return write_edition(outdir, folder, student_notebook)


# --- keeping a copy up to date, never losing anyone's changes ------------------

def digest(path) -> str:
    """The file's SHA-256."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def source_digest(path) -> str:
    """A notebook's SHA-256 by its cells' sources only: running, saving and folding don't change it.

    Used for the teacher's projecting copy, where a Run All must not make a
    notebook count as changed. Not a notebook: the file's digest.
    """
    try:
        cells = json.loads(Path(path).read_text(encoding='utf-8'))['cells']
        text = json.dumps([[c['cell_type'], ''.join(c['source'])] for c in cells])
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return digest(path)
    return hashlib.sha256(text.encode()).hexdigest()


def write_atomically(path, data: bytes):
    """Write data to path by a temporary file beside it and a rename: never half a file."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f'.{path.name}.', suffix='.part')
    try:
        with os.fdopen(fd, 'wb') as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_manifest(path):
    """The record of the versions copied in, and a note if it could not be used.

    A manifest that is missing is an empty record; one that is not a JSON
    object of names to digests (invalid, truncated, empty, ``[]``, ``null``,
    a folder...) is treated as missing, with a one-line note.
    """
    if not path.exists() and not path.is_symlink():
        return {}, None
    try:
        data = json.loads(path.read_text(encoding='utf-8'))
        if not isinstance(data, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
            raise ValueError('not a record of file versions')
    except (OSError, ValueError) as e:
        reason = 'it is a folder' if path.is_dir() else (
            'it is empty' if isinstance(e, ValueError) and not path.read_bytes().strip()
            else f'{type(e).__name__}: {str(e).splitlines()[0][:80]}')
        return {}, (f'note:      {path.name} (the record of the versions you were given) '
                    f'could not be read ({reason}); treated as missing')
    return data, None


def update_name(name: str) -> str:
    """'05-Shuffling.ipynb' -> '05-Shuffling (course update).ipynb'."""
    stem, dot, ext = name.rpartition('.')
    return f'{stem}{UPDATE}.{ext}' if dot and stem else name + UPDATE


def edition_files(edition) -> list:
    """The files of an edition to copy, as paths relative to it: notebooks, then data files."""
    edition = Path(edition)
    files = [p.relative_to(edition) for p in sorted(edition.glob('*.ipynb'))]
    if (edition / 'data').is_dir():
        files += [p.relative_to(edition) for p in sorted((edition / 'data').rglob('*'))
                  if p.is_file()]
    return files


def sync(target, edition, same=digest) -> list:
    """Bring the copy in target up to date from edition; return one message a line.

    same(path) identifies a version: the file's digest for a student's
    workspace (any change of theirs counts), the cells' sources for the
    teacher's projecting copy (running and saving don't). The manifest in
    target records the version of each file copied in, so a file that still
    matches it is untouched. It is written atomically, as every file is.
    """
    target, edition = Path(target), Path(edition)
    target.mkdir(parents=True, exist_ok=True)
    manifest_path = target / MANIFEST
    manifest, note = read_manifest(manifest_path)
    had_record = manifest_path.is_file() and note is None
    messages = [note] if note else []
    for rel in edition_files(edition):
        message = _sync_file(target, edition, rel, manifest, had_record, same)
        if message:
            messages.append(message)
    try:
        write_atomically(manifest_path,
                         (json.dumps(manifest, indent=1, sort_keys=True) + '\n').encode())
    except OSError as e:
        messages.append(f'note:      could not write {MANIFEST} ({e.strerror or e}): '
                        'the next update cannot tell your changes from the course\'s')
    return messages


def _sync_file(target, edition, rel, manifest, had_record, same):
    """Bring one file up to date (see sync); the message to show, if any."""
    source, dest = edition / rel, target / rel
    key = rel.as_posix()
    new = same(source)
    parent = dest.parent
    if parent != target and parent.exists() and not parent.is_dir():
        return (f'skipped:   {key}: {parent.relative_to(target).as_posix()} is a file, '
                "not a folder, so the course's files for it were not copied")
    if dest.is_dir() or (dest.exists() and not dest.is_file()):
        return _beside(target, source, rel, manifest,
                       f'skipped:   {key} is a folder (or not a file), not the course\'s file')
    if not dest.exists():
        try:
            parent.mkdir(parents=True, exist_ok=True)
            write_atomically(dest, source.read_bytes())
        except OSError as e:
            return f'skipped:   {key}: could not be written ({e.strerror or e})'
        manifest[key] = new
        return f'new:       {key}'
    current = same(dest)
    if current == new:
        manifest[key] = new
        return None
    given = manifest.get(key)
    if current == given:                   # untouched since it was copied in
        if not os.access(dest, os.W_OK):
            return _beside(target, source, rel, manifest,
                           f'kept:      {key} is read-only, so the course\'s newer version')
        try:
            write_atomically(dest, source.read_bytes())
        except OSError as e:
            return f'skipped:   {key}: could not be updated ({e.strerror or e})'
        manifest[key] = new
        return f'updated:   {key} (you had not changed it)'
    if given is None:
        why = (f'kept:      {key} differs from the course\'s current version and '
               + ('the record of the version you were given was missing'
                  if not had_record else 'is not in the record of what the course copied in')
               + ', so it is kept as it is')
    elif given == new:                    # changed by its owner; the course has nothing newer
        return None
    else:
        why = f'kept:      {key}, with your changes; the course\'s newer version'
    return _beside(target, source, rel, manifest, why)


def _beside(target, source, rel, manifest, why):
    """Put the course's version beside rel, under the update name, unless that file was changed too."""
    beside = rel.with_name(update_name(rel.name))
    dest, key = target / beside, beside.as_posix()
    try:
        if dest.exists() and (not dest.is_file() or manifest.get(key) != digest(dest)):
            if dest.is_file() and digest(dest) == digest(source):
                manifest[key] = digest(dest)
                return f'{why} is in {key}'
            return f'{why} was not copied: {key} is in the way (you changed it)'
        write_atomically(dest, source.read_bytes())
    except OSError as e:
        return f'{why} could not be written to {key} ({e.strerror or e})'
    manifest[key] = digest(dest)
    return f'{why} is in {key}'


def update_workspace(workspace, edition) -> list:
    """Bring a student's workspace up to date from the student's edition (sync, by file digest)."""
    return sync(workspace, edition, digest)


def publish(what, out, source=NOTEBOOKS, make=None):
    """Make `what` edition ('student', 'workspace' or 'teacher') of the notebooks in source
    in a temporary folder, then bring it into out by a workspace's rules (never overwriting
    a file someone changed); student/ gets the README that says it is no place to work.
    Return (the notebooks written, sync's messages)."""
    out = Path(out)
    check_not_source(out, source)
    make = make or (teacher_notebook if what == 'teacher' else student_notebook)
    with tempfile.TemporaryDirectory(prefix='pokerlib-edition-') as staging:
        written = write_edition(Path(staging) / 'edition', source, make)
        if what == 'student':
            out.mkdir(parents=True, exist_ok=True)
            if not (out / 'README.txt').exists():
                (out / 'README.txt').write_text(README)
        messages = sync(out, Path(staging) / 'edition',
                        source_digest if what == 'teacher' else digest)
    return written, messages


def show(headline, messages, kept_note):
    """Print what a sync did: the headline, one line a message, and kept_note if a file was kept."""
    print(headline)
    for m in messages:
        print('  ' + m)
    if any(m.startswith('kept') for m in messages):
        print('  ' + kept_note)


def main(argv):
    if not argv or argv[0] not in ('student', 'workspace', 'teacher'):
        print(__doc__)
        return 2
    what = argv[0]
    out = Path(argv[1]) if len(argv) > 1 else ROOT / what
    source = Path(argv[2]) if len(argv) > 2 else NOTEBOOKS    # notebooks/zh for the Chinese
    make = None
    if what == 'teacher' and source.resolve() == (NOTEBOOKS / 'zh').resolve():
        make = functools.partial(teacher_notebook, banner=BANNER_ZH, fold=ANSWER_FOLD_ZH)
    written, messages = publish(what, out, source, make)
    try:
        where = out.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        where = out
    title = {'student': f"The student's edition ({len(written)} notebooks, to hand out)",
             'workspace': 'Your own copy of the course',
             'teacher': "The teacher's copy, to project (answers folded)"}[what]
    show(f'{title} is in {where}/ (git leaves it alone): '
         + (f'{len(messages)} change{"s" if len(messages) > 1 else ""}' if messages
            else 'up to date'), messages, 'A file you changed is never overwritten.')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
