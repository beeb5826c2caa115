"""The follow view's half in a single-user server of the class server (a Jupyter server extension).

The class server (classroom/jupyterhub_config.py) loads it into every
single-user server, with the follow service's address in ``POKERLIB_FOLLOW``
(``http://...`` or ``http+unix://...``: pokerlib.serving.hubpost speaks both):

- **In the teacher's server** (``POKERLIB_FOLLOW_FEED=1``, set for her alone)
  it listens to her kernels' IOPub channel, as the server itself does to see
  a kernel's activity: each cell she runs (``execute_input``: its code and
  number) and what it shows (text, tables, figures, errors), with the notebook
  the kernel belongs to. It posts them, in order, to the service's
  ``api/feed`` with her server's hub token. A cell she never runs is never
  read, so a folded solution leaves her server only if she runs it.
- **In a student's server** it adds one page, ``pokerlib-follow/copy?cell=ID``:
  the follow page links there (a top-level link to her own server, whatever
  its origin). It fetches that cell from the service with her token, shows it
  and, when she presses "Add to my notebook" (a form of her own server, with
  its xsrf token), puts it into her copy of the same lesson, before the
  lesson's closing links (``insert_at``), never changing a cell of hers, then
  opens the notebook at that cell (JupyterLab's ``#cell-id=`` fragment). A
  cell copied once is not copied again: she is taken to it.

Nothing here imports beyond the standard library, jupyter_server and
jupyterlab_server (her layout), and
nothing runs outside the class server (the extension is loaded by the hub's
arguments only).
"""

import asyncio
import html
import json
import logging
import os
import re
import time
from dataclasses import asdict, dataclass

from pokerlib.serving.hubpost import join, request
from pokerlib.i18n import N_, translator

__all__ = ['Event', 'output', 'insert_at', 'in_front', 'COPIED']

MIMES = ('image/png', 'image/jpeg', 'text/html', 'text/plain')
"""The outputs the follow view shows, best first (a figure as an image; SVG and scripts never)."""
MAX_OUTPUT = 2 * 2 ** 20
"""Characters one output may have before it is cut (a figure's base64, a long table)."""
COPIED = 'pokerlib_follow'
"""A copied cell's metadata key: the follow view's id of the teacher's cell."""
LESSON = re.compile(r'[0-9]{2}-[\w.-]+\.ipynb')
"""A lesson's notebook: a copy goes only into a notebook of this name, in her workspace's top folder."""
NAVIGATION = '<!--NAVIGATION-->'
"""How a lesson's navigation cell starts (tools/nav.py writes it at the top and the bottom)."""


def insert_at(cells) -> int:
    """Where a copied cell goes in a notebook's cells: before its closing navigation cell
    (the links to the next lesson stay last), else at the end.

    >>> nav = {'cell_type': 'markdown', 'source': NAVIGATION + '\\n[< 04](04.ipynb)'}
    >>> code = {'cell_type': 'code', 'source': 'deal()'}
    >>> insert_at([nav, code, nav]), insert_at([nav, code]), insert_at([])
    (2, 2, 0)
    """
    if len(cells) > 1 and cells[-1].get('cell_type') == 'markdown' and \
            ''.join(cells[-1].get('source', '')).lstrip().startswith(NAVIGATION):
        return len(cells) - 1
    return len(cells)


def tab_areas(area) -> list:
    """The tab areas of JupyterLab's main area, as a saved layout has it (split areas nest)."""
    if not isinstance(area, dict):
        return []
    if area.get('type') == 'tab-area':
        return [area] if isinstance(area.get('widgets'), list) else []
    return [found for child in area.get('children', []) for found in tab_areas(child)]


