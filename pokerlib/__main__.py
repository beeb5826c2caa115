"""``python -m pokerlib``: the command line (see pokerlib.cli)."""

import sys

from .cli import main

if __name__ == '__main__':
    sys.exit(main())
