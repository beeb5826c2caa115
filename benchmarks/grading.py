"""How long `pokerlib grade` takes for a class: 30 students' notebook 01, two at a time.

    .venv/bin/python benchmarks/grading.py                  # 30 students, --jobs 2
    .venv/bin/python benchmarks/grading.py --course         # 30 students x 9 notebooks
    .venv/bin/python benchmarks/grading.py --students 10 --jobs 1
    .venv/bin/python benchmarks/grading.py --students 4 --compare   # sandbox vs none

The class is made from the two editions of notebook 01: each student starts
from the student's edition and has written some exercises right (the
teacher's solution), some wrong, some not at all; every fifth has a syntax
error in one cell and every seventh an endless loop in one, so the batch
includes what makes grading slow. Seeded: the same class every time. It
prints the class's wall-clock time, the time per notebook, and how many
rows came out with each status. Each notebook runs in its bubblewrap
sandbox, as `pokerlib grade` runs it; ``--compare`` grades the class a
second time without the sandbox (a limited subprocess, as before the
sandbox) and prints both. The target: under two minutes for 30 on
two cores.

``--course`` gives each student the whole course, notebooks 00 to 08 (270
notebooks for 30; 00 has no exercise and is not run), made the same way from
each notebook's two editions; a student of every fifth has a syntax error in
one cell of one of her notebooks and of every seventh an endless loop in one
(the notebook turns with the student), as one notebook 01 has them. The
target: under three minutes for 270 (issue 51). It also grades, the same
number of jobs at a time, ``--startup`` notebooks of each lesson that hold only
its setup cell: what a notebook costs before any of its work (the sandbox,
the worker, the kernel, the lesson's import, a runner per exercise), so that
each notebook's cost is split into start-up and work.
"""

import argparse
import collections
import os
import platform
import random
import re
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from pokerlib import grading
from pokerlib.serving import editions

ROOT = Path(__file__).resolve().parent.parent

NOTEBOOK = ROOT / 'notebooks' / '01-Hands-and-hand_rank.ipynb'
COURSE = sorted((ROOT / 'notebooks').glob('0[0-8]-*.ipynb'))
TARGET = 120.0
COURSE_TARGET = 180.0
WRONG = {   # a plausible mistake for some of 01's exercises
    'straight': 'def straight(ranks):\n    return max(ranks) - min(ranks) == 4',
    'flush': 'def flush(hand):\n    return hand[0][1] == hand[-1][1]',
    'kind': 'def kind(n, ranks):\n    for r in ranks:\n        if ranks.count(r) >= n:\n            return r',
    'card_ranks': 'def card_ranks(hand):\n    return sorted(["--23456789TJQKA".index(r) for r, s in hand])',
}


