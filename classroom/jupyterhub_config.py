"""The classroom server: JupyterHub for one teacher's machine (`make classroom`).

Everything it keeps is under the state folder (classroom/state/, git-ignored):
the hub's database and cookie secret (so a restart logs nobody out and loses
nobody), each student's workspace (workspaces/NAME/) and home (homes/NAME/),
the student's edition the workspaces are synced from, and the gradebook.

Settings, from the environment (the Makefile passes them on):
    CLASSROOM_IP        address to listen on (127.0.0.1; 0.0.0.0 for the classroom network)
    CLASSROOM_DOMAIN    the class's web address, whose every NAME.DOMAIN leads to this machine
                        (localhost on loopback; on the classroom network a name with a
                        wildcard DNS record, see site/manual/classroom.md)
    CLASSROOM_PORT      port students open (8000); the hub also uses the next four
    CLASSROOM_STUDENTS  the list of students (classroom/students.txt)
    CLASSROOM_PASSWORDS passwords, written for the teacher (classroom/passwords.txt)
    CLASSROOM_TEACHER   the teacher's (admin) name (teacher)
    CLASSROOM_IDLE      seconds before an idle student server is stopped (3600)
    CLASSROOM_STATE     the state folder (classroom/state)
    CLASSROOM_LOG       how much the hub says (WARN; INFO for every request)
    CLASSROOM_LANGUAGE  the course's language in the workspaces: en, or zh_CN for Chinese (en)
    CLASSROOM_LESSON    seconds the lesson lasts: servers kept running till then (5400)
    CLASSROOM_WARMUP    student servers started at once when the hub starts (3; 0: none)
    CLASSROOM_MEMORY_MB memory of each student's processes and her /tmp together, in MB (2048)
    CLASSROOM_PROCESSES processes a student may run at once (128)
    CLASSROOM_DISK_MB   each student's workspace and home folder together, in MB (1024)
    CLASSROOM_ADOPT     seconds the relay keeps the class running for a hub that ended without
                        Ctrl-C (a crash, kill -9) to be started again (600)

Every student's server runs in a sandbox of her own (classroom/spawner.py):
where none can be made, the hub refuses to start.
"""

import logging
import os
import signal
import sys
from pathlib import Path

from classroom import chinese, limits      # the class in Chinese; the students' limits
from classroom.roster import (LANGUAGES, HashedPasswordAuthenticator, RosterError, class_domain,
                              choose_edition, load_roster)
from classroom.spawner import SandboxSpawner, check_settings, refusal, servers_apart
from pokerlib.i18n import N_                 # the refusals and the banner, for the classroom catalog

HERE = Path(__file__).resolve().parent

c = get_config()  # noqa: F821 (JupyterHub's config loader defines it)

ROOT = HERE.parent
VENV_BIN = Path(sys.executable).parent           # .venv-hub/bin: the hub's own venv
IP = os.environ.get('CLASSROOM_IP', '127.0.0.1')


LANGUAGE = os.environ.get('CLASSROOM_LANGUAGE', 'en')
if LANGUAGE not in LANGUAGES:
    sys.exit(f'classroom: CLASSROOM_LANGUAGE={LANGUAGE!r}: the course is in en or zh_CN')
tr = chinese.translated(LANGUAGE)       # the teacher's terminal in the class's language


def refuse(refusal):
    """Stop the hub with one line for the teacher, in the class's language (chinese.Refusal)."""
    sys.exit('classroom: ' + (refusal.say(tr) if isinstance(refusal, chinese.Refusal) else str(refusal)))


def whole_number(key, default, least, most):
    """An environment setting as a whole number in [least, most]; anything else is one line."""
    text = os.environ.get(key, str(default))
    try:
        value = int(text)
    except ValueError:
        refuse(chinese.Refusal(N_('{key}={text} is not a whole number'), key=key, text=repr(text)))
    if not least <= value <= most:
        refuse(chinese.Refusal(N_('{key}={value} is out of range ({least} to {most})'), key=key,
                               value=value, least=least, most=most))
    return value


