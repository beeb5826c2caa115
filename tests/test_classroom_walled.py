"""The hub's Grade computes the official grade where the course's answers are absent (issue 49;
slow: a real JupyterHub on loopback).

Two students of notebook 01 on a real hub: ``ada`` writes her own flush and kind;
``mallory`` defines them from the course's code, one by a copy of its code object with a
constant added and its locals renamed, one by calling the private helper
``pokerlib.fast._ranking``, and runs a cell that execs ``pokerlib.ranking``'s source with a
name changed (the attack that got five official passes before). The teacher presses Grade:
ada's pass, none of mallory's does, and the grade page flags mallory's notebook as the
course's own code (no text of hers looks like the course's).
"""

import re

import pytest

from test_classroom import NOTEBOOK, TEACHER, Hub, Student, missing  # noqa: F401
from test_classroom import needs_hub  # noqa: F401  (the fixture)

ANSWERS = {
    'ada': {
        'flush': "def flush(hand):\n    # ada's answer\n    return len({s for r, s in hand}) == 1",
        'kind': ("def kind(n, ranks):\n    # ada's answer\n    counts = {}\n"
                 "    for r in ranks:\n        counts[r] = counts.get(r, 0) + 1\n"
                 "    return next((r for r in ranks if counts[r] == n), None)"),
    },
    'mallory': {
        'flush': ("import types\n_inner = flush.__wrapped__\n_code = _inner.__code__\n"
                  "flush = types.FunctionType(_code.replace(\n"
                  "    co_consts=_code.co_consts + ('mine',),\n"
                  "    co_varnames=tuple('v%d' % i for i in range(len(_code.co_varnames)))),\n"
                  "    globals(), 'flush', _inner.__defaults__, _inner.__closure__)"),
        'kind': ("def kind(n, ranks):\n    from pokerlib.fast import _ranking\n"
                 "    return _ranking(tuple(sorted(ranks, reverse=True)), False)[1][0]"),
    },
}
EXEC_SOURCE = ("import inspect, pokerlib.ranking\n"
               "exec(inspect.getsource(pokerlib.ranking).replace('two_pair', 'two_pair'), globals())")


def _answer(hub, name):
    """One student: log in, start her server, put her answers in, run notebook 01, save it."""
    student = Student(hub.url, name, hub.passwords()[name])
    assert student.log_in().status_code == 302
    student.start_server()
    nb = student.read_notebook(NOTEBOOK)
    for function, source in ANSWERS[name].items():
        [cell] = [c for c in nb['cells'] if c['cell_type'] == 'code'
                  and c['source'].startswith(f'def {function}(')]
        cell['source'] = source
    if name == 'mallory':
        nb['cells'].append({'cell_type': 'code', 'metadata': {}, 'outputs': [],
                            'execution_count': None, 'source': EXEC_SOURCE})
    student.run_notebook(nb, NOTEBOOK)
    student.save_notebook(NOTEBOOK, nb)


@pytest.mark.slow
def test_the_hub_s_grade_gives_nothing_for_the_course_s_code(needs_hub, tmp_path):  # noqa: F811
    hub = Hub(tmp_path, list(ANSWERS))
    hub.start()
    try:
        for name in ANSWERS:
            _answer(hub, name)
        teacher = Student(hub.url, TEACHER, hub.passwords()[TEACHER])
        assert teacher.log_in().status_code == 302
        page = teacher.grade(timeout=600)      # (RuntimeError past ten minutes)
        import csv
        import io
        rows = list(csv.DictReader(io.StringIO(teacher.get('services/gradebook/grades.csv').text)))
        grade = {(r['student'], r['exercise']): r['grade'] for r in rows}
        assert grade['ada', 'flush'] == grade['ada', 'kind'] == 'pass', rows
        passed = [r['exercise'] for r in rows if r['student'] == 'mallory' and r['grade'] == 'pass']
        assert passed == [], rows
        similar = re.search(r'<ul id="similar">.*?</ul>', page.text, re.S)
        assert similar and 'mallory' in similar.group() and 'ada' not in similar.group(), \
            page.text[:3000]
    finally:
        hub.stop()
