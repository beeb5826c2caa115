"""A department's class on Zero to JupyterHub (deploy/kubernetes/), checked without a cluster.

KubeSpawner, in .venv-k8s (`make k8s-setup`), is given the hub configuration of
deploy/kubernetes/values.yaml and builds a student's pod and her volume's claim with its
own code (tools/kubernetes_render.py); the tests check the pod, and that every object
the project writes validates against Kubernetes' schema (kubernetes-validate, strict).
The image's recipe (deploy/kubernetes/Dockerfile) is read: every file it copies exists,
its base is pinned, pip installs pinned requirements only, and no teacher's edition or
solution reaches the final image. No docker engine, registry or cluster runs here.

Without .venv-k8s the tests that need it are skipped and say so, except in CI (CI=true),
where they fail.
"""

import contextlib
import json
import os
import re
import shlex
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / 'deploy' / 'kubernetes'
K8S_PYTHON = ROOT / '.venv-k8s' / 'bin' / 'python'
IN_CI = os.environ.get('CI', '').lower() in ('1', 'true', 'yes')
MB = 2**20
CLASSROOM_MEMORY_MB, CLASSROOM_DISK_MB = 2048, 1024   # the one machine's defaults (classroom/spawner.py)


def require_k8s():
    """Skip, saying what is missing (fail instead in CI)."""
    if not K8S_PYTHON.exists():
        message = 'needs .venv-k8s (make k8s-setup)'
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)


def k8s(*argv) -> str:
    """Run a program of deploy/kubernetes/ in .venv-k8s; its output."""
    require_k8s()
    done = subprocess.run([str(K8S_PYTHON), *argv], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)     # from the course's root, as the hub's image runs
    assert done.returncode == 0, done.stderr
    return done.stdout


@cache
def rendered() -> dict:
    """render.py's answer for the student ada: her pod, her claim, every object's errors."""
    return json.loads(k8s('-m', 'tools.kubernetes_render', '--user', 'ada'))


def values() -> dict:
    """values.yaml, read by .venv-k8s's PyYAML (the course's .venv has none)."""
    return json.loads(k8s('-c', 'import json, yaml; print(json.dumps(yaml.safe_load(open("deploy/kubernetes/values.yaml"))))'))


def container(pod, name='notebook') -> dict:
    return next(c for c in pod['spec']['containers'] + pod['spec'].get('initContainers', [])
                if c['name'] == name)


@pytest.mark.slow
def test_the_students_pod_as_kubespawner_builds_it():
    pod = rendered()['pod']
    server = container(pod)
    image = values()['singleuser']['image']
    assert server['image'] == f"{image['name']}:{image['tag']}"
    assert image['tag'] != 'latest' and re.fullmatch(r'[\w.-]+', image['tag'])
    resources = server['resources']
    assert resources['limits']['memory'] == CLASSROOM_MEMORY_MB * MB
    assert 228.5e6 <= resources['requests']['memory'] <= 512 * MB   # above a student's peak (228.5 MB)
    assert resources['requests']['cpu'] == 0.1 and resources['limits']['cpu'] == 1
    security = server['securityContext']
    assert security['runAsUser'] == 1000 and security['runAsNonRoot'] is True
    assert security['allowPrivilegeEscalation'] is False
    assert security['capabilities'] == {'drop': ['ALL']}
    assert pod['spec']['securityContext']['fsGroup'] == 1000
    # Her own volume, at her home; her workspace (the server's root) inside it.
    (volume,) = pod['spec']['volumes']
    assert volume['persistentVolumeClaim']['claimName'] == 'claim-ada'
    assert server['volumeMounts'] == [{'mountPath': '/home/jovyan', 'name': volume['name']}]
    env = {e['name']: e.get('value') for e in server['env']}
    assert env['CLASSROOM_LANGUAGE'] == 'en'
    # Her server reaches the hub's API through the proxy (her pod never reaches the hub's port).
    assert env['JUPYTERHUB_USER'] == 'ada' and env['JUPYTERHUB_API_URL'] == 'http://proxy-public/hub/api'
    assert env['JUPYTERHUB_ROOT_DIR'] == '/home/jovyan/workspace'
    assert env['JUPYTERHUB_DEFAULT_URL'] == '/lab/tree/00-Contents.ipynb'
    assert env['POKERLIB_GRADEBOOK'] == 'http://hub:8093/services/gradebook/'   # straight from her pod
    assert server['args'][0] == 'jupyterhub-singleuser'
    assert '--ServerApp.terminals_enabled=False' in server['args']