PORT = whole_number('CLASSROOM_PORT', 8000, 1, 65531)
STATE = Path(os.environ.get('CLASSROOM_STATE', HERE / 'state')).resolve()
STUDENTS = Path(os.environ.get('CLASSROOM_STUDENTS', HERE / 'students.txt'))
PASSWORDS = Path(os.environ.get('CLASSROOM_PASSWORDS', HERE / 'passwords.txt'))
TEACHER = os.environ.get('CLASSROOM_TEACHER', 'teacher').lower()   # the hub's names have no case
IDLE = whole_number('CLASSROOM_IDLE', 3600, 1, 10**7)
try:
    LIMITS = check_settings(os.environ)
except ValueError as e:
    refuse(e)
if refusal():                            # never students' code unsandboxed
    sys.exit(f'classroom: {refusal()}')

# The hub's state (database, cookie secret, gradebook, the students' folders) is
# the hub's alone; each student's sandbox is shown her own two folders of it.
STATE.mkdir(parents=True, exist_ok=True)
os.chmod(STATE, 0o700)
try:
    roster = load_roster(STUDENTS, PASSWORDS, TEACHER, chinese.translated(LANGUAGE))
except RosterError as e:                 # one line for the teacher, not a traceback
    refuse(e)
# The files' times as read (a change from now on, while the hub starts too, restarts it).
READ_AT = [f.stat().st_mtime_ns if f.exists() else None for f in (STUDENTS, PASSWORDS)]
# Closing the teacher's terminal (SIGHUP) stops the hub as Ctrl-C does, so that
# the proxy, the services and the students' servers stop with it.
signal.signal(signal.SIGHUP, lambda *_: os.kill(os.getpid(), signal.SIGTERM))

# --- the hub and its proxy: students see only IP:PORT; the rest is loopback ----
c.JupyterHub.bind_url = f'http://{IP}:{PORT}/'
# Each student's server on a web address of its own (NAME.DOMAIN), so that no script in her
# notebooks or files ever runs on the hub's origin, with the teacher's rights there; the
# services (gradebook) stay on the hub's own address, DOMAIN.
try:
    DOMAIN = class_domain(os.environ, IP)
except ValueError as e:
    refuse(e)
c.JupyterHub.subdomain_host = f'http://{DOMAIN}:{PORT}'
c.JupyterHub.subdomain_hook = servers_apart
c.JupyterHub.hub_bind_url = f'http://127.0.0.1:{PORT + 1}'
c.ConfigurableHTTPProxy.api_url = f'http://127.0.0.1:{PORT + 2}'
c.ConfigurableHTTPProxy.command = [str(HERE / 'node_modules' / '.bin' / 'configurable-http-proxy')]
# The proxy is the relay's (classroom/relay.py), not the hub's: it keeps answering, with its
# routes, while the hub restarts; its token is kept in the state folder for the next hub.
c.ConfigurableHTTPProxy.should_start = False
# The teacher's terminal shows warnings and errors, not every request
# (CLASSROOM_LOG=INFO shows them all).
c.JupyterHub.log_level = os.environ.get('CLASSROOM_LOG', 'WARN')
# The proxy's errors only (its one warning is "Terminated", when the hub stops it).
c.ConfigurableHTTPProxy.log_level = 'error' if c.JupyterHub.log_level == 'WARN' else 'info'
# Starting a server answers at once (the page follows its progress), without a warning
# for each of the class's servers that takes more than 10 s to start before the bell.
c.JupyterHub.tornado_settings = {'slow_spawn_timeout': 0,
                                 # the hub's cookies never go along with another site's request
                                 'cookie_options': {'SameSite': 'Lax'}}
c.JupyterHub.db_url = f'sqlite:///{STATE / "jupyterhub.sqlite"}'
# The hub reads at most 256 KB of a request's body and holds 2,048 connections, none idle for
# more than 2 minutes (classroom/bounds.py): nothing anyone sends it grows its memory much.
from classroom import bounds  # noqa: E402

bounds.bound_this_process()
c.JupyterHub.cookie_secret_file = str(STATE / 'jupyterhub_cookie_secret')
c.JupyterHub.pid_file = str(STATE / 'jupyterhub.pid')
c.ConfigurableHTTPProxy.pid_file = str(STATE / 'jupyterhub-proxy.pid')
c.JupyterHub.cleanup_servers = True      # Ctrl-C stops every server too; the files stay
# (A hub that ends any other way, a crash or kill -9, stops nobody's server: the relay holds them,
# and the next hub adopts them.)
c.JupyterHub.template_vars = {'announcement_login': 'Your name and the password your teacher gave you.'}

