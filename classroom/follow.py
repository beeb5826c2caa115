"""Follow along live: the teacher's notebook on every student's screen (a hub service, /services/follow/).

The feed: the teacher's own single-user server (pokerlib/serving/follow.py, a Jupyter
server extension) listens to her kernels' messages and posts each cell she
runs, and its outputs, to ``api/feed`` with her server's hub token. This
service keeps the lesson so far and sends it to every follower's page
(server-sent events from ``events``): a late joiner gets it all, a page that
reconnects gets what it missed.

Who may do what, and where it is checked (here, every time):

- ``api/feed``: a token that holds the scope ``custom:follow-feed`` (FEED_SCOPE),
  which the hub gives to the token of the teacher's own server alone
  (jupyterhub_config.py): the token itself must hold it, not merely its owner,
  so a token the teacher's login left in a student's server (when she opens
  it from the admin page: that server's OAuth token, which holds no more than
  access to it) never feeds; a student's post is refused (403).
- the page and ``events``: everyone on the class list, and the teacher, logged
  in to the hub (its OAuth, as the gradebook); the page shows nothing a
  student sent, only the teacher's cells.
- ``control`` (pause, which notebook is followed): the teacher, from the page,
  with its xsrf token; a student's post is refused (403).
- ``api/cells/ID``: one cell as JSON, for a student's own server's "copy into
  my notebook" (her server's token).

Outputs are made safe here, before anything is kept or sent: HTML (pandas
tables) through nh3, the maintained sanitiser (Ammonia's rules), text as text,
figures only as PNG or JPEG images (checked to be one). The page adds a
Content-Security-Policy that runs its own script only.

Started by the hub (jupyterhub_config.py) with FOLLOW_TEACHER (her name),
FOLLOW_STUDENTS (the class list), FOLLOW_LANGUAGE and FOLLOW_OUT (where the
lesson so far is kept, so that a restart loses nothing).
"""

import base64
import binascii
import html
import json
import logging
import os
import re
import signal
import time
from pathlib import Path
from urllib.parse import urlparse

import nh3
from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import ioloop, web
from tornado.iostream import StreamClosedError

from pokerlib.serving.fonts import FONT
from pokerlib.serving.follow import Event   # what an event of the feed is: one home
from pokerlib.i18n import N_

from classroom import bounds, chinese  # its bounds (bodies, connections, errors); the page's language
from classroom.hub import OnceOnly
from classroom.service import FontHandler, Owners, Refused, Secure, Waiters, log_errors, text, token_of   # what the services share

