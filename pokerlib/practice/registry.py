"""The exercises check knows: a judge per exercise name, and how to call it.

A lesson module (``pokerlib.practice.exercises``) registers its exercises
with ``@exercise('name', ...)`` (or a judge built by ``exercises.judges``).
The registry that counts is the one in the judge's process, which no
student cell touched. A kernel loads no exercise: what it knows of them is
their names (``known_names``).

>>> 'straight' in known_names()
True
"""

import ast
import dataclasses
import functools
import importlib
import pathlib
import re
import sys
import textwrap

__all__ = ['Exercise', 'Prepare', 'exercise', 'exercise_names', 'EXERCISES', 'TIME_LIMIT', 'WALL_FACTOR',
           'wall_limit', 'SLOW',
           'MISTAKES', 'Mistake', 'mistakes', 'diagnosed', 'known', 'lessons', 'known_names', 'checked_next', 'every_check',
           'FORBIDDEN', 'forbid']

TIME_LIMIT = 5.0
"""Seconds a check may take (unless its exercise allows more) before it is stopped: seconds
of the own time of the process that runs her function (``judge.budget``: its CPU time, and
its time asleep), so that a loaded machine does not make an honest function slow."""

WALL_FACTOR = 4.0
"""Whatever it does, a check is stopped after this many times its limit on the clock
(``wall_limit``; the limit itself, where the runner's own time cannot be read)."""


def wall_limit(seconds) -> float:
    """The seconds on the clock a run with a limit of `seconds` of CPU time may take.

    >>> wall_limit(TIME_LIMIT)
    20.0
    """
    return WALL_FACTOR * seconds

SLOW = 2.0
"""A right answer that takes longer than this many seconds is told how long it took."""

EXERCISES = {}
"""Every exercise check knows, by name (an exercise may have several names)."""

MISTAKES = {}
"""The common wrong answers of each exercise, by name: a list of ``Mistake`` rows, each the
one home of its mistake. tests/practice/test_mistakes.py checks every row (the mistaken
version fails, and its report's hint is exactly the row's); the judge diagnoses a wrong
answer with the rows that say how (``known``)."""


@dataclasses.dataclass(frozen=True)
class Prepare:
    """Work an exercise's judge needs, made in the judge's process, and when: `make()` makes it
    (cached); `every_check`: it is new at every check (hole cards drawn afresh), never made
    ahead (``judge.serving.work_for_later``); `only_ahead`: made only while the judge is idle,
    its judge working out what it needs as it goes (a cases_judge's table); `step()` makes
    a piece of it, False once it is all made."""

    make: object
    every_check: bool = False
    only_ahead: bool = False
    step: object = None

    def __call__(self):
        return self.make()

    @classmethod
    def of(cls, work):
        """`work` as a Prepare (a function: made once, ahead or at its check)."""
        return work if isinstance(work, cls) else cls(work)


class Exercise:
    """A judge, and how check should call it.

    `judge` gets a ``run`` (or the value itself, if `takes_value`), raises
    Mismatch at the first wrong answer, and may return a summary such as
    ': 12 cases passed'. `seconds` is the time limit; `prepare` are
    functions (cached) that the judge needs, computed once in the judge's
    process before the student's code runs (or ``Prepare`` records that say
    when: a cases_judge's table only while the judge is idle); `later` are cached functions that
    only a wrong answer needs (where each known mistake shows), which the judge
    works out while it waits for the next check, or when a wrong answer needs
    them; `returns` says what a right answer looks like, for the report
    when the answer cannot be read; `slow_hint` is said to a right answer
    that takes more than SLOW seconds; `course` names more functions of the
    course (``'pokerlib.module:name'``) that are this exercise's answer, which
    the student's code may not call while it is judged (every course function
    of the exercise's own name, and every function of the lesson modules,
    are forbidden anyway). `runs` is how many runs of her function, each given `seconds`
    of its own (``Run.another_run``), the judge may make (heads_up's are long).
    """

    def __init__(self, name, judge, takes_value=False, error_hint=None, seconds=TIME_LIMIT,
                 prepare=(), returns=None, slow_hint=None, course=(), later=(), runs=1):
        self.runs = runs
        self.name, self.judge, self.takes_value = name, judge, takes_value
        self.error_hint, self.seconds = error_hint, seconds
        self.prepare, self.later = tuple(map(Prepare.of, prepare)), tuple(map(Prepare.of, later))
        self.returns, self.slow_hint, self._course = returns, slow_hint, tuple(course)

    @property
    def course(self) -> tuple:
        """The course functions ('module:name') this exercise forbids besides those of its
        names: its own `course`, and those ``forbid`` lists for any of its names."""
        refs = list(self._course)
        for name in self.names():
            refs += [r for r in FORBIDDEN.get(name, ()) if r not in refs]
        return tuple(refs)

    def names(self) -> list:
        """Every name this exercise's judge is registered under (shuffle and shuffle2...)."""
        return sorted(n for n, e in EXERCISES.items() if e.judge is self.judge)