@pytest.mark.slow
def test_the_workspace_is_synced_before_her_server_starts():
    pod = rendered()['pod']
    sync, server = container(pod, 'workspace-sync'), container(pod)
    assert sync['image'] == server['image']           # one image, spelled twice in values.yaml
    script = shlex.split(sync['command'][-1])
    assert script[:4] == ['exec', 'python', '-m', 'pokerlib.serving.workspace']
    assert script[5] == '/home/jovyan/workspace'
    assert {e['name']: e['value'] for e in sync['env']}['CLASSROOM_LANGUAGE'] == \
        {e['name']: e.get('value') for e in server['env']}['CLASSROOM_LANGUAGE']
    assert sync['volumeMounts'][0]['name'] == server['volumeMounts'][0]['name']
    assert sync['securityContext']['runAsUser'] == 1000
    assert sync['securityContext']['allowPrivilegeEscalation'] is False


@pytest.mark.slow
def test_her_volume_and_the_rest_of_the_class_settings():
    assert rendered()['pvc']['spec']['resources']['requests']['storage'] == '1Gi'   # CLASSROOM_DISK_MB
    assert CLASSROOM_DISK_MB * MB == 2**30
    settings = values()
    rules = settings['singleuser']['networkPolicy']
    assert rules['enabled'] is True
    # Nothing but the hub, the proxy (the chart's policy always allows both) and DNS.
    assert not any(allowed for rule, allowed in rules['egressAllowRules'].items()
                   if not rule.startswith('dnsPorts'))
    assert settings['cull'] == {**settings['cull'], 'enabled': True, 'timeout': 3600}
    assert settings['prePuller']['continuous']['enabled'] is True
    assert settings['scheduling']['userPlaceholder']['replicas'] > 0
    assert {'gradebook', 'follow'} <= set(settings['hub']['services'])
    for name in ('gradebook', 'follow'):
        python, option, module = settings['hub']['services'][name]['command']
        assert option == '-m' and (ROOT / (module.replace('.', '/') + '.py')).exists()


@pytest.mark.slow
def test_every_object_validates_against_kubernetes_schema():
    answer = rendered()
    assert answer['errors'] == {}
    assert {'pod', 'pvc', 'grade-job.yaml#0 Job', 'grade-job.yaml#1 NetworkPolicy', 'NetworkPolicy hub',
            'NetworkPolicy proxy', 'NetworkPolicy singleuser-server'} <= set(answer['objects'])
    # The validation can fail: a misspelt field and a wrong type are each refused.
    refusals = json.loads(k8s('-c', '''if True:
        import json
        from tools import kubernetes_render as render
        pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "x"},
               "spec": {"containers": [{"name": "x", "image": "x:1", "resourcez": {}}]}}
        job = {"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "x"},
               "spec": {"backoffLimit": "none", "template": {"spec": {"containers": []}}}}
        print(json.dumps([render.validate(pod), render.validate(job)]))'''))
    assert all(refusals), refusals


def dockerfile_stages(text) -> list:
    """The Dockerfile's stages: [(FROM's line, [its instructions, continuation lines joined])]."""
    stages = []
    for line in re.sub(r'\\\n', ' ', text).splitlines():
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        if line.upper().startswith('FROM '):
            stages.append((line, []))
        else:
            stages[-1][1].append(line)
    return stages


def copies(instructions) -> list:
    """[(--from stage or None, [sources])] of the COPY instructions."""
    found = []
    for line in instructions:
        if line.upper().startswith('COPY '):
            words = line.split()[1:]
            stage = next((w.split('=', 1)[1] for w in words if w.startswith('--from=')), None)
            paths = [w for w in words if not w.startswith('--')]
            found.append((stage, paths[:-1]))
    return found


