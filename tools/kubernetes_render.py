"""A student's pod as Zero to JupyterHub would start it, built here without a cluster.

    .venv-k8s/bin/python -m tools.kubernetes_render [VALUES] [--user NAME]   # make k8s-setup first

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
import ipaddress
import json
import sys
from pathlib import Path

import kubernetes_validate
import kubespawner.spawner
import yaml
from kubespawner import KubeSpawner
from traitlets.config import Config

from deploy.kubernetes import department

HERE = Path(__file__).resolve().parents[1] / 'deploy' / 'kubernetes'
"""The deployed folder: the chart's values and the manifests this checks (test tooling lives here,
in tools/, not there)."""
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
RELEASE = 'pokerlib'
"""The Helm release's name (the manual's `helm upgrade --install pokerlib ...`)."""
PRIVATE = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']
"""The private IPv4 ranges, as the chart's egress rules name them."""
NAMED_PORTS = {'hub': {'http': 8081}, 'proxy': {'http': 8000, 'https': 8443, 'api': 8001},
               'singleuser-server': {'notebook-port': 8888}}
"""The ports the chart's pods name, by component."""
ACCESS_LABELS = {'hub': ['network-access-proxy-api', 'network-access-proxy-http', 'network-access-singleuser'],
                 'proxy': ['network-access-hub', 'network-access-singleuser'],
                 'singleuser-server': []}
"""The hub.jupyter.org/... access labels the chart puts on each component's pods."""
RESOURCES = {('memory', 'limit'): 'mem_limit', ('memory', 'guarantee'): 'mem_guarantee',
             ('cpu', 'limit'): 'cpu_limit', ('cpu', 'guarantee'): 'cpu_guarantee'}


def hub_config(values, class_file=None) -> Config:
    """The KubeSpawner configuration the chart makes of values (the keys this course sets), and
    with class_file what hub.extraConfig adds to it (department.configure)."""
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
    c.JupyterHub.services = [{'name': name, **service}          # as the chart lists them
                             for name, service in values.get('hub', {}).get('services', {}).items()]
    c.JupyterHub.load_roles = []
    if class_file:           # hub.extraConfig's call, with the Secret's class.json
        department.configure(c, class_file, language=class_language(values))
    return c


def class_language(values) -> str:
    """The class's language, as hub.extraEnv gives the hub's hub.extraConfig (en by default)."""
    return values.get('hub', {}).get('extraEnv', {}).get('CLASSROOM_LANGUAGE', 'en')


class Stub:
    """What KubeSpawner reads of the hub and of the user, without a hub."""

    def __init__(self, **attributes):
        self.__dict__.update(attributes)


def spawner(values, name, class_file=None) -> KubeSpawner:
    """The KubeSpawner the hub would make for student name (no cluster, no hub: stubs).

    No cluster: KubeSpawner's loading of the cluster's address and credentials is skipped
    (it is only for talking to a cluster, which building a pod never does).
    """
    kubespawner.spawner.load_config = lambda **_: None
    user = Stub(name=name, id=7, url=f'/user/{name}/', escaped_name=name, settings={})
    hub = Stub(public_host='', url='http://hub:8081/hub/', base_url='/hub/',
               api_url='http://hub:8081/hub/api', host='')
    return KubeSpawner(_mock=True, config=hub_config(values, class_file), user=user, hub=hub,
                       api_token='a-token-for-the-test', oauth_client_id=f'jupyterhub-user-{name}')


def validate(data) -> str:
    """'' if data is a valid Kubernetes object (strict: no unknown field), else the reason."""
    try:
        kubernetes_validate.validate(data, KUBERNETES, strict=True)
    except kubernetes_validate.ValidationError as e:
        return f'{e.message} at {"/".join(map(str, e.path))}'
    return ''


def match_labels(component) -> dict:
    """The labels a chart's selector matches a component's pods by (its legacy labels)."""
    return {'app': 'jupyterhub', 'release': RELEASE, 'component': component}


def pod_labels(component, values) -> dict:
    """The labels of a component's pods, as chart 4.4.0 gives them (students': singleuser.extraLabels)."""
    labels = {**match_labels(component),
              **{f'hub.jupyter.org/{label}': 'true' for label in ACCESS_LABELS[component]}}
    if component == 'singleuser-server':
        labels.update(values.get('singleuser', {}).get('extraLabels',
                                                       {'hub.jupyter.org/network-access-hub': 'true'}))
    return labels


