"""The teacher's gradebook: a JupyterHub service at /services/gradebook/ (admin only).

Two halves, and the page says which is which:

- **Live** (board.py): each `check` a student runs on the class server posts
  its verdict to ``api/verdicts`` (pokerlib/practice/live.py), with her own
  hub token; the hub says whose token it is, so a student posts only for
  herself. The page shows the grid of students by exercises, the attempts,
  who is stuck and how many passed each exercise, and updates itself
  (server-sent events from ``events``) as the checks come in. It is what her
  own check said in her own kernel: a student could fool it.
- **Official**: the course's own grader, sandboxed
  (``python -m pokerlib grade DIR... --csv OUT``), run on every student's saved
  notebooks when the teacher presses Grade. Only it gives grades.

Downloads: ``grades.csv`` (every student's latest check and official grade per
exercise, as they stand) and ``attempts.csv`` (every check received). The hub
starts it (see jupyterhub_config.py) with:

    GRADEBOOK_WORKSPACES  the folder of the students' workspaces (one folder each)
    GRADEBOOK_EDITION     the student's edition they were copied from
    GRADEBOOK_STUDENTS    the names on the class list, space-separated, in order
    GRADEBOOK_OUT         where the CSV, the grader's HTML and the live log go
    GRADEBOOK_ROOT        the course (the grader runs from there)
    GRADEBOOK_LANGUAGE    the class's language: en, or zh_CN (the page in Chinese, chinese.py)

Grading runs the students' code, each notebook in a sandbox of its own (pokerlib.grading).
"""

import asyncio
import contextlib
import html
import json
import logging
import math
import os
import shutil
import signal
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import ioloop, web
from tornado.iostream import StreamClosedError

from pokerlib.serving.fonts import FONT
from pokerlib.grading import grade_table, read_csv, stage, write_csv  # the grader's own
from pokerlib.i18n import N_, set_language
from pokerlib.practice import exercise_names
from pokerlib.verdicts import CHECKED, GRADED, legend   # a verdict's symbol and word: one home

from classroom import bounds, chinese, similarity  # its bounds; the page's language; similar code
from classroom.board import STUCK_FAILS, STUCK_IDLE, Board, Refused, course_exercises, lms_csv
from classroom.hub import OnceOnly   # the hub's filter of a warning said once
from classroom.service import (FontHandler, Owners, Secure, Waiters, log_errors, poster,  # what the
                               text, token_of)                                  # services share

HERE = Path(__file__).resolve().parent
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Gradebook</title>{refresh}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="xsrf" content="{xsrf_token}">
<link rel="stylesheet" href="gradebook.css">
<script src="gradebook.js" defer></script>
</head><body>
<h1>Gradebook</h1>
<p><a href="{hub}home">← the hub</a> · <a href="{hub}admin">the students' servers</a></p>
<p class="note"><b>Two kinds of column.</b> <b>Live (check)</b>: what each student's own
<code>check</code> said, in her own kernel, as she runs it; it updates by itself, and a student
could fool it. <b>Official (grade)</b>: the course's grader, run in a sandbox on the notebooks
the students saved, when you press Grade; only it gives grades.</p>

<section aria-labelledby="live-title">
<h2 id="live-title">Live: the class's checks as they happen</h2>
<p id="connection" class="note" role="status">Connecting…</p>
<noscript><p>The live board needs JavaScript; the CSV below is always up to date.</p></noscript>
<div id="grid"><p class="note">No check yet.</p></div>
<p class="note" id="legend">{live_legend}. The number is the attempts.
Select a mark for its last report. Every mark here is the student's own check, run in her
kernel, which she could change; ⚑ marks one the grader's last run disagrees with (her check
passed and the grader's did not, or the other way), ⊘ a check whose cell stopped before
check ran (a SyntaxError, or a NameError before the function existed): shown, never counted
as an attempt.</p>
<div id="detail" aria-live="polite"></div>
<h3>What the class gets wrong</h3>
<p class="note">For each exercise: how many passed, are failing and have not started, and the
most common hints of the failing checks right now.</p>
<ul id="wrong"><li class="note">No failing check right now.</li></ul>
<h3>Stuck</h3>
<p class="note">An exercise failed {fails} times or more since it last passed, or no exercise
passed for {idle} minutes.</p>
<ul id="stuck"><li class="note">Nobody.</li></ul>
</section>

