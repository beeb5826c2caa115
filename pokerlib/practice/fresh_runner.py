"""A fresh runner's process: ``python -m pokerlib.practice.fresh_runner``, started by
``fresh.launch``, reads the kernel's cells and the pickled student's function
from stdin, then serves the judge on its socket as a forked runner does (``runner``)."""

import base64
import json
import linecache
import os
import socket
import struct
import sys

from . import clocks, runner

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
        if type(guard) is dict:             # (the grader's) before anything of hers runs
            runner.guard(guard.get('names', ()), guard.get('course', ()), guard.get('prints'),
                         _refs(guard.get('given')))
        problem = None
        clocks.warp()                       # (before her function, which may name a clock)
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



def _refs(given):
    """The judge's list of 'module:name' the lesson gives (None if it sent none)."""
    return [str(x) for x in given] if type(given) is list else None


if __name__ == '__main__':
    main()
