"""No module over 600 lines (issue 41): every .py file git tracks in the course's code
(pokerlib/, classroom/, tools/, deploy/, benchmarks/ and course.py). `make check` runs it:

    python -m tools.module_sizes

It names each file over the limit with its size, and fails (exit status 1); it fails too
when a file allowed to be over (BEING_SPLIT) no longer is, so that the list stays true.
Standard library only.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LIMIT = 600
"""The most lines a module may have."""

PLACES = ('pokerlib', 'classroom', 'tools', 'deploy', 'benchmarks', 'course.py')
"""Where the course's code lives (tests/ is not held to it)."""

BEING_SPLIT = set()
"""Files allowed over the limit while they are being split: none today. Remove a file's line
when it is under the limit (the check says when)."""


def modules(root=ROOT) -> list:
    """The .py files git tracks under PLACES in the repository at root (relative paths, in
    git's order), those present in the work tree."""
    out = subprocess.run(['git', 'ls-files', '-z', '--', *PLACES], cwd=root,
                         capture_output=True, text=True, check=True).stdout
    return [name for name in out.split('\0')
            if name.endswith('.py') and (Path(root) / name).is_file()]


def lines(path) -> int:
    """How many lines a file has (as wc -l counts them, a last line without its newline too)."""
    return len(Path(path).read_bytes().splitlines())


def problems(root=ROOT, limit=LIMIT, allowed=BEING_SPLIT) -> list:
    """What is wrong, one line each: every module over `limit` lines that `allowed` does not
    list, with its size, and every file `allowed` lists that is no longer over."""
    sizes = {name: lines(Path(root) / name) for name in modules(root)}
    return ([f'{name}: {n:,d} lines, more than {limit:,d}: split it'
             for name, n in sizes.items() if n > limit and name not in allowed]
            + [f'{name}: {sizes.get(name, 0):,d} lines, no longer over {limit:,d}: '
               f'remove it from BEING_SPLIT in tools/module_sizes.py'
               for name in sorted(allowed) if sizes.get(name, 0) <= limit])


def main(root=ROOT, allowed=BEING_SPLIT) -> int:
    """Print what is wrong (problems) to stderr; the exit status: 1 if anything is, else 0."""
    found = problems(root, allowed=allowed)
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
