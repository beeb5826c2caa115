"""Grade students' notebooks: ``pokerlib grade PATH...``; a student's own ``pokerlib progress``.

Each notebook is run top to bottom in a fresh Jupyter kernel, in a
subprocess of its own with limits on time and memory (the kernel inherits
them), errors allowed, every cell stopped after ``timeout`` seconds (a cell
of ``check(...)`` calls only is skipped: the grader judges). Then every
exercise of its lesson is judged by name, the way ``check`` finds a
function, by the grader's own process (the same judge as ``check``'s), the
kernel only running the student's functions for it (``serve_judge``,
``judge_in``): the exercises are the ``check(NAME)`` cells
of the teacher's edition (``notebooks/NN-*.ipynb``, matched by the
notebook's number). So a student who moved, split or deleted cells, or
renamed the file, is still graded; a syntax error, an endless loop, a crash
or a missing function is one exercise's row, never a stuck batch.

**Grading runs the students' code**, with the rights of whoever runs it:
grade on a machine (or account) where that is acceptable.

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
import csv
import html
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ['grade', 'lesson_exercises', 'find_notebooks', 'lesson_of', 'serve_judge', 'judge_in',
           'write_csv', 'write_html', 'summary', 'COLUMNS']

COLUMNS = ['student', 'notebook', 'exercise', 'status', 'seconds', 'report']
SYMBOLS = {'pass': '✓', 'fail': '✗', 'todo': '…', 'error': '✗', 'slow': '◔',
           'missing': '∅', 'timeout': '◔', 'crash': '✗', 'unknown': '?'}
COLOURS = {'pass': '#c8e6c9', 'todo': '#fff3c4', 'missing': '#eeeeee'}
FAILED = '#ffcdd2'
NOTEBOOK_NAME = re.compile(r'^(\d\d)-')


def course_notebooks() -> Path:
    """The teacher's edition: $POKERLIB_NOTEBOOKS, else notebooks/ beside the package."""
    return Path(os.environ.get('POKERLIB_NOTEBOOKS')
                or Path(__file__).resolve().parent.parent / 'notebooks')


def _cells(path):
    with open(path, encoding='utf-8') as f:
        cells = json.load(f)['cells']
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
    """[(student, path)] for the notebooks in paths (files or folders), in order."""
    found = []
    for given in map(Path, paths):
        if given.is_dir():
            for path in sorted(given.rglob('*.ipynb')):
                rel = path.relative_to(given)
                if '.ipynb_checkpoints' in rel.parts or any(p.startswith('.') for p in rel.parts):
                    continue
                student = rel.parts[0] if len(rel.parts) > 1 else _student_of_file(path)
                found.append((student, path))
        else:
            found.append((_student_of_file(given), given))
    return found


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
    from .practice.judging import _harden, judge_remote
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