# --- who logs in ----------------------------------------------------------------
c.JupyterHub.authenticator_class = HashedPasswordAuthenticator
c.HashedPasswordAuthenticator.hashes = roster.hashes
c.Authenticator.allowed_users = set(roster.hashes)
c.Authenticator.admin_users = {TEACHER}

# --- each student's server: their own workspace, the course's venv --------------
c.JupyterHub.spawner_class = SandboxSpawner
c.SandboxSpawner.workspaces = str(STATE / 'workspaces')
c.SandboxSpawner.homes = str(STATE / 'homes')
c.SandboxSpawner.edition = str(STATE / 'edition')
c.SandboxSpawner.memory_mb = LIMITS['CLASSROOM_MEMORY_MB']
c.SandboxSpawner.processes = LIMITS['CLASSROOM_PROCESSES']
c.SandboxSpawner.disk_mb = LIMITS['CLASSROOM_DISK_MB']
c.SandboxSpawner.group = f'pokerlib-classroom-{PORT}'     # the class's control groups (limits.py)
# Each server's own messages go to logs/NAME.log in the state folder, not to the teacher's
# terminal (thirty servers' start-up lines); the hub says there when one fails to start.
c.SandboxSpawner.logs = str(STATE / 'logs')
# Each server in a network of its own (classroom/doors.py): it listens on a unix socket in its
# run folder, and reaches the hub's API and the gradebook through the doors, unix sockets the
# relay answers; the hub's loopback, where everything else listens, is out of every student's reach.
c.SandboxSpawner.runs = str(STATE / 'run')
c.SandboxSpawner.doors_folder = str(STATE / 'doors')
c.SandboxSpawner.relay_state = str(STATE)
# Her kernels post each check to the gradebook (POKERLIB_GRADEBOOK), and her server reaches the
# follow view (POKERLIB_FOLLOW), each through a door of her own.
c.SandboxSpawner.services = {
    'gradebook': (f'127.0.0.1:{PORT + 3}', 'POKERLIB_GRADEBOOK=/services/gradebook/'),
    'follow': (f'127.0.0.1:{PORT + 4}', 'POKERLIB_FOLLOW=/services/follow/')}
c.Spawner.notebook_dir = str(STATE / 'workspaces' / '{username}')
c.Spawner.default_url = '/lab/tree/00-Contents.ipynb'
c.Spawner.cmd = [str(VENV_BIN / 'jupyterhub-singleuser')]
# No terminal: JupyterLab, its kernels and the course are all a student needs.
c.Spawner.args = ['--ServerApp.terminals_enabled=False', f'--ServerApp.log_level={c.JupyterHub.log_level}']
c.Spawner.env_keep = ['PATH', 'LANG', 'LC_ALL']
c.Spawner.environment = {'PATH': f'{VENV_BIN}:/usr/local/bin:/usr/bin:/bin'}
# Her server reads JupyterLab's extensions from the venv only, never from her home (which it
# would serve without a login, and run in the teacher's browser when she opens it): its data
# folder is an empty one of the venv's, read-only in her sandbox; its runtime files (the kernels'
# connection files) stay in her home.
NOTHING = VENV_BIN.parent / 'share' / 'jupyter-nothing'
NOTHING.mkdir(mode=0o755, parents=True, exist_ok=True)
c.Spawner.environment['JUPYTER_DATA_DIR'] = str(NOTHING)
c.Spawner.environment['JUPYTER_RUNTIME_DIR'] = lambda spawner: str(
    STATE / 'homes' / spawner.user.name / '.local' / 'share' / 'jupyter' / 'runtime')
c.Spawner.start_timeout = 120            # thirty students starting at once on two cores
c.Spawner.http_timeout = 120
# The edition is written here; each workspace is brought up to date from it by the
# spawner, inside the student's sandbox, with her rights: the teacher's from the teacher's
# edition (answers folded, in STATE/edition-teacher, which no student's sandbox shows).
c.Spawner.pre_spawn_hook = lambda spawner: choose_edition(spawner, ROOT, STATE, LANGUAGE, TEACHER)
# The hub's pages link each service by its path, on the hub's own address and port
# (classroom/templates/page.html); in Chinese, templates-zh/ does it too.
c.JupyterHub.template_paths = [str(HERE / 'templates')]
# The course's font in every student's JupyterLab; a class in Chinese: the language pack too,
# the hub's pages in Chinese (classroom/chinese.py).
chinese.configure(c, LANGUAGE, VENV_BIN.parent)

