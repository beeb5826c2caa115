"""A restart is a normal event: a real hub, as root, from a class folder with capitals and a space.

Mid-lesson the hub is killed (``kill -9``, as a crash or an operator does) and
started again: every student's kernel still holds her variables, her page
answers again by itself, a check she made while the hub was away reaches the
board, and the hub's services of before are gone (the new hub starts its own).
A late student is added to the class list while everyone works: the hub
restarts in place and she logs in, nobody's kernel stopped. Stopped, the
class leaves no process, mount or loop device behind, and its folder can be
removed. Her server's run folder counts in her disk quota, and her front door
never follows a link she plants (issue 48, 4-5).

Needs .venv-hub and node (make classroom-setup), like tests/test_classroom.py.
"""

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
import requests

from tools.classroom.simulate import Hub, Student, require

NOTEBOOK = '01-Hands-and-hand_rank.ipynb'
CHECK = """from pokerlib.practice import check
def flush(hand):
    return True
print(check(flush).status)
"""


@pytest.fixture(scope='module')
def needs_hub():
    require('the restart test')


def class_folder(tmp_path) -> Path:
    """A teacher's class folder as teachers name them: capitals and a space (issue 47, 1)."""
    folder = tmp_path / 'Documents' / 'Poker Class'
    folder.mkdir(parents=True)
    return folder


def answers(url, timeout) -> float:
    """Seconds until url answers 200 (AssertionError after timeout)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        try:
            if url() == 200:
                return time.monotonic() - started
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise AssertionError(f'no answer in {timeout} s')


def listening(port) -> bool:
    with socket.socket() as s:
        return s.connect_ex(('127.0.0.1', port)) == 0


def leftovers(state: Path) -> dict:
    """What of the class is still on the machine: its processes, mounts and loop devices."""
    processes = subprocess.run(['pgrep', '-af', str(state)], capture_output=True, text=True).stdout
    mounts = [line for line in Path('/proc/self/mounts').read_text().splitlines()
              if str(state).replace(' ', '\\040') in line]
    loops = subprocess.run(['losetup', '-a'], capture_output=True, text=True).stdout
    return {'processes': processes.strip(), 'mounts': mounts,
            'loops': [line for line in loops.splitlines() if str(state) in line]}


@pytest.mark.slow
def test_a_hub_killed_mid_lesson_loses_nobodys_kernel_and_a_late_student_joins(needs_hub, tmp_path):
    folder = class_folder(tmp_path)
    hub = Hub(folder, ['ada', 'grace'], warmup=2)
    state = folder / 'state'
    hub.start()
    try:
        pw = hub.passwords()
        ada, grace = Student(hub.url, 'ada', pw['ada']), Student(hub.url, 'grace', pw['grace'])
        kernels = {}
        for s in (ada, grace):                          # from a folder with capitals: servers start
            assert s.log_in().status_code == 302
            assert 'jupyter-config-data' in s.start_server().text
            kernels[s.name] = s.start_kernel(NOTEBOOK)
            assert s.execute(kernels[s.name], f'work = "{s.name} was here"; print(work)').strip() \
                == f'{s.name} was here'
        relay = hub.relay_pid()
        servers = {s.name: s.whoami()['servers']['']['url'] for s in (ada, grace)}
        gradebook = hub.port + 3

        hub.kill()                                      # a crash, mid-lesson
        deadline = time.monotonic() + 10                # its services end with it
        while listening(gradebook) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not listening(gradebook), "the killed hub's gradebook is still running"
        # While the hub is away, her kernel runs and a check is made.
        assert ada.execute(kernels['ada'], 'print(work)').strip() == 'ada was here'
        assert ada.execute(kernels['ada'], CHECK).strip().splitlines()[-1] == 'fail'

        restarted = time.monotonic()
        hub.start()
        assert hub.relay_pid() == relay                 # adopted, not started anew
        waited = answers(lambda: ada.get('user/ada/api/status').status_code, 60)
        print(f'\nher page answers {time.monotonic() - restarted:.1f} s after the restart began '
              f'({waited:.1f} s after the hub answered)')
        for s in (ada, grace):                          # the same servers, the same kernels
            assert s.whoami()['servers']['']['url'] == servers[s.name]
            assert s.execute(kernels[s.name], 'print(work)').strip() == f'{s.name} was here'
        # The check made while the hub was away reaches the board (the kernel posts it again).
        log = state / 'gradebook' / 'attempts.jsonl'
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not (log.exists() and '"ada"' in log.read_text()):
            time.sleep(0.5)
        assert log.exists() and '"ada"' in log.read_text(), 'the check never reached the board'

        # A late student: her name saved in the class list; the hub restarts in place.
        pid = hub.process.pid
        with open(folder / 'students.txt', 'a') as f:
            f.write('Linus\n')
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and 'linus' not in hub.passwords():
            time.sleep(0.5)
        assert 'linus' in hub.passwords(), 'no password was made for the late student'
        banners = lambda: (folder / 'hub.log').read_text().count('The classroom: students open')
        deadline = time.monotonic() + 90                # the hub, started again in place, answers
        while time.monotonic() < deadline and banners() < 3:
            time.sleep(0.5)
        assert banners() == 3, 'the hub did not restart in place'
        linus = Student(hub.url, 'linus', hub.passwords()['linus'])
        answers(lambda: 200 if linus.log_in().status_code == 302 else 0, 90)
        assert 'jupyter-config-data' in linus.start_server().text
        assert hub.process.pid == pid and hub.process.poll() is None    # the same hub, in place
        for s in (ada, grace):
            assert s.execute(kernels[s.name], 'print(work)').strip() == f'{s.name} was here'
        # A class list that cannot be read changes nothing: the hub says why and goes on.
        with open(folder / 'students.txt', 'a') as f:
            f.write('not a name!\n')
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and 'cannot be read' not in (folder / 'hub.log').read_text():
            time.sleep(0.5)
        assert 'cannot be read' in (folder / 'hub.log').read_text()
        assert banners() == 3 and hub.process.poll() is None
        assert ada.execute(kernels['ada'], 'print(work)').strip() == 'ada was here'
    finally:
        hub.stop()
    left = leftovers(state)
    assert left == {'processes': '', 'mounts': [], 'loops': []}, left
    assert not any(listening(hub.port + i) for i in range(5))    # nor the proxy, nor a service
    shutil.rmtree(folder)                                # the teacher can remove the class


@pytest.mark.slow
def test_a_killed_hub_never_started_again_leaves_nothing_behind(needs_hub, tmp_path):
    """No hub comes back within CLASSROOM_ADOPT seconds: the relay stops the class by itself."""
    folder = class_folder(tmp_path)
    hub = Hub(folder, ['ada'], warmup=1)
    hub.env['CLASSROOM_ADOPT'] = '10'
    state = folder / 'state'
    hub.start()
    try:
        ada = Student(hub.url, 'ada', hub.passwords()['ada'])
        assert ada.log_in().status_code == 302
        ada.start_server()
        hub.kill()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and any(leftovers(state).values()):
            time.sleep(1)
        assert leftovers(state) == {'processes': '', 'mounts': [], 'loops': []}, leftovers(state)
        assert not listening(hub.port)                   # the proxy stopped too
    finally:
        hub.stop()
    shutil.rmtree(folder)


ATTACKS = r"""
import errno, os, time
RUN = {run!r}
found = {{}}
try:                                   # her run folder is on her disk image: the quota holds
    with open(os.path.join(RUN, 'big'), 'wb') as f:
        for _ in range(200):
            f.write(b'0' * 2**20)
            f.flush()
    found['quota'] = 'wrote 200 MB'
