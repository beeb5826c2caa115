"""The course's own functions are not answers, under any name (issue 40; issue 39, item 3).

Each exercise forbids, while it is judged, the course functions of its names, those its
lesson lists with ``forbid`` (reviewed lesson by lesson), every function of the lesson
modules, and every copy of their code (``codeprint``); and a judged call may not start a
program or a process, nor reach past Python with ctypes. The grader's side of it (a
kernel that switches the guard off passes nothing) is in tests/test_grading_hostile.py.
"""

import ast
import functools
import glob
import importlib
import inspect
import json
import os
import sys
import types
from pathlib import Path

import numpy as np
import pytest

import pokerlib
import pokerlib.ranking
from pokerlib import (best_hand_ids, best_wild_hands, card_id, categories, evaluate,
                      hand_frequencies, id_card, shuffle4)
from pokerlib.practice import codeprint
from pokerlib.practice.exercises import EXERCISES
from pokerlib.practice.registry import known
from pokerlib.practice.registry import FORBIDDEN

from practice_support import named, tiered, verdict

pytestmark = pytest.mark.slow   # (the slow tier: make test stays under a minute; CI runs both)

ROOT = Path(__file__).resolve().parents[2]
COURSE = "you called the course's own"
REFUSED = 'a check does not allow'
COURSE_KIND = pokerlib.ranking.kind.__wrapped__          # the function inside the checks


# --- the cheats ------------------------------------------------------------------

@named('shuffle2')
def shuffle2_calling_shuffle4(deck, rng):
    shuffle4(deck, rng)


@named('best_hand')
def best_hand_from_ids(hand):
    return [id_card(i) for i in best_hand_ids([card_id(c) for c in hand])]


@named('hand_frequencies_by_removing')
def by_removing_calling_hand_frequencies(n, rng):
    return hand_frequencies(n, rng)


@named('best_wild_hand')
def best_wild_hand_of_many(hand):
    return best_wild_hands([hand])[0]


@named('straight_v1')
def straight_v1_from_evaluate(arr):
    return np.isin(categories(evaluate(arr)), [4, 8])


_KIND_COPY = types.FunctionType(COURSE_KIND.__code__, {})
_KIND_MOVED = types.FunctionType(COURSE_KIND.__code__.replace(
    co_name='mine', co_qualname='mine', co_filename='<cell>', co_firstlineno=3), {})
_HIDDEN = {'helpers': [_KIND_MOVED]}


@named('kind')
def kind_as_a_copy(n, ranks):
    return _KIND_COPY(n, ranks)


@named('kind')
def kind_as_a_moved_copy_in_a_dict(n, ranks):
    return _HIDDEN['helpers'][0](n, ranks)


@named('kind')
def kind_copied_while_judged(n, ranks):
    return types.FunctionType(COURSE_KIND.__code__, {})(n, ranks)


@named('kind')
def kind_from_the_modules_source(n, ranks):
    space = {}
    exec(compile(Path(pokerlib.ranking.__file__).read_text(), 'mine.py', 'exec'), space)
    return space['kind'](n, ranks)


@named('kind')
def kind_from_a_reloaded_module(n, ranks):
    return importlib.reload(pokerlib.ranking).kind(n, ranks)


KIND_SOURCE = inspect.getsource(COURSE_KIND)


@named('kind')
def kind_from_its_source_alone(n, ranks):
    space = {}
    exec(KIND_SOURCE, space)
    return space['kind'](n, ranks)


@named('kind')
def kind_in_a_subprocess(n, ranks):
    import subprocess
    out = subprocess.run([sys.executable, '-c', 'from pokerlib.practice.exercises.lesson01 import *\n'
                          f'from pokerlib import kind\nprint(kind({n}, {ranks}))'],
                         capture_output=True, text=True).stdout
    return eval(out)


@named('kind')
def kind_by_os_popen(n, ranks):
    return eval(os.popen(f'{sys.executable} -c "from pokerlib import kind; '
                         f'print(kind({n}, {ranks}))"').read())


@named('kind')
def kind_through_fork_exec(n, ranks):
    import _posixsubprocess  # noqa: F401 - what subprocess itself calls, without an audit event
    import subprocess
    return eval(subprocess.check_output([sys.executable, '-c', f'print({ranks}[0])']))


@named('kind')
def kind_by_ctypes(n, ranks):
    import ctypes
    ctypes.CDLL(None).getpid()
    return COURSE_KIND(n, ranks)


CHEATS = [
    ('shuffle2', shuffle2_calling_shuffle4, COURSE + ' shuffle4'),
    ('best_hand', best_hand_from_ids, COURSE + ' best_hand_ids'),
    ('hand_frequencies_by_removing', by_removing_calling_hand_frequencies,
     COURSE + ' hand_frequencies'),
    ('best_wild_hand', best_wild_hand_of_many, COURSE + ' best_wild_hands'),
    ('straight_v1', straight_v1_from_evaluate, COURSE + ' evaluate'),
    ('kind', kind_as_a_copy, COURSE + ' kind'),
    ('kind', kind_as_a_moved_copy_in_a_dict, COURSE + ' kind'),
    ('kind', kind_copied_while_judged, COURSE + ' kind'),
    ('kind', kind_from_the_modules_source, COURSE + ' '),
    ('kind', kind_from_a_reloaded_module, COURSE + ' '),
    ('kind', kind_from_its_source_alone, COURSE + ' kind'),
    ('kind', kind_in_a_subprocess, REFUSED + ': subprocess.Popen'),
    ('kind', kind_by_os_popen, REFUSED + ': subprocess.Popen'),
    ('kind', kind_through_fork_exec, REFUSED),
    ('kind', kind_by_ctypes, REFUSED + ': ctypes.'),
]


