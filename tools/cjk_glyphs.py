"""Whether a page in a browser draws every Chinese character, or an empty box (tofu).

On a machine without a CJK font, a Chinese character that no font of its
element covers is drawn as an empty box, the same box for every such
character (the font's .notdef glyph; Chromium's box is as wide as a real
Han glyph, so widths alone do not tell). So each Chinese character of the
page is drawn on a canvas in its element's own font (style, weight,
family), at 32 px, once the fonts the page asked for are loaded (a web font
the page never asked for is not loaded here either: on screen it drew nothing),
and compared pixel by
pixel with a private-use character (U+E000), which no font has, drawn in the
same font: the same pixels are an empty box. Visible text, buttons' and
inputs' values and every option of a ``<select>`` (a widget's dropdown) are
drawn.

Whatever fonts the machine has, ``without_cjk_fonts(folder)`` writes a
fontconfig file that hides every font for Chinese, Japanese or Korean:
Chromium started with ``FONTCONFIG_FILE`` set to it sees the fonts of a
machine that has none (``fc-list :lang=zh-cn`` lists nothing under it).

The canvas draws with every font the page loaded, but Chromium does not
always redraw text it laid out before a web font arrived (listed after the
system's fonts, the course's font left some of a page's Chinese as boxes on
screen while the canvas drew it). So ``screen_boxes(driver)`` also asks
Chromium itself (DevTools' ``CSS.getPlatformFontsForNode``) which fonts drew
each element's text: every Chinese character must have been drawn by a web
font (the course's), none by a system font's empty box.

``empty_boxes(driver)`` returns the characters drawn as boxes, with their
text and font; ``tests/test_cjk_glyphs.py`` uses it on the class server's
JupyterLab, make lab-zh's, the English 00 and the website.
"""

from pathlib import Path

__all__ = ['SCRIPT', 'empty_boxes', 'screen_boxes', 'without_cjk_fonts']

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
  // Only the fonts the page itself loaded: a font it never asked for draws nothing on screen.
  await document.fonts.ready;
  await new Promise(resolve => setTimeout(resolve, 500));
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



MARK = r"""
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/gu;
let k = 0;
const found = [];
for (const el of document.querySelectorAll('body *')) {
  if (el.closest('script, style, noscript, option, select') || !el.getClientRects().length) continue;
  const own = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.data).join('');
  const han = own.match(HAN);
  if (!han) continue;
  el.setAttribute('data-cjk-check', String(k++));
  found.push([han.length, own.trim().slice(0, 60)]);
}
return found;
"""


def screen_boxes(driver) -> dict:
    """{'checked': elements asked about, 'bad': [{text, han, fonts}]}: elements whose Chinese
    Chromium drew (on screen) with fewer web-font glyphs than it has Han characters."""
    found = driver.execute_script(MARK)
    driver.execute_cdp_cmd('DOM.enable', {})
    driver.execute_cdp_cmd('CSS.enable', {})
    root = driver.execute_cdp_cmd('DOM.getDocument', {'depth': -1})['root']['nodeId']
    nodes = driver.execute_cdp_cmd('DOM.querySelectorAll',
                                   {'nodeId': root, 'selector': '[data-cjk-check]'})['nodeIds']
    bad = []
    for node, (han, text) in zip(nodes, found):
        fonts = driver.execute_cdp_cmd('CSS.getPlatformFontsForNode', {'nodeId': node})['fonts']
        web = sum(f['glyphCount'] for f in fonts if f.get('isCustomFont'))
        if fonts and web < han:       # (no fonts: not drawn, as inside a closed <details>)
            bad.append({'text': text, 'han': han,
                        'fonts': {f['familyName']: f['glyphCount'] for f in fonts}})
    return {'checked': len(found), 'bad': bad}


def without_cjk_fonts(folder) -> Path:
    """Write a fontconfig file that hides every CJK font of the machine; its path (FONTCONFIG_FILE)."""
    path = Path(folder) / 'no-cjk-fonts.conf'
    path.write_text(NO_CJK, encoding='utf-8')
    return path


MENUS = '.lm-MenuBar-itemLabel'
"""JupyterLab's menu bar's labels."""


def _wait(driver, css, seconds):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ready
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, seconds).until(ready.presence_of_element_located((By.CSS_SELECTOR, css)))


def _run_all(driver, menu, item):
    """Run every cell of the open notebook through JupyterLab's own menu (menu -> item)."""
    from selenium.webdriver.common.by import By
    [label] = [e for e in driver.find_elements(By.CSS_SELECTOR, MENUS) if e.text == menu]
    label.click()
    [entry] = [e for e in driver.find_elements(By.CSS_SELECTOR, '.lm-Menu-itemLabel') if e.text == item]
    entry.click()


