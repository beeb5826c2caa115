"""The classroom's hub: JupyterHub, saying in one line when it is ready and what it does when stopped.

`make classroom` runs ``python -m classroom.hub -f classroom/jupyterhub_config.py`` from the
course's root.
Two things differ from ``python -m jupyterhub.app``:

- the banner (where students log in, the passwords, how to stop) is printed
  once the hub and its proxy answer, not while the configuration is read;
- Ctrl-C (or SIGTERM, or the terminal closed) prints one line saying what is
  being stopped (instead of the hub's "Received signal SIGINT" log record),
  stops the services, every student's server and the relay with its proxy
  (classroom/relay.py), and ends the line with the seconds it took; Ctrl-C
  again changes nothing. A hub that ends any other way (a crash, ``kill -9``)
  stops nobody's work: the relay keeps the proxy and the servers for the next
  hub, which adopts them.

The banner's text comes from jupyterhub_config.py (``c.ClassroomHub.banner``).
"""

import asyncio
import logging
import os
import sys
import time

from jupyterhub.app import JupyterHub
from traitlets import List, Unicode

from pokerlib.i18n import N_, _

from classroom import chinese, relay, roster

tr = chinese.translated(os.environ.get('CLASSROOM_LANGUAGE', 'en'))
"""The teacher's terminal in the class's language (the classroom catalog)."""


class OnceOnly(logging.Filter):
    """Lets JupyterHub's "Skipping XSRF check for insecure request" through once, with why.

    Over plain HTTP to an address other than loopback (the classroom network),
    browsers send no Fetch Metadata (``Sec-Fetch-Mode``), so JupyterHub cannot
    tell a page view from another kind of read and warns on every page a
    student opens. It is true of the class's connection, not of one request;
    requests that change something are still checked. The first one says so;
    the rest, the same words each time, are not repeated.

    >>> f, record = OnceOnly(), lambda msg: logging.LogRecord('t', 30, 'f', 1, msg, None, None)
    >>> first = record('Skipping XSRF check for insecure request GET /hub/home')
    >>> f.filter(first), f.filter(record('Skipping XSRF check for insecure request GET /hub/')), \\
    ...     f.filter(record('Something else'))
    (True, False, True)
    >>> print(first.msg)  # doctest: +ELLIPSIS
    Skipping XSRF check for insecure request GET /hub/home (said once: ...)
    """

    PREFIX = 'Skipping XSRF check for insecure request'

    def __init__(self):
        super().__init__()
        self.seen = False

    def filter(self, record):
        if not str(record.msg).startswith(self.PREFIX):
            return True
        if self.seen:
            return False
        self.seen = True
        record.msg = str(record.msg) + ' ' + _(
            '(said once: browsers send no Sec-Fetch-Mode header to a server on plain HTTP away '
            'from this machine, so page views cannot be told from other reads; everything that '
            'changes something is still checked)')
        return True


def stopping(servers: int) -> str:
    """The line printed on Ctrl-C (without its end).

    >>> stopping(2)
    "Stopping the class: the students' servers (2 running), the gradebook and the proxy; everyone's files stay..."
    """
    return tr(N_("Stopping the class: the students' servers ({n} running), the gradebook and the "
                 "proxy; everyone's files stay...")).format(n=servers)


class ClassroomHub(JupyterHub):
    """JupyterHub with the classroom's banner and its one line on stopping."""

    banner = Unicode('', help='Printed once the hub answers (where to log in, how to stop).'
                     ).tag(config=True)
    state = Unicode('', help='The state folder, whose students\' disk images are unmounted on stopping.'
                    ).tag(config=True)
    cgroups = Unicode('', help='The class\'s folder in each cgroup controller, removed on stopping.'
                      ).tag(config=True)

    watch = List(Unicode(), help='Files whose change restarts the hub in place (the class list, the '
                 'passwords), once the new list is read without an error.').tag(config=True)
    read_at = List(help='The watched files\' times (st_mtime_ns) when the configuration read them.'
                   ).tag(config=True)
    teacher = Unicode('teacher', help='The teacher\'s name (to read the class list as the hub does).'
                      ).tag(config=True)

    async def start(self):
        await super().start()
        if self.banner:
            print(self.banner, flush=True)
        if self.watch:
            self._seen = list(self.read_at) or self._stamps()   # a change since counts
            self._watcher = asyncio.ensure_future(self._watch())

    def _stamps(self):
        return [os.stat(f).st_mtime_ns if os.path.exists(f) else None for f in self.watch]

    async def _watch(self, every=2.0):
        """A changed class list or password file: read it as the next hub would; if it reads,
        the hub restarts in place (nobody's server or kernel stops); if not, one line says why."""
        while not getattr(self, '_stopping', False):
            await asyncio.sleep(every)
            stamps = self._stamps()
            if stamps == self._seen:
                continue
            self._seen = stamps
            try:
                roster.load_roster(self.watch[0], self.watch[1], self.teacher, tr)
            except roster.RosterError as e:
                print(tr(N_('The class list changed but cannot be read: {why}; the class goes on '
                            'as it was.')).format(why=e.say(tr)), flush=True)
                continue
            print(tr(N_('The class list changed: the hub restarts; nobody\'s work stops.')),
                  flush=True)
            await self.restart_in_place()

    async def restart_in_place(self):
        """The hub started again in this very process (same terminal, same pid): its services
        stopped and started anew; the relay, the proxy and every server go on and are adopted."""
        self._stopping = True
        self.cleanup_servers = False
        await self.cleanup()
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(sys.executable, [sys.executable, '-m', 'classroom.hub', *sys.argv[1:]])

    async def shutdown_cancel_tasks(self, sig=None):
        if getattr(self, '_stopping', False):           # Ctrl-C again: it is under way already
            return
        self._stopping, started = True, time.monotonic()
        running = sum(spawner.active for user in self.users.values()
                      for spawner in user.spawners.values())
        print('\n' + stopping(running), end=' ', flush=True)
        try:
            await self.cleanup()
        finally:
            if self.state:       # the relay: the proxy, the doors, the students' disks and groups
                try:
                    await asyncio.to_thread(relay.ask, self.state, {'op': 'quit'}, 60)
                except (OSError, ConnectionError, ValueError, relay.RelayError):
                    relay.unmount_and_ungroup(self.state, self.cgroups)
            print(tr(N_('stopped in {seconds:.0f} s.')).format(seconds=time.monotonic() - started),
                  flush=True)
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            if tasks:
                await asyncio.wait(tasks, timeout=2)
            self._stop_event_loop()


def main(argv=None):
    ClassroomHub.launch_instance(argv)
    # Stopped, its database written: end now. Python's own teardown would wait seconds more
    # (a DNS library's background thread, pycares, closing its channels).
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == '__main__':
    main(sys.argv[1:])
