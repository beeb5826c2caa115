"""Look at the classroom server as its users do: screenshots in headless Chromium.

    make classroom-check        # screenshots in build/classroom/

Starts the real hub on loopback with two students, lets one of them do some
work and the teacher grade it, then takes in a browser: the login page, a
student's JupyterLab, a student refused the gradebook, the teacher's hub
page and the gradebook. Runs with .venv-site's Python (Selenium) and
Debian's chromium and chromium-driver, as the website's check does.
"""

import argparse
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait

from tools.classroom.simulate import Hub, Student
from tools.check_site import browser

HERE = Path(__file__).resolve().parent

NOTEBOOK = '01-Hands-and-hand_rank.ipynb'


def log_in(driver, url, name, password):
    driver.get(url + 'hub/login')
    driver.find_element(By.ID, 'username_input').send_keys(name)
    driver.find_element(By.ID, 'password_input').send_keys(password)
    driver.find_element(By.ID, 'login_submit').click()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--out', type=Path, default=HERE.parent / 'build' / 'classroom')
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix='pokerlib-classroom-shots-') as folder:
        hub = Hub(folder, ['ada', 'grace'])
        hub.start()
        try:
            pw = hub.passwords()
            ada = Student(hub.url, 'ada', pw['ada'])       # some work for the gradebook
            ada.log_in()
            ada.start_server()
            nb = ada.read_notebook(NOTEBOOK)
            [cell] = [c for c in nb['cells'] if c['source'].startswith('def flush(hand):')]
            cell['source'] = 'def flush(hand):\n    return len({s for r, s in hand}) == 1'
            ada.run_notebook(nb, NOTEBOOK)
            ada.save_notebook(NOTEBOOK, nb)
            teacher = Student(hub.url, 'teacher', pw['teacher'])
            teacher.log_in()
            teacher.grade()

            with tempfile.TemporaryDirectory() as profile:
                driver = browser(profile)
                try:
                    driver.get(hub.url + 'hub/login')
                    driver.save_screenshot(str(args.out / 'login.png'))
                    log_in(driver, hub.url, 'grace', 'not-her-password')
                    driver.save_screenshot(str(args.out / 'login-refused.png'))
                    log_in(driver, hub.url, 'grace', pw['grace'])
                    WebDriverWait(driver, 180).until(ready.presence_of_element_located(
                        (By.CSS_SELECTOR, '.jp-Notebook .jp-Cell')))
                    time.sleep(5)                   # the notebook's rendering settles
                    driver.save_screenshot(str(args.out / 'student-lab.png'))
                    driver.get(hub.url + 'services/gradebook/')
                    time.sleep(2)
                    driver.save_screenshot(str(args.out / 'student-gradebook-refused.png'))
                finally:
                    driver.quit()
            with tempfile.TemporaryDirectory() as profile:
                driver = browser(profile)
                try:
                    log_in(driver, hub.url, 'teacher', pw['teacher'])
                    driver.get(hub.url + 'hub/home')
                    time.sleep(2)
                    driver.save_screenshot(str(args.out / 'teacher-home.png'))
                    driver.get(hub.url + 'services/gradebook/')
                    WebDriverWait(driver, 60).until(ready.presence_of_element_located(
                        (By.CSS_SELECTOR, 'tr.student')))
                    driver.save_screenshot(str(args.out / 'gradebook.png'))
                finally:
                    driver.quit()
        finally:
            hub.stop()
    print(f'screenshots in {args.out}')


if __name__ == '__main__':
    main()