def _limit(memory_mb, cpu_seconds):
    """In the worker (and so its kernel): limits on memory and CPU time, where the system has them."""
    try:
        import resource
    except ImportError:       # Windows: the wall-clock limit still applies
        return
    if memory_mb:
        limit = memory_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if cpu_seconds:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 5))


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
                return f'not defined: its cell (cell {k}) crashed the kernel'
            if k in stopped:
                return f'not defined: its cell (cell {k}) was stopped after the time limit'
            error = _error_of(cell)
            if error:
                return f'not defined: its cell (cell {k}) raised {error}'
            return f'not defined, though cell {k} seems to define it'
    return f'not defined: no cell defines {function_name} (deleted or renamed?)'


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
    except Exception as e:
        for f, _ in exercises:
            emit(f, {'status': 'error', 'seconds': 0,
                     'report': f'not a notebook that can be read: {type(e).__name__}'})
        return
    names = list(dict.fromkeys(f for f, _ in exercises))
    first = nbformat.v4.new_code_cell('from pokerlib.grading import capture as __capture\n'
                                      f'__capture(get_ipython(), {names!r})')
    cells = [first] + list(nb.cells)
    skipped, stopped, todo = set(), set(), list(exercises)
    with tempfile.TemporaryDirectory(prefix='pokerlib-grade-') as workdir:
        data = course_notebooks() / 'data'
        if data.is_dir():
            os.symlink(data, Path(workdir) / 'data')
        for attempt in range(len(cells) + len(exercises) + 1):
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
                from .practice.registry import EXERCISES
                limit = sum(EXERCISES[e].seconds + 5 if e in EXERCISES else 5 for f, e in todo)

                def execute(source):
                    cell = nbformat.v4.new_code_cell(source)
                    run.cells.append(cell)
                    client.timeout = limit + timeout
                    client.execute_cell(cell, len(run.cells) - 1)

                start = time.monotonic()
                try:
                    rows = judge_in(workdir, todo, execute, wait=max(60.0, float(timeout)))
                except DeadKernelError:
                    rows = None
                for function_name, exercise in todo:
                    row = next((r for r in rows or () if r['exercise'] == function_name), None)
                    if row is None:
                        row = {'status': 'crash', 'seconds': round(time.monotonic() - start, 2),
                               'report': f'the kernel died while {function_name} was judged'}
                    else:
                        row = {k: row[k] for k in ('status', 'seconds', 'report')}
                    if row['status'] == 'missing':
                        course = "course's own" in row['report']
                        row['report'] = (f"{function_name} is the course's own version; the student's is "
                                         if course else f'{function_name} is ') + _why_missing(
                                             run, function_name, stopped, skipped)
                    emit(function_name, row)
                todo = []


def _worker_main(argv):
    """python -m pokerlib.grading --worker NOTEBOOK EXERCISES_JSON TIMEOUT OUT"""
    path, exercises, timeout, out = argv
    # nbformat imports jsonschema, which compiles some forty grammars (1.7 s of CPU)
    # for a format check the grader never uses, when rfc3987_syntax is installed:
    # leaving it out of the worker makes a class's grading a third faster.
    sys.modules.setdefault('rfc3987_syntax', None)
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(143))   # shut the kernel down on the way out
    with open(out, 'a', encoding='utf-8') as f:
        _work(path, [tuple(e) for e in json.loads(exercises)], float(timeout), f)
    return 0


# --- the teacher's side ----------------------------------------------------------

def grade_notebook(path, exercises, timeout=30, memory_mb=4096, wall=None) -> list:
    """[{'exercise', 'status', 'seconds', 'report'}] for one notebook, run in a limited subprocess."""
    wall = wall or max(120, 10 * timeout)
    env = dict(os.environ, MPLBACKEND='Agg', OPENBLAS_NUM_THREADS='1', OMP_NUM_THREADS='1',
               MKL_NUM_THREADS='1', PYDEVD_DISABLE_FILE_VALIDATION='1',
               JUPYTER_PLATFORM_DIRS='1', PYTHONWARNINGS='ignore')
    with tempfile.NamedTemporaryFile('r', suffix='.jsonl', encoding='utf-8') as out:
        cmd = [sys.executable, '-m', 'pokerlib.grading', '--worker', str(path),
               json.dumps(exercises), str(timeout), out.name]
        posix = os.name == 'posix'
        proc = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=posix,
                                preexec_fn=(lambda: _limit(memory_mb, int(wall))) if posix else None)
        try:
            proc.wait(timeout=wall)
        except subprocess.TimeoutExpired:
            _stop(proc)
        except BaseException:
            _stop(proc)
            raise
        rows = [json.loads(l) for l in out.read().splitlines() if l.strip()]
    done = {r['exercise'] for r in rows}
    for function_name, _ in exercises:
        if function_name not in done:
            status = 'timeout' if proc.returncode in (None, -signal.SIGKILL if posix else None, 143, -15) else 'crash'
            rows.append({'exercise': function_name, 'status': status, 'seconds': 0,
                         'report': (f'the notebook did not finish within {wall:.0f} s'
                                    if status == 'timeout' else
                                    f'the grader stopped (exit status {proc.returncode})')})
    order = [f for f, _ in exercises]
    return sorted(rows, key=lambda r: order.index(r['exercise']) if r['exercise'] in order else len(order))