def _declared() -> tuple:
    """For lesson notebooks 01 to 08, what its module (``exercises.lessonNN``) declares:
    (``CHECKS``, ``CHECKS`` and ``ALSO``)."""
    return tuple(_declared_in(number) for number in range(1, 9))


@functools.cache
def _declared_in(number) -> tuple:
    """(``CHECKS``, ``CHECKS`` and ``ALSO``) of ``exercises.lessonNN``: read from its source,
    so that a kernel loads no exercise; where the course runs without its sources (the
    grader's worker, sent it compiled), from the module itself, loaded or being loaded."""
    name = f'{__package__}.exercises.lesson{number:02d}'
    module = sys.modules.get(name)
    if module is None or not hasattr(module, 'CHECKS'):
        try:
            text = (pathlib.Path(__file__).with_name('exercises') / f'lesson{number:02d}.py'
                    ).read_text(encoding='utf-8')
        except OSError:
            module = importlib.import_module(name)
        else:
            values = {key: ast.literal_eval(value) for key, value in
                      re.findall(r'^(CHECKS|ALSO) = (\([^)]*\))', text, re.M)}
            return values['CHECKS'], values['CHECKS'] + values.get('ALSO', ())
    return module.CHECKS, module.CHECKS + getattr(module, 'ALSO', ())


def lessons() -> tuple:
    """The exercises each notebook (01 to 08) checks, in the order its check cells come, as
    its lesson's module declares them.

    >>> lessons()[1]
    ('allmax', 'poker', 'allmin', 'shares', 'tie_chance_two_decks')
    """
    return tuple(checks for checks, _names in _declared())


def every_check(prepare):
    """Decorator: a prepare whose work is new at every check (hole cards drawn afresh), which
    the judge never does ahead (see ``judge.serving.work_for_later``); other prepares are made
    once and kept."""
    return Prepare(prepare, every_check=True)


def checked_next(name) -> list:
    """The exercises a notebook checks right after exercise `name` (one for each place the
    notebooks check it), without repeats.

    >>> checked_next('hand_rank')
    ['card_ranks', 'lowball_rank']
    """
    found = []
    for lesson in lessons():
        for here, after in zip(lesson, lesson[1:]):
            if here == name and after not in found:
                found.append(after)
    return found


def exercise(*names, **options):
    """Decorator: register a judge under these exercise names (see Exercise for the options),
    each one its lesson's module declares (``CHECKS``, ``ALSO``): called from
    ``exercises.lessonNN`` or ``lessonNN_part``."""
    caller = re.search(r'\.lesson(\d\d)', sys._getframe(1).f_globals.get('__name__', ''))
    declared = _declared_in(int(caller[1]))[1] if caller else ()

    def register(judge):
        for name in names:
            if name not in declared:
                raise ValueError(f'exercise {name!r} is not declared by its lesson\'s module '
                                 '(its CHECKS or ALSO)')
            if name in EXERCISES:
                raise ValueError(f'two exercises are called {name!r}')
            EXERCISES[name] = Exercise(name, judge, **options)
        return judge
    return register


