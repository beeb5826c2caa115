"""The course's editions, made from the teacher's edition, in English or Chinese.

The committed notebooks (``notebooks/``, and ``notebooks/zh/`` in Chinese)
are the *teacher's edition*: each "Your turn" cell holds a solution between
a line ``### BEGIN SOLUTION`` and a line ``### END SOLUTION`` (nbgrader's
convention), and the expected answer of each exercise is in a markdown cell
tagged ``teacher``.

The *student's edition* is made from it with nbconvert's preprocessors: each
solution region becomes the stub (``# YOUR CODE HERE`` and ``raise
NotImplementedError()``, the comment in the edition's language), cells tagged
``teacher`` are removed and outputs cleared. The data files come along.

>>> clear_solutions('def f():\\n    ### BEGIN SOLUTION\\n    return 1\\n    ### END SOLUTION')
'def f():\\n    # YOUR CODE HERE\\n    raise NotImplementedError()'
>>> stub('zh_CN')[0]
'# 在这里写你的代码'

The *projecting copy* (teacher/) is the teacher's edition with a banner at
the top of each notebook and every solution and expected answer folded
(JupyterLab's own ``jupyter.source_hidden`` / ``outputs_hidden`` cell
metadata; an expected answer is also inside a closed ``<details>``, since
Run All unfolds every markdown cell).

``publish`` brings an edition into a folder someone works in by the rules of
pokerlib.serving.workspace (a file someone changed is never overwritten): ``make
lab``, ``make lab-zh``, ``make lab-teacher`` and the class server all use it.
The words an edition adds (the stub's comment, the banner, the reports) are
in the library's catalog, ``pokerlib/locale``.
"""

import functools
import re
import shutil
import tempfile
from pathlib import Path

import nbformat
from nbconvert.preprocessors import ClearOutputPreprocessor, Preprocessor, TagRemovePreprocessor

from ..i18n import N_, translator
from .workspace import digest, source_digest, sync

__all__ = ['BEGIN', 'END', 'SOLUTION_LINE', 'STUB', 'stub', 'clear_solutions', 'notebooks',
           'student_notebook', 'is_answer', 'teacher_notebook', 'write_edition',
           'write_student_edition', 'publish', 'report']

BEGIN, END = '### BEGIN SOLUTION', '### END SOLUTION'
SOLUTION_LINE = re.compile(rf'^\s*{re.escape(BEGIN)}\s*$', re.MULTILINE)
"""Finds a cell with a solution in it: a line that is only the BEGIN marker."""
STUB_COMMENT = N_('YOUR CODE HERE')
STUB = ['# ' + STUB_COMMENT, 'raise NotImplementedError()']
"""What the student's edition has in place of a solution (its comment in English)."""
BANNER_TAG = 'teacher-banner'
BANNER = N_("**Teacher's edition**: the solutions and expected answers are folded. "
            "When the class has tried, click a solution's folded line (`def ...: •••`) "
            "to unfold it, and the line "
            "\"The expected answer\" to show one. This copy lives in `teacher/`: "
            "running and saving here never changes the course's own notebooks.")
ANSWER_SUMMARY = N_('The expected answer (click to show)')
"""The line that opens an expected answer in the projecting copy: JupyterLab's Run All
shows every markdown cell's input again, but leaves a closed <details> closed."""
OTHER_LANGUAGE_LINK = re.compile(r' \| \[English\]\(\.\./[^)]*\)')
"""A Chinese teacher's notebook's link to the English one beside it (in notebooks/): a
student's workspace has no English notebook beside it, so its edition leaves the link out."""
README = ("""\
This folder holds the student's edition of the course, as `make student`
(python course.py student) wrote it, to hand out. It is not a place to work:
a student works in workspace/ (make lab), a teacher projects teacher/
(make lab-teacher). A file changed here is never overwritten: the course's
new version is put beside it, named "... (course update)".
""")
"""The English student's edition's README.txt: the teacher makes it, and keeps it."""
README_ZH = N_("""\
The poker course in Chinese, the student's edition: notebooks 00 to 08 (00 is
the table of contents) and the data files they read. Open them in JupyterLab,
start with 00 and go in order. In each "Your turn" cell, replace
`raise NotImplementedError()` with your own code and run the cell, then run the
`check(...)` line below it: it says at once whether your function is right,
and if not, on which input and why. These files are yours: change them freely.
""")
"""The Chinese student's edition's README.txt (its Chinese in the catalog), written for the
student it is handed to: what is in it and how to work through it."""
TITLES = {'student': N_("The student's edition ({n} notebooks, to hand out)"),
          'workspace': N_('Your own copy of the course'),
          'teacher': N_("The teacher's copy, to project (answers folded)")}
"""What publish made, in the first line of its report."""

def stub(language: str = 'en') -> list:
    """The stub's two lines, the comment in the language of the edition."""
    return ['# ' + translator(language)(STUB_COMMENT), STUB[1]]


class ClearSolutions(Preprocessor):
    """Replace each region between BEGIN and END SOLUTION lines by a stub."""

    def __init__(self, lines=STUB, **kw):
        super().__init__(**kw)
        self.lines = lines

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == 'code' and SOLUTION_LINE.search(cell.source):
            cell.source = clear_solutions(cell.source, self.lines)
        return cell, resources