def _stop(proc):
    """Stop a worker: SIGTERM (it shuts its kernel down), then SIGKILL to what is left of its session."""
    if proc.poll() is not None:
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


def grade(paths, timeout=30, jobs=None, memory_mb=4096, folder=None, on_done=None) -> list:
    """Grade the notebooks in paths; the rows (dicts with COLUMNS), student by student."""
    lessons = lesson_exercises(folder)
    found = find_notebooks(paths)
    rows, tasks = [], []
    for student, path in found:
        lesson = lesson_of(path, lessons, folder)
        if lesson is None:
            rows.append({'student': student, 'notebook': Path(path).name, 'exercise': '',
                         'status': 'unknown', 'seconds': 0,
                         'report': 'not one of the course\'s notebooks (no NN- name, title or exercise matched)'})
            continue
        tasks.append((student, lesson, path))
    jobs = jobs or os.cpu_count() or 1
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(grade_notebook, path, lessons[lesson], timeout, memory_mb):
                   (student, lesson, path) for student, lesson, path in tasks}
        for future in concurrent.futures.as_completed(futures):
            student, lesson, path = futures[future]
            got = [{'student': student, 'notebook': lesson, **r} for r in future.result()]
            rows += got
            if on_done:
                on_done(student, lesson, got)
    order = {(n, f): k for n, lesson in lessons.items() for k, (f, _) in enumerate(lesson)}
    rows.sort(key=lambda r: (r['student'], r['notebook'], order.get((r['notebook'], r['exercise']), 99)))
    return [{c: r[c] for c in COLUMNS} for r in rows]


def write_csv(rows, path):
    """The rows as a long-form CSV: one line per student, notebook and exercise."""
    with open(path, 'w', newline='', encoding='utf-8') as f:
        writer = csv.DictWriter(f, COLUMNS)
        writer.writeheader()
        writer.writerows(rows)


def summary(rows) -> list:
    """One line per student: how many exercises passed, and the symbols in order."""
    lines = []
    for student in sorted({r['student'] for r in rows}):
        mine = [r for r in rows if r['student'] == student]
        passed = sum(r['status'] == 'pass' for r in mine)
        marks = ' '.join(f"{r['notebook']}:{''.join(SYMBOLS.get(x['status'], '?') for x in mine if x['notebook'] == r['notebook'])}"
                         for r in {r['notebook']: r for r in mine}.values())
        lines.append(f'{student}: {passed} of {len(mine)} passed  {marks}')
    return lines


