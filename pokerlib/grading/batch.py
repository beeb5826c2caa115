"""The teacher's batch: grade a class's notebooks, each by a worker in a sandbox of its own.

``grade(paths)`` finds the notebooks and their lessons (``notebooks``),
starts one worker per notebook (``python -I -m pokerlib.grading --worker``,
``worker.py``), a few side by side, reads each worker's rows as untrusted
data and returns the rows, student by student (``tables`` writes them). The
command line's ``pokerlib grade`` and ``pokerlib progress`` are here too.

**The sandbox.** ``pokerlib grade`` runs each notebook (the worker that
drives it with nbclient, and its kernel) inside bubblewrap, and refuses in
one line where no sandbox can be made. The grader keeps a private folder
(0700) per notebook, outside the sandbox::

    pokerlib-notebook-XXXX/       the grader's, removed when the notebook is graded
        work/                     bound writable; the worker's and kernel's folder
            NN-Name.ipynb         a copy of the student's notebook
            data/                 a copy of the course's data (never a link)
        channel/                  bound writable, empty: for a judge outside to meet the kernel
        package/pokerlib/         the lesson's student pokerlib (built once per grading)

Inside: the system, Python and the venv read-only, and in the ``pokerlib``
package's place the lesson's *student* pokerlib (``wall``: only what the
lesson gives, compiled without source), so that her kernel and the runners
that run her functions have no answer of the course's to call, copy or
read; the worker, which judges, reads the whole course from its stdin into
its own memory, which nothing else in the sandbox can read (not the
teacher's edition either: the grader reads that outside); a private
``/tmp``; no network; its own PID namespace (every process it started dies
with it); an account of its own (root: a user id no one else has, one per
notebook; otherwise a user namespace); limits on memory, processes, CPU
time and file size; an environment of its own (no token of the hub's). The
rows come back on a pipe the grader made (an inherited fd), and are read as
untrusted data: known exercises and statuses only, first row of each wins.

``pokerlib progress`` (a student's own notebooks, on her own machine) runs
the same way without the sandbox.
"""

import concurrent.futures
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from ..serving import sandbox
from . import wall as wall_module
from ..cards import PokerError
from ..i18n import _, language
from .notebooks import (_found, course_notebooks, lesson_exercises, lesson_of,
                        read_regular)
from ..verdicts import Row
from .tables import COLUMNS

__all__ = ['grade', 'grade_notebook']


WORKER_ENV = {'MPLBACKEND': 'Agg', 'OPENBLAS_NUM_THREADS': '1', 'OMP_NUM_THREADS': '1',
              'MKL_NUM_THREADS': '1', 'PYDEVD_DISABLE_FILE_VALIDATION': '1',
              'JUPYTER_PLATFORM_DIRS': '1', 'PYTHONWARNINGS': 'ignore'}
PROCESSES = 96
"""Processes (threads included) a notebook's sandbox may have at once: its worker,
kernel and the check's children need about thirty."""
ROWS_BYTES = 2**20
"""The most the grader reads of a worker's rows."""
SANDBOX_UIDS = 1_000_000_000
"""Run as root, each notebook runs as a user id of its own from here on (no
account's, no other notebook's): the process limit counts its processes alone."""
POSIX = os.name == 'posix'
PACKAGE = Path(__file__).resolve().parent.parent
"""The pokerlib package, bound read-only into each sandbox (not the teacher's edition)."""
WORKER = 'pokerlib.grading'
"""The module the worker runs as (``python -I -m pokerlib.grading --worker``: its __main__.py)."""


