"""The course's Chinese font, registered with Matplotlib so that Chinese labels draw.

A figure in the Chinese edition has Chinese titles and labels
(``set_language('zh_CN')``, see pokerlib.i18n). Most machines have no CJK
font, and Matplotlib's own DejaVu Sans has no Chinese glyphs: it would draw
empty boxes and warn. So the course ships one, ``locale/NotoSansSC-Course.otf``
beside this module: the Simplified Chinese face of Noto Sans CJK (SIL Open
Font License 1.1, ``locale/OFL.txt``), cut down with fontTools to the
characters of the course's Chinese (``make translations`` remakes it).
Importing this module (pokerlib.plotting does) adds it to Matplotlib's font
families, after the default (DejaVu Sans): Latin text is drawn as before,
and Matplotlib's per-glyph fallback takes each Chinese character from this
font.

>>> matplotlib.rcParams['font.family'][-1] == FAMILY
True
>>> has_glyphs('同花顺 葫芦 高牌')
True
"""

from pathlib import Path

import matplotlib
from matplotlib import font_manager
from fontTools.ttLib import TTFont

__all__ = ['FONT', 'FAMILY', 'has_glyphs', 'register']

FONT = Path(__file__).resolve().parent / 'locale' / 'NotoSansSC-Course.otf'
FAMILY = 'Noto Sans SC Course'


def register() -> None:
    """Add the course's Chinese font to Matplotlib, as the fallback after the default."""
    if FAMILY not in {f.name for f in font_manager.fontManager.ttflist}:
        font_manager.fontManager.addfont(str(FONT))
    families = list(matplotlib.rcParams['font.family'])
    if FAMILY not in families:   # a glyph missing from the first family is taken from the next
        matplotlib.rcParams['font.family'] = families + [FAMILY]


def has_glyphs(text: str) -> bool:
    """Whether the course's font has a glyph for every non-ASCII letter of text."""
    cmap = TTFont(str(FONT), lazy=True).getBestCmap()
    return all(ord(c) in cmap for c in set(text) if ord(c) > 0x2E7F)


register()
