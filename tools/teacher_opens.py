"""The teacher, in headless Chromium, opens a student's notebook and file on the class server.

    .venv-site/bin/python -m tools.teacher_opens HUB_URL TEACHER PASSWORD STUDENT PAGE...

Logs in to the hub as the teacher, then opens each PAGE of the student's
server (a path under /user/STUDENT/, e.g. ``lab/tree/evil.ipynb`` or
``files/evil.html``), as "access server" on the admin page does: the hub asks
the teacher to authorise it, and she does. Each page is given a few seconds,
and one JSON line says what it showed: {"page", "url", "title", "text"}.
For tests/test_origins.py; runs with .venv-site's Python (Selenium) and
Debian's chromium and chromium-driver.
"""

import argparse
import json
import os
import sys
import tempfile
import time

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait

from tools.classroom.screenshots import log_in
from tools.classroom.watch import browser


def server_address(hub_url, student, page) -> str:
    """The page's address on the student's own host (NAME.DOMAIN), as the hub links to it."""
    scheme, rest = hub_url.split('://', 1)
    return f'{scheme}://{student}.{rest.rstrip("/")}/user/{student}/{page}'


def authorise(driver):
    """Press the hub's "Authorize" button if the hub asks (the teacher reaching a student's server)."""
    for button in driver.find_elements(By.CSS_SELECTOR, 'form input[type=submit], form button'):
        if 'uthori' in (button.get_attribute('value') or '') + button.text:
            button.click()
            return True
    return False


def body_text(driver) -> str:
    """What the page shows as text now ('' while it cannot be read)."""
    try:
        return driver.find_element(By.TAG_NAME, 'body').text
    except WebDriverException:
        return ''


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('url')
    p.add_argument('teacher')
    p.add_argument('password')
    p.add_argument('student')
    p.add_argument('pages', nargs='+')
    p.add_argument('--wait', type=float, default=8.0)
    p.add_argument('--until', action='append', default=[],
                   help='text each page shows once drawn, in the order of the pages (waited for up to 120 s)')
    p.add_argument('--shots', default=None, help='a folder for a screenshot of each page')
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile, int(os.environ.get('WATCH_DRIVER_PORT', '0')))
        try:
            log_in(driver, args.url, args.teacher, args.password)
            WebDriverWait(driver, 60).until(ready.url_contains('/hub/'))
            for i, page in enumerate(args.pages):
                driver.get(server_address(args.url, args.student, page))
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline and '/oauth2/authorize' in driver.current_url:
                    if not authorise(driver):
                        time.sleep(0.5)
                # On a loaded machine JupyterLab may take far longer than usual to draw the
                # notebook: wait for what the page shows, then give its scripts time to run.
                until = args.until[i] if i < len(args.until) else ''
                deadline = time.monotonic() + 120
                while until and time.monotonic() < deadline and until not in body_text(driver):
                    time.sleep(0.5)
                time.sleep(args.wait)
                text = body_text(driver)[:2000]
                if args.shots:
                    os.makedirs(args.shots, exist_ok=True)
                    driver.save_screenshot(os.path.join(args.shots, page.replace('/', '-') + '.png'))
                print(json.dumps({'page': page, 'url': driver.current_url, 'title': driver.title,
                                  'text': text}), flush=True)
        finally:
            driver.quit()
    return 0


if __name__ == '__main__':
    sys.exit(main())