HERE = Path(__file__).resolve().parent
MAX_BODY = 8 * 2 ** 20
"""Bytes one post of the feed may have (a few figures): taken only once its token is checked."""
SMALL_BODY = 64 * 1024
"""Bytes any other request may send (the teacher's controls), and a feed's before its token is checked."""
STREAMS_EACH = 4
"""Event streams one person holds at once (a page, a reload, a second device); a new one closes her
oldest."""
FEED_SCOPE = 'custom:follow-feed'
"""The hub scope a token must hold to feed the view (the teacher's server's alone)."""
MAX_CELLS = 2000
"""Cells kept (the oldest go first): a lesson runs a few hundred."""
ANSI = re.compile(r'\x1b\[[0-9;]*[A-Za-z]')
IMAGES = {'image/png': b'\x89PNG\r\n\x1a\n', 'image/jpeg': b'\xff\xd8\xff'}
HTML_TAGS = {'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
             'div', 'span', 'p', 'br', 'b', 'i', 'em', 'strong', 'code', 'pre', 'sub', 'sup',
             'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'small'}
"""What an HTML output may keep (pandas' tables and plain text markup): no image, link, form or style."""
HTML_ATTRIBUTES = {'*': {'class'}, 'td': {'colspan', 'rowspan'}, 'th': {'colspan', 'rowspan'}}


def safe_html(text: str) -> str:
    """An HTML output as the follow page may show it (nh3: no script, no handler, no link).

    >>> safe_html('<table class="dataframe"><tr><td onclick="x()">1</td></tr></table><script>alert(1)</script>')
    '<table class="dataframe"><tbody><tr><td>1</td></tr></tbody></table>'
    """
    return nh3.clean(text, tags=HTML_TAGS, attributes=HTML_ATTRIBUTES, url_schemes=set(),
                     link_rel=None)


def safe_output(out) -> dict:
    """A posted output as the page shows it, or None: text, sanitised HTML, or a checked image.

    >>> safe_output({'type': 'stream', 'text': '\\x1b[31mred\\x1b[0m'})
    {'type': 'text', 'text': 'red'}
    >>> safe_output({'type': 'image/png', 'data': base64.b64encode(b'<svg onload=x>').decode()}) is None
    True
    """
    if not isinstance(out, dict):
        return None
    kind, text = out.get('type'), out.get('text', '')
    if kind in ('stream', 'text/plain', 'error'):
        value = out.get('data', text) if kind == 'text/plain' else text
        return {'type': 'error' if kind == 'error' else 'text', 'text': ANSI.sub('', str(value))}
    if kind == 'text/html':
        return {'type': 'html', 'html': safe_html(str(out.get('data', '')))}
    if kind in IMAGES:
        try:
            raw = base64.b64decode(str(out.get('data', '')).replace('\n', ''), validate=True)
        except (binascii.Error, ValueError):
            return None
        if not raw.startswith(IMAGES[kind]):
            return None
        return {'type': 'image', 'src': f'data:{kind};base64,' + base64.b64encode(raw).decode(),
                'alt': ANSI.sub('', str(text))[:300]}
    return None


class Lesson:
    """The cells the teacher ran, in order, and what the followers are told (plain Python)."""

    def __init__(self, path=None, clock=time.time):
        self.cells = {}                 # id -> cell (dict), in the order first run
        self.version = 0                # goes up with every change
        self.current = None             # the id of the cell she ran last
        self.paused, self.following = False, ''     # '' follows every notebook she runs
        self.path, self.clock = Path(path) if path else None, clock
        self.waiters = Waiters()
        if self.path and self.path.exists():
            try:
                saved = json.loads(self.path.read_text(encoding='utf-8'))
                self.cells = {c['id']: c for c in saved['cells']}
                self.version, self.current = saved['version'], saved['current']
                self.paused, self.following = saved['paused'], saved['following']
            except (ValueError, KeyError, TypeError):
                pass

    def shown(self, notebook) -> bool:
        return not self.paused and (not self.following or notebook == self.following)

    def feed(self, events) -> int:
        """Take the teacher's events (``pokerlib.serving.follow.Event``); the number of cells changed."""
        changed = set()
        for raw in events if isinstance(events, list) else []:
            try:
                event = Event.from_wire(raw)
            except ValueError:
                continue
            cell_id = event.id
            if event.kind == 'cell':
                if not self.shown(event.notebook):        # paused, or another notebook: never kept
                    continue
                self.cells[cell_id] = {'id': cell_id, 'notebook': event.notebook, 'code': event.code,
                                       'count': event.count, 'outputs': [], 'running': True,
                                       'time': self.clock()}
                self.current = cell_id
            elif cell_id not in self.cells:
                continue
            elif event.kind == 'output':
                found = safe_output(event.output)
                if found is None:
                    continue
                self.cells[cell_id]['outputs'].append(found)
            elif event.kind == 'clear':
                self.cells[cell_id]['outputs'] = []
            else:
                self.cells[cell_id]['running'] = False
            if event.at is not None:       # the kernel's time of the message (the benchmark's start)
                self.cells[cell_id]['at'] = event.at
            changed.add(cell_id)
        while len(self.cells) > MAX_CELLS:
            self.cells.pop(next(iter(self.cells)))
        for cell_id in changed:
            self.touch(self.cells[cell_id])
        if changed:
            self.changed()
        return len(changed)

    def touch(self, cell):
        self.version += 1
        cell['version'] = self.version
        cell.pop('json', None)

    def control(self, paused=None, following=None):
        if paused is not None:
            self.paused = bool(paused)
        if following is not None:
            self.following = following
        self.version += 1
        self.changed()

    def since(self, version) -> list:
        """The cells changed after version, oldest change first."""
        return sorted((c for c in self.cells.values() if c['version'] > version),
                      key=lambda c: c['version'])

    def settings(self) -> dict:
        return {'paused': self.paused, 'following': self.following, 'current': self.current,
                'version': self.version}

    def changed(self):
        self.waiters.wake()
        if self.path:
            partial = self.path.with_suffix('.partial')
            partial.write_text(json.dumps({'cells': [{k: v for k, v in c.items() if k != 'json'}
                                                     for c in self.cells.values()],
                                           **self.settings()}), encoding='utf-8')
            partial.replace(self.path)

    async def wait(self, timeout):
        await self.waiters.wait(timeout)


TEXT = {'title': N_('Follow the teacher'), 'waiting': N_('Nothing yet: the cells the teacher runs appear here.'),
        'copy': N_('Copy'), 'copied': N_('Copied'), 'into': N_('Copy into my notebook'),
        'paused': N_('The teacher has paused the view.'), 'live': N_('Live: updated {time}.'),
        'lost': N_('Live updates lost: reconnecting… (reload the page if this stays)'),
        'following': N_('Following {notebook}'), 'all': N_('every notebook the teacher runs'),
        'running': N_('running…'), 'other': N_('other')}
"""The words the page's script puts on the page, in the class's language."""

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Follow the teacher</title>
<meta name="xsrf" content="{xsrf_token}">
<link rel="stylesheet" href="follow.css">
<script src="follow.js" defer></script>
</head><body>
<header><h1>Follow the teacher</h1>
<p id="connection" class="note" role="status">Connecting…</p>
{controls}</header>
<noscript><p>The follow view needs JavaScript.</p></noscript>
<main id="lesson" data-user="{user}" data-server="{server}" aria-live="polite"></main>
<script type="application/json" id="words">{words}</script>
</body></html>"""

CONTROLS = ('<form method="post" action="control" class="controls">{xsrf}'
            '<label>{label} <input name="following" value="{following}" placeholder="{every}"></label>'
            '<button type="submit">{follow}</button>'
            '<button type="submit" name="paused" value="{pause_value}">{pause_word}</button></form>')
"""The teacher's controls, on her follow page only: which notebook it follows, pause."""

CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; "
       "connect-src 'self'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
"""The page runs its own script only; images come only as data: URLs the service checked."""

LANGUAGE = os.environ.get('FOLLOW_LANGUAGE', 'en')
tr = chinese.translated(LANGUAGE)
SHOWN = chinese.page_for(PAGE, LANGUAGE)


class Page(Secure, HubOAuthenticated, web.RequestHandler):
    """A page of the class's: the hub's login; the class list and the teacher only."""

    csp = CSP

    def initialize(self, lesson, people):
        self.lesson, self.people = lesson, people

    def member(self):
        user = self.current_user
        if not user or user.get('name') not in self.people['everyone']:
            raise web.HTTPError(403)
        return user['name']


class PageHandler(Page):
    @web.authenticated
    def get(self):
        name = self.member()
        controls = ''
        if name == self.people['teacher']:
            controls = CONTROLS.format(
                xsrf=self.xsrf_form_html(), following=html.escape(self.lesson.following),
                label=html.escape(tr(N_('Notebook to follow:'))), every=html.escape(tr(N_('every notebook'))),
                follow=html.escape(tr(N_('Follow this notebook'))),
                pause_value='0' if self.lesson.paused else '1',
                pause_word=html.escape(tr(N_('Resume')) if self.lesson.paused else tr(N_('Pause'))))
        words = json.dumps({k: tr(v) for k, v in TEXT.items()}, ensure_ascii=False).replace('<', '\\u003c')
        self.write(SHOWN.format(xsrf_token=html.escape(text(self.xsrf_token)), controls=controls,
                                user=html.escape(name), words=words,
                                server=html.escape(self.server(name))))

    def server(self, name) -> str:
        """Her own server's address for "copy into my notebook" (the teacher: none). The hub's
        model says it where it has one (a server on a subdomain of its own); else under the hub."""
        if name == self.people['teacher']:
            return ''
        found = (self.current_user or {}).get('server')
        if isinstance(found, str) and found.endswith('/'):
            return found
        return self.hub_auth.hub_prefix[:-len('hub/')] + f'user/{name}/'


class ControlHandler(Page):
    @web.authenticated
    def post(self):
        if self.member() != self.people['teacher']:
            raise web.HTTPError(403)
        paused = self.get_body_argument('paused', None)
        following = self.get_body_argument('following', None)
        self.lesson.control(paused=None if paused is None else paused == '1',
                            following=None if following is None else following.strip()[:300])
        self.redirect('./')


class AssetHandler(Page):
    TYPES = {'follow.js': 'text/javascript; charset=utf-8', 'follow.css': 'text/css; charset=utf-8'}

    @web.authenticated
    def get(self, name):
        self.member()
        self.set_header('Content-Type', self.TYPES[name])
        self.write((HERE / name).read_bytes())


class EventsHandler(Page):
    """Server-sent events: the lesson so far (or what a reconnecting page missed), then each change."""

    streams = {}
    """name -> her open streams (handlers), oldest first."""

    @web.authenticated
    async def get(self):
        name = self.member()
        mine = self.streams.setdefault(name, [])
        while len(mine) >= STREAMS_EACH:          # her oldest page goes; her newest is live
            mine.pop(0).request.connection.close()
        mine.append(self)
        try:
            await self.stream()
        finally:
            if self in mine:
                mine.remove(self)
            if not mine and self.streams.get(name) is mine:
                del self.streams[name]

    async def stream(self):
        self.set_header('Content-Type', 'text/event-stream; charset=utf-8')
        self.set_header('X-Accel-Buffering', 'no')
        try:
            seen = int(self.request.headers.get('Last-Event-ID', '0'))
        except ValueError:
            seen = 0
        lesson, settings = self.lesson, None
        try:
            while True:
                # the settings first: the page marks the cell she is on as it draws it, never
                # showing a new cell with the mark still on the one before
                now = lesson.settings()
                if now != settings:
                    self.write(f'event: settings\ndata: {json.dumps({**now, "now": time.time()})}\n\n')
                    settings = now
                for cell in lesson.since(seen):
                    if 'json' not in cell:
                        cell['json'] = json.dumps({k: v for k, v in cell.items() if k != 'json'},
                                                  ensure_ascii=False)
                    self.write(f'id: {cell["version"]}\nevent: cell\ndata: {cell["json"]}\n\n')
                seen = lesson.version
                await self.flush()
                await lesson.wait(timeout=15)
        except StreamClosedError:
            pass


class TokenHandler(web.RequestHandler):
    """The requests of a server (the teacher's feed, a student's copy): a hub token, no cookie."""

    def initialize(self, lesson, people, tokens):
        self.lesson, self.people, self.tokens = lesson, people, tokens

    def check_xsrf_cookie(self):
        """No cookie authenticates these requests, only the token header: nothing to forge."""

    async def owner(self, scope=None):
        """The token's owner (her name), or None; with ``scope``: None unless the token holds it."""
        try:
            if scope:
                return await self.tokens.may(token_of(self.request), scope)
            return await self.tokens.identify(token_of(self.request))
        except Refused as e:
            raise web.HTTPError(e.code, str(e)) from None


@web.stream_request_body
class FeedHandler(TokenHandler):
    """The teacher's server's posts: the token is checked as soon as the headers are in, and only
    then may the body be longer than SMALL_BODY (MAX_BODY); anyone else's is never read."""

    chunks = None

    async def prepare(self):
        if await self.owner(FEED_SCOPE) != self.people['teacher']:
            raise web.HTTPError(403, "only the teacher's own server feeds the follow view")
        self.request.connection.set_max_body_size(MAX_BODY)
        self.chunks = []

    def data_received(self, chunk):
        if self.chunks is not None:
            self.chunks.append(chunk)

    async def post(self):
        try:
            events = json.loads(b''.join(self.chunks))['events']
        except (ValueError, KeyError, TypeError):
            raise web.HTTPError(400) from None
        self.finish({'changed': self.lesson.feed(events)})


class CellHandler(TokenHandler):
    async def get(self, cell_id):
        if await self.owner() not in self.people['everyone']:
            raise web.HTTPError(403)
        cell = self.lesson.cells.get(cell_id)
        if cell is None:
            raise web.HTTPError(404)
        self.finish({'id': cell['id'], 'notebook': cell['notebook'], 'code': cell['code']})


def main():
    out = Path(os.environ['FOLLOW_OUT'])
    out.mkdir(parents=True, exist_ok=True)
    lesson = Lesson(out / 'lesson.json')
    teacher = os.environ['FOLLOW_TEACHER']
    people = {'teacher': teacher, 'everyone': {teacher, *os.environ['FOLLOW_STUDENTS'].split()}}
    shared = {'lesson': lesson, 'people': people}
    tokens = Owners(HubOAuth.instance())
    prefix = os.environ['JUPYTERHUB_SERVICE_PREFIX']
    app = web.Application([
        (prefix, PageHandler, shared),
        (url_path_join(prefix, 'control'), ControlHandler, shared),
        (url_path_join(prefix, r'(follow\.js|follow\.css)'), AssetHandler, shared),
        (url_path_join(prefix, FONT.name), FontHandler),
        (url_path_join(prefix, 'events'), EventsHandler, shared),
        (url_path_join(prefix, 'api/feed'), FeedHandler, {**shared, 'tokens': tokens}),
        (url_path_join(prefix, r'api/cells/([\w-]{1,100})'), CellHandler, {**shared, 'tokens': tokens}),
        (url_path_join(prefix, 'oauth_callback'), HubOAuthCallbackHandler),
    ], cookie_secret=os.urandom(32), xsrf_cookies=True, log_function=log_errors,
       xsrf_cookie_kwargs={'path': prefix})
    url = urlparse(os.environ['JUPYTERHUB_SERVICE_URL'])
    # On Zero to JupyterHub its address's name is the hub's Service, not the pod's own:
    # SERVICE_LISTEN_IP (0.0.0.0 there, deploy/kubernetes/values.yaml) says where to listen.
    # Its connections: each person's streams and a few requests, the proxy's, and some to spare;
    # its files sized to them.
    bounds.listen(app, url.port, os.environ.get('SERVICE_LISTEN_IP') or url.hostname, SMALL_BODY,
                  max_connections=len(people['everyone']) * (STREAMS_EACH + 4) + 256)
    logging.getLogger('tornado.application').addFilter(OnceOnly())
    bounds.Repeats().install()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: os._exit(0))
    hub = os.getppid()
    ioloop.PeriodicCallback(lambda: os.getppid() == hub or os._exit(0), 5000).start()
    ioloop.IOLoop.current().start()


if __name__ == '__main__':
    main()
