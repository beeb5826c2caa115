"""Grade students' notebooks: ``pokerlib grade PATH...``; a student's own ``pokerlib progress``.

Each notebook is run top to bottom in a fresh Jupyter kernel, in a
sandbox of its own (``pokerlib.sandbox``: see "The sandbox" below), errors allowed, every cell stopped after ``timeout`` seconds (a cell
of ``check(...)`` calls only is skipped: the grader judges). Then every
exercise of its lesson is judged by name, the way ``check`` finds a
function, by the same judge as ``check``'s, in the grader's worker (made
untraceable), the kernel only running the student's functions for it
(``serve_judge``, ``judge_in``): the exercises are the ``check(NAME)`` cells
of the teacher's edition (``notebooks/NN-*.ipynb``, matched by the
notebook's number). So a student who moved, split or deleted cells, or
renamed the file, is still graded; a syntax error, an endless loop, a crash
or a missing function is one exercise's row, never a stuck batch.

**The sandbox.** ``pokerlib grade`` runs each notebook (the worker that
drives it with nbclient, and its kernel) inside bubblewrap, and refuses in
one line where no sandbox can be made. The grader keeps a private folder
(0700) per notebook, outside the sandbox::

    pokerlib-notebook-XXXX/       the grader's, removed when the notebook is graded
        work/                     bound writable; the worker's and kernel's folder
            NN-Name.ipynb         a copy of the student's notebook
            data/                 a copy of the course's data (never a link)
        channel/                  bound writable, empty: for a judge outside to meet the kernel

Inside: the system, Python, the venv and the ``pokerlib`` package read-only
(not the teacher's edition: the grader reads that outside); a private
``/tmp``; no network; its own PID namespace (every process it started dies
with it); an account of its own (root: a user id no one else has, one per
notebook; otherwise a user namespace); limits on memory, processes, CPU
time and file size; an environment of its own (no token of the hub's). The
rows come back on a pipe the grader made (an inherited fd), and are read as
untrusted data: known exercises and statuses only, first row of each wins.

``pokerlib progress`` (a student's own notebooks, on her own machine) runs
the same way without the sandbox.

A row: student, notebook (the lesson, ``01``...), exercise, status,
seconds, report (the first line of the check's report). Statuses are the
check's (``pass``, ``fail``, ``todo`` not written yet, ``error``, ``slow``)
and the grader's own: ``missing`` (no function of that name: the report
says why), ``timeout`` (the judging itself ran out of time) and ``crash``
(the kernel died while judging it).

A student is named by the first folder under the folder given
(``class/alice/01-Hands.ipynb`` is alice), or, for a notebook given or
found directly, by its folder when the file keeps the course's name
(``alice/01-Hands-and-hand_rank.ipynb``) and by the file's own name
otherwise (``bob-01.ipynb`` is bob-01).
"""

import argparse
import ast
import concurrent.futures
import contextlib
import csv
import errno
import html
import json
import math
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from . import sandbox
from .cards import PokerError
from .i18n import LANGUAGES, N_, _, language, set_language

__all__ = ['grade', 'lesson_exercises', 'find_notebooks', 'lesson_of', 'serve_judge', 'judge_in',
           'read_regular', 'write_csv', 'read_csv', 'write_html', 'grade_table', 'summary',
           'shown', 'safe_cell', 'COLUMNS', 'notebook_language', 'status_word', 'stage']

COLUMNS = ['student', 'notebook', 'exercise', 'status', 'seconds', 'report']
SYMBOLS = {'pass': '✓', 'fail': '✗', 'todo': '…', 'error': '⚠', 'slow': '◔',
           'missing': '∅', 'timeout': '◔', 'crash': '✸', 'unknown': '?'}
"""Each status's symbol, in the grade table and on the live board: fail, error and crash differ."""
COLOURS = {'pass': '#c8e6c9', 'todo': '#fff3c4', 'missing': '#eeeeee'}
FAILED = '#ffcdd2'
NOTEBOOK_NAME = re.compile(r'^(\d\d)-')
UPDATE = '(course update)'
"""In the name of the course's new version, put beside a notebook the student changed: never graded."""
NOTEBOOK_BYTES = 64 * 2**20
"""A notebook larger than this is not read."""


def course_notebooks() -> Path:
    """The teacher's edition: $POKERLIB_NOTEBOOKS, else notebooks/ beside the package."""
    return Path(os.environ.get('POKERLIB_NOTEBOOKS')
                or Path(__file__).resolve().parent.parent / 'notebooks')


def _cells(path):
    """[(cell type, source)] of a notebook; ValueError for JSON nested too deeply to be one."""
    with open(path, encoding='utf-8') as f:
        try:
            cells = json.load(f)['cells']
        except RecursionError:
            raise ValueError('nested too deeply to be a notebook') from None
    return [(c['cell_type'], ''.join(c['source'])) for c in cells]


