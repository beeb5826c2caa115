"""Grade students' notebooks: ``pokerlib grade PATH...``; a student's own ``pokerlib progress``.

Each notebook is run top to bottom in a fresh Jupyter kernel, in a sandbox of
its own, and every exercise of its lesson is judged by name by the same judge
as ``check``'s, in the grader's process, the kernel only running the
student's functions. A syntax error, an endless loop, a crash or a missing
function is one exercise's row, never a stuck batch. Three programs, a
module or two each (as otter-grader keeps check, execute and grade apart):

- the teacher's batch: ``notebooks`` (what to grade: the course's exercises,
  the students' notebooks, their lessons), ``batch`` (a worker per notebook,
  in its sandbox), ``commands`` (the command line: ``pokerlib grade`` and
  ``progress``), ``tables`` (the rows as CSV, text, HTML),
  ``wall`` (the student pokerlib each lesson's sandbox shows: only what the
  lesson gives, so that her functions run where the course's answers are absent);
- the worker, one per notebook: ``worker`` (run it, judge it; started as
  ``python -I -m pokerlib.grading --worker``, ``__main__.py``);
- in the student's kernel: ``inkernel`` (remember her functions, serve the
  worker's judge), imported there by the cells the worker adds.

A row: student, notebook (the lesson, ``01``...), exercise, status,
seconds, report (the first line of the check's report). Statuses are the
check's (``pass``, ``fail``, ``todo`` not written yet, ``error``, ``slow``)
and the grader's own: ``missing`` (no function of that name: the report
says why), ``timeout`` (the judging itself ran out of time) and ``crash``
(the kernel died while judging it).
"""

from .batch import *
from .inkernel import *
from .notebooks import *
from .tables import *
from .worker import *
from . import batch, inkernel, notebooks, tables, worker

__all__ = [name for module in (batch, inkernel, notebooks, tables, worker) for name in module.__all__]
