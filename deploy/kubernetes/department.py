"""The class list and its passwords for the hub on Zero to JupyterHub (site/manual/department.md).

On the teacher's machine, from the class list (classroom/students.txt, one name a line), as
`make classroom` does: new passwords for whoever has none (classroom/passwords.txt, for the
teacher), and the file the hub reads, class.json (names and salted hashes, no password):

    .venv-hub/bin/python -m deploy.kubernetes.department classroom/students.txt \\
        classroom/passwords.txt teacher > class.json        # from the course's root
    kubectl -n pokerlib create secret generic pokerlib-class --from-file=class.json

In the hub (values.yaml's hub.extraConfig), `configure(c, '/srv/class/class.json')` lets in
the class and the teacher with the one machine's authenticator (classroom/roster.py), gives
the gradebook and the follow view the class list, lets everyone open the follow view and
lets the teacher's server feed it.
"""

import importlib
import json
import sys
from pathlib import Path

def classroom(module):
    """A module of classroom/ (the one machine's class server), from the course's root on the
    hub's path (the hub's image puts /srv/course there; on the teacher's machine, ``-m`` from
    the course's root does)."""
    return importlib.import_module(f'classroom.{module}')


def roster():
    """classroom/roster.py, the one machine's class list and authenticator."""
    return classroom('roster')


LANGUAGES = ('en', 'zh_CN')
"""The class's languages (values.yaml's hub.extraEnv CLASSROOM_LANGUAGE), as on one machine."""


def configure(c, class_file, passwords=True, one_origin=False, language='en') -> None:
    """Set the hub's config c for the class in class_file (written by main).

    passwords: let them in with the class's passwords (roster.py's authenticator); False
    where the school's login (hub.config's authenticator) says who they are: only the
    names on the list, and the teacher, get in. Without the chart's subdomain_host (each
    student's server on an address of its own) the hub is refused (SystemExit, one line),
    unless one_origin (a test on loopback). language: the hub's own pages (login, home,
    errors) in Chinese for zh_CN, the course's templates as on one machine (classroom/chinese.py).

    Run after the chart's own configuration, which makes c.JupyterHub.services (from
    hub.services) and c.JupyterHub.load_roles lists.
    """
    if not c.JupyterHub.get('subdomain_host') and not one_origin:
        raise SystemExit("department: hub.config.JupyterHub.subdomain_host is not set: every "
                         "student's server needs a web address of its own (values.yaml, "
                         "site/manual/department.md)")
    if language not in LANGUAGES:
        raise SystemExit(f"department: CLASSROOM_LANGUAGE={language!r}: the course is in en or zh_CN")
    the_class = json.loads(Path(class_file).read_text(encoding='utf-8'))
    students, teacher = the_class['students'], the_class['teacher']
    if passwords:
        c.JupyterHub.authenticator_class = roster().HashedPasswordAuthenticator
        c.HashedPasswordAuthenticator.hashes = the_class['hashes']
        # Only the proxy's pods (and the hub's own) reach the hub's port (values.yaml's network
        # policies): every forwarded address it sees is the proxy's.
        c.HashedPasswordAuthenticator.proxies = ['*']
    classroom('bounds').bound_this_process()     # the hub's bodies and connections, as on one machine
    # The feed of the follow view takes a scope the teacher's server's token alone holds.
    c.JupyterHub.custom_scopes = {'custom:follow-feed': {'description': 'Feed the follow view.'}}
    c.JupyterHub.load_roles.append({'name': 'follow-feed', 'users': [teacher],
                                    'scopes': ['custom:follow-feed']})
    c.KubeSpawner.server_token_scopes = lambda spawner: ['users:activity!user', 'access:servers!server'] + (
        ['custom:follow-feed'] if spawner.user.name == teacher else [])
    c.Authenticator.allowed_users = {teacher, *students}
    c.Authenticator.admin_users = {teacher}
    lists = {'gradebook': {'GRADEBOOK_STUDENTS': ' '.join(students)},
             'follow': {'FOLLOW_STUDENTS': ' '.join(students), 'FOLLOW_TEACHER': teacher}}
    for service in c.JupyterHub.services:
        if service['name'] in lists:
            service.setdefault('environment', {}).update(lists[service['name']])
    c.JupyterHub.load_roles.append({'name': 'follow-along', 'users': [teacher, *students],
                                    'scopes': ['access:services!service=follow']})
    # With a server on a web address of its own for each student (the chart's subdomain_host),
    # the services stay on the hub's own address, as on one machine.
    if c.JupyterHub.get('subdomain_host'):
        c.JupyterHub.subdomain_hook = classroom('spawner').servers_apart
    classroom('chinese').hub_pages(c, language)   # the hub's pages in the class's language
    # The teacher's server feeds the follow view (pokerlib.serving.follow), hers alone, as on one machine.
    c.KubeSpawner.environment.update(
        {'POKERLIB_FOLLOW_FEED': lambda spawner: '1' if spawner.user.name == teacher else ''})


def main(argv=None) -> int:
    """Print class.json for the class list: names and hashes (new passwords into PASSWORDS)."""
    students_file, passwords_file, teacher = (sys.argv[1:] if argv is None else argv)
    try:
        the_class = roster().load_roster(Path(students_file), Path(passwords_file), teacher.lower())
    except roster().RosterError as e:
        print(f'department: {e}', file=sys.stderr)
        return 1
    print(json.dumps({'teacher': teacher.lower(), 'students': the_class.students,
                      'hashes': the_class.hashes}, indent=1))
    return 0


if __name__ == '__main__':
    sys.exit(main())
