"""The practice package's rooms follow its processes: a student's kernel loads no judge, no
exercise and no grader; no module of the package imports one that imports it back."""

import ast
import json
import subprocess
import sys
from pathlib import Path

PRACTICE = Path(__file__).resolve().parents[2] / 'pokerlib' / 'practice'


def _modules_after(statement) -> list:
    """The pokerlib modules a fresh interpreter holds after `statement`."""
    out = subprocess.run([sys.executable, '-c', statement + '\nimport json, sys\n'
                          'print(json.dumps(sorted(m for m in sys.modules '
                          "if m.split('.')[0] == 'pokerlib')))"],
                         capture_output=True, text=True, timeout=60, cwd=PRACTICE.parents[1])
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _kernels_forbidden(modules) -> list:
    return [m for m in modules if m == 'pokerlib.grading'
            or m.startswith(('pokerlib.practice.judge', 'pokerlib.practice.exercises'))]


def test_a_students_import_loads_no_judge_no_exercise_and_no_grader():
    loaded = _modules_after('import pokerlib.practice')
    assert 'pokerlib.practice.kernel' in loaded
    assert _kernels_forbidden(loaded) == []
    assert _kernels_forbidden(_modules_after('import pokerlib')) == []


def test_the_kernels_test_sees_an_exercise_loaded():
    # The test above can fail: loading the exercises is seen.
    loaded = _modules_after('import pokerlib.practice.exercises')
    assert 'pokerlib.practice.exercises.lesson01' in _kernels_forbidden(loaded)
    assert 'pokerlib.practice.judge.judging' in _kernels_forbidden(loaded)


def test_the_kernel_knows_every_exercises_name_without_loading_them():
    from pokerlib.practice import exercise_names
    from pokerlib.practice.exercises import exercise_names as registered
    assert exercise_names() == registered()


def imports(package=PRACTICE) -> dict:
    """{module: the modules of the package it imports (anywhere in it, a function's body
    too)}, read with ast, by dotted name ('pokerlib.practice.judge.judging')."""
    root = package.parents[1]
    graph = {}
    for path in sorted(package.rglob('*.py')):
        parts = list(path.relative_to(root).with_suffix('').parts)
        is_package = parts[-1] == '__init__'
        name = '.'.join(parts[:-1] if is_package else parts)
        here = parts[:-1]                          # the package a relative import starts in
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = (here[:len(here) - node.level + 1] if node.level else [])
                module = '.'.join(base + ([node.module] if node.module else []))
                found.add(module)
                found |= {f'{module}.{a.name}' for a in node.names}
        graph[name] = found
    return {m: {d for d in found if d in graph and d != m} for m, found in graph.items()}


def circles(graph) -> list:
    """The strongly connected sets of more than one module (Tarjan), sorted."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = []
            while True:
                w = stack.pop()
                on.discard(w)
                members.append(w)
                if w == v:
                    break
            if len(members) > 1:
                found.append(sorted(members))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _without_packages(graph) -> dict:
    # A package's face importing its own modules, which are loaded through it, is no circle.
    return {m: {d for d in deps if not m.startswith(d + '.')} for m, deps in graph.items()}


def test_no_module_of_practice_imports_one_that_imports_it_back():
    graph = _without_packages(imports())
    assert 'pokerlib.practice.judge.judging' in graph['pokerlib.practice.judge.kit']
    assert circles(graph) == []


def test_the_kit_exports_what_the_exercises_import_from_it_and_nothing_else():
    from pokerlib.practice.judge import kit
    folder = Path(kit.__file__).parents[1] / 'exercises'
    imported = {alias.name for path in folder.glob('*.py')
                for node in ast.walk(ast.parse(path.read_text(encoding='utf-8')))
                if isinstance(node, ast.ImportFrom) and node.module == 'judge.kit'
                for alias in node.names}
    assert sorted(imported) == sorted(kit.__all__)


def test_the_circle_test_finds_a_circle():
    graph = _without_packages(imports())
    graph['pokerlib.practice.judge.judging'].add('pokerlib.practice.exercises.lesson01')
    # (as judging.py did: it imported the lessons, which import the judge's vocabulary)
    found = circles(graph)
    assert len(found) == 1
    assert {'pokerlib.practice.judge.judging', 'pokerlib.practice.judge.kit',
            'pokerlib.practice.exercises.lesson01'} <= set(found[0])


def test_the_kernels_modules_import_nothing_of_the_judges_or_the_exercises():
    graph = imports()
    kernel_side = [m for m in graph if not m.startswith(('pokerlib.practice.judge',
                                                          'pokerlib.practice.exercises'))]
    crossing = {m: sorted(d for d in graph[m] if d.startswith(
        ('pokerlib.practice.judge', 'pokerlib.practice.exercises'))) for m in kernel_side}
    assert {m: d for m, d in crossing.items() if d} == {}


def test_an_installed_copy_has_every_room_of_practice():
    import tomllib
    pyproject = tomllib.loads((PRACTICE.parents[1] / 'pyproject.toml').read_text())
    listed = set(pyproject['tool']['setuptools']['packages'])
    packages = {'.'.join(p.parent.relative_to(PRACTICE.parents[1]).parts)
                for p in (PRACTICE.parent).rglob('__init__.py')}
    assert packages - listed == set()
