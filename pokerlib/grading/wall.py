"""The wall: what of pokerlib a graded notebook's kernel and runners can reach (issue 49).

The official grade runs a student's functions where the course's answers are
absent. For each lesson the grader builds a *student* pokerlib (``build``),
which the sandbox shows in place of the package:

- the names the lesson gives her (what its setup cell imports), each with
  only the statements of the course's modules it needs, name by name (a
  statement-level shake of each module: ``Shaker``), so that no other
  function of the course (an exercise's answer, a private helper) is there
  to call, copy or pickle;
- the machinery the kernel and the runner need (``MACHINERY``: serving the
  judge, running her function, its guard), whole;
- ``check`` and the widgets, which the grade never runs, as stubs that say so;
- every module compiled, without its source: ``inspect.getsource`` of a
  course function fails there ("could not get source").

The judge needs the whole course: the worker that judges (in the same
sandbox) reads it from its stdin before the kernel starts (``memory``) and
keeps it in its own memory, which no other process of the sandbox can read
(it is made undumpable).

>>> sorted(given('01'))
['pokerlib', 'pokerlib.i18n', 'pokerlib.practice', 'pokerlib.teaching']
"""

import ast
import functools
import json
import os
import py_compile
import re
import shutil
import tempfile
from pathlib import Path

from ..practice.lessons_given import given_through
from .notebooks import course_notebooks

__all__ = ['given', 'build', 'course_sources', 'Shaker', 'MACHINERY', 'PACKAGE', 'BOOT']

PACKAGE = Path(__file__).resolve().parent.parent
"""The course's pokerlib package (the whole of it)."""

MACHINERY = ('pokerlib.grading.inkernel', 'pokerlib.practice.runner', 'pokerlib.practice.guard',
             'pokerlib.practice.given', 'pokerlib.practice.lessons_given', 'pokerlib.practice.clocks',
             'pokerlib.practice.codeprint', 'pokerlib.practice.values', 'pokerlib.practice.wire',
             'pokerlib.practice.printed', 'pokerlib.practice.reports', 'pokerlib.practice.fresh',
             'pokerlib.practice.fresh_runner', 'pokerlib.i18n', 'pokerlib.verdicts',
             'pokerlib.scripted', 'pokerlib.lazy')
"""The modules the graded kernel and runner need whole: none holds an answer."""

STUBBED_MODULES = ('pokerlib.controls', 'pokerlib.cli', 'pokerlib.practice')
"""Modules whose given names are stubs in the grade (widgets, the command line, check):
the grade runs none of them, and each would bring much of the course with it."""
STUBBED = {('pokerlib.teaching', 'source')}
"""Given functions that are stubs in the grade (source shows the course's code)."""

STUB = '''
def {name}(*args, **kwargs):
    """Not in the official grade: {name} runs in your own notebook only."""
    return None
'''


@functools.lru_cache(maxsize=None)
def _module_file(module):
    """The file of a module of the package (None if there is none)."""
    parts = module.split('.')[1:]
    base = PACKAGE.joinpath(*parts)
    if (base / '__init__.py').is_file():
        return base / '__init__.py'
    path = base.with_suffix('.py')
    return path if path.is_file() else None


def _code_cells(path) -> list:
    """The sources of a notebook's code cells ([] if it cannot be read)."""
    try:
        cells = json.loads(Path(path).read_text('utf-8'))['cells']
    except (OSError, ValueError, KeyError, TypeError):
        return []
    return [''.join(c.get('source', '')) for c in cells if c.get('cell_type') == 'code']


def _setup_cell(path) -> str:
    """The source of a notebook's setup cell (the code cell that imports check), or ''."""
    return next((s for s in _code_cells(path) if re.search(r'import\s+check\b', s)), '')


def _imports(source) -> dict:
    """{module: names} a cell imports from pokerlib ({} if it does not parse)."""
    found = {}
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return found
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and \
                (node.module == 'pokerlib' or node.module.startswith('pokerlib.')):
            found.setdefault(node.module, set()).update(a.name for a in node.names)
    return found


