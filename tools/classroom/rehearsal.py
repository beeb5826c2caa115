"""A whole lesson rehearsed in headless Chromium, on a real hub, from a folder with capitals and a space.

    .venv-site/bin/python -m tools.classroom.rehearsal --shots build/classroom/rehearsal

The course is cloned into ``Documents/Poker Class`` in a temporary folder and
the class server started from there as `make classroom` does. The teacher and
three students log in, each in a browser of her own; the teacher opens her
edition and runs cells; the students follow her on the follow view, copy her
cell into their notebooks and check exercises; the teacher's board shows
their checks and what the class gets wrong; a student reloads her page and
finds her notebook open; the hub is killed mid-lesson and started again, and
every student's kernel still holds her variables and her open page runs
cells without a reload; a late student is added to the class list and logs
in while everyone works; the teacher grades and downloads the LMS file.

It prints one JSON object: what each step found (``facts``) and the
screenshots taken at 1280 and 390 px (in --shots), for tests/test_rehearsal.py
and for looking at. Runs with .venv-site's Python (Selenium) and Debian's
chromium and chromium-driver, as the website's check does.
"""

import argparse
import csv
import io
import json
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import quote, urlparse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from tools.check_site import browser
from tools.classroom.simulate import ROOT, Hub, Student

NOTEBOOK = '01-Hands-and-hand_rank.ipynb'
STUDENTS = ['ada', 'grace', 'alan']
WIDE, PHONE = (1280, 900), (390, 844)


def clone(folder: Path) -> Path:
    """The course as a teacher clones it, into Documents/Poker Class; the proxy's packages linked."""
    where = folder / 'Documents' / 'Poker Class'
    where.parent.mkdir(parents=True)
    subprocess.run(['git', 'clone', '-q', str(ROOT), str(where)], check=True)
    (where / 'classroom' / 'node_modules').symlink_to(ROOT / 'classroom' / 'node_modules')
    return where


