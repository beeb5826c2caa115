"""A student's server without the hub's database layer (pokerlib/serving/singleuser.py, issue 51).

The request log is our own and tested here; that the server starts and works
is every hub test's (the class server starts each student's with it); what it
no longer loads is tested in the class server's venv (.venv-hub), where
JupyterHub is.
"""

import logging
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from pokerlib.serving import singleuser

ROOT = Path(__file__).resolve().parent.parent
HUB_PYTHON = ROOT / '.venv-hub' / 'bin' / 'python'
IN_CI = os.environ.get('CI', '').lower() in ('1', 'true', 'yes')


def handler(status, path='/user/ada/api/contents', query='token=SECRET123'):
    request = SimpleNamespace(method='GET', path=path, query=query,
                              uri=f'{path}?{query}', request_time=lambda: 0.0123)
    return type('APIHandler', (), {'get_status': lambda self: status, 'request': request})()


@pytest.mark.parametrize('status, level', [(200, logging.INFO), (304, logging.DEBUG),
                                           (403, logging.WARNING), (502, logging.ERROR)])
def test_a_request_is_logged_at_its_level_without_its_query(caplog, status, level):
    with caplog.at_level(logging.DEBUG, logger='tornado.access'):
        singleuser.log_request(handler(status))
    [record] = caplog.records
    assert record.levelno == level
    line = record.getMessage()
    assert line == f'{status} GET /user/ada/api/contents 12.30ms'
    assert 'SECRET123' not in line and 'token' not in line


def test_a_deferred_module_loads_when_a_name_is_read_and_then_is_the_real_one():
    sys.modules.pop('wave', None)
    [stand_in] = singleuser.defer(['wave'])
    assert sys.modules['wave'] is stand_in and 'Wave_read' not in vars(stand_in)
    assert stand_in.Wave_read.__name__ == 'Wave_read'
    real = sys.modules['wave']
    assert real is not stand_in and type(real).__name__ == 'module'
    assert singleuser.defer(['wave']) == []             # (imported: left as it is)


PROBE = '''
import sys
from pokerlib.serving import singleuser
singleuser.stand_ins()
import jupyterhub.singleuser, jupyterhub.singleuser.extension
from jupyterhub.singleuser.mixins import log_request
print('alembic' in sys.modules, type(sys.modules['jupyterhub.orm']).__name__,
      any(m.startswith('sqlalchemy.orm') for m in sys.modules), log_request is singleuser.log_request)
from jupyterhub import scopes
print(scopes.orm.User.__tablename__, type(sys.modules['jupyterhub.orm']).__name__)
from jupyterhub.log import coroutine_frames       # what the server reads to print its stacks
print(coroutine_frames.__module__, type(sys.modules['jupyterhub.log']).__name__)
'''


@pytest.mark.slow          # JupyterHub imported in a fresh interpreter: seconds
def test_the_server_imports_none_of_the_hubs_database_until_it_is_used():
    """...and the request log is ours, while any other name of the hub's log module is the real one."""
    if not HUB_PYTHON.exists():
        (pytest.fail if IN_CI else pytest.skip)('the class server venv: make classroom-setup')
    # (from the course's root: python -c imports this checkout's pokerlib first)
    out = subprocess.run([str(HUB_PYTHON), '-c', PROBE], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    before, after, other = out.stdout.splitlines()
    assert before == 'False Deferred False True'     # no Alembic, no tables, no ORM; our log
    assert after == 'users module'                  # used: the real one, loaded then
    assert other == 'jupyterhub.log module'         # another name of the log: the real one