def in_front(workspace: dict, name: str) -> dict:
    """Her JupyterLab's saved layout (a workspace) with the notebook name in front of the main
    area, added to it if it was not open: JupyterLab, as it starts, scrolls the notebook in
    front to the ``#cell-id=`` fragment of its address.

    >>> layout = in_front({'data': {}, 'metadata': {'id': 'default'}}, '05-Shuffling.ipynb')
    >>> layout['data']['layout-restorer:data']['main']['current']
    'notebook:05-Shuffling.ipynb'
    >>> main = in_front(layout, '03-Refactoring.ipynb')['data']['layout-restorer:data']['main']
    >>> main['dock']['widgets'], main['dock']['currentIndex'], main['current']
    (['notebook:05-Shuffling.ipynb', 'notebook:03-Refactoring.ipynb'], 1, 'notebook:03-Refactoring.ipynb')
    """
    widget = f'notebook:{name}'
    data = workspace.setdefault('data', {})
    data.setdefault(widget, {'data': {'path': name, 'factory': 'Notebook'}})
    main = data.setdefault('layout-restorer:data', {}).setdefault('main', {})
    areas = tab_areas(main.get('dock'))
    if not areas:
        main['dock'] = {'type': 'tab-area', 'currentIndex': 0, 'widgets': []}
        areas = [main['dock']]
    area = next((a for a in areas if widget in a['widgets']), areas[0])
    if widget not in area['widgets']:
        area['widgets'].append(widget)
    area['currentIndex'] = area['widgets'].index(widget)
    main['current'] = widget
    return workspace


def output(msg_type: str, content: dict):
    """An IOPub message's content as the follow view's output, or None.

    >>> output('stream', {'name': 'stdout', 'text': 'hi\\n'})
    {'type': 'stream', 'text': 'hi\\n'}
    >>> output('execute_result', {'data': {'text/plain': '3', 'text/html': '<b>3</b>'}})
    {'type': 'text/html', 'data': '<b>3</b>', 'text': '3'}
    >>> output('display_data', {'data': {'application/javascript': 'alert(1)'}}) is None
    True
    """
    if msg_type == 'stream':
        return {'type': 'stream', 'text': str(content.get('text', ''))[:MAX_OUTPUT]}
    if msg_type == 'error':
        return {'type': 'error', 'text': '\n'.join(map(str, content.get('traceback', [])))[:MAX_OUTPUT]}
    if msg_type in ('execute_result', 'display_data'):
        data = content.get('data', {})
        for mime in MIMES:
            if isinstance(data.get(mime), str) and len(data[mime]) <= MAX_OUTPUT:
                found = {'type': mime, 'data': data[mime]}
                if mime != 'text/plain':
                    found['text'] = str(data.get('text/plain', ''))[:2000]
                return found
    return None


@dataclass(frozen=True)
class Event:
    """One event of the teacher's feed, as ``Feed`` posts it and the follow service takes it
    (classroom/follow.py, ``Lesson.feed``): a cell she ran (its code and count), an output of
    it (``output``'s), its outputs cleared, or it done; ``at`` is the kernel's time of it.

    >>> Event.from_wire(Event('cell', 'm1', '01-x.ipynb', 5.0, 'x = 1', 3).to_wire())
    Event(kind='cell', id='m1', notebook='01-x.ipynb', at=5.0, code='x = 1', count=3, output=None)
    >>> Event.from_wire({'kind': 'cell', 'id': 'm1', 'count': True, 'at': 'now'}).count
    """
    kind: str
    id: str
    notebook: str = ''
    at: float = None
    code: str = ''
    count: int = None
    output: dict = None

    KINDS = ('cell', 'output', 'clear', 'done')

    def to_wire(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_wire(cls, event) -> 'Event':
        """The event in a message, cut to its sizes; ValueError if it is none (no id, or a
        kind of none of KINDS); a field of the wrong type reads as not given."""
        if not isinstance(event, dict) or not isinstance(event.get('id'), str) \
                or event.get('kind') not in cls.KINDS:
            raise ValueError('not an event of the feed')
        at, count, found = event.get('at'), event.get('count'), event.get('output')
        return cls(event['kind'], event['id'][:100], str(event.get('notebook', ''))[:300],
                   float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) else None,
                   str(event.get('code', ''))[:100000],
                   count if isinstance(count, int) and not isinstance(count, bool) else None,
                   found if isinstance(found, dict) else None)


