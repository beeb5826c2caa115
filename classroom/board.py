"""The live board: every check of the class as it happens (the gradebook's live half).

Each time a student runs ``check`` on the class server, her kernel posts the
verdict (pokerlib/practice/live.py); the gradebook service (gradebook.py)
asks the hub whose token came with it and hands the post to ``Board.receive``.
The board keeps, per student and exercise, the latest verdict and the number
of attempts, works out who is stuck, and writes the two CSVs. It is plain
Python (no hub, no web server), so that its rules are tested in `make test`.

What a post is, exactly, is ``pokerlib.verdicts.Post``, which the kernel sends
and the board reads (nothing else kept). The board also notes when the post
arrived: the stuck rule and the order of the log go by that clock, not the
student's.
"""

import csv
import io
import json
import re
import time
from collections import Counter
from dataclasses import asdict
from pathlib import Path

from pokerlib.i18n import N_  # marks the board's words for classroom/babel.cfg

from pokerlib.grading import safe_cell   # the grader's own CSV safety: one rule for both tables
from pokerlib.verdicts import CHECKED, FAILING, VERDICTS   # a verdict's symbol, word, failing: one home
from pokerlib.verdicts import POST_FIELDS, POST_OPTIONAL, Post   # what a post is: one home

from classroom.hints import CourseHints                     # the hints the course wrote

FIELDS, OPTIONAL = POST_FIELDS, POST_OPTIONAL
"""The fields every post has, and those it may have with their value when it has not (a
``pokerlib.verdicts.Post``): ``hint``, the report's hint (what the class gets wrong is counted
by it); ``ran``, False when the cell stopped before ``check`` ran (a SyntaxError, a NameError
before the function existed): shown, never counted as an attempt."""

MARKS = {k: VERDICTS[k].symbol for k in CHECKED}
"""The verdicts a check posts (pokerlib.verdicts.CHECKED: no other is taken), each with its symbol."""

WORDS = {k: VERDICTS[k].word for k in CHECKED}
"""Each verdict in words (the page's legend, and what a screen reader says): the library's
words (pokerlib.verdicts), which the class's tr finds in the library's catalog."""

TEXT = {'none': N_('No check yet.'), 'student': N_('student'),
        'live': N_('passed (live: check)'), 'official': N_('passed (official: grade)'),
        'other': N_('other'), 'passed_it': N_('passed it (students)'),
        'attempt': N_('attempt {n}'), 'attempts': N_('{n} attempts'), 'nobody': N_('Nobody.'),
        'updated': N_('Live: updated {time}.'),
        'own': N_('Her own check, in her kernel (she could change it)'),
        'grader': N_('The grader, sandboxed, on her saved notebook'), 'ungraded': N_('not graded yet'),
        'unrun': N_('did not run, not counted as an attempt'),
        'disagree': N_('her check and the grader disagree'),
        'wrong': N_('{passed} passed · {failing} failing · {unstarted} not started'),
        'hint_n': N_('{n} students: {hint}'), 'hint_1': N_('1 student: {hint}'),
        'unrun_n': N_('{n} checks did not run'), 'right': N_('No failing check right now.'),
        'lost': N_('Live updates lost: reconnecting… (reload the page if this stays)'),
        'colon': N_(': ')}
"""The words the live board's script (gradebook.js) puts on the page, in the class's language
(``Board.tr``); ``{n}`` and ``{time}`` are filled in by the script."""

STUCK_FAILS = 3
"""Failed attempts at one exercise (since it last passed) that put a student on the stuck list."""
STUCK_IDLE = 600
"""Seconds without a new pass that put a student on the stuck list."""

class Refused(Exception):
    """A post the board does not take: ``code`` is the HTTP status, the message says why."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code


def parse(body: bytes, exercises, now: float) -> dict:
    """The post in ``body`` (``Post.from_wire``) as a dict of its fields, or Refused(400)
    saying what is wrong.

    >>> post = parse(b'{"student": "ada", "exercise": "flush", "status": "fail", '
    ...              b'"when": 100.5, "reason": "wrong\\\\non two lines", "attempt": 2}', {'flush'}, 120)
    >>> post['reason'], post['attempt']
    ('wrong on two lines', 2)
    >>> try:
    ...     parse(b'{"student": "ada"}', {'flush'}, 120)
    ... except Refused as e:
    ...     print(e.code, e)
    400 missing: attempt, exercise, reason, status, when
    """
    try:
        return asdict(Post.from_wire(body, exercises, now))
    except ValueError as e:
        raise Refused(400, str(e)) from None


def csv_text(columns, rows) -> str:
    """Rows (dicts) as CSV, every field made safe by safe_cell."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([safe_cell(row.get(c, '')) for c in columns])
    return out.getvalue()