except OSError as e:
    found['quota'] = errno.errorcode.get(e.errno, str(e.errno))
finally:
    if os.path.exists(os.path.join(RUN, 'big')):
        os.remove(os.path.join(RUN, 'big'))
sock = os.path.join(RUN, 'jupyter.sock')
os.rename(sock, sock + '.kept')        # her server goes on listening on the renamed socket
os.symlink({target!r}, sock)           # her front door pointed at grace's server
print(found)
"""


@pytest.mark.slow
def test_her_run_folder_is_in_her_quota_and_her_front_door_follows_no_link(needs_hub, tmp_path):
    if os.geteuid() != 0:
        pytest.skip('disk quotas and accounts per student need root')
    folder = class_folder(tmp_path)
    hub = Hub(folder, ['ada', 'grace'], warmup=2)
    hub.env['CLASSROOM_DISK_MB'] = '64'
    hub.start()
    try:
        pw = hub.passwords()
        ada, grace = Student(hub.url, 'ada', pw['ada']), Student(hub.url, 'grace', pw['grace'])
        for s in (ada, grace):
            assert s.log_in().status_code == 302
            s.start_server()
        run = folder / 'state' / 'run'
        kernel = ada.start_kernel(NOTEBOOK)
        # Her sandbox shows her run folder at a short path of its own (classroom/spawner.py).
        printed = ada.execute(kernel, ATTACKS.format(run='/run/classroom/server',
                                                     target=str(run / 'grace' / 'jupyter.sock')))
        assert (run / 'ada' / 'jupyter.sock').is_symlink()
        assert "'quota': 'ENOSPC'" in printed, printed
        # Every request to her address now meets a link: it reaches no server, grace's least.
        r = ada.get('user/ada/api/status')
        assert r.status_code != 200, r.text[:200]
        assert grace.get('user/grace/api/status').status_code == 200
        time.sleep(1)            # grace's server logs every request it refuses (a 404 is a warning)
        assert '/user/ada' not in (folder / 'state' / 'logs' / 'grace.log').read_text()
    finally:
        hub.stop()