def recipe_problems(text, student=True) -> list:
    """What is wrong with a Dockerfile's recipe, one line each (none: []).

    Every base image pinned by a version tag; every file it copies from the repository
    there; pip given pinned requirements only (each line ==) and pokerlib as a copy; for the
    student's image (student), two stages, and nothing of the teacher's in the final one.
    """
    problems = []
    stages = dockerfile_stages(text)
    for base, _ in stages:
        image = base.split()[1]
        if not re.fullmatch(r'[\w./-]+:\d[\w.-]*', image) or 'latest' in image:
            problems.append(f'{image}: not pinned by a version tag')
    for _, instructions in stages:
        for stage, sources in copies(instructions):
            problems += [f'{source}: not in the repository' for source in sources
                         if stage is None and not (ROOT / source).exists()]
        for line in instructions:
            problems += pip_problems(line)
    if not student:
        return problems
    if len(stages) != 2:
        return problems + ['not two stages (the edition, the image)']
    return problems + final_stage_problems(stages[-1][1])


def pip_problems(line) -> list:
    """What is wrong with the pip installs of one instruction: anything but pinned
    requirements files (each line ==) and pokerlib as a copy (--no-deps .)."""
    problems = []
    for command in re.findall(r'pip install ([^&]*)', line):
        words = [w for w in command.split() if w != '--no-cache-dir']
        files = [words[i + 1] for i, w in enumerate(words) if w == '-r']
        others = [w for i, w in enumerate(words) if w != '-r' and (i == 0 or words[i - 1] != '-r')]
        if others not in ([], ['--no-deps', '.']):
            problems.append(f'pip install {command.strip()}: not pinned requirements only')
        for file in files:
            source = ROOT / {'/tmp/requirements.txt': 'requirements.txt'}.get(file, file)
            lines = source.read_text().splitlines() if source.is_file() else []
            problems += [f'{file}: {line} is not pinned' for line in
                         (line.split('#')[0].strip() for line in lines)
                         if line and not line.startswith('-e ')
                         and not re.match(r'[\w.-]+==[\w.]+', line)]
    return problems


def final_stage_problems(final) -> list:
    """What is wrong with the student's image's final stage (its instructions): the edition
    not copied from the first stage, anything of the teacher's in it (notebooks, catalogs,
    a solution), or not run as uid 1000."""
    problems = []
    if ('edition', ['/edition']) not in copies(final):
        problems.append("the student's edition is not copied from the first stage")
    for stage, sources in copies(final):
        if stage not in (None, 'edition'):
            problems.append(f'--from={stage}: not the edition stage')
        for source in (s for s in sources if stage is None):
            if source.startswith(('notebooks', 'locale', 'teacher')):
                problems.append(f'{source}: the teacher\'s, in the final image')
            tree = [ROOT / source] if (ROOT / source).is_file() else (ROOT / source).rglob('*')
            problems += [f'{file}: a solution, in the final image' for file in tree
                         if file.suffix in ('.ipynb', '.po')          # (editions.py names it)
                         and b'### BEGIN SOLUTION' in file.read_bytes()]
    if not (final[-1].startswith('CMD') and 'USER 1000' in final):
        problems.append('the final image does not run as uid 1000')
    return problems


@pytest.mark.slow
def test_the_image_recipes():
    assert recipe_problems((DEPLOY / 'Dockerfile').read_text()) == []
    assert recipe_problems((DEPLOY / 'hub.Dockerfile').read_text(), student=False) == []


@pytest.mark.slow
def test_the_recipe_check_finds_each_kind_of_mistake():
    good = (DEPLOY / 'Dockerfile').read_text()
    for mistake in [good.replace('FROM python:3.11.7-slim-bookworm', 'FROM python:latest', 1),
                    good.replace('FROM python:3.11.7-slim-bookworm', 'FROM python', 1),
                    good.replace('COPY pokerlib/ /tmp/course/pokerlib/', 'COPY pokerlibs/ /tmp/course/pokerlib/'),
                    good.replace('pip install --no-deps .', 'pip install --no-deps -e .'),
                    good.replace('pip install --no-deps .', 'pip install numpy'),
                    good.replace('COPY jupyter/ /tmp/course/jupyter/', 'COPY notebooks/ /opt/course/edition/'),
                    good.replace('COPY --from=edition /edition', 'COPY --from=0 /src/notebooks'),
                    good.replace('USER 1000', 'USER root')]:
        assert mistake != good and recipe_problems(mistake), mistake


