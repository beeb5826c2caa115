"""What runs inside the student's kernel while the grader runs her notebook, and nothing else.

The worker (``pokerlib.grading.worker``) puts two cells into the kernel, each
an import of this module and a call, made here beside the functions they call
(``capture_cell``, ``serve_cell``):

- first, before the student's cells, ``capture``: after every cell, remember
  the student's own last definition of each exercise's function;
- after her cells, ``serve_judge``: serve the worker's judge on a UNIX socket,
  forking a runner for each function (``pokerlib.practice.runner``).

The kernel only runs the student's functions: the worker judges them in its
own process, so a cell that replaces this module or prints a verdict changes
no verdict. Nothing here reads a verdict or writes a row.
"""

__all__ = ['capture', 'serve_judge']

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
    (``pokerlib.practice.judge.remote.judge_remote``), so no cell can change a verdict.
    """
    from ..practice.runner import serve
    serve(path, lambda name: _OWN.get(name, namespace.get(name)), token)


def capture_cell(names) -> str:
    """The source of the worker's first cell: capture the student's versions of names.

    >>> print(capture_cell(['flush']))
    from pokerlib.grading.inkernel import capture as __capture
    __capture(get_ipython(), ['flush'])
    """
    return f'from {__name__} import capture as __capture\n__capture(get_ipython(), {list(names)!r})'


def serve_cell(path, token) -> str:
    """The source of the cell that serves the worker's judge on the socket at path."""
    return f'from {__name__} import serve_judge as __serve\n__serve({path!r}, {token!r}, globals())'
