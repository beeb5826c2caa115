"""The manual's screenshots of the follow view: a student following the teacher through notebook 05.

    .venv-site/bin/python -m tools.classroom.follow_shots [--language zh_CN] [--out site/manual/images]

Starts the real hub on loopback (one student), the teacher runs her edition of
05 in her kernel on the hub up to its first figure drawn in the lesson, and a
student's follow page, open in headless Chromium since before the first cell,
is photographed at a laptop's width (follow.png, or follow-zh.png for the
Chinese class, from notebooks/zh/). Runs with .venv-site's Python (Selenium)
and Debian's chromium and chromium-driver.
"""

import argparse
import json
import tempfile
import time
from pathlib import Path

from tools.classroom.follow_watch import open_follow
from tools.classroom.simulate import Hub, Student
from tools.classroom.watch import browser

ROOT = Path(__file__).resolve().parent.parent
LESSON = '05-Shuffling.ipynb'
FIGURE = 'explore_shuffles('
"""The first code cell that draws a figure in the lesson: the teacher stops after it."""


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--language', default='en', choices=['en', 'zh_CN'])
    p.add_argument('--out', type=Path, default=ROOT / 'site' / 'manual' / 'images')
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    folder = ROOT / 'notebooks' / ('zh' if args.language == 'zh_CN' else '')
    nb = json.loads((folder / LESSON).read_text(encoding='utf-8'))
    cells = [c for c in nb['cells'] if c['cell_type'] == 'code']
    last = next(k for k, c in enumerate(cells) if ''.join(c['source']).startswith(FIGURE))
    nb['cells'] = cells[:last + 1]
    with tempfile.TemporaryDirectory(prefix='pokerlib-follow-shots-') as state:
        hub = Hub(state, ['ada'], warmup=0)
        hub.env['CLASSROOM_LANGUAGE'] = args.language
        hub.start()
        try:
            pw = hub.passwords()
            teacher = Student(hub.url, 'teacher', pw['teacher'])
            teacher.log_in()
            teacher.start_server()
            with tempfile.TemporaryDirectory() as profile:
                driver = browser(profile, 0)
                try:
                    driver.set_window_size(1000, 1130)
                    open_follow(driver, hub.url, 'ada', pw['ada'])
                    teacher.run_notebook(nb, LESSON)
                    time.sleep(3)                  # the last cell's figure drawn, the page settled
                    name = 'follow-zh.png' if args.language == 'zh_CN' else 'follow.png'
                    driver.save_screenshot(str(args.out / name))
                finally:
                    driver.quit()
        finally:
            hub.stop()
    print(args.out / name)


if __name__ == '__main__':
    main()
