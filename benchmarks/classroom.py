"""How many students one machine holds: a class on the classroom server at once.

    make bench-classroom                          # 30 students (the default)
    make bench-classroom BENCH_ARGS='--students 10 --json out.json'
    make bench-classroom BENCH_ARGS='--warmup 0'  # no server started before the bell (as before)

Starts the real hub (as `make classroom` does, on loopback, its state in a
temporary folder) and waits until the hub says the class is ready (every
student's server started before the bell, CLASSROOM_WARMUP at a time; the
time this takes from the hub's start and the memory of each idle server are
recorded). Then every simulated student, her login page already open, sends
the login form at the same moment, as a class does when the teacher says go.
Each one's **first screen** is timed from her form sent to JupyterLab's page
and the scripts it names served (the hub's redirects followed as a browser
follows them). Then she puts the teacher's edition of notebook 01 in (every
exercise answered, so it runs to the end without an error), runs every cell
in a kernel through the Jupyter server's API, and saves. Meanwhile it samples
the memory (PSS: each student's share, shared pages split) of the hub, the
proxy and each student's server, kernel and check's judge. At the end it
checks every saved notebook on disk, stops the hub and prints the figures as
JSON and as a Markdown table (a benchmark, not a test: nothing is asserted).

Then the **flood run** (``--no-flood`` leaves it out): one student's cell prints as
fast as it can for ten seconds while a classmate runs one-line cells, each on a new
connection to her kernel; the classmate's round trip, quiet and during the flood.
And the **restart run** (``--no-restart``): every student's kernel holds a variable,
the hub is killed (``kill -9``) and started again; the seconds from the kill until
the hub answers and until every student's page answers, and how many kernels kept
their variable.

Then the **follow-along run** (``--follow``, on by default; ``--no-lesson`` runs it
alone): every student opens the follow view's event stream (/services/follow/events,
as her page does, through the proxy, logged in with the hub's OAuth), and the
teacher runs her edition of notebook 05 in her own kernel on the hub. For every
update of a cell a student receives, the latency is from the kernel's time of the
message (the IOPub header's date, which the follow view keeps) to its arrival at
the student; p50, p95 and the largest over all students and updates, with the
follow service's peak memory (PSS) and its CPU seconds over the run. (A student
here reads the stream as the page does, without drawing it: tests/test_follow.py
measures the drawn page in Chromium, for two students.)
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
from tools.classroom.simulate import Hub, Student

NOTEBOOK = '01-Hands-and-hand_rank.ipynb'
FOLLOWED = '05-Shuffling.ipynb'
MB = 2 ** 20


class Sampler(threading.Thread):
    """Peak memory of the hub, the proxy, and each student's server, kernels and judge."""

    def __init__(self, hub_pid, every=1.0, relay_pid=None):
        super().__init__(daemon=True)
        self.hub, self.every, self.done = psutil.Process(hub_pid), every, threading.Event()
        # The relay holds the proxy and the students' servers (classroom/relay.py).
        self.relay = psutil.Process(relay_pid) if relay_pid else None
        self.peak = {'hub': 0, 'proxy': 0, 'total': 0, 'follow': 0}
        self.follow_cpu = 0.0           # CPU seconds of the follow service, last seen
        self.students = {}              # name -> peak PSS of server + kernels + judge
        self.now = {}                   # name -> PSS of the same at the last sample
        self.cpu = {}                   # name -> CPU seconds of the same, last seen
        self.parts = {}                 # name -> {'server', 'kernel', 'judge': PSS} at her peak

    @staticmethod
    def part(process) -> str:
        """Which part of a student's tree a process is: her server, a kernel, or check's judge."""
        cmd = ' '.join(process.cmdline())
        return ('judge' if 'pokerlib.practice.judge' in cmd else
                'kernel' if 'ipykernel' in cmd else 'server')

    def sample(self):
        """One sample: each process's proportional set size (PSS: a page shared by n processes
        counts 1/n in each), so that a student's figure is her share of the machine's memory."""
        total = 0
        for child in self.hub.children() + (self.relay.children() if self.relay else []):
            try:
                cmd = ' '.join(child.cmdline())
                tree = [child] + child.children(recursive=True)
                parts = {'server': 0, 'kernel': 0, 'judge': 0}
                for p in tree:
                    parts[self.part(p)] += p.memory_full_info().pss
                pss = sum(parts.values())
                cpu = sum(sum(p.cpu_times()[:2]) for p in tree)
                env_user = child.environ().get('JUPYTERHUB_USER') if 'singleuser' in cmd else None
            except psutil.Error:
                continue
            total += pss
            if 'configurable-http-proxy' in cmd:
                self.peak['proxy'] = max(self.peak['proxy'], pss)
            elif 'classroom.follow' in cmd:
                self.peak['follow'] = max(self.peak['follow'], pss)
                self.follow_cpu = cpu
            elif env_user:
                if pss > self.students.get(env_user, 0):
                    self.students[env_user], self.parts[env_user] = pss, parts
                self.now[env_user] = pss
                self.cpu[env_user] = max(self.cpu.get(env_user, 0), cpu)
        hub = self.hub.memory_full_info().pss
        self.peak['hub'] = max(self.peak['hub'], hub)
        if self.relay:
            relay = self.relay.memory_full_info().pss
            self.peak['relay'] = max(self.peak.get('relay', 0), relay)
            hub += relay
        self.peak['total'] = max(self.peak['total'], total + hub)

    def run(self):
        while not self.done.wait(self.every):
            try:
                self.sample()
            except psutil.Error:
                pass