@pytest.mark.slow
def test_the_class_list_reaches_the_hub_and_its_services(tmp_path, monkeypatch):
    """department.py, with a stand-in for classroom/roster.py (it needs JupyterHub's packages):
    class.json carries names and hashes, and the hub's config gets them."""
    import contextlib
    import importlib.util
    import io
    import sys
    import types

    from traitlets.config import Config

    class Roster:
        students, hashes = ['ada', 'grace'], {'ada': 's$1', 'grace': 's$2', 'teacher': 's$3'}

    class Authenticator:
        pass

    roster = types.SimpleNamespace(HashedPasswordAuthenticator=Authenticator, RosterError=ValueError,
                                   load_roster=lambda *args: Roster)
    monkeypatch.setitem(sys.modules, 'classroom.roster', roster)
    def servers_apart(name, domain, kind):    # (classroom/spawner.py's, which needs JupyterHub too)
        return domain
    monkeypatch.setitem(sys.modules, 'classroom.spawner', types.SimpleNamespace(servers_apart=servers_apart))
    spec = importlib.util.spec_from_file_location('department', DEPLOY / 'department.py')
    department = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(department)
    class_file = tmp_path / 'class.json'
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert department.main(['students.txt', 'passwords.txt', 'Teacher']) == 0
    class_file.write_text(printed.getvalue())
    the_class = json.loads(printed.getvalue())
    assert the_class == {'teacher': 'teacher', 'students': ['ada', 'grace'], 'hashes': Roster.hashes}
    assert 'password' not in printed.getvalue()
    c = Config()                         # as the chart's jupyterhub_config.py leaves it
    c.JupyterHub.load_roles = []
    c.JupyterHub.subdomain_host = values()['hub']['config']['JupyterHub']['subdomain_host']
    c.JupyterHub.services = [{'name': 'gradebook', 'environment': {'GRADEBOOK_STUDENTS': ''}},
                             {'name': 'follow', 'environment': {}}, {'name': 'idle-culler'}]
    department.configure(c, class_file)
    assert c.JupyterHub.authenticator_class is Authenticator
    assert c.JupyterHub.subdomain_hook is servers_apart       # the services on the hub's address
    assert c.Authenticator.allowed_users == {'ada', 'grace', 'teacher'}
    assert c.Authenticator.admin_users == {'teacher'}
    assert c.JupyterHub.services[0]['environment']['GRADEBOOK_STUDENTS'] == 'ada grace'
    assert c.JupyterHub.services[1]['environment'] == {'FOLLOW_STUDENTS': 'ada grace',
                                                       'FOLLOW_TEACHER': 'teacher'}
    assert c.JupyterHub.services[2] == {'name': 'idle-culler'}
    roles = {role['name']: role for role in c.JupyterHub.load_roles}
    assert roles['follow-along']['users'] == ['teacher', 'ada', 'grace']
    # The follow view's feed: a scope of its own, the teacher's, her server's token's alone.
    assert roles['follow-feed'] == {'name': 'follow-feed', 'users': ['teacher'],
                                    'scopes': ['custom:follow-feed']}
    scopes = c.KubeSpawner.server_token_scopes
    for name, feeds in (('teacher', True), ('ada', False)):
        spawner = types.SimpleNamespace(user=types.SimpleNamespace(name=name))
        assert ('custom:follow-feed' in scopes(spawner)) is feeds
    assert c.HashedPasswordAuthenticator.proxies == ['*']     # only the proxy reaches the hub's port
    school = Config()                    # the school's login: its authenticator stays
    school.JupyterHub.load_roles, school.JupyterHub.services = [], []
    school.JupyterHub.subdomain_host = c.JupyterHub.subdomain_host
    school.JupyterHub.authenticator_class = 'generic-oauth'
    department.configure(school, class_file, passwords=False)
    assert school.JupyterHub.authenticator_class == 'generic-oauth'
    assert school.Authenticator.allowed_users == {'ada', 'grace', 'teacher'}


