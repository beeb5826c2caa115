"""Run a command that ends with the hub: ``python -m classroom.tether COMMAND...``.

The hub's services (the gradebook, the follow view, the warm-up, the idle
culler) are the hub's helpers: a hub that ends, however it ends (Ctrl-C, a
crash, ``kill -9``), takes them with it, so that the next hub starts its own
on the same ports and nothing of the last one is left running. The students'
servers are not the hub's: the relay holds them (classroom/relay.py).

The kernel sends the command SIGTERM when the process that started it ends
(``prctl(PR_SET_PDEATHSIG)``, which survives the ``exec``).
"""

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def main(argv):
    if not argv:
        sys.exit('usage: python -m classroom.tether COMMAND [ARG...]')
    parent = os.getppid()
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
        sys.exit(f'classroom.tether: prctl failed ({os.strerror(ctypes.get_errno())})')
    if os.getppid() != parent:          # the hub ended before the tether was tied
        sys.exit(0)
    os.execvp(argv[0], argv)


if __name__ == '__main__':
    main(sys.argv[1:])