class Bell:
    """Every student's thread waits for it; then they all send the login form at once."""

    def __init__(self, n):
        self.barrier = threading.Barrier(n + 1)

    def wait(self):
        self.barrier.wait(timeout=600)


def lesson(hub, name, password, teacher_nb, bell) -> dict:
    """One student's lesson. The first screen is timed from her login (the form sent) to
    JupyterLab's page and its scripts served; the end of notebook 01 from her login too."""
    row = {'student': name, 'error': None}
    try:
        student = Student(hub.url, name, password)
        student.get('hub/login')                    # the login page, open before the bell
    except Exception as e:
        row['error'] = f'{type(e).__name__}: {e}'
    bell.wait()
    if row['error']:
        return row
    try:
        sent = time.monotonic()
        student.open_lab()
        row['first_screen'] = time.monotonic() - sent
        nb = copy.deepcopy(teacher_nb)
        student.save_notebook(NOTEBOOK, nb)
        counts = student.run_notebook(nb, NOTEBOOK)
        student.save_notebook(NOTEBOOK, nb)
        row['end'] = time.monotonic() - sent
        row['cells'] = counts['cells']
        row['checks'] = counts['checks']
        row['errors'] = sum(any(o['output_type'] == 'error' for o in c['outputs'])    # not on purpose
                            for c in nb['cells'] if c['cell_type'] == 'code'
                            and 'raises-exception' not in c['metadata'].get('tags', []))
        saved = nbformat.read(hub.workspace(name) / NOTEBOOK, as_version=4)
        ran = [c for c in saved.cells if c.cell_type == 'code' and c.get('execution_count')]
        row['saved_ok'] = len(ran) == counts['cells']
    except Exception as e:              # a benchmark reports every failure, it does not stop
        row['error'] = f'{type(e).__name__}: {e}'
    return row


class Follower(threading.Thread):
    """One student's follow view: logged in, its event stream read as the page reads it."""

    def __init__(self, hub, name, password):
        super().__init__(daemon=True)
        self.student = Student(hub.url, name, password)
        self.url, self.updates, self.ready, self.error = hub.url, [], threading.Event(), None
        self.response = None

    def run(self):
        try:
            self.student.log_in()
            self.student.get('services/follow/')            # the hub's OAuth, as the page's load
            xsrf = self.student.http.cookies.get('_xsrf', path='/services/follow/')
            self.response = self.student.http.get(self.url + 'services/follow/events', stream=True,
                                                  params={'_xsrf': xsrf}, timeout=600)
            kind = None
            for line in self.response.iter_lines(decode_unicode=True):
                if line.startswith('event: '):
                    kind = line[7:]
                elif line.startswith('data: '):
                    if kind == 'cell':
                        cell = json.loads(line[6:])
                        self.updates.append((time.time(), cell.get('at'), cell['id'], cell['running']))
                    self.ready.set()
        except Exception as e:         # a closed stream at the end, or a failure to report
            if not self.ready.is_set() or self.response is None:
                self.error = f'{type(e).__name__}: {e}'
            self.ready.set()


def _checks(seconds) -> dict:
    """The check cells of the log-in storm, every student's: how many, p50, p95, largest."""
    if not seconds:
        return {}
    return {'n': len(seconds), 'p50': round(percentile(seconds, 0.5), 3),
            'p95': round(percentile(seconds, 0.95), 3), 'max': round(max(seconds), 3)}