class Feed:
    """The teacher's kernels' IOPub messages, posted to the follow service in order."""

    def __init__(self, serverapp, url, token):
        self.app, self.url, self.token = serverapp, join(url, 'api/feed'), token
        self.queue = asyncio.Queue()
        self.paths = {}                 # kernel id -> notebook path
        self.cells = set()              # msg ids of the execute requests seen (their outputs go too)
        self.log = serverapp.log

    def start(self):
        manager = self.app.kernel_manager
        watch = manager.start_watching_activity

        def start_watching_activity(kernel_id):     # every kernel started (and restarted)
            watch(kernel_id)
            self.attach(kernel_id)
        manager.start_watching_activity = start_watching_activity
        for kernel_id in manager.list_kernel_ids():
            self.attach(kernel_id)
        asyncio.get_event_loop().create_task(self.send_forever())

    def attach(self, kernel_id):
        kernel = self.app.kernel_manager.get_kernel(kernel_id)
        stream = kernel.connect_iopub()
        session = kernel.session

        def received(parts):
            try:
                _, parts = session.feed_identities(parts)
                msg = session.deserialize(parts)
                self.take(kernel_id, msg)
            except Exception as e:          # one bad message never stops the feed
                self.log.warning('follow: a message not read: %s', e)
        stream.on_recv(received)

    def take(self, kernel_id, msg):
        kind, content = msg['header']['msg_type'], msg['content']
        parent = msg.get('parent_header', {}).get('msg_id')
        if not parent:
            return
        date = msg['header'].get('date')       # when the kernel said it (the latency's start)
        at = date.timestamp() if hasattr(date, 'timestamp') else time.time()
        if kind == 'execute_input':
            self.cells.add(parent)
            self.queue.put_nowait((kernel_id, Event('cell', parent, at=at, code=str(content.get(
                'code', '')), count=content.get('execution_count'))))
        elif parent in self.cells:
            if kind == 'clear_output':
                self.queue.put_nowait((kernel_id, Event('clear', parent, at=at)))
            elif kind == 'status' and content.get('execution_state') == 'idle':
                self.queue.put_nowait((kernel_id, Event('done', parent, at=at)))
                self.cells.discard(parent)
            else:
                found = output(kind, content)
                if found is not None:
                    self.queue.put_nowait((kernel_id, Event('output', parent, at=at, output=found)))

    async def notebook(self, kernel_id):
        if kernel_id not in self.paths:
            for session in await self.app.session_manager.list_sessions():
                self.paths[session['kernel']['id']] = session['path']
        return self.paths.get(kernel_id, '')

    async def send_forever(self):
        while True:
            batch = [await self.queue.get()]
            while not self.queue.empty():
                batch.append(self.queue.get_nowait())
            events = [dict(event.to_wire(), notebook=await self.notebook(kernel_id))
                      for kernel_id, event in batch]
            body = json.dumps({'events': events}).encode('utf-8')
            try:
                status, answer = await asyncio.to_thread(request, 'POST', self.url, body,
                                                         token=self.token, timeout=10)
                if status >= 300:
                    self.log.warning('follow: the service answered %s: %s', status, answer[:200])
            except OSError as e:
                self.log.warning('follow: the service cannot be reached: %s', e)


PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="stylesheet" href="{custom}">
<style>body {{ font-family: var(--jp-ui-font-family, system-ui, sans-serif); max-width: 48rem;
margin: 1rem auto; padding: 0 1rem; }} pre {{ background: #f4f4f4; padding: .5rem;
overflow-x: auto; font-family: var(--jp-code-font-family, ui-monospace, monospace); }} button {{ font: inherit; font-size: 1rem; padding: .4rem 1rem; }}</style></head>
<body><h1>{title}</h1>{body}</body></html>"""


def load(serverapp):
    """Add the feed (the teacher's server) and the copy page (every server)."""
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.utils import url_path_join
    from tornado import web

    url, token = os.environ.get('POKERLIB_FOLLOW'), os.environ.get('JUPYTERHUB_API_TOKEN')
    if not (url and token):
        return
    if os.environ.get('POKERLIB_FOLLOW_FEED') == '1':
        Feed(serverapp, url, token).start()
    zh = os.environ.get('LANGUAGE', '').startswith('zh')
    words = translator('zh_CN' if zh else 'en')

    class CopyHandler(JupyterHandler):
        """GET: the cell and a button; POST: put it into her copy of the lesson (insert_at)."""

        async def cell(self):
            cell_id = self.get_argument('cell')
            if not re.fullmatch(r'[\w-]{1,100}', cell_id):
                raise web.HTTPError(400)
            status, body = await asyncio.to_thread(
                request, 'GET', join(url, f'api/cells/{cell_id}'), token=token, timeout=10)
            if status != 200:
                raise web.HTTPError(404 if status == 404 else 502)
            cell = json.loads(body)
            name = os.path.basename(cell.get('notebook', ''))
            return cell_id, cell, name if LESSON.fullmatch(name) else ''

        def page(self, title, body):
            self.set_header('Content-Security-Policy', "default-src 'none'; style-src 'self' 'unsafe-inline'; "
                            "font-src 'self'; form-action 'self'; frame-ancestors 'none'")
            # The course's custom.css (its Chinese font), which her server serves to JupyterLab.
            custom = html.escape(url_path_join(self.base_url, 'custom', 'custom.css'))
            self.finish(PAGE.format(lang='zh-CN' if zh else 'en', title=html.escape(title), body=body,
                                    custom=custom))

        @web.authenticated
        async def get(self):
            cell_id, cell, name = await self.cell()
            if not name or not await self.contents_manager.file_exists(name):
                return self.page(words(INTO),
                                 '<p>' + html.escape(words(NO_LESSON))
                                 + f' ({html.escape(cell.get("notebook", ""))})</p>')
            lead = html.escape(words(LEAD)).format(name=f'<b>{html.escape(name)}</b>')
            self.page(words(INTO),
                      f'<p>{lead}</p><pre>{html.escape(cell.get("code", ""))}</pre>'
                      f'<form method="post">{self.xsrf_form_html()}'
                      f'<input type="hidden" name="cell" value="{html.escape(cell_id)}">'
                      f'<button type="submit">{html.escape(words(ADD))}</button></form>')

        @web.authenticated
        async def post(self):
            cell_id, cell, name = await self.cell()
            if not name or not await self.contents_manager.file_exists(name):
                raise web.HTTPError(404)
            model = await self.contents_manager.get(name, content=True, type='notebook')
            nb = model['content']
            copy = next((c for c in nb.cells if c.get('metadata', {}).get(COPIED) == cell_id), None)
            if copy is None:
                from nbformat.v4 import new_code_cell
                copy = new_code_cell(cell.get('code', ''), metadata={COPIED: cell_id})
                nb.cells.insert(insert_at(nb.cells), copy)
                await self.contents_manager.save({'type': 'notebook', 'format': 'json',
                                                  'content': nb}, name)
            # JupyterLab opens the notebook scrolled to the cell with this id (nbformat 4.5's),
            # when the notebook is in front in her layout as it starts: it is put there.
            place = f'#cell-id={copy["id"]}' if copy.get('id') else ''
            if place:
                await asyncio.to_thread(put_in_front, name)
            self.redirect(url_path_join(self.base_url, 'lab', 'tree', name) + place)

    serverapp.web_app.add_handlers('.*$', [
        (url_path_join(serverapp.base_url, 'pokerlib-follow', 'copy'), CopyHandler)])


def put_in_front(name):
    """Put the notebook name in front in her JupyterLab's default layout (in_front), in her
    workspaces folder (JUPYTERLAB_WORKSPACES_DIR: the class server sets it); an unreadable
    layout is left as it is."""
    folder = os.environ.get('JUPYTERLAB_WORKSPACES_DIR')
    if not folder:
        return
    from jupyterlab_server.workspaces_handler import WorkspacesManager
    manager = WorkspacesManager(folder)
    try:
        layout = manager.load('default')
        layout.setdefault('metadata', {})['id'] = 'default'
        manager.save('default', json.dumps(in_front(layout, name)))
    except (OSError, ValueError, TypeError, AttributeError) as e:
        logging.getLogger('pokerlib.serving.follow').warning('follow: her layout was left as it is: %s', e)


INTO = N_('Copy into my notebook')
"""The copy page's title (the follow page's link says the same, in the class server's catalog)."""
ADD = N_('Add to my notebook')
"""The copy page's button: not "Copy", which the follow page's clipboard button says."""
LEAD = N_("The teacher's cell, to add to {name}, before the links at its end:")
NO_LESSON = N_('Your workspace has no copy of this lesson.')


def _jupyter_server_extension_points():
    return [{'module': 'pokerlib.serving.follow'}]


def _load_jupyter_server_extension(serverapp):
    load(serverapp)
