"""The exercises check knows: a judge per exercise name, and how to call it.

A lesson module (``pokerlib.practice.exercises``) registers its exercises
with ``@exercise('name', ...)`` (or a judge built by ``exercises.judges``).
The registry that counts is the one in the judge's process, which no
student cell touched. A kernel loads no exercise: what it knows of them is
their names (``known_names``).

>>> 'straight' in known_names()
True
"""

__all__ = ['Exercise', 'exercise', 'exercise_names', 'EXERCISES', 'TIME_LIMIT', 'SLOW',
           'MISTAKES', 'mistakes', 'LESSONS', 'known_names', 'checked_next', 'every_check',
           'FORBIDDEN', 'forbid']

TIME_LIMIT = 5.0
"""Seconds a check may run (unless its exercise allows more) before it is stopped."""

SLOW = 2.0
"""A right answer that takes longer than this many seconds is told how long it took."""

EXERCISES = {}
"""Every exercise check knows, by name (an exercise may have several names)."""

MISTAKES = {}
"""The common wrong answers of each exercise, by name: a list of (source, hint) pairs, where
source is a student's mistaken version (Python that defines one function, written as a
student writes it) and hint is the message (an ``N_()`` msgid, ``{...}`` standing for what
the report fills in) that check must give it. tests/practice/test_mistakes.py checks every
row: the mistaken version fails, and its report's hint is exactly that one."""


class Exercise:
    """A judge, and how check should call it.

    `judge` gets a ``run`` (or the value itself, if `takes_value`), raises
    Mismatch at the first wrong answer, and may return a summary such as
    ': 12 cases passed'. `seconds` is the time limit; `prepare` are
    functions (cached) that the judge needs, computed once in the judge's
    process before the student's code runs (one marked ``only_ahead``, such
    as a cases_judge's table, only while the judge is idle: its judge works
    out what it needs as it goes); `later` are cached functions that
    only a wrong answer needs (where each known mistake shows), which the judge
    works out while it waits for the next check, or when a wrong answer needs
    them; `returns` says what a right answer looks like, for the report
    when the answer cannot be read; `slow_hint` is said to a right answer
    that takes more than SLOW seconds; `course` names more functions of the
    course (``'pokerlib.module:name'``) that are this exercise's answer, which
    the student's code may not call while it is judged (every course function
    of the exercise's own name, and every function of the lesson modules,
    are forbidden anyway).
    """

    def __init__(self, name, judge, takes_value=False, error_hint=None, seconds=TIME_LIMIT,
                 prepare=(), returns=None, slow_hint=None, course=(), later=()):
        self.name, self.judge, self.takes_value = name, judge, takes_value
        self.error_hint, self.seconds, self.prepare = error_hint, seconds, tuple(prepare)
        self.later = tuple(later)
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


LESSONS = (
    ('hand_rank', 'card_ranks', 'straight', 'flush', 'kind', 'two_pair', 'count_wheels', 'kinds',
     'two_pair'),
    ('allmax', 'poker', 'allmin', 'shares', 'tie_chance_two_decks'),
    ('group', 'unzip', 'hand_rank', 'lowball_rank', 'hand_rank_counter', 'distinct_rankings'),
    ('deal', 'hand_percentages', 'hands_needed', 'hand_frequencies_by_removing',
     'most_common_seven'),
    ('shuffle2', 'sattolo', 'most_likely_naive', 'shuffle_by_sorting'),
    ('best_hand', 'best_wild_hand', 'flush_draw', 'count_wild_rankings', 'best_deuces_wild'),
    ('player1_wins', 'how_won', 'score_valid'),
    ('pair_overtakes', 'straight_v1', 'heads_up'),
)
"""The exercises each notebook (01 to 08) checks, in the order its check cells come."""


def every_check(prepare):
    """Decorator: a prepare whose work is new at every check (hole cards drawn afresh), which
    the judge never does ahead (see ``judge.serving.work_for_later``); other prepares are made
    once and kept."""
    prepare.every_check = True
    return prepare


def checked_next(name) -> list:
    """The exercises a notebook checks right after exercise `name` (one for each place the
    notebooks check it), without repeats.

    >>> checked_next('hand_rank')
    ['card_ranks', 'lowball_rank']
    """
    found = []
    for lesson in LESSONS:
        for here, after in zip(lesson, lesson[1:]):
            if here == name and after not in found:
                found.append(after)
    return found


def exercise(*names, **options):
    """Decorator: register a judge under these exercise names (see Exercise for the options)."""
    def register(judge):
        for name in names:
            if name in EXERCISES:
                raise ValueError(f'two exercises are called {name!r}')
            EXERCISES[name] = Exercise(name, judge, **options)
        return judge
    return register


def mistakes(name, *rows):
    """Write down common wrong answers of exercise `name`, each (source, hint): see MISTAKES.
    A value exercise's mistaken version is a function of no arguments that returns the value."""
    MISTAKES.setdefault(name, []).extend(rows)


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


OTHER_NAMES = ('hand_rank_elif', 'shuffle')
"""The exercises' names no notebook's check cell uses (``LESSONS`` has the others)."""


def known_names() -> list:
    """The names check knows, sorted, without loading the exercises (in a kernel): the same
    as ``exercise_names()`` where they are loaded (a test keeps them so)."""
    return sorted({name for lesson in LESSONS for name in lesson} | set(OTHER_NAMES))
