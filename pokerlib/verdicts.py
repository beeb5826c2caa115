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

import json
import math
import re
from dataclasses import MISSING, asdict, dataclass, fields
from typing import NamedTuple

from .i18n import N_, _

__all__ = ['Verdict', 'VERDICTS', 'STATUSES', 'CHECKED', 'REPORTED', 'GRADED', 'FAILING',
           'SYMBOLS', 'NOT_GRADED', 'symbol', 'word', 'legend', 'Post', 'Row', 'MAX_REASON',
           'MAX_HINT', 'MAX_REPORT']


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


# --- the two messages that carry a verdict out of a process -------------------------------

MAX_REASON = 300
"""Characters a post's reason may have, cut to this where made."""
MAX_HINT = 600
"""Characters a post's hint may have, cut to this where made: the course's longest hint
(deck_statistics.MODULO_BIAS, about 380 characters in English with its values) whole, so
that the board knows it for the course's own."""
MAX_POST = 8192
"""Bytes a post may have: a reason and a hint as long as they may be, in Chinese and escaped in
JSON (six bytes a character), fit."""
MAX_REPORT = 500
"""Characters a grader's row's report may have."""
SKEW = 24 * 3600
"""How far (seconds) a post's `when` may be from the board's clock."""
CONTROL = re.compile(r'[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]')
"""Characters a reason never keeps: control characters, line breaks, and the invisible and
right-to-left controls that would turn the text around on the teacher's page."""


def line(text, most=MAX_REASON) -> str:
    """text on one line, cut to ``most`` characters.

    >>> line('wrong\\n  on two lines'), len(line('x' * 900)), len(line('x' * 900, MAX_HINT))
    ('wrong on two lines', 300, 600)
    """
    text = ' '.join(str(text).split())
    return text if len(text) <= most else text[:most - 1] + '…'


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


@dataclass(frozen=True)
class Post:
    """A check's verdict as the student's kernel posts it to the live board (JSON, nothing else
    kept): ``when`` is the kernel's clock (Unix seconds), ``attempt`` its count of checks of
    that exercise, ``hint`` the report's hint, ``ran`` False when the cell stopped before
    ``check`` ran.

    >>> Post('ada', 'flush', 'fail', 1e9, 'failed', 2).to_wire()
    {'student': 'ada', 'exercise': 'flush', 'status': 'fail', 'when': 1000000000.0, 'reason': 'failed', 'attempt': 2}
    >>> Post.from_wire(b'{"student": "ada"}', {'flush'}, 120)
    Traceback (most recent call last):
    ValueError: missing: attempt, exercise, reason, status, when
    """
    student: str
    exercise: str
    status: str
    when: float
    reason: str
    attempt: int
    hint: str = ''
    ran: bool = True

    def to_wire(self) -> dict:
        """The post as JSON-ready data (hint and ran only where they are not the default)."""
        post = {k: v for k, v in asdict(self).items() if (k, v) not in (('hint', ''), ('ran', True))}
        return dict(post, when=float(self.when), reason=line(self.reason),
                    **({'hint': line(self.hint, MAX_HINT)} if self.hint else {}))

    @classmethod
    def from_wire(cls, body: bytes, exercises, now: float) -> 'Post':
        """The post in ``body``, or ValueError saying what is wrong with it."""
        if len(body) > MAX_POST:
            raise ValueError(f'a post has at most {MAX_POST} bytes, not {len(body)}')
        try:
            post = json.loads(body.decode('utf-8'))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise ValueError('a post is a JSON object') from None
        if not isinstance(post, dict):
            raise ValueError('a post is a JSON object')
        if missing := sorted(set(POST_FIELDS) - set(post)):
            raise ValueError('missing: ' + ', '.join(missing))
        if extra := sorted(set(post) - set(POST_FIELDS) - set(POST_OPTIONAL)):
            raise ValueError('unknown fields: ' + ', '.join(map(repr, extra))[:200])
        post = cls(**post)
        post._validate(exercises, now)
        return cls(**dict(asdict(post), when=float(post.when),
                          reason=CONTROL.sub(' ', post.reason).strip(),
                          hint=CONTROL.sub(' ', post.hint).strip()))

    def _validate(self, exercises, now):
        if not isinstance(self.student, str) or not 0 < len(self.student) <= 100:
            raise ValueError('student: a name')
        if not isinstance(self.exercise, str) or self.exercise not in exercises:
            raise ValueError(f'exercise: not one of the course\'s: {str(self.exercise)[:60]!r}')
        if not isinstance(self.status, str) or self.status not in CHECKED:
            raise ValueError(f'status: one of {", ".join(CHECKED)}')
        if not _number(self.when) or abs(self.when - now) > SKEW:
            raise ValueError('when: the time of the check, in Unix seconds')
        for name, most in (('reason', MAX_REASON), ('hint', MAX_HINT)):
            if not isinstance(getattr(self, name), str) or len(getattr(self, name)) > most:
                raise ValueError(f'{name}: a line of at most {most} characters')
        if not isinstance(self.attempt, int) or isinstance(self.attempt, bool) \
                or not 0 < self.attempt <= 10 ** 6:
            raise ValueError('attempt: a whole number from 1')
        if not isinstance(self.ran, bool):
            raise ValueError('ran: true or false')


POST_FIELDS = tuple(f.name for f in fields(Post) if f.default is MISSING)
"""The fields every post has: one less, or one neither here nor in POST_OPTIONAL, is a malformed post."""
POST_OPTIONAL = {f.name: f.default for f in fields(Post) if f.default is not MISSING}
"""The fields a post may have, and their value when it has not."""


@dataclass(frozen=True)
class Row:
    """The grader's verdict on one exercise of one notebook, as its worker writes it (one JSON
    line) and the batch reads it: the report cut to MAX_REPORT characters, seconds a number;
    ``course``: the function judged was the course's own.

    >>> Row.from_wire(Row('flush', 'pass', 0.5, 'ok').to_wire(), {'flush'})
    Row(exercise='flush', status='pass', seconds=0.5, report='ok', course=False)
    >>> Row.from_wire('{"exercise": "flush", "status": "won"}', {'flush'})
    Traceback (most recent call last):
    ValueError: not a row
    """
    exercise: str
    status: str
    seconds: float = 0
    report: str = ''
    course: bool = False

    def to_wire(self) -> str:
        """The row as one line of JSON (no course where there is none)."""
        return json.dumps(self.data())

    def data(self) -> dict:
        """The row as a dict: exercise, status, seconds, report (and course, if any)."""
        row = {k: v for k, v in asdict(self).items() if k != 'course' or v}
        return dict(row, seconds=round(float(self.seconds), 2), report=self.report[:MAX_REPORT])

    @classmethod
    def from_wire(cls, text, exercises) -> 'Row':
        """The row on a line, read as untrusted data: ValueError if it is not a row of one of
        `exercises` with a status the grader gives; a bad seconds reads 0, a bad report ''."""
        try:
            row = json.loads(text)
        except (ValueError, RecursionError):
            row = None
        name = row.get('exercise') if isinstance(row, dict) else None
        if not isinstance(name, str) or name not in exercises or row.get('status') not in GRADED:
            raise ValueError('not a row')
        seconds, report = row.get('seconds'), row.get('report')
        return cls(name, row['status'], round(float(seconds), 2) if _number(seconds) and 0 <= seconds < 10**6 else 0,
                   report[:MAX_REPORT] if isinstance(report, str) else '')
