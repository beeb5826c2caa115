"""How long each of the course's check cells takes, in a real Jupyter kernel.

    .venv/bin/python benchmarks/checks.py                 # every notebook, 5 runs per check
    .venv/bin/python benchmarks/checks.py --repeats 9 01 03

For each notebook of the teacher's edition (the solutions): start a kernel,
run every cell top to bottom (so each check has been run once, as in
class, and its cached reference data exists), then run each ``check(...)``
cell again --repeats times and time it. The table gives each check's
median and slowest run; a check runs the student's function in a forked
child process, so the times include the fork. The target: every median
under a second.
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

BASELINE = "check(lambda: 'one pair', name='most_common_seven')"
"""A check with nearly nothing to judge: what forking a child costs in this kernel."""

TIMER = '''
import json as _json, time as _time
_results = []
for _source in {sources!r}:
    _times, _status = [], None
    for _ in range({repeats}):
        _start = _time.perf_counter()
        _report = eval(_source)
        _times.append(_time.perf_counter() - _start)
        _status = _report.status
    _results.append([_source, _status, _times])
print(_json.dumps(_results))
'''


def time_checks(path, repeats) -> list:
    """[(check cell, status, [seconds per run])] for the notebook at path."""
    nb = nbformat.read(path, as_version=4)
    sources = [c.source.strip() for c in nb.cells
               if c.cell_type == 'code' and c.source.startswith('check(')]
    sources.append(BASELINE)
    nb.cells.append(nbformat.v4.new_code_cell(TIMER.format(sources=sources, repeats=repeats)))
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
    medians = []
    for path in paths:
        start = time.perf_counter()
        for source, status, times in time_checks(path, args.repeats):
            median = statistics.median(times)
            medians.append(median)
            flag = '' if median < TARGET else ' (over target)'
            shown = 'fork round trip (a check with nothing to judge)' if source == BASELINE \
                else f'`{source}`'
            print(f'| {path.name[:2]} | {shown} | {status} | {median:.3f}{flag} | '
                  f'{max(times):.3f} |', flush=True)
        print(f'<!-- {path.name}: {time.perf_counter() - start:.1f} s with the kernel -->',
              file=sys.stderr)
    print(f'\n{len(medians)} checks; median of medians {statistics.median(medians):.3f} s, '
          f'largest median {max(medians):.3f} s')
    return 0 if max(medians) < TARGET else 1


if __name__ == '__main__':
    sys.exit(main())