# --- services: the teacher's gradebook and the idle culler ----------------------
c.JupyterHub.services = [
    {
        'name': 'gradebook',
        'url': f'http://127.0.0.1:{PORT + 3}',
        'command': [sys.executable, '-m', 'classroom.gradebook'],
        'cwd': str(ROOT),           # the course's root: where classroom/ is found
        'environment': {'GRADEBOOK_WORKSPACES': str(STATE / 'workspaces'),
                        'GRADEBOOK_EDITION': str(STATE / 'edition'),
                        'GRADEBOOK_OUT': str(STATE / 'gradebook'),
                        'GRADEBOOK_STUDENTS': ' '.join(roster.students),
                        'GRADEBOOK_ROOT': str(ROOT),
                        'GRADEBOOK_LANGUAGE': LANGUAGE},
        'oauth_no_confirm': True,
        'display': True,
    },
    {
        'name': 'idle-culler',
        'command': [sys.executable, '-m', 'jupyterhub_idle_culler', f'--timeout={IDLE}'],
    },
]
c.JupyterHub.load_roles = [
    {'name': 'idle-culler', 'services': ['idle-culler'],
     'scopes': ['list:users', 'read:users:activity', 'read:servers', 'delete:servers']},
]
# Only admins (the teacher) get the admin role, which carries access:services;
# students get the default 'user' role (their own server only), so the gradebook
# answers them 403.

# --- the live classroom (issue 29; classroom/warmup.py, board.py, gradebook.py) ---------
# Every student's server starts with the hub (CLASSROOM_WARMUP at a time) and keeps
# running for the lesson (CLASSROOM_LESSON seconds); the idle culler starts after it.
# Each check in a student's kernel posts to the gradebook's own address, with her token.
from classroom import warmup  # noqa: E402

try:
    LIVE = warmup.settings(os.environ)
except ValueError as e:
    refuse(e)
c.JupyterHub.services.append(warmup.service(roster.students, LIVE))
c.JupyterHub.load_roles.append(warmup.role(roster.students))
for _service in c.JupyterHub.services:
    if _service['name'] == 'idle-culler':
        _service['command'] = warmup.after_lesson(LIVE.lesson, _service['command'])
# --- end of the live classroom --------------------------------------------------------

# --- follow along live (issue 42; classroom/follow.py, pokerlib/serving/follow.py) -------------
# The follow service: its page for the whole class; the teacher's server feeds it (the
# server extension pokerlib.serving.follow, loaded in every server; POKERLIB_FOLLOW_FEED=1 in hers
# alone), a student's server copies a cell from it. Both reach it at POKERLIB_FOLLOW.
c.JupyterHub.services.append({
    'name': 'follow',
    'url': f'http://127.0.0.1:{PORT + 4}',
    'command': [sys.executable, '-m', 'classroom.follow'],
    'cwd': str(ROOT),
    'environment': {'FOLLOW_TEACHER': TEACHER, 'FOLLOW_STUDENTS': ' '.join(roster.students),
                    'FOLLOW_LANGUAGE': LANGUAGE, 'FOLLOW_OUT': str(STATE / 'follow')},
    'oauth_no_confirm': True,
    'display': True,
})
c.JupyterHub.load_roles.append({'name': 'follow-along', 'users': [TEACHER, *roster.students],
                                'scopes': ['access:services!service=follow']})
# (POKERLIB_FOLLOW: her door to it, given by the spawner with the gradebook's; see above.)
c.Spawner.environment['POKERLIB_FOLLOW_FEED'] = lambda spawner: '1' if spawner.user.name == TEACHER else ''
c.Spawner.args.append('--ServerApp.jpserver_extensions=pokerlib.serving.follow=True')
# Feeding it takes a scope of its own, held by the token of the teacher's own server alone (the
# service checks the token's scopes, not whose it is): a token of hers that a student's server
# holds (her OAuth token when she opens it from the admin page) never has it.
c.JupyterHub.custom_scopes = {'custom:follow-feed': {'description': 'Feed the follow view.'}}
c.JupyterHub.load_roles.append({'name': 'follow-feed', 'users': [TEACHER],
                                'scopes': ['custom:follow-feed']})
