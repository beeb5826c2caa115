"""A verdict's vocabulary: every status a check or the grader gives, defined here once.

Each status has one symbol, the same wherever the verdict is shown (the
student's report, ``pokerlib progress``, the grade table, the live board and
its legends); one word, marked for translation here (``N_``) and translated
where it is shown; and whether it counts as failing (a failed attempt for the
live board's stuck list).

>>> [symbol(s) for s in CHECKED]
['✓', '✗', '⚠', '◔', '…']
>>> word('fail'), legend(['pass', 'fail'])
('wrong answer', '✓ pass · ✗ wrong answer')

**One symbol per status, for the student and the teacher alike.** Until
now a student's report marked an error and a time-out with the ✗ of a wrong
answer, while the teacher's table showed ⚠ and ◔: the student asking about
"the ✗ on flush" and the teacher looking at a ⚠ meant the same check. The
teacher's symbols are kept, for both: a wrong answer (✗), an error raised
inside the function (⚠) and a crash of the kernel (✸) need different fixes
(the logic, the exception, the notebook), so a student learns as much from
telling them apart as a teacher does. ``slow`` (the check's own time limit)
and ``timeout`` (the grader stopped the judging) share ◔ on purpose: both
say "out of time", and their words tell them apart.

Who says what: a check's report is one of CHECKED about an exercise, or
'unknown' (check could not tell which exercise); the grader adds 'missing',
'timeout' and 'crash', and 'unknown' for a notebook it did not grade. A
check posts its verdict to the live board only about an exercise (CHECKED).
"""

from typing import NamedTuple

from .i18n import N_, _

__all__ = ['Verdict', 'VERDICTS', 'STATUSES', 'CHECKED', 'REPORTED', 'GRADED', 'FAILING',
           'SYMBOLS', 'NOT_GRADED', 'symbol', 'word', 'legend']


class Verdict(NamedTuple):
    """One status: its symbol, its word (English, marked N_), whether it counts as failing,
    and whether a check's report can say it of an exercise (else only the grader)."""
    status: str
    symbol: str
    word: str
    failing: bool
    check: bool


VERDICTS = {v.status: v for v in (
    Verdict('pass', '✓', N_('pass'), failing=False, check=True),
    Verdict('fail', '✗', N_('wrong answer'), failing=True, check=True),
    Verdict('error', '⚠', N_('raised an error'), failing=True, check=True),
    Verdict('slow', '◔', N_('too slow'), failing=True, check=True),
    Verdict('todo', '…', N_('not written yet'), failing=False, check=True),
    Verdict('missing', '∅', N_('missing'), failing=False, check=False),
    Verdict('timeout', '◔', N_('stopped'), failing=True, check=False),
    Verdict('crash', '✸', N_('crashed'), failing=True, check=False),
    Verdict('unknown', '?', N_('unknown'), failing=False, check=False),
)}
"""Every status, in the order a legend lists them."""

STATUSES = tuple(VERDICTS)
CHECKED = tuple(s for s, v in VERDICTS.items() if v.check)
"""What a check says of an exercise; what its kernel posts to the live board."""
REPORTED = CHECKED + ('unknown',)
"""What a check's report may say: of an exercise, or 'unknown' (it could not tell which)."""
GRADED = tuple(s for s in STATUSES if s != 'unknown')
"""What the grader's worker may say of an exercise ('unknown' is the batch's: not graded)."""
FAILING = frozenset(s for s, v in VERDICTS.items() if v.failing)
"""The statuses that count as a failed attempt ('todo' and 'missing' do not)."""
SYMBOLS = {s: v.symbol for s, v in VERDICTS.items()}
"""Each status's symbol."""
NOT_GRADED = ('–', N_('not graded'))
"""A table's cell with no verdict at all: no row for that student and exercise."""


def symbol(status) -> str:
    """The status's symbol; '?' for a status that is none of these."""
    return VERDICTS[status].symbol if status in VERDICTS else '?'


def word(status, tr=_) -> str:
    """The status's word through tr (the library's language by default); an unknown status as it is.

    >>> from pokerlib.i18n import translator
    >>> word('fail', translator('zh_CN')), word('odd')
    ('答案不对', 'odd')
    """
    return tr(VERDICTS[status].word) if status in VERDICTS else status


def legend(statuses=STATUSES, sep=' · ', tr=_, ungraded=False) -> str:
    """'✓ pass · ✗ wrong answer ...' for statuses, in words through tr; ``ungraded``: and the
    table's mark of no verdict ('– not graded')."""
    marks = [f'{symbol(s)} {word(s, tr)}' for s in statuses]
    if ungraded:
        marks.append(f'{NOT_GRADED[0]} {tr(NOT_GRADED[1])}')
    return sep.join(marks)