<section aria-labelledby="official-title">
<h2 id="official-title">Official: the sandboxed grader</h2>
<form method="post">{xsrf}<button type="submit" {disabled}>Grade (run the grader on the saved notebooks)</button></form>
<p class="note">{status}</p>
{table}
<p class="note">{legend}; – not started (the notebook is as it was handed
out). Hover or tap a mark for the grader's report.</p>
<h3>Similar code</h3>
<p class="note">A flag for you, never a penalty: a graded function whose code matches a
classmate's or the course's own (copydetect, the student's edition left out), after each
grading. Talk to the student before you conclude anything.</p>
{similar}
</section>
<p><a class="button" href="grades.csv" download>Download grades.csv</a> (every student's
latest check and official grade per exercise) ·
<a class="button" href="attempts.csv" download>Download attempts.csv</a> (every check received)</p>
<p><a class="button" href="grades-lms.csv" download>Download grades-lms.csv</a> (the official
grades for Canvas or Moodle: a row per student, a column per lesson; see the manual)</p>
</body></html>"""

CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; "
       "connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; "
       "frame-ancestors 'none'")
"""The page runs its own script only, and nothing a student wrote (which it shows as text)."""
LANGUAGE = os.environ.get('GRADEBOOK_LANGUAGE', 'en')
FROM_PODS = os.environ.get('GRADEBOOK_FROM_PODS') == '1'
"""Checks come through the proxy, not doors (Kubernetes: deploy/kubernetes/values.yaml)."""
tr = chinese.translated(LANGUAGE)
SHOWN = chinese.page_for(PAGE, LANGUAGE)
"""The page in the class's language (its units through the classroom catalog)."""


class Gradebook:
    """The state of the grading: the last CSV, and a run that may be under way."""

    def __init__(self, workspaces, edition, students, out, root):
        self.workspaces, self.edition, self.students = Path(workspaces), Path(edition), list(students)
        self.out, self.root = Path(out), Path(root)
        self.out.mkdir(parents=True, exist_ok=True)
        self.csv = self.out / 'grades.csv'
        self.running = None            # the asyncio task of a run under way
        self.process = None            # the grader's process of the last run
        self.message = ''
        self.exercises = set()          # the exercises compared for similar code (main sets them)
        self.similar = None             # the flags of the last grading, or None before one
        self.slow = set()               # 'student/lesson' that ran out of time at the last grading

    def start(self):
        if self.running is None or self.running.done():
            self.running = asyncio.ensure_future(self.grade())

    def stage(self, staging) -> tuple:
        """The notebooks the students changed, copied into staging (pokerlib.grading.stage)."""
        return stage(self.students, self.workspaces, self.edition, staging)

    async def grade(self):
        # The grader names a student by the first folder under the folder it is
        # given: one folder per student, of copies of the notebooks to grade.
        staging = self.out / 'to-grade'
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        try:
            await self._grade(staging)
        finally:
            shutil.rmtree(staging, ignore_errors=True)     # the copies, gone with the run

    async def _grade(self, staging):
        changed, refused = await asyncio.to_thread(self.stage, staging)
        if not changed and not refused:
            self.message = tr('Nothing to grade yet: no student has saved a notebook.')
            return
        started = time.monotonic()
        partial = self.out / 'grades.csv.partial'
        partial.unlink(missing_ok=True)
        returncode, output = 0, b''
        if changed:
            # A budget per notebook and one per Grade; the notebooks that ran out of time at the
            # last Grade go after everyone else's.
            jobs = os.cpu_count() or 1
            total = bounds.GRADE_BUDGET + bounds.PACE * math.ceil(sum(changed.values()) / jobs)
            later = [arg for name in sorted(self.slow) for arg in ('--later', name)]
            self.process = process = await asyncio.create_subprocess_exec(
                sys.executable, '-m', 'pokerlib', 'grade', str(staging), '--language', LANGUAGE,
                '--budget', str(bounds.GRADE_BUDGET), '--total', str(total), *later,
                '--csv', str(partial), '--html', str(self.out / 'grades.html'),
                cwd=self.root, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
                # the students' notebooks run under it: never with this service's hub token
                env={k: v for k, v in os.environ.items() if not k.startswith('JUPYTERHUB_')})
            output, _ = await process.communicate()
            returncode = process.returncode
        seconds = time.monotonic() - started
        notebooks = sum(changed.values())
        if returncode == 0 and (partial.exists() or not changed):
            rows = (read_csv(partial) if partial.exists() else []) + refused
            self.slow = {f"{r['student']}/{r['notebook']}" for r in rows if r['status'] == 'timeout'}
            write_csv(sorted(rows, key=lambda r: (r['student'], r['notebook'])), partial)
            partial.replace(self.csv)   # the last good table stays until a new one is whole
            try:                        # the flags of similar code (a flag, never a penalty)
                self.similar = await asyncio.to_thread(
                    similarity.flags, staging, self.edition, self.root / 'notebooks', self.exercises)
            except Exception as e:      # the grades stand without them
                self.similar = [{'error': f'{type(e).__name__}: {e}'}]
            self.message = tr(N_('Graded {notebooks} notebook{s} of {students} student{ss} at {time} '
                                 'in {seconds:.0f} s.')).format(
                notebooks=notebooks, s='s' * (notebooks != 1), students=len(changed),
                ss='s' * (len(changed) != 1), time=time.strftime('%H:%M:%S'), seconds=seconds)
            if self.slow:
                self.message += ' ' + tr(N_('Out of time (graded after everyone else from now on): '
                                            '{notebooks}.')).format(notebooks=', '.join(sorted(self.slow)))
        else:
            last = output.decode(errors='replace').strip().splitlines()[-1:] or [tr(N_('no output'))]
            self.message = tr(N_('Grading failed (exit {code}): {last}')).format(
                code=returncode, last=last[0])

    def rows(self) -> list:
        """The CSV's rows, or [] before the first grading."""
        return read_csv(self.csv) if self.csv.exists() else []

    def similar_html(self) -> str:
        """The flags of similar code as a list (the names escaped), or a line saying there are none."""
        if self.similar is None:
            return ''
        if not self.similar:
            return f'<p class="note">{html.escape(tr("No similar code found."))}</p>'
        items = []
        for flag in self.similar:
            if 'error' in flag:
                items.append(f'<li>{html.escape(tr("The comparison failed:"))} {html.escape(flag["error"])}</li>')
                continue
            other = tr("the course's own") if flag['other'] == similarity.COURSE else flag['other']
            items.append(f'<li data-exercise="{html.escape(flag["exercise"])}">⚑ <code>'
                         f'{html.escape(flag["exercise"])}</code>: <b>{html.escape(flag["student"])}</b> ~ '
                         f'{html.escape(other)} ({flag["similarity"]:.0%})</li>')
        return '<ul id="similar">' + ''.join(items) + '</ul>'

    def table(self) -> str:
        """One row per student on the list, one column per exercise, grouped by lesson."""
        return grade_table(self.rows(), self.students)


class Admin(Secure, HubOAuthenticated, web.RequestHandler):
    """A page of the teacher's: the hub's login, and only admins (access:services) get in."""

    csp = CSP

    def initialize(self, book, live):
        self.book, self.live = book, live


class PageHandler(Admin):
    @web.authenticated
    def get(self):
        running = self.book.running is not None and not self.book.running.done()
        status = tr('Grading… this page reloads by itself.') if running else (
            self.book.message or (tr('Press Grade to grade.') if not self.book.rows() else ''))
        self.write(SHOWN.format(
            refresh='<meta http-equiv="refresh" content="3">' if running else '',
            xsrf=self.xsrf_form_html(), disabled='disabled' if running else '',
            xsrf_token=html.escape(text(self.xsrf_token)),
            status=html.escape(status), table=self.book.table(), similar=self.book.similar_html(),
            hub=self.hub_auth.hub_prefix,
            legend=legend(GRADED, tr('; '), tr),          # the class's punctuation too
            live_legend=html.escape(legend(CHECKED, tr('; '), tr)),
            fails=STUCK_FAILS, idle=STUCK_IDLE // 60))

    @web.authenticated
    def post(self):
        self.book.start()
        self.redirect(self.request.path)


class AssetHandler(Admin):
    """The page's script and style (files beside this one)."""

    TYPES = {'gradebook.js': 'text/javascript; charset=utf-8', 'gradebook.css': 'text/css; charset=utf-8'}

    @web.authenticated
    def get(self, name):
        self.set_header('Content-Type', self.TYPES[name])
        self.write((HERE / name).read_bytes())


class CsvHandler(Admin):
    @web.authenticated
    def get(self, name):
        board = self.live.board
        text = (board.grades_csv(self.book.rows()) if name == 'grades.csv' else
                lms_csv(self.book.rows(), board.students, board.exercises) if name == 'grades-lms.csv'
                else board.attempts_csv())
        self.set_header('Content-Type', 'text/csv; charset=utf-8')
        self.set_header('Content-Disposition', f'attachment; filename="{name}"')
        self.write(text.encode('utf-8'))


class EventsHandler(Admin):
    """Server-sent events: the board's state now, then at every change (or every 15 s)."""

    @web.authenticated
    async def get(self):
        self.set_header('Content-Type', 'text/event-stream; charset=utf-8')
        self.set_header('X-Accel-Buffering', 'no')
        try:
            while True:
                state = self.live.state(self.book)
                self.write(f'event: state\ndata: {json.dumps(state, ensure_ascii=False)}\n\n')
                await self.flush()
                await self.live.changed(timeout=15)
        except StreamClosedError:
            pass


class VerdictHandler(web.RequestHandler):
    """POST api/verdicts: a student's check, with her own hub token (no cookie is looked at)."""

    def initialize(self, live):
        self.live = live

    def check_xsrf_cookie(self):
        """No cookie authenticates this request, only the token header: nothing to forge."""

    async def post(self):
        try:
            client = poster(self.request, FROM_PODS)
            if client is None:
                raise Refused(403, "checks are posted from the students' kernels only")
            owner = await self.live.owners.identify(token_of(self.request), client)
            self.live.receive(owner, self.request.body)
        except Refused as e:
            self.set_status(e.code)
            self.finish({'error': str(e)})
            return
        self.set_status(201)
        self.finish({'ok': True})


class Live:
    """The board, who is listening to it, and who a token belongs to (asked of the hub)."""

    def __init__(self, board, hub_auth):
        self.board, self.owners = board, Owners(hub_auth)
        self.waiters = Waiters()

    def receive(self, owner, body):
        row = self.board.receive(owner, body)
        self.waiters.wake(row)
        return row

    async def changed(self, timeout):
        await self.waiters.wait(timeout)

    def state(self, book) -> dict:
        """The board's state, with each student's official count from the grader's last run."""
        state = self.board.state()
        official = {}
        for r in book.rows():
            passed, total = official.get(r['student'], (0, 0))
            official[r['student']] = (passed + (r['status'] == 'pass'), total + 1)
        state['official'] = official
        grades = {}                     # the grader's mark of each (student, exercise), beside hers
        for r in book.rows():
            grades.setdefault(r['student'], {})[r['exercise']] = r['status']
        state['grades'] = grades
        return state


def main():
    set_language(LANGUAGE)          # the grade table's words (pokerlib.grading)
    book = Gradebook(os.environ['GRADEBOOK_WORKSPACES'], os.environ['GRADEBOOK_EDITION'],
                     os.environ['GRADEBOOK_STUDENTS'].split(),
                     os.environ['GRADEBOOK_OUT'], os.environ['GRADEBOOK_ROOT'])
    exercises = course_exercises(Path(os.environ['GRADEBOOK_ROOT'], 'notebooks').glob('[0-9][0-9]-*.ipynb'),
                                 set(exercise_names()))
    book.exercises = set(exercises)
    board = Board(book.students, exercises, log_path=book.out / 'attempts.jsonl', tr=tr)
    live = Live(board, HubOAuth.instance())
    prefix = os.environ['JUPYTERHUB_SERVICE_PREFIX']
    shared = {'book': book, 'live': live}
    app = web.Application([
        (prefix, PageHandler, shared),
        (url_path_join(prefix, r'(grades\.csv|grades-lms\.csv|attempts\.csv)'), CsvHandler, shared),
        (url_path_join(prefix, r'(gradebook.js|gradebook.css)'), AssetHandler, shared),
        (url_path_join(prefix, FONT.name), FontHandler),
        (url_path_join(prefix, 'events'), EventsHandler, shared),
        (url_path_join(prefix, 'api/verdicts'), VerdictHandler, {'live': live}),
        (url_path_join(prefix, 'oauth_callback'), HubOAuthCallbackHandler),
    ], cookie_secret=os.urandom(32), xsrf_cookies=True, log_function=log_errors,
       xsrf_cookie_kwargs={'path': prefix})    # not the hub's own _xsrf cookie
    url = urlparse(os.environ['JUPYTERHUB_SERVICE_URL'])
    # On Zero to JupyterHub its address's name is the hub's Service, not the pod's own:
    # SERVICE_LISTEN_IP (0.0.0.0 there, deploy/kubernetes/values.yaml) says where to listen.
    bounds.listen(app, url.port, os.environ.get('SERVICE_LISTEN_IP') or url.hostname, 64 * 1024,
                  max_connections=len(book.students) * 8 + 256)   # her doors' few, the proxy's
    logging.getLogger('tornado.application').addFilter(OnceOnly())   # as in the hub
    bounds.Repeats().install()
    loop = ioloop.IOLoop.current()
    for sig in (signal.SIGINT, signal.SIGTERM):      # the hub's stop, even where SIGINT was ignored
        signal.signal(sig, lambda *_: stop(book))
    hub = os.getppid()                                # and if the hub is gone without a word, go too
    ioloop.PeriodicCallback(lambda: os.getppid() == hub or stop(book), 5000).start()
    loop.start()


def stop(book):
    """Stop at once: a grading run under way is stopped with it (the board's log is written
    a line at a time, the grader's table only when whole, so nothing is left half-written)."""
    if book.process is not None and book.process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            book.process.kill()
    os._exit(0)


if __name__ == '__main__':
    main()
