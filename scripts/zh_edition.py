"""The course in Chinese, in the students' environment: the student's edition and a workspace.

    python scripts/zh_edition.py student [DIR]     # the Chinese student's edition (default student-zh/)
    python scripts/zh_edition.py workspace [DIR]   # bring a Chinese workspace up to date
                                                   # (default workspace-zh/; `make lab-zh`)

The Chinese teacher's edition, notebooks/zh/, is made from the English one
and the catalogs by scripts/translate.py (`make translations`). Its student's
edition is made the same way as the English one (scripts/editions.py:
solutions replaced by a stub, expected answers and outputs removed), with
the stub's comment in Chinese, from the compiled catalog code.mo, which the
standard library's gettext reads. A workspace follows the English rules:
new notebooks copied in, untouched ones updated, a notebook the student
changed never overwritten.
"""

import gettext
import re
import sys
from pathlib import Path

import editions
from nav import NOTEBOOKS

ROOT = Path(__file__).resolve().parent.parent
ZH = NOTEBOOKS / 'zh'
LOCALE = ROOT / 'locale'
CODE = gettext.translation('code', LOCALE, languages=['zh_CN'])
STUB_COMMENT = editions.STUB[0]
STUB_ZH = '# ' + CODE.gettext(STUB_COMMENT.lstrip('# '))
ENGLISH_LINK = re.compile(r' \| \[English\]\(\.\./[^)]*\)')
"""The teacher's Chinese notebook's link to the English one beside it (in notebooks/): a
student's workspace has no English notebook beside it, so its edition leaves the link out."""


def student_notebook(path):
    """The Chinese student's edition of one Chinese notebook, as a NotebookNode."""
    nb = editions.student_notebook(path)
    for cell in nb.cells:
        if cell.cell_type == 'code' and STUB_COMMENT in cell.source:
            cell.source = cell.source.replace(STUB_COMMENT, STUB_ZH)
        elif cell.cell_type == 'markdown':
            cell.source = ENGLISH_LINK.sub('', cell.source)
    return nb


def write_student_edition(outdir, folder=ZH) -> list:
    """Write the Chinese student's edition of every notebook in folder, and the data files."""
    return editions.write_edition(outdir, folder, student_notebook)


def main(argv):
    if not argv or argv[0] not in ('student', 'workspace'):
        print(__doc__)
        return 2
    what = argv[0]
    out = Path(argv[1]) if len(argv) > 1 else ROOT / f'{what}-zh'
    # Staged in a temporary folder, then brought in by the workspace's rules: a file
    # someone changed in out is never overwritten (student-zh/ included).
    written, messages = editions.publish(what, out, ZH, student_notebook)
    title = {'student': f'中文学生版（{len(written)} 个笔记本，供分发）',
             'workspace': '你自己的中文课程副本'}[what]
    editions.show(f'{title}在 {out.name}/（git 不管它）：'
                  + (f'{len(messages)} 处变化' if messages else '已是最新'),
                  messages, '你改过的文件永远不会被覆盖。')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