def _toggle_password(driver) -> list:
    """Press the login page's show-password button twice: [(the password field's type, the
    button's title, aria-pressed)] before, after one press and after two ([] with no button)."""
    from selenium.webdriver.common.by import By
    found = driver.find_elements(By.ID, 'toggle_password_visibility')
    if not found:
        return []
    field = driver.find_element(By.ID, 'password_input')
    states = []
    for press in range(3):
        if press:
            found[0].click()
        states.append([field.get_attribute('type'), found[0].get_attribute('title'),
                       found[0].get_attribute('aria-pressed')])
    return states


def look(driver, url, shot=None, lab=False, run_all=None, wait_for=None, login=None,
         find=None) -> dict:
    """Open url (a JupyterLab, if lab) and report its empty boxes, menus and the text asked for.

    login: (name, password) for a JupyterHub's login page at url (reported too, as 'login');
    run_all: (menu, item) of JupyterLab's "Run all cells", then wait_for (a CSS selector);
    find: a text to scroll to first (JupyterLab draws only the cells in view).
    """
    import time

    from selenium.webdriver.common.by import By
    report = {}
    if login:
        driver.get(url)
        _wait(driver, '#login_submit', 60)
        report['login'] = {**empty_boxes(driver), 'screen': screen_boxes(driver), 'text': driver.find_element(By.TAG_NAME, 'body').text,
                           'submit': driver.find_element(By.ID, 'login_submit').get_attribute('value'),
                           'lang': driver.execute_script('return document.documentElement.lang')}
        if shot:
            driver.save_screenshot(str(shot).replace('.png', '-login.png'))
        driver.find_element(By.ID, 'username_input').send_keys(login[0])
        driver.find_element(By.ID, 'password_input').send_keys(login[1])
        report['login']['toggle'] = _toggle_password(driver)
        driver.find_element(By.ID, 'login_submit').click()
        if not lab:                                       # the page after the login (its next)
            from selenium.webdriver.support.ui import WebDriverWait
            WebDriverWait(driver, 60).until(lambda d: '/hub/login' not in d.current_url)
            time.sleep(3)                                 # its script's page drawn
    else:
        driver.get(url)
    if lab:
        _wait(driver, '.jp-Notebook .jp-Cell', 240)
        time.sleep(5)                                     # the notebook's rendering settles
        report['menus'] = [e.text for e in driver.find_elements(By.CSS_SELECTOR, MENUS)]
    if run_all:
        _run_all(driver, *run_all)
        _wait(driver, wait_for, 120)
        time.sleep(3)
        found = driver.find_element(By.CSS_SELECTOR, wait_for)
        driver.execute_script('arguments[0].scrollIntoView({block: "center"})', found)
        time.sleep(1)
        report['found'] = [o.text for o in found.find_elements(By.TAG_NAME, 'option')] or [found.text]
    if find:
        report['found'] = driver.execute_script(
            "const cell = [...document.querySelectorAll('.jp-Cell, p, td')]"
            ".find(c => c.textContent.includes(arguments[0]));"
            "if (cell) cell.scrollIntoView({block: 'start'}); return cell ? cell.innerText : null;", find)
        time.sleep(2)
    report.update(empty_boxes(driver))
    report['screen'] = screen_boxes(driver)
    report['text'] = driver.find_element(By.TAG_NAME, 'body').text[:4000]
    if shot:
        driver.save_screenshot(str(shot))
    return report


def main(argv=None) -> int:
    """python -m tools.cjk_glyphs URL [options]: a JSON report of the page (see look)."""
    import argparse
    import json
    import os
    import tempfile
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('url')
    p.add_argument('--shot', help='save a screenshot here (PNG)')
    p.add_argument('--lab', action='store_true', help='the page is JupyterLab: wait for a notebook')
    p.add_argument('--run-all', nargs=2, metavar=('MENU', 'ITEM'), help="JupyterLab's Run all")
    p.add_argument('--wait-for', default='.widget-dropdown select', help='after --run-all')
    p.add_argument('--login', nargs=2, metavar=('NAME', 'PASSWORD'), help='log in to a hub first')
    p.add_argument('--find', help='scroll to the first cell with this text first')
    p.add_argument('--driver-port', type=int, default=0, help="chromedriver's port (default: any)")
    args = p.parse_args(argv)
    from tools.check_site import browser
    with tempfile.TemporaryDirectory(prefix='pokerlib-glyphs-') as folder:
        os.environ['FONTCONFIG_FILE'] = str(without_cjk_fonts(folder))   # Chromium inherits it
        driver = browser(os.path.join(folder, 'profile'), port=args.driver_port)
        try:
            driver.set_window_size(1400, 1000)
            report = look(driver, args.url, args.shot, args.lab, args.run_all, args.wait_for,
                          args.login, args.find)
        finally:
            driver.quit()
    print(json.dumps(report, ensure_ascii=False, indent=1))
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
