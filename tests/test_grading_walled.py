"""The official grade runs where the course's answers are absent (issue 49), attacked through
`pokerlib grade` (slow: bubblewrap).

Each student hands in her lesson's student edition with cells of her own after it, which
define the exercises from the course's code instead of her own: its private helpers
(``pokerlib.fast._ranking``, ``holdem._best_wild``, ``versus._winner``, ``frequencies._deal_ids``),
copies of its code objects (with a constant added, the locals renamed, stashed in
``builtins`` under a name made at run time, reached by ``getattr`` on a computed name), its
source exec'd with a name changed, a pickle of it. Each such exercise must not pass, and
the student who did her own work (the teacher's edition) passes every one.
"""

import os
from pathlib import Path

import nbformat
import pytest

from pokerlib import grading
from pokerlib.serving import sandbox
from pokerlib.serving.editions import student_notebook


ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / 'notebooks'
IN_CI = os.environ.get('CI', '').lower() in ('1', 'true', 'yes')
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not IN_CI and sandbox.problem() is not None,
                                 reason=f'no sandbox here: {sandbox.problem()}')]

COPY = '''
import types, builtins
def _inner(f):
    while hasattr(f, '__wrapped__'):
        f = f.__wrapped__
    return f
def _copy(f, name, **changes):
    f = _inner(f)
    return types.FunctionType(f.__code__.replace(**changes), globals(), name, f.__defaults__,
                              f.__closure__)
'''

CHEATS = {
    # lesson: {exercise: the cell that defines it from the course's code}
    '01': {
        'hand_rank': '''
def hand_rank(hand):
    from pokerlib.fast import _ranking
    ranks = sorted(('--23456789TJQKA'.index(r) - 2 for r, s in hand), reverse=True)
    return _ranking(tuple(ranks), len({s for r, s in hand}) == 1)''',
        'flush': COPY + '''
_code = _inner(flush).__code__
flush = _copy(flush, 'flush', co_consts=_code.co_consts + ('one more constant',))''',
        'kind': COPY + '''
_code = _inner(kind).__code__
kind = _copy(kind, 'kind', co_varnames=tuple(f'v{i}' for i in range(len(_code.co_varnames))))''',
        'straight': COPY + '''
setattr(builtins, ''.join(['st', 'ash']), _copy(straight, 'straight'))
def straight(ranks):
    return getattr(builtins, ''.join(['st', 'ash']))(ranks)''',
        'card_ranks': '''
def card_ranks(hand):
    return getattr(__import__('pokerlib.ranking', fromlist=['x']), 'card' + '_ranks')(hand)''',
        'two_pair': '''
import inspect, pokerlib.ranking
exec(inspect.getsource(pokerlib.ranking).replace('ranks', 'rs'), globals())''',
        'kinds': '''
import pickle, pokerlib.ranking
_pickled = pickle.dumps(pokerlib.ranking.hand_rank)
def kinds(n, ranks):
    return pickle.loads(_pickled)''',
    },
    '03': {
        'hand_rank_counter': '''
def hand_rank_counter(hand):
    from pokerlib.fast import _ranking
    ranks = sorted(('--23456789TJQKA'.index(r) - 2 for r, s in hand), reverse=True)
    return _ranking(tuple(ranks), len({s for r, s in hand}) == 1)''',
        'distinct_rankings': '''
def distinct_rankings():
    import pokerlib.ranking
    return pokerlib.ranking.count_rankings()''',
    },
    '04': {
        'hand_percentages': '''
def hand_percentages(n=700_000, rng=random):
    import numpy as np
    from pokerlib.frequencies import _deal_ids, _count_categories
    counts = Counter()
    for _ in range(n // 10):
        _count_categories(np.array(_deal_ids(10, 5, rng)).reshape(10, 5), counts)
    return [100 * counts[name] / n for name in HAND_NAMES]''',
    },
    '06': {
        'best_wild_hand': '''
def best_wild_hand(hand):
    from pokerlib.holdem import _best_wild
    return _best_wild(hand, set())''',
        'best_hand': '''
def best_hand(hand):
    from pokerlib.holdem import _best_wild
    return _best_wild(hand, set())''',
    },
    '07': {
        'player1_wins': '''
def player1_wins(lines):
    from pokerlib.versus import _winner
    return sum(_winner(*parse_versus_line(line)) == 'player1' for line in lines if line.strip())''',
        'score_valid': '''
def score_valid(lines):
    from pokerlib.versus import _numbered_deals
    errors = []
    deals = [(h1, h2) for _n, h1, h2 in _numbered_deals(lines, errors)]
    return score_versus(deals), errors''',
    },
    '08': {
        'straight_v1': '''
def straight_v1(arr):
    from pokerlib.fast import _ranking
    out = []
    for row in arr.tolist():
        ranks = sorted((c >> 2 for c in row), reverse=True)
        out.append(_ranking(tuple(ranks), False)[0] == 4)
    return np.array(out)''',
    },
}


def _notebook(lesson):
    return next(NOTEBOOKS.glob(f'{lesson}-*.ipynb'))


@pytest.fixture(scope='module')
def graded(tmp_path_factory):
    """The rows of one grading: a cheater per lesson, and two students who did their own work."""
    folder = tmp_path_factory.mktemp('walled')
    for lesson, cheats in CHEATS.items():
        nb = student_notebook(_notebook(lesson))
        nb.cells += [nbformat.v4.new_code_cell(cell) for cell in cheats.values()]
        (folder / f'cheat{lesson}').mkdir()
        nbformat.write(nb, folder / f'cheat{lesson}' / _notebook(lesson).name)
    for lesson in ('01', '07'):
        (folder / f'honest{lesson}').mkdir()
        (folder / f'honest{lesson}' / _notebook(lesson).name).write_bytes(
            _notebook(lesson).read_bytes())
    rows = grading.grade([folder], timeout=60, jobs=2)
    return {(r['student'], r['exercise']): r for r in rows}


@pytest.mark.parametrize('lesson,exercise', [(lesson, e) for lesson, cheats in CHEATS.items()
                                             for e in cheats])
def test_a_function_made_of_the_course_s_code_does_not_pass(graded, lesson, exercise):
    row = graded[(f'cheat{lesson}', exercise)]
    assert row['status'] != 'pass', row
    assert row['report'], row


@pytest.mark.parametrize('lesson', ['01', '07'])
def test_her_own_work_passes_behind_the_wall(graded, lesson):
    rows = [r for (student, _e), r in graded.items() if student == f'honest{lesson}']
    assert rows and all(r['status'] == 'pass' for r in rows), rows


