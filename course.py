"""The course's commands, on any machine with Python 3.11 or newer (make not needed).

USAGE, below, says them; `python course.py` prints it, in Chinese in a Chinese shell.
"""

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path


def N_(text: str) -> str:
    """Marks a message for the library's catalog (as pokerlib.i18n.N_ does); say() translates it."""
    return text


USAGE = N_("""Usage:

    python course.py setup        create .venv and install the course (first time only)
    python course.py lab          your own copy of the course (workspace/), in JupyterLab
                                  (--port 8890: on that port; the lab commands all take it)
    python course.py progress     which exercises your copies (workspace/, workspace-zh/) pass
    python course.py test         the tests, in under a minute (extra arguments go to pytest)
    python course.py test-slow    the slow tests that `test` leaves out
    python course.py lab-teacher  the teacher's copy to project (teacher/), answers folded
    python course.py lab-edit     the course's own notebooks (notebooks/), to edit the course
    python course.py student      the student's edition in student/, to hand out
    python course.py lab-zh       the course in Chinese: your own copy (workspace-zh/), in
                                  JupyterLab in Chinese, with the course's Chinese font
    python course.py lab-teacher-zh  the Chinese teacher's copy to project (teacher-zh/)

On Windows, type `py course.py lab` if `python` is not found. The Makefile
calls this file, so `make lab` and `python course.py lab` are the same.
This file uses the standard library only: everything else runs in .venv.
Ctrl-C stops a command quietly.
""")
"""What `python course.py` (or -h) prints: the commands."""

ROOT = Path(__file__).resolve().parent
VENV = ROOT / '.venv'
STAMP = '.installed-requirements'
INPUTS = ['requirements.txt', 'pyproject.toml', 'jupyter/overrides.json',
          'jupyter/pokerlib-course.json', 'jupyter/ipython_kernel_config.json']
SETTINGS = {   # JupyterLab's and the kernel's settings, put into .venv (never the home folder)
    'jupyter/overrides.json': 'share/jupyter/lab/settings/overrides.json',
    'jupyter/pokerlib-course.json': 'etc/jupyter/jupyter_server_config.d/pokerlib-course.json',
    'jupyter/ipython_kernel_config.json': 'etc/ipython/ipython_kernel_config.json',
}
FOLDERS = {'lab': 'workspace', 'lab-teacher': 'teacher', 'lab-edit': 'notebooks',
           'lab-zh': 'workspace-zh', 'lab-teacher-zh': 'teacher-zh'}
"""The folder each lab command serves."""
EDITIONS = {'lab': 'workspace', 'lab-teacher': 'teacher', 'lab-zh': 'workspace',
            'lab-teacher-zh': 'teacher'}
"""The edition (tools.editions) each lab command writes into its folder first."""
CHINESE = {'lab-zh', 'lab-teacher-zh'}
"""The lab commands of the course in Chinese."""
ZH_SETTINGS = 'share/jupyter/lab/user-settings-zh'
"""JupyterLab's settings for the course in Chinese (in .venv): its interface's language."""
ZH_LOCALE = 'locale/zh_CN/jupyterlab/@jupyterlab/translation-extension/plugin.jupyterlab-settings'
LAB_CONFIG = 'etc/jupyter-course'
"""JupyterLab's config folder for the course (in .venv): custom/ holds the course's Chinese font
and its custom.css, for the Chinese edition and the English one's Chinese (00's glossary)."""


def bin_dir(venv, os_name=os.name) -> Path:
    """Where a venv keeps its programs: Scripts\\ on Windows, bin/ elsewhere."""
    return Path(venv) / ('Scripts' if os_name == 'nt' else 'bin')


def program(venv, name, os_name=os.name) -> Path:
    """A program of the venv: .venv/bin/jupyter, or .venv\\Scripts\\jupyter.exe on Windows."""
    return bin_dir(venv, os_name) / (name + '.exe' if os_name == 'nt' else name)


def lab_command(folder, venv=VENV, os_name=os.name, root=None, port=None, chinese=False) -> list:
    """The command that opens JupyterLab on folder, its layout kept in .lab-layouts/<folder>.

    port: the port to serve on (JupyterLab's own choice, 8888 or the next free one, if None).
    chinese: the course in Chinese (see lab_env); every lab command has the course's
    custom.css (its Chinese font).
    """
    if root is None:
        root = os_name != 'nt' and hasattr(os, 'geteuid') and os.geteuid() == 0
    layouts = ROOT / '.lab-layouts' / Path(folder).name
    return ([str(program(venv, 'jupyter', os_name)), 'lab']
            + (['--allow-root'] if root else [])     # JupyterLab needs it to run as root
            + ['--LabApp.default_url=/lab/tree/00-Contents.ipynb',
               f'--LabApp.workspaces_dir={layouts}']
            + ['--LabApp.custom_css=True']
            + ([f'--ServerApp.port={port}', '--ServerApp.port_retries=0'] if port else []))


