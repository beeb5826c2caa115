"""The course's editions, and the copies people work in, from the command line.

    python -m tools.editions student [DIR]     # the student's edition to hand out (default student/)
    python -m tools.editions workspace [DIR]   # bring a student's workspace up to date (default workspace/)
    python -m tools.editions teacher [DIR]     # bring the teacher's projecting copy up to date (default teacher/)
    python -m tools.editions workspace --language zh_CN   # the same, in Chinese (default workspace-zh/)

Run from the repository's root, with the course's environment (.venv). The
editions are made by pokerlib.serving.editions from the teacher's edition,
notebooks/ (notebooks/zh/ in Chinese), and brought into DIR by the rules of
pokerlib.serving.workspace: a file someone changed there is never overwritten. What
it prints is in the edition's language.
"""

import argparse
import sys
from pathlib import Path

from pokerlib.serving import editions

from .nav import NOTEBOOKS, ROOT

SOURCES = {'en': NOTEBOOKS, 'zh_CN': NOTEBOOKS / 'zh'}
"""The teacher's edition of each language."""
SUFFIX = {'en': '', 'zh_CN': '-zh'}
"""The default folder's suffix in each language: workspace/, workspace-zh/."""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog='python -m tools.editions',
                                     description=__doc__.split('\n\n')[0])
    parser.add_argument('what', choices=['student', 'workspace', 'teacher'])
    parser.add_argument('folder', nargs='?', type=Path,
                        help='where the copy goes (default: student/, workspace/ or teacher/, '
                             'with -zh in Chinese)')
    parser.add_argument('--language', choices=sorted(SOURCES), default='en')
    args = parser.parse_args(argv)
    out = args.folder or ROOT / (args.what + SUFFIX[args.language])
    written, messages = editions.publish(args.what, out, SOURCES[args.language], args.language)
    try:
        where = out.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        where = out
    print('\n'.join(editions.report(args.what, where.as_posix(), written, messages,
                                    args.language)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
