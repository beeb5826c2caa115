"""What the teacher reads: the grade's rows as CSV, as lines in a terminal, as an HTML table.

A row is a dict of COLUMNS: student, notebook (the lesson, ``01``...),
exercise, status, seconds, report (the first line of the check's report).
The one renderer of ``pokerlib grade --html`` and of the class server's
gradebook (``grade_table``); the one rule that keeps a CSV field from running
in a spreadsheet (``safe_cell``), for the live board's CSV too.
"""

import csv
import html
import re
import shutil
from pathlib import Path


from ..i18n import _, language
from ..verdicts import STATUSES, legend, symbol, word

__all__ = ['COLUMNS', 'write_csv', 'read_csv', 'write_html', 'grade_table', 'summary',
           'shown', 'safe_cell', 'status_word']

COLUMNS = ['student', 'notebook', 'exercise', 'status', 'seconds', 'report']
COLOURS = {'pass': '#c8e6c9', 'todo': '#fff3c4', 'missing': '#eeeeee'}
"""A cell's background by status (the table's own palette; its symbols and words are
pokerlib.verdicts'); every other status, FAILED."""
FAILED = '#ffcdd2'

FORMULA = ('=', '+', '-', '@', '\t', '\r')
"""What a spreadsheet may take for the start of a formula (OWASP's CSV injection list)."""


def safe_cell(value) -> str:
    """A CSV field no spreadsheet runs: one starting like a formula (or with the quote
    itself, so that read_csv can undo it) gets a ' in front, as OWASP recommends.

    >>> [safe_cell(v) for v in ['=1+1', '@SUM(A1)', "'x", 'ann', 0.5, 'a\x1b[2Jb']]
    ["'=1+1", "'@SUM(A1)", "''x", 'ann', '0.5', 'a [2Jb']
    """
    value = CONTROLS.sub(' ', str(value))
    return "'" + value if value.startswith(FORMULA + ("'",)) else value


CONTROLS = re.compile(r'[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]')
"""Characters a CSV field never keeps: control characters (an escape would reach a terminal
that shows the file) and right-to-left overrides; tabs and line breaks stay (CSV quotes them)."""


def write_csv(rows, path):
    """The rows as a long-form CSV: one line per student, notebook and exercise.

    Fields that a spreadsheet would read as a formula are neutralised (``_neutral``).
    """
    with open(path, 'w', newline='', encoding='utf-8') as f:
        writer = csv.DictWriter(f, COLUMNS)
        writer.writeheader()
        writer.writerows({c: safe_cell(r[c]) for c in COLUMNS} for r in rows)


def read_csv(path) -> list:
    """The rows write_csv wrote, as they were (strings)."""
    with open(path, newline='', encoding='utf-8') as f:
        return [{k: v[1:] if v.startswith("'") else v for k, v in r.items()}
                for r in csv.DictReader(f)]


def shown(text) -> str:
    """text for a terminal: control characters written as escapes, never sent.

    >>> shown('ann\\x1b[2J') == 'ann\\\\x1b[2J'
    True
    """
    return ''.join(c if c.isprintable() or c == ' ' else
                   (f'\\x{ord(c):02x}' if ord(c) < 256 else f'\\u{ord(c):04x}') for c in str(text))


def summary(rows) -> list:
    """One line per student: how many exercises passed, and the symbols in order."""
    lines = []
    for student in sorted({r['student'] for r in rows}):
        mine = [r for r in rows if r['student'] == student]
        passed = sum(r['status'] == 'pass' for r in mine)
        marks = ' '.join(f"{shown(r['notebook'])}:{''.join(symbol(x['status']) for x in mine if x['notebook'] == r['notebook'])}"
                         for r in {r['notebook']: r for r in mine}.values())
        lines.append(_('{name}: {passed} of {total} passed').format(
            name=shown(student), passed=passed, total=len(mine)) + f'  {marks}')
    return lines


TABLE_STYLE = """\
div.grades { overflow-x: auto; max-width: 100%; }
table.grades { border-collapse: collapse; }
table.grades th, table.grades td { border: 1px solid #999; padding: 4px 6px; vertical-align: top; font-size: 14px; }
table.grades th.lesson { background: #f3f3f3; }
table.grades td.none { color: #888; text-align: center; }
table.grades td details { max-width: 16em; }
table.grades summary { cursor: pointer; white-space: nowrap; }"""
"""The table's look, for a page that shows grade_table."""