def make_class(folder: Path, students: int, seed: int = 2026, notebooks=(NOTEBOOK,)):
    """students folders, each with her own version of each of notebooks (notebook 01 alone:
    the syntax error and the endless loop in it; several: in one of them, turning)."""
    rng = random.Random(seed)
    for path in notebooks:
        (teacher, student), solutions = _editions(path)
        for k in range(students):
            nb = nbformat.read(path, as_version=4)
            nb.cells = [c.copy() for c in student.cells]
            for cell in nb.cells:
                name = _defined(cell)
                if name in solutions:
                    roll = rng.random()
                    if roll < 0.6:
                        cell.source = solutions[name].source
                    elif roll < 0.8 and name in WRONG:
                        cell.source = WRONG[name]
            code = [c for c in nb.cells if c.cell_type == 'code']
            if k % 5 == 4 and _turn(k // 5, notebooks) == path:
                code[3].source += '\nthis is not python'
            if k % 7 == 6 and _turn(k // 7, notebooks) == path:
                code[4].source = 'while True:\n    pass'
            (folder / f'student{k + 1:02d}').mkdir(exist_ok=True)
            nbformat.write(nb, folder / f'student{k + 1:02d}' / path.name)


def _editions(path):
    """((teacher's, student's) notebook, {function: the teacher's solution cell})."""
    teacher = nbformat.read(path, as_version=4)
    solutions = {_defined(c): c for c in teacher.cells
                 if c.cell_type == 'code' and editions.SOLUTION_LINE.search(c.source)}
    return (teacher, editions.student_notebook(path)), solutions


def _defined(cell):
    """The first function a code cell defines (None)."""
    found = re.search(r'^def (\w+)\(', cell.source, re.MULTILINE) if cell.cell_type == 'code' else None
    return found.group(1) if found else None


def _turn(n, notebooks):
    """The notebook of the n-th student with a mistake: the only one, or the lessons in turn."""
    graded = [p for p in notebooks if not p.name.startswith('00-')]
    return graded[n % len(graded)]


def make_setups(folder: Path, copies: int):
    """copies students, each with every lesson's notebook holding only its setup cell."""
    for path in COURSE[1:]:
        nb = editions.student_notebook(path)
        nb.cells = [c for c in nb.cells if c.cell_type == 'code'
                    and re.search(r'import\s+check\b', c.source)][:1]
        for k in range(copies):
            (folder / f'setup{k + 1:02d}').mkdir(exist_ok=True)
            nbformat.write(nb, folder / f'setup{k + 1:02d}' / path.name)


def _children_cpu() -> float:
    """CPU seconds of the finished subprocesses (workers, and their kernels)."""
    try:
        import resource
    except ImportError:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--students', type=int, default=30)
    parser.add_argument('--jobs', type=int, default=2)
    parser.add_argument('--timeout', type=float, default=10,
                        help='per cell (default 10: a cell of 01 takes well under a second)')
    parser.add_argument('--course', action='store_true',
                        help='each student has the whole course, notebooks 00 to 08')
    parser.add_argument('--startup', type=int, default=None, metavar='N',
                        help='also grade N setup-only notebooks of each lesson (default: 2 '
                             'with --course, else none)')
    parser.add_argument('--compare', action='store_true',
                        help='grade the class again without the sandbox, and print both')
    args = parser.parse_args(argv)
    notebooks = COURSE if args.course else [NOTEBOOK]
    startup = args.startup if args.startup is not None else (2 if args.course else 0)
    print(f'{args.students} students, {"notebooks 00 to 08" if args.course else "notebook 01"}, '
          f'--jobs {args.jobs}, --timeout {args.timeout:g} '
          f'({platform.python_version()}, {os.cpu_count()} cores, load average '
          f'{_load()} at the start)')
    for sandboxed in [True, False] if args.compare else [True]:
        print('in the sandbox:' if sandboxed else 'without the sandbox:')
        report(args, sandboxed, notebooks, startup)
    return 0


def _load() -> str:
    """The machine's load averages (1, 5, 15 minutes)."""
    return ' '.join(f'{x:.1f}' for x in os.getloadavg()) if hasattr(os, 'getloadavg') else '?'


def _timed(folder, args, sandboxed) -> tuple:
    """(seconds, rows) of grading folder."""
    start = time.perf_counter()
    rows = grading.grade([folder], timeout=args.timeout, jobs=args.jobs, sandboxed=sandboxed)
    return time.perf_counter() - start, rows


def report(args, sandboxed, notebooks=(NOTEBOOK,), startup=0):
    """Grade the class once (and, with startup, the setup-only notebooks) and print the figures."""
    target = COURSE_TARGET if len(notebooks) > 1 else TARGET
    graded = args.students * len([p for p in notebooks if not p.name.startswith('00-')])
    with tempfile.TemporaryDirectory() as tmp:
        make_class(Path(tmp), args.students, notebooks=notebooks)
        cpu = _children_cpu()
        total, rows = _timed(tmp, args, sandboxed)
        cpu = _children_cpu() - cpu
    statuses = collections.Counter(r['status'] for r in rows)
    print(f'  the class:        {total:6.1f} s  (target under {target:.0f} s: '
          f'{"met" if total < target else "NOT met"}; load average {_load()} at the end)')
    per = total * args.jobs / graded
    print(f'  per notebook:     {per:6.2f} s  (wall-clock time x jobs / {graded} notebooks run)')
    if startup:
        with tempfile.TemporaryDirectory() as tmp:
            make_setups(Path(tmp), startup)
            seconds, _rows = _timed(tmp, args, sandboxed)
        start = seconds * args.jobs / (startup * (len(COURSE) - 1))
        print(f'  ... its start-up: {start:6.2f} s  (a setup-only notebook of each lesson, '
              f'{startup} of each, the same way)')
        print(f'  ... its work:     {per - start:6.2f} s  (the rest: her cells, the judging)')
    if sandboxed:     # bwrap's own init reaps them: their CPU time never reaches this process
        print('  CPU per notebook:   not counted in the sandbox')
    elif hasattr(os, 'getloadavg'):
        print(f'  CPU per notebook: {cpu / graded:6.1f} s  (worker and kernel; the machine\'s '
              f'load average {os.getloadavg()[0]:.1f} at the end)')
    print('  rows by status:   ' + ', '.join(f'{s} {n}' for s, n in sorted(statuses.items())))


if __name__ == '__main__':
    sys.exit(main())
