"""Whether a page in a browser draws every Chinese character, or an empty box (tofu).

On a machine without a CJK font, a Chinese character that no font of its
element covers is drawn as an empty box, the same box for every such
character (the font's .notdef glyph; Chromium's box is as wide as a real
Han glyph, so widths alone do not tell). So each Chinese character of the
page is drawn on a canvas in its element's own font (style, weight,
family), at 32 px, after the page's fonts are loaded, and compared pixel by
pixel with a private-use character (U+E000), which no font has, drawn in the
same font: the same pixels are an empty box. Visible text, buttons' and
inputs' values and every option of a ``<select>`` (a widget's dropdown) are
drawn.

Whatever fonts the machine has, ``without_cjk_fonts(folder)`` writes a
fontconfig file that hides every font for Chinese, Japanese or Korean:
Chromium started with ``FONTCONFIG_FILE`` set to it sees the fonts of a
machine that has none (``fc-list :lang=zh-cn`` lists nothing under it).

``empty_boxes(driver)`` returns the characters drawn as boxes, with their
text and font; ``tests/test_cjk_glyphs.py`` uses it on the class server's
JupyterLab, make lab-zh's, the English 00 and the website.
"""

from pathlib import Path

__all__ = ['SCRIPT', 'empty_boxes', 'without_cjk_fonts']

NO_CJK = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont>
    <rejectfont>
      <pattern><patelt name="lang"><string>zh-cn</string></patelt></pattern>
      <pattern><patelt name="lang"><string>zh-tw</string></patelt></pattern>
      <pattern><patelt name="lang"><string>ja</string></patelt></pattern>
      <pattern><patelt name="lang"><string>ko</string></patelt></pattern>
    </rejectfont>
  </selectfont>
</fontconfig>
"""

SCRIPT = r"""
const done = arguments[arguments.length - 1];
(async () => {
  const HAN = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff5e]/gu;
  const items = [];
  const add = (text, el) => {
    if (!text || !text.match(HAN)) return;
    const cs = getComputedStyle(el);
    items.push([text, `${cs.fontStyle} ${cs.fontWeight} 32px ${cs.fontFamily}`]);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!el || el.closest('script, style, noscript, option')) continue;
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    add(node.data, el);
  }
  for (const el of document.querySelectorAll('input[type=submit], input[type=button], input[value]')) {
    if (el.getClientRects().length) add(el.value, el);
  }
  for (const el of document.querySelectorAll('select option')) add(el.textContent, el);
  for (const font of new Set(items.map(i => i[1]))) {
    try { await document.fonts.load(font, '\u4e2d'); } catch (e) { /* a family list it cannot parse */ }
  }
  await document.fonts.ready;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 48;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const pixels = (ch, font) => {
    ctx.clearRect(0, 0, 48, 48);
    ctx.font = font;
    ctx.fillText(ch, 4, 36);
    return ctx.getImageData(0, 0, 48, 48).data.join(',');
  };
  const boxes = {}, seen = new Set(), bad = [];
  for (const [text, font] of items) {
    boxes[font] = boxes[font] || pixels('\ue000', font);
    for (const ch of new Set(text.match(HAN))) {
      if (seen.has(ch + font)) continue;
      seen.add(ch + font);
      if (pixels(ch, font) === boxes[font]) bad.push({char: ch, text: text.trim().slice(0, 60), font});
    }
  }
  done({checked: seen.size, bad});
})();
"""


def empty_boxes(driver) -> dict:
    """{'checked': (character, font) pairs drawn, 'bad': [{char, text, font}] drawn as boxes}."""
    driver.set_script_timeout(60)
    return driver.execute_async_script(SCRIPT)



def without_cjk_fonts(folder) -> Path:
    """Write a fontconfig file that hides every CJK font of the machine; its path (FONTCONFIG_FILE)."""
    path = Path(folder) / 'no-cjk-fonts.conf'
    path.write_text(NO_CJK, encoding='utf-8')
    return path
