"""The course's Chinese glossary: one word for each part of the class server and of the course.

locale/zh_CN/glossary.json lists each term (its English, its one Chinese word)
and the variants that once named the same thing (``forbidden``: words;
``forbidden_patterns``: regular expressions, for "hub" left in English). Every
Chinese text a class sees (``chinese_texts``: the translations of every catalog,
the notebooks' and the library's and the class server's, and the manual's
Chinese pages) is checked against it by ``python -m tools.translate check``
(``problems``), and the Chinese manual's glossary table (site/manual/zh/classroom.md)
shows each term (``table_problems``).

Inline code (`...`) and fenced code blocks are not prose: a path or a command
named there (``hub.Dockerfile``, ``/hub/login``) keeps its English.
"""

import json
import re
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / 'locale' / 'zh_CN' / 'glossary.json'
CATALOGS = (sorted((ROOT / 'locale' / 'zh_CN' / 'LC_MESSAGES').glob('*.po'))
            + [ROOT / 'pokerlib' / 'locale' / 'zh_CN' / 'LC_MESSAGES' / 'pokerlib.po',
               ROOT / 'classroom' / 'locale' / 'zh_CN' / 'LC_MESSAGES' / 'classroom.po'])
"""Every Chinese catalog: the notebooks', code's and website's; the library's; the class server's."""
MANUAL = ROOT / 'site' / 'manual' / 'zh'
TABLE_PAGE = MANUAL / 'classroom.md'
CODE = re.compile(r'```.*?```|`[^`\n]*`', re.S)


def terms(path: Path = GLOSSARY) -> list:
    """The glossary's terms: dicts of english, chinese, forbidden (and forbidden_patterns)."""
    return json.loads(path.read_text(encoding='utf-8'))['terms']


def prose(text: str) -> str:
    """text without its code (inline spans and fenced blocks), which keeps its English.

    >>> prose('在 `hub.Dockerfile` 里，Hub 的镜像')
    '在  里，Hub 的镜像'
    """
    return CODE.sub('', text)


def chinese_texts():
    """(where, text) for each Chinese text a class sees: each catalog entry's translation, each
    line of the manual's Chinese pages."""
    for po in CATALOGS:
        for entry in polib.pofile(str(po)):
            if entry.msgstr and not entry.obsolete:
                line = entry.linenum if isinstance(entry.linenum, int) else 0
                yield f'{po.relative_to(ROOT)}:{line}', entry.msgstr
    for page in sorted(MANUAL.glob('*.md')):
        text = CODE.sub(lambda m: '\n' * m.group(0).count('\n'), page.read_text(encoding='utf-8'))
        for number, line in enumerate(text.split('\n'), 1):
            yield f'{page.relative_to(ROOT)}:{number}', line


def variants_in(text: str, glossary: list) -> list:
    """(variant, term) for each forbidden variant in text's prose.

    >>> glossary = [{'english': 'gradebook', 'chinese': '成绩册', 'forbidden': ['评分簿']},
    ...             {'english': 'hub', 'chinese': '班级服务器', 'forbidden': [],
    ...              'forbidden_patterns': ['(?<![A-Za-z/`-])Hub(?![A-Za-z/`-])']}]
    >>> [(v, t['chinese']) for v, t in variants_in('打开评分簿和 Hub；JupyterHub、`Hub` 不算', glossary)]
    [('评分簿', '成绩册'), ('Hub', '班级服务器')]
    """
    text = prose(text)
    found = []
    for term in glossary:
        found += [(word, term) for word in term.get('forbidden', []) if word in text]
        found += [(m.group(0), term) for pattern in term.get('forbidden_patterns', [])
                  for m in re.finditer(pattern, text)]
    return found


def table_problems(glossary: list, page: Path = TABLE_PAGE) -> list:
    """The terms the Chinese manual's glossary table lacks (a row '| english | chinese |')."""
    text = page.read_text(encoding='utf-8')
    name = page.relative_to(ROOT) if page.is_relative_to(ROOT) else page
    return [f'{name}: the glossary table has no row for "{t["english"]}" '
            f'({t["chinese"]})' for t in glossary
            if not re.search(rf'^\|\s*{re.escape(t["chinese"])}\s*\|\s*{re.escape(t["english"])}\s*\|',
                             text, re.M)]


def problems(glossary_path: Path = GLOSSARY) -> list:
    """Each use of a forbidden variant in the Chinese a class sees, and each term missing from
    the manual's table, in words; [] if none."""
    glossary = terms(glossary_path)
    found = [f'{where}: "{variant}" is not the glossary\'s word: "{term["english"]}" is '
             f'{term["chinese"]} (locale/zh_CN/glossary.json)'
             for where, text in chinese_texts() for variant, term in variants_in(text, glossary)]
    return found + table_problems(glossary)
