"""The class list, its passwords, the hub's log-in check and each student's workspace.

The teacher writes the class list, one name per line (``#`` starts a comment):

>>> import tempfile; folder = Path(tempfile.mkdtemp())
>>> _ = (folder / 'students.txt').write_text('# class 4B\\nAda\\ngrace\\n')
>>> roster = load_roster(folder / 'students.txt', folder / 'passwords.txt', 'teacher')
>>> roster.students
['ada', 'grace']

Whoever has no password yet gets one, written for the teacher into a file only
its owner may read; a password the teacher puts there is kept as it is:

>>> oct((folder / 'passwords.txt').stat().st_mode & 0o777)
'0o600'
>>> sorted(read_passwords(folder / 'passwords.txt'))
['ada', 'grace', 'teacher']

The hub keeps only a salted scrypt hash of each password:

>>> pw = read_passwords(folder / 'passwords.txt')['ada']
>>> check_password(roster.hashes['ada'], pw), check_password(roster.hashes['ada'], pw + 'x')
(True, False)

A name the hub cannot use, a name twice, or the teacher's name on the list
(in any case) is refused in one line that names it:

>>> for text in ['ada\\nMary Ann\\n', 'ada\\nAda\\n', 'ada\\nTeacher\\n']:
...     _ = (folder / 'students.txt').write_text(text)
...     try:
...         load_roster(folder / 'students.txt', folder / 'passwords.txt', 'teacher')
...     except RosterError as e:
...         print(str(e).replace(str(folder), 'FOLDER'))
FOLDER/students.txt, line 2: 'Mary Ann' is not a name the hub can use (letters, digits, ".", "-", "_"; no spaces)
FOLDER/students.txt, line 2: 'ada' is on the list twice
FOLDER/students.txt: 'teacher' is the teacher's name; it cannot also be a student's
"""

import asyncio
import functools
import hashlib
import hmac
import ipaddress
import math
import os
import re
import secrets
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from jupyterhub.auth import Authenticator
from tornado import web
from traitlets import Dict, List, Unicode

from pokerlib.i18n import N_                         # the terminal's line, for the classroom catalog

from classroom.chinese import Refusal
from pokerlib.serving import editions      # the editions, as `make lab` and `make lab-teacher` make them
from pokerlib.serving.workspace import update_workspace       # the workspace's rules, as `make lab` keeps them

ROOT = Path(__file__).resolve().parent.parent

NAME = re.compile(r'[a-z0-9][a-z0-9._-]{0,63}')
"""A name on the class list: what JupyterHub accepts in a URL, lower case."""
ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'   # no l, o, 0, 1: read aloud, typed once
SCRYPT = dict(n=2 ** 14, r=8, p=1)


class RosterError(Refusal):
    """A class list or password file the hub cannot use; the message names the line."""


@dataclass
class Roster:
    students: list          # in the order of the class list
    hashes: dict            # name -> 'salt$hash' (hex), the teacher's included


def read_names(path) -> list:
    """The names on the class list, lower case, in order; a bad or repeated name is an error."""
    path = Path(path)
    if not path.exists():
        raise RosterError(N_('no class list at {path}: write one name per line '
                             '(classroom/students.example.txt shows how)'), path=path)
    names = []
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        name = line.split('#', 1)[0].strip().lower()
        if not name:
            continue
        if not NAME.fullmatch(name):
            raise RosterError(N_('{path}, line {lineno}: {name} is not a name the hub can use '
                                 '(letters, digits, ".", "-", "_"; no spaces)'),
                              path=path, lineno=lineno, name=repr(line.strip()))
        if name in names:
            raise RosterError(N_('{path}, line {lineno}: {name} is on the list twice'),
                              path=path, lineno=lineno, name=repr(name))
        names.append(name)
    return names


def read_passwords(path) -> dict:
    """name -> password from the passwords file (lines ``name password``), if it exists."""
    path = Path(path)
    if not path.exists():
        return {}
    passwords = {}
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith('#'):
            continue
        parts = line.split()
        if len(parts) != 2:
            raise RosterError(N_('{path}, line {lineno}: expected "name password", got {line}'),
                              path=path, lineno=lineno, line=repr(line.strip()))
        passwords[parts[0].lower()] = parts[1]
    return passwords


SYSTEM_RANDOM = secrets.SystemRandom()
"""The operating system's randomness: what passwords are drawn from."""


def new_password(rng=SYSTEM_RANDOM) -> str:
    """A password easy to read out and type: two groups of five letters and digits."""
    return '-'.join(''.join(rng.choice(ALPHABET) for _ in range(5)) for _ in range(2))


def hash_password(password: str, salt: bytes = None) -> str:
    salt = salt or secrets.token_bytes(16)
    return salt.hex() + '$' + hashlib.scrypt(password.encode(), salt=salt, **SCRYPT).hex()


def check_password(stored: str, password: str) -> bool:
    salt, _ = stored.split('$')
    return hmac.compare_digest(hash_password(password, bytes.fromhex(salt)), stored)


