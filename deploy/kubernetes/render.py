"""A student's pod as Zero to JupyterHub would start it, built here without a cluster.

    .venv-k8s/bin/python deploy/kubernetes/render.py [VALUES] [--user NAME]   # make k8s-setup first

Reads the chart's values (deploy/kubernetes/values.yaml), gives KubeSpawner the hub
configuration they stand for (the keys of them this course uses, as chart 4.4.0's
jupyterhub_config.py maps them: `hub_config`), builds her pod and her volume's claim with
KubeSpawner's own code, validates them and every manifest of deploy/kubernetes/ against
Kubernetes' schema (kubernetes-validate, strict, Kubernetes KUBERNETES), and prints one JSON
object: {"pod": ..., "pvc": ..., "errors": {"what": "message"}}. tests/test_kubernetes.py
checks it. It needs .venv-k8s (deploy/kubernetes/requirements.txt), never the course's .venv.
"""

import argparse
import asyncio
import json
import sys
from pathlib import Path

import kubernetes_validate
import kubespawner.spawner
import yaml
from kubespawner import KubeSpawner
from traitlets.config import Config

HERE = Path(__file__).resolve().parent
KUBERNETES = '1.33.0'
"""The Kubernetes whose schema every object is validated against (chart 4.4.0 needs 1.28 or later)."""
MANIFESTS = ['grade-job.yaml']
"""The manifests of deploy/kubernetes/ applied with kubectl (values.yaml is the chart's)."""
SINGLEUSER = {'uid': 'uid', 'fsGid': 'fs_gid', 'initContainers': 'init_containers',
              'lifecycleHooks': 'lifecycle_hooks', 'extraEnv': 'environment',
              'startTimeout': 'start_timeout', 'extraPodConfig': 'extra_pod_config',
              'nodeSelector': 'node_selector', 'extraLabels': 'extra_labels',
              'serviceAccountName': 'service_account'}
"""singleuser.KEY: KubeSpawner's trait, as the chart's jupyterhub_config.py sets them."""
RESOURCES = {('memory', 'limit'): 'mem_limit', ('memory', 'guarantee'): 'mem_guarantee',
             ('cpu', 'limit'): 'cpu_limit', ('cpu', 'guarantee'): 'cpu_guarantee'}


def hub_config(values) -> Config:
    """The KubeSpawner configuration the chart makes of values (the keys this course sets)."""
    c = Config()
    single = values.get('singleuser', {})
    for key, trait in SINGLEUSER.items():
        if key in single:
            c.KubeSpawner[trait] = single[key]
    for (key, which), trait in RESOURCES.items():
        if single.get(key, {}).get(which) is not None:
            c.KubeSpawner[trait] = single[key][which]
    image = single['image']
    c.KubeSpawner.image = f"{image['name']}:{image['tag']}"
    c.KubeSpawner.image_pull_policy = image.get('pullPolicy', 'IfNotPresent')
    c.KubeSpawner.allow_privilege_escalation = single.get('allowPrivilegeEscalation')
    if 'cmd' in single:
        c.KubeSpawner.cmd = single['cmd']
    storage = single.get('storage', {})
    if storage.get('type') == 'dynamic':          # the chart's defaults: claim-NAME, volume-NAME
        c.KubeSpawner.pvc_name_template = 'claim-{username}{servername}'
        c.KubeSpawner.storage_pvc_ensure = True
        c.KubeSpawner.storage_capacity = storage['capacity']
        c.KubeSpawner.storage_access_modes = ['ReadWriteOnce']
        c.KubeSpawner.volumes = [{'name': 'volume-{username}{servername}',
                                  'persistentVolumeClaim': {'claimName': '{pvc_name}'}}]
        c.KubeSpawner.volume_mounts = [{'name': 'volume-{username}{servername}',
                                        'mountPath': storage['homeMountPath']}]
    for section, traits in values.get('hub', {}).get('config', {}).items():
        for trait, value in traits.items():
            c[section][trait] = value
    return c


class Stub:
    """What KubeSpawner reads of the hub and of the user, without a hub."""

    def __init__(self, **attributes):
        self.__dict__.update(attributes)


def spawner(values, name) -> KubeSpawner:
    """The KubeSpawner the hub would make for student name (no cluster, no hub: stubs).

    No cluster: KubeSpawner's loading of the cluster's address and credentials is skipped
    (it is only for talking to a cluster, which building a pod never does).
    """
    kubespawner.spawner.load_config = lambda **_: None
    user = Stub(name=name, id=7, url=f'/user/{name}/', escaped_name=name, settings={})
    hub = Stub(public_host='', url='http://hub:8081/hub/', base_url='/hub/',
               api_url='http://hub:8081/hub/api', host='')
    return KubeSpawner(_mock=True, config=hub_config(values), user=user, hub=hub,
                       api_token='a-token-for-the-test', oauth_client_id=f'jupyterhub-user-{name}')


def validate(data) -> str:
    """'' if data is a valid Kubernetes object (strict: no unknown field), else the reason."""
    try:
        kubernetes_validate.validate(data, KUBERNETES, strict=True)
    except kubernetes_validate.ValidationError as e:
        return f'{e.message} at {"/".join(map(str, e.path))}'
    return ''


async def render(values, name) -> dict:
    """Her pod and claim, and every object's validation error (none: {})."""
    made = spawner(values, name)
    client = made.api.api_client                 # made by KubeSpawner, never connected
    pod = client.sanitize_for_serialization(await made.get_pod_manifest())
    pvc = client.sanitize_for_serialization(made.get_pvc_manifest())
    await client.close()
    objects = {'pod': pod, 'pvc': pvc}
    for file in MANIFESTS:
        for number, document in enumerate(yaml.safe_load_all((HERE / file).read_text())):
            objects[f'{file}#{number} {document.get("kind")}'] = document
    errors = {what: reason for what, obj in objects.items() if (reason := validate(obj))}
    return {'pod': pod, 'pvc': pvc, 'objects': sorted(objects), 'errors': errors}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('values', nargs='?', default=HERE / 'values.yaml', type=Path)
    parser.add_argument('--user', default='ada')
    args = parser.parse_args(argv)
    values = yaml.safe_load(args.values.read_text())
    print(json.dumps(asyncio.run(render(values, args.user)), indent=1))
    return 0


if __name__ == '__main__':
    sys.exit(main())
