"""The grader's command line: ``pokerlib grade PATH...`` and a student's ``pokerlib progress``.

Loaded for the command line only (pokerlib.cli); the grading itself is in ``batch``.
"""

import argparse
import sys
from pathlib import Path

from ..serving import sandbox
from ..i18n import LANGUAGES, _, language, set_language
from ..verdicts import symbol
from . import batch       # (batch.grade, so that a test may stand in for it)
from .notebooks import UPDATE, course_notebooks, hidden, lesson_exercises, notebook_language
from .tables import shown, summary, write_csv, write_html

__all__ = ['add_commands']


def _jobs(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(_('must be a whole number, 1 or more, not {text!r}').format(text=text))
    return value


def _seconds(text):
    try:
        value = float(text)
    except ValueError:
        value = 0
    if not 0 < value < float('inf'):
        raise argparse.ArgumentTypeError(_('must be more than 0, not {text!r}').format(text=text))
    return value


def add_commands(sub, command):
    """Add the grade and progress subcommands to the command line's subparsers, each made by
    `command(sub, name, run, **texts)` (``cli._command``)."""
    p = command(sub, 'grade', _cmd_grade, help=_("grade students' notebooks (each in a sandbox)"),
                       description=_('Run each notebook in a fresh kernel, in a sandbox of its '
                         'own (bubblewrap: no network, no other notebook or file of yours in '
                         'sight, limits on memory, processes and time), and judge every '
                         'exercise of its lesson by name.'),
                       epilog=_('example: pokerlib grade submitted/ --csv grades.csv '
                         '--html grades.html'))
    p.add_argument('paths', nargs='+', metavar='PATH',
                   help=_('a notebook, or a folder of them (one subfolder per student)'))
    p.add_argument('--csv', metavar='FILE', help=_('write the rows here (long form)'))
    p.add_argument('--html', metavar='FILE', help=_('write the table here'))
    p.add_argument('--budget', type=_seconds, default=None,
                   help=_('seconds one notebook may run in all before it is stopped (default: ten '
                     'times --timeout, at least 120)'))
    p.add_argument('--total', type=_seconds, default=None,
                   help=_('seconds the whole grading may take: a notebook not begun by then is '
                     'not graded, and says so (default: no limit)'))
    p.add_argument('--later', action='append', default=[], metavar='STUDENT/NOTEBOOK',
                   help=_('grade this notebook after all the others (one that ran out of time '
                     'before); again for more'))
    p.add_argument('--trusted', action='store_true',
                   help=_('where no sandbox can be made (macOS, Windows): run the notebooks '
                     'without one, with your own rights. Only for notebooks you trust: a '
                     'notebook could then read, change or delete your files'))
    _common(p)
    p = command(sub, 'progress', _cmd_progress, help=_('which exercises your workspace already passes'),
                       description=_('Run your notebooks (without changing them) and judge '
                         'every exercise, as the teacher\'s grading does.'))
    p.add_argument('workspace', nargs='?', default=None, metavar='FOLDER',
                   help=_('your copy of the course (default: workspace and workspace-zh, '
                     'the Chinese copy, whichever exist)'))
    _common(p)


def _common(p):
    p.add_argument('--timeout', type=_seconds, default=30,
                   help=_('seconds a cell may run before it is stopped (default 30)'))
    p.add_argument('--jobs', type=_jobs, default=None,
                   help=_('notebooks run side by side (default: one per core)'))
    p.add_argument('--memory', type=_jobs, default=4096, metavar='MB',
                   help=_('memory limit of each notebook, in MB (default 4096)'))
    p.add_argument('--language', choices=LANGUAGES, default=None,
                   help=_("the language of the reports, the page and the summary (default: the "
                     "notebooks' own, zh_CN for the Chinese edition's)"))


def _speak(args, paths) -> str:
    """Make the library speak --language, else the notebooks' language; return it."""
    return set_language(args.language or notebook_language(paths))


def _cmd_grade(args):
    for path in args.paths:
        if not Path(path).exists():
            raise FileNotFoundError(2, _('no such file or folder'), path)
    if not lesson_exercises():
        print(f'pokerlib: error: no exercises found in {course_notebooks()} '
              '(set POKERLIB_NOTEBOOKS to the teacher\'s notebooks)', file=sys.stderr)
        return 1
    _speak(args, args.paths)
    if args.trusted:
        print(_('pokerlib: grading WITHOUT a sandbox (--trusted): each notebook runs with your '
                'rights and could read, change or delete your files'), file=sys.stderr)
    elif sandbox.problem():
        print(_('pokerlib: error: no sandbox can be made here ({why}); to grade notebooks you '
                'trust without one: pokerlib grade --trusted ...').format(why=sandbox.problem()),
              file=sys.stderr)
        return 1
    left_out = hidden(args.paths)
    if left_out:
        print(_('pokerlib: left out (hidden, their names start with a dot): {names}').format(
            names=', '.join(shown(str(p)) for p in left_out[:10]) + (' …' if len(left_out) > 10 else '')),
            file=sys.stderr)
    rows = batch.grade(args.paths, args.timeout, args.jobs, args.memory, sandboxed=not args.trusted,
                 budget=args.budget, total=args.total, later=set(args.later))
    if args.csv:
        write_csv(rows, args.csv)
    if args.html:
        write_html(rows, args.html)
    for line in summary(rows):
        print(line)
    return 0


WORKSPACES = {'workspace': 'make lab', 'workspace-zh': 'make lab-zh'}
"""The student's copies of the course, and the command that makes each: what progress looks at."""


def _cmd_progress(args):
    own = 'workspace-zh' if language() == 'zh_CN' else 'workspace'   # the shell's language's
    folders = ([args.workspace] if args.workspace else
               [w for w in WORKSPACES if Path(w).is_dir()] or [own])
    for folder in folders:
        _check_workspace(Path(folder))
    for folder in folders:
        _progress(args, Path(folder))
    return 0


def _check_workspace(folder):
    """A folder to run, or an OSError that says what it is instead (and, for a student's own
    copy not made yet, which command makes it)."""
    if folder.is_dir():
        return
    if folder.exists():
        raise NotADirectoryError(20, _('a file, not a folder: progress runs every notebook of '
                                       'a folder, your copy of the course'), str(folder))
    command = WORKSPACES.get(folder.name)
    raise FileNotFoundError(2, _('no such folder ({command} creates it)').format(command=command)
                            if command else _('no such folder'), str(folder))


def _progress(args, folder):
    """Run the notebooks of one workspace and print, lesson by lesson, what they pass."""
    paths = [p for p in sorted(folder.glob('[0-9][0-9]-*.ipynb'))    # yours, not the
             if p.name[:2] in lesson_exercises() and UPDATE not in p.name]   # course's
    _speak(args, paths)
    print(_('Running your {n} notebooks in {folder} (nothing is changed)...').format(
        n=len(paths), folder=folder), flush=True)
    rows = batch.grade(paths, args.timeout, args.jobs, args.memory, sandboxed=False)   # her own code, her machine
    for lesson in sorted({r['notebook'] for r in rows}):
        mine = [r for r in rows if r['notebook'] == lesson]
        passed = [r['exercise'] for r in mine if r['status'] == 'pass']
        rest = [f"{symbol(r['status'])} {r['exercise']}" for r in mine
                if r['status'] != 'pass']
        print(_('{name}: {passed} of {total} passed').format(
                  name=lesson, passed=len(passed), total=len(mine))
              + (_('  (to do: {exercises})').format(exercises=', '.join(rest)) if rest else ''))
