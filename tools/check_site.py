"""Load every page of the built website in headless Chromium; print what it saw, as JSON.

    .venv-site/bin/python -m tools.check_site build/site/html [--screenshots DIR]

Serves the folder with Python's http.server on 127.0.0.1 (a free port) and
drives Debian's chromium through its chromedriver (selenium, pointed at both,
so nothing is downloaded). For each page it reports the title and first
heading, every image's natural width, the maths (MathML elements and their
size, and any TeX left raw in the text), the links, the element ids, the
folded solutions (and whether a click opens them), and the browser's
console errors; for the whole run, every URL the browser requested, which
of them went to another host, and which internal links do not resolve. tests/test_site.py makes its assertions on
this report. With --screenshots, it also saves a PNG of the top of each page,
and of the first formula, figure and solution on pages that have them.
"""

import argparse
import functools
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = os.environ.get('CHROMIUM', '/usr/bin/chromium')
CHROMEDRIVER = os.environ.get('CHROMEDRIVER', '/usr/bin/chromedriver')
# Headless, and quiet: no sandbox (CI runs as root), and none of the background
# traffic (updates, sync, field trials) by which Chromium phones home.
CHROMIUM_FLAGS = [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
    '--no-first-run', '--no-default-browser-check', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-default-apps',
    '--disable-extensions', '--metrics-recording-only', '--mute-audio',
    '--hide-scrollbars', '--no-proxy-server', '--window-size=1280,900',
    '--force-device-scale-factor=1',
]

SEARCH_ZH = '葫芦'   # full house: the Chinese search should find the pages that say it

# Runs in the page once it has loaded; returns what the report says about it.
INSPECT_PAGE = r"""
const done = arguments[arguments.length - 1];
const settle = img => img.complete ? Promise.resolve()
    : new Promise(ok => { img.addEventListener('load', ok); img.addEventListener('error', ok);
                          setTimeout(ok, 5000); });
const images = [...document.images];
Promise.all([...images.map(settle), document.fonts.ready]).then(() => {
  const skip = new Set(['CODE', 'PRE', 'SCRIPT', 'STYLE', 'TEXTAREA', 'math', 'MATH']);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      for (let el = node.parentElement; el; el = el.parentElement)
        if (skip.has(el.tagName) || el.classList.contains('highlight')) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    }});
  const rawTex = [];
  const pattern = /\$[^$\s][^$]*\$|\\(sqrt|frac|approx|ln|cdot|times|sum|binom|pm|le|ge)\b|\\\(|\\\[/;
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (pattern.test(n.textContent)) rawTex.push(n.textContent.trim().slice(0, 120));
  const h1 = document.querySelector('article h1') || document.querySelector('main h1')
      || document.querySelector('h1');
  const box = el => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
  done({
    url: location.href,
    title: document.title,
    lang: document.documentElement.lang,
    // The Chinese pages' text, and whether the course's Chinese font drew it.
    chinese: [...new Set(document.body.innerText.match(/[\u2e80-\uffff]/gu) || [])].join(''),
    chinese_font: [...document.fonts].filter(f => f.family.includes('Noto Sans SC Course'))
                                     .map(f => f.status),
    h1: h1 ? h1.textContent.replace(/[#¶]\s*$/, '').trim() : null,
    h1_visible: h1 ? box(h1)[0] > 0 && box(h1)[1] > 0 : false,
    images: images.map(img => ({src: img.currentSrc || img.src, alt: img.alt,
                                natural_width: img.naturalWidth, width: box(img)[0],
                                enlarge: (img.closest('a.course-enlarge') || {}).href || null,
                                in_article: !!img.closest('article')})),
    enlarge_hints: [...document.querySelectorAll('.course-enlarge-hint')].map(p => p.textContent),
    widget_text: document.body.innerText.includes('HBox(') || document.body.innerText.includes('Explorer('),
    maths: [...document.querySelectorAll('math')].map(m => ({
        display: m.getAttribute('display'), size: box(m), text: m.textContent.slice(0, 80),
        folded: !!m.closest('details:not([open])')})),
    raw_maths: [...document.querySelectorAll('.math-raw')].map(e => e.textContent),
    raw_tex: rawTex,
    links: [...new Set([...document.querySelectorAll('a[href]')].map(a => a.href))],
    nav_links: [...document.querySelectorAll('nav.course-nav a[href]')].map(a => a.href),
    download_links: [...document.querySelectorAll('.course-download a[href]')].map(a => a.href),
    ids: [...document.querySelectorAll('[id]')].map(e => e.id),
    // Folded cells: closed, their content hidden, and shown by a click on the toggle.
    folds: [...document.querySelectorAll('article details')].map(d => {
      const summary = d.querySelector('summary');
      const body = d.querySelector(':scope > :not(summary)');
      const visible = () => !!body && body.checkVisibility();
      const before = {open: d.open, visible: visible()};
      summary.click();
      const after = {open: d.open, visible: visible()};
      summary.click();
      return {summary: summary.innerText.trim(), classes: d.className, open: before.open,
              content_visible: before.visible, opens_on_click: after.open && after.visible};
    }),
  });
});
"""


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass   # a browser that leaves a page drops the requests still under way