def lab_env(venv=VENV, environ=None, chinese=False) -> dict:
    """The environment of the course's JupyterLab: its config folder in the venv.

    The config folder's custom/ holds the course's font and the custom.css that
    uses it (pokerlib.serving.fonts.lab_font). Your own settings stay where they were
    (~/.jupyter/lab/user-settings), except for the course in Chinese, which has
    a settings folder of its own in the venv: the interface's language (the
    language pack, jupyterlab-language-pack-zh-CN).
    """
    environ = dict(os.environ if environ is None else environ)
    own = environ.get('JUPYTERLAB_SETTINGS_DIR') or str(
        Path(environ.get('JUPYTER_CONFIG_DIR') or Path.home() / '.jupyter') / 'lab' / 'user-settings')
    return dict(environ, JUPYTER_CONFIG_DIR=str(Path(venv) / LAB_CONFIG),
                JUPYTERLAB_SETTINGS_DIR=str(Path(venv) / ZH_SETTINGS) if chinese else own)


def lab_setup(venv=VENV, chinese=False) -> int:
    """Put the course's font (and, in Chinese, the interface's language) into the venv's folders."""
    if chinese:
        settings = Path(venv) / ZH_SETTINGS / ZH_LOCALE.split('jupyterlab/', 1)[1]
        settings.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / ZH_LOCALE, settings)
    custom = Path(venv) / LAB_CONFIG / 'custom'
    return run([program(venv, 'python'), '-c',
                f'from pokerlib.serving.fonts import lab_font; lab_font({str(custom)!r})'])


def lab_options(args) -> dict:
    """The options of a lab command: `--port 8890` or `--port=8890` (1-65535), or a clear error."""
    options, args = {}, list(args)
    while args:
        arg = args.pop(0)
        if arg == '--port' and args:
            value = args.pop(0)
        elif arg.startswith('--port='):
            value = arg.split('=', 1)[1]
        else:
            raise ValueError(say('unknown option {option} (the lab commands take --port N)').format(
                option=repr(arg)))
        if not (value.isdigit() and 1 <= int(value) <= 65535):
            raise ValueError(say('--port {value}: a port is a number from 1 to 65535').format(
                value=repr(value)))
        options['port'] = int(value)
    return options


def needs_setup(venv=VENV, root=ROOT) -> bool:
    """True unless .venv exists and was set up after every file it is made from last changed."""
    stamp = Path(venv) / STAMP
    python = program(venv, 'python')
    if not stamp.exists() or not python.exists():
        return True
    made = stamp.stat().st_mtime
    return any((root / f).exists() and (root / f).stat().st_mtime > made for f in INPUTS)


STOPPED = []
"""Set when Ctrl-C was pressed."""


def run(cmd, cwd=ROOT, env=None) -> int:
    """Run a command to its end. Ctrl-C reaches it from the console, and it stops in its own way."""
    proc = subprocess.Popen([str(c) for c in cmd], cwd=cwd, env=env)
    status = proc.wait()          # a Ctrl-C here only sets STOPPED: the wait goes on
    if STOPPED:
        raise KeyboardInterrupt
    return status


def shell_is_chinese() -> bool:
    """Whether this shell's locale is Chinese, by pokerlib.i18n's own rule (a Chinese Windows
    without LANG included), read from its file: it needs the standard library only."""
    import importlib.util
    try:
        spec = importlib.util.spec_from_file_location('course_i18n', ROOT / 'pokerlib' / 'i18n.py')
        i18n = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(i18n)
        return i18n.shell_language() == 'zh_CN'
    except Exception:          # (an old Python that cannot read it: English)
        return False


def say(text, chinese=None) -> str:
    """text, or its Chinese from the library's catalog (pokerlib/locale, compiled and committed),
    read with the standard library: course.py speaks before the library is installed.
    In Chinese for the Chinese commands, and for every command in a Chinese shell."""
    if not (chinese or shell_is_chinese()):
        return text
    import gettext
    return gettext.translation('pokerlib', ROOT / 'pokerlib' / 'locale', languages=['zh_CN'],
                               fallback=True).gettext(text)


