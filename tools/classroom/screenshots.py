"""Look at the classroom server as its users do: screenshots in headless Chromium.

    make classroom-check        # screenshots in build/classroom/
    .venv-site/bin/python -m tools.classroom.screenshots --language zh_CN   # a Chinese class

Starts the real hub on loopback with two students, lets one of them do some
work (one exercise right, one returning a list where True or False is wanted)
and the teacher grade it, then takes in a browser: the login page, a student's
JupyterLab, a student refused the gradebook, a student's follow view, the
teacher's hub page, its admin page and the gradebook (its live board, with the list of what the
class gets wrong, and the grader's table), each as NAME.png (NAME-zh.png for a
Chinese class), with what each page says in words (PAGES.json), for a look at
what is left in English. Runs with .venv-site's Python (Selenium) and Debian's
chromium and chromium-driver, as the website's check does.
"""

import argparse
import contextlib
import json
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait

from tools.classroom.follow_watch import open_follow
from tools.classroom.simulate import Hub, Student
from tools.check_site import browser

HERE = Path(__file__).resolve().parent

NOTEBOOK = '01-Hands-and-hand_rank.ipynb'
WORK = {'def flush(hand):': 'def flush(hand):\n    return len({s for r, s in hand}) == 1',
        'def straight(ranks):': 'def straight(ranks):\n    return [ranks]'}
"""Her work: flush right, straight a list where True or False is wanted (a hint on the board)."""


def log_in(driver, url, name, password):
    driver.get(url + 'hub/login')
    driver.find_element(By.ID, 'username_input').send_keys(name)
    driver.find_element(By.ID, 'password_input').send_keys(password)
    driver.find_element(By.ID, 'login_submit').click()


def shoot(driver, out, name, suffix, pages, height=None):
    """A screenshot of the page as NAME(suffix).png (the whole page's height if asked), and its words."""
    if height:
        driver.set_window_size(1400, max(900, min(height, driver.execute_script(
            'return document.documentElement.scrollHeight'))))
    driver.save_screenshot(str(out / f'{name}{suffix}.png'))
    pages[name] = driver.execute_script('return document.body.innerText')
    if height:
        driver.set_window_size(1400, 900)


@contextlib.contextmanager
def a_browser(width):
    """A headless Chromium of its own (a new profile), width pixels wide, quit after."""
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        try:
            driver.set_window_size(width, 900)
            yield driver
        finally:
            driver.quit()


def work(student):
    """ada's lesson 01: flush right, straight wrong, run (her checks post to the board) and saved."""
    nb = student.read_notebook(NOTEBOOK)
    for start, source in WORK.items():
        [cell] = [c for c in nb['cells'] if c['source'].startswith(start)]
        cell['source'] = source
    student.run_notebook(nb, NOTEBOOK)
    student.save_notebook(NOTEBOOK, nb)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--out', type=Path, default=HERE.parent.parent / 'build' / 'classroom')
    p.add_argument('--language', default='en', choices=['en', 'zh_CN'])
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    suffix, pages = ('-zh' if args.language == 'zh_CN' else ''), {}
    with tempfile.TemporaryDirectory(prefix='pokerlib-classroom-shots-') as folder:
        hub = Hub(folder, ['ada', 'grace'])
        hub.env['CLASSROOM_LANGUAGE'] = args.language
        hub.start()
        try:
            pw = hub.passwords()
            ada = Student(hub.url, 'ada', pw['ada'])       # some work for the gradebook
            ada.log_in()
            ada.start_server()
            work(ada)
            teacher = Student(hub.url, 'teacher', pw['teacher'])
            teacher.log_in()
            teacher.grade()

            with a_browser(1400) as driver:
                driver.get(hub.url + 'hub/login')
                shoot(driver, args.out, 'login', suffix, pages)
                log_in(driver, hub.url, 'grace', 'not-her-password')
                shoot(driver, args.out, 'login-refused', suffix, pages)
                log_in(driver, hub.url, 'grace', pw['grace'])
                WebDriverWait(driver, 180).until(ready.presence_of_element_located(
                    (By.CSS_SELECTOR, '.jp-Notebook .jp-Cell')))
                time.sleep(5)                   # the notebook's rendering settles
                shoot(driver, args.out, 'student-lab', suffix, pages)
                driver.get(hub.url + 'services/gradebook/')
                time.sleep(2)
                shoot(driver, args.out, 'student-gradebook-refused', suffix, pages)
            with a_browser(1000) as driver:
                open_follow(driver, hub.url, 'grace', pw['grace'])
                time.sleep(2)
                shoot(driver, args.out, 'student-follow', suffix, pages)
            with a_browser(1400) as driver:
                log_in(driver, hub.url, 'teacher', pw['teacher'])
                driver.get(hub.url + 'hub/home')
                time.sleep(2)
                shoot(driver, args.out, 'teacher-home', suffix, pages)
                driver.get(hub.url + 'services/gradebook/')
                WebDriverWait(driver, 60).until(ready.presence_of_element_located(
                    (By.CSS_SELECTOR, 'tr.student')))
                WebDriverWait(driver, 60).until(ready.presence_of_element_located(
                    (By.CSS_SELECTOR, '#wrong li.hint')))
                shoot(driver, args.out, 'gradebook', suffix, pages, height=3000)
                driver.get(hub.url + 'hub/admin')
                time.sleep(3)
                shoot(driver, args.out, 'teacher-admin', suffix, pages)
        finally:
            hub.stop()
    (args.out / f'PAGES{suffix}.json').write_text(json.dumps(pages, ensure_ascii=False, indent=1),
                                                   encoding='utf-8')
    print(f'screenshots in {args.out}')


if __name__ == '__main__':
    main()
