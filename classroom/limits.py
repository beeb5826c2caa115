"""What one student may use of the machine: memory, processes and CPU (cgroups), and disk (an image).

Each student's processes (her server, her kernels, everything they start,
her private ``/tmp`` in memory) are in a control group of her own, one per
controller: their memory together, ``/tmp`` included, is at most
``memory_mb``; they are at most ``processes`` at once; and her group has the
same CPU weight as every classmate's, so that however many busy loops one
student runs, a classmate's ``check`` still gets her share of the cores.
Version 1 controllers (``memory``, ``pids``, ``cpu``, as these machines mount
them) or the unified version 2 hierarchy, whichever the machine has; the
groups are made under the hub's own, one folder for the class.

Her workspace and home folder live on a file system of their own, an ext4
image of ``disk_mb`` (``CLASSROOM_DISK_MB``) mounted for the hub's lifetime:
a write past it fails in her own cell with "No space left on device", and
nothing of anyone else's is touched.

Both need root (the hub run by ``sudo make classroom``); without it,
``Cgroups.problem`` and ``Disk.problem`` say why, and each process keeps
its own limits only (pokerlib.sandbox.Limits).
"""

import contextlib
import os
import shutil
import subprocess
from pathlib import Path

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


class Disk:
    """Each student's workspace and home on an ext4 image of her own, of ``size_mb``."""

    def __init__(self, folder, size_mb: int):
        self.folder, self.size_mb = Path(folder), size_mb

    @staticmethod
    def problem():
        """None if images can be made and mounted here, else one line saying why not."""
        if os.geteuid() != 0:
            return 'not root'
        missing = [p for p in ('mkfs.ext4', 'mount', 'umount') if shutil.which(p) is None]
        if missing:
            return 'missing ' + ', '.join(missing)
        return None

    def image(self, student) -> Path:
        return self.folder / 'disks' / f'{student}.img'

    def volume(self, student) -> Path:
        return self.folder / 'volumes' / student

    def mount(self, student: str, workspace: Path, home: Path, owner):
        """Her image (made the first time, with what her folders held) mounted over her folders."""
        image, volume = self.image(student), self.volume(student)
        if os.path.ismount(workspace) and os.path.ismount(home):
            return
        image.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        volume.mkdir(mode=0o700, parents=True, exist_ok=True)
        new = not image.exists()
        if new:
            free = shutil.disk_usage(image.parent).free
            if free < self.size_mb * 2**20:     # her image is sparse: promise what the disk holds
                raise OSError(f'no room for {student}\'s disk of {self.size_mb} MB in {image.parent} '
                              f'({free // 2**20} MB free): free some, or lower CLASSROOM_DISK_MB')
            with open(image, 'wb') as f:
                f.truncate(self.size_mb * 2**20)
            _run(['mkfs.ext4', '-q', '-F', '-m', '0', '-E', f'root_owner={owner[0]}:{owner[1]}',
                  str(image)])
        if not os.path.ismount(volume):
            _run(['mount', '-o', 'loop,nosuid,nodev', str(image), str(volume)])
        for name, folder in (('workspace', workspace), ('home', home)):
            inside = volume / name
            if not inside.exists():
                inside.mkdir(mode=0o700)
                if folder.is_dir() and any(folder.iterdir()):  # what she had before the limit
                    _run(['cp', '-a', '--no-dereference', f'{folder}/.', str(inside)])
                os.chown(inside, *owner)
            folder.mkdir(parents=True, exist_ok=True)
            if not os.path.ismount(folder):
                _run(['mount', '--bind', str(inside), str(folder)])

    def unmount_all(self, folders):
        """Every bind of her folders and every image, unmounted (the hub stopping)."""
        for folder in folders:
            if os.path.ismount(folder):
                subprocess.run(['umount', '-l', str(folder)], capture_output=True)
        volumes = self.folder / 'volumes'
        for volume in sorted(volumes.iterdir()) if volumes.is_dir() else []:
            if os.path.ismount(volume):
                subprocess.run(['umount', '-l', str(volume)], capture_output=True)


def _run(argv):
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise OSError(f'{argv[0]} failed: ' + (done.stderr.strip().splitlines() or ['?'])[-1])