NETWORK = '''if True:
    import json, sys, yaml
    from tools import kubernetes_render as render
    values = yaml.safe_load(open("deploy/kubernetes/values.yaml"))
    for path, value in json.loads(sys.argv[1]).items():     # "a.b.c": value, a change to values
        *keys, last = path.split(".")
        node = values
        for key in keys:
            node = node.setdefault(key, {})
        node[last] = value
    policies = render.network_policies(values)
    pod = lambda component, ip, namespace="pokerlib": {
        "labels": render.pod_labels(component, values) if component else {}, "ip": ip, "namespace": namespace}
    pods = {"ada": pod("singleuser-server", "10.8.0.11"), "grace": pod("singleuser-server", "10.8.1.12"),
            "hub": pod("hub", "10.8.2.2"), "proxy": pod("proxy", "10.8.3.3"),
            "dns": pod(None, "10.96.0.10", "kube-system"), "metadata": pod(None, "169.254.169.254", "-"),
            "internet": pod(None, "8.8.8.8", "-"), "elsewhere": pod(None, "10.9.9.9", "other")}
    print(json.dumps({f"{a} {b}:{port}": render.reaches(policies, pods[a], pods[b], port)
                      for a, b, port in json.loads(sys.argv[2])}))'''


def reach(paths, changes=None) -> dict:
    """'from to:port' -> whether the chart's network policies, made of values.yaml (with changes),
    let that connection through."""
    return json.loads(k8s('-c', NETWORK, json.dumps(changes or {}), json.dumps(paths)))


@pytest.mark.slow
def test_a_students_pod_reaches_the_hub_and_the_proxy_and_nothing_else():
    paths = [('ada', 'grace', 8888), ('ada', 'grace', 53), ('ada', 'grace', 8080), ('grace', 'ada', 8888),
             ('ada', 'hub', 8093), ('ada', 'hub', 8094), ('ada', 'hub', 22),
             ('ada', 'metadata', 80), ('ada', 'internet', 443), ('ada', 'elsewhere', 80),
             ('ada', 'hub', 8081), ('ada', 'proxy', 8000), ('ada', 'dns', 53),
             ('proxy', 'ada', 8888), ('hub', 'ada', 8888), ('proxy', 'hub', 8093), ('proxy', 'hub', 8094),
             ('proxy', 'hub', 8081)]
    allowed = reach(paths)
    assert [p for p, ok in allowed.items() if ok] == [
        'ada hub:8093', 'ada proxy:8000', 'ada dns:53',          # the gradebook (her checks), the proxy
        'proxy ada:8888', 'hub ada:8888',                        # (the hub's API, the follow view), DNS;
        'proxy hub:8093', 'proxy hub:8094', 'proxy hub:8081'], allowed   # never the hub's own port
    # The same reading lets a classmate in when the policies allow it: it can tell them apart.
    opened = reach(paths[:2] + [('ada', 'internet', 443)], {
        'singleuser.networkPolicy.enabled': False})
    assert all(opened.values()), opened
    egress = reach([('ada', 'hub', 8093), ('ada', 'internet', 443)], {
        'singleuser.networkPolicy.egressAllowRules.privateIPs': True,
        'singleuser.networkPolicy.egressAllowRules.nonPrivateIPs': True,
        'hub.networkPolicy.ingress': [{'ports': [{'port': 8093}]}]})
    assert all(egress.values()), egress


@pytest.mark.slow
def test_the_hub_image_holds_the_course_beside_the_charts_own_packages():
    """.venv-k8s is the hub's image made without docker (hub-image.txt, then the course as
    hub.Dockerfile adds it): pip finds no broken requirement, and the chart's JupyterHub and
    KubeSpawner are still the image's, the single-user server's JupyterHub the same."""
    assert 'No broken requirements found' in k8s('-m', 'pip', 'check')
    pins = dict(line.split('==') for line in (DEPLOY / 'hub-image.txt').read_text().splitlines()
                if '==' in line and not line.startswith('#'))
    versions = json.loads(k8s('-c', 'import json, jupyterhub, kubespawner; '
                                    'print(json.dumps([jupyterhub.__version__, kubespawner.__version__]))'))
    assert versions == [pins['jupyterhub'], pins['jupyterhub-kubespawner']]
    assert f"jupyterhub=={pins['jupyterhub']}" in (DEPLOY / 'singleuser-requirements.txt').read_text()


