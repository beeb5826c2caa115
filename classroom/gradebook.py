"""The teacher's gradebook: a JupyterHub service at /services/gradebook/ (admin only).

It grades every student's workspace with the course's own grading
(``python -m pokerlib grade DIR... --csv OUT``), shows one row per student and
one column per exercise, grades again when the teacher presses Refresh, and
hands out the long-form CSV. The hub starts it (see jupyterhub_config.py) with:

    GRADEBOOK_WORKSPACES  the folder of the students' workspaces (one folder each)
    GRADEBOOK_EDITION     the student's edition they were copied from
    GRADEBOOK_STUDENTS    the names on the class list, space-separated, in order
    GRADEBOOK_OUT         where the CSV and the grader's HTML go
    GRADEBOOK_ROOT        the course (the grader runs from there)

Grading runs the students' code, each notebook in a sandbox of its own (pokerlib.grading).
"""

import asyncio
import html
import os
import shutil
import signal
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import ioloop, web

from pokerlib.grading import SYMBOLS, grade_table, read_csv, read_regular   # the grader's own
from pokerlib.cards import PokerError
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Gradebook</title>{refresh}
<style>
 body {{ font: 15px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }}
 table {{ border-collapse: collapse; }} th, td {{ border: 1px solid #ccc; padding: .3em .6em; }}
 th.exercise {{ writing-mode: vertical-rl; transform: rotate(180deg); font-weight: normal; }}
 td.mark {{ text-align: center; }} td.none {{ color: #888; text-align: center; }}
 th.lesson {{ background: #f3f3f3; }} .note {{ color: #555; }}
 button, a.button {{ font-size: 15px; margin-right: 1em; }}
</style></head><body>
<h1>Gradebook</h1>
<p><a href="{hub}home">← the hub</a> · <a href="{hub}admin">the students' servers</a></p>
<form method="post">{xsrf}<button type="submit" {disabled}>Refresh (grade again)</button>
<a class="button" href="grades.csv" download>Download CSV</a></form>
<p class="note">{status}</p>
{table}
<p class="note">{legend}; – not started (the notebook is as it was handed
out). Hover or tap a mark for the check's report. Grading runs each notebook the
student saved.</p>
</body></html>"""


class Gradebook:
    """The state of the grading: the last CSV, and a run that may be under way."""

    def __init__(self, workspaces, edition, students, out, root):
        self.workspaces, self.edition, self.students = Path(workspaces), Path(edition), list(students)
        self.out, self.root = Path(out), Path(root)
        self.out.mkdir(parents=True, exist_ok=True)
        self.csv = self.out / 'grades.csv'
        self.running = None            # the asyncio task of a run under way
        self.message = ''

    def start(self):
        if self.running is None or self.running.done():
            self.running = asyncio.ensure_future(self.grade())

    def changed(self) -> dict:
        """name -> the notebooks in that student's workspace that differ from the course's copy.

        A notebook still exactly as it was handed out has nothing to grade: its
        exercises show as not started, and grading the class stays quick.
        """
        found = {}
        for name in self.students:
            for path in sorted((self.workspaces / name).glob('*.ipynb')):
                try:      # a regular file only: a link or a FIFO is no notebook of hers
                    mine = read_regular(path)
                except PokerError:
                    continue
                handed_out = self.edition / path.name
                if not handed_out.exists() or handed_out.read_bytes() != mine:
                    found.setdefault(name, []).append((path, mine))
        return found

    async def grade(self):
        changed = self.changed()
        if not changed:
            self.message = 'Nothing to grade yet: no student has saved a notebook.'
            return
        # The grader names a student by the first folder under the folder it is
        # given: one folder per student, of copies of the notebooks to grade
        # (the bytes compared, not what the file holds a moment later).
        staging = self.out / 'to-grade'
        shutil.rmtree(staging, ignore_errors=True)
        for name, paths in changed.items():
            (staging / name).mkdir(parents=True)
            for path, mine in paths:
                (staging / name / path.name).write_bytes(mine)
        started = time.monotonic()
        partial = self.out / 'grades.csv.partial'
        process = await asyncio.create_subprocess_exec(
            sys.executable, '-m', 'pokerlib', 'grade', str(staging),
            '--csv', str(partial), '--html', str(self.out / 'grades.html'),
            cwd=self.root, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        output, _ = await process.communicate()
        seconds = time.monotonic() - started
        notebooks = sum(map(len, changed.values()))
        if process.returncode == 0 and partial.exists():
            partial.replace(self.csv)   # the last good table stays until a new one is whole
            self.message = (f'Graded {notebooks} notebook{"s" * (notebooks > 1)} of '
                            f'{len(changed)} student{"s" * (len(changed) > 1)} at '
                            f'{time.strftime("%H:%M:%S")} in {seconds:.0f} s.')
        else:
            last = output.decode(errors='replace').strip().splitlines()[-1:] or ['no output']
            self.message = f'Grading failed (exit {process.returncode}): {last[0]}'

    def rows(self) -> list:
        """The CSV's rows, or [] before the first grading."""
        return read_csv(self.csv) if self.csv.exists() else []

    def table(self) -> str:
        """One row per student on the list, one column per exercise, grouped by lesson."""
        return grade_table(self.rows(), self.students)


class PageHandler(HubOAuthenticated, web.RequestHandler):
    def initialize(self, book):
        self.book = book

    @web.authenticated
    def get(self):
        running = self.book.running is not None and not self.book.running.done()
        status = 'Grading… this page reloads by itself.' if running else (
            self.book.message or ('Press Refresh to grade.' if not self.book.rows() else ''))
        self.write(PAGE.format(
            refresh='<meta http-equiv="refresh" content="3">' if running else '',
            xsrf=self.xsrf_form_html(), disabled='disabled' if running else '',
            status=html.escape(status), table=self.book.table(), hub=self.hub_auth.hub_prefix,
            legend='; '.join(f'{SYMBOLS[k]} {k}' for k in SYMBOLS if k != 'unknown')))

    @web.authenticated
    def post(self):
        self.book.start()
        self.redirect(self.request.path)


class CsvHandler(HubOAuthenticated, web.RequestHandler):
    def initialize(self, book):
        self.book = book

    @web.authenticated
    def get(self):
        if not self.book.csv.exists():
            raise web.HTTPError(404, 'No grading yet: press Refresh first.')
        self.set_header('Content-Type', 'text/csv; charset=utf-8')
        self.set_header('Content-Disposition', 'attachment; filename="grades.csv"')
        self.write(self.book.csv.read_bytes())


def main():
    book = Gradebook(os.environ['GRADEBOOK_WORKSPACES'], os.environ['GRADEBOOK_EDITION'],
                     os.environ['GRADEBOOK_STUDENTS'].split(),
                     os.environ['GRADEBOOK_OUT'], os.environ['GRADEBOOK_ROOT'])
    prefix = os.environ['JUPYTERHUB_SERVICE_PREFIX']
    app = web.Application([
        (prefix, PageHandler, {'book': book}),
        (url_path_join(prefix, 'grades.csv'), CsvHandler, {'book': book}),
        (url_path_join(prefix, 'oauth_callback'), HubOAuthCallbackHandler),
    ], cookie_secret=os.urandom(32), xsrf_cookies=True,
       xsrf_cookie_kwargs={'path': prefix})    # not the hub's own _xsrf cookie
    url = urlparse(os.environ['JUPYTERHUB_SERVICE_URL'])
    app.listen(url.port, url.hostname)
    loop = ioloop.IOLoop.current()
    for sig in (signal.SIGINT, signal.SIGTERM):      # the hub's stop, even where SIGINT was ignored
        signal.signal(sig, lambda *_: loop.add_callback_from_signal(loop.stop))
    hub = os.getppid()                                # and if the hub is gone without a word, go too
    ioloop.PeriodicCallback(lambda: os.getppid() == hub or loop.stop(), 5000).start()
    loop.start()


if __name__ == '__main__':
    main()