def load_roster(students_file, passwords_file, teacher: str, tr=lambda text: text) -> Roster:
    """The class list with a password for everyone, new ones written for the teacher (and said
    on the terminal in the class's language, ``tr``)."""
    students = read_names(students_file)
    teacher = teacher.lower()          # names are compared as the hub compares them: without case
    if teacher in students:
        raise RosterError(N_("{path}: {name} is the teacher's name; it cannot also be a student's"),
                          path=students_file, name=repr(teacher))
    passwords = read_passwords(passwords_file)
    missing = [name for name in [teacher] + students if name not in passwords]
    if missing:
        passwords_file = Path(passwords_file)
        fd = os.open(passwords_file, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, 'a') as out:
            if passwords_file.stat().st_size == 0:
                out.write('# name password: hand each student theirs; change any you like and\n'
                          '# restart the hub. This file is yours alone (git ignores it).\n')
            for name in missing:
                passwords[name] = new_password()
                out.write(f'{name} {passwords[name]}\n')
        print(tr(N_('New passwords for {n} names written to {file}') if len(missing) > 1 else
                 N_('A new password for 1 name written to {file}')).format(
                     n=len(missing), file=passwords_file), file=sys.stderr)
    os.chmod(passwords_file, 0o600)
    return Roster(students, {name: hash_password(passwords[name]) for name in [teacher] + students})


class Throttle:
    """Failed log-ins, per key: after ``free`` of them, each try waits twice as long as the last.

    A key is an address, or an address and a name. The wait starts at one second and stops growing at
    ``longest``; a right password resets its key's count (the address and name's, not the address's).

    >>> t = Throttle(free=2, longest=60)
    >>> for _ in range(3):
    ...     t.failed('ada', now=0)
    >>> t.wait('ada', now=0), t.wait('ada', now=2), t.wait('grace', now=0)
    (2, 0, 0)
    >>> t.failed('ada', now=2); t.wait('ada', now=2)
    4
    """

    def __init__(self, free=5, longest=300):
        self.free, self.longest = free, longest
        self.fails = {}                 # key -> (failed tries, may try again at)

    def wait(self, key, now) -> int:
        """Whole seconds before this key may try again (0: now)."""
        _, until = self.fails.get(key, (0, 0))
        return max(0, math.ceil(until - now))

    def failed(self, key, now):
        count, _ = self.fails.get(key, (0, 0))
        count += 1
        if len(self.fails) > 100_000:    # a flood of made-up names: forget, but keep this one
            self.fails.clear()
        wait = 0 if count <= self.free else min(self.longest, 2 ** (count - self.free))
        self.fails[key] = (count, now + wait)

    def forget(self, key):
        self.fails.pop(key, None)