@functools.lru_cache(maxsize=None)
def given(lesson, folder=None) -> dict:
    """{module: (names...)} the lesson gives: what its notebooks (both editions) import from
    pokerlib, in the setup cell and in the lesson's other cells, but the lesson's own
    exercises, which only a setup cell can give (notebook 01 gives flush, whose exercise
    is to write it again; a cell that imports the course's allmax after its exercise shows
    the answer, and gives nothing)."""
    from .notebooks import lesson_exercises
    folder = Path(folder) if folder else course_notebooks()
    exercises = {f for f, _e in lesson_exercises(folder).get(lesson, ())}
    found = {}
    for path in sorted(folder.glob(f'{lesson}-*.ipynb')) + sorted(folder.glob(f'zh/{lesson}-*.ipynb')):
        setup = _setup_cell(path)
        for source in _code_cells(path):
            for module, names in _imports(source).items():
                kept = names if source == setup else names - exercises
                found.setdefault(module, set()).update(kept)
    return {module: tuple(sorted(names)) for module, names in found.items() if names}


def _defines(stmt) -> set:
    """The module-level names a top-level statement binds."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split('.')[0] for a in stmt.names}
    names = set()
    if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        for target in targets:
            names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    elif isinstance(stmt, (ast.If, ast.Try, ast.With, ast.For)):
        for child in ast.iter_child_nodes(stmt):
            if isinstance(child, ast.stmt):
                names |= _defines(child)
            elif isinstance(child, ast.ExceptHandler):
                for s in child.body:
                    names |= _defines(s)
    return names


def _absolute(module, node, is_package):
    """The absolute module an ImportFrom in `module` names."""
    if node.level == 0:
        return node.module or ''
    parts = module.split('.')
    base = parts if is_package else parts[:-1]
    base = base[:len(base) - (node.level - 1)]
    return '.'.join(base + ([node.module] if node.module else []))


class Shaker:
    """The statements of the course's modules that some names need, name by name."""

    def __init__(self):
        self.trees, self.needed, self.whole = {}, {}, set()
        self.queue = []

    def _tree(self, module):
        if module not in self.trees:
            path = _module_file(module)
            self.trees[module] = None if path is None else (
                path, path.read_text('utf-8'), ast.parse(path.read_text('utf-8')))
        return self.trees[module]

    def need(self, module, name):
        """Add what `module`'s name needs (a submodule, if that is what the name is)."""
        self.queue.append((module, name))
        self._run()

    def need_whole(self, module):
        """Keep `module` whole, and what its imports of the course name."""
        if module in self.whole or self._tree(module) is None:
            return
        self.whole.add(module)
        _path, _text, tree = self._tree(module)
        self._follow(module, tree)
        self._run()

    def _follow(self, module, node):
        """Queue the course's names that the imports in node (anywhere in it) bring in."""
        is_package = str(self._tree(module)[0]).endswith('__init__.py')
        for sub in ast.walk(node):
            if isinstance(sub, ast.ImportFrom):
                target = _absolute(module, sub, is_package)
                if target == 'pokerlib' or target.startswith('pokerlib.'):
                    for alias in sub.names:
                        self.queue.append((target, alias.name))
            elif isinstance(sub, ast.Import):
                for alias in sub.names:
                    if alias.name.startswith('pokerlib.'):
                        self.queue.append((alias.name, None))

    def _run(self):
        while self.queue:
            module, name = self.queue.pop()
            if module in MACHINERY:
                self.need_whole(module)
                continue
            if self._tree(module) is None:
                continue
            kept = self.needed.setdefault(module, set())
            if name is None:
                for parent in _parents(module):
                    self.needed.setdefault(parent, set())
                continue
            if _module_file(f'{module}.{name}') is not None:
                self.queue.append((f'{module}.{name}', None))
                continue
            if name in kept:
                continue
            kept.add(name)
            for parent in _parents(module):
                self.needed.setdefault(parent, set())
            _path, _text, tree = self._tree(module)
            for stmt in tree.body:
                if name in _defines(stmt):
                    self._uses(module, tree, stmt)

    def _uses(self, module, tree, stmt):
        """Queue the module's own names and the course's imports that stmt uses."""
        loaded = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)}
        if isinstance(stmt, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            loaded -= {stmt.name}
        if isinstance(stmt, ast.ImportFrom):
            return self._follow_aliases(module, stmt)
        for other in tree.body:
            if loaded & _defines(other):
                for name in loaded & _defines(other):
                    self.queue.append((module, name))
        self._follow(module, _nested_imports(stmt))

    def _follow_aliases(self, module, stmt):
        is_package = str(self._tree(module)[0]).endswith('__init__.py')
        target = _absolute(module, stmt, is_package)
        if target == 'pokerlib' or target.startswith('pokerlib.'):
            for alias in stmt.names:
                self.queue.append((target, alias.name))

    def source(self, module) -> str:
        """The module's text, keeping only the statements its needed names need, each on its
        own lines (the others blank), so that its code is the course's, line for line."""
        path, text, tree = self._tree(module)
        if module in self.whole:
            return text
        kept, lines = self.needed.get(module, set()), text.splitlines()
        out = [''] * len(lines)
        stubs = [n for n in sorted(kept) if (module, n) in STUBBED or module in STUBBED_MODULES]
        for k, stmt in enumerate(tree.body):
            first = min([stmt.lineno] + [d.lineno for d in getattr(stmt, 'decorator_list', [])])
            if k == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                out[first - 1:stmt.end_lineno] = lines[first - 1:stmt.end_lineno]
                continue
            names = _defines(stmt) & kept
            if not names or names <= set(stubs) or '__all__' in _defines(stmt):
                continue
            if isinstance(stmt, ast.ImportFrom):
                stmt = ast.ImportFrom(stmt.module, [a for a in stmt.names
                                                    if (a.asname or a.name) in kept], stmt.level)
                out[first - 1] = ast.unparse(stmt)
                continue
            out[first - 1:stmt.end_lineno] = lines[first - 1:stmt.end_lineno]
        out += [STUB.format(name=n) for n in stubs]
        public = sorted(n for n in kept if not n.startswith('_'))
        out.append(f'__all__ = {public!r}')
        return '\n'.join(out) + '\n'


def _nested_imports(stmt):
    """A module node holding the imports inside stmt (a function's lazy imports)."""
    return ast.Module(body=[n for n in ast.walk(stmt) if isinstance(n, (ast.Import, ast.ImportFrom))],
                      type_ignores=[])


def _parents(module):
    parts = module.split('.')
    return ['.'.join(parts[:k]) for k in range(1, len(parts))]


def _shake(lesson, folder=None) -> Shaker:
    """The shaker holding what lesson's given names and the machinery need."""
    shaker = Shaker()
    for module in MACHINERY:
        shaker.need_whole(module)
    for module, names in given_through(lesson).items():
        for name in names:
            if module in STUBBED_MODULES:
                shaker.needed.setdefault(module, set()).add(name)
                for parent in _parents(module):
                    shaker.needed.setdefault(parent, set())
            else:
                shaker.need(module, name)
    return shaker


def _package_init(shaker, lesson, folder) -> str:
    """The student pokerlib's __init__: the lesson's given names of the package, no more."""
    lines = ['"""pokerlib, as the official grade shows it: only what the lesson gives."""']
    for name in given_through(lesson).get('pokerlib', ()):
        home = _home(name)
        if home is not None:
            lines.append(f'from {home} import {name}')
    return '\n'.join(lines) + '\n'


@functools.lru_cache(maxsize=None)
def _home(name):
    """The module of the package whose __all__ lists name (pokerlib's own re-export)."""
    tree = ast.parse((PACKAGE / '__init__.py').read_text('utf-8'))
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.names[0].name == '*':
            module = f'pokerlib.{node.module}'
            path = _module_file(module)
            if path and re.search(rf"['\"]{re.escape(name)}['\"]", _all_of(path)):
                return module
    return None


@functools.lru_cache(maxsize=None)
def _all_of(path) -> str:
    """The text of a module's __all__ assignment ('' if none)."""
    tree = ast.parse(Path(path).read_text('utf-8'))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, 'id', '') == '__all__'
                                                for t in node.targets):
            return ast.unparse(node)
    return ''