def setup(chinese=False) -> int:
    if sys.version_info < (3, 11):
        print(say('pokerlib needs Python 3.11 or newer; this is {version}').format(
            version=sys.version.split()[0]), file=sys.stderr)
        return 1
    if not needs_setup():
        return 0
    python = program(VENV, 'python')
    if not python.exists():
        print(say("Setting up .venv, the course's own Python environment (a minute or two, "
                  "once)...", chinese or None), flush=True)
        import venv
        venv.create(VENV, with_pip=True)
    # PYTHONWARNINGS: no setuptools banner about editable installs in a beginner's terminal.
    env = dict(os.environ, PYTHONWARNINGS='ignore', PIP_DISABLE_PIP_VERSION_CHECK='1')
    for args in (['install', '--quiet', '--upgrade', 'pip'],
                 ['install', '--quiet', '-r', 'requirements.txt']):
        status = run([python, '-m', 'pip', *args], env=env)
        if status:
            return status
    for source, target in SETTINGS.items():
        dest = VENV / target
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / source, dest)
    (VENV / STAMP).touch()
    return 0


def editions(what, folder, language=None) -> int:
    return run([program(VENV, 'python'), '-m', 'tools.editions', what, ROOT / folder]
               + (['--language', language] if language else []))


def lab(command, port=None) -> int:
    folder, chinese = FOLDERS[command], command in CHINESE
    if command in EDITIONS:
        status = editions(EDITIONS[command], folder, 'zh_CN' if chinese else None)
    else:
        print(say('Editing the course itself: notebooks/ is tracked by git; '
                  'run a notebook top to bottom before you commit it.'))
        status = 0
    if not status:
        status = lab_setup(chinese=chinese)
    if status:
        return status
    (ROOT / '.lab-layouts' / folder).mkdir(parents=True, exist_ok=True)
    print(say('JupyterLab is starting; press Ctrl-C twice here to stop it.', chinese or None),
          flush=True)
    return run(lab_command(folder, port=port, chinese=chinese), cwd=ROOT / folder,
               env=lab_env(chinese=chinese))


def main(argv) -> int:
    commands = ['setup', 'lab', 'lab-teacher', 'lab-edit', 'student', 'test', 'test-slow',
                'progress', 'lab-zh', 'lab-teacher-zh']
    if not argv or argv[0] not in commands:
        print(say(USAGE))
        return 0 if argv[:1] in (['-h'], ['--help']) else 2
    command, extra = argv[0], argv[1:]
    if command in FOLDERS:
        try:
            options = lab_options(extra)
        except ValueError as error:
            print(f'course.py {command}: {error}', file=sys.stderr)
            return 2
    status = setup(chinese=command in CHINESE)
    if status or command == 'setup':
        return status
    python = program(VENV, 'python')
    if command in FOLDERS:
        return lab(command, **options)
    if command == 'student':
        return editions('student', 'student')
    if command == 'progress':
        return run([python, '-m', 'pokerlib', 'progress', *extra])   # workspace/, workspace-zh/
    slow = ['-m', 'slow'] if command == 'test-slow' else []
    # One worker per core; --dist loadscope keeps each notebook's cells together, in order.
    # Python may write its bytecode (in __pycache__ folders, which git ignores) even where the
    # shell says not to (PYTHONDONTWRITEBYTECODE): else each of pytest's processes rewrites
    # the asserts of every test module again, about 5 s each time.
    env = {k: v for k, v in os.environ.items() if k != 'PYTHONDONTWRITEBYTECODE'}
    return run([python, '-m', 'pytest', '-n', 'auto', '--dist', 'loadscope', *slow, *extra],
               env=env)


def cli(argv, command=main) -> int:
    """command(argv), with Ctrl-C handled: the child stops in its own way, and the end is quiet.

    The child (JupyterLab, pytest, pip) gets Ctrl-C from the console itself;
    here it is only noted. The status is then 130, as shells report Ctrl-C,
    or 0 under make, so that make adds no "*** Interrupt" or "Error 130" line.
    """
    signal.signal(signal.SIGINT, lambda signum, frame: STOPPED.append(signum))
    try:
        status = command(argv)
        if STOPPED:
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        status = 0 if os.environ.get('MAKELEVEL') else 130
    return status


if __name__ == '__main__':
    sys.exit(cli(sys.argv[1:]))
