"""Watch the teacher's live gradebook in headless Chromium, and say what it shows.

    .venv-site/bin/python -m tools.classroom.watch HUB_URL TEACHER PASSWORD [--shots DIR]

Logs in as the teacher, opens /services/gradebook/ and keeps it open (never
reloads it); every time what the page shows changes it prints one JSON line:
{"t": unix time, "cells": {"ada flush": "✗ 3 fail"}, "stuck": [...],
"detail": "...", "status": "..."}. It reads commands on stdin, one a line:
``click STUDENT EXERCISE`` (selects that mark, as the teacher would),
``width PIXELS`` (a phone's width: "wide" says whether the page then scrolls sideways),
``shot NAME`` (a screenshot NAME.png in --shots) and ``quit``.
For tests/test_live.py and for looking at the page; runs with .venv-site's
Python (Selenium) and Debian's chromium and chromium-driver.
"""

import argparse
import json
import os
import queue
import sys
import tempfile
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait

from tools.check_site import CHROMEDRIVER, CHROMIUM, CHROMIUM_FLAGS

READ = """
const cells = {};
for (const b of document.querySelectorAll('#grid button[data-student]'))
  cells[b.dataset.student + ' ' + b.dataset.exercise] = b.textContent + ' ' + b.dataset.status;
const passed = {};
for (const td of document.querySelectorAll('#grid tfoot td[data-exercise]'))
  passed[td.dataset.exercise] = td.textContent;
return {cells, passed,
        stuck: [...document.querySelectorAll('#stuck li[data-student]')].map(li => li.textContent),
        wrong: [...document.querySelectorAll('#wrong > li[data-exercise]')].map(li => li.textContent),
        detail: document.getElementById('detail').textContent,
        status: document.getElementById('connection').textContent.replace(/updated .*/, 'updated'),
        width: window.innerWidth, wide: document.documentElement.scrollWidth > window.innerWidth + 1};
"""


def arguments(doc, argv, *names, **more) -> argparse.Namespace:
    """A watcher's command line: its positional `names` (``more``: their add_argument options),
    ``--shots`` (the folder, made) and ``--driver-port``."""
    p = argparse.ArgumentParser(description=doc.split('\n\n')[0])
    for name in names:
        p.add_argument(name, **more.get(name, {}))
    p.add_argument('--shots', type=Path, default=Path('build/classroom'))
    p.add_argument('--driver-port', type=int, default=int(os.environ.get('WATCH_DRIVER_PORT', '0')))
    args = p.parse_args(argv)
    args.shots.mkdir(parents=True, exist_ok=True)
    return args


def say(**fields):
    """One JSON line on stdout: the time, and fields."""
    print(json.dumps({'t': time.time(), **fields}, ensure_ascii=False), flush=True)


def width_or_shot(driver, command, shots):
    """The commands every watcher of one page takes: ``width PIXELS`` and ``shot NAME``."""
    if command[:1] == ['width']:
        driver.set_window_size(int(command[1]), 900)
    if command[:1] == ['shot']:
        driver.save_screenshot(str(shots / f'{command[1]}.png'))
        say(shot=command[1])


def browser(profile, port):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS + [f'--user-data-dir={profile}', '--window-size=1400,900']:
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER, port=port))


def stdin_commands() -> queue.Queue:
    """The commands on stdin, one a line (a list of words), as they come; ['quit'] at its end."""
    commands = queue.Queue()
    threading.Thread(target=lambda: [commands.put(line.split()) for line in sys.stdin]
                     or commands.put(['quit']), daemon=True).start()
    return commands


def next_command(commands, timeout) -> list:
    """The next command's words, or [] when none came in timeout seconds."""
    try:
        return commands.get(timeout=timeout)
    except queue.Empty:
        return []


def watch_page(args, start, act, read, done=False):
    """A watcher of one page: a headless browser, `start(driver)` (log in, open the page), then
    until the command ``quit`` each command given to `act(driver, words)` and to
    ``width_or_shot``, and a JSON line (``say``) each time what the script `read` returns
    changes (with ``done``, how many commands it has done)."""
    commands = stdin_commands()
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile, args.driver_port)
        try:
            start(driver)
            last, count = None, 0
            while True:
                command = next_command(commands, 0.2)
                if command[:1] == ['quit']:
                    break
                act(driver, command)
                width_or_shot(driver, command, args.shots)
                count += bool(command)
                seen = driver.execute_script(read)
                if done:
                    seen = {**seen, 'done': count}
                if seen != last:
                    say(**seen)
                    last = seen
        finally:
            driver.quit()


def main(argv=None):
    args = arguments(__doc__, argv, 'url', 'teacher', 'password')

    def start(driver):
        driver.get(args.url + 'hub/login')
        driver.find_element(By.ID, 'username_input').send_keys(args.teacher)
        driver.find_element(By.ID, 'password_input').send_keys(args.password)
        driver.find_element(By.ID, 'login_submit').click()
        WebDriverWait(driver, 60).until(ready.url_contains('/hub/'))
        driver.get(args.url + 'services/gradebook/')
        WebDriverWait(driver, 60).until(ready.text_to_be_present_in_element(
            (By.ID, 'connection'), 'Live: updated'))

    def act(driver, command):
        if command and command[0] == 'click':
            driver.find_element(By.CSS_SELECTOR, f'#grid button[data-student="{command[1]}"]'
                                                 f'[data-exercise="{command[2]}"]').click()
    watch_page(args, start, act, READ)


if __name__ == '__main__':
    main()
