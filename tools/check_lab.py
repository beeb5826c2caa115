"""Open a notebook in a running JupyterLab, in headless Chromium, as a teacher projecting it would.

    .venv-site/bin/python -m tools.check_lab URL NOTEBOOK --screenshots DIR

URL is the server's base URL with its token (``http://127.0.0.1:8888/?token=...``).
It opens NOTEBOOK, reports what a class sees (the banner, folded cells, any
solution on screen), unfolds one solution, runs all cells, saves, and prints
a JSON report. tests/test_teacher.py starts the server and asserts on it.
Runs with .venv-site's Python (selenium); check_site.py has the browser's flags.
"""

import argparse
import json
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from .check_site import CHROMEDRIVER, CHROMIUM, CHROMIUM_FLAGS

SEEN = r"""
const cells = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell')];
const shown = el => !!el && el.checkVisibility();
const where = c => c.dataset.windowedListIndex || [...c.parentNode.children].indexOf(c);
const which = test => cells.filter(test).map(where);
return {
  cells: cells.length,
  banner: cells.length ? cells[0].innerText.trim() : '',
  folded_inputs: which(c => shown(c.querySelector('.jp-InputPlaceholder'))),
  folded_outputs: which(c => shown(c.querySelector('.jp-OutputPlaceholder'))),
  solutions_on_screen: which(c => shown(c.querySelector('.jp-InputArea-editor'))
      && c.querySelector('.jp-InputArea-editor').innerText.includes('BEGIN SOLUTION')),
  answers_on_screen: which(c => shown(c.querySelector('.jp-RenderedMarkdown'))
      && c.querySelector('.jp-RenderedMarkdown').innerText.includes('Expected answer:')),
  running: [...document.querySelectorAll('.jp-InputPrompt')].filter(p => p.innerText.includes('*')).length,
  executed: [...document.querySelectorAll('.jp-InputPrompt')].filter(p => /\[\d+\]/.test(p.innerText)).length,
  dirty: !!document.querySelector('.lm-TabBar-tab.jp-mod-current.jp-mod-dirty'),
  idle: /\|\s*Idle/.test(document.querySelector('#jp-main-statusbar')?.innerText || ''),
};
"""
SCROLLER = '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer'


def read_through(driver):
    """Scroll the notebook from top to bottom, as a class would see it; what was on screen, by cell."""
    seen = {'folded_inputs': set(), 'folded_outputs': set(), 'solutions_on_screen': set(),
            'answers_on_screen': set()}
    top = 0
    while True:
        driver.execute_script(f'document.querySelector("{SCROLLER}").scrollTop = {top}')
        time.sleep(0.4)
        now = driver.execute_script(SEEN)
        for key in seen:
            seen[key] |= {int(k) for k in now[key]}
        height, view = driver.execute_script(
            f'const s = document.querySelector("{SCROLLER}"); return [s.scrollHeight, s.clientHeight]')
        if top + view >= height:
            break
        top += int(view * 0.7)
    driver.execute_script(f'document.querySelector("{SCROLLER}").scrollTop = 0')
    return {key: sorted(v) for key, v in seen.items()} | {'banner': now['banner'] if top == 0
                                                             else driver.execute_script(SEEN)['banner']}


def menu(driver, top, item):
    """Click a menu of JupyterLab's menu bar, then one of its items."""
    driver.find_element(By.XPATH, f"//li[contains(@class,'lm-MenuBar-item')][.//div[text()='{top}']]").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(
        By.XPATH, f"//li[contains(@class,'lm-Menu-item')][.//div[text()='{item}']]"))
    driver.find_element(By.XPATH, f"//li[contains(@class,'lm-Menu-item')][.//div[text()='{item}']]").click()


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument('url')
    parser.add_argument('notebook')
    parser.add_argument('--screenshots', type=Path, required=True)
    parser.add_argument('--profile', type=Path, required=True, help='a fresh --user-data-dir')
    args = parser.parse_args(argv)
    args.screenshots.mkdir(parents=True, exist_ok=True)
    scheme, netloc, _, query, _ = urlsplit(args.url)
    url = urlunsplit((scheme, netloc, f'/lab/tree/{args.notebook}', query, ''))
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS + [f'--user-data-dir={args.profile}']:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    report = {}
    try:
        driver.get(url)
        wait = WebDriverWait(driver, 120, poll_frequency=0.5)
        wait.until(lambda d: d.execute_script(SEEN)['cells'] > 5
                   and "Teacher's edition" in d.execute_script(SEEN)['banner'])
        time.sleep(2)      # let the rendering settle before the picture
        driver.save_screenshot(str(args.screenshots / '1-opened.png'))
        report['opened'] = read_through(driver)
        placeholder = driver.find_element(By.CSS_SELECTOR, '.jp-Cell .jp-InputPlaceholder')
        driver.execute_script('arguments[0].scrollIntoView({block: "center"})', placeholder)
        time.sleep(1)
        driver.save_screenshot(str(args.screenshots / '2-a-folded-solution.png'))
        placeholder.click()
        time.sleep(1)
        report['unfolded_one'] = read_through(driver)
        driver.save_screenshot(str(args.screenshots / '3-one-solution-unfolded.png'))
        menu(driver, 'Run', 'Run All Cells')
        quiet = []

        def finished(d):      # idle, nothing running, three looks in a row
            seen = d.execute_script(SEEN)
            quiet.append(seen['executed'] > 0 and seen['running'] == 0 and seen['idle'])
            return quiet[-3:] == [True] * 3
        wait.until(finished)
        report['ran'] = driver.execute_script(SEEN)
        menu(driver, 'File', 'Save Notebook')
        WebDriverWait(driver, 60).until(lambda d: not d.execute_script(SEEN)['dirty'])
        time.sleep(1)
        report['ran_and_saved'] = driver.execute_script(SEEN)
        report['after_run'] = read_through(driver)
        driver.execute_script(f'const s = document.querySelector("{SCROLLER}"); s.scrollTop = s.scrollHeight - 1.7 * s.clientHeight')
        time.sleep(1)
        driver.save_screenshot(str(args.screenshots / '5-the-end-after-run-all.png'))
        driver.save_screenshot(str(args.screenshots / '4-ran-and-saved.png'))
        report['console_errors'] = [e['message'] for e in driver.get_log('browser')
                                    if e.get('level') == 'SEVERE'] if hasattr(driver, 'get_log') else []
    finally:
        driver.quit()
    json.dump(report, sys.stdout, indent=1)
    return 0


if __name__ == '__main__':
    sys.exit(main())
