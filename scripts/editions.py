"""The course's two editions, and a student's own workspace.

    python scripts/editions.py student [DIR]     # write the student's edition (default student/)
    python scripts/editions.py workspace [DIR]   # bring a workspace up to date (default workspace/)

The committed notebooks in notebooks/ are the *teacher's edition*: each
"Your turn" cell holds a solution between a line ``### BEGIN SOLUTION`` and
a line ``### END SOLUTION`` (nbgrader's convention), and the expected answer
of each exercise is in a markdown cell tagged ``teacher``.

The *student's edition* is made from it with nbconvert's preprocessors:
each solution region becomes ``# YOUR CODE HERE`` and
``raise NotImplementedError()`` (ClearSolutions, below), cells tagged
``teacher`` are removed (TagRemovePreprocessor) and outputs are cleared
(ClearOutputPreprocessor). The data files come along.

A *workspace* is a student's own copy of the student's edition, where they
run, edit and save; nothing in it is tracked by git. Bringing it up to date
copies in notebooks that are new, replaces a notebook the student has not
changed when the course has a newer version of it, and never overwrites a
notebook the student changed: it says what it did.
"""

import hashlib
import json
import re
import shutil
import sys
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


def write_student_edition(outdir, folder=NOTEBOOKS) -> list:
    """Write the student's edition of every notebook in folder, and its data files, into outdir."""
    outdir, folder = Path(outdir), Path(folder)
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for path in notebooks(folder):
        target = outdir / path.name
        nbformat.write(student_notebook(path), target)
        written.append(target)
    if (folder / 'data').is_dir():
        shutil.copytree(folder / 'data', outdir / 'data', dirs_exist_ok=True)
    return written


def digest(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def update_workspace(workspace, edition) -> list:
    """Bring a workspace up to date from a student's edition; return what was done.

    Each message is one line for the student. The manifest in the workspace
    remembers the version of each notebook copied in, so a notebook that
    still matches it is the student's untouched copy.
    """
    workspace, edition = Path(workspace), Path(edition)
    workspace.mkdir(parents=True, exist_ok=True)
    manifest_path = workspace / MANIFEST
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    messages = []
    for source in sorted(edition.glob('*.ipynb')):
        target = workspace / source.name
        new = digest(source)
        current = digest(target) if target.exists() else None
        if current is None:
            shutil.copyfile(source, target)
            messages.append(f'new:       {source.name}')
        elif current == manifest.get(source.name) and current != new:
            shutil.copyfile(source, target)
            messages.append(f'updated:   {source.name} (you had not changed it)')
        elif current != new:              # the student's own changes: never overwritten
            if manifest.get(source.name) != new:
                messages.append(f"kept:      {source.name}, with your changes; the course's "
                                f'newer version is {edition.name}/{source.name}')
            continue
        manifest[source.name] = new
    if (edition / 'data').is_dir():
        for data in sorted((edition / 'data').iterdir()):
            target = workspace / 'data' / data.name
            if not target.exists():
                target.parent.mkdir(exist_ok=True)
                shutil.copyfile(data, target)
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + '\n')
    return messages


def main(argv):
    if not argv or argv[0] not in ('student', 'workspace'):
        print(__doc__)
        return 2
    if argv[0] == 'student':
        out = Path(argv[1]) if len(argv) > 1 else ROOT / 'student'
        written = write_student_edition(out)
        print(f"The student's edition: {len(written)} notebooks in {out}")
        return 0
    workspace = Path(argv[1]) if len(argv) > 1 else ROOT / 'workspace'
    edition = ROOT / 'student'
    write_student_edition(edition)
    messages = update_workspace(workspace, edition)
    try:
        where = workspace.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        where = workspace
    print(f'Your own copy of the course is in {where}/ (git leaves it alone): '
          + (f'{len(messages)} change{"s" if len(messages) > 1 else ""}' if messages
             else 'up to date'))
    for m in messages:
        print('  ' + m)
    if any(m.startswith('kept') for m in messages):
        print('  A notebook you changed is never overwritten.')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
