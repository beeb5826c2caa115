"""The course's Chinese font: Noto Sans CJK SC cut down to the characters the course uses.

The figures, the notebooks and the class server draw Chinese with
pokerlib/locale/NotoSansSC-Course.otf (pokerlib.serving.fonts), a subset of Debian's
fonts-noto-cjk holding every CJK character of the Chinese a class sees: the
course's catalogs (notebooks, code, library, class server, website), the
manual's Chinese pages, and JupyterLab's own interface in Chinese, the strings
of the language pack the course installs (jupyterlab-language-pack-zh-CN,
pinned in requirements.txt: its menus, dialogs and tooltips, 关闭, 撤消,
显示左侧边栏...), which a machine without a Chinese font would otherwise draw
as empty boxes. ``make translations`` remakes it (tools/translate.py's update)
when Noto Sans CJK is on the machine, and ``tools.translate check`` fails when
any of these has a character the shipped font cannot draw.
"""

import importlib.metadata
import importlib.util
import json
import os
import re
from pathlib import Path

import polib
from fontTools import subset as fontsubset
from fontTools.ttLib import TTFont

from pokerlib.serving.fonts import FAMILY as FONT_FAMILY
from pokerlib.serving.fonts import FONT, needs_font

from .build_site import OTHER_LANGUAGE as SITE_LINKS
from .nav import ROOT

FONT_SOURCE = Path('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc')
"""Debian's fonts-noto-cjk (apt-get install fonts-noto-cjk); NOTO_CJK=PATH names another copy."""
FONT_INDEX = 2   # Noto Sans CJK SC in the collection
CATALOGS = ROOT / 'locale' / 'zh_CN' / 'LC_MESSAGES'
LIBRARY_LOCALE = ROOT / 'pokerlib' / 'locale'
MANUAL = ROOT / 'site' / 'manual'


def is_cjk(c: str) -> bool:
    """A character outside DejaVu Sans's reach: CJK, full-width punctuation, CJK symbols
    (pokerlib.serving.fonts.needs_font)."""
    return needs_font(c)


SITE_CATALOGS = ('sphinx/locale/zh_CN/LC_MESSAGES/sphinx.mo',
                 'pydata_sphinx_theme/locale/zh/LC_MESSAGES/sphinx.mo',
                 'sphinx_book_theme/theme/sphinx_book_theme/static/locales/zh_CN/LC_MESSAGES/booktheme.mo')
"""The Chinese of the website's own words (search, menus), in Sphinx's and the theme's catalogs."""


LANGUAGE_PACK = 'jupyterlab-language-pack-zh-CN'
"""JupyterLab's interface in Chinese, as requirements.txt names it."""


class NoLanguagePack(SystemExit):
    """The language pack the course pins is not in this environment (or not at its pin)."""


def language_pack_pin(requirements: Path = ROOT / 'requirements.txt') -> str:
    """The version of the language pack that requirements.txt installs."""
    found = re.search(rf'^{re.escape(LANGUAGE_PACK)}==(\S+)', requirements.read_text(encoding='utf-8'),
                      re.MULTILINE | re.IGNORECASE)
    if not found:
        raise NoLanguagePack(f'requirements.txt pins no {LANGUAGE_PACK}')
    return found.group(1)


def language_pack_strings() -> list:
    """Every translated string of the language pack the course installs (all its catalogs:
    JupyterLab's and its extensions'), from this environment's copy, which must be the
    pinned version (.venv-site installs requirements.txt)."""
    try:
        have = importlib.metadata.version(LANGUAGE_PACK)
    except importlib.metadata.PackageNotFoundError:
        have = None
    pin = language_pack_pin()
    if have != pin:
        raise NoLanguagePack(f'{LANGUAGE_PACK}=={pin} (requirements.txt) is not installed here '
                             f'({have or "none"}): make site-setup')
    spec = importlib.util.find_spec(LANGUAGE_PACK.replace('-', '_').replace('_zh_cn', '_zh_CN'))
    folder = Path(spec.origin).parent / 'locale' / 'zh_CN' / 'LC_MESSAGES'
    strings = []
    for path in sorted(folder.glob('*.json')):
        catalog = json.loads(path.read_text(encoding='utf-8'))   # msgid -> [its translations]
        strings += [text for msgid, texts in catalog.items() if msgid for text in texts]
    return strings


def chinese_characters(language_pack: bool = True) -> set:
    """Every CJK character of the Chinese a class sees: the translations (notebooks, code,
    library, class server, website, its manual), the Chinese notebooks as run (their
    outputs) and, with language_pack, JupyterLab's
    interface (the language pack's strings)."""
    chars = set(''.join(SITE_LINKS.values()))
    if language_pack:
        chars |= set(''.join(language_pack_strings()))
    for page in sorted(MANUAL.glob('*/*.md')):   # the manual's Chinese pages
        chars |= set(page.read_text(encoding='utf-8'))
    for notebook in sorted((ROOT / 'notebooks' / 'zh').glob('*.ipynb')):   # and what they print
        chars |= set(notebook.read_text(encoding='utf-8'))
    for po_path in (sorted(CATALOGS.glob('*.po')) + sorted(LIBRARY_LOCALE.glob('*/LC_MESSAGES/*.po'))
                    + sorted((ROOT / 'classroom' / 'locale').glob('*/LC_MESSAGES/*.po'))):
        for e in polib.pofile(str(po_path)):
            chars |= set(e.msgstr)
    packages = Path(polib.__file__).parent
    for mo in SITE_CATALOGS:
        if (packages / mo).exists():
            for e in polib.mofile(str(packages / mo)):
                chars |= set(e.msgstr) | set(''.join(e.msgstr_plural.values()))
    return {c for c in chars if is_cjk(c)}


def make_font(source: Path, out: Path = FONT) -> int:
    """Cut Noto Sans CJK SC down to the course's Chinese characters; return how many."""
    chars = chinese_characters()
    font = TTFont(str(source), fontNumber=FONT_INDEX, lazy=False, recalcTimestamp=False)
    options = fontsubset.Options()
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.layout_features = ['*']
    subsetter = fontsubset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    for record in font['name'].names:   # a subset is a modified version: a name of its own
        if record.nameID in (1, 4):
            record.string = FONT_FAMILY
        elif record.nameID == 6:
            record.string = FONT_FAMILY.replace(' ', '') + '-Regular'
        elif record.nameID == 3:
            record.string = FONT_FAMILY + ' (subset of Noto Sans CJK SC, made by tools/cjkfont.py)'
    font.save(str(out))
    return len(chars)


def missing_glyphs(font: Path = FONT, language_pack: bool = True) -> set:
    """The characters of the Chinese a class sees (chinese_characters) the font cannot draw."""
    cmap = TTFont(str(font), lazy=True).getBestCmap() if font.exists() else {}
    return {c for c in chinese_characters(language_pack) if ord(c) not in cmap}


def update_font() -> None:
    """Remake the font from Noto Sans CJK if it is here, else say what is missing, if anything."""
    source = Path(os.environ.get('NOTO_CJK', FONT_SOURCE))
    if source.exists():
        print(f'{FONT.relative_to(ROOT)}: {make_font(source)} characters')
    elif missing_glyphs():
        raise SystemExit(f'{len(missing_glyphs())} new Chinese characters need the font remade: '
                         f'apt-get install fonts-noto-cjk (or NOTO_CJK=path/to/NotoSansCJK-Regular.ttc), '
                         f'then make translations again')