def egress_allowed(values, rules) -> list:
    """The egress rules the chart adds for a policy's egressAllowRules (and its own egress)."""
    allow, metadata = rules.get('egressAllowRules', {}), values.get('singleuser', {}).get(
        'cloudMetadata', {}).get('ip', '169.254.169.254') + '/32'
    made = []
    dns = ([{'ipBlock': {'cidr': metadata}}] if allow.get('dnsPortsCloudMetadataServer') else []) + (
        [{'namespaceSelector': {'matchLabels': {'kubernetes.io/metadata.name': 'kube-system'}}}]
        if allow.get('dnsPortsKubeSystemNamespace') else []) + (
        [{'ipBlock': {'cidr': cidr}} for cidr in PRIVATE] if allow.get('dnsPortsPrivateIPs') else [])
    if dns:
        made.append({'ports': [{'port': 53, 'protocol': 'UDP'}, {'port': 53, 'protocol': 'TCP'}], 'to': dns})
    if allow.get('nonPrivateIPs'):
        made.append({'to': [{'ipBlock': {'cidr': '0.0.0.0/0', 'except': [*PRIVATE, metadata]}}]})
    if allow.get('privateIPs'):
        made.append({'to': [{'ipBlock': {'cidr': cidr}} for cidr in PRIVATE]})
    if allow.get('cloudMetadataServer'):
        made.append({'to': [{'ipBlock': {'cidr': metadata}}]})
    return made + rules.get('egress', [])


def network_policies(values) -> dict:
    """component -> the NetworkPolicy chart 4.4.0 makes of values for the hub, the proxy and
    the students' servers (its templates' rules, with the values this course sets; the
    chart's defaults where the values are silent, as its values.yaml has them)."""
    everything = dict.fromkeys(['cloudMetadataServer', 'dnsPortsCloudMetadataServer',
                                'dnsPortsKubeSystemNamespace', 'dnsPortsPrivateIPs',
                                'nonPrivateIPs', 'privateIPs'], True)
    chart_defaults = {  # chart 4.4.0's values.yaml: the students' servers alone are kept from some
        'hub': everything, 'proxy': everything,
        'singleuser-server': {**everything, 'cloudMetadataServer': False, 'privateIPs': False}}
    open_ports = {'hub': [], 'proxy': ['http', 'https'], 'singleuser-server': []}   # allowedIngressPorts
    given = {'hub': values.get('hub', {}).get('networkPolicy', {}),
             'proxy': values.get('proxy', {}).get('chp', {}).get('networkPolicy', {}),
             'singleuser-server': values.get('singleuser', {}).get('networkPolicy', {})}
    fixed = {   # each template's own rules: (ingress, egress)
        'hub': ([{'ports': [{'port': 'http'}], 'from': [
                    {'podSelector': {'matchLabels': {'hub.jupyter.org/network-access-hub': 'true'}}}]}],
                [{'to': [{'podSelector': {'matchLabels': match_labels('proxy')}}], 'ports': [{'port': 8001}]},
                 {'to': [{'podSelector': {'matchLabels': match_labels('singleuser-server')}}],
                  'ports': [{'port': 8888}]}]),
        'proxy': ([{'ports': [{'port': 'http'}], 'from': [
                      {'podSelector': {'matchLabels': {'hub.jupyter.org/network-access-proxy-http': 'true'}}}]},
                   {'ports': [{'port': 'api'}], 'from': [
                      {'podSelector': {'matchLabels': {'hub.jupyter.org/network-access-proxy-api': 'true'}}}]}],
                  [{'to': [{'podSelector': {'matchLabels': match_labels('hub')}}], 'ports': [{'port': 8081}]},
                   {'to': [{'podSelector': {'matchLabels': match_labels('singleuser-server')}}],
                    'ports': [{'port': 8888}]}]),
        'singleuser-server': (
            [{'ports': [{'port': 'notebook-port'}], 'from': [
                {'podSelector': {'matchLabels': {'hub.jupyter.org/network-access-singleuser': 'true'}}}]}],
            [{'to': [{'podSelector': {'matchLabels': match_labels('hub')}}], 'ports': [{'port': 8081}]},
             {'to': [{'podSelector': {'matchLabels': match_labels('proxy')}}], 'ports': [{'port': 8000}]},
             {'to': [{'podSelector': {'matchLabels': match_labels('autohttps')}}],
              'ports': [{'port': 8080}, {'port': 8443}]}])}
    policies = {}
    for component, rules in given.items():
        if not rules.get('enabled', True):
            continue
        rules = {**rules, 'egressAllowRules': {**chart_defaults[component], **rules.get('egressAllowRules', {})}}
        ingress, egress = fixed[component]
        ports = rules.get('allowedIngressPorts', open_ports[component])
        opened = [{'ports': [{'port': port} for port in ports]}] if ports else []
        policies[component] = {
            'apiVersion': 'networking.k8s.io/v1', 'kind': 'NetworkPolicy',
            'metadata': {'name': component if component != 'singleuser-server' else 'singleuser'},
            'spec': {'podSelector': {'matchLabels': match_labels(component)}, 'policyTypes': ['Ingress', 'Egress'],
                     'ingress': opened + ingress + rules.get('ingress', []),
                     'egress': egress + egress_allowed(values, rules)}}
    return policies


