"""Only what the lesson gives is hers, in her check as in the grade (issue 49).

While an exercise is judged, every course function its lesson (and those before it) does not
give runs for the course's own code only (``guard.wall_off``): the private helpers that do an
exercise's work (``versus._winner``, ``frequencies._deal_ids``) are refused her, as a copy of
the course's code with a constant added or its locals renamed is (loose code prints). Probes
draw their seeds afresh at each check, and her clocks jump between calls, so a function fair
only on the seeds a check used to know, or only for its first seconds, fails. What a statement
names as a tool stays hers (how_won may use versus_winner, score_valid versus_errors).
"""

import random
import time
import types

import pytest

import pokerlib
from pokerlib import (PokerError, hand_rank, parse_versus_line, score_versus, versus_errors,
                      versus_winner)
from pokerlib.grading import wall
from pokerlib.practice import clocks, lessons_given

from practice_support import named, verdict

pytestmark = pytest.mark.slow   # (the slow tier: make test stays under a minute; CI runs both)

COURSE = "you called the course's own"


# --- what the lessons give -------------------------------------------------------------

@pytest.mark.parametrize('lesson', sorted(lessons_given.GIVEN))
def test_the_judge_s_table_of_given_names_is_what_the_notebooks_import(lesson):
    assert lessons_given.GIVEN[lesson] == wall.given(lesson), (
        'pokerlib/practice/lessons_given.py is out of date: GIVEN[%r] = %r' % (
            lesson, wall.given(lesson)))


def test_the_student_pokerlib_holds_only_what_the_lesson_gives(tmp_path):
    """Lesson 01's student pokerlib: its given names, compiled without source; none of the
    course's other modules (fast, holdem, versus, frequencies), nor hand_rank."""
    import marshal
    root = wall.build('01', tmp_path)
    files = {str(p.relative_to(root)) for p in root.rglob('*.py*')}
    assert 'ranking.pyc' in files and 'ranking.py' not in files
    for absent in ('fast.pyc', 'holdem.pyc', 'versus.pyc', 'frequencies.pyc', 'dealing.pyc',
                   'practice/judge/__init__.py', 'practice/exercises/__init__.py'):
        assert absent not in files
    code = marshal.loads((root / 'ranking.pyc').read_bytes()[16:])
    names = {c.co_name for c in code.co_consts if hasattr(c, 'co_name')}
    assert {'flush', 'straight', 'kind', 'card_ranks', 'two_pair', 'hand_rank_elif'} <= names
    assert not names & {'hand_rank', 'group', 'unzip', 'allmax', 'poker'}
    # Its code is the course's line for line (so that a copy of it has the course's print).
    assert code.co_consts[[getattr(c, 'co_name', '') for c in code.co_consts].index(
        'flush')].co_firstlineno == pokerlib.ranking.flush.__wrapped__.__code__.co_firstlineno


# --- the course's private helpers, and copies of its code ---------------------------------

@named('player1_wins')
def player1_wins_by_the_private_winner(lines):
    from pokerlib.versus import _winner
    return sum(_winner(*parse_versus_line(line)) == 'player1' for line in lines if line.strip())


