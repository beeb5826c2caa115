"""How long each notebook takes to run, the way a student runs it.

    make bench-notebooks                        # every notebook, 3 runs each
    .venv/bin/python benchmarks/notebooks.py --repeats 5 --edition student 04 05
    .venv/bin/python -m benchmarks.notebooks --cells      # where the time goes, one run each

For each notebook: start a fresh kernel, run every cell top to bottom
("Run All"), shut the kernel down. The time is from the kernel's start to
the last cell's end, what a student waits for; the time with the shutdown
(which comes when she closes the notebook) is given too. Each notebook is
run --repeats times (interleaved: all notebooks once, then again), and the
table gives the median, the fastest and the slowest run. A run of the
teacher's edition whose checks did not all pass is marked NOT VALID.
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

from pokerlib.serving import editions

ROOT = Path(__file__).resolve().parent.parent

TARGET = 5.0          # seconds: each notebook
TOTAL_TARGET = 30.0   # seconds: all of them


def run_all(path, cells=None, unpassed=None) -> tuple:
    """(seconds to start a kernel and run every cell of the notebook at path, seconds until
    the kernel was also shut down). The first is what a student waits for when she opens the
    notebook and runs it all; the shutdown comes when she closes it (ipykernel's own: 0.2 s,
    at times 3 s). The kernel is told its notebook's path (JPY_SESSION_NAME), as Jupyter's
    server tells it. A list given as `cells` gets (seconds, cell index, first line) for each
    code cell, as the kernel timed it; a list given as `unpassed` gets the check cells that
    did not pass."""
    nb = nbformat.read(path, as_version=4)
    done = []
    start = time.perf_counter()
    NotebookClient(nb, timeout=600, kernel_name='python3', record_timing=True,
                   on_cell_executed=lambda **_: done.append(time.perf_counter()),
                   resources={'metadata': {'path': str(path.parent)}}).execute(
                       env={**os.environ, 'JPY_SESSION_NAME': str(path)})
    total = time.perf_counter() - start
    if cells is not None:
        cells.extend(cell_times(nb))
    if unpassed is not None:
        unpassed.extend(unpassed_checks(nb))
    return (done[-1] - start if done else total), total


def cell_times(nb) -> list:
    """(seconds, index, first line) of each code cell the kernel ran, from the timing that
    nbclient records in the cell's metadata (from execute_input to execute_reply)."""
    out = []
    for i, cell in enumerate(nb.cells):
        stamps = cell.metadata.get('execution', {})
        if cell.cell_type != 'code' or 'iopub.execute_input' not in stamps:
            continue
        begin, end = (datetime.datetime.fromisoformat(stamps[k].replace('Z', '+00:00'))
                      for k in ('iopub.execute_input', 'shell.execute_reply'))
        out.append(((end - begin).total_seconds(), i, cell.source.strip().splitlines()[0][:60]))
    return out


def unpassed_checks(nb) -> list:
    """The indices of the check cells whose output is not a pass (a run that measured a
    broken check, which stops early, measured nothing): in the teacher's edition, none."""
    out = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == 'code' and cell.source.startswith('check('):
            texts = [o.get('data', {}).get('text/plain', '') for o in cell.get('outputs', [])]
            if not any(t.startswith('\u2713') for t in texts):
                out.append(i)
    return out


def where_the_time_goes(path) -> dict:
    """One run of the notebook at path, split: the kernel's start (and the client's work
    between cells), the check cells, the other cells, the shutdown, and the three slowest
    cells."""
    cells, unpassed = [], []
    ran, total = run_all(path, cells, unpassed)
    checks = sum(s for s, _, line in cells if line.startswith('check('))
    others = sum(s for s, _, line in cells if not line.startswith('check('))
    return {'total': ran, 'kernel': ran - checks - others, 'checks': checks,
            'others': others, 'shutdown': total - ran, 'slowest': sorted(cells, reverse=True)[:3],
            'unpassed': unpassed}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('only', nargs='*', help='notebook numbers, e.g. 03 04 (default: all)')
    parser.add_argument('--repeats', type=int, default=3, help='runs per notebook (default 3)')
    parser.add_argument('--edition', choices=['teacher', 'student'], default='teacher')
    parser.add_argument('--cells', action='store_true',
                        help='one run each, split into kernel, check cells and other cells')
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        if args.edition == 'student':
            paths = editions.write_student_edition(tmp, ROOT / 'notebooks')
        else:
            paths = sorted((ROOT / 'notebooks').glob('[0-9][0-9]-*.ipynb'))
        paths = [p for p in paths if not args.only or p.name[:2] in args.only]
        if args.cells:
            print_split({p.name: where_the_time_goes(p) for p in paths},
                        checked=args.edition == 'teacher')
            return
        times, unpassed = {p.name: [] for p in paths}, {}
        for _ in range(args.repeats):
            for p in paths:
                failed = []
                times[p.name].append(run_all(p, unpassed=failed))
                if failed and args.edition == 'teacher':
                    unpassed[p.name] = failed
    print(f'# {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, '
          f'{args.edition} edition, {args.repeats} runs each; {os.cpu_count()} cores, '
          f'Python {platform.python_version()}')
    print('# seconds from the kernel\'s start to the last cell\'s end (and with the shutdown)')
    print(f'| notebook | median (s) | fastest | slowest | within {TARGET:.0f} s | '
          'with the shutdown, median |')
    print('|---|---|---|---|---|---|')
    for name, ts in times.items():
        ran = [r for r, _ in ts]
        median = statistics.median(ran)
        print(f'| {name} | {median:.1f} | {min(ran):.1f} | {max(ran):.1f} | '
              f'{"yes" if median <= TARGET else "NO"} | '
              f'{statistics.median(t for _, t in ts):.1f} |')
    for name, cells in unpassed.items():
        print(f'# NOT VALID: {name}: check cells {cells} did not pass')
    total = sum(statistics.median(r for r, _ in ts) for ts in times.values())
    print(f'| all {len(times)} | {total:.1f} | | | '
          f'{"yes" if total <= TOTAL_TARGET else "NO"} (target {TOTAL_TARGET:.0f} s) | '
          f'{sum(statistics.median(t for _, t in ts) for ts in times.values()):.1f} |')


def print_split(split, checked=True):
    """The table of --cells; if `checked` (the teacher's edition), the notebooks whose checks
    did not all pass are named."""
    print(f'# {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, one run each, '
          f'seconds; {os.cpu_count()} cores, Python {platform.python_version()}')
    print('| notebook | start and run | kernel start | check cells | other cells | '
          'shutdown | slowest cells |')
    print('|---|---|---|---|---|---|---|')
    for name, s in split.items():
        slowest = '; '.join(f'[{i}] `{line}` {t:.2f}' for t, i, line in s['slowest'])
        print(f"| {name[:2]} | {s['total']:.1f} | {s['kernel']:.1f} | {s['checks']:.1f} | "
              f"{s['others']:.1f} | {s['shutdown']:.1f} | {slowest.replace('|', '/')} |")
    for name, s in split.items():
        if checked and s['unpassed']:
            print(f"# NOT VALID: {name}: check cells {s['unpassed']} did not pass")
    keys = ('total', 'kernel', 'checks', 'others', 'shutdown')
    sums = {k: sum(s[k] for s in split.values()) for k in keys}
    print(f"| all {len(split)} | " + ' | '.join(f'{sums[k]:.1f}' for k in keys) + ' | |')


if __name__ == '__main__':
    main()
