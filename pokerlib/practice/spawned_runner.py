"""The runner's process where there is no fork: ``python -m pokerlib.practice.spawned_runner``,
started by ``spawned.launch``, reads the kernel's cells and the pickled student's function
from stdin, then serves the judge on its socket as a forked runner does (``runner``)."""

import base64
import json
import linecache
import os
import socket
import struct
import sys

from . import runner

__all__ = ['main']


def main():
    """Read the header and the pickled object from stdin, then serve the judge (never returns)."""
    status = 0
    try:
        stdin = sys.stdin.buffer
        size, = struct.unpack('>I', stdin.read(4))
        header = json.loads(stdin.read(size))
        data = stdin.read()
        if 'shared' in header:
            sock = socket.fromshare(base64.b64decode(header['shared']))
        else:
            sock = socket.socket(fileno=header['fd'])
        for filename, lines in header['cells'].items():
            linecache.cache[filename] = (sum(map(len, lines)), None, lines, filename)
        runner.STATE['in_runner'] = True
        runner._limits()
        guard = header.get('guard')
        if type(guard) is dict and guard.get('wall'):
            _wall_off()                     # (the grade: only what the lesson gives is hers)
        if type(guard) is dict:             # (the grader's) before anything of hers runs
            runner.guard(guard.get('names', ()), guard.get('course', ()), guard.get('prints'))
        problem = None
        try:
            import pickle
            obj, name = pickle.loads(data)
        except BaseException as e:          # noqa: B036 - a module it needs is missing...
            obj, name = None, None
            problem = f'{type(e).__name__}: {e}'[:300]
        runner.serve_socket(sock, obj, name, problem=problem)
    except BaseException:                   # noqa: B036
        status = 1
    finally:
        os._exit(status)



WALL_SKIP = ('pokerlib.practice', 'pokerlib.grading', 'pokerlib.i18n', 'pokerlib.verdicts',
             'pokerlib.scripted', 'pokerlib.lazy')
"""The machinery's modules, which hold no answer (the runner itself runs them)."""


def _wall_off():
    """In the grade's student pokerlib (``pokerlib.grading.wall``), whose ``__given__`` says
    what the lesson gives: every other function of the course runs only for the course's own
    code (``guard.wall_off``). Elsewhere (a student's progress, the whole course) nothing."""
    import importlib
    from .guard import wall_off
    try:
        import pokerlib
    except ImportError:
        return
    given = getattr(pokerlib, '__given__', None)
    if type(given) is not dict:
        return
    ids = set()
    for module, names in given.items():
        try:
            found = importlib.import_module(module)
        except ImportError:
            continue
        for name in names:
            obj = getattr(found, name, None)
            if obj is not None:
                ids.add(id(obj))
    wall_off(ids, runner.PACKAGE + os.sep, WALL_SKIP)


if __name__ == '__main__':
    main()
