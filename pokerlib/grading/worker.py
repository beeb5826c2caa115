"""The grader's worker: run one student's notebook in a fresh kernel and judge its exercises.

    python -I -m pokerlib.grading --worker NOTEBOOK EXERCISES_JSON TIMEOUT OUT

The teacher's batch (``pokerlib.grading.batch``) starts one per notebook, in
the notebook's sandbox; ``pokerlib/grading/__main__.py`` is its entry point.
The notebook runs top to bottom, errors allowed, every cell stopped after
``timeout`` seconds (a cell of ``check(...)`` calls only is skipped: the
grader judges); a cell that kills the kernel is left out and the notebook
runs again. Then every exercise of its lesson is judged by name, by the same
judge as ``check``'s, in this process (made untraceable), on a copy of each
function the kernel sends (``pokerlib.grading.inkernel``), run in a fresh runner
(``pokerlib.practice.fresh``). One JSON line per exercise goes to OUT
(``pokerlib.verdicts.Row``); a function missing says why (its cell, and what happened to it).
"""

import json
import os
import re
import signal
import sys
import time
from pathlib import Path

from ..i18n import _, set_language
from ..verdicts import Row
from . import inkernel
from .notebooks import _only_checks

__all__ = ['judge_in']


def judge_in(workdir, exercises, execute, wait=60.0) -> list:
    """Judge exercises in a kernel from this process: listen on a UNIX socket in workdir (the
    kernel must see it), let `execute(source)` run the serving cell in the kernel, and judge
    over the socket; [Row.data()] (None: the cell failed)."""
    import secrets
    import socket
    import threading
    from ..practice import exercises as _registered  # noqa: F401  (the judging needs them)
    from ..practice.judge.remote import judge_remote
    from ..practice.judge.serving import harden
    harden()                  # no process of the notebook's may trace this one
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
        execute(inkernel.serve_cell(path, token))
    finally:
        thread.join(wait)
        listener.close()
        try:
            os.unlink(path)
        except OSError:
            pass
    return None if 'rows' not in rows else [row.data() for row in rows['rows']]


KERNEL_FILE = re.compile(r'\s*\(\d+\.py, line (\d+)\)')
"""The kernel's name for a cell in a SyntaxError: '(2759836101.py, line 1)'."""


def _error_of(cell):
    """A cell's error as one short line ('SyntaxError: expected ':' on line 1 of the cell')."""
    for out in cell.get('outputs', []):
        if out.get('output_type') == 'error':
            value = (str(out.get('evalue') or '').splitlines() or [''])[0]
            found = KERNEL_FILE.search(value)
            if found:
                value = _('{error} on line {line} of the cell').format(
                    error=value[:found.start()] + value[found.end():], line=found[1])
            value = value[:100]
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

    def emit(row):
        out.write(row.to_wire() + '\n')
        out.flush()

    try:
        nb = nbformat.read(path, as_version=4)
    except (Exception, RecursionError) as e:
        why = _('nested too deeply') if isinstance(e, RecursionError) else type(e).__name__
        for f, _exercise in exercises:
            emit(Row(f, 'error', 0, _('not a notebook that can be read: {why}').format(why=why)))
        return
    names = list(dict.fromkeys(f for f, _ in exercises))
    cells = [nbformat.v4.new_code_cell(inkernel.capture_cell(names))] + list(nb.cells)
    skipped, stopped = set(), set()
    workdir = str(Path(path).parent)    # the notebook's own folder, which the grader made: its data/ is there
    for _attempt in range(len(cells) + len(exercises) + 1):
        run = nbformat.v4.new_notebook(cells=[nbformat.from_dict(c) for c in cells])
        client = NotebookClient(run, timeout=timeout, interrupt_on_timeout=True,
                                allow_errors=True, kernel_name='python3',
                                record_timing=False,
                                resources={'metadata': {'path': workdir}})
        with client.setup_kernel():
            if not _run_cells(client, run, skipped, stopped, timeout):
                continue                 # the kernel died: again, without the cell that killed it
            for row in _judge(client, run, exercises, workdir, timeout, stopped, skipped):
                emit(row)
            return


def _run_cells(client, run, skipped, stopped, timeout) -> bool:
    """Run the notebook's cells in client's kernel, noting those stopped at the time limit;
    False, with the cell that killed the kernel added to skipped, if the kernel died."""
    from nbclient.exceptions import DeadKernelError
    for k, cell in enumerate(run.cells):
        if k in skipped or cell.cell_type != 'code' or _only_checks(cell.source):
            continue
        start = time.monotonic()
        try:
            client.execute_cell(cell, k)
        except DeadKernelError:
            skipped.add(k)
            return False
        if time.monotonic() - start >= timeout:
            stopped.add(k)
    return True


def _judge(client, run, exercises, workdir, timeout, stopped, skipped):
    """The Row of each exercise, judged in this process against the kernel of client."""
    import nbformat
    from nbclient.exceptions import DeadKernelError

    from ..practice.exercises import EXERCISES
    limit = sum(EXERCISES[e].seconds * EXERCISES[e].runs + 5 if e in EXERCISES else 5
                for f, e in exercises)

    def execute(source):
        cell = nbformat.v4.new_code_cell(source)
        run.cells.append(cell)
        client.timeout = limit + timeout
        client.execute_cell(cell, len(run.cells) - 1)

    start = time.monotonic()
    try:
        rows = judge_in(workdir, exercises, execute, wait=max(60.0, float(timeout)))
    except DeadKernelError:
        rows = None
    for function_name, _exercise in exercises:
        row = next((r for r in rows or () if r['exercise'] == function_name), None)
        yield _row(row, function_name, run, stopped, skipped, start)


def _row(row, function_name, run, stopped, skipped, start) -> Row:
    """The worker's row of one exercise from the judge's (None: the kernel died while judging)."""
    if row is None:
        return Row(function_name, 'crash', time.monotonic() - start,
                   _('the kernel died while {name} was judged').format(name=function_name))
    report = row['report']
    if row['status'] == 'missing':       # row's course: the judge's fact, not its sentence
        why = _why_missing(run, function_name, stopped, skipped)
        report = (_("{name} is the course's own version; the student's is {why}")
                  if row.get('course') else _('{name} is {why}')).format(name=function_name, why=why)
    return Row(function_name, row['status'], row['seconds'], report)


def main(argv):
    """python -m pokerlib.grading --worker NOTEBOOK EXERCISES_JSON TIMEOUT OUT

    OUT is a file, or the number of an inherited file descriptor (the grader's pipe).
    """
    path, exercises, timeout, out = argv
    # The reports in the grading's language (the teacher's --language, or the notebooks' own).
    set_language(os.environ.get('POKERLIB_GRADE_LANGUAGE', 'en'))
    # The worker judges: the notebook's kernel (its child, in the same sandbox) may not
    # trace it, read its memory or reach its pipe to the grader through /proc.
    from ..practice.judge.serving import harden
    harden()
    # nbformat imports jsonschema, which compiles some forty grammars (1.7 s of CPU)
    # for a format check the grader never uses, when rfc3987_syntax is installed:
    # leaving it out of the worker makes a class's grading a third faster.
    sys.modules.setdefault('rfc3987_syntax', None)
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(143))   # shut the kernel down on the way out
    with (os.fdopen(int(out), 'a', encoding='utf-8') if out.isdigit() else
          open(out, 'a', encoding='utf-8')) as f:
        _work(path, [tuple(e) for e in json.loads(exercises)], float(timeout), f)
    return 0