def percentile(values, q) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def follow_along(hub, names, passwords, sampler, screens=None) -> dict:
    """The follow-along run: every student following while the teacher runs notebook 05; with
    `screens` (more than the students), some students follow on two screens or more."""
    screens = screens or len(names)
    followers = [Follower(hub, names[k % len(names)], passwords[names[k % len(names)]])
                 for k in range(screens)]
    for f in followers:
        f.start()
    for f in followers:
        f.ready.wait(300)
    teacher = Student(hub.url, 'teacher', passwords['teacher'])
    teacher.log_in()
    teacher.start_server()
    nb = json.loads((ROOT / 'notebooks' / FOLLOWED).read_text())
    teacher.save_notebook(FOLLOWED, nb)
    cpu_before, started = sampler.follow_cpu, time.monotonic()
    counts = teacher.run_notebook(nb, FOLLOWED)
    ran_s = time.monotonic() - started
    time.sleep(3)                               # the last updates arrive
    sampler.sample()
    # The streams stay open till the hub stops (closing one while its thread reads it would
    # wait on that thread): what each has received so far is taken as it stands.
    updates = [list(f.updates) for f in followers]
    latencies = [arrived - at for mine in updates for arrived, at, _, _ in mine if at]
    cells = {cell for mine in updates for _, _, cell, _ in mine}
    whole = [sum(1 for _, _, _, running in mine if not running) for mine in updates]
    return {'cells_run': counts['cells'], 'run_s': round(ran_s, 1), 'cells_seen': len(cells),
            'followers': len(followers), 'updates': len(latencies),
            'complete_per_student': summary(whole),
            'latency_s': {'p50': round(percentile(latencies, 0.5), 3),
                          'p95': round(percentile(latencies, 0.95), 3),
                          'max': round(max(latencies), 3)} if latencies else {},
            'service_mb': round(sampler.peak['follow'] / MB, 1),
            'service_cpu_s': round(sampler.follow_cpu - cpu_before, 2),
            'failures': [f'{f.student.name}: {f.error}' for f in followers if f.error]}


FLOOD = """import time
started = time.time()
while time.time() - started < {seconds}:
    print('x' * 200)
"""


def flood(hub, names, passwords, seconds=10) -> dict:
    """What a classmate's cell waits while one student's cell prints as fast as it can: the round
    trip of a one-line cell (a new connection to her kernel each time, as a page reload makes),
    first with the class quiet, then during the flood; in ms."""
    loud, calm = (Student(hub.url, n, passwords[n]) for n in names[:2])
    kernels = {}
    for s in (loud, calm):
        s.log_in()
        s.start_server()
        kernels[s.name] = s.start_kernel(NOTEBOOK)
    calm.execute(kernels[calm.name], 'pass')

    def waits(duration):
        times, end = [], time.monotonic() + duration
        while time.monotonic() < end:
            sent = time.monotonic()
            calm.execute(kernels[calm.name], 'pass')
            times.append((time.monotonic() - sent) * 1000)
        return times

    quiet = waits(seconds)
    flooding = threading.Thread(target=lambda: loud.execute(
        kernels[loud.name], FLOOD.format(seconds=seconds + 2), timeout=seconds + 120), daemon=True)
    flooding.start()
    time.sleep(1)
    flooded = waits(seconds)
    flooding.join(timeout=180)

    def ms(times):
        return {'p50': round(percentile(times, 0.5)), 'p95': round(percentile(times, 0.95)),
                'cells': len(times)}
    return {'quiet_ms': ms(quiet), 'flooded_ms': ms(flooded)}


def restart(hub, names, passwords) -> dict:
    """The hub killed mid-lesson (kill -9) and started again: how long until the hub answers
    again, and until every student's server answered her page (s, from the kill: asked from then
    on, while the hub is away too); whether every student's kernel kept its variables."""
    students = [Student(hub.url, n, passwords[n]) for n in names]
    kernels = {}
    for s in students:
        s.log_in()
        s.start_server()                # (running: her server's own login, for its API)
        kernels[s.name] = s.start_kernel(NOTEBOOK)
        s.execute(kernels[s.name], f'mine = {s.name!r}')
    def answers(s):
        while time.monotonic() - killed < 300:
            try:
                if s.get(f'user/{s.name}/api/status').status_code == 200:
                    return time.monotonic() - killed
            except Exception:
                pass
            time.sleep(0.2)
        return None
    killed = time.monotonic()
    hub.kill()
    with ThreadPoolExecutor(len(students)) as pool:    # her page asked from the kill on
        pages = pool.map(answers, students)
        hub.start()
        hub_s = time.monotonic() - killed
        times = list(pages)
    kept = sum(s.execute(kernels[s.name], 'print(mine)').strip() == s.name for s in students)
    return {'hub_answers_s': round(hub_s, 1),
            'every_page_s': round(max(times), 1) if None not in times else None,
            'kernels_kept': f'{kept} of {len(students)}'}