def _checks(source):
    """The (function, exercise) of each top-level check(NAME[, name='...']) call in a cell."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) else None
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                and call.func.id == 'check' and call.args
                and isinstance(call.args[0], ast.Name)):
            name = call.args[0].id
            for kw in call.keywords:
                if kw.arg == 'name' and isinstance(kw.value, ast.Constant):
                    name = kw.value.value
            found.append((call.args[0].id, name))
    return found


def _only_checks(source) -> bool:
    """True for a cell of check(...) calls only: the grader judges those itself, so it skips them."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return False
    return bool(body) and len(_checks(source)) == len(body)


def lesson_exercises(folder=None) -> dict:
    """{'01': [(function, exercise), ...], ...}: the check cells of each notebook of the teacher's edition.

    >>> lesson_exercises()['01'][:3]
    [('hand_rank', 'hand_rank'), ('card_ranks', 'card_ranks'), ('straight', 'straight')]
    """
    lessons = {}
    for path in sorted(Path(folder or course_notebooks()).glob('[0-9][0-9]-*.ipynb')):
        found = [pair for kind, src in _cells(path) if kind == 'code' for pair in _checks(src)]
        if found:
            lessons[path.name[:2]] = list(dict.fromkeys(found))
    return lessons


def _titles(folder) -> dict:
    """{'first # heading': 'NN'} of the teacher's notebooks."""
    titles = {}
    for path in sorted(Path(folder).glob('[0-9][0-9]-*.ipynb')):
        for kind, src in _cells(path):
            heading = next((l[2:].strip() for l in src.splitlines() if l.startswith('# ')), None)
            if kind == 'markdown' and heading:
                titles[heading] = path.name[:2]
                break
    return titles


def lesson_of(path, lessons, folder=None):
    """The lesson number of a student's notebook: from its name, else its title, else its functions."""
    match = NOTEBOOK_NAME.match(Path(path).name)
    if match and match.group(1) in lessons:
        return match.group(1)
    try:
        cells = _cells(path)
    except (OSError, ValueError, KeyError, TypeError):
        return match.group(1) if match else None
    titles = _titles(folder or course_notebooks())
    for kind, src in cells:
        for line in src.splitlines():
            if kind == 'markdown' and line.startswith('# ') and line[2:].strip() in titles:
                return titles[line[2:].strip()]
    defined = set(re.findall(r'^\s*def\s+(\w+)', '\n'.join(s for k, s in cells if k == 'code'),
                             re.MULTILINE))
    overlap = {n: len(defined & {f for f, _ in ex}) for n, ex in lessons.items()}
    best = max(overlap, key=overlap.get, default=None)
    return best if best and overlap[best] else None


def find_notebooks(paths) -> list:
    """[(student, path)] for the notebooks in paths (files or folders), in order.

    In a folder, only regular files count: a link (to another student's
    notebook, say), a FIFO or a device named ``*.ipynb`` is passed over, and
    a linked folder is not entered; hidden folders and the course's
    ``(course update)`` copies are left out. A file given by name may be a link.
    """
    return [(student, path) for student, path, _ in _found(paths)]


def hidden(paths) -> list:
    """The hidden folders and notebooks (names starting with a dot) that grading leaves out."""
    left_out = []
    for given in map(Path, paths):
        if given.is_dir():
            for top, folders, files in os.walk(given):
                left_out += [Path(top) / f for f in folders
                             if f.startswith('.') and f != '.ipynb_checkpoints']   # (JupyterLab's)
                left_out += [Path(top) / f for f in files if f.startswith('.') and f.endswith('.ipynb')]
                folders[:] = [f for f in folders if not f.startswith('.')]
    return sorted(left_out)


def _found(paths) -> list:
    """[(student, path, given)] where given says the path was named, not found in a folder."""
    found = []
    for given in map(Path, paths):
        if given.is_dir():
            inside = []
            for top, folders, files in os.walk(given):      # never follows a link to a folder
                folders[:] = [f for f in folders if not f.startswith('.')]
                for name in files:
                    path = Path(top) / name
                    if name.endswith('.ipynb') and not name.startswith('.') and UPDATE not in name \
                            and _regular(path):
                        inside.append(path)
            for path in sorted(inside):
                rel = path.relative_to(given)
                student = rel.parts[0] if len(rel.parts) > 1 else _student_of_file(path)
                found.append((student, path, False))
        elif UPDATE not in given.name:
            found.append((_student_of_file(given), given, True))
    return found