HUB_CONFIG = '''
# The chart's hub configuration for the class's services, on loopback (tests/test_kubernetes.py);
# the hub runs from the course's root (python -m: on its path, as the hub's image has it).
import contextlib
import json
import yaml
from deploy.kubernetes import department
from tools import kubernetes_render as render
settings = json.loads({settings!r})
values = yaml.safe_load(open({values!r}))
c.JupyterHub.bind_url = settings['url']
c.JupyterHub.hub_bind_url = settings['hub']
c.ConfigurableHTTPProxy.api_url = settings['proxy_api']
c.ConfigurableHTTPProxy.command = [settings['chp']]
c.JupyterHub.db_url = 'sqlite:///' + settings['folder'] + '/hub.sqlite'
c.JupyterHub.cookie_secret_file = settings['folder'] + '/cookie_secret'
c.JupyterHub.pid_file = settings['folder'] + '/jupyterhub.pid'
c.ConfigurableHTTPProxy.pid_file = settings['folder'] + '/proxy.pid'
c.JupyterHub.log_level = 'WARN'
hub = render.hub_config(values)            # hub.config, and the services as the chart lists them
c.JupyterHub.tornado_settings = hub.JupyterHub.tornado_settings
c.JupyterHub.services, c.JupyterHub.load_roles = [], []
for service in hub.JupyterHub.services:     # the pod's paths and the Service's name, made local
    service = json.loads(json.dumps(service))
    for old, new in settings['paths'].items():
        service['command'] = [new if word == old else word.replace(old, new) for word in service['command']]
        service['environment'] = {{k: v.replace(old, new) for k, v in service.get('environment', {{}}).items()}}
        if 'cwd' in service:
            service['cwd'] = service['cwd'].replace(old, new)
    service['url'] = settings['services'][service['name']]
    service['environment']['SERVICE_LISTEN_IP'] = '127.0.0.1'
    c.JupyterHub.services.append(service)
department.configure(c, settings['folder'] + '/class.json', one_origin=True,   # hub.extraConfig's call,
                     language=settings.get('language') or render.class_language(values))  # hub.extraEnv's
# (one_origin: on loopback the class has one address; the chart's values give it an address a server)
'''


@contextlib.contextmanager
def chart_hub(tmp_path, language=None):
    """The chart's JupyterHub (5.5.0, .venv-k8s) with values.yaml's services and hub.extraConfig's
    department.configure (language: as hub.extraEnv's CLASSROOM_LANGUAGE would give it), on
    loopback; yields its address and the class's passwords, and stops it."""
    import requests
    import signal
    import time
    require_k8s()
    chp = ROOT / 'classroom' / 'node_modules' / '.bin' / 'configurable-http-proxy'
    if not chp.exists():
        (pytest.fail if IN_CI else pytest.skip)('needs classroom/node_modules (make classroom-setup)')
    (tmp_path / 'students.txt').write_text('ada\ngrace\n')
    the_class = k8s('-m', 'deploy.kubernetes.department', str(tmp_path / 'students.txt'),
                    str(tmp_path / 'passwords.txt'), 'teacher')
    (tmp_path / 'class.json').write_text(the_class)
    passwords = dict(line.split(None, 1) for line in (tmp_path / 'passwords.txt').read_text().splitlines()
                     if line.strip() and not line.startswith('#'))
    made = subprocess.run([str(K8S_PYTHON), '-m', 'tools.editions', 'student', str(tmp_path / 'edition')],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)     # as hub.Dockerfile
    assert made.returncode == 0, made.stderr
    from tools.classroom.simulate import free_ports
    base = free_ports(5)
    url = f'http://127.0.0.1:{base}'
    settings = {'url': url, 'hub': f'http://127.0.0.1:{base + 1}', 'proxy_api': f'http://127.0.0.1:{base + 2}',
                'chp': str(chp), 'folder': str(tmp_path), 'language': language,
                'services': {'gradebook': f'http://127.0.0.1:{base + 3}', 'follow': f'http://127.0.0.1:{base + 4}'},
                'paths': {'python3': str(K8S_PYTHON), '/srv/course/edition/en': str(tmp_path / 'edition'),
                          '/srv/course': str(ROOT), '/srv/gradebook': str(tmp_path / 'gradebook')}}
    config = tmp_path / 'jupyterhub_config.py'
    config.write_text(HUB_CONFIG.format(settings=json.dumps(settings),
                                        values=str(DEPLOY / 'values.yaml')))
    log = (tmp_path / 'hub.log').open('w')
    hub = subprocess.Popen([str(K8S_PYTHON), '-m', 'jupyterhub', '-f', str(config)], cwd=ROOT,
                           stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            assert hub.poll() is None, (tmp_path / 'hub.log').read_text()[-3000:]
            try:
                if requests.get(f'{url}/hub/api', timeout=5).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            assert time.monotonic() < deadline, (tmp_path / 'hub.log').read_text()[-3000:]
            time.sleep(0.5)
        yield url, passwords, settings
    finally:
        if hub.poll() is None:
            os.killpg(hub.pid, signal.SIGTERM)
        try:
            hub.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, signal.SIGKILL)
        log.close()


