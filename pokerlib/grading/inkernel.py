"""What runs inside the student's kernel while the grader runs her notebook, and nothing else.

The worker (``pokerlib.grading.worker``) puts two cells into the kernel, each
an import of this module and a call, made here beside the functions they call
(``capture_cell``, ``serve_cell``):

- first, before the student's cells, ``capture``: after every cell, remember
  the student's own last definition of each exercise's function;
- after her cells, ``serve_judge``: connect to the worker's UNIX socket and
  send it a copy of each function it asks for (``pokerlib.practice.fresh``).

The kernel runs nothing of the judging, nor the student's functions: the
worker loads each copy in a fresh runner of its own, which forbids the
course's functions first, and judges it in its own process, so a cell that
replaces this module or prints a verdict changes no verdict. Nothing here
reads a verdict or writes a row.
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
    """In the kernel (a cell the grader adds): connect to the grader's UNIX socket at path,
    send `token` (the grader's secret for this kernel, so that a process the notebook left
    behind can't answer in its place), then for each ``{'op': 'runner', 'function': name}``
    send a copy of the student's own last definition of name (``Copy``, ``{'missing': True}``
    or ``{'cannot': why}``), until ``{'op': 'end'}`` or the grader closing. Nothing a cell
    changed in this kernel (a patched pokerlib included) reaches the grader's runner, guard or
    judge (``pokerlib.practice.judge.remote``)."""
    import socket
    from ..practice import fresh, wire
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(path))
    wire.send(sock, {'token': str(token)})
    try:
        while True:
            try:
                request = wire.receive(sock)
            except wire.WireError:
                break
            op = request.get('op') if type(request) is dict else None
            if op == 'end':
                break
            if op != 'runner':
                continue
            name = str(request.get('function'))
            obj = _OWN.get(name, namespace.get(name))
            if obj is None:
                wire.send(sock, {'missing': True})
                continue
            try:
                wire.send(sock, fresh.Copy(fresh.pickled(obj, None), fresh.kernel_cells()).to_wire())
            except fresh.CannotCopy as e:
                wire.send(sock, {'cannot': e.report.headline()})
    finally:
        sock.close()


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