def clear_solutions(source: str, lines=STUB) -> str:
    """The source with each solution region replaced by the stub's lines, at its indentation.

    The lines from BEGIN to END (both only a marker) become the lines of the
    stub, indented as the BEGIN line is; a marker without its partner is a
    ValueError.
    """
    out, inside = [], False
    for line in source.splitlines():
        if line.strip() == BEGIN:
            indent = line[:len(line) - len(line.lstrip())]
            out += [indent + s for s in lines]
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


def notebooks(folder) -> list:
    """The course's notebooks (NN-Title.ipynb) in folder, in order."""
    return sorted(Path(folder).glob('[0-9][0-9]-*.ipynb'))


def student_notebook(path, language: str = 'en'):
    """The student's edition of one notebook, as a NotebookNode."""
    nb = nbformat.read(path, as_version=4)
    resources = {}
    for pre in [ClearSolutions(stub(language)),
                TagRemovePreprocessor(remove_cell_tags={'teacher'}),
                ClearOutputPreprocessor()]:
        nb, resources = pre.preprocess(nb, resources)
    for cell in nb.cells:       # every cell, markdown too: nbgrader's grading marks
        cell.metadata.pop('nbgrader', None)
        if cell.cell_type == 'markdown':
            cell.source = OTHER_LANGUAGE_LINK.sub('', cell.source)
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


def teacher_notebook(path, language: str = 'en'):
    """The projecting copy of one notebook: a banner on top, answers folded, and so are the
    saved outputs that show an answer (running the cell, once the class has tried, shows them)."""
    words = translator(language)
    nb = nbformat.read(path, as_version=4)
    for i in revealing_cells(nb):
        nb.cells[i].metadata.setdefault('jupyter', {})['outputs_hidden'] = True
    for cell in nb.cells:
        if is_answer(cell):
            if cell.cell_type == 'markdown':     # Run All unfolds markdown: fold it in the text too
                cell.source = (f'<details><summary>{words(ANSWER_SUMMARY)}</summary>\n\n'
                               f'{cell.source}\n\n</details>')
            hidden = cell.metadata.setdefault('jupyter', {})
            hidden['source_hidden'] = True
            if cell.cell_type == 'code' and cell.get('outputs'):
                hidden['outputs_hidden'] = True
    banner = nbformat.v4.new_markdown_cell(words(BANNER), metadata={'tags': [BANNER_TAG]})
    banner['id'] = BANNER_TAG                # the same every time: the copy stays comparable
    nb.cells.insert(0, banner)
    return nb


def check_not_source(outdir, folder):
    """Refuse to write an edition where it would overwrite the edition it is made from.

    The folder itself, a folder inside it, and a folder it is inside (notebooks/
    for notebooks/zh/) are refused, in a line that says why.
    """
    out, source = Path(outdir).resolve(), Path(folder).resolve()
    if out == source or source in out.parents or out in source.parents:
        raise SystemExit(f'editions: will not write into {outdir}: that is where '
                         "the teacher's edition lives; choose another folder")


def write_edition(outdir, folder, make=student_notebook) -> list:
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


def write_student_edition(outdir, folder, language: str = 'en') -> list:
    """Write the student's edition of every notebook in folder, and its data files, into outdir."""
    return write_edition(outdir, folder, functools.partial(student_notebook, language=language))


def publish(what, out, source, language: str = 'en'):
    """Bring `what` edition ('student', 'workspace' or 'teacher') of the notebooks in source
    into out, by a workspace's rules (never overwriting a file someone changed).

    The edition is made in a temporary folder, then synced into out; student/
    gets the README that says it is no place to work. Return (the notebooks
    written, sync's messages).
    """
    out = Path(out)
    check_not_source(out, source)
    make = functools.partial(teacher_notebook if what == 'teacher' else student_notebook,
                             language=language)
    with tempfile.TemporaryDirectory(prefix='pokerlib-edition-') as staging:
        written = write_edition(Path(staging) / 'edition', source, make)
        if what == 'student':
            out.mkdir(parents=True, exist_ok=True)
            if not (out / 'README.txt').exists():
                text = README if (language or 'en') == 'en' else translator(language)(README_ZH)
                (out / 'README.txt').write_text(text, encoding='utf-8')
        messages = sync(out, Path(staging) / 'edition',
                        source_digest if what == 'teacher' else digest, language)
    return written, messages


def report(what, where, written, messages, language: str = 'en') -> list:
    """The lines that say what publish did: a headline, one line a message, a reassurance.

    >>> report('workspace', 'workspace', [], [])
    ['Your own copy of the course is in workspace/ (git leaves it alone): up to date']
    >>> report('student', 'student-zh', ['a', 'b'], ['new:       01-A.ipynb'], 'zh_CN')[0]
    '中文学生版（2 个笔记本，供分发）在 student-zh/（git 不管它）：1 处变化'
    """
    words = translator(language)
    n = len(messages)
    state = (words(N_('{n} change') if n == 1 else N_('{n} changes')).format(n=n) if messages
             else words(N_('up to date')))
    title = words(TITLES[what]).format(n=len(written))
    lines = [words(N_('{title} is in {where}/ (git leaves it alone): {state}'))
             .format(title=title, where=where, state=state)]
    lines += ['  ' + m for m in messages]
    if any(getattr(m, 'kind', None) == 'kept' or m.startswith('kept') for m in messages):
        lines.append('  ' + words(N_('A file you changed is never overwritten.')))
    return lines