@pytest.mark.slow
def test_a_chinese_class_gets_the_courses_chinese_pages_from_the_charts_hub(tmp_path):
    """With hub.extraEnv's CLASSROOM_LANGUAGE=zh_CN, the chart's hub says its own pages (login,
    home, an error) with the course's Chinese templates and font, as the one machine's does;
    with values.yaml as it is (en), JupyterHub's own English."""
    import requests
    from tools.classroom.simulate import Student

    def said(response):       # the page as the browser reads it (JupyterHub's pages are UTF-8)
        response.encoding = 'utf-8'
        return response
    assert values()['hub']['extraEnv']['CLASSROOM_LANGUAGE'] == 'en'
    assert "language=os.environ['CLASSROOM_LANGUAGE']" in values()['hub']['extraConfig']['pokerlib-class']
    with chart_hub(tmp_path, 'zh_CN') as (url, passwords, _):
        login = said(requests.get(f'{url}/hub/login', timeout=10))
        assert login.status_code == 200 and 'lang = "zh-CN"' in login.text, login.text[:800]
        assert '登录' in login.text and 'Sign in' not in login.text and 'NotoSansSC-Course' in login.text, login.text
        font = requests.get(f'{url}/hub/static/pokerlib/NotoSansSC-Course.otf', timeout=10)
        assert font.status_code == 200 and font.content[:4] == b'OTTO'
        missing = said(requests.get(f'{url}/hub/no-such-page', timeout=10))
        assert missing.status_code == 404 and '404 : 找不到页面' in missing.text, missing.text[:800]
        ada = Student(url, 'ada', passwords['ada'])
        assert ada.log_in().status_code == 302
        home = said(ada.get('hub/home'))
        assert home.status_code == 200 and 'lang = "zh-CN"' in home.text, home.text[:800]
        assert 'Start My Server' not in home.text and 'Logout' not in home.text
    english = tmp_path / 'en'
    english.mkdir()
    with chart_hub(english) as (url, _, _):
        login = said(requests.get(f'{url}/hub/login', timeout=10))
        assert login.status_code == 200 and 'Sign in' in login.text and '登录' not in login.text


