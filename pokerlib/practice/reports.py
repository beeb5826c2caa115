"""What a check says: the Report, and the Mismatch a judge raises to say what went wrong.

A report is plain data (a name, a status, a summary and (label, text)
details), so the judge's process can compose it and send it to the kernel,
which only shows it. Text inside a hint may mark code with ``code(...)``:
plain in a text report, code style in HTML.

>>> r = Report('straight', 'pass', '12 cases passed', sentence=False)
>>> bool(r), r.headline()
(True, '✓ straight: 12 cases passed')
>>> Report.from_data(r.to_data()).headline()
'✓ straight: 12 cases passed'
"""

import html
import unicodedata

from ..i18n import N_, _
from ..verdicts import REPORTED, symbol
from .values import to_python

__all__ = ['Report', 'Mismatch', 'code', 'short', 'wrong', 'kind_of', 'kind_of_type', 'unreadable', 'need_bool',
           'describe_call', 'prose', 'LABELS', 'CODE_LABELS']


def code(text) -> str:
    """Mark text as code inside a hint: plain in a text report, code style in HTML."""
    return f'\x02{text}\x03'


def prose(template, **fields) -> str:
    """A call described in words, for a report that shows the call as code: the words
    (translated template) outside the code style, each field inside it.

    >>> plain(prose('{a} and {b}', a='2S 3S', b='4S 5S'))
    '2S 3S and 4S 5S'
    """
    return '\x03' + template.format(**{k: code(v) for k, v in fields.items()}) + '\x02'


def plain(text) -> str:
    """Text with its code marks taken out."""
    return text.replace('\x02', '').replace('\x03', '')


def _as_html(text) -> str:
    text = text.replace('\x02\x03', '')         # an empty code span (prose at its edge)
    return (html.escape(text).replace('\x02', '<code>').replace('\x03', '</code>')
            .replace('\n', '<br>'))


CODE_LABELS = {'returned', 'expected', 'printed', 'rankings', 'changed', 'call', 'error'}
"""Details whose text is code (or program output), shown in code style in HTML ('where' is
words around code: judge.failures.where_text marks its code)."""
LABELS = (N_('returned'), N_('expected'), N_('printed'), N_('rankings'), N_('changed'), N_('call'),
          N_('error'), N_('where'), N_('hint'), N_('note'), N_('closest'), N_('exercises'),
          N_('problem'))
"""The labels of a report's details, translated where a report is shown (pokerlib.i18n)."""


def display_width(text) -> int:
    """Columns text takes in a terminal: two for each wide (Chinese) character."""
    return sum(2 if unicodedata.east_asian_width(c) in 'WF' else 1 for c in text)


def label_cell(label) -> str:
    """A detail's label and its colon (full-width after Chinese), padded to ten columns.

    >>> label_cell('returned') + '|', label_cell('返回了') + '|'
    ('returned: |', '返回了：  |')
    """
    text = label + ('：' if display_width(label) > len(label) else ':')
    return text + ' ' * max(1, 10 - display_width(text))