def _regular(path) -> bool:
    """True for a regular file (not a link, FIFO, socket or device)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def read_regular(path, follow_links=False, limit=NOTEBOOK_BYTES) -> bytes:
    """The bytes of the regular file at path: never blocks on a FIFO, never reads a device.

    Unless ``follow_links``, a link is refused too (a student's link could
    point at another student's notebook). One ``PokerError`` line says why.
    """
    flags = os.O_RDONLY | getattr(os, 'O_NONBLOCK', 0) | getattr(os, 'O_NOCTTY', 0)
    if not follow_links:
        flags |= getattr(os, 'O_NOFOLLOW', 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.EMLINK):
            raise PokerError(f'{shown(str(path))}: a link, not a notebook') from None
        raise PokerError(f'{shown(str(path))}: {e.strerror}') from None
    with os.fdopen(fd, 'rb') as f:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise PokerError(f'{shown(str(path))}: not a regular file')
        data = f.read(limit + 1)
    if len(data) > limit:
        raise PokerError(f'{shown(str(path))}: larger than {limit // 2**20} MB')
    return data


def stage(students, workspaces, edition, staging, limit=NOTEBOOK_BYTES) -> tuple:
    """Copy into staging/NAME/ each notebook a student changed; ({name: count}, refused rows).

    A notebook still exactly as it was handed out (``edition``) has nothing to
    grade: its exercises show as not started, and grading a class stays quick.
    One notebook is read at a time (the bytes compared are the bytes copied, not
    what the file holds a moment later), so memory never grows with what students
    save; one larger than ``limit`` gets a row saying so instead. Links and
    FIFOs are passed over: no notebook of hers.
    """
    counts, refused = {}, []
    for name in students:
        for path in sorted((Path(workspaces) / name).glob('*.ipynb')):
            if not _regular(path):
                continue
            try:
                mine = read_regular(path, limit=limit)
            except PokerError as e:
                refused.append({'student': name, 'notebook': path.name, 'exercise': '',
                                'status': 'unknown', 'seconds': 0,
                                'report': _('not graded: {why}').format(why=e)})
                continue
            handed_out = Path(edition) / path.name
            if handed_out.exists() and handed_out.stat().st_size == len(mine) \
                    and handed_out.read_bytes() == mine:
                continue
            (Path(staging) / name).mkdir(parents=True, exist_ok=True)
            (Path(staging) / name / path.name).write_bytes(mine)
            counts[name] = counts.get(name, 0) + 1
    return counts, refused


def _student_of_file(path):
    path = Path(path).resolve()
    return path.parent.name if NOTEBOOK_NAME.match(path.name) else path.stem


# --- in the kernel -------------------------------------------------------------

_OWN = {}
"""In the kernel: the student's last own definition of each exercise's function."""


def _from_course(obj) -> bool:
    return str(getattr(obj, '__module__', None) or '').startswith('pokerlib')


def capture(shell, names):
    """In the kernel: after every cell, remember the student's own version of each name.

    The teacher's edition imports the course's version after an exercise
    (to show it), and a student's notebook may too: the student's function
    is the last one they defined, not what the name holds at the end.
    """
    def grab(result=None):
        for name in names:
            obj = shell.user_ns.get(name)
            if obj is not None and not _from_course(obj):
                _OWN[name] = obj
    shell.events.register('post_run_cell', grab)


def serve_judge(path, token, namespace):
    """In the kernel (a cell the grader adds): serve the grader's judge on the UNIX socket at
    path, forking a runner for each exercise's function (the student's own last definition).

    The kernel only runs the student's functions: the grader's own process judges them
    (``pokerlib.practice.judging.judge_remote``), so no cell can change a verdict.
    """
    from .practice.runner import serve
    serve(path, lambda name: _OWN.get(name, namespace.get(name)), token)


def judge_in(workdir, exercises, execute, wait=60.0) -> list:
    """Judge exercises in a kernel from this process: listen on a UNIX socket in workdir (the
    kernel must see it), let `execute(source)` run the serving cell in the kernel, and judge
    over the socket; [{'exercise', 'status', 'seconds', 'report'}] (None: the cell failed)."""
    import secrets
    import socket
    import threading
    from .practice import exercises as _registered  # noqa: F401  (the judging needs them)
    from .practice.judge.remote import judge_remote
    from .practice.judge.serving import _harden
    _harden()                 # no process of the notebook's may trace this one
    path = os.path.join(workdir, f'.judge-{secrets.token_hex(4)}.sock')
    token = secrets.token_hex(16)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)
    listener.settimeout(wait)
    rows = {}

    def grader_side():
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        with conn:
            rows['rows'] = judge_remote(conn, exercises, token, wait)

    thread = threading.Thread(target=grader_side, daemon=True)
    thread.start()
    try:
        execute('from pokerlib.grading import serve_judge as __serve\n'
                f'__serve({path!r}, {token!r}, globals())')
    finally:
        thread.join(wait)
        listener.close()
        try:
            os.unlink(path)
        except OSError:
            pass
    return rows.get('rows')


# --- the worker: one notebook, in a subprocess ----------------------------------

KERNEL_FILE = re.compile(r'\s*\(\d+\.py, line (\d+)\)')
"""The kernel's name for a cell in a SyntaxError: '(2759836101.py, line 1)'."""


def _error_of(cell):
    """A cell's error as one short line ('SyntaxError: expected ':' on line 1 of the cell')."""
    for out in cell.get('outputs', []):
        if out.get('output_type') == 'error':
            value = (str(out.get('evalue') or '').splitlines() or [''])[0]
            value = KERNEL_FILE.sub(r' on line \1 of the cell', value)[:100]
            return f"{out.get('ename')}: {value}".rstrip(': ')
    return None


