"""The library's messages in the reader's language: English, or Chinese.

English is the source and the fallback. A notebook switches the language of
everything the library says (reports of ``check``, ``PokerError`` messages,
the figures' titles and labels) in one visible line:

    from pokerlib.i18n import set_language; set_language('zh_CN')

The translations are a gettext catalog, ``pokerlib/locale/zh_CN/LC_MESSAGES/
pokerlib.po``, compiled to the ``.mo`` beside it, which the standard
library's ``gettext`` reads. A message the catalog lacks stays in English.

In the library, a message to translate is written ``_('...')`` where it is
shown, or ``N_('...')`` where it is only defined (a constant), with
``str.format`` fields rather than an f-string, so that the catalog holds one
entry per sentence:

>>> set_language('zh_CN')
'zh_CN'
>>> _('full house'), _('{n} hands ranked').format(n='1,000')   # the second has no translation
('葫芦', '1,000 hands ranked')
>>> set_language('en')
'en'
>>> _('full house')
'full house'

**Category names: one rule.** The nine categories are keyed by their English
names wherever code reads them (``HAND_NAMES``, ``category_name``, the keys of
``hand_frequencies``, ``exact_counts`` and ``EXACT_COUNTS``, a frequency table's
rows), so that code runs the same in either language. What shows a name to a
reader shows it in the course's language (``hand_name``, a table as printed, a
figure); and everything that looks a name up or takes one in accepts the name
a student reads, too: ``counts['一对']``, ``frequency_table({'一对': 3, ...})``,
``table.loc['一对']``, ``category_number('一对')``.

How a translator updates the catalogs: ``make translations`` (see the
manual's page "Translations", site/manual/translating.md).
"""

import functools
import gettext
import os
from collections import Counter
from pathlib import Path

__all__ = ['LANGUAGES', 'set_language', 'language', 'translator', '_', 'N_', 'LOCALE_DIR',
           'DOMAIN', 'CATEGORY_NAMES', 'english_category', 'english_keys', 'CategoryCounter',
           'CategoryDict', 'EitherName',
           'shell_language']

LOCALE_DIR = Path(__file__).resolve().parent / 'locale'
DOMAIN = 'pokerlib'
LANGUAGES = ('en', 'zh_CN')
"""The languages the library speaks: English (the source) and Simplified Chinese."""

_state = {'language': 'en', 'translation': gettext.NullTranslations()}


def _language(name) -> str:
    """The course's name of the language called name ('zh', 'zh-CN' and 'zh_cn' are 'zh_CN')."""
    wanted = str(name).replace('-', '_')
    if wanted.lower() in ('zh', 'zh_cn', 'zh_hans'):
        wanted = 'zh_CN'
    if wanted not in LANGUAGES:
        raise ValueError(f'set_language: {name!r} is not a language of the course; '
                         f'choose one of {", ".join(map(repr, LANGUAGES))}')
    return wanted


@functools.cache
def _translation(wanted: str):
    if wanted == 'en':
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[wanted], fallback=True)


def set_language(name: str = 'en') -> str:
    """Make the library speak the language called name ('en' or 'zh_CN'); return it.

    'zh', 'zh-CN' and 'zh_cn' mean 'zh_CN'.
    """
    wanted = _language(name)
    _state.update(language=wanted, translation=_translation(wanted))
    return wanted


def _system_locale() -> str:
    """The system's locale name where no variable says one: Windows's user interface language
    ('Chinese (Simplified)_China', or zh-CN), else what the C library was given ('' for none)."""
    import locale
    if os.name == 'nt':
        try:
            import ctypes
            return locale.windows_locale.get(ctypes.windll.kernel32.GetUserDefaultUILanguage(), '')
        except (AttributeError, OSError):
            pass
    try:
        return locale.getlocale()[0] or ''
    except ValueError:
        return ''