def grade_notebook(path, exercises, timeout=30, memory_mb=4096, wall=None, sandboxed=True,
                   number=0, lesson=None, student_package=None) -> list:
    """[{'exercise', 'status', 'seconds', 'report'}] for one notebook, run in a sandbox of its own.

    ``sandboxed=False`` (a student's ``progress``) runs it in a limited
    subprocess instead; ``number`` tells the notebooks of one grading apart.
    In the sandbox the kernel and the runners see the lesson's student
    pokerlib (``wall.build``; `student_package` if it is built already), and
    the worker, which judges, reads the whole course from its stdin.
    """
    wall_seconds = wall or max(120, 10 * timeout)
    with tempfile.TemporaryDirectory(prefix='pokerlib-notebook-') as box, \
            _own_groups(number, memory_mb) as groups, _bounded(box, memory_mb, sandboxed):
        notebook, channel = _furnish(Path(box), path)
        pipe = os.pipe() if POSIX else None
        out = str(pipe[1]) if POSIX else str(Path(box) / 'rows.jsonl')
        args = ['--worker', str(notebook), json.dumps(exercises), str(timeout), out]
        course = None
        if sandboxed:
            # -I: isolated, nothing from the notebook's folder (where it can write files named
            # like modules) or from the environment's PYTHON* variables on its module path.
            student_package = student_package or _student_package(
                Path(box) / 'package', lesson or _lesson_of_exercises(exercises))
            cmd = [sys.executable, '-I', '-c', wall_module.BOOT, *args]
            cmd, limit, env = _in_sandbox(cmd, notebook.parent, channel, memory_mb, wall_seconds,
                                          number, student_package)
            course = wall_module.course_sources()
        else:
            cmd = [sys.executable, '-I', '-m', WORKER, *args]
            cmd, limit, env = _unsandboxed(cmd, memory_mb, wall_seconds)
        returncode, text = _run_worker(cmd, limit, env, groups, pipe, Path(out), wall_seconds,
                                       sandboxed, course)
    rows = _rows_from(text, exercises)
    for function_name, _exercise in exercises:
        if function_name not in rows:
            rows[function_name] = _unfinished(function_name, returncode, wall_seconds)
    return [rows[f] for f in dict.fromkeys(f for f, _ in exercises)]


def _lesson_of_exercises(exercises):
    """The lesson whose exercises these are (None if none is)."""
    names = [tuple(e) for e in exercises]
    for lesson, listed in lesson_exercises().items():
        if [tuple(e) for e in listed] == names or set(names) <= {tuple(e) for e in listed}:
            return lesson
    return None


def _student_package(folder, lesson) -> Path:
    """The lesson's student pokerlib, built in folder (readable by every account)."""
    folder.mkdir(exist_ok=True)
    folder.chmod(0o755)
    return wall_module.build(lesson or '00', folder)


def _furnish(box, path) -> tuple:
    """(notebook, channel): box's work/ with the notebook's copy and the course's data, and
    channel/, empty (for a judge outside to meet the kernel)."""
    work, channel = box / 'work', box / 'channel'
    work.mkdir()
    channel.mkdir()
    notebook = work / Path(path).name
    notebook.write_bytes(read_regular(path, follow_links=True))
    data = course_notebooks() / 'data'
    if data.is_dir():          # a copy: what the notebook writes there is its own
        shutil.copytree(data, work / 'data')
    return notebook, channel


