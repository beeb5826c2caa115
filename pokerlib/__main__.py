"""``python -m pokerlib``: the command line (see pokerlib.cli)."""

import sys

from .cli import console

if __name__ == '__main__':
    sys.exit(console())