@pytest.mark.parametrize('name, function, words', tiered(CHEATS, keep=2),
                         ids=lambda x: getattr(x, '__qualname__', str(x))[:40])
def test_the_course_s_own_function_fails_under_any_name(name, function, words):
    verdict(function, name, 'fail', words)


# --- every function a lesson lists, through a wrapper ---------------------------------------

def _resolve(ref):
    module, _, qualname = ref.partition(':')
    obj = importlib.import_module(module)
    for part in qualname.split('.'):
        obj = getattr(obj, part)
    return obj


def _wrapper(name, ref):
    target = _resolve(ref)

    def wrapper(*args, **kwargs):
        return target(*args, **kwargs)
    wrapper.__name__ = wrapper.__qualname__ = name
    return wrapper


LISTED = [(name, ref) for name, refs in sorted(FORBIDDEN.items()) for ref in refs]


def test_every_lesson_lists_the_course_functions_that_do_its_work():
    with_lists = {name for name, refs in FORBIDDEN.items() if refs}
    assert {'hand_rank', 'straight', 'flush', 'poker', 'deal', 'hand_percentages',
            'hand_frequencies_by_removing', 'shuffle2', 'sattolo', 'shuffle_by_sorting',
            'best_hand', 'best_wild_hand', 'best_deuces_wild', 'player1_wins', 'how_won',
            'score_valid', 'straight_v1', 'heads_up'} <= with_lists
    for name, ref in LISTED:
        assert name in EXERCISES, name
        assert isinstance(inspect.unwrap(_resolve(ref)), types.FunctionType), ref
        assert ref in EXERCISES[name].course


@pytest.mark.parametrize('name, ref', tiered(LISTED, keep=1))
def test_a_wrapper_of_each_listed_function_fails(name, ref):
    verdict(_wrapper(name, ref), name, 'fail', COURSE + ' ' + ref.rpartition(':')[2])


# --- a student's own code is never taken for the course's --------------------------------

def test_a_copy_has_the_course_s_print_and_a_student_s_own_version_does_not():
    printer = codeprint.make_printer()
    kind_print = printer(COURSE_KIND.__code__)
    assert printer(_KIND_MOVED.__code__) == kind_print
    space = {}
    exec(inspect.getsource(COURSE_KIND), space)        # the same text, docstring and all
    assert printer(space['kind'].__code__) == kind_print

    def kind(n, ranks):
        """The first rank that occurs exactly n times in ranks, or None."""
        for r in ranks:
            if ranks.count(r) == n:
                return r
    assert printer(kind.__code__) != kind_print
    forbidden = codeprint.forbidden(EXERCISES['kind'].names(), EXERCISES['kind'].course)
    assert forbidden[kind_print] == 'kind'
    # A function with no docstring: a student may type the same lines; where they start counts.
    knuth = next(f for f, hint in known('sattolo'))     # a table's mistaken version, compiled
    assert printer(knuth.__code__.replace(co_firstlineno=1)) != printer(knuth.__code__)


def test_no_allowed_course_function_shares_a_forbidden_print():
    """The wrapper that checks a course function's arguments is one code for them all: a
    forbidden function's wrapper must not make swap (allowed) a forbidden one."""
    printer = codeprint.make_printer()
    forbidden = codeprint.forbidden(EXERCISES['shuffle2'].names(), EXERCISES['shuffle2'].course)
    assert printer(pokerlib.shuffling.swap.__code__) not in forbidden
    assert printer(inspect.unwrap(pokerlib.shuffling.swap).__code__) not in forbidden
    assert printer(inspect.unwrap(pokerlib.shuffling.shuffle4).__code__) in forbidden


def test_the_notebooks_stubs_have_docstrings_of_their_own():
    """A student who fills a stub keeps its docstring: none is the course function's, so her
    version never has the course's print, however close her code is to the lecture's."""
    seen = 0
    paths = (sorted(glob.glob(str(ROOT / 'notebooks' / '0[1-8]*.ipynb')))
             + sorted(glob.glob(str(ROOT / 'notebooks' / 'zh' / '0[1-8]*.ipynb'))))
    for path in paths:
        for cell in json.loads(Path(path).read_text(encoding='utf-8'))['cells']:
            if cell['cell_type'] != 'code':
                continue
            try:
                tree = ast.parse(''.join(cell['source']))
            except SyntaxError:
                continue
            for node in tree.body:
                course = getattr(pokerlib, getattr(node, 'name', ''), None)
                if isinstance(node, ast.FunctionDef) and callable(course):
                    seen += 1
                    assert ast.get_docstring(node, clean=False) != \
                        inspect.unwrap(course).__doc__, (path, node.name)
    assert seen > 10


@named('shuffle2')
def knuth_as_the_judge_writes_it(deck, rng):
    N = len(deck)
    for i in range(N - 1):
        pokerlib.swap(deck, i, rng.randrange(i, N))


def test_a_right_answer_typed_like_a_judge_s_helper_passes():
    verdict(knuth_as_the_judge_writes_it, 'shuffle2', 'pass')


def test_the_guard_leaves_the_kernel_as_it_was():
    """The guard runs in the runner: after a check, this process's course functions work."""
    verdict(kind_as_a_copy, 'kind', 'fail', COURSE)
    assert pokerlib.kind(2, [3, 3, 2, 2, 5]) == 3 and shuffle4 is pokerlib.shuffle4
    assert functools.reduce(lambda a, b: a + b, [1, 2]) == 3
    deck = list('abc')
    shuffle4(deck, __import__('random').Random(1))
    assert sorted(deck) == list('abc')