class Person:
    """One browser, logged in as one person of the class."""

    def __init__(self, hub, name, password, profile, port):
        self.hub, self.name, self.password = hub, name, password
        self.driver = browser(profile, port)
        self.driver.set_window_size(*WIDE)

    def log_in(self, then='hub/spawn'):
        """The login page, as she opens it; then where she goes (her server, started if need be)."""
        d = self.driver
        d.get(self.hub.url + 'hub/login?next=' + quote(urlparse(self.hub.url).path + then))
        d.find_element(By.ID, 'username_input').send_keys(self.name)
        d.find_element(By.ID, 'password_input').send_keys(self.password)
        d.find_element(By.ID, 'login_submit').click()
        if then == 'hub/spawn':          # her JupyterLab, once her server answers
            WebDriverWait(d, 300).until(lambda d: '/lab' in d.current_url)

    def open_notebook(self, path=NOTEBOOK, timeout=240):
        """The notebook opened in her JupyterLab by its address (a page load: the notebooks she
        had open come back with her saved layout)."""
        self.driver.get(f'http://{self.name}.localhost:{self.hub.port}/user/{self.name}/lab/tree/{path}')
        self.wait_notebook(path, timeout)

    def wait_notebook(self, path=NOTEBOOK, timeout=240):
        try:
            self._wait_notebook(path, timeout)
        except Exception:
            if SHOTS:
                self.driver.save_screenshot(str(SHOTS[0] / f'failed-{self.name}.png'))
            raise

    def _wait_notebook(self, path, timeout):
        WebDriverWait(self.driver, timeout).until(lambda d: d.execute_script(
            "const t = [...document.querySelectorAll('.lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current "
            ".lm-TabBar-tabLabel')].some(t => t.textContent === arguments[0]);"
            "return t && "
            "document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell').length > 3;",
            path))
        WebDriverWait(self.driver, timeout).until(lambda d: d.execute_script(   # her kernel, ready
            "const s = document.getElementById('jp-main-statusbar');"
            "return s && s.textContent.includes('Idle');"))

    def tabs(self) -> list:
        """The labels of the documents open in her JupyterLab's main area."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll('.lm-DockPanel-tabBar .lm-TabBar-tabLabel')]"
            ".map(t => t.textContent);")

    def run_cell(self, code, expect, timeout=120) -> str:
        """A new cell at the end of her open notebook, typed and run as she would (Shift+Enter);
        the text of its output once it holds ``expect``."""
        d = self.driver
        # A new cell above the one she is on (command mode: Esc, A), typed, run with Shift+Enter.
        d.execute_script("document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) "
                         ".jp-Notebook').focus();")
        ActionChains(d).send_keys(Keys.ESCAPE).send_keys('a').send_keys(Keys.ENTER).send_keys(code).perform()
        time.sleep(0.5)
        ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
        found = {}

        def shown(driver):
            texts = driver.execute_script(
                "return [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) "
                ".jp-OutputArea-output')].map(o => o.textContent);")
            hits = [t for t in texts if expect in t]
            found['text'] = hits[-1] if hits else None
            return bool(hits)
        try:
            WebDriverWait(d, timeout).until(shown)
        except Exception:
            if SHOTS:
                d.save_screenshot(str(SHOTS[0] / f'failed-{self.name}-cell.png'))
            raise
        return found['text']

    def shot(self, folder, name, shots):
        """Screenshots of what she sees, at 1280 and at 390 px; whether the page scrolls sideways."""
        d, wide = self.driver, {}
        for label, size in (('', WIDE), ('-390', PHONE)):
            d.set_window_size(*size)
            time.sleep(1)
            path = Path(folder) / f'{name}{label}.png'
            d.save_screenshot(str(path))
            shots.append(path.name)
            wide[label or '1280'] = d.execute_script(
                'return document.documentElement.scrollWidth > window.innerWidth + 1;')
        d.set_window_size(*WIDE)
        return wide

    def quit(self):
        self.driver.quit()


def lesson(folder: Path, shots_folder: Path) -> dict:
    facts, shots = {}, []
    root = clone(folder)
    hub = Hub(root / 'classroom', STUDENTS, lesson=3600, warmup=3, root=root)
    started = time.monotonic()
    hub.start()
    people = {}
    try:
        facts['class_ready'] = hub.class_ready(timeout=600)
        pw = hub.passwords()
        with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profiles:   # (Chromium writes late)
            port = hub.port + 5
            for k, name in enumerate(['teacher'] + STUDENTS):
                people[name] = Person(hub, name, pw[name], f'{profiles}/{name}', port + 100 + k)
            teacher = people['teacher']
            teacher.log_in()
            teacher.open_notebook('05-Shuffling.ipynb')
            her = Student(hub.url, 'teacher', pw['teacher'])
            her.log_in()
            her.start_server()
            code = [c for c in her.read_notebook('05-Shuffling.ipynb')['cells']
                    if c['cell_type'] == 'code']
            facts['teacher_edition'] = {   # her edition: no stub, the answers folded
                'stubs': sum('raise NotImplementedError()' in c['source'] for c in code),
                'folded': sum(bool(c['metadata'].get('jupyter', {}).get('source_hidden'))
                              for c in code)}
            facts['teacher_cell'] = teacher.run_cell('shown = "from the teacher"\nshown',
                                                     "'from the teacher'")
            teacher.shot(shots_folder, 'teacher-lab', shots)

            # The students: log in, open notebook 01, follow the teacher, check an exercise.
            for name in STUDENTS:
                p = people[name]
                p.log_in('services/follow/')
                WebDriverWait(p.driver, 120).until(lambda d: d.execute_script(
                    "return [...document.querySelectorAll('#lesson article.cell pre.code')]"
                    ".some(c => c.textContent.includes('from the teacher'));"))
            facts['follow_wide'] = people['ada'].shot(shots_folder, 'follow', shots)
            ada = people['ada']
            into = ada.driver.execute_script(
                "const cs = [...document.querySelectorAll('#lesson article.cell')]"
                ".filter(c => c.querySelector('pre.code').textContent.includes('from the teacher'));"
                "const a = cs.length && cs[cs.length - 1].querySelector('a.into'); return a && a.href;")
            facts['copy_link'] = bool(into)
            if into:                            # her server's copy page: she presses its button
                ada.driver.get(into)
                ada.driver.find_element(By.CSS_SELECTOR, 'form button[type=submit]').click()
                WebDriverWait(ada.driver, 120).until(lambda d: '/lab' in d.current_url)
                ada.wait_notebook('05-Shuffling.ipynb')
                in_view = ("const cs = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden)"
                           " .jp-Cell')].filter(c => c.textContent.includes('from the teacher'));"
                           "if (!cs.length) return false; const r = cs[0].getBoundingClientRect();"
                           "return r.bottom > 0 && r.top < window.innerHeight;")
                try:                            # JupyterLab scrolls to it once the notebook is drawn
                    WebDriverWait(ada.driver, 30).until(lambda d: d.execute_script(in_view))
                    facts['copy_in_view'] = True
                except Exception:
                    facts['copy_in_view'] = False
                ada.shot(shots_folder, 'copied-cell', shots)
            for name in STUDENTS:
                people[name].open_notebook()
            reader = Student(hub.url, 'ada', pw['ada'])
            reader.log_in()
            reader.start_server()               # (running: her server's own login, for its API)
            facts['copied_into_ada'] = 'from the teacher' in json.dumps(
                reader.read_notebook('05-Shuffling.ipynb'))
            answers = {'ada': 'len({s for r, s in hand}) == 1', 'grace': 'True', 'alan': 'hand[0]'}
            for name in STUDENTS:
                facts[f'{name}_work'] = people[name].run_cell(f'work = "{name} was here"\nwork',
                                                              f'{name} was here')
                out = people[name].run_cell(       # typed as she types (a one-line def: no indent)
                    'from pokerlib.practice import check\n'
                    f'def flush(hand): return {answers[name]}\ncheck(flush)', 'flush')
                facts[f'{name}_check'] = out[:80]

            # The board: their checks and what the class gets wrong.
            teacher.driver.get(hub.url + 'services/gradebook/')
            WebDriverWait(teacher.driver, 120).until(lambda d: d.execute_script(
                "return document.querySelectorAll('#grid button[data-student]').length >= 3;"))
            facts['board'] = teacher.driver.execute_script(
                "const c = {}; for (const b of document.querySelectorAll('#grid button[data-student]'))"
                " c[b.dataset.student + ' ' + b.dataset.exercise] = b.dataset.status; return c;")
            facts['board_wrong'] = teacher.driver.execute_script(
                "return [...document.querySelectorAll('#wrong > li[data-exercise]')].map(l => l.textContent);")
            facts['board_wide'] = teacher.shot(shots_folder, 'board', shots)

            # A reload: the notebooks she had open are open again.
            ada.open_notebook('02-Ties-and-allmax.ipynb')
            ada.open_notebook(NOTEBOOK)
            before = ada.tabs()
            time.sleep(3)                       # her layout saved (JupyterLab saves it as it goes)
            ada.driver.refresh()
            try:
                ada.wait_notebook(NOTEBOOK, 120)
            except Exception:
                pass
            time.sleep(3)
            facts['reload_tabs'] = {'before': before, 'after': ada.tabs()}
            ada.shot(shots_folder, 'student-after-reload', shots)

            # The hub killed mid-lesson and started again.
            killed = time.monotonic()
            hub.kill()
            facts['during_hub_down'] = people['grace'].run_cell('work', 'grace was here')
            hub.start()
            facts['hub_back_s'] = round(time.monotonic() - killed, 1)
            for name in STUDENTS:         # her open page, never reloaded, runs cells as before
                facts[f'{name}_after_restart'] = people[name].run_cell('work', f'{name} was here')
            people['grace'].shot(shots_folder, 'student-after-restart', shots)

            # A late student, while everyone works.
            with open(root / 'classroom' / 'students.txt', 'a') as f:
                f.write('Linus\n')
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and 'linus' not in hub.passwords():
                time.sleep(0.5)
            banners = lambda: (root / 'classroom' / 'hub.log').read_text().count(
                'The classroom: students open')
            while time.monotonic() < deadline and banners() < 3:
                time.sleep(0.5)
            linus = people['linus'] = Person(hub, 'linus', hub.passwords()['linus'],
                                             f'{profiles}/linus', port + 110)
            linus.log_in()
            linus.open_notebook()
            facts['late_student'] = linus.run_cell('1 + 1', '2')
            for name in STUDENTS:
                facts[f'{name}_after_late'] = people[name].run_cell('work', f'{name} was here')
            linus.shot(shots_folder, 'late-student', shots)

            # Each saves her notebook (Ctrl+S); the teacher grades and downloads the LMS file.
            for name in STUDENTS:
                d = people[name].driver
                d.execute_script("document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) "
                                 ".jp-Notebook').focus();")
                ActionChains(d).key_down(Keys.CONTROL).send_keys('s').key_up(Keys.CONTROL).perform()
            time.sleep(3)
            # ada's answer in the lesson's own Your-turn cell (what the grader reads), as she writes it
            nb = reader.read_notebook(NOTEBOOK)
            [cell] = [c for c in nb['cells'] if c['cell_type'] == 'code'
                      and ''.join(c['source']).startswith('def flush(hand):')]
            cell['source'] = 'def flush(hand):\n    return len({s for r, s in hand}) == 1'
            reader.save_notebook(NOTEBOOK, nb)
            t = Student(hub.url, 'teacher', pw['teacher'])
            t.log_in()
            t.grade()
            lms = t.get('services/gradebook/grades-lms.csv')
            rows = list(csv.reader(io.StringIO(lms.text)))
            facts['lms'] = {'status': lms.status_code, 'header': rows[0] if rows else [],
                            'students': sorted(r[0] for r in rows[1:]),
                            'lesson01': {r[0]: r[2] for r in rows[1:] if len(r) > 2}}
            teacher.driver.get(hub.url + 'services/gradebook/')
            time.sleep(3)
            facts['grades_wide'] = teacher.shot(shots_folder, 'grades', shots)
    finally:
        for p in people.values():
            p.quit()
        hub.stop()
    facts['minutes'] = round((time.monotonic() - started) / 60, 1)
    return {'facts': facts, 'shots': shots}


SHOTS = []
"""The screenshots' folder (a failed wait leaves failed-NAME.png there)."""


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--shots', type=Path, default=ROOT / 'build' / 'classroom' / 'rehearsal')
    args = p.parse_args(argv)
    args.shots.mkdir(parents=True, exist_ok=True)
    SHOTS.append(args.shots)
    with tempfile.TemporaryDirectory(prefix='pokerlib-rehearsal-', ignore_cleanup_errors=True) as folder:
        print(json.dumps(lesson(Path(folder), args.shots), ensure_ascii=False))


if __name__ == '__main__':
    main()