def shell_language(environ=None, system_locale=None) -> str:
    """The course's language a shell's locale asks for: the first of LANGUAGE, LC_ALL,
    LC_MESSAGES and LANG that is set (gettext's order), 'zh_CN' for any Chinese one, else 'en'.

    >>> shell_language({'LANG': 'zh_CN.UTF-8'}), shell_language({'LANGUAGE': 'zh:en'})
    ('zh_CN', 'zh_CN')
    >>> shell_language({'LANG': 'C.UTF-8'}), shell_language({'LC_ALL': 'en_GB', 'LANG': 'zh_CN'})
    ('en', 'en')

    Where none is set (a Windows shell sets none of them), the system's own locale
    decides, as ``system_locale`` reads it:

    >>> chinese, english = lambda: 'Chinese (Simplified)_China', lambda: 'English_United States'
    >>> shell_language({}, system_locale=chinese), shell_language({}, system_locale=english)
    ('zh_CN', 'en')
    """
    environ = os.environ if environ is None else environ
    for key in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG'):
        value = environ.get(key)
        if value:
            return 'zh_CN' if value.split(':')[0].lower().startswith('zh') else 'en'
    name = (system_locale or _system_locale)() or ''
    return 'zh_CN' if name.lower().startswith(('zh', 'chinese')) else 'en'


def translator(name: str):
    """The gettext function of the language called name, whatever the library speaks now.

    For words written for a reader of that language, such as the Chinese
    edition's stub and banner, made wherever the library speaks English:

    >>> translator('zh_CN')('full house'), translator('en')('full house')
    ('葫芦', 'full house')
    """
    return _translation(_language(name)).gettext


def language() -> str:
    """The language the library speaks now."""
    return _state['language']


def _(message: str) -> str:
    """The message in the current language (the English itself if it has no translation)."""
    return _state['translation'].gettext(message)


def N_(message: str) -> str:
    """The message unchanged: marks a constant for the catalog, translated later with _()."""
    return message


CATEGORY_NAMES = (N_('high card'), N_('one pair'), N_('two pair'), N_('three of a kind'),
                  N_('straight'), N_('flush'), N_('full house'), N_('four of a kind'),
                  N_('straight flush'), N_('five of a kind'))
"""The categories' names as pokerlib.HAND_NAMES has them, marked for the catalog:
the figures label a category with _(name), so 'full house' reads 葫芦."""


class EitherName:
    """A mapping keyed by English category names that a name in the course's language looks up
    too (pokerlib.i18n's one rule): mixed into a dict, a missing key is a KeyError; into a
    Counter (CategoryCounter), a count of 0."""

    def __missing__(self, key):
        english = english_category(key)
        if english is not key and dict.__contains__(self, english):
            return dict.__getitem__(self, english)
        return super().__missing__(key) if hasattr(super(), '__missing__') else _no_key(key)

    def __contains__(self, key):
        return dict.__contains__(self, key) or dict.__contains__(self, english_category(key))

    def get(self, key, default=None):
        return self[key] if key in self else default


def _no_key(key):
    raise KeyError(key)


class CategoryCounter(EitherName, Counter):
    """Counts by category (a Counter), keyed by the English names, that a name in the course's
    language looks up too; it shows as the Counter it is.

    >>> c = CategoryCounter({'one pair': 4}); set_language('zh_CN'); c['一对'], '一对' in c, c.get('一对')
    'zh_CN'
    (4, True, 4)
    >>> c['两对'], c['no such hand'], c, set_language('en')
    (0, 0, Counter({'one pair': 4}), 'en')
    """

    def __repr__(self):
        return 'Counter' + Counter.__repr__(self)[len(type(self).__name__):]


class CategoryDict(EitherName, dict):
    """A dict keyed by the English category names that a name in the course's language looks
    up too (exact_counts' answer); an unknown name is a KeyError, as in any dict."""


def english_keys(counts) -> dict:
    """A mapping's keys named in English where they name a category in the course's language
    (two keys for one category are added up); other keys unchanged."""
    named = {}
    for key, value in counts.items():
        english = english_category(key)
        named[english] = named[english] + value if english in named else value
    return named


def english_category(name):
    """The English name (as category_name gives it) of a category named in English or in
    the language the library speaks now; anything else unchanged.

    A check accepts a category named either way: a Chinese notebook's student
    may write 一对 (what hand_name says there) or 'one pair' (category_name).

    >>> set_language('zh_CN'); english_category('一对'), english_category('one pair')
    'zh_CN'
    ('one pair', 'one pair')
    >>> set_language('en'); english_category('一对')
    'en'
    '一对'
    """
    if isinstance(name, str):
        for english in CATEGORY_NAMES:
            if name == _(english):
                return english
    return name