c.Spawner.server_token_scopes = lambda spawner: ['users:activity!user', 'access:servers!server'] + (
    ['custom:follow-feed'] if spawner.user.name == TEACHER else [])
# --- end of follow along live -----------------------------------------------------------

# --- the relay: the proxy, the students' servers and every byte, outside the hub ---------
# (classroom/relay.py). The hub's services end with the hub (classroom/tether.py), so that a hub
# killed and started again starts its own; the relay, the proxy and the servers do not.
from classroom import relay  # noqa: E402

for _service in c.JupyterHub.services:
    if 'command' in _service:
        _service['command'] = [sys.executable, '-m', 'classroom.tether', *_service['command']]
        _service.setdefault('cwd', str(ROOT))
c.ConfigurableHTTPProxy.auth_token = relay.proxy_token(STATE)
try:
    RELAY = relay.lease(STATE, {
        'proxy': relay.proxy_command(c, IP, PORT, c.ConfigurableHTTPProxy.log_level),
        'proxy_env': {'CONFIGPROXY_AUTH_TOKEN': c.ConfigurableHTTPProxy.auth_token},
        'hub': f'127.0.0.1:{PORT + 1}',
        'services': {name: address for name, (address, _) in c.SandboxSpawner.services.items()},
        'group': c.SandboxSpawner.group, 'port': PORT,
        'adopt': whole_number('CLASSROOM_ADOPT', 600, 10, 10**6)})
except (OSError, relay.RelayError) as e:
    refuse(e)
# --- end of the relay -----------------------------------------------------------------

# Over plain HTTP on the classroom network, browsers send no Fetch Metadata (Sec-Fetch-Mode),
# so the hub (and the gradebook) cannot tell a page view from another kind of read, and say
# "Skipping XSRF check for insecure request" on every page any student opens. It is true of the
# whole class's connection, not of one request: said once (classroom/hub.py, OnceOnly).
from classroom.hub import OnceOnly  # noqa: E402

logging.getLogger('tornado.application').addFilter(OnceOnly())

urls = f'http://{DOMAIN}:{PORT}/'
c.ClassroomHub.state = str(STATE)
# Saving the class list or the passwords restarts the hub in place; nobody's work stops.
c.ClassroomHub.watch = [str(STUDENTS), str(PASSWORDS)]
c.ClassroomHub.teacher = TEACHER
c.ClassroomHub.read_at = READ_AT        # (as read above: a change while it starts counts)
c.ClassroomHub.cgroups = c.SandboxSpawner.group
c.ClassroomHub.banner = '\n'.join([
    '', tr(N_('The classroom: students open  {urls}')).format(urls=urls),
    tr(N_('  {n} students from {students}; passwords in {passwords}')).format(
        n=len(roster.students), students=STUDENTS, passwords=PASSWORDS),
    tr(N_('  the teacher logs in as {teacher!r}: the gradebook is at /services/gradebook/')).format(
        teacher=TEACHER),
    tr(N_('  work is kept in {state}')).format(state=STATE),
    tr(N_("  stop it with Ctrl-C (everyone's files stay)")),
    tr(N_("  a late student: add her name to {students} and save it; the hub restarts by itself "
          "and nobody's work stops")).format(students=STUDENTS),
    (tr(N_('  each student in a sandbox of her own, as a system account of her own (jupyter-NAME)'))
     if os.geteuid() == 0 else
     tr(N_('  each student in a sandbox of her own, all as your account (run it as root for an '
           'account per student)')))
    + (tr(N_('; each at most {memory} MB of memory (her /tmp included), {processes} processes and '
             '{disk} MB of disk, with an equal share of the cores'))
       if not (limits.Cgroups(f'pokerlib-classroom-{PORT}').problem() or limits.Disk.problem()) else
       tr(N_('; at most {processes} processes and {memory} MB a process'))).format(
        processes=LIMITS['CLASSROOM_PROCESSES'], memory=LIMITS['CLASSROOM_MEMORY_MB'],
        disk=LIMITS['CLASSROOM_DISK_MB']),
    tr(N_("  each student's server at its own address (NAME.{domain}), in a network of its own: "
          "she reaches the hub and its services, nothing else")).format(domain=DOMAIN),
    tr(N_("  each student's server writes its messages to {logs}")).format(
        logs=STATE / 'logs' / 'NAME.log'), ''])