def source_of(request, proxies=('127.0.0.1',)) -> str:
    """The address a request came from: its connection's, or, when that is the proxy's, the last
    address of X-Forwarded-For (the one the proxy added: the browser it was reached from).

    X-Forwarded-For and X-Real-Ip are anyone's to write: believed from the proxy alone, and
    only the hop the proxy itself added.

    >>> from types import SimpleNamespace as R
    >>> def request(peer, **headers):
    ...     return R(connection=R(context=R(address=(peer, 5000))), headers=headers)
    >>> source_of(request('127.0.0.1', **{'X-Forwarded-For': '10.0.0.9, 10.0.0.7'}))
    '10.0.0.7'
    >>> source_of(request('127.1.0.3', **{'X-Forwarded-For': '10.0.0.9', 'X-Real-Ip': '1.2.3.4'}))
    '127.1.0.3'
    >>> source_of(request('127.0.0.1', **{'X-Real-Ip': '1.2.3.4'}))
    '127.0.0.1'
    """
    address = getattr(getattr(request.connection, 'context', None), 'address', None)
    peer = address[0] if isinstance(address, tuple) and address else 'unix'
    if peer not in proxies and '*' not in proxies:      # '*': only the proxy reaches the hub
        return peer
    last = request.headers.get('X-Forwarded-For', '').split(',')[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return peer


class HashedPasswordAuthenticator(Authenticator):
    """Log in with a name from the class list and its password (checked against a hash).

    Wrong passwords are throttled per source (the address they came from, ``source_of``:
    forwarded addresses are believed from the proxy alone), never per name alone, so that
    nobody can keep a classmate out: after five wrong tries for one name from one source,
    that source's next try for it waits 2 s, then 4, 8... up to 5 minutes, and is refused
    unchecked before then; after twenty for any names, every try from it does.
    """

    hashes = Dict(config=True, help='name -> salted scrypt hash of the password')
    proxies = List(Unicode(), ['127.0.0.1'], config=True,
                   help="Addresses of the proxy, whose X-Forwarded-For alone is believed ('*': "
                        "every peer's, where nothing but the proxy reaches the hub's port)")

    def __init__(self, **kw):
        super().__init__(**kw)
        self.by_name, self.by_address = Throttle(), Throttle(free=20)

    async def authenticate(self, handler, data):
        name = self.normalize_username(data.get('username', '').strip())[:100]
        address = source_of(handler.request, self.proxies) if handler is not None else '?'
        now = time.monotonic()
        wait = max(self.by_name.wait((address, name), now), self.by_address.wait(address, now))
        if wait:
            self.log.warning('Log-in for %r from %s refused unchecked: too many wrong passwords '
                             '(%d s to wait)', name, address, wait)
            raise web.HTTPError(429, f'Too many wrong passwords: try again in {wait} s.')
        stored = self.hashes.get(name)
        if stored and await asyncio.to_thread(check_password, stored, data.get('password', '')):
            self.by_name.forget((address, name))
            return name
        self.by_name.failed((address, name), now)
        self.by_address.failed(address, now)
        self.log.warning('Failed log-in for %r from %s', name, address)
        return None


def class_domain(environ, ip: str) -> str:
    """The class's web address: CLASSROOM_DOMAIN, or localhost when the hub listens on loopback.

    Each student's server is served at NAME.DOMAIN, so every name under DOMAIN must lead
    to this machine (a wildcard DNS record); browsers take every name under localhost for
    the machine they run on.

    >>> class_domain({}, '127.0.0.1'), class_domain({'CLASSROOM_DOMAIN': 'Poker.School.org'}, '0.0.0.0')
    ('localhost', 'poker.school.org')
    >>> for setting in ({}, {'CLASSROOM_DOMAIN': '10.0.0.5'}):
    ...     try:
    ...         class_domain(setting, '0.0.0.0')
    ...     except ValueError as e:
    ...         print(e)
    CLASSROOM_DOMAIN is needed on the classroom network: a name whose every NAME.DOMAIN leads to this machine (a wildcard DNS record; see site/manual/classroom.md)
    CLASSROOM_DOMAIN='10.0.0.5' is not a domain name: each student's server needs a name under it
    """
    domain = environ.get('CLASSROOM_DOMAIN', '').strip().lower().rstrip('.')
    if not domain:
        if ipaddress.ip_address(ip or '0.0.0.0').is_loopback:
            return 'localhost'
        raise Refusal(N_('CLASSROOM_DOMAIN is needed on the classroom network: a name whose every '
                         'NAME.DOMAIN leads to this machine (a wildcard DNS record; see '
                         'site/manual/classroom.md)'))
    labels = domain.split('.')
    if (domain.replace('.', '').isdigit() or ':' in domain
            or not all(re.fullmatch(r'[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?', label) for label in labels)):
        raise Refusal(N_("CLASSROOM_DOMAIN={domain} is not a domain name: each student's server "
                         "needs a name under it"), domain=repr(domain))
    return domain


_edition_lock = asyncio.Lock()
_edition_version = {}

LANGUAGES = {'en': 'notebooks', 'zh_CN': 'notebooks/zh'}
"""The class's language: the teacher's edition its workspaces come from."""


def _course_version(root: Path, language='en'):
    return max(p.stat().st_mtime_ns for p in (root / LANGUAGES[language]).glob('*.ipynb'))


EDITIONS = {'student': 'edition', 'teacher': 'edition-teacher'}
"""Each edition's folder in the state folder: the students' (each student's sandbox shows it to
her, read-only) and the teacher's, answers folded (her server's alone: no sandbox shows it)."""


def _write_edition(root: Path, state: Path, language='en', kind='student') -> Path:
    """The students' edition (or the teacher's, answers folded, as `make lab-teacher` makes it)
    in the state folder, written again when the course changes."""
    edition = state / EDITIONS[kind]
    version = (language, _course_version(root, language))
    if _edition_version.get(kind) != version:
        shutil.rmtree(edition, ignore_errors=True)      # a fresh edition, as the course is now
        source = root / LANGUAGES[language]
        if kind == 'teacher':
            editions.write_edition(edition, source,
                                   functools.partial(editions.teacher_notebook, language=language))
        else:
            editions.write_student_edition(edition, source, language)
        _edition_version[kind] = version
    return edition


def _sync(root: Path, state: Path, workspace: Path, language='en', kind='student') -> list:
    return update_workspace(workspace, _write_edition(root, state, language, kind), language)


async def write_edition(root: Path, state: Path, language='en', kind='student') -> Path:
    """_write_edition off the hub's event loop, one at a time (the spawner then brings each
    workspace up to date from it inside the student's sandbox)."""
    async with _edition_lock:
        return await asyncio.to_thread(_write_edition, Path(root), Path(state), language, kind)


async def choose_edition(spawner, root: Path, state: Path, language: str, teacher: str) -> None:
    """The hub's pre-spawn hook: the edition her workspace is brought up to date from, written
    first; the teacher's for the teacher (what she runs is what the class follows), else the
    students'."""
    kind = 'teacher' if spawner.user.name == teacher else 'student'
    spawner.edition = str(await write_edition(root, state, language, kind))