@pytest.mark.slow
def test_the_class_services_run_under_the_charts_hub(tmp_path):
    """The chart's JupyterHub (5.5.0, .venv-k8s) with values.yaml's services and hub.extraConfig's
    department.configure, on loopback: the teacher logs in with her password and opens the
    gradebook, a student cannot; everyone opens the follow view; a student's check, posted
    through the proxy with her token as her kernel posts it, reaches the teacher's live board."""
    import requests
    from tools.classroom.simulate import Student
    with chart_hub(tmp_path) as (url, passwords, settings):
        teacher, ada = Student(url, 'teacher', passwords['teacher']), Student(url, 'ada', passwords['ada'])
        assert teacher.log_in().status_code == 302 and ada.log_in().status_code == 302
        assert all(cookie.get_nonstandard_attr('SameSite') == 'Lax' for cookie in teacher.http.cookies
                   if cookie.name.startswith('jupyterhub-')), teacher.http.cookies
        book = teacher.get('services/gradebook/')
        assert book.status_code == 200 and 'Gradebook' in book.text, book.text[:500]
        assert ada.get('services/gradebook/').status_code == 403
        for person in (teacher, ada):
            page = person.get('services/follow/')
            assert page.status_code == 200 and 'Follow the teacher' in page.text, page.text[:500]
        # Her kernel's token (the hub makes one for her server), her check posted as check posts it.
        made = ada.http.post(f'{url}/hub/api/users/ada/tokens', json={'note': 'kernel'},
                             headers={'X-XSRFToken': ada.cookie('_xsrf', '/hub/')}, timeout=30)
        assert made.status_code == 201, made.text
        token = made.json()['token']
        post = subprocess.run([str(ROOT / '.venv' / 'bin' / 'python'), '-c', '''if True:
            import sys
            from pokerlib.practice import Report, live
            env = {"POKERLIB_GRADEBOOK": sys.argv[1], "JUPYTERHUB_API_TOKEN": sys.argv[2], "JUPYTERHUB_USER": "ada"}
            assert live.send(Report("flush", "pass", "9 cases passed", sentence=False), "flush", env)
            assert live.flush(30)''', f"{settings['services']['gradebook']}/services/gradebook/", token],
            capture_output=True, text=True, timeout=60)
        assert post.returncode == 0, post.stderr
        with teacher.http.get(f'{url}/services/gradebook/events', stream=True, timeout=30) as events:
            for line in events.iter_lines(decode_unicode=True):
                if line.startswith('data: '):
                    state = json.loads(line[len('data: '):])
                    break
        assert state['cells']['ada']['flush']['status'] == 'pass' and state['passed']['flush'] == 1, state
        # Posted through the proxy (as a browser would): refused; checks come from students' pods.
        assert requests.post(f'{url}/services/gradebook/api/verdicts',
                             data=b'{}', headers={'Authorization': f'token {token}'},
                             timeout=10).status_code == 403


@pytest.mark.slow
def test_each_students_server_on_its_own_address_when_the_class_has_one(tmp_path):
    """With the chart's subdomain_host, department.configure keeps the services on the hub's
    address and gives each student's server her own (the one machine's hook)."""
    class_file = tmp_path / 'class.json'
    class_file.write_text(json.dumps({'teacher': 't', 'students': ['ada'], 'hashes': {}}))
    answer = json.loads(k8s('-c', '''if True:
        import json, sys
        from traitlets.config import Config
        from deploy.kubernetes import department
        made = {}
        for host in ("", "https://poker.school.example"):
            c = Config()
            c.JupyterHub.services, c.JupyterHub.load_roles = [], []
            if host:
                c.JupyterHub.subdomain_host = host
            try:
                department.configure(c, sys.argv[1], passwords=False)
            except SystemExit as e:
                made[host or "none"] = str(e)
                continue
            hook = c.JupyterHub.get("subdomain_hook")
            made[host or "none"] = hook and [hook("ada", "poker.school.example", kind) for kind in ("user", "service")]
        print(json.dumps(made))''', str(class_file)))
    assert answer['https://poker.school.example'] == ['ada.poker.school.example', 'poker.school.example']
    # Without an address per server the hub is not started (one line): the origins are apart by default.
    assert answer['none'].startswith('department: hub.config.JupyterHub.subdomain_host is not set')
    assert values()['hub']['config']['JupyterHub']['subdomain_host'].startswith('https://')


@pytest.mark.slow
def test_no_image_a_students_pod_runs_is_the_hubs():
    """The hub's image holds the teacher's edition (the gradebook judges with it): a student's pod
    (her server, its workspace sync) runs the course's image only, built without a solution
    (test_the_image_recipes)."""
    single = values()['singleuser']
    course = f"{single['image']['name']}:{single['image']['tag']}"
    hub = values()['hub']['image']
    images = {course} | {c['image'] for c in single.get('initContainers', [])}
    assert images == {course} and f"{hub['name']}:{hub['tag']}" not in images and 'hub' not in course
