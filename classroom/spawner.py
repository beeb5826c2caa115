"""Each student's server in a room of her own: JupyterHub's local spawner, inside pokerlib.serving.sandbox.

A student's JupyterLab, her kernels and everything they start run in a
bubblewrap sandbox (``pokerlib.serving.sandbox``): the system, Python and the hub's
venv read-only (the course's pokerlib is the one installed there, not the
teacher's checkout), her workspace and her home folder the only places she
can write, a private ``/tmp``, a PID namespace of her own (her ``/proc``
shows her processes only, so no other process's tokens), and a network
namespace of her own: her server listens on a unix socket in her run folder,
and reaches the hub and the gradebook only through their doors
(``classroom/doors.py``). Nothing else of the machine is inside: not the
checkout with the teacher's edition, not the hub's state, passwords or
database, not another student's workspace, server or kernels.

Run as root, the hub gives each student a system account of her own
(``jupyter-NAME``, as The Littlest JupyterHub does), which owns her
workspace and home (0700), on a disk image of her own; her processes run as
that account, in control groups of her own that hold her memory, processes
and share of the CPU (``classroom/limits.py``). Run as an ordinary user, the
sandbox is made in a user namespace and every student runs as the teacher's
account, kept apart by the sandbox alone (each process has its own limits;
the process limit is one for the whole class).

The workspace is brought up to date inside her sandbox too, with her rights
(``python -m pokerlib.serving.workspace``): a link she planted in her workspace can
lead the hub nowhere.

>>> account_name('ada'), account_name('a' * 40)[:12], len(account_name('a' * 40))
('jupyter-ada', 'jupyter-aaaa', 32)
"""

import asyncio
import contextlib
import hashlib
import os
import pwd
import subprocess
import sys
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner
from jupyterhub.utils import random_port
from traitlets import Dict, Integer, Unicode

from pokerlib.serving import sandbox
from pokerlib.i18n import N_

from classroom import chinese, doors, limits, relay

LANGUAGE = os.environ.get('CLASSROOM_LANGUAGE', 'en')
tr = chinese.translated(LANGUAGE)
"""The teacher's terminal in the class's language (the classroom catalog)."""


def account_name(student: str) -> str:
    """The system account of a student: jupyter-NAME, shortened with a hash past 32 characters."""
    name = f'jupyter-{student}'
    if len(name) <= 32:
        return name
    return name[:23] + '-' + hashlib.sha256(student.encode()).hexdigest()[:8]


def ensure_account(student: str, home: Path):
    """(uid, gid) of the student's system account, made if missing (root only)."""
    name = account_name(student)
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        subprocess.run(['useradd', '--system', '--user-group', '--no-create-home',
                        '--home-dir', str(home), '--shell', '/usr/sbin/nologin', name],
                       check=True, capture_output=True)
        entry = pwd.getpwnam(name)
    return entry.pw_uid, entry.pw_gid


def own(folder: Path, uid: int, gid: int):
    """Give a folder and everything in it to an account, never following a link."""
    os.lchown(folder, uid, gid)
    for top, dirs, files in os.walk(folder):       # os.walk does not enter linked folders
        for name in dirs + files:
            os.lchown(os.path.join(top, name), uid, gid)