def _selects(selector, labels) -> bool:
    return all(labels.get(k) == v for k, v in selector.get('matchLabels', {}).items())


def _peer(peer, pod) -> bool:
    """Whether a rule's from/to entry stands for pod ({'labels', 'ip', 'namespace'})."""
    if 'ipBlock' in peer:
        ip = ipaddress.ip_address(pod['ip'])
        return ip in ipaddress.ip_network(peer['ipBlock']['cidr']) and not any(
            ip in ipaddress.ip_network(cidr) for cidr in peer['ipBlock'].get('except', []))
    if 'namespaceSelector' in peer:
        if not _selects(peer['namespaceSelector'], {'kubernetes.io/metadata.name': pod['namespace']}):
            return False
    elif pod['namespace'] != RELEASE:
        return False
    return 'podSelector' not in peer or _selects(peer['podSelector'], pod['labels'])


def _rule(rule, peers_key, peer, port, target) -> bool:
    ports = [NAMED_PORTS.get(target['labels'].get('component'), {}).get(p['port'], p['port'])
             for p in rule.get('ports', [])]
    return (not ports or port in ports) and (
        peers_key not in rule or any(_peer(p, peer) for p in rule[peers_key]))


def reaches(policies, source, target, port) -> bool:
    """Whether pod source may open a TCP connection to pod target's port, under policies
    (NetworkPolicy's rules: a pod no policy selects is open that way; one that is selected
    lets through only what a rule allows). A pod: {'labels', 'ip', 'namespace'}."""
    def allowed(direction, pod, key, peer):
        chosen = [p['spec'] for p in policies.values() if pod['namespace'] == RELEASE
                  and direction in p['spec']['policyTypes'] and _selects(p['spec']['podSelector'], pod['labels'])]
        return not chosen or any(_rule(rule, key, peer, port, target)
                                 for spec in chosen for rule in spec.get(direction.lower(), []))
    return allowed('Egress', source, 'to', target) and allowed('Ingress', target, 'from', source)


async def render(values, name, class_file=None) -> dict:
    """Her pod and claim, and every object's validation error (none: {})."""
    made = spawner(values, name, class_file)
    client = made.api.api_client                 # made by KubeSpawner, never connected
    pod = client.sanitize_for_serialization(await made.get_pod_manifest())
    pvc = client.sanitize_for_serialization(made.get_pvc_manifest())
    await client.close()
    objects = {'pod': pod, 'pvc': pvc,
               **{f'NetworkPolicy {c}': policy for c, policy in network_policies(values).items()}}
    for file in MANIFESTS:
        for number, document in enumerate(yaml.safe_load_all((HERE / file).read_text())):
            objects[f'{file}#{number} {document.get("kind")}'] = document
    errors = {what: reason for what, obj in objects.items() if (reason := validate(obj))}
    return {'pod': pod, 'pvc': pvc, 'objects': sorted(objects), 'errors': errors}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('values', nargs='?', default=HERE / 'values.yaml', type=Path)
    parser.add_argument('--user', default='ada')
    parser.add_argument('--class-file', type=Path, help="class.json (department.py's): as the hub reads it")
    args = parser.parse_args(argv)
    values = yaml.safe_load(args.values.read_text())
    print(json.dumps(asyncio.run(render(values, args.user, args.class_file)), indent=1))
    return 0


if __name__ == '__main__':
    sys.exit(main())
