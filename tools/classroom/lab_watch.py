"""Watch a student's JupyterLab on the class server in headless Chromium, and say what it shows.

    .venv-site/bin/python -m tools.classroom.lab_watch HUB_URL NAME PASSWORD [--shots DIR]

Logs NAME in (the hub's form) and keeps her JupyterLab (or another page of her
server) open; every time what it shows changes it prints one JSON line:
{"t": unix time, "url": ..., "tabs": the main area's tab titles, "current":
the current tab's title, "visible": the first line of each cell of the current
notebook in view, "wide": whether the page scrolls sideways, "button": a form's
button's text and font, "code_font": the font of the page's code (a pre),
"fonts": the page's fonts and whether each loaded, "done": how many commands it
has done}. Commands on stdin, one a line: ``go PATH`` (opens HUB_URL + PATH,
e.g. ``user/ada/lab/tree/05-Shuffling.ipynb``), ``reload``, ``click SELECTOR``
(clicks the first element the CSS selector finds), ``width PIXELS``, ``shot
FILE`` (FILE.png in --shots) and ``quit``. For tests/test_lesson_lab.py and
test_follow.py; runs with .venv-site's Python (Selenium) and
Debian's chromium and chromium-driver.
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tools.classroom.watch import arguments, say, watch_page

READ = """
const label = t => (t.querySelector('.lm-TabBar-tabLabel') || t).textContent;
const dock = document.getElementById('jp-main-dock-panel');
const tabs = dock ? [...dock.querySelectorAll('.lm-TabBar-tab')] : [];
const current = tabs.find(t => t.classList.contains('lm-mod-current'));
const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
let visible = [];
if (panel) {
  const box = panel.getBoundingClientRect();
  visible = [...panel.querySelectorAll('.jp-Cell')].filter(c => {
    const r = c.getBoundingClientRect();
    return r.height > 0 && r.bottom > box.top + 4 && r.top < box.bottom - 4;
  }).map(c => ((c.querySelector('.cm-line') || c).textContent || '').slice(0, 80));
}
const button = document.querySelector('form button'), code = document.querySelector('body > pre');
return {url: location.href, tabs: tabs.map(label), current: current ? label(current) : null,
        visible, wide: document.documentElement.scrollWidth > window.innerWidth + 1,
        button: button ? {text: button.textContent, font: getComputedStyle(button).fontFamily} : null,
        code_font: code ? getComputedStyle(code).fontFamily : null,
        fonts: [...document.fonts].map(f => `${f.family} ${f.status}`)};
"""


def log_in(driver, url, name, password):
    driver.get(url + 'hub/login')
    driver.find_element(By.ID, 'username_input').send_keys(name)
    driver.find_element(By.ID, 'password_input').send_keys(password)
    driver.find_element(By.ID, 'login_submit').click()
    WebDriverWait(driver, 120).until(lambda d: f'/user/{name}/lab' in d.current_url)


def main(argv=None):
    args = arguments(__doc__, argv, 'url', 'name', 'password')

    def start(driver):
        log_in(driver, args.url, args.name, args.password)
        say(ready=args.name)

    def act(driver, command):
        if command[:1] == ['go']:
            driver.get(args.url + command[1])
        if command[:1] == ['click']:
            driver.find_element(By.CSS_SELECTOR, ' '.join(command[1:])).click()
        if command[:1] == ['reload']:
            driver.refresh()
    watch_page(args, start, act, READ, done=True)


if __name__ == '__main__':
    main()
