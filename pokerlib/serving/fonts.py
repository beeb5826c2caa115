"""The course's Chinese font: for Matplotlib's figures, for JupyterLab, for the website.

Most machines have no CJK font, and Matplotlib's own DejaVu Sans has no
Chinese glyphs: a Chinese label would be drawn as empty boxes. So the
course ships one, ``locale/NotoSansSC-Course.otf`` beside this module: the
Simplified Chinese face of Noto Sans CJK (SIL Open Font License 1.1,
``locale/OFL.txt``), cut down with fontTools to the characters of the
course's Chinese (``make translations`` remakes it). Everything that shows
the course's Chinese takes it from here:

- the figures: ``register()`` (pokerlib.plotting calls it) adds it to
  Matplotlib's font families, after the default (DejaVu Sans): Latin text is
  drawn as before, and Matplotlib's per-glyph fallback takes each Chinese
  character from this font;
- JupyterLab (``make lab-zh``): ``lab_font(folder)`` puts the font and the
  ``custom.css`` that makes JupyterLab use it into its custom/ folder;
- the website (``make site``) serves FONT beside its pages.

>>> import matplotlib; register()
>>> matplotlib.rcParams['font.family'][-1] == FAMILY
True
>>> has_glyphs('同花顺 葫芦 高牌')
True
"""

import shutil
from pathlib import Path

__all__ = ['FONT', 'FAMILY', 'LAB_CSS', 'needs_font', 'has_glyphs', 'register', 'lab_font']

FONT = Path(__file__).resolve().parents[1] / 'locale' / 'NotoSansSC-Course.otf'
FAMILY = 'Noto Sans SC Course'
LAB_CSS = FONT.parent / 'custom.css'
"""JupyterLab's custom.css for the course in Chinese: the font first, for Chinese characters."""


def register() -> None:
    """Add the course's Chinese font to Matplotlib, as the fallback after the default."""
    import matplotlib
    from matplotlib import font_manager
    if FAMILY not in {f.name for f in font_manager.fontManager.ttflist}:
        font_manager.fontManager.addfont(str(FONT))
    families = list(matplotlib.rcParams['font.family'])
    if FAMILY not in families:   # a glyph missing from the first family is taken from the next
        matplotlib.rcParams['font.family'] = families + [FAMILY]


def needs_font(c: str) -> bool:
    """Whether the character c needs the course's font: CJK, full-width punctuation, CJK symbols
    (from U+2E80 on; DejaVu Sans draws the rest), less the variation selectors (U+FE00-FE0F,
    as in JupyterLab's ⚠️), which choose how the character before them looks and are never
    drawn themselves."""
    return ord(c) >= 0x2E80 and not 0xFE00 <= ord(c) <= 0xFE0F


def has_glyphs(text: str) -> bool:
    """Whether the course's font has a glyph for every character of text that needs it."""
    from fontTools.ttLib import TTFont
    with TTFont(str(FONT), lazy=True) as font:
        cmap = font.getBestCmap()
    return all(ord(c) in cmap for c in set(text) if needs_font(c))


def lab_font(folder) -> list:
    """Put the font and its custom.css into folder, JupyterLab's custom/ folder; return both paths.

    JupyterLab reads ``custom/custom.css`` from its config folder when started
    with ``--LabApp.custom_css=True``, and serves the font beside it.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copyfile(source, folder / name))
            for source, name in [(LAB_CSS, 'custom.css'), (FONT, FONT.name)]]