def build(lesson, dest, folder=None) -> Path:
    """Write the lesson's student pokerlib into dest/pokerlib (compiled, no source); return it.

    Its code objects name the course's files (``PACKAGE``), as the course's
    own would, so that the runner tells them from hers; the files are absent.
    """
    shaker = _shake(lesson, folder)
    for name in given_through(lesson).get('pokerlib', ()):
        home = _home(name)
        if home is not None:
            if home in STUBBED_MODULES or (home, name) in STUBBED:
                shaker.needed.setdefault(home, set()).add(name)
            else:
                shaker.need(home, name)
    shaker.needed.setdefault('pokerlib.practice', set()).add('check')
    root = Path(dest) / 'pokerlib'
    if root.exists():
        shutil.rmtree(root)
    modules = set(shaker.needed) | shaker.whole | {'pokerlib', 'pokerlib.grading',
                                                   'pokerlib.practice'}
    with tempfile.TemporaryDirectory(prefix='pokerlib-wall-') as scratch:
        for module in sorted(modules):
            if module == 'pokerlib':
                text = _package_init(shaker, lesson, folder)
            elif module == 'pokerlib.grading':
                text = '"""The grader (only what the graded kernel needs)."""\n'
            elif shaker._tree(module) is None:
                continue
            else:
                text = shaker.source(module)
            original = _module_file(module)
            relative = original.relative_to(PACKAGE)
            source = Path(scratch) / relative
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_text(text, 'utf-8')
            target = (root / relative).with_suffix('.pyc')
            target.parent.mkdir(parents=True, exist_ok=True)
            if relative.name == '__init__.py':      # (an editable install finds packages by it)
                (root / relative).write_text(text, 'utf-8')
                continue
            py_compile.compile(str(source), cfile=str(target), dfile=str(original), doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    if (PACKAGE / 'locale').is_dir():
        shutil.copytree(PACKAGE / 'locale', root / 'locale')
    for top, _folders, files in os.walk(root):
        os.chmod(top, 0o755)
        for name in files:
            os.chmod(os.path.join(top, name), 0o644)
    return root


# --- the judge's side: the whole course, in the worker's memory only ----------------

def course_sources() -> bytes:
    """The whole course, for the worker's stdin: JSON {module: [file, source, is_package]}."""
    modules = {}
    for path in sorted(PACKAGE.rglob('*.py')):
        relative = path.relative_to(PACKAGE.parent).with_suffix('')
        parts = list(relative.parts)
        is_package = parts[-1] == '__init__'
        if is_package:
            parts = parts[:-1]
        modules['.'.join(parts)] = [str(path), path.read_text('utf-8'), is_package]
    return json.dumps(modules).encode('utf-8')


BOOT = '''
import importlib.abc, importlib.util, json, os, sys
_course = json.loads(sys.stdin.buffer.read())
_null = os.open(os.devnull, os.O_RDONLY)
os.dup2(_null, 0)
os.close(_null)

class _Course(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """pokerlib from this process's memory: the whole course, which no file here holds."""
    def find_spec(self, name, path=None, target=None):
        entry = _course.get(name)
        if entry is None:
            if name == 'pokerlib' or name.startswith('pokerlib.'):
                raise ModuleNotFoundError(name)
            return None
        folder = [os.path.dirname(entry[0])] if entry[2] else None
        return importlib.util.spec_from_file_location(name, entry[0], loader=self,
                                                      submodule_search_locations=folder)
    def create_module(self, spec):
        return None
    def get_source(self, name):
        return _course[name][1]
    def exec_module(self, module):
        entry = _course[module.__name__]
        exec(compile(entry[1], entry[0], 'exec', dont_inherit=True), module.__dict__)

sys.meta_path.insert(0, _Course())
sys.argv = ['pokerlib-grade-worker'] + sys.argv[1:]
from pokerlib.grading.worker import main
sys.exit(main(sys.argv[2:]))
'''
"""The worker's program (``python -I -c BOOT --worker ...``): it reads the whole course from
stdin into its memory (``course_sources``), then closes stdin, before anything else runs."""
