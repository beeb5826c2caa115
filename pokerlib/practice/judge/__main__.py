"""The judge's process for ``check``: ``python -E -s -m pokerlib.practice.judge FD`` (FD: its end
of the socket the kernel made; ``-``: the socket shared on stdin, Windows). The kernel starts
it at its first check (``pokerlib.practice.kernel``); it loads every exercise, then serves."""

import sys

from .. import exercises  # noqa: F401  (they register themselves)
from .serving import main

if __name__ == '__main__':
    main(None if sys.argv[1] == '-' else int(sys.argv[1]))
