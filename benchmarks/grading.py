"""How long `pokerlib grade` takes for a class: 30 students' notebook 01, two at a time.

    .venv/bin/python benchmarks/grading.py                  # 30 students, --jobs 2
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
"""

import argparse
import collections
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from pokerlib import grading
from pokerlib.serving import editions

ROOT = Path(__file__).resolve().parent.parent

NOTEBOOK = ROOT / 'notebooks' / '01-Hands-and-hand_rank.ipynb'
TARGET = 120.0
WRONG = {   # a plausible mistake for some of 01's exercises
    'straight': 'def straight(ranks):\n    return max(ranks) - min(ranks) == 4',
    'flush': 'def flush(hand):\n    return hand[0][1] == hand[-1][1]',
    'kind': 'def kind(n, ranks):\n    for r in ranks:\n        if ranks.count(r) >= n:\n            return r',
    'card_ranks': 'def card_ranks(hand):\n    return sorted(["--23456789TJQKA".index(r) for r, s in hand])',
}


def make_class(folder: Path, students: int, seed: int = 2026):
    """students folders, each with its own version of notebook 01."""
    rng = random.Random(seed)
    teacher = nbformat.read(NOTEBOOK, as_version=4)
    student = editions.student_notebook(NOTEBOOK)
    for k in range(students):
        nb = nbformat.read(NOTEBOOK, as_version=4)
        nb.cells = [c.copy() for c in student.cells]
        solutions = {c.source.split('(')[0][4:]: c for c in teacher.cells
                     if c.cell_type == 'code' and editions.SOLUTION_LINE.search(c.source)}
        for cell in nb.cells:
            name = cell.source.split('(')[0][4:] if cell.source.startswith('def ') else None
            if name in solutions:
                roll = rng.random()
                if roll < 0.6:
                    cell.source = solutions[name].source
                elif roll < 0.8 and name in WRONG:
                    cell.source = WRONG[name]
        code = [c for c in nb.cells if c.cell_type == 'code']
        if k % 5 == 4:
            code[3].source += '\nthis is not python'
        if k % 7 == 6:
            code[4].source = 'while True:\n    pass'
        (folder / f'student{k + 1:02d}').mkdir()
        nbformat.write(nb, folder / f'student{k + 1:02d}' / NOTEBOOK.name)


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
    parser.add_argument('--compare', action='store_true',
                        help='grade the class again without the sandbox, and print both')
    args = parser.parse_args(argv)
    print(f'{args.students} students, notebook 01, --jobs {args.jobs}, --timeout {args.timeout:g} '
          f'({platform.python_version()}, {os.cpu_count()} cores)')
    for sandboxed in [True, False] if args.compare else [True]:
        print('in the sandbox:' if sandboxed else 'without the sandbox:')
        report(args, sandboxed)
    return 0


def report(args, sandboxed):
    """Grade the class once and print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        make_class(Path(tmp), args.students)
        start, cpu = time.perf_counter(), _children_cpu()
        rows = grading.grade([tmp], timeout=args.timeout, jobs=args.jobs, sandboxed=sandboxed)
        total, cpu = time.perf_counter() - start, _children_cpu() - cpu
    statuses = collections.Counter(r['status'] for r in rows)
    print(f'  the class:        {total:6.1f} s  (target under {TARGET:.0f} s: '
          f'{"met" if total < TARGET else "NOT met"})')
    print(f'  per notebook:     {total * args.jobs / args.students:6.1f} s  '
          '(wall-clock time x jobs / students)')
    if sandboxed:     # bwrap's own init reaps them: their CPU time never reaches this process
        print('  CPU per notebook:   not counted in the sandbox')
    elif hasattr(os, 'getloadavg'):
        print(f'  CPU per notebook: {cpu / args.students:6.1f} s  (worker and kernel; the machine\'s '
              f'load average {os.getloadavg()[0]:.1f} at the end)')
    print('  rows by status:   ' + ', '.join(f'{s} {n}' for s, n in sorted(statuses.items())))


if __name__ == '__main__':
    sys.exit(main())