class SandboxSpawner(LocalProcessSpawner):
    """jupyterhub-singleuser in a sandbox of the student's own (see the module's docstring)."""

    workspaces = Unicode(help='The folder of the students\' workspaces, one folder each.').tag(config=True)
    homes = Unicode(help='The folder of the students\' home folders, one each.').tag(config=True)
    edition = Unicode(help='The student\'s edition the workspaces are brought up to date from.').tag(config=True)
    memory_mb = Integer(2048, help='Memory of all a student\'s processes and her /tmp together, in MB '
                        '(where cgroups can be made; else of each process).').tag(config=True)
    processes = Integer(128, help='Processes a student may run at once.').tag(config=True)
    disk_mb = Integer(1024, help='Her workspace and home folder together, in MB (where images can '
                      'be mounted).').tag(config=True)
    group = Unicode('pokerlib-classroom', help='The class\'s folder in each cgroup controller.'
                    ).tag(config=True)
    logs = Unicode('', help='A folder for each server\'s messages (NAME.log); empty: the hub\'s own output.'
                   ).tag(config=True)
    runs = Unicode(help='The folder of the students\' run folders (her server\'s socket), one each.'
                   ).tag(config=True)
    doors_folder = Unicode(help='The folder of the doors to the hub and its services (doors.py).'
                           ).tag(config=True)
    relay_state = Unicode(help='The state folder, where the class\'s relay listens (relay.py).'
                          ).tag(config=True)
    services = Dict(help='Each service a student\'s kernel posts to, by name: its HOST:PORT on '
                    'loopback (her own door leads there), and the path its address gets.'
                    ).tag(config=True)

    def folders(self):
        """The student's workspace and home folder."""
        return (Path(self.workspaces) / self.user.name, Path(self.homes) / self.user.name)

    def run_folder(self) -> Path:
        """Her run folder, where her server's socket is: hers alone, in her sandbox only."""
        return Path(self.runs) / self.user.name

    def socket(self) -> Path:
        """Her server's socket, as the relay sees it (her sandbox sees it at INSIDE_RUN)."""
        return self.run_folder() / 'jupyter.sock'

    def door(self, name='hub', rest='') -> str:
        """The address of one of her doors, in her sandbox (the relay opens them: relay.py)."""
        return doors.door_url(Path(INSIDE_DOORS) / f'{name}.sock', rest)

    async def relay(self, message: dict, timeout=30.0) -> dict:
        """The class's relay's answer to one message (it starts, holds and reaches servers)."""
        return await asyncio.to_thread(relay.ask, self.relay_state, message, timeout)

    def account(self):
        """(uid, gid) to run as inside the sandbox: her own account as root, else None."""
        if os.geteuid() != 0:
            return None
        return ensure_account(self.user.name, self.folders()[1])

    def cgroups(self):
        """The students' control groups, or None where none can be made (limits.py)."""
        groups = limits.Cgroups(self.group)
        return None if groups.problem() else groups

    def disk(self):
        """Her disk image, or None where none can be mounted (limits.py)."""
        return None if limits.Disk.problem() else limits.Disk(Path(self.workspaces).parent, self.disk_mb)

    def prepare(self, account):
        """Make her folders, hers alone, on her own disk image where there is one."""
        Path(self.runs).mkdir(mode=0o711, parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            self.socket().unlink()              # a socket left by a server that was killed
        disk = self.disk() if account is not None else None
        workspace, home = self.folders()
        if disk is not None:
            disk.mount(self.user.name, {'workspace': workspace, 'home': home,
                                        'run': self.run_folder()}, account)
        for folder in self.folders() + (self.run_folder(),):
            folder.mkdir(parents=True, exist_ok=True)
            if account is not None:
                if disk is None:
                    own(folder, *account)
                else:
                    os.lchown(folder, *account)
            os.chmod(folder, 0o700)
        groups = self.cgroups()
        self._groups = groups.make(self.user.name, self.memory_mb, self.processes) if groups else []

    def tmp_mb(self) -> int:
        """Her /tmp, in memory: a quarter of her memory (full, it fails her writes, not her server)."""
        return self.memory_mb // 4

    def limit(self):
        """Each process's own limits: its memory only where her group does not hold it."""
        return sandbox.Limits(memory_mb=None if getattr(self, '_groups', None) else self.memory_mb,
                              processes=self.processes)

    def make_preexec_fn(self, name):
        rlimits, enter = sandbox.limits(self.limit()), limits.join(getattr(self, '_groups', []))

        def preexec():
            enter()                  # into her groups first: everything below counts as hers
            rlimits()
        return preexec

    async def stop(self, now=False):
        await super().stop(now=now)
        with contextlib.suppress(OSError, ConnectionError, relay.RelayError):
            await self.relay({'op': 'close', 'name': self.user.name})
        groups = self.cgroups()
        if groups is not None:
            await asyncio.sleep(0.5)             # her last processes leaving the group
            groups.remove(self.user.name)

    def user_env(self, env):
        workspace, home = self.folders()
        # Her JupyterLab's settings and layouts (open notebooks) in her home, as make lab keeps
        # them beside the course: not in the hub's venv, which her sandbox shows read-only.
        lab = home / '.jupyter' / 'lab'
        env.update(USER=self.user.name, HOME=str(home), SHELL='/bin/sh',
                   JUPYTERLAB_SETTINGS_DIR=str(lab / 'user-settings'),
                   JUPYTERLAB_WORKSPACES_DIR=str(lab / 'workspaces'))
        return env

    def sandboxed(self, argv, account, server=False):
        """argv in her sandbox: no network but her own loopback; her server sees the doors too."""
        workspace, home = self.folders()
        read_only = [self.edition] if self.edition else []
        writable = [workspace, home]
        shown_at = []
        if server:                # her own doors (not her classmates'), and her run folder
            shown_at = [(Path(self.doors_folder) / self.user.name, INSIDE_DOORS, False),
                        (self.run_folder(), INSIDE_RUN, True)]
        return sandbox.command(argv, read_only=read_only, writable=writable, shown_at=shown_at,
                               workdir=workspace, network=False, user=account,
                               hostname='jupyter', tmp_mb=self.tmp_mb())

    def sync(self, account):
        """Bring her workspace up to date, in her sandbox, with her rights; the messages."""
        if not self.edition or not Path(self.edition).is_dir():
            return []
        workspace, home = self.folders()
        argv = self.sandboxed([sys.executable, '-m', 'pokerlib.serving.workspace', self.edition,
                               str(workspace), LANGUAGE], account)
        done = subprocess.run(argv, capture_output=True, text=True, timeout=120,
                              env={'PATH': os.environ.get('PATH', ''), 'HOME': str(home),
                                   'LANG': 'C.UTF-8'},
                              preexec_fn=self.make_preexec_fn(self.user.name))
        if done.returncode != 0:
            self.log.warning(tr('Workspace {name}: the update failed: {error}').format(
                name=self.user.name, error=(done.stderr.strip().splitlines() or ['?'])[-1]))
        return done.stdout.splitlines()

    def get_env(self):
        # Her server reaches the hub's API through its door (the hub's loopback is out of reach),
        # and her kernels each service through a door of her own (the variable named for it).
        self.hub_connect_url = self.door()
        env = super().get_env()
        for name, (_, variable_and_path) in self.services.items():
            variable, path = variable_and_path.split('=', 1)
            env[variable] = self.door(name, path)
        return env

    async def start(self):
        if self.port == 0:
            self.port = random_port()         # unused (her front door's is the address); the hub wants one
        await self.relay({'op': 'doors', 'name': self.user.name})
        account = await asyncio.to_thread(self.account)
        await asyncio.to_thread(self.prepare, account)
        messages = await asyncio.to_thread(self.sync, account)
        self.log.info(tr('Workspace {name}: {news}').format(
            name=self.user.name, news=tr('; ').join(messages) or tr('up to date')))
        # Her server listens on a socket in her run folder, which the proxy connects to; it has
        # a loopback of its own (her kernels' ports are hers alone) and reaches the hub by its door.
        # (--ServerApp.port: jupyter-server's default, which it requires beside a socket.)
        argv = self.sandboxed(list(self.cmd) + self.get_args() + [
            f'--ServerApp.sock={INSIDE_RUN}/jupyter.sock', '--ServerApp.port=8888'], account,
            server=True)
        # The relay starts it, and is its parent: her server and kernels outlive the hub's process
        # (a crash, a restart), and the next hub adopts them (classroom/relay.py).
        limit = self.limit()
        started = await self.relay({
            'op': 'start', 'name': self.user.name, 'argv': argv, 'env': self.get_env(),
            'log': str(Path(self.logs) / f'{self.user.name}.log') if self.logs else '',
            'groups': [str(g) for g in getattr(self, '_groups', [])],
            'limits': {'memory_mb': limit.memory_mb, 'processes': limit.processes}})
        self.proc, self.pid = None, started['pid']
        # The proxy reaches her server through its front door, which the relay holds too.
        front = await self.relay({'op': 'front', 'name': self.user.name, 'socket': str(self.socket()),
                                  'uid': account[0] if account else None,
                                  'timeout': self.start_timeout}, timeout=self.start_timeout + 10)
        return front['url']

    async def move_certs(self, paths):
        return paths


INSIDE_DOORS, INSIDE_RUN = '/run/classroom/doors', '/run/classroom/server'
"""Where her sandbox shows her doors and her run folder: short paths, the same for every class
folder (a unix socket's path must fit in 107 bytes; ~/Documents/My Class/... need not)."""


def servers_apart(name, domain, kind):
    """JupyterHub's subdomain hook: each student's server at NAME.DOMAIN, the services at DOMAIN."""
    from jupyterhub.utils import subdomain_hook_idna
    return domain if kind == 'service' else subdomain_hook_idna(name, domain, kind)




def check_settings(environ) -> dict:
    """CLASSROOM_MEMORY_MB, _PROCESSES and _DISK_MB as numbers; a bad one is one line (ValueError)."""
    found = {}
    for key, default, least in [('CLASSROOM_MEMORY_MB', 2048, 512), ('CLASSROOM_PROCESSES', 128, 16),
                                ('CLASSROOM_DISK_MB', 1024, 64)]:
        text = environ.get(key, str(default))
        try:
            value = int(text)
        except ValueError:
            raise chinese.Refusal(N_('{key}={text} is not a whole number'), key=key,
                                  text=repr(text)) from None
        if value < least:
            raise chinese.Refusal(N_('{key}={value} is too small: at least {least}'), key=key,
                                  value=value, least=least)
        found[key] = value
    return found


def refusal():
    """None when students can be given rooms of their own here, else the one line that says how."""
    why = sandbox.problem()
    if why is None:
        return None
    return (f'students cannot be kept apart on this machine ({why}). Run `sudo make classroom` '
            f'(each student a system account and a sandbox), or enable user namespaces; '
            f'the class server never runs students\' code unsandboxed')