class Report:
    """The result of a check: true exactly when every case passed.

    ``status`` is 'pass' (right), 'fail' (a wrong answer), 'error' (an
    error in the function), 'slow' (stopped at the time limit), 'todo' (not
    written yet, or the course's own version) or 'unknown' (check could not
    tell which exercise): ``pokerlib.verdicts.REPORTED``, each with its symbol
    there. It shows itself as a few lines of text, or as a coloured box in a
    notebook.
    """

    def __init__(self, name, status, summary, details=(), seconds=None, sentence=True):
        self.name, self.status, self.summary = name, status, summary
        self.sentence = sentence         # True: 'flush gave a wrong answer on ...'; False: 'flush: right'
        self.details = list(details)     # (label, text) pairs
        self.seconds = seconds
        self.exercise = None             # the exercise's course name, once the judge knows it
        self.course = False              # True: the function judged is the course's own

    def __bool__(self):
        return self.status == 'pass'

    def headline(self) -> str:
        """The first line of the report."""
        return plain(f'{symbol(self.status)} {self.name}{self._name_sep()}{self.summary}')

    def _name_sep(self) -> str:
        """What goes between the name and the summary: a space before a summary that goes on
        from the name as a sentence ('gave a wrong answer on ...'), else a colon ('12 cases passed'),
        full-width before a Chinese summary ('flush：12 个用例通过')."""
        if self.sentence:
            return ' '
        text = plain(self.summary)
        return '：' if display_width(text) > len(text) else ': '

    def __str__(self):
        lines = [self.headline()]
        for label, text in self.details:
            lines.append('    ' + label_cell(_(label)) + plain(text).replace('\n', '\n' + ' ' * 14))
        return '\n'.join(lines)

    __repr__ = __str__

    def _repr_html_(self):
        colour = {'pass': '#2e7d32', 'todo': '#9a6700'}.get(self.status, '#c62828')
        rows = []
        for label, text in self.details:
            body = (f'<code style="white-space:pre-wrap">{html.escape(plain(text))}</code>'
                    if label in CODE_LABELS else _as_html(text))
            rows.append(f'<div style="margin-left:1.5em"><b>{html.escape(_(label))}:</b> '
                        f'{body}</div>')
        head = (f'{symbol(self.status)} {_as_html(code(self.name))}{self._name_sep()}'
                f'{_as_html(self.summary)}')
        return (f'<div style="border-left:4px solid {colour};padding:2px 8px">'
                f'<span style="color:{colour}">{head}</span>{"".join(rows)}</div>')

    def to_data(self) -> dict:
        """The report as plain data (to cross from the judge's process to the kernel)."""
        return {'name': self.name, 'status': self.status, 'summary': self.summary,
                'details': [[label, text] for label, text in self.details],
                'seconds': self.seconds, 'exercise': self.exercise, 'sentence': self.sentence}

    @classmethod
    def from_data(cls, data) -> 'Report':
        """The report that to_data made; a malformed one is an error report, never a pass."""
        try:
            name, status, summary = data['name'], data['status'], data['summary']
            details = [(str(label), str(text)) for label, text in data['details']]
            seconds, sentence = data.get('seconds'), data.get('sentence', True)
            if (type(name) is not str or status not in REPORTED or type(summary) is not str
                    or not (seconds is None or type(seconds) in (int, float))
                    or type(sentence) is not bool):
                raise ValueError(status)
            report = cls(name, status, summary, details, seconds, sentence)
            exercise = data.get('exercise')
            report.exercise = exercise if type(exercise) is str else None
            return report
        except Exception:
            return cls('check', 'error', _('could not be checked'),
                       [('note', _('the checker sent a report it could not read; '
                                   'tell your teacher'))])


class Mismatch(Exception):
    """Raised by a judge: the last call (or `call`) went wrong, as `details` say.

    `calls` are the argument tuples of the calls that went wrong, when the judge made other
    calls after them (the report shows what those printed, not what the last call printed)."""

    def __init__(self, details, call=None, calls=None):
        super().__init__(details)
        self.details, self.call, self.calls = details, call, calls


def short(value, limit=160) -> str:
    """repr(value), numpy values as plain Python, cut to `limit` characters."""
    try:
        text = repr(to_python(value))
    except Exception:                          # an object whose repr fails
        text = f'<a {type(value).__name__}>'
    return text if len(text) <= limit else text[:limit - 3] + '...'


def wrong(got, expected, hint, call=None, args=None) -> Mismatch:
    """The usual Mismatch: what came back, what was expected, and a hint; `args` are the
    failing call's arguments, if the judge called the function again after it."""
    return Mismatch([('returned', short(got)), ('expected', short(expected)),
                     ('hint', hint)], call, None if args is None else [tuple(args)])


def kind_of(value, tr=_) -> str:
    """A value's type as a student reads it: 'a list', 'an int', 'numpy.bool_' (words through tr)."""
    return 'None' if value is None else kind_of_type(type(value), tr)


def kind_of_type(cls, tr=_) -> str:
    """What kind_of says of a value of type cls.

    >>> kind_of_type(int), kind_of_type(list)
    ('an int', 'a list')
    """
    if cls.__module__ != 'builtins':
        return f'{cls.__module__.split(".")[0]}.{cls.__name__}'
    article = N_('an {type}') if cls.__name__[0] in 'aeiou' else N_('a {type}')
    return tr(article).format(type=cls.__name__)


def unreadable(got, expected_what) -> Mismatch:
    """The answer is not of a shape the judge can read: say what came back and what was wanted."""
    return Mismatch([('returned', f'{short(got)} ({kind_of(got)})'),
                     ('hint', _('expected {what}').format(what=expected_what))])


def need_bool(got):
    """Raise Mismatch unless got is True or False."""
    if not isinstance(got, bool):
        if got is None:
            hint = _('return True or False (is a {return_} missing?)').format(return_=code('return'))
        else:
            hint = _('return True or False, not {kind}').format(kind=kind_of(got))
        raise Mismatch([('returned', short(got)), ('hint', hint)])


def describe_call(name, args, kwargs) -> str:
    """The call as the student would type it, e.g. "straight([9, 8, 7, 6, 5])"."""
    parts = [short(a, 200) for a in args]
    parts += [f'{k}={getattr(v, "__name__", None) or short(v, 60)}'
              for k, v in kwargs.items()]
    return f'{name}({", ".join(parts)})'