def _why_missing(nb, function_name, stopped, skipped):
    """Why a function is missing: the cell that should define it, and what happened to it."""
    pattern = re.compile(rf'^\s*(def\s+{re.escape(function_name)}\b|{re.escape(function_name)}\s*=)',
                         re.MULTILINE)
    for k, cell in enumerate(nb.cells):
        if cell.cell_type == 'code' and pattern.search(cell.source):
            if k in skipped:
                return _('not defined: its cell (cell {k}) crashed the kernel').format(k=k)
            if k in stopped:
                return _('not defined: its cell (cell {k}) was stopped after the time limit').format(k=k)
            error = _error_of(cell)
            if error:
                return _('not defined: its cell (cell {k}) raised {error}').format(k=k, error=error)
            return _('not defined, though cell {k} seems to define it').format(k=k)
    return _('not defined: no cell defines {name} (deleted or renamed?)').format(name=function_name)


def _work(path, exercises, timeout, out):
    """Run one notebook and judge its exercises; write one JSON line per exercise to out."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import DeadKernelError

    def emit(function_name, row):
        out.write(json.dumps({'exercise': function_name, **row}) + '\n')
        out.flush()

    try:
        nb = nbformat.read(path, as_version=4)
    except (Exception, RecursionError) as e:
        why = _('nested too deeply') if isinstance(e, RecursionError) else type(e).__name__
        for f, _exercise in exercises:
            emit(f, {'status': 'error', 'seconds': 0,
                     'report': _('not a notebook that can be read: {why}').format(why=why)})
        return
    names = list(dict.fromkeys(f for f, _ in exercises))
    first = nbformat.v4.new_code_cell('from pokerlib.grading import capture as __capture\n'
                                      f'__capture(get_ipython(), {names!r})')
    cells = [first] + list(nb.cells)
    skipped, stopped, todo = set(), set(), list(exercises)
    # The notebook's own folder, which the grader made: its copy of data/ is there.
    with contextlib.nullcontext(str(Path(path).parent)) as workdir:
        for _attempt in range(len(cells) + len(exercises) + 1):
            if not todo:
                break
            run = nbformat.v4.new_notebook(cells=[nbformat.from_dict(c) for c in cells])
            client = NotebookClient(run, timeout=timeout, interrupt_on_timeout=True,
                                    allow_errors=True, kernel_name='python3',
                                    record_timing=False,
                                    resources={'metadata': {'path': workdir}})
            died = False
            with client.setup_kernel():
                for k, cell in enumerate(run.cells):
                    if k in skipped or cell.cell_type != 'code' or _only_checks(cell.source):
                        continue
                    start = time.monotonic()
                    try:
                        client.execute_cell(cell, k)
                    except DeadKernelError:
                        skipped.add(k)
                        died = True
                        break
                    if time.monotonic() - start >= timeout:
                        stopped.add(k)
                if died:
                    continue
                cells = run.cells            # with their outputs, for _why_missing
                from .practice.exercises import EXERCISES
                limit = sum(EXERCISES[e].seconds + 5 if e in EXERCISES else 5 for f, e in todo)

                def execute(source, run=run, client=client, limit=limit):
                    cell = nbformat.v4.new_code_cell(source)
                    run.cells.append(cell)
                    client.timeout = limit + timeout
                    client.execute_cell(cell, len(run.cells) - 1)

                start = time.monotonic()
                try:
                    rows = judge_in(workdir, todo, execute, wait=max(60.0, float(timeout)))
                except DeadKernelError:
                    rows = None
                for function_name, _exercise in todo:
                    row = next((r for r in rows or () if r['exercise'] == function_name), None)
                    if row is None:
                        row = {'status': 'crash', 'seconds': round(time.monotonic() - start, 2),
                               'report': _('the kernel died while {name} was judged').format(
                                   name=function_name)}
                    else:
                        course = bool(row.get('course'))     # the judge's fact, not its sentence
                        row = {k: row[k] for k in ('status', 'seconds', 'report')}
                    if row['status'] == 'missing':
                        why = _why_missing(run, function_name, stopped, skipped)
                        row['report'] = (_("{name} is the course's own version; the student's is {why}")
                                         if course else _('{name} is {why}')).format(
                                             name=function_name, why=why)
                    emit(function_name, row)
                todo = []


def _worker_main(argv):
    """python -m pokerlib.grading --worker NOTEBOOK EXERCISES_JSON TIMEOUT OUT

    OUT is a file, or the number of an inherited file descriptor (the grader's pipe).
    """
    path, exercises, timeout, out = argv
    # The reports in the grading's language (the teacher's --language, or the notebooks' own).
    set_language(os.environ.get('POKERLIB_GRADE_LANGUAGE', 'en'))
    # The worker judges: the notebook's kernel (its child, in the same sandbox) may not
    # trace it, read its memory or reach its pipe to the grader through /proc.
    from .practice.judge.serving import _harden
    _harden()
    # nbformat imports jsonschema, which compiles some forty grammars (1.7 s of CPU)
    # for a format check the grader never uses, when rfc3987_syntax is installed:
    # leaving it out of the worker makes a class's grading a third faster.
    sys.modules.setdefault('rfc3987_syntax', None)
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(143))   # shut the kernel down on the way out
    with (os.fdopen(int(out), 'a', encoding='utf-8') if out.isdigit() else
          open(out, 'a', encoding='utf-8')) as f:
        _work(path, [tuple(e) for e in json.loads(exercises)], float(timeout), f)
    return 0


# --- the teacher's side ----------------------------------------------------------

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
STATUSES = frozenset(SYMBOLS) - {'unknown'}


def grade_notebook(path, exercises, timeout=30, memory_mb=4096, wall=None, sandboxed=True,
                   number=0) -> list:
    """[{'exercise', 'status', 'seconds', 'report'}] for one notebook, run in a sandbox of its own.

    ``sandboxed=False`` (a student's ``progress``) runs it in a limited
    subprocess instead; ``number`` tells the notebooks of one grading apart.
    """
    wall = wall or max(120, 10 * timeout)
    posix = os.name == 'posix'
    with tempfile.TemporaryDirectory(prefix='pokerlib-notebook-') as box, \
            _own_groups(number, memory_mb) as groups, _bounded(box, memory_mb, sandboxed):
        work, channel = Path(box) / 'work', Path(box) / 'channel'
        work.mkdir()
        channel.mkdir()
        notebook = work / Path(path).name
        notebook.write_bytes(read_regular(path, follow_links=True))
        data = course_notebooks() / 'data'
        if data.is_dir():          # a copy: what the notebook writes there is its own
            shutil.copytree(data, work / 'data')
        # -I: isolated, nothing from the notebook's folder (where it can write files named like
        # modules) or from the environment's PYTHON* variables on the worker's module path.
        cmd = [sys.executable, '-I', '-m', 'pokerlib.grading', '--worker', str(notebook),
               json.dumps(exercises), str(timeout)]
        read, write = os.pipe() if posix else (None, None)
        cmd.append(str(write) if posix else str(Path(box) / 'rows.jsonl'))
        if sandboxed:
            user = _sandbox_user(number)
            if user:
                for folder in (work, channel):
                    _chown(folder, user)
            cmd = sandbox.command(cmd, read_only=[Path(__file__).resolve().parent],
                                  writable=[work, channel], workdir=work, user=user,
                                  tmp_mb=max(64, memory_mb // 4))
            limit = sandbox.Limits(memory_mb=memory_mb, processes=_processes(user),
                                   cpu_seconds=int(wall))
            env = _sandbox_env(channel)
        else:
            limit = sandbox.Limits(memory_mb=memory_mb, processes=None, cpu_seconds=int(wall),
                                   file_mb=None, open_files=None)
            env = dict(os.environ, **WORKER_ENV, POKERLIB_GRADE_LANGUAGE=language())
        try:
            proc = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, start_new_session=posix,
                                    preexec_fn=_starting(limit, groups) if posix else None,
                                    pass_fds=(write,) if posix else ())
        finally:
            if posix:
                os.close(write)
        got = []
        reader = threading.Thread(target=_drain, args=(read, got), daemon=True) if posix else None
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
            text = b''.join(got).decode('utf-8', 'replace')
        else:
            rows_file = Path(box) / 'rows.jsonl'
            text = rows_file.read_text('utf-8', 'replace') if rows_file.exists() else ''
    rows = _rows_from(text, exercises)
    for function_name, _exercise in exercises:
        if function_name not in rows:
            status = 'timeout' if proc.returncode in (None, -signal.SIGKILL if posix else None, 143, -15) else 'crash'
            rows[function_name] = {'exercise': function_name, 'status': status, 'seconds': 0,
                                   'report': (_('the notebook did not finish within {seconds:.0f} s')
                                              .format(seconds=wall) if status == 'timeout' else
                                              _('the grader stopped (exit status {code})')
                                              .format(code=proc.returncode))}
    return [rows[f] for f in dict.fromkeys(f for f, _ in exercises)]


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
    report is a string cut to 500 characters and seconds a number. Anything
    more (a line that is no such row, a second row for an exercise, a row for
    another exercise) means something else wrote to the grader's channel:
    then no row is taken, and every exercise reads as an error that says so.
    """
    names, rows, unexpected = {f for f, _ in exercises}, {}, 0
    for line in text.splitlines():
        try:
            row = json.loads(line)
        except (ValueError, RecursionError):
            row = None
        name = row.get('exercise') if isinstance(row, dict) else None
        status = row.get('status') if isinstance(row, dict) else None
        if not isinstance(name, str) or name not in names or name in rows \
                or not isinstance(status, str) or status not in STATUSES:
            unexpected += 1
            continue
        seconds = row.get('seconds')
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
                or not math.isfinite(seconds) or not 0 <= seconds < 10**6:
            seconds = 0
        report = row.get('report')
        rows[name] = {'exercise': name, 'status': status, 'seconds': round(float(seconds), 2),
                      'report': report[:500] if isinstance(report, str) else ''}
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
          sandboxed=True) -> list:
    """Grade the notebooks in paths; the rows (dicts with COLUMNS), student by student.

    Each notebook runs in a sandbox (``sandboxed=False``: a limited subprocess);
    a ``SandboxError`` says in one line when none can be made here.
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
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(grade_notebook, path, lessons[lesson], timeout, memory_mb,
                                   sandboxed=sandboxed, number=k): (student, lesson, path)
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


# --- what the teacher reads: CSV, terminal, HTML ----------------------------------

FORMULA = ('=', '+', '-', '@', '\t', '\r')
"""What a spreadsheet may take for the start of a formula (OWASP's CSV injection list)."""


def safe_cell(value) -> str:
    """A CSV field no spreadsheet runs: one starting like a formula (or with the quote
    itself, so that read_csv can undo it) gets a ' in front, as OWASP recommends.

    >>> [safe_cell(v) for v in ['=1+1', '@SUM(A1)', "'x", 'ann', 0.5, 'a\x1b[2Jb']]
    ["'=1+1", "'@SUM(A1)", "''x", 'ann', '0.5', 'a [2Jb']
    """
    value = CONTROLS.sub(' ', str(value))
    return "'" + value if value.startswith(FORMULA + ("'",)) else value


CONTROLS = re.compile(r'[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]')
"""Characters a CSV field never keeps: control characters (an escape would reach a terminal
that shows the file) and right-to-left overrides; tabs and line breaks stay (CSV quotes them)."""


def write_csv(rows, path):
    """The rows as a long-form CSV: one line per student, notebook and exercise.

    Fields that a spreadsheet would read as a formula are neutralised (``_neutral``).
    """
    with open(path, 'w', newline='', encoding='utf-8') as f:
        writer = csv.DictWriter(f, COLUMNS)
        writer.writeheader()
        writer.writerows({c: safe_cell(r[c]) for c in COLUMNS} for r in rows)


def read_csv(path) -> list:
    """The rows write_csv wrote, as they were (strings)."""
    with open(path, newline='', encoding='utf-8') as f:
        return [{k: v[1:] if v.startswith("'") else v for k, v in r.items()}
                for r in csv.DictReader(f)]


def shown(text) -> str:
    """text for a terminal: control characters written as escapes, never sent.

    >>> shown('ann\\x1b[2J') == 'ann\\\\x1b[2J'
    True
    """
    return ''.join(c if c.isprintable() or c == ' ' else
                   (f'\\x{ord(c):02x}' if ord(c) < 256 else f'\\u{ord(c):04x}') for c in str(text))


def summary(rows) -> list:
    """One line per student: how many exercises passed, and the symbols in order."""
    lines = []
    for student in sorted({r['student'] for r in rows}):
        mine = [r for r in rows if r['student'] == student]
        passed = sum(r['status'] == 'pass' for r in mine)
        marks = ' '.join(f"{shown(r['notebook'])}:{''.join(SYMBOLS.get(x['status'], '?') for x in mine if x['notebook'] == r['notebook'])}"
                         for r in {r['notebook']: r for r in mine}.values())
        lines.append(_('{name}: {passed} of {total} passed').format(
            name=shown(student), passed=passed, total=len(mine)) + f'  {marks}')
    return lines


TABLE_STYLE = """\
table.grades { border-collapse: collapse; }
table.grades th, table.grades td { border: 1px solid #999; padding: 4px 6px; vertical-align: top; font-size: 14px; }
table.grades th.lesson { background: #f3f3f3; }
table.grades td.none { color: #888; text-align: center; }
table.grades td details { max-width: 16em; }
table.grades summary { cursor: pointer; white-space: nowrap; }"""
"""The table's look, for a page that shows grade_table."""
LEGEND = N_('✓ pass · ✗ a wrong answer · ⚠ an error in the function · ✸ a crash · '
            '… not written yet · ∅ missing · ◔ too slow or stopped · – not graded')
STATUS_WORDS = {'pass': N_('pass'), 'fail': N_('fail'), 'todo': N_('todo'), 'error': N_('error'),
                'slow': N_('slow'), 'missing': N_('missing'), 'timeout': N_('timeout'),
                'crash': N_('crash')}
"""A status as a cell of the grade table says it (the CSV keeps the status itself)."""


def grade_table(rows, students=None) -> str:
    """The grade table (HTML): one row per student, one column per exercise, grouped by lesson.

    ``students`` gives the rows' order (and students with no rows yet);
    by default, the students of ``rows`` in order. A cell is the status's
    colour and symbol, its report on hover and on click; every field, the
    seconds too, is escaped. The one renderer of ``pokerlib grade --html``
    and the class server's gradebook.

    >>> print(grade_table([{'student': '<b>', 'notebook': '01', 'exercise': 'flush',
    ...                     'status': 'pass', 'seconds': '0.1', 'report': 'ok'}]))  # doctest: +ELLIPSIS
    <table class="grades">...<th>&lt;b&gt;</th><td class="passed">1 / 1</td>...</table>
    """
    e = lambda value: html.escape(str(value))                          # noqa: E731
    columns = list(dict.fromkeys((r['notebook'], r['exercise']) for r in rows))
    students = list(dict.fromkeys(students if students is not None else sorted(r['student'] for r in rows)))
    cell = {(r['student'], r['notebook'], r['exercise']): r for r in rows}
    lessons = list(dict.fromkeys(n for n, _ in columns))
    top = ''.join(f'<th class="lesson" colspan="{sum(n == lesson for n, _ in columns)}">{e(lesson)}</th>'
                  for lesson in lessons)
    head = ''.join(f'<th class="exercise"><code>{e(x)}</code></th>' for _, x in columns)
    body = []
    for s in students:
        tds = []
        for n, x in columns:
            r = cell.get((s, n, x))
            if r is None:
                tds.append('<td class="none">–</td>')
                continue
            colour = COLOURS.get(r['status'], FAILED)
            tds.append(f'<td class="mark" style="background:{colour}" title="{e(r["status"])}: {e(r["report"])}">'
                       f'<details><summary>{SYMBOLS.get(r["status"], "?")} {e(status_word(r["status"]))}</summary>'
                       f'{e(r["report"])} ({e(r["seconds"])} s)</details></td>')
        passed = sum(cell.get((s, n, x), {}).get('status') == 'pass' for n, x in columns)
        body.append(f'<tr class="student"><th>{e(s)}</th>'
                    f'<td class="passed">{passed} / {len(columns)}</td>{"".join(tds)}</tr>')
    student, passed_word = _('student'), _('passed')      # outside the f-string, where Babel finds them
    return (f'<table class="grades"><thead><tr><th rowspan="2">{e(student)}</th>'
            f'<th rowspan="2">{e(passed_word)}</th>'
            f'{top}</tr><tr>{head}</tr></thead><tbody>\n{chr(10).join(body)}\n</tbody></table>')


def status_word(status) -> str:
    """A status in the library's language ('pass' is 通过 in Chinese); an unknown one as it is."""
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status


def notebook_language(paths) -> str:
    """The language of the course the notebooks at paths (files or folders) come from.

    'zh_CN' when one of them switches the library to Chinese (the Chinese
    edition's first code cell calls ``set_language('zh_CN')``), else 'en'.
    """
    for _student, path in find_notebooks(paths):
        try:
            cells = _cells(path)
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if any(kind == 'code' and SETS_CHINESE.search(src) for kind, src in cells):
            return 'zh_CN'
    return 'en'


SETS_CHINESE = re.compile(r"""set_language\(\s*['"]zh""")


def write_html(rows, path):
    """A page of the grade table (grade_table), in the library's language: colour and symbol,
    the report on hover or click."""
    e = html.escape
    lang = {'zh_CN': 'zh-CN'}.get(language(), 'en')
    title = _('Grades')                                # outside the f-string, where Babel finds them
    how = _("One row per student, one column per exercise. Hover over a cell for the check's "
            "report, or click it.")
    Path(path).write_text(f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{e(title)}</title>
<style>
body {{ font-family: sans-serif; }}
{TABLE_STYLE}
</style></head><body>
<h1>{e(title)}</h1>
<p>{e(how)}
{e(_(LEGEND))}.</p>
{grade_table(rows)}
</body></html>
""", encoding='utf-8')


# --- the command line (pokerlib grade, pokerlib progress) ------------------------

def _jobs(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(_('must be a whole number, 1 or more, not {text!r}').format(text=text))
    return value


def _seconds(text):
    try:
        value = float(text)
    except ValueError:
        value = 0
    if not 0 < value < float('inf'):
        raise argparse.ArgumentTypeError(_('must be more than 0, not {text!r}').format(text=text))
    return value


def add_commands(sub):
    """Add the grade and progress subcommands to the command line's subparsers."""
    p = sub.add_parser('grade', help=_("grade students' notebooks (each in a sandbox)"),
                       description=_('Run each notebook in a fresh kernel, in a sandbox of its '
                         'own (bubblewrap: no network, no other notebook or file of yours in '
                         'sight, limits on memory, processes and time), and judge every '
                         'exercise of its lesson by name.'),
                       epilog=_('example: pokerlib grade submitted/ --csv grades.csv '
                         '--html grades.html'))
    p.add_argument('paths', nargs='+', metavar='PATH',
                   help=_('a notebook, or a folder of them (one subfolder per student)'))
    p.add_argument('--csv', metavar='FILE', help=_('write the rows here (long form)'))
    p.add_argument('--html', metavar='FILE', help=_('write the table here'))
    p.add_argument('--trusted', action='store_true',
                   help=_('where no sandbox can be made (macOS, Windows): run the notebooks '
                     'without one, with your own rights. Only for notebooks you trust: a '
                     'notebook could then read, change or delete your files'))
    _common(p)
    p.set_defaults(run=_cmd_grade)
    p = sub.add_parser('progress', help=_('which exercises your workspace already passes'),
                       description=_('Run your notebooks (without changing them) and judge '
                         'every exercise, as the teacher\'s grading does.'))
    p.add_argument('workspace', nargs='?', default=None, metavar='FOLDER',
                   help=_('your copy of the course (default: workspace and workspace-zh, '
                     'the Chinese copy, whichever exist)'))
    _common(p)
    p.set_defaults(run=_cmd_progress)


def _common(p):
    p.add_argument('--timeout', type=_seconds, default=30,
                   help=_('seconds a cell may run before it is stopped (default 30)'))
    p.add_argument('--jobs', type=_jobs, default=None,
                   help=_('notebooks run side by side (default: one per core)'))
    p.add_argument('--memory', type=_jobs, default=4096, metavar='MB',
                   help=_('memory limit of each notebook, in MB (default 4096)'))
    p.add_argument('--language', choices=LANGUAGES, default=None,
                   help=_("the language of the reports, the page and the summary (default: the "
                     "notebooks' own, zh_CN for the Chinese edition's)"))


def _speak(args, paths) -> str:
    """Make the library speak --language, else the notebooks' language; return it."""
    return set_language(args.language or notebook_language(paths))


def _cmd_grade(args):
    for path in args.paths:
        if not Path(path).exists():
            raise FileNotFoundError(2, _('no such file or folder'), path)
    if not lesson_exercises():
        print(f'pokerlib: error: no exercises found in {course_notebooks()} '
              '(set POKERLIB_NOTEBOOKS to the teacher\'s notebooks)', file=sys.stderr)
        return 1
    _speak(args, args.paths)
    if args.trusted:
        print(_('pokerlib: grading WITHOUT a sandbox (--trusted): each notebook runs with your '
                'rights and could read, change or delete your files'), file=sys.stderr)
    elif sandbox.problem():
        print(_('pokerlib: error: no sandbox can be made here ({why}); to grade notebooks you '
                'trust without one: pokerlib grade --trusted ...').format(why=sandbox.problem()),
              file=sys.stderr)
        return 1
    left_out = hidden(args.paths)
    if left_out:
        print(_('pokerlib: left out (hidden, their names start with a dot): {names}').format(
            names=', '.join(shown(str(p)) for p in left_out[:10]) + (' …' if len(left_out) > 10 else '')),
            file=sys.stderr)
    rows = grade(args.paths, args.timeout, args.jobs, args.memory, sandboxed=not args.trusted)
    if args.csv:
        write_csv(rows, args.csv)
    if args.html:
        write_html(rows, args.html)
    for line in summary(rows):
        print(line)
    return 0


WORKSPACES = ('workspace', 'workspace-zh')
"""The student's copies of the course (make lab, make lab-zh): what progress looks at."""


def _cmd_progress(args):
    folders = ([args.workspace] if args.workspace else
               [w for w in WORKSPACES if Path(w).is_dir()] or [WORKSPACES[0]])
    for folder in folders:
        if not Path(folder).is_dir():
            raise FileNotFoundError(2, _('no such folder ({command} creates it)').format(
                command='make lab-zh' if str(folder).rstrip('/\\').endswith('-zh') else 'make lab'),
                str(folder))
    for folder in folders:
        _progress(args, Path(folder))
    return 0


def _progress(args, folder):
    """Run the notebooks of one workspace and print, lesson by lesson, what they pass."""
    paths = [p for p in sorted(folder.glob('[0-9][0-9]-*.ipynb'))    # yours, not the
             if p.name[:2] in lesson_exercises() and UPDATE not in p.name]   # course's
    _speak(args, paths)
    print(_('Running your {n} notebooks in {folder} (nothing is changed)...').format(
        n=len(paths), folder=folder), flush=True)
    rows = grade(paths, args.timeout, args.jobs, args.memory, sandboxed=False)   # her own code, her machine
    for lesson in sorted({r['notebook'] for r in rows}):
        mine = [r for r in rows if r['notebook'] == lesson]
        passed = [r['exercise'] for r in mine if r['status'] == 'pass']
        rest = [f"{SYMBOLS.get(r['status'], '?')} {r['exercise']}" for r in mine
                if r['status'] != 'pass']
        print(_('{name}: {passed} of {total} passed').format(
                  name=lesson, passed=len(passed), total=len(mine))
              + (_('  (to do: {exercises})').format(exercises=', '.join(rest)) if rest else ''))


if __name__ == '__main__':
    if sys.argv[1:2] == ['--worker']:
        sys.exit(_worker_main(sys.argv[2:]))
    sys.exit('usage: pokerlib grade PATH... (python -m pokerlib.grading is the grader\'s worker)')