def serve(folder: Path, port: int = 0):
    """An http.server on 127.0.0.1 serving folder, in a thread (port 0: a free port)."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = QuietServer(('127.0.0.1', port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(profile: str, port: int = 0):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS + [f'--user-data-dir={profile}']:
        options.add_argument(flag)
    options.set_capability('goog:loggingPrefs', {'performance': 'ALL', 'browser': 'ALL'})
    # A Service with the system's chromedriver: Selenium Manager never runs.
    return webdriver.Chrome(options=options,
                            service=Service(executable_path=CHROMEDRIVER, port=port))


def requested_urls(driver) -> list:
    """URLs the browser asked for since the last call (from its network log)."""
    urls = []
    for entry in driver.get_log('performance'):
        message = json.loads(entry['message'])['message']
        if message.get('method') == 'Network.requestWillBeSent':
            urls.append(message['params']['request']['url'])
    return urls


def local(url: str) -> bool:
    """Whether a request stays on this machine: 127.0.0.1, or no network at all."""
    parts = urlsplit(url)
    if parts.scheme in ('data', 'blob', 'about', 'chrome', 'chrome-untrusted', 'devtools'):
        return True   # no network: inline data, or the browser's own pages
    return parts.scheme in ('http', 'https', 'ws', 'wss') and parts.hostname == '127.0.0.1'


def screenshot(driver, path: Path, selector=None):
    """Save the viewport, scrolled to the first element matching selector, if any."""
    if selector:
        found = driver.execute_script(
            'const e = document.querySelector(arguments[0]);'
            'if (e) { e.scrollIntoView({block: "center"}); } return !!e;', selector)
        if not found:
            return
        time.sleep(0.1)
    driver.save_screenshot(str(path))


def status(url: str) -> int:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))   # no proxy
    try:
        with opener.open(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def check(folder: Path, shots: Path | None = None, port: int = 0) -> dict:
    """Browse every page of the site in folder; return the report.

    The site is served on port, and chromedriver listens on the next one (0: free ports).
    """
    folder = folder.resolve()
    pages = sorted(p.relative_to(folder).as_posix()
                   for p in [*folder.glob('*.html'), *folder.glob('zh/*.html')])   # zh/: Chinese
    server = serve(folder, port)
    base = f'http://127.0.0.1:{server.server_address[1]}/'
    profile = tempfile.mkdtemp(prefix='check-site-chromium-')
    started = time.perf_counter()
    driver = browser(profile, port + 1 if port else 0)
    report = {'base': base, 'pages': {}, 'requests': [], 'console_errors': {}}
    try:
        report['browser'] = driver.capabilities.get('browserVersion')
        report['seconds_to_start_browser'] = round(time.perf_counter() - started, 2)
        requested_urls(driver)   # forget the browser's own start-up page
        for name in pages:
            driver.get(base + name)
            if driver.execute_script('return !!document.querySelector("meta[http-equiv=refresh]")'):
                WebDriverWait(driver, 10).until(lambda d, url=base + name: d.current_url != url)
            page = driver.execute_async_script(INSPECT_PAGE)
            report['pages'][name] = page
            report['requests'] += requested_urls(driver)
            errors = [e['message'] for e in driver.get_log('browser') if e['level'] == 'SEVERE']
            if errors:
                report['console_errors'][name] = errors
            if shots:
                shots.mkdir(parents=True, exist_ok=True)
                stem = name.removesuffix('.html').replace('/', '-')   # zh/x.html: zh-x.png
                screenshot(driver, shots / f'{stem}.png')
                if page['maths']:
                    screenshot(driver, shots / f'{stem}-maths.png', 'math')
                if any(not i['src'].endswith('.svg') for i in page['images']):
                    screenshot(driver, shots / f'{stem}-figure.png', 'article img')
                if page['folds']:
                    screenshot(driver, shots / f'{stem}-solution.png', 'article details')
        # A phone's width (390 px): how wide each page is there (it should never scroll sideways).
        driver.set_window_size(390, 844)
        report['phone'] = {}
        for name in pages:
            driver.get(base + name)
            report['phone'][name] = driver.execute_script(
                'return {width: innerWidth, scroll: document.documentElement.scrollWidth}')
            if shots and not name.removeprefix('zh/')[:2].isdigit():     # the manual's pages
                screenshot(driver, shots / f'{name.removesuffix(".html").replace("/", "-")}-phone.png')
        report['requests'] += requested_urls(driver)
        driver.set_window_size(1280, 900)
        if 'zh/search.html' in pages:   # the Chinese search, offline: a word of the glossary
            driver.get(base + 'zh/search.html?q=' + SEARCH_ZH)
            WebDriverWait(driver, 20).until(lambda d: d.execute_script(
                'return document.querySelector("#search-results p.search-summary, '
                '#search-results .search-summary")'))
            report['search_zh'] = driver.execute_script(
                'return [...document.querySelectorAll("#search-results li a")].map(a => a.href)')
            report['requests'] += requested_urls(driver)
        report['broken_links'], report['files_linked'] = broken_links(report, base)
    finally:
        driver.quit()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    report['seconds_browsing'] = round(time.perf_counter() - started, 2)
    report['external_requests'] = sorted({
        url for url in report['requests'] if not local(url)})
    return report


def broken_links(report: dict, base: str):
    """Internal links whose file is missing, or whose #fragment is no id in its page.

    Pages were loaded already; other files (notebooks, figures) are asked for
    from the server. Returns ({page: [broken link, ...]}, {file url: status}).
    """
    ids = {base + name: set(page['ids']) for name, page in report['pages'].items()}
    statuses, broken = {}, {}
    for name, page in report['pages'].items():
        for link in page['links']:
            if not link.startswith(base):
                continue
            target, fragment = urldefrag(link)
            if target.endswith('/'):
                target += 'index.html'
            if target in ids:
                ok = not fragment or fragment in ids[target]
            else:
                if target not in statuses:
                    statuses[target] = status(target)
                ok = statuses[target] == 200
            if not ok:
                broken.setdefault(name, []).append(link)
    return broken, statuses


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('folder', type=Path, help='the built site (build/site/html)')
    parser.add_argument('--screenshots', type=Path, metavar='DIR',
                        help='also save screenshots of the pages here')
    parser.add_argument('--port', type=int, default=0,
                        help='serve the site on this port, chromedriver on the next (default: free ports)')
    args = parser.parse_args(argv)
    if not (args.folder / 'index.html').is_file():
        sys.exit(f'{args.folder} has no index.html: build the site first (make site)')
    json.dump(check(args.folder, args.screenshots, args.port), sys.stdout, indent=1)
    print()


if __name__ == '__main__':
    main()
