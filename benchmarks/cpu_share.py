"""One student's busy loops against a classmate's check: each student's share of the cores.

    make bench-cpu-share                       # 8 busy loops (the default)
    make bench-cpu-share BENCH_ARGS='--loops 16 --json out.json'

Starts the real hub (as root: each student in her own control groups,
classroom/limits.py) with two students. Ada times the same work three times
in her kernel (the judge of a check, run as ``check`` does: a CPU-bound
loop of a fixed size), first alone, then while grace runs LOOPS busy
processes in hers. Then, for comparison, the same two programs outside the
hub, as plain processes side by side in one group: what a machine without
per-student groups gives. Prints the medians and their ratios as JSON (a
benchmark, not a test: nothing is asserted).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tools.classroom.simulate import Hub, Student

WORK = """import time
t = time.perf_counter()
n = 0
for i in range(6_000_000):
    n += i % 7
print('took', time.perf_counter() - t)
"""
BUSY = """import multiprocessing, time
def spin(_):
    end = time.monotonic() + {seconds}
    while time.monotonic() < end:
        pass
with multiprocessing.Pool({loops}) as pool:
    pool.map(spin, range({loops}))
print('done')
"""


def cell(student, code, timeout=600) -> str:
    nb = {'cells': [{'cell_type': 'code', 'metadata': {}, 'outputs': [], 'execution_count': None,
                     'source': code}]}
    student.run_notebook(nb, 'scratch.ipynb', timeout=timeout)
    return ''.join(o.get('text', '') for o in nb['cells'][0]['outputs'])


def took(text) -> float:
    return float(text.split('took')[-1].split()[0])


def on_the_hub(loops, runs) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(folder, ['ada', 'grace'], warmup=0)
        hub.start()
        try:
            pw = hub.passwords()
            ada, grace = Student(hub.url, 'ada', pw['ada']), Student(hub.url, 'grace', pw['grace'])
            for s in (ada, grace):
                s.log_in()
                s.start_server()
            alone = [took(cell(ada, WORK)) for _ in range(runs)]
            busy = threading.Thread(target=cell, args=(grace, BUSY.format(loops=loops, seconds=60)))
            busy.start()
            time.sleep(5)                      # her loops running
            crowded = [took(cell(ada, WORK)) for _ in range(runs)]
            busy.join()
        finally:
            hub.stop()
    return {'alone': alone, 'beside busy loops': crowded}


def side_by_side(loops, runs) -> dict:
    def work():
        return took(subprocess.run([sys.executable, '-c', WORK], capture_output=True, text=True).stdout)
    alone = [work() for _ in range(runs)]
    busy = subprocess.Popen([sys.executable, '-c', BUSY.format(loops=loops, seconds=40)],
                            stdout=subprocess.DEVNULL)
    time.sleep(3)
    crowded = [work() for _ in range(runs)]
    busy.wait()
    return {'alone': alone, 'beside busy loops': crowded}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--loops', type=int, default=8)
    p.add_argument('--runs', type=int, default=3)
    p.add_argument('--json')
    args = p.parse_args(argv)
    if os.geteuid() != 0:
        sys.exit('bench-cpu-share: run as root (each student in her own control groups)')
    found = {'loops': args.loops, 'cores': os.cpu_count()}
    for name, how in (('hub, a group per student', on_the_hub), ('one group', side_by_side)):
        times = how(args.loops, args.runs)
        medians = {k: round(statistics.median(v), 3) for k, v in times.items()}
        found[name] = {**medians, 'slowdown': round(medians['beside busy loops'] / medians['alone'], 2)}
    print(json.dumps(found, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(found, indent=1))


if __name__ == '__main__':
    main()
