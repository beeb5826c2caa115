"""How long each notebook takes to run, the way a student runs it.

    make bench-notebooks                        # every notebook, 3 runs each
    .venv/bin/python benchmarks/notebooks.py --repeats 5 --edition student 04 05

For each notebook: start a fresh kernel, run every cell top to bottom
("Run All"), shut the kernel down; the time includes the kernel's start.
Each notebook is run --repeats times (interleaved: all notebooks once, then
again), and the table gives the median, the fastest and the slowest run.
The teacher's edition (notebooks/, with the solutions and their checks) is
what the tests run; the student's edition (--edition student) is what a
student first runs, with every check saying "not written yet".
"""

import argparse
import datetime
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from pokerlib import editions

ROOT = Path(__file__).resolve().parent.parent

TARGET = 5.0          # seconds: each notebook
TOTAL_TARGET = 30.0   # seconds: all of them


def run_all(path) -> float:
    """Seconds to start a kernel and run every cell of the notebook at path. The kernel is
    told its notebook's path (JPY_SESSION_NAME), as Jupyter's server tells it."""
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, timeout=600, kernel_name='python3',
                   resources={'metadata': {'path': str(path.parent)}}).execute(
                       env={**os.environ, 'JPY_SESSION_NAME': str(path)})
    return time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('only', nargs='*', help='notebook numbers, e.g. 03 04 (default: all)')
    parser.add_argument('--repeats', type=int, default=3, help='runs per notebook (default 3)')
    parser.add_argument('--edition', choices=['teacher', 'student'], default='teacher')
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        if args.edition == 'student':
            paths = editions.write_student_edition(tmp, ROOT / 'notebooks')
        else:
            paths = sorted((ROOT / 'notebooks').glob('[0-9][0-9]-*.ipynb'))
        paths = [p for p in paths if not args.only or p.name[:2] in args.only]
        times = {p.name: [] for p in paths}
        for _ in range(args.repeats):
            for p in paths:
                times[p.name].append(run_all(p))
    print(f'# {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, '
          f'{args.edition} edition, {args.repeats} runs each; {os.cpu_count()} cores, '
          f'Python {platform.python_version()}')
    print(f'| notebook | median (s) | fastest | slowest | within {TARGET:.0f} s |')
    print('|---|---|---|---|---|')
    for name, ts in times.items():
        median = statistics.median(ts)
        print(f'| {name} | {median:.1f} | {min(ts):.1f} | {max(ts):.1f} | '
              f'{"yes" if median <= TARGET else "NO"} |')
    total = sum(statistics.median(ts) for ts in times.values())
    print(f'| all {len(times)} | {total:.1f} | | | '
          f'{"yes" if total <= TOTAL_TARGET else "NO"} (target {TOTAL_TARGET:.0f} s) |')


if __name__ == '__main__':
    main()