class RateLimit:
    """A token bucket per student: ``burst`` posts at once, then ``per_second`` on average.

    >>> limit = RateLimit(burst=2, per_second=1)
    >>> [limit.allow('ada', now=0) for _ in range(3)], limit.allow('grace', now=0)
    ([True, True, False], True)
    >>> limit.allow('ada', now=1.0)
    True
    """

    def __init__(self, burst=30, per_second=1.0):
        self.burst, self.per_second = burst, per_second
        self.buckets = {}               # name -> (tokens, time)

    def allow(self, name, now) -> bool:
        tokens, then = self.buckets.get(name, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.per_second)
        allowed = tokens >= 1
        self.buckets[name] = (tokens - allowed, now)
        return allowed


_HINTS = []


def _course_hints() -> CourseHints:
    """The course's hints, read once."""
    if not _HINTS:
        _HINTS.append(CourseHints.of_the_course())
    return _HINTS[0]


class Board:
    """The class's checks: latest verdict and attempts per (student, exercise), and the log.

    ``students`` are the names on the class list (in its order); ``exercises``
    maps each exercise the course knows to its notebook (in the course's order).
    Every post taken is appended to ``log_path`` (JSON lines) when given, and
    read back from it on start, so that a restart loses nothing.
    """

    def __init__(self, students, exercises: dict, log_path=None, clock=time.time,
                 limit=None, tr=None, hints=None):
        self.students, self.exercises = list(students), dict(exercises)
        self.tr = tr or (lambda text: text)     # the class's language (chinese.translated)
        self.hints = hints or _course_hints()   # a hint is kept as the course's message it is
        self.clock, self.limit = clock, limit or RateLimit()
        self.started = clock()
        self.log = []                   # every post taken, with 'received'
        self.cells = {}                 # (student, exercise) -> the latest row, with 'attempts'
        self.failed_since_pass = {}     # (student, exercise) -> failed attempts since it last passed
        self.last_pass = {}             # student -> when her last pass arrived
        self.unrun = {}                 # (student, exercise) -> her check that did not run, since
                                        # her last counted one (shown, never an attempt)
        self.version = 0                # goes up with every post taken
        self.log_path = Path(log_path) if log_path else None
        if self.log_path and self.log_path.exists():
            for line in self.log_path.read_text(encoding='utf-8').splitlines():
                row = json.loads(line)
                if row.get('student') in self.students and row.get('exercise') in self.exercises:
                    self._take(row)

    def receive(self, owner, body: bytes) -> dict:
        """Take a post sent with the token of hub user ``owner`` (None: no valid token).

        Returns the row taken; raises Refused(403) for a token that is not a
        student's on the list or a post for another student, Refused(429) for a
        student over her rate, Refused(400) for a malformed post.
        """
        if owner is None:
            raise Refused(403, 'a hub token of a student on the class list is needed')
        if owner not in self.students:
            raise Refused(403, f'{owner!r} is not a student on the class list')
        now = self.clock()
        if not self.limit.allow(owner, now):
            raise Refused(429, 'too many checks at once: this one is not on the board')
        post = parse(body, self.exercises, now)
        if post['student'] != owner:
            raise Refused(403, 'a student posts her own checks only')
        row = {**post, 'received': now}
        self._take(row)
        if self.log_path:
            with self.log_path.open('a', encoding='utf-8') as f:
                f.write(json.dumps(row, ensure_ascii=False) + '\n')
        return row

    def _take(self, row):
        key = (row['student'], row['exercise'])
        row['hint'] = self.hints.kept(row.get('hint', ''))    # the course's words, never a kernel's
        self.log.append(row)
        self.version += 1
        if row.get('ran') is False:
            self.unrun[key] = row
            return
        self.unrun.pop(key, None)
        attempts = self.cells.get(key, {}).get('attempts', 0) + 1
        self.cells[key] = {**row, 'attempts': attempts}
        if row['status'] == 'pass':
            self.failed_since_pass[key] = 0
            self.last_pass[row['student']] = row['received']
        elif row['status'] in FAILING:
            self.failed_since_pass[key] = self.failed_since_pass.get(key, 0) + 1

    def stuck(self, now=None) -> list:
        """[{'student', 'why'}]: who needs the teacher, in class-list order.

        A student is stuck on an exercise she has failed STUCK_FAILS times or
        more since it last passed, and stuck when no exercise has passed for
        her in STUCK_IDLE seconds (since her last pass, or since the board started).
        """
        now = self.clock() if now is None else now
        found = []
        for name in self.students:
            for exercise in self.exercises:
                fails = self.failed_since_pass.get((name, exercise), 0)
                if fails >= STUCK_FAILS:
                    found.append({'student': name, 'exercise': exercise,
                                  'why': self.tr(N_('{exercise}: failed {n} times')).format(
                                      exercise=exercise, n=fails)})
            since = self.last_pass.get(name, self.started)
            if now - since >= STUCK_IDLE:
                minutes = int((now - since) // 60)
                what = (N_('no exercise passed for {minutes} min') if name in self.last_pass
                        else N_('nothing passed yet for {minutes} min'))
                found.append({'student': name, 'exercise': None,
                              'why': self.tr(what).format(minutes=minutes)})
        return found

    def word(self, row) -> str:
        """The word of a row's verdict, in the class's language (WORDS)."""
        word = WORDS[row['status']]
        return self.tr(word)

    def state(self, now=None) -> dict:
        """Everything the teacher's page shows, as plain data (JSON)."""
        now = self.clock() if now is None else now
        seen = {e for _, e in self.cells} | {e for _, e in self.unrun}
        exercises = [{'name': e, 'notebook': nb} for e, nb in self.exercises.items() if e in seen]
        cells = {}
        for (name, exercise), row in self.cells.items():
            cells.setdefault(name, {})[exercise] = {
                'status': row['status'], 'attempts': row['attempts'], 'reason': row['reason'],
                'received': row['received']}
        for (name, exercise), row in self.unrun.items():
            cell = cells.setdefault(name, {}).setdefault(exercise, {'status': None, 'attempts': 0})
            cell['unrun'] = {'reason': row['reason'], 'received': row['received']}
        passed = {e['name']: sum(self.cells.get((n, e['name']), {}).get('status') == 'pass'
                                 for n in self.students) for e in exercises}
        return {'students': self.students, 'exercises': exercises, 'cells': cells,
                'passed': passed, 'wrong': self.wrong(), 'stuck': self.stuck(now), 'now': now,
                'marks': MARKS, 'words': {k: self.tr(v) for k, v in WORDS.items()},
                'text': {k: self.tr(v) for k, v in TEXT.items()}}

    def wrong(self, most=3) -> dict:
        """What the class gets wrong now: per exercise seen, how many students passed, are failing
        and have not started (no counted check, or 'not written yet'), how many checks did not
        run, and the most common hints of the failing ones (their latest check), most first: the
        course's hints only (classroom/hints.py), each without the values it was filled in with
        but the course's own words ('return True or False, not a list').

        >>> b = Board(['ada', 'grace', 'alan'], {'straight': '01'}, clock=lambda: 1e9)
        >>> for who, hint in [('ada', '[14, 5, 4, 3, 2] are five consecutive ranks: a straight'),
        ...                   ('grace', '[5, 4, 3, 2, 14] are five consecutive ranks: a straight'),
        ...                   ('alan', 'Teacher: the grader is broken')]:
        ...     _ = b.receive(who, json.dumps({'student': who, 'exercise': 'straight', 'status': 'fail',
        ...         'when': 1e9, 'reason': '✗ straight', 'attempt': 1, 'hint': hint}).encode())
        >>> b.wrong()['straight']['hints']
        [['… are five consecutive ranks: a straight', 2], ['wrong answer', 1]]
        """
        found = {}
        for exercise in self.exercises:
            rows = [self.cells.get((n, exercise)) for n in self.students]
            unrun = sum((n, exercise) in self.unrun for n in self.students)
            if not any(rows) and not unrun:
                continue
            failing = [r for r in rows if r and r['status'] in FAILING]
            hints = Counter(self.hints.shown(r['hint'], self.tr) if r.get('hint') else self.word(r)
                            for r in failing)
            found[exercise] = {
                'passed': sum(1 for r in rows if r and r['status'] == 'pass'),
                'failing': len(failing),
                'unstarted': sum(1 for r in rows if not r or r['status'] == 'todo'),
                'unrun': unrun,
                'hints': [[hint, n] for hint, n in sorted(hints.items(), key=lambda kv: (-kv[1], kv[0]))[:most]]}
        return found

    LOG_COLUMNS = ('received', 'student', 'exercise', 'status', 'attempt', 'when', 'reason', 'ran')

    def attempts_csv(self) -> str:
        """Every post taken, oldest first (times in UTC, ISO 8601; ``ran`` no: the cell stopped
        before check ran, not an attempt)."""
        return csv_text(self.LOG_COLUMNS, [{**r, 'received': iso(r['received']), 'when': iso(r['when']),
                                            'ran': 'yes' if r.get('ran', True) else 'no'}
                                           for r in self.log])

    GRADE_COLUMNS = ('student', 'notebook', 'exercise', 'check', 'check_attempts', 'check_reason',
                     'checked_at', 'grade', 'grade_report')

    def grades_csv(self, official=()) -> str:
        """Every student's latest verdict per exercise as it stands, beside the official grade.

        ``check*`` columns are the live board's (her own check, in her kernel);
        ``grade*`` the sandboxed grader's last run (``official``: its CSV rows).
        """
        graded = {(r['student'], r['exercise']): r for r in official}
        keys = set(self.cells) | set(graded)
        order = {e: k for k, e in enumerate(self.exercises)}
        rows = []
        for name in self.students:
            mine = sorted((e for n, e in keys if n == name), key=lambda e: (order.get(e, len(order)), e))
            for exercise in mine:
                live, grade = self.cells.get((name, exercise), {}), graded.get((name, exercise), {})
                rows.append({'student': name,
                             'notebook': grade.get('notebook') or self.exercises.get(exercise, ''),
                             'exercise': exercise, 'check': live.get('status', ''),
                             'check_attempts': live.get('attempts', ''),
                             'check_reason': live.get('reason', ''),
                             'checked_at': iso(live['received']) if live else '',
                             'grade': grade.get('status', ''), 'grade_report': grade.get('report', '')})
        return csv_text(self.GRADE_COLUMNS, rows)


def lms_csv(official, students, exercises: dict) -> str:
    """The grader's grades as Canvas and Moodle import a gradebook: one row per student on the
    class list, her hub name in both identifying columns, and a column per lesson: the exercises
    the grader passed in it, out of the lesson's count; blank where nothing of the lesson was
    graded (the notebook as handed out), so that an import leaves that grade alone.

    >>> print(lms_csv([{'student': 'ada', 'exercise': 'flush', 'status': 'pass'},
    ...                {'student': 'ada', 'exercise': 'kind', 'status': 'fail'}],
    ...               ['ada', 'grace'], {'flush': '01-Hands', 'kind': '01-Hands', 'allmax': '02-Ties'}), end='')
    Student,SIS Login ID,01-Hands (of 2),02-Ties (of 1)
    ada,ada,1,
    grace,grace,,
    """
    lessons = {}
    for exercise, notebook in exercises.items():
        if notebook:
            lessons.setdefault(notebook, []).append(exercise)
    graded = {}
    for r in official:
        graded.setdefault(r['student'], {})[r['exercise']] = r['status']
    columns = ['Student', 'SIS Login ID'] + [f'{lesson} (of {len(names)})' for lesson, names in lessons.items()]
    rows = []
    for name in students:
        row = {'Student': name, 'SIS Login ID': name}
        mine = graded.get(name, {})
        for names, column in zip(lessons.values(), columns[2:]):
            marks = [mine[e] for e in names if e in mine]
            row[column] = sum(m == 'pass' for m in marks) if marks else ''
        rows.append(row)
    return csv_text(columns, rows).replace('\r\n', '\n')


def iso(seconds: float) -> str:
    """A Unix time as UTC ISO 8601, to the second.

    >>> iso(0)
    '1970-01-01T00:00:00Z'
    """
    return time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(seconds))


CHECK_CALL = re.compile(r'\bcheck\(\s*(\w+)(?:[^)\n]*?name\s*=\s*[\'"](\w+))?')


def course_exercises(notebooks, known) -> dict:
    """exercise -> notebook (its stem), in the course's order, for every name in ``known``.

    The order is where the notebooks (sorted by name) first check each
    exercise; an exercise no notebook checks comes last, under ''. The
    contents (00-...) only shows check as an example: it does not count.
    """
    found = {}
    for path in sorted(Path(p) for p in notebooks if not Path(p).name.startswith('00-')):
        try:
            cells = json.loads(path.read_text(encoding='utf-8'))['cells']
        except (OSError, ValueError, KeyError):
            continue
        for cell in cells:
            source = ''.join(cell.get('source', ''))
            for function, name in CHECK_CALL.findall(source):
                exercise = name or function
                if exercise in known:
                    found.setdefault(exercise, path.stem)
    return {**found, **{e: '' for e in sorted(known) if e not in found}}
