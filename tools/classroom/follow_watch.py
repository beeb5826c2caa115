"""Watch the follow view in headless Chromium as students would, and say what each page shows.

    .venv-site/bin/python -m tools.classroom.follow_watch HUB_URL NAME:PASSWORD... [--shots DIR]

Logs each student in (a browser of her own), opens /services/follow/ and keeps
it open; every time what a page shows changes it prints one JSON line:
{"t": unix time, "who": "ada", "cells": [{"id", "count", "code", "outputs":
[...], "current": bool, "into": href}], "status": "...", "title": "...",
"ran": whether any script of an output ran}. Commands on stdin, one a line:
``reload NAME``, ``width NAME PIXELS`` (a phone's width), ``shot NAME FILE``
(a screenshot FILE.png in --shots) and ``quit``. For tests/test_follow.py,
the manual's screenshot and looking at the page; runs with .venv-site's Python
(Selenium) and Debian's chromium and chromium-driver.
"""

import tempfile
from pathlib import Path
from urllib.parse import quote, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tools.classroom.watch import arguments, browser, next_command, say, stdin_commands

READ = """
const cells = [...document.querySelectorAll('#lesson article.cell')].map(a => ({
  id: a.dataset.id, notebook: a.closest('section').dataset.notebook,
  count: a.querySelector('.count').textContent, code: a.querySelector('pre.code').textContent,
  current: a.classList.contains('current'),
  into: (a.querySelector('a.into') || {}).href || null,
  buttons: [...a.querySelectorAll('.actions > *')].map(b => b.textContent),
  outputs: [...a.querySelectorAll('.outputs > *')].map(o =>
    o.tagName === 'IMG' ? {img: o.naturalWidth + 'x' + o.naturalHeight, src: o.src.slice(0, 22)}
    : o.tagName === 'DIV' ? {html: o.innerHTML} : {text: o.textContent, class: o.className})}));
return {cells, status: document.getElementById('connection').textContent, title: document.title,
        lang: document.documentElement.lang, h1: document.querySelector('h1').textContent,
        ran: window.pwned === true || document.title.includes('pwned'),
        wide: document.documentElement.scrollWidth > window.innerWidth + 1,
        fonts: [...document.fonts].map(f => `${f.family} ${f.status}`)};
"""


def open_follow(driver, url, name, password):
    # Straight to the follow page after the log-in (not through her JupyterLab).
    driver.get(url + 'hub/login?next=' + quote(urlparse(url).path + 'services/follow/'))
    driver.find_element(By.ID, 'username_input').send_keys(name)
    driver.find_element(By.ID, 'password_input').send_keys(password)
    driver.find_element(By.ID, 'login_submit').click()
    WebDriverWait(driver, 60).until(lambda d: '/services/follow/' in d.current_url
                                    and 'oauth' not in d.current_url)
    WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, 'connection').text
                                    not in ('', 'Connecting…', '连接中…'))


def main(argv=None):
    args = arguments(__doc__, argv, 'url', 'people', people={'nargs': '+', 'help': 'NAME:PASSWORD'})
    commands = stdin_commands()
    drivers, last = {}, {}
    with tempfile.TemporaryDirectory() as profiles:
        try:
            for k, person in enumerate(args.people):
                name, password = person.split(':', 1)
                port = args.driver_port + k if args.driver_port else 0
                drivers[name] = browser(Path(profiles, name), port)
                open_follow(drivers[name], args.url, name, password)
            say(ready=sorted(drivers))
            while True:
                command = next_command(commands, 0.05)
                if command[:1] == ['quit']:
                    break
                if command and command[0] == 'reload':
                    drivers[command[1]].refresh()
                    last.pop(command[1], None)
                if command and command[0] == 'width':
                    drivers[command[1]].set_window_size(int(command[2]), 900)
                if command and command[0] == 'shot':
                    drivers[command[1]].save_screenshot(str(args.shots / f'{command[2]}.png'))
                    say(shot=command[2])
                for name, driver in drivers.items():
                    seen = driver.execute_script(READ)
                    if seen != last.get(name):
                        say(who=name, **seen)
                        last[name] = seen
        finally:
            for driver in drivers.values():
                driver.quit()


if __name__ == '__main__':
    main()