def write_html(rows, path):
    """A table of students by exercises: colour and symbol, the report on hover or click."""
    columns = list(dict.fromkeys((r['notebook'], r['exercise']) for r in rows))
    students = sorted({r['student'] for r in rows})
    cell = {(r['student'], r['notebook'], r['exercise']): r for r in rows}
    e = html.escape
    head = ''.join(f'<th>{e(n)}<br><code>{e(x)}</code></th>' for n, x in columns)
    body = []
    for s in students:
        tds = []
        for n, x in columns:
            r = cell.get((s, n, x))
            if r is None:
                tds.append('<td></td>')
                continue
            colour = COLOURS.get(r['status'], FAILED)
            tds.append(f'<td style="background:{colour}" title="{e(r["report"])}">'
                       f'<details><summary>{SYMBOLS.get(r["status"], "?")} {e(r["status"])}</summary>'
                       f'{e(r["report"])} ({r["seconds"]} s)</details></td>')
        passed = sum(r['status'] == 'pass' for r in rows if r['student'] == s)
        total = sum(r['student'] == s for r in rows)
        body.append(f'<tr><th>{e(s)}</th>{"".join(tds)}<td>{passed} / {total}</td></tr>')
    Path(path).write_text(f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Grades</title>
<style>
body {{ font-family: sans-serif; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #999; padding: 4px 6px; vertical-align: top; font-size: 14px; }}
td details {{ max-width: 16em; }}
summary {{ cursor: pointer; white-space: nowrap; }}
</style></head><body>
<h1>Grades</h1>
<p>One row per student, one column per exercise. Hover over a cell for the check's report, or click it.
✓ pass · ✗ wrong, an error or a crash · … not written yet · ∅ missing · ◔ too slow or stopped.</p>
<table><tr><th>student</th>{head}<th>passed</th></tr>
{chr(10).join(body)}
</table></body></html>
""", encoding='utf-8')


# --- the command line (pokerlib grade, pokerlib progress) ------------------------

def _jobs(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f'must be a whole number, 1 or more, not {text!r}')
    return value


def _seconds(text):
    try:
        value = float(text)
    except ValueError:
        value = 0
    if not 0 < value < float('inf'):
        raise argparse.ArgumentTypeError(f'must be more than 0, not {text!r}')
    return value


def add_commands(sub):
    """Add the grade and progress subcommands to the command line's subparsers."""
    p = sub.add_parser('grade', help="grade students' notebooks (runs their code)",
                       description='Run each notebook in a fresh kernel, with limits, and '
                       'judge every exercise of its lesson by name. This runs the '
                       "students' code: do it where that is acceptable.",
                       epilog='example: pokerlib grade submitted/ --csv grades.csv '
                       '--html grades.html')
    p.add_argument('paths', nargs='+', metavar='PATH',
                   help='a notebook, or a folder of them (one subfolder per student)')
    p.add_argument('--csv', metavar='FILE', help='write the rows here (long form)')
    p.add_argument('--html', metavar='FILE', help='write the table here')
    _common(p)
    p.set_defaults(run=_cmd_grade)
    p = sub.add_parser('progress', help='which exercises your workspace already passes',
                       description='Run your notebooks (without changing them) and judge '
                       'every exercise, as the teacher\'s grading does.')
    p.add_argument('workspace', nargs='?', default='workspace', metavar='FOLDER',
                   help='your copy of the course (default workspace)')
    _common(p)
    p.set_defaults(run=_cmd_progress)


def _common(p):
    p.add_argument('--timeout', type=_seconds, default=30,
                   help='seconds a cell may run before it is stopped (default 30)')
    p.add_argument('--jobs', type=_jobs, default=None,
                   help='notebooks run side by side (default: one per core)')
    p.add_argument('--memory', type=_jobs, default=4096, metavar='MB',
                   help='memory limit of each notebook, in MB (default 4096)')


def _cmd_grade(args):
    for path in args.paths:
        if not Path(path).exists():
            raise FileNotFoundError(2, 'no such file or folder', path)
    if not lesson_exercises():
        print(f'pokerlib: error: no exercises found in {course_notebooks()} '
              '(set POKERLIB_NOTEBOOKS to the teacher\'s notebooks)', file=sys.stderr)
        return 1
    rows = grade(args.paths, args.timeout, args.jobs, args.memory)
    if args.csv:
        write_csv(rows, args.csv)
    if args.html:
        write_html(rows, args.html)
    for line in summary(rows):
        print(line)
    return 0


def _cmd_progress(args):
    folder = Path(args.workspace)
    if not folder.is_dir():
        raise FileNotFoundError(2, 'no such folder (make lab creates workspace/)', str(folder))
    paths = [p for p in sorted(folder.glob('[0-9][0-9]-*.ipynb'))    # yours, not the
             if p.name[:2] in lesson_exercises() and '(course update)' not in p.name]   # course's
    print(f'Running your {len(paths)} notebooks in {folder} (nothing is changed)...', flush=True)
    rows = grade(paths, args.timeout, args.jobs, args.memory)
    for lesson in sorted({r['notebook'] for r in rows}):
        mine = [r for r in rows if r['notebook'] == lesson]
        passed = [r['exercise'] for r in mine if r['status'] == 'pass']
        rest = [f"{SYMBOLS.get(r['status'], '?')} {r['exercise']}" for r in mine
                if r['status'] != 'pass']
        print(f'{lesson}: {len(passed)} of {len(mine)} passed'
              + (f"  (to do: {', '.join(rest)})" if rest else ''))
    return 0


if __name__ == '__main__':
    if sys.argv[1:2] == ['--worker']:
        sys.exit(_worker_main(sys.argv[2:]))
    sys.exit('usage: pokerlib grade PATH... (python -m pokerlib.grading is the grader\'s worker)')