def grade_table(rows, students=None) -> str:
    """The grade table (HTML): one row per student, one column per exercise, grouped by lesson.

    ``students`` gives the rows' order (and students with no rows yet);
    by default, the students of ``rows`` in order. A cell is the status's
    colour and symbol, its report on hover and on click; every field, the
    seconds too, is escaped. The one renderer of ``pokerlib grade --html``
    and the class server's gradebook. The table scrolls in a box of its own
    (``div.grades``), so that a page showing it never scrolls sideways on a phone.

    >>> print(grade_table([{'student': '<b>', 'notebook': '01', 'exercise': 'flush',
    ...                     'status': 'pass', 'seconds': '0.1', 'report': 'ok'}]))  # doctest: +ELLIPSIS
    <div class="grades"><table class="grades">...<th>&lt;b&gt;</th><td class="passed">1 / 1</td>...</table></div>
    """
    e = lambda value: html.escape(str(value))                          # noqa: E731
    columns = list(dict.fromkeys((r['notebook'], r['exercise']) for r in rows))
    students = list(dict.fromkeys(students if students is not None else sorted(r['student'] for r in rows)))
    cell = {(r['student'], r['notebook'], r['exercise']): r for r in rows}
    lessons = list(dict.fromkeys(n for n, _ in columns))
    top = ''.join(f'<th class="lesson" colspan="{sum(n == lesson for n, _ in columns)}">{e(lesson)}</th>'
                  for lesson in lessons)
    head = ''.join(f'<th class="exercise"><code>{e(x)}</code></th>' for _, x in columns)
    body = []
    for s in students:
        tds = []
        for n, x in columns:
            r = cell.get((s, n, x))
            if r is None:
                tds.append('<td class="none">–</td>')
                continue
            colour, said = COLOURS.get(r['status'], FAILED), status_word(r['status'])
            title = _('{status}: {report}').format(status=said, report=r['report'])
            shown = _('{report} ({seconds} s)').format(report=r['report'], seconds=r['seconds'])
            tds.append(f'<td class="mark" style="background:{colour}" title="{e(title)}">'
                       f'<details><summary>{symbol(r["status"])} {e(said)}</summary>'
                       f'{e(shown)}</details></td>')
        passed = sum(cell.get((s, n, x), {}).get('status') == 'pass' for n, x in columns)
        body.append(f'<tr class="student"><th>{e(s)}</th>'
                    f'<td class="passed">{passed} / {len(columns)}</td>{"".join(tds)}</tr>')
    student, passed_word = _('student'), _('passed')      # outside the f-string, where Babel finds them
    return (f'<div class="grades"><table class="grades"><thead><tr><th rowspan="2">{e(student)}</th>'
            f'<th rowspan="2">{e(passed_word)}</th>'
            f'{top}</tr><tr>{head}</tr></thead><tbody>\n{chr(10).join(body)}\n</tbody></table></div>')


def status_word(status) -> str:
    """A status as a cell of the grade table says it, in the library's language ('fail' is
    'wrong answer', 答案不对 in Chinese: pokerlib.verdicts); the CSV keeps the status itself."""
    return word(status)


CJK_RANGE = 'U+3000-303F, U+3400-4DBF, U+4E00-9FFF, U+FF00-FFEF'
"""The characters the course's font draws on a page: Chinese, its punctuation, full-width forms."""


def _page_font(path) -> str:
    """The course's font for a Chinese page at path: copied beside it (a machine without a
    Chinese font would draw its Chinese as empty boxes), and the CSS that uses it for the
    Chinese alone."""
    from ..serving.fonts import FAMILY, FONT     # (loaded where it is used: pokerlib.serving)
    target = Path(path).parent / FONT.name
    if not target.exists() or target.read_bytes() != FONT.read_bytes():
        shutil.copyfile(FONT, target)
    return (f'@font-face {{ font-family: "{FAMILY}"; src: url("{FONT.name}") format("opentype"); '
            f'unicode-range: {CJK_RANGE}; }}\nbody {{ font-family: "{FAMILY}", sans-serif; }}')


def write_html(rows, path):
    """A page of the grade table (grade_table), in the library's language: colour and symbol,
    the report on hover or click. In Chinese, with the course's font beside it."""
    e = html.escape
    lang = {'zh_CN': 'zh-CN'}.get(language(), 'en')
    font = _page_font(path) if lang == 'zh-CN' else ""
    marks = _('Marks: {legend}.').format(legend=legend(STATUSES, ungraded=True))
    title = _('Grades')                                # outside the f-string, where Babel finds them
    how = _("One row per student, one column per exercise. Hover over a cell for the check's "
            "report, or click it.")
    Path(path).write_text(f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{e(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font-family: sans-serif; }}
{font}
{TABLE_STYLE}
</style></head><body>
<h1>{e(title)}</h1>
<p>{e(how)}
{e(marks)}</p>
{grade_table(rows)}
</body></html>
""", encoding='utf-8')
