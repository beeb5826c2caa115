"""The hints the course wrote: what the gradebook's list of the class's mistakes may show.

A check in a student's kernel posts its hint with its verdict, and her kernel
is hers: it can post any text as a hint ("Teacher: the grader is broken, give
everyone full marks"). The teacher's list of what the class gets wrong shows
only hints the course wrote: a posted hint is kept as the id of the course's
message it was made from (its msgid in pokerlib's catalog, English or Chinese),
and shown as that message with each value it was filled in with left out
(``…``): the values come from the kernel too. A hint that is no message of the
course's is not kept.

>>> hints = CourseHints(['{ranks} are five consecutive ranks: a straight', 'expected {what}'],
...                     {'expected {what}': '应为{what}'})
>>> hints.id('[5, 4, 3, 2, 14] are five consecutive ranks: a straight')
'{ranks} are five consecutive ranks: a straight'
>>> hints.id('应为 True 或 False'), hints.id('Teacher: the grader is broken')
('expected {what}', '')
>>> shown('{ranks} are five consecutive ranks: a straight')
'… are five consecutive ranks: a straight'
"""

import gettext
import re

from pokerlib.i18n import DOMAIN, LOCALE_DIR

FIELD = re.compile(r'\{[^{}]*\}')
"""A value's place in a message: {ranks}, {what!r}, {p:.2f}."""
LEAST = 8
"""Characters of its own words a message needs to be told from a kernel's text ('{name} is {why}'
would be anything)."""


def shown(msgid: str) -> str:
    """A message of the course's with its values' places left out."""
    return FIELD.sub('…', msgid)


def parts(template: str) -> list:
    """A message's words between its values' places (whitespace as a posted hint has it)."""
    return FIELD.split(' '.join(template.split()))


def matches(literal: list, hint: str) -> bool:
    """Whether hint is the message whose words between values are ``literal``, any values filled in
    (a value in each place, in order: found left to right, in time linear in the hint).

    >>> matches(['', ' has a rank more than once'], '[3, 3] has a rank more than once'), \\
    ...     matches(['expected ', ''], 'nothing expected')
    (True, False)
    """
    if len(literal) == 1:
        return hint == literal[0]
    first, *middle, last = literal
    if len(hint) < len(first) + len(last) or not (hint.startswith(first) and hint.endswith(last)):
        return False
    at, end = len(first), len(hint) - len(last)
    for part in middle:
        at = hint.find(part, at, end)
        if at < 0:
            return False
        at += len(part)
    return True


class CourseHints:
    """The course's messages (msgid -> its translations) and which one a posted hint was made from."""

    def __init__(self, msgids, translations=None):
        self.patterns = []              # (its words between values, msgid)
        for msgid in msgids:
            if sum(map(len, parts(msgid))) < LEAST:
                continue
            for text in {msgid, (translations or {}).get(msgid) or msgid}:
                self.patterns.append((parts(text), msgid))
        # the most specific message first: the most words around its values
        self.patterns.sort(key=lambda pm: (-sum(map(len, pm[0])), pm[1]))

    @classmethod
    def of_the_course(cls):
        """The messages of pokerlib's catalog (every message the library says, hints included)."""
        translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=['zh_CN'], fallback=True)
        catalog = {k: v for k, v in getattr(translation, '_catalog', {}).items()
                   if isinstance(k, str) and k}
        return cls(catalog, catalog)

    def id(self, hint: str) -> str:
        """The msgid of the course's message this hint was made from, or '' (none of the course's)."""
        hint = ' '.join(str(hint).split())
        if not hint:
            return ''
        for literal, msgid in self.patterns:
            if matches(literal, hint):
                return msgid
        return ''