@dataclasses.dataclass(frozen=True, eq=False)
class Mistake:
    """A common wrong answer of an exercise, with everything said about it.

    `source` is a student's mistaken version (Python that defines the function, written as a
    student writes it; a value exercise's is a function of no arguments that returns the
    value); `hint` the message check must give it (an ``N_()`` msgid, ``{...}`` standing for
    what the report fills in); `status` its report's status. A row the judge diagnoses
    (``diagnosed``) says how: `test` is None when the judge runs the source's function itself
    (compiled once, in the judge's process: the course's own source) and compares its answers
    with the student's, else the judge's own test of the failing case (a predicate, or what
    the judge's shared code asks for); `fields(*args)` fills the hint's ``{fields}`` from the
    failing case (a dict if they are the same for every case); `witnesses` are more cases on
    which a wrong answer must match the mistaken version's, to tell it from other mistakes.
    `gets` is the hint the source's own check gets where that is not `hint`: another row's,
    which the judge tries first on the case where this source first fails (a row the judge
    needs for answers that fail first elsewhere).
    """

    source: str
    hint: str
    status: str = 'fail'
    diagnosed: bool = False
    test: object = None
    fields: object = None
    witnesses: tuple = ()
    gets: str = None

    def why(self):
        """The hint as the judges take it: the msgid, or a function of the failing case's
        arguments that gives the hint translated, its fields filled."""
        if self.fields is None:
            return self.hint
        from ..i18n import _
        fields = self.fields
        return lambda *args: _(self.hint).format(**(fields(*args) if callable(fields) else fields))

    def mistaken(self):
        """What the judge runs: the source's function (compiled at the first call, then kept),
        or the row's `test`."""
        if self.test is not None:
            return self.test
        if '_function' not in self.__dict__:
            source = textwrap.dedent(self.source)
            space = {'__name__': 'pokerlib.practice.mistakes'}
            exec(compile(source, '<mistake>', 'exec'), space)      # the course's own source
            object.__setattr__(self, '_function', space[re.findall(r'^def (\w+)', source, re.M)[-1]])
        return self.__dict__['_function']


def diagnosed(source, hint, test=None, fields=None, witnesses=(), status='fail',
              gets=None) -> Mistake:
    """A row of a lesson's table that the judge diagnoses (see Mistake)."""
    return Mistake(source, hint, status, True, test, fields, tuple(witnesses), gets)


def mistakes(name, *rows):
    """Write down common wrong answers of exercise `name`: each a Mistake (``diagnosed``), or
    a row (source, hint[, status]) that the judge's general hint answers."""
    MISTAKES.setdefault(name, []).extend(r if isinstance(r, Mistake) else Mistake(*r)
                                         for r in rows)


class Known:
    """The mistakes the judge of exercise `name` diagnoses: the diagnosed rows of its table,
    read when the judge first needs them, each as the judges take it: (mistaken version or test, hint[, witnesses])."""

    def __init__(self, name):
        self.name = name

    def __iter__(self):
        for row in MISTAKES.get(self.name, ()):
            if row.diagnosed:
                yield (row.mistaken(), row.why()) + ((row.witnesses,) if row.witnesses else ())

    def __repr__(self):
        return f'known({self.name!r})'


def known(name) -> Known:
    """The mistakes of exercise `name`'s table that its judge diagnoses (see Known)."""
    return Known(name)


FORBIDDEN = {}
"""For each exercise name, the course's functions ('pokerlib.module:name') that do its work
under another name, which the student's code may not call while it is judged (``forbid``)."""


def forbid(name, *refs):
    """Write down the course functions ('pokerlib.module:name') that do exercise `name`'s work
    under another name: calling one, or a copy of its code, fails the check."""
    FORBIDDEN.setdefault(name, []).extend(refs)


def exercise_names() -> list:
    """The names check knows, sorted."""
    return sorted(EXERCISES)


def known_names() -> list:
    """The names check knows, sorted, without loading the exercises (in a kernel): the same
    as ``exercise_names()`` where they are loaded (a test keeps them so)."""
    return sorted({name for _checks, names in _declared() for name in names})