def _in_sandbox(cmd, work, channel, memory_mb, wall, number, student_package) -> tuple:
    """(argv, limits, environment) of the worker's cmd in the notebook's sandbox: the student
    pokerlib read-only where the package is, work and channel writable, an account of its own
    where the grader is root."""
    user = _sandbox_user(number)
    if user:
        for folder in (work, channel):
            _chown(folder, user)
    cmd = sandbox.command(cmd, writable=[work, channel], workdir=work, user=user,
                          tmp_mb=max(64, memory_mb // 4), shown_at=[(student_package, PACKAGE, False)])
    limit = sandbox.Limits(memory_mb=memory_mb, processes=_processes(user), cpu_seconds=int(wall))
    return cmd, limit, _sandbox_env(channel)


def _unsandboxed(cmd, memory_mb, wall) -> tuple:
    """(argv, limits, environment) of the worker's cmd without a sandbox (a student's progress)."""
    limit = sandbox.Limits(memory_mb=memory_mb, processes=None, cpu_seconds=int(wall),
                           file_mb=None, open_files=None)
    return cmd, limit, dict(os.environ, **WORKER_ENV, POKERLIB_GRADE_LANGUAGE=language())


def _run_worker(cmd, limit, env, groups, pipe, rows_file, wall, sandboxed, course=None) -> tuple:
    """Run the worker until it ends, or stop it after wall seconds; (its exit status, its rows'
    text), read from pipe (POSIX: its write end is the worker's) or else from rows_file.
    `course` (bytes) goes to its stdin, which is then closed."""
    write = pipe[1] if pipe else None
    try:
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                                stdin=subprocess.DEVNULL if course is None else subprocess.PIPE,
                                stderr=subprocess.DEVNULL, start_new_session=POSIX,
                                preexec_fn=_starting(limit, groups) if POSIX else None,
                                pass_fds=(write,) if pipe else ())
    finally:
        if pipe:
            os.close(write)
    if course is not None:
        threading.Thread(target=_feed, args=(proc.stdin, course), daemon=True).start()
    got = []
    reader = threading.Thread(target=_drain, args=(pipe[0], got), daemon=True) if pipe else None
    if reader:
        reader.start()
    try:
        proc.wait(timeout=wall)
    except subprocess.TimeoutExpired:
        _stop(proc, sandboxed)
    except BaseException:
        _stop(proc, sandboxed)
        raise
    if reader:
        reader.join(timeout=10)     # the sandbox is gone: the pipe's other end with it
        return proc.returncode, b''.join(got).decode('utf-8', 'replace')
    return proc.returncode, rows_file.read_text('utf-8', 'replace') if rows_file.exists() else ''


def _unfinished(function_name, returncode, wall) -> dict:
    """The row of an exercise the worker wrote none for: stopped at the wall clock, or crashed."""
    status = 'timeout' if returncode in (None, -signal.SIGKILL if POSIX else None, 143, -15) else 'crash'
    return {'exercise': function_name, 'status': status, 'seconds': 0,
            'report': (_('the notebook did not finish within {seconds:.0f} s').format(seconds=wall)
                       if status == 'timeout' else
                       _('the grader stopped (exit status {code})').format(code=returncode))}


GRADE_GROUPS = f'pokerlib-grade-{os.getpid()}'
"""This grading's folder in each cgroup controller (root): a group of its own per notebook."""
BOX_MB = 1024
"""A notebook's folder, in memory (root): its notebook, data and whatever it writes, at most."""


@contextlib.contextmanager
def _own_groups(number, memory_mb):
    """Root, where cgroups can be made: a notebook's own groups, holding the memory of all its
    processes together (its /tmp and folder included) and their number; else no groups."""
    groups = sandbox.Cgroups(GRADE_GROUPS) if os.name == 'posix' else None
    if groups is None or groups.problem():
        yield []
        return
    name = f'notebook-{number}'
    try:
        yield groups.make(name, memory_mb, PROCESSES)
    finally:
        for _attempt in range(20):          # its processes leave the group as the sandbox ends
            groups.remove(name)
            if not any((base / name).exists() for base in groups.bases().values()):
                break
            time.sleep(0.05)


@contextlib.contextmanager
def _bounded(box, memory_mb, sandboxed):
    """Root: the notebook's box a tmpfs of BOX_MB, so that what it writes never fills the
    machine's disk (its pages count in its group's memory); elsewhere the box as it is."""
    mounted = False
    if sandboxed and os.name == 'posix' and os.geteuid() == 0 and shutil.which('mount'):
        mounted = subprocess.run(['mount', '-t', 'tmpfs', '-o', f'size={BOX_MB}m,mode=0700',
                                  'tmpfs', str(box)], capture_output=True).returncode == 0
    try:
        yield
    finally:
        if mounted:
            subprocess.run(['umount', '-l', str(box)], capture_output=True)


def _starting(limit, groups):
    """preexec_fn of a worker: into the notebook's groups, then its limits."""
    rlimits, enter = sandbox.limits(limit), sandbox.join(groups)

    def start():
        enter()
        rlimits()
    return start


def _feed(stdin, data):
    """Write data to the worker's stdin and close it (it may have died: then nothing)."""
    try:
        stdin.write(data)
    except OSError:
        pass
    finally:
        try:
            stdin.close()
        except OSError:
            pass


def _drain(fd, got):
    """Read the worker's rows from fd until it is closed, keeping the first ROWS_BYTES."""
    kept = 0
    with os.fdopen(fd, 'rb', buffering=0) as f:
        while chunk := f.read(65536):
            if kept < ROWS_BYTES:
                got.append(chunk[:ROWS_BYTES - kept])
                kept += len(got[-1])


def _rows_from(text, exercises) -> dict:
    """{exercise: row} from the worker's lines, read as untrusted data.

    The worker writes one row per exercise of the lesson, and nothing else: a
    row is a ``Row`` (pokerlib.verdicts: its report cut, its seconds a number). Anything
    more (a line that is no such row, a second row for an exercise, a row for
    another exercise) means something else wrote to the grader's channel:
    then no row is taken, and every exercise reads as an error that says so.
    """
    names, rows, unexpected = {f for f, _ in exercises}, {}, 0
    for line in text.splitlines():
        try:
            row = Row.from_wire(line, names - set(rows))
        except ValueError:
            unexpected += 1
            continue
        rows[row.exercise] = row.data()
    if unexpected:
        return {name: {'exercise': name, 'status': 'error', 'seconds': 0,
                       'report': _('not graded: the grader received {n} line(s) it did not '
                                   'write beside its verdicts').format(n=unexpected)}
                for name in names}
    return rows


def _sandbox_user(number):
    """Root: (uid, gid) of the sandbox of a grading's notebook number; else None."""
    if os.name != 'posix' or os.geteuid() != 0:
        return None
    uid = SANDBOX_UIDS + (os.getpid() % 10_000) * 100_000 + number % 100_000
    return uid, uid


def _chown(folder, user):
    """Give folder and what is in it to the sandbox's user (it has no other rights)."""
    for top, folders, files in os.walk(folder):
        os.chown(top, *user)
        for name in folders + files:
            os.chown(os.path.join(top, name), *user, follow_symlinks=False)


def _processes(user):
    """RLIMIT_NPROC for a sandbox: PROCESSES of its own user, or, in a user
    namespace (the limit counts the caller's real account), PROCESSES more than
    that account runs now."""
    if user is not None:
        return PROCESSES
    mine, uid = 0, os.getuid()
    for entry in os.scandir('/proc'):
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if entry.stat().st_uid == uid:
                    mine += len(os.listdir(f'/proc/{entry.name}/task'))
    return mine + PROCESSES


def _sandbox_env(channel):
    """The worker's environment in the sandbox: made here, nothing of the grader's (no token)."""
    return {**WORKER_ENV, 'PATH': f'{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin',
            'LANG': 'C.UTF-8', 'HOME': '/tmp', 'USER': 'student', 'TMPDIR': '/tmp',
            'PYTHONDONTWRITEBYTECODE': '1', 'MPLCONFIGDIR': '/tmp/matplotlib',
            'IPYTHONDIR': '/tmp/ipython', 'JUPYTER_RUNTIME_DIR': '/tmp/jupyter',
            'POKERLIB_GRADE_CHANNEL': str(channel), 'POKERLIB_GRADE_LANGUAGE': language()}


def _stop(proc, sandboxed=False):
    """Stop a worker: a sandbox at once (everything in it dies with it); else
    SIGTERM (it shuts its kernel down), then SIGKILL to what is left of its session."""
    if proc.poll() is not None:
        return
    if sandboxed:
        proc.kill()
        proc.wait()
        return
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    if os.name == 'posix':
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    else:
        proc.kill()
    proc.wait()


def grade(paths, timeout=30, jobs=None, memory_mb=4096, folder=None, on_done=None,
          sandboxed=True, budget=None, total=None, later=()) -> list:
    """Grade the notebooks in paths; the rows (dicts with COLUMNS), student by student.

    Each notebook runs in a sandbox (``sandboxed=False``: a limited subprocess);
    a ``SandboxError`` says in one line when none can be made here. A notebook runs
    ``budget`` seconds at most (default: ten cells' time, at least 120 s), the whole
    grading ``total`` seconds (a notebook not begun by then says so); the notebooks of
    ``later`` ('STUDENT/NOTEBOOK' or 'STUDENT/LESSON': those that ran out of time before) go
    after all the others.
    """
    if sandboxed:
        why = sandbox.problem()
        if why:
            raise sandbox.SandboxError(f'no sandbox to grade in: {why}')
    lessons = lesson_exercises(folder)
    rows, tasks = [], []
    jobs = jobs or os.cpu_count() or 1
    # The grader's own snapshot of each notebook, read once (no link followed inside
    # a folder, no FIFO waited on): the file a student changes meanwhile is not it.
    with tempfile.TemporaryDirectory(prefix='pokerlib-grade-') as private:
        for k, (student, path, given) in enumerate(_found(paths)):
            try:
                data = read_regular(path, follow_links=given)
            except PokerError as e:
                rows.append({'student': student, 'notebook': Path(path).name, 'exercise': '',
                             'status': 'unknown', 'seconds': 0,
                             'report': _('not graded: {why}').format(why=e)})
                continue
            snapshot = Path(private) / str(k) / Path(path).name
            snapshot.parent.mkdir()
            snapshot.write_bytes(data)
            lesson = lesson_of(snapshot, lessons, folder)
            if lesson is None:
                rows.append({'student': student, 'notebook': Path(path).name, 'exercise': '',
                             'status': 'unknown', 'seconds': 0,
                             'report': _("not one of the course's notebooks (no NN- name, title or "
                                         "exercise matched)")})
                continue
            tasks.append((student, lesson, snapshot, k))
        tasks.sort(key=lambda t: bool({f'{t[0]}/{t[1]}', f'{t[0]}/{Path(t[2]).name}'} & set(later)))
        deadline = None if total is None else time.monotonic() + total

        def one(path, lesson, k):
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left < 1:
                return [{'exercise': f, 'status': 'unknown', 'seconds': 0, 'report': _(
                    'not graded: the grading ran out of its {seconds:.0f} s before this notebook '
                    'began').format(seconds=total)} for f, _exercise in lessons[lesson]]
            wall = min([x for x in (budget, left) if x is not None], default=None)
            return grade_notebook(path, lessons[lesson], timeout, memory_mb, wall=wall,
                                  sandboxed=sandboxed, number=k, lesson=lesson,
                                  student_package=packages.get(lesson))

        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            packages = {}
            if sandboxed:        # each lesson's student pokerlib, built once
                for lesson in sorted({t[1] for t in tasks}):
                    packages[lesson] = _student_package(Path(private) / f'package-{lesson}', lesson)
            futures = {pool.submit(one, path, lesson, k): (student, lesson, path)
                       for student, lesson, path, k in tasks}
            for future in concurrent.futures.as_completed(futures):
                student, lesson, path = futures[future]
                got = [{'student': student, 'notebook': lesson, **r} for r in future.result()]
                rows += got
                if on_done:
                    on_done(student, lesson, got)
    if sandboxed and os.name == 'posix' and os.geteuid() == 0:
        sandbox.Cgroups(GRADE_GROUPS).remove_all()      # this grading's folder of groups
    order = {(n, f): k for n, lesson in lessons.items() for k, (f, _) in enumerate(lesson)}
    rows.sort(key=lambda r: (r['student'], r['notebook'], order.get((r['notebook'], r['exercise']), 99)))
    return [{c: r[c] for c in COLUMNS} for r in rows]


# --- the command line (pokerlib grade, pokerlib progress) ------------------------
