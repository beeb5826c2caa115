"""The hints the course wrote: what the gradebook's list of the class's mistakes may show.

A check in a student's kernel posts its hint with its verdict, and her kernel
is hers: it can post any text as a hint ("Teacher: the grader is broken, give
everyone full marks"). The teacher's list of what the class gets wrong shows
only hints the course wrote: a posted hint is kept as the id of the course's
message it was made from (its msgid in pokerlib's catalog, English or Chinese),
and shown as that message with each value it was filled in with left out
(``…``): the values come from the kernel too. Only a value that is a word of the
course's own (SAID: what ``kind_of`` says of a type of Python's or NumPy's, a
Python keyword) is kept and shown, so that "return True or False, not a list"
reads whole. A hint that is no message of the course's is not kept.

>>> hints = CourseHints(['{ranks} are five consecutive ranks: a straight', 'expected {what}',
...                      'return True or False, not {kind}'], {'expected {what}': '应为{what}'})
>>> hints.id('[5, 4, 3, 2, 14] are five consecutive ranks: a straight')
'{ranks} are five consecutive ranks: a straight'
>>> hints.id('应为 True 或 False'), hints.id('Teacher: the grader is broken')
('expected {what}', '')
>>> shown('{ranks} are five consecutive ranks: a straight')
'… are five consecutive ranks: a straight'
>>> [hints.shown(hints.kept(h)) for h in ('return True or False, not a list',
...                                       'return True or False, not a Give_me_full_marks')]
['return True or False, not a list', 'return True or False, not …']
"""

import builtins
import gettext
import keyword
import re
import types

from pokerlib.i18n import DOMAIN, LOCALE_DIR
from pokerlib.practice.reports import kind_of_type

FIELD = re.compile(r'\{[^{}]*\}')
"""A value's place in a message: {ranks}, {what!r}, {p:.2f}."""
CACHED = 10_000
"""Kept hints whose shown text is remembered at most (the board asks for each on every update)."""
LEAST = 8
"""Characters of its own words a message needs to be told from a kernel's text ('{name} is {why}'
would be anything)."""


def shown(msgid: str) -> str:
    """A message of the course's with its values' places left out."""
    return _fill(msgid, {})


def parts(template: str) -> list:
    """A message's words between its values' places (whitespace as a posted hint has it)."""
    return FIELD.split(' '.join(template.split()))


def said(translations=None) -> frozenset:
    """The values a hint may show as a kernel filled them in: what ``kind_of`` says of the types
    of Python's and NumPy's own values (in English, and through ``translations``), and Python's
    keywords (``code('return')``): words of the course's, with no room for a student's own.

    >>> {'a list', 'an int', 'None', 'return'} <= said()
    True
    """
    kinds = {t for t in [*vars(builtins).values(), *vars(types).values()] if isinstance(t, type)}
    try:
        import numpy
        kinds |= {numpy.ndarray, *numpy.sctypeDict.values()}
    except ImportError:                 # pragma: no cover (the course installs NumPy)
        pass
    words = {'None', *keyword.kwlist}
    for tr in (str, lambda m: (translations or {}).get(m) or m):
        words |= {kind_of_type(t, tr) for t in kinds}
    return frozenset(words)


def filled(literal: list, hint: str):
    """The values of hint if it is the message whose words between values are ``literal`` (a
    value in each place, in order: found left to right, in time linear in the hint), else None.

    >>> filled(['', ' has a rank more than once'], '[3, 3] has a rank more than once'), \\
    ...     filled(['expected ', ''], 'nothing expected')
    (['[3, 3]'], None)
    """
    if len(literal) == 1:
        return [] if hint == literal[0] else None
    first, *middle, last = literal
    if len(hint) < len(first) + len(last) or not (hint.startswith(first) and hint.endswith(last)):
        return None
    at, end, values = len(first), len(hint) - len(last), []
    for part in middle:
        found = hint.find(part, at, end)
        if found < 0:
            return None
        values.append(hint[at:found])
        at = found + len(part)
    return values + [hint[at:end]]


def matches(literal: list, hint: str) -> bool:
    """Whether hint is the message whose words between values are ``literal``, any values filled in.

    >>> matches(['', ' has a rank more than once'], '[3, 3] has a rank more than once'), \\
    ...     matches(['expected ', ''], 'nothing expected')
    (True, False)
    """
    return filled(literal, hint) is not None


def _fill(template: str, values: dict) -> str:
    """template with each value's place given in values filled in, the others left out (…)."""
    return FIELD.sub(lambda m: values.get(m.group(), '…'), template)


class CourseHints:
    """The course's messages (msgid -> its translations) and which one a posted hint was made from."""

    def __init__(self, msgids, translations=None):
        self.patterns = []              # (its words between values, msgid, its values' places)
        for msgid in msgids:
            if sum(map(len, parts(msgid))) < LEAST:
                continue
            for text in {msgid, (translations or {}).get(msgid) or msgid}:
                self.patterns.append((parts(text), msgid, FIELD.findall(text)))
        # the most specific message first: the most words around its values
        self.patterns.sort(key=lambda pm: (-sum(map(len, pm[0])), pm[1]))
        self.said = said(translations)
        self.cache = {}                 # (kept hint, tr) -> as shown: the board shows them often

    @classmethod
    def of_the_course(cls):
        """The messages of pokerlib's catalog (every message the library says, hints included)."""
        translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=['zh_CN'], fallback=True)
        catalog = {k: v for k, v in getattr(translation, '_catalog', {}).items()
                   if isinstance(k, str) and k}
        return cls(catalog, catalog)

    def _find(self, hint: str):
        """(msgid, {place: value}) of the course's message this hint was made from, each value
        one of the course's words (SAID); ('', {}) for a hint that is none of the course's."""
        hint = ' '.join(str(hint).split())
        for literal, msgid, places in self.patterns if hint else ():
            values = filled(literal, hint)
            if values is not None:
                return msgid, {p: v.strip() for p, v in zip(places, values) if v.strip() in self.said}
        return '', {}

    def id(self, hint: str) -> str:
        """The msgid of the course's message this hint was made from, or '' (none of the course's)."""
        return self._find(hint)[0]

    def kept(self, hint: str) -> str:
        """The hint as the board keeps it: the course's message it was made from (its msgid), each
        value that is one of the course's words in its place, the others' places as they are; ''
        for a hint that is none of the course's. A kept hint is kept as itself."""
        msgid, values = self._find(hint)
        return FIELD.sub(lambda m: values.get(m.group(), m.group()), msgid)

    def shown(self, kept: str, tr=None) -> str:
        """A kept hint as the teacher reads it: its message in the class's language (tr), the
        course's words among its values in their places, the others left out (…)."""
        if (kept, tr) not in self.cache:
            msgid, values = self._find(kept)
            if len(self.cache) >= CACHED:
                self.cache.clear()
            self.cache[kept, tr] = _fill((tr or (lambda text: text))(msgid), values)
        return self.cache[kept, tr]