def summary(values) -> dict:
    return {'median': round(statistics.median(values), 1), 'slowest': round(max(values), 1)} \
        if values else {}


def table(r) -> str:
    """The figures as a Markdown table (for benchmarks/README.md)."""
    def two(d, unit):
        return f"{d['median']} {unit}, {d['slowest']} {unit}" if d else '–'
    rows = [
        ('students, cores, servers started at once before the bell',
         f"{r['students']}, {r['cores']}, {r['warmup']}"),
        ("the class ready (the hub's line; from its start)",
         f"{r['class_ready_s']} s" if r['class_ready_s'] is not None else '–'),
        ('an idle server, settled: median, largest', two(r['idle_server_mb'], 'MB')),
        ("**first screen** (login sent to JupyterLab's page and scripts served): median, slowest",
         two(r['first_screen_s'], 's')),
        ('notebook 01 run and saved (from the login): median, slowest', two(r['end_s'], 's')),
        ("**checks during the storm** (a check cell, sent to idle): p50, p95, largest (cells)",
         f"{r['checks_s']['p50']} s, {r['checks_s']['p95']} s, {r['checks_s']['max']} s "
         f"({r['checks_s']['n']})" if r.get('checks_s') else '–'),
        ('finished, cell errors, 5xx, hub errors, failures',
         f"{r['finished']} of {r['students']}, {r['cell_errors']}, {r['error_pages']}, "
         f"{r['hub_log_errors']}, {len(r['failures'])}"),
        ("per student at her peak (server, kernel and check's judge): median, largest",
         two(r['per_student_mb'], 'MB')),
        *((f'... of which the {k}: median, largest', two(v, 'MB'))
          for k, v in r['per_student_parts_mb'].items()),
        ('peak memory: hub, proxy, everything',
         f"{r['peak_mb']['hub']} MB, {r['peak_mb']['proxy']} MB, {r['peak_mb']['all']} MB"),
        ('CPU per student (server, kernel, judge): median, largest', two(r['cpu_s_per_student'], 's')),
    ]
    if r.get('restart'):
        rows.append(('**hub killed and started again**: the hub answers, every student\'s page '
                     'answers (from the kill); kernels that kept their variables',
                     f"{r['restart']['hub_answers_s']} s, {r['restart']['every_page_s']} s; "
                     f"{r['restart']['kernels_kept']}"))
    if r.get('flood'):
        f = r['flood']
        rows.append(("**one student floods output**: a classmate's one-line cell, quiet → "
                     "during the flood: p50, p95",
                     f"{f['quiet_ms']['p50']} ms, {f['quiet_ms']['p95']} ms → "
                     f"{f['flooded_ms']['p50']} ms, {f['flooded_ms']['p95']} ms"))
    follow = r.get('follow')
    if follow:
        lat = follow['latency_s']
        rows += [
            ('**follow along**: students following, cells the teacher ran (05) and in how long',
             f"{follow['followers']}, {follow['cells_run']} in {follow['run_s']} s"),
            ("teacher's cell to a student: p50, p95, largest (over every update received)",
             f"{lat.get('p50')} s, {lat.get('p95')} s, {lat.get('max')} s ({follow['updates']} updates)"),
            ('the follow service: peak memory, CPU over the run',
             f"{follow['service_mb']} MB, {follow['service_cpu_s']} s"),
        ]
    return '\n'.join(['| (memory: PSS) | |', '|---|---|'] + [f'| {a} | {b} |' for a, b in rows])


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--students', type=int, default=30)
    p.add_argument('--warmup', type=int, default=3,
                   help='servers the hub starts at once before the students come (0: none)')
    p.add_argument('--json', help='also write the figures here')
    p.add_argument('--no-follow', dest='follow', action='store_false',
                   help='leave out the follow-along run')
    p.add_argument('--no-restart', dest='restart', action='store_false',
                   help='leave out the hub killed and started again')
    p.add_argument('--no-flood', dest='flood', action='store_false',
                   help='leave out the run where one student floods output')
    p.add_argument('--followers', type=int, default=None,
                   help='follow views open in the follow-along run (default: one a student; '
                        'more: some students on two screens)')
    p.add_argument('--no-lesson', dest='lesson', action='store_false',
                   help='the follow-along run alone (no log-in rush, no notebook 01)')
    args = p.parse_args(argv)
    names = [f'student{k:02d}' for k in range(1, args.students + 1)]
    teacher_nb = json.loads((ROOT / 'notebooks' / NOTEBOOK).read_text())
    with tempfile.TemporaryDirectory(prefix='pokerlib-bench-classroom-') as folder:
        hub = Hub(folder, names, lesson=3600, warmup=args.warmup)
        started = time.monotonic()
        hub.start()
        try:
            try:
                relay_pid = hub.relay_pid()
            except Exception:        # a hub without a relay (before issue 47): all its children
                relay_pid = None
            sampler = Sampler(hub.process.pid, relay_pid=relay_pid)
            sampler.start()
            ready_s, idle = None, {}
            if args.warmup:
                print(hub.class_ready(timeout=1800), flush=True)
                ready_s = time.monotonic() - started
                time.sleep(5)                  # the servers settle; then their memory, idle
                sampler.sample()
                idle = dict(sampler.now)
            passwords = hub.passwords()
            rows, wall = [], 0.0
            if args.lesson:
                print(f'{len(names)} students log in at once on {psutil.cpu_count()} cores...', flush=True)
                bell = Bell(len(names))
                with ThreadPoolExecutor(len(names)) as pool:
                    futures = [pool.submit(lesson, hub, n, passwords[n], teacher_nb, bell) for n in names]
                    bell.wait()
                    start = time.monotonic()
                    rows = [f.result() for f in futures]
                wall = time.monotonic() - start
            follow = None
            if args.follow:
                print(f'{args.followers or len(names)} follow views of {len(names)} students: '
                      f'the teacher runs {FOLLOWED}...', flush=True)
                follow = follow_along(hub, names, passwords, sampler, args.followers)
            sampler.done.set()
            sampler.join()
            flooded = flood(hub, names, passwords) if args.flood else None
            restarted = restart(hub, names, passwords) if args.restart else None
            log = (Path(folder) / 'hub.log').read_text(errors='replace')
        finally:
            hub.stop()
    finished = [r for r in rows if not r['error'] and r.get('saved_ok') and r['errors'] == 0]
    result = {
        'students': len(names), 'finished': len(finished), 'cores': psutil.cpu_count(),
        'warmup': args.warmup,
        'class_ready_s': round(ready_s, 1) if ready_s is not None else None,
        'idle_server_mb': summary([m / MB for m in idle.values()]) if idle else {},
        'wall_seconds': round(wall, 1),
        'first_screen_s': summary([r['first_screen'] for r in rows if 'first_screen' in r]),
        'end_s': summary([r['end'] for r in finished]),
        'checks_s': _checks([t for r in rows for t in r.get('checks', ())]),
        'cell_errors': sum(r.get('errors', 0) for r in rows),
        'failures': [f"{r['student']}: {r['error']}" for r in rows if r['error']],
        'hub_log_errors': sum(line.startswith('[E ') for line in log.splitlines()),
        'error_pages': len(re.findall(r'\] 5\d\d (?:GET|POST|PUT|PATCH|DELETE) ', log)),
        'peak_mb': {'hub': round(sampler.peak['hub'] / MB), 'proxy': round(sampler.peak['proxy'] / MB),
                    'all': round(sampler.peak['total'] / MB)},
        'per_student_mb': summary([m / MB for k, m in sampler.students.items() if k != 'teacher']),
        'per_student_parts_mb': {k: summary([d[k] / MB for n, d in sampler.parts.items() if n != 'teacher'])
                                 for k in ('server', 'kernel', 'judge')} if sampler.parts else {},
        'cpu_s_per_student': summary([v for k, v in sampler.cpu.items() if k != 'teacher']),
        'follow': follow, 'flood': flooded, 'restart': restarted,
    }
    print(json.dumps(result, indent=1))
    print(table(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + '\n')


if __name__ == '__main__':
    main()
