"""Run axe-core on every page of the built website, in light and dark mode; print JSON.

    .venv-site/bin/python -m tools.check_a11y build/site/html [--port 0]

axe-core comes from site/a11y/ (npm ci there: package-lock.json pins it).
The site is served on 127.0.0.1 and each page loaded in headless Chromium
(tools/check_site.py's browser); axe.min.js is injected and axe.run()
reports WCAG 2 A/AA violations. The theme (pydata-sphinx-theme) is switched
to dark by its own attribute, data-theme, and the page checked again once
its colour transitions have ended. The
report: for each page and mode, each violation's rule, impact, help and
the first few elements it names; at the end, how many elements fail, by impact.
"""

import argparse
import functools
import json
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

from tools.check_site import QuietHandler, QuietServer, browser

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / 'site' / 'a11y' / 'node_modules' / 'axe-core' / 'axe.min.js'
RUN_AXE = """
const done = arguments[arguments.length - 1];
document.documentElement.dataset.theme = arguments[0];
document.documentElement.dataset.mode = arguments[0];
// The theme's colours change through CSS transitions (0.15 s on buttons): on a busy
// machine they can still be under way after the pause, and axe would measure a mix of
// the two themes' colours. getAnimations() starts any pending ones; wait for their ends.
const settled = () => Promise.all(document.getAnimations()
    .filter(a => a instanceof CSSTransition).map(a => a.finished.catch(() => null)));
setTimeout(() => settled().then(() => axe.run(document, {runOnly: {type: 'tag', values:
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental']}, resultTypes: ['violations']})
  .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.length, targets: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))))
  .catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: 0, targets: []}]))), 300);
"""


def pages(html: Path) -> list:
    skip = {'genindex.html', 'search.html'}
    return sorted(str(p.relative_to(html)) for p in html.rglob('*.html')
                  if p.name not in skip and '_static' not in p.parts and p.name != 'index.html')


def check(html: Path, port: int = 0, only=None) -> dict:
    handler = functools.partial(QuietHandler, directory=str(html))
    server = QuietServer(('127.0.0.1', port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f'http://127.0.0.1:{server.server_address[1]}/'
    axe = AXE.read_text(encoding='utf-8')
    report, totals = {}, Counter()
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        driver.set_script_timeout(120)
        try:
            for page in only or pages(html):
                for mode in ('light', 'dark'):
                    driver.get(base + page)
                    driver.execute_script(axe)
                    found = driver.execute_async_script(RUN_AXE, mode)
                    report[f'{page} ({mode})'] = found
                    for v in found:
                        totals[v['impact']] += v['nodes']
        finally:
            driver.quit()
            server.shutdown()
    return {'pages': report, 'totals': dict(totals)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('html', type=Path)
    parser.add_argument('--port', type=int, default=0, help='port to serve on (0: a free one)')
    parser.add_argument('pages', nargs='*', help='pages to check (default: all)')
    args = parser.parse_intermixed_args(argv)
    if not AXE.exists():
        sys.exit(f'{AXE} is missing: run `npm ci` in site/a11y first')
    print(json.dumps(check(args.html, args.port, args.pages), indent=1))


if __name__ == '__main__':
    main()
