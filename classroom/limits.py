"""What one student may use of the machine: memory, processes and CPU (cgroups), and disk (an image).

Each student's processes (her server, her kernels, everything they start,
her private ``/tmp`` in memory) are in a control group of her own, one per
controller: their memory together, ``/tmp`` included, is at most
``memory_mb``; they are at most ``processes`` at once; and her group has the
same CPU weight as every classmate's, so that however many busy loops one
student runs, a classmate's ``check`` still gets her share of the cores.
Version 1 controllers (``memory``, ``pids``, ``cpu``, as these machines mount
them) or the unified version 2 hierarchy, whichever the machine has; the
groups are made under the hub's own, one folder for the class
(``pokerlib.serving.sandbox.Cgroups``: the grader puts each notebook in groups of its own
the same way).

Her workspace, her home folder and her server's run folder live on a file system of her
own, an ext4 image of ``disk_mb`` (``CLASSROOM_DISK_MB``) mounted for the hub's lifetime:
a write past it fails in her own cell with "No space left on device", and
nothing of anyone else's is touched.

Both need root (the hub run by ``sudo make classroom``); without it,
``Cgroups.problem`` and ``Disk.problem`` say why, and each process keeps
its own limits only (pokerlib.serving.sandbox.Limits).
"""

import os
import shutil
import subprocess
from pathlib import Path

from pokerlib.serving.sandbox import Cgroups, join  # noqa: F401 (the students' groups: one home, the sandbox's)


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

    def mount(self, student: str, folders: dict, owner):
        """Her image (made the first time, with what her folders held) mounted over her folders.

        ``folders``: name -> folder (her workspace, her home, her server's run folder): each is a
        folder of the image, so that whatever she can write counts in her quota.
        """
        image, volume = self.image(student), self.volume(student)
        if all(os.path.ismount(folder) for folder in folders.values()):
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
        for name, folder in folders.items():
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
