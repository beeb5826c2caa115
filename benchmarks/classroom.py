"""How many students one machine holds: a class on the classroom server at once.

    make bench-classroom                          # 30 students (the default)
    make bench-classroom BENCH_ARGS='--students 10 --json out.json'
    make bench-classroom BENCH_ARGS='--warmup 0'  # no server started before the bell (as before)

Starts the real hub (as `make classroom` does, on loopback, its state in a
temporary folder), waits until the hub says the class is ready (every
student's server started before the bell, CLASSROOM_WARMUP at a time; the
time this takes and the memory of an idle server are recorded), then starts
every simulated student at the same moment: log in
through the login page, start their server, wait for JupyterLab's page (the
first screen), put the teacher's edition of notebook 01 in (every exercise
answered, so it runs to the end without an error), run every cell in a
kernel through the Jupyter server's API, and save. Meanwhile it samples the
memory (RSS) of the hub, the proxy and each student's server with its
kernel. At the end it checks every saved notebook on disk, stops the hub
and prints the figures (a benchmark, not a test: nothing is asserted).
"""

import argparse
import copy
import json
import re
import statistics
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import psutil

ROOT = Path(__file__).resolve().parent.parent
from classroom.simulate import Hub, Student

NOTEBOOK = '01-Hands-and-hand_rank.ipynb'
MB = 2 ** 20


class Sampler(threading.Thread):
    """Peak memory of the hub, the proxy, and each student's server with its kernels."""

    def __init__(self, hub_pid, every=0.5):
        super().__init__(daemon=True)
        self.hub, self.every, self.done = psutil.Process(hub_pid), every, threading.Event()
        self.peak = {'hub': 0, 'proxy': 0, 'total': 0}
        self.students = {}              # name -> peak RSS of server + kernels
        self.now = {}                   # name -> RSS of server + kernels at the last sample
        self.cpu = {}                   # name -> CPU seconds of server + kernels, last seen

    def sample(self):
        total = 0
        for child in self.hub.children():
            try:
                cmd = ' '.join(child.cmdline())
                tree = [child] + child.children(recursive=True)
                rss = sum(p.memory_info().rss for p in tree)
                cpu = sum(sum(p.cpu_times()[:2]) for p in tree)
                env_user = child.environ().get('JUPYTERHUB_USER') if 'singleuser' in cmd else None
            except psutil.Error:
                continue
            total += rss
            if 'configurable-http-proxy' in cmd:
                self.peak['proxy'] = max(self.peak['proxy'], rss)
            elif env_user:
                self.students[env_user] = max(self.students.get(env_user, 0), rss)
                self.now[env_user] = rss
                self.cpu[env_user] = max(self.cpu.get(env_user, 0), cpu)
        hub = self.hub.memory_info().rss
        self.peak['hub'] = max(self.peak['hub'], hub)
        self.peak['total'] = max(self.peak['total'], total + hub)

    def run(self):
        while not self.done.wait(self.every):
            try:
                self.sample()
            except psutil.Error:
                pass


def lesson(hub, name, password, teacher_nb, start) -> dict:
    """One student's lesson; times from the moment the whole class starts."""
    row = {'student': name, 'error': None}
    try:
        student = Student(hub.url, name, password)
        if student.log_in().status_code != 302:
            raise RuntimeError('log-in refused')
        student.start_server()
        row['first_screen'] = time.monotonic() - start
        nb = copy.deepcopy(teacher_nb)
        student.save_notebook(NOTEBOOK, nb)
        counts = student.run_notebook(nb, NOTEBOOK)
        student.save_notebook(NOTEBOOK, nb)
        row['end'] = time.monotonic() - start
        row['cells'] = counts['cells']
        row['errors'] = sum(any(o['output_type'] == 'error' for o in c['outputs'])    # not on purpose
                            for c in nb['cells'] if c['cell_type'] == 'code'
                            and 'raises-exception' not in c['metadata'].get('tags', []))
        saved = nbformat.read(hub.workspace(name) / NOTEBOOK, as_version=4)
        ran = [c for c in saved.cells if c.cell_type == 'code' and c.get('execution_count')]
        row['saved_ok'] = len(ran) == counts['cells']
    except Exception as e:              # a benchmark reports every failure, it does not stop
        row['error'] = f'{type(e).__name__}: {e}'
    return row


def summary(values) -> dict:
    return {'median': round(statistics.median(values), 1), 'slowest': round(max(values), 1)} \
        if values else {}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--students', type=int, default=30)
    p.add_argument('--warmup', type=int, default=3,
                   help='servers the hub starts at once before the students come (0: none)')
    p.add_argument('--json', help='also write the figures here')
    args = p.parse_args(argv)
    names = [f'student{k:02d}' for k in range(1, args.students + 1)]
    teacher_nb = json.loads((ROOT / 'notebooks' / NOTEBOOK).read_text())
    with tempfile.TemporaryDirectory(prefix='pokerlib-bench-classroom-') as folder:
        hub = Hub(folder, names, lesson=3600, warmup=args.warmup)
        started = time.monotonic()
        hub.start()
        try:
            sampler = Sampler(hub.process.pid)
            sampler.start()
            ready_s, idle = None, {}
            if args.warmup:
                print(hub.class_ready(timeout=1800), flush=True)
                ready_s = time.monotonic() - started
                time.sleep(5)                  # the servers settle; then their memory, idle
                sampler.sample()
                idle = dict(sampler.now)       # (the peak, while starting, stays in .students)
            passwords = hub.passwords()
            print(f'{len(names)} students start at once on {psutil.cpu_count()} cores...', flush=True)
            start = time.monotonic()
            with ThreadPoolExecutor(len(names)) as pool:
                rows = list(pool.map(lambda n: lesson(hub, n, passwords[n], teacher_nb, start), names))
            wall = time.monotonic() - start
            sampler.sample()
            sampler.done.set()
            log = (Path(folder) / 'hub.log').read_text(errors='replace')
        finally:
            hub.stop()
    finished = [r for r in rows if not r['error'] and r.get('saved_ok') and r['errors'] == 0]
    per_student = sorted(sampler.students.values())
    result = {
        'students': len(names), 'finished': len(finished), 'cores': psutil.cpu_count(),
        'warmup': args.warmup,
        'class_ready_s': round(ready_s, 1) if ready_s is not None else None,
        'idle_server_mb': summary([m / MB for m in idle.values()]) if idle else {},
        'wall_seconds': round(wall, 1),
        'first_screen_s': summary([r['first_screen'] for r in rows if 'first_screen' in r]),
        'end_s': summary([r['end'] for r in finished]),
        'cell_errors': sum(r.get('errors', 0) for r in rows),
        'failures': [f"{r['student']}: {r['error']}" for r in rows if r['error']],
        'hub_log_errors': sum(line.startswith('[E ') for line in log.splitlines()),
        'error_pages': len(re.findall(r'\] 5\d\d (?:GET|POST|PUT|PATCH|DELETE) ', log)),
        'peak_mb': {'hub': round(sampler.peak['hub'] / MB), 'proxy': round(sampler.peak['proxy'] / MB),
                    'all': round(sampler.peak['total'] / MB)},
        'per_student_mb': summary([m / MB for m in per_student]) if per_student else {},
        'cpu_s_per_student': summary(list(sampler.cpu.values())),
    }
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + '\n')


if __name__ == '__main__':
    main()
