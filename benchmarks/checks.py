"""How long each of the course's check cells takes, in a real Jupyter kernel.

    .venv/bin/python -m benchmarks.checks                 # every notebook, 5 runs per check
    .venv/bin/python -m benchmarks.checks --repeats 9 01 03

For each notebook of the teacher's edition (the solutions): start a kernel,
run every cell top to bottom (so each check has been run once, as in
class, and its cached reference data exists), then run each ``check(...)``
cell again --repeats times and time it. The table gives each check's
median and slowest run; a check forks a runner for the student's function
and has the judge's process (started at the notebook's first check and
kept) call it over a socket, so the times include the fork and every
round trip. The targets: the median check under a second, the slowest run of
every check under three seconds; and every exercise check knows has a check cell
(the run fails, naming them, if one has none).
"""

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.0          # seconds: the median of each check
SLOWEST = 3.0         # seconds: the slowest run of any check

BASELINE = "check(lambda: 'one pair', name='most_common_seven')"
"""A check with nearly nothing to judge: what forking a child costs in this kernel."""

SETUP = 'import json as _json, time as _time\n_bench = []'

TIMED = '''_times = []
for _ in range({repeats}):
    _start = _time.perf_counter()
    _report = {source}
    _times.append(_time.perf_counter() - _start)
_bench.append([{source!r}, _report.status, _times, _report.exercise])
_report'''


def time_checks(path, repeats) -> list:
    """[(check cell, status, [seconds per run])] for the notebook at path.

    Each check cell is run --repeats times where it stands (later cells may
    rebind the name to the library's own function), then the notebook goes on.
    """
    nb = nbformat.read(path, as_version=4)
    cells = [nbformat.v4.new_code_cell(SETUP)]
    for cell in nb.cells:
        if cell.cell_type == 'code' and cell.source.startswith('check('):
            source = cell.source.strip()
            cells.append(nbformat.v4.new_code_cell(TIMED.format(repeats=repeats, source=source)))
            cells.append(nbformat.v4.new_code_cell(
                TIMED.format(repeats=repeats, source=BASELINE)))
        else:
            cells.append(cell)
    cells.append(nbformat.v4.new_code_cell('print(_json.dumps(_bench))'))
    nb.cells = cells
    NotebookClient(nb, timeout=1200, kernel_name='python3',
                   resources={'metadata': {'path': str(path.parent)}}).execute()
    out = ''.join(o.get('text', '') for o in nb.cells[-1].outputs if o.output_type == 'stream')
    return json.loads(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('notebooks', nargs='*', help='numbers such as 01 03 (default: all)')
    parser.add_argument('--repeats', type=int, default=5)
    args = parser.parse_args(argv)
    paths = sorted(p for p in (ROOT / 'notebooks').glob('0[1-8]-*.ipynb')
                   if not args.notebooks or p.name[:2] in args.notebooks)
    print(f'{platform.python_implementation()} {platform.python_version()}, '
          f'{platform.machine()}, {args.repeats} runs per check')
    print('| notebook | check | status | median (s) | slowest (s) |')
    print('|---|---|---|---:|---:|')
    medians, slowest, covered = [], [], set()
    for path in paths:
        start = time.perf_counter()
        rows = time_checks(path, args.repeats)
        for source, status, times, exercise in rows:
            if source == BASELINE:
                continue
            covered.add(exercise)
            median = statistics.median(times)
            medians.append(median)
            slowest.append(max(times))
            flag = '' if median < TARGET else ' (over target)'
            slow_flag = '' if max(times) < SLOWEST else ' (over target)'
            print(f'| {path.name[:2]} | `{source}` | {status} | {median:.3f}{flag} | '
                  f'{max(times):.3f}{slow_flag} |', flush=True)
        forks = [t for source, status, times, exercise in rows if source == BASELINE
                 for t in times]
        print(f'| {path.name[:2]} | fork round trip (a check with nothing to judge) | | '
              f'{statistics.median(forks):.3f} | {max(forks):.3f} |', flush=True)
        print(f'<!-- {path.name}: {time.perf_counter() - start:.1f} s with the kernel -->',
              file=sys.stderr)
    print(f'\n{len(medians)} checks; median of medians {statistics.median(medians):.3f} s, '
          f'largest median {max(medians):.3f} s, slowest run {max(slowest):.3f} s')
    missing = []
    if not args.notebooks:
        from pokerlib.practice.exercises import EXERCISES
        # an exercise is covered when a check cell runs its judge under one of its names
        # (hand_rank_elif is judged as hand_rank is, shuffle as shuffle2)
        missing = sorted(n for n, e in EXERCISES.items() if not covered & set(e.names()))
        print(f'exercises without a check cell: {", ".join(missing) or "none"}')
    return 0 if (statistics.median(medians) < TARGET and max(slowest) < SLOWEST
                 and not missing) else 1


if __name__ == '__main__':
    sys.exit(main())
