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
round trip. The targets (issue 40): the first check of a fresh kernel within
1.5 s; later checks' median within 0.3 s; every check within 3 s, and never past
its time limit + 1 s; and every exercise check knows has a check cell (the run
fails, naming what missed). The last lines give the median, p90 and slowest of
the later checks' runs.
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
TARGET = 0.3          # seconds: the median of the later checks' runs
SLOWEST = 3.0         # seconds: the slowest run of any check
FIRST = 1.5           # seconds: the first check of a fresh kernel
OVER_LIMIT = 1.0      # seconds: no check may run longer than its limit plus this

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
    from pokerlib.practice.exercises import EXERCISES
    medians, slowest, covered = [], [], set()
    firsts, later, past_limit = [], [], []
    for path in paths:
        start = time.perf_counter()
        rows = time_checks(path, args.repeats)
        first = True
        for source, status, times, exercise in rows:
            if source == BASELINE:
                continue
            if first:                  # the notebook's first check, in a fresh kernel
                firsts.append((path.name[:2], times[0]))
                later.extend(times[1:])
                first = False
            else:
                later.extend(times)
            limit = EXERCISES[exercise].seconds if exercise in EXERCISES else 5.0
            if max(times) > limit + OVER_LIMIT:
                past_limit.append((source, max(times), limit))
            covered.add(exercise)
            median = statistics.median(times)
            medians.append(median)
            slowest.append(max(times))
            slow_flag = '' if max(times) <= SLOWEST else ' (over target)'
            print(f'| {path.name[:2]} | `{source}` | {status} | {median:.3f} | '
                  f'{max(times):.3f}{slow_flag} |', flush=True)
        forks = [t for source, status, times, exercise in rows if source == BASELINE
                 for t in times]
        print(f'| {path.name[:2]} | fork round trip (a check with nothing to judge) | | '
              f'{statistics.median(forks):.3f} | {max(forks):.3f} |', flush=True)
        print(f'<!-- {path.name}: {time.perf_counter() - start:.1f} s with the kernel -->',
              file=sys.stderr)
    print(f'\n{len(medians)} checks; median of medians {statistics.median(medians):.3f} s, '
          f'largest median {max(medians):.3f} s, slowest run {max(slowest):.3f} s')
    later.sort()
    p90 = later[min(len(later) - 1, int(0.9 * len(later)))]
    print('first check of a fresh kernel: ' + ', '.join(f'{n} {t:.3f} s' for n, t in firsts)
          + f' (target {FIRST} s)')
    print(f'later checks ({len(later)} runs): median {statistics.median(later):.3f} s '
          f'(target {TARGET} s), p90 {p90:.3f} s, slowest {later[-1]:.3f} s '
          f'(target {SLOWEST} s)')
    print('past their limit + 1 s: ' + (', '.join(f'`{s}` {t:.1f} s (limit {lim:.0f} s)'
                                               for s, t, lim in past_limit) or 'none'))
    missing = []
    if not args.notebooks:
        # an exercise is covered when a check cell runs its judge under one of its names
        # (hand_rank_elif is judged as hand_rank is, shuffle as shuffle2)
        missing = sorted(n for n, e in EXERCISES.items() if not covered & set(e.names()))
        print(f'exercises without a check cell: {", ".join(missing) or "none"}')
    return 0 if (statistics.median(later) <= TARGET and max(slowest) <= SLOWEST
                 and all(t <= FIRST for n, t in firsts) and not past_limit
                 and not missing) else 1


if __name__ == '__main__':
    sys.exit(main())