@named('hand_percentages')
def hand_percentages_by_private_deals(n=700_000, rng=random):
    from collections import Counter
    import numpy as np
    from pokerlib.frequencies import _count_categories, _deal_ids
    counts = Counter()
    for _ in range(n // 10):
        _count_categories(np.array(_deal_ids(10, 5, rng)).reshape(10, 5), counts)
    return [100 * counts[name] / n for name in pokerlib.HAND_NAMES]


def _padded_copy(f, name):
    inner = f.__wrapped__
    code = inner.__code__
    code = code.replace(co_consts=code.co_consts + ('one more constant',),
                        co_varnames=tuple(f'v{i}' for i in range(len(code.co_varnames))),
                        co_filename='<student>')
    return types.FunctionType(code, {'__builtins__': __builtins__}, name, inner.__defaults__,
                              inner.__closure__)


def test_a_private_helper_of_the_course_is_refused():
    verdict(player1_wins_by_the_private_winner, 'player1_wins', 'fail', COURSE + ' _winner')
    verdict(hand_percentages_by_private_deals, 'hand_percentages', 'fail', COURSE)


def test_a_copy_of_the_course_s_code_padded_and_renamed_is_refused():
    verdict(_padded_copy(pokerlib.ranking.kind, 'kind'), 'kind', 'fail', COURSE + ' kind')


# --- what the statements give -------------------------------------------------------------

@named('how_won')
def how_won_with_versus_winner(hand1, hand2):
    if versus_winner(hand1, hand2) == 'tie':
        return 'tie'
    return 'category' if hand_rank(hand1)[0] != hand_rank(hand2)[0] else 'ranks'


@named('score_valid')
def score_valid_with_versus_errors(lines):
    good = []
    for lineno, line in enumerate(lines, 1):
        if line.strip():
            try:
                good.append(parse_versus_line(line, lineno))
            except PokerError:
                pass
    return score_versus(good), versus_errors(lines)


def test_the_tools_a_statement_names_are_hers():
    verdict(how_won_with_versus_winner, 'how_won', 'pass')
    verdict(score_valid_with_versus_errors, 'score_valid', 'pass')


# --- probes she cannot know, judges she cannot outwait ----------------------------------

def sorting_biased_after(seconds):
    """A shuffle_by_sorting with random keys for its first `seconds`, then the first card's key
    halved (it comes early more often)."""
    start = []

    def shuffle_by_sorting(deck, rng):
        if not start:
            start.append(time.monotonic())
        keys = [rng.random() for _card in deck]
        if time.monotonic() - start[0] >= seconds:
            keys[0] *= 0.5
        deck[:] = [deck[i] for i in sorted(range(len(deck)), key=keys.__getitem__)]
    return shuffle_by_sorting


def test_a_shuffle_biased_only_after_some_seconds_fails(monkeypatch):
    verdict(sorting_biased_after(2), 'shuffle_by_sorting', 'fail')
    verdict(sorting_biased_after(60), 'shuffle_by_sorting', 'fail')
    # The control: where her clocks did not jump, the check ended before she changed.
    monkeypatch.setattr(clocks, 'JUMP', 0.0)
    verdict(sorting_biased_after(60), 'shuffle_by_sorting', 'pass')


_OLD_SEEDS = {random.Random(s).random() for s in range(6000, 7000)}


@named('shuffle_by_sorting')
def sorting_fair_on_the_old_seeds(deck, rng):
    """Random keys; on six cards, unless the rng is one the check used to use (seeds 6000 to
    6999), the first card's key is halved."""
    keys = [rng.random() for _card in deck]
    if len(deck) == 6 and keys[0] not in _OLD_SEEDS:
        keys[0] *= 0.5
    deck[:] = [deck[i] for i in sorted(range(len(deck)), key=keys.__getitem__)]


def test_a_shuffle_fair_only_on_seeds_a_check_could_know_fails():
    verdict(sorting_fair_on_the_old_seeds, 'shuffle_by_sorting', 'fail', 'chi-square')


def test_her_clocks_jump_at_each_call_and_the_runner_s_own_does_not():
    """In a process of its own (warp changes the time module for good)."""
    import subprocess
    import sys
    code = """
import time
from time import perf_counter as hers
from pokerlib.practice import clocks
space = {'hers': hers}
clocks.warp(space)
before, own, mono = space['hers'](), clocks.perf_counter(), time.monotonic()
clocks.tick()
print(space['hers']() - before >= clocks.JUMP, clocks.perf_counter() - own < 60,
      time.monotonic() - mono >= clocks.JUMP, time.time_ns() > 0)
"""
    done = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.split() == ['True', 'True', 'True', 'True'], done.stderr


# --- a walled helper handed to a tool the course gives her --------------------------------
# The course's own code runs a walled helper only where it names it (a chain of course frames
# leads to it): handed in by her, to a higher-order function of the course or to a builtin
# that a course frame then drives, it is refused like a direct call (issue 49).

def _winner_through(tool):
    """A player1_wins whose deals are judged by the course's _winner, run by `tool`."""
    @named('player1_wins')
    def player1_wins(lines):
        from pokerlib.versus import _winner
        deals = [parse_versus_line(line) for line in lines if line.strip()]
        return sum(winner == 'player1' for winner in tool(_winner, deals))
    return player1_wins


def _by_checked(winner, deals):
    """The course's argument check (not walled: every given function calls one) as a wrapper."""
    from pokerlib.ranking import checked
    run = checked(winner, lambda *args: args)
    return [run(*deal) for deal in deals]


def _by_takes_hand(winner, deals):
    from pokerlib.ranking import takes_hand
    run = takes_hand(winner)
    return [run(*deal) for deal in deals]


def _by_a_lazy_map(winner, deals):
    """A map, read by the course's own check of a list (a course frame drives the builtin)."""
    from pokerlib.teaching import _check_functions
    return _check_functions('same', len, len, map(winner, *zip(*deals)))


def _by_same_and_a_spy(winner, deals):
    """same(f, g, inputs) compares f(x) with g(x): a partial of the helper as f, and as g's value
    an object that keeps what it is compared with."""
    import functools
    seen = []

    class Spy:
        def __eq__(self, other):
            seen.append(other)
            return True
        __hash__ = None
    for hand1, hand2 in deals:
        pokerlib.same(functools.partial(winner, hand1), lambda x: Spy(), [hand2])
    return seen


def _by_per_second(winner, deals):
    """per_second(f, items) calls f on each item: list.extend of a map of the helper."""
    import itertools
    out = []
    pokerlib.per_second(out.extend, [itertools.starmap(winner, deals)], repeats=1)
    return out


HANDED_IN = [_by_checked, _by_takes_hand, _by_a_lazy_map, _by_same_and_a_spy, _by_per_second]


@pytest.mark.parametrize('tool', HANDED_IN, ids=lambda f: f.__name__)
def test_a_walled_helper_handed_to_a_course_tool_is_refused(tool):
    verdict(_winner_through(tool), 'player1_wins', 'fail', COURSE + ' _winner')


@pytest.mark.parametrize('tool', HANDED_IN, ids=lambda f: f.__name__)
def test_the_tools_run_her_own_function(tool):
    """The control: the same tools, handed her own version of the helper, pass."""
    def winner(hand1, hand2):
        r1, r2 = hand_rank(hand1), hand_rank(hand2)
        return 'player1' if r1 > r2 else 'player2' if r2 > r1 else 'tie'
    verdict(_winner_through(lambda _winner, deals: tool(winner, deals)), 'player1_wins', 'pass')


@named('score_valid')
def score_valid_by_the_private_deals_in_a_lazy_map(lines):
    """versus._numbered_deals (walled) made inside the course's list check."""
    from pokerlib.teaching import _check_functions
    from pokerlib.versus import _numbered_deals
    errors = []
    [deals] = _check_functions('same', len, len, map(_numbered_deals, [lines], [errors]))
    return score_versus([(hand1, hand2) for _lineno, hand1, hand2 in deals]), errors


def test_a_walled_generator_handed_to_a_course_tool_is_refused():
    verdict(score_valid_by_the_private_deals_in_a_lazy_map, 'score_valid', 'fail',
            COURSE + ' _numbered_deals')


def _winner_with_the_wall_rewritten(part, code):
    """A player1_wins that first gives a function of the wall (guard's) another code."""
    @named('player1_wins')
    def player1_wins(lines):
        from pokerlib.practice import guard
        from pokerlib.versus import _winner
        getattr(guard, part).__code__ = code
        return sum(_winner(*parse_versus_line(line)) == 'player1'
                   for line in lines if line.strip())
    return player1_wins


@pytest.mark.parametrize('part, code', [
    ('course_called', (lambda name: None).__code__),
    ('_led_by_course', (lambda *args, **kwargs: True).__code__)])
def test_the_wall_s_own_code_cannot_be_changed(part, code):
    verdict(_winner_with_the_wall_rewritten(part, code), 'player1_wins', 'fail',
            'a change of the code of the course', part)


# --- what a check refuses, its statement says ----------------------------------------------

def _statement(notebook, name):
    """The paragraph of a notebook that asks for `name` (its 'Write `name(...)`')."""
    import json
    import re
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / 'notebooks' / notebook
    cells = json.loads(path.read_text(encoding='utf-8'))['cells']
    [text] = [paragraph for c in cells if c['cell_type'] == 'markdown'
              for paragraph in ''.join(c['source']).split('\n\n')
              if re.search(r'([Ww]rite|写) `%s\(' % name, paragraph)]
    return text


STATED = [('07-A-file-of-hands.ipynb', 'player1_wins'), ('07-A-file-of-hands.ipynb', 'how_won'),
          ('07-A-file-of-hands.ipynb', 'score_valid'),
          ('06-Seven-cards-and-jokers.ipynb', 'best_hand'),
          ('08-Fast-exact-tables.ipynb', 'straight_v1'), ('08-Fast-exact-tables.ipynb', 'heads_up')]


@pytest.mark.parametrize('edition', ['', 'zh/'])
@pytest.mark.parametrize('notebook, name', STATED)
def test_what_a_lesson_gives_and_a_check_refuses_its_statement_names(edition, notebook, name):
    """A tool the lesson gives her that would do the exercise's work for her is refused, and
    the statement says so (issue 49: refused, though the statement allowed them)."""
    from pokerlib.practice.registry import FORBIDDEN
    given = {n for names in lessons_given.given_through(notebook[:2]).values() for n in names}
    refused = {ref.rpartition(':')[2] for ref in FORBIDDEN[name]} & given
    assert refused, name
    text = _statement(edition + notebook, name)
    for tool in refused:
        assert f'`{tool}`' in text, (name, tool)


@named('how_won')
def how_won_by_the_table(hand1, hand2):
    from pokerlib import versus_table
    row = versus_table([' '.join(hand1) + ' ' + ' '.join(hand2)]).iloc[0]
    if row.winner == 'tie':
        return 'tie'
    return 'ranks' if row.category1 == row.category2 else 'category'


def test_how_won_by_versus_table_is_refused_as_its_statement_says():
    verdict(how_won_by_the_table, 'how_won', 'fail', COURSE + ' versus_table')


def _wall_defaults_changed():
    from pokerlib.practice import guard
    defaults = list(guard._led_by_course.__defaults__)
    defaults[-1] = lambda *args: True                # (holds: every frame holds the helper)
    guard._led_by_course.__defaults__ = tuple(defaults)


def _walled_emptied():
    from pokerlib.practice import guard
    guard.WALLED.clear()                             # (the table of walled functions)


@pytest.mark.parametrize('tamper, words', [
    (_wall_defaults_changed, 'a change of the defaults of the course'),
    (_walled_emptied, "the code of the course's _winner")], ids=['defaults', 'walled'])
def test_the_wall_cannot_be_undone_by_its_module_s_objects(tamper, words):
    @named('player1_wins')
    def player1_wins(lines):
        from pokerlib.practice.guard import _led_by_course  # noqa: F401 - (its module loaded)
        from pokerlib.ranking import checked
        from pokerlib.versus import _winner
        tamper()
        original = [k for k in _winner.__code__.co_consts
                    if isinstance(k, types.FunctionType) and k.__name__ == '_winner']
        run = original[0] if original else checked(_winner, lambda *args: args)
        return sum(run(*parse_versus_line(line)) == 'player1' for line in lines if line.strip())
    verdict(player1_wins, 'player1_wins', 'fail', words)
