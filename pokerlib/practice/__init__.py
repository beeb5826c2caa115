"""Check your own version of a course function: ``check(straight)``.

Wherever the lecture asks you to write a function, the notebook has a "Your
turn" cell with its signature, and then a line such as ``check(straight)``.
``check`` runs your function on that exercise's hidden cases and shows a
short report: every case passed, or the first one that didn't, with what
your function returned, what was expected and a hint. The report is true
exactly when every case passed. ``check`` never raises and always returns:
an unfinished function, an error inside it, ``exit()`` or a function that
runs too long all become a report.

Exercises are found by the function's name; if you called yours something
else, say which exercise it is: ``check(my_straight, name='straight')``.
Where the answer is a number, write a function of no arguments that returns
it, or pass the number itself with ``name=``.

>>> def straight(ranks):
...     "Return True if the ordered ranks form a 5-card straight."
...     return max(ranks) - min(ranks) == 4
>>> print(check(straight))
✗ straight gave a wrong answer on straight([14, 14, 13, 12, 10])
    returned: True
    expected: False
    hint:     [14, 14, 13, 12, 10] is not a straight: its highest and lowest ranks are 4 apart, but a rank comes more than once (a straight needs five different ranks)

For teachers: adding an exercise
--------------------------------
An exercise lives in the module of its lesson,
``pokerlib/practice/exercises/lessonNN.py``, and nowhere else. Where the judge
is "compare with a reference answer on these inputs", the exercise is data: the reference, the inputs, a hint,
and (optionally) mistaken versions whose answers earn a named hint. For a
``pair_rank(ranks)`` that returns the rank of the pair, or None::

    from ...ranking import kind
    from ..judge.kit import exercise, mistakes
    from .judges import cases_judge

    def _pair_from_the_top(ranks):          # a mistake a student makes
        return next((r for r in ranks if ranks.count(r) >= 2), None)

    exercise('pair_rank', returns='a rank (a number) or None')(cases_judge(
        lambda ranks: kind(2, ranks),                    # the reference answer
        [([9, 9, 7, 6, 5],), ([9, 9, 9, 6, 6],), ([9, 8, 7, 6, 5],)],
        'the rank that occurs exactly twice, or None',   # what a wrong answer is told
        mistakes=[(_pair_from_the_top, 'exactly twice: three of a kind is not a pair')]))

In the lesson's module, before its judges, a table of mistakes writes down
each exercise's common wrong answers as a student writes them, each with the
hint its report must give (a test checks every row,
``tests/practice/test_mistakes.py``)::

    mistakes('pair_rank', ('''
    def pair_rank(ranks):
        return next((r for r in ranks if ranks.count(r) >= 2), None)
    ''', 'exactly twice: three of a kind is not a pair'))

Its name goes in the lesson module's ``CHECKS`` (``ALSO`` if no check cell uses it):
``@exercise`` refuses a name its lesson does not declare. Then put a solution region (``### BEGIN SOLUTION`` / ``### END SOLUTION``)
and a ``check(pair_rank)`` cell in the teacher's notebook, and add tests to
``tests/practice/test_lessonNN.py``: three right versions in different
styles and five wrong ones, each with the words its report must show. A
judge that needs more than a comparison is a function decorated with
``@exercise('name')`` that takes ``run``, calls ``run(*args)`` (or
``run.map([args, ...])`` for many calls in few round trips) and raises
``wrong(got, expected, hint)`` at the first wrong answer (see ``exercises/judges.py``
for rankings over every class of hands, ``exercises/shuffles.py`` for shuffles and deals).
A lesson imports everything else it needs from ``pokerlib.practice.judge.kit``. The judge runs
in a process of its own and the student's function in another (see
``kernel``, ``runner`` and ``judge``): what comes back is plain data only
(numbers, strings, and lists, tuples, dicts, sets and Counters of them),
and while an exercise is judged, the course's functions of its name and
every function of the lesson modules refuse to run.
Options: ``seconds=`` for a longer time limit, ``takes_value=True`` when
the answer is a value, ``prepare=[f]`` for cached reference data computed
once, ``error_hint=`` for errors raised inside the student's code.
"""

from .kernel import TIME_LIMIT, Report, check, exercise_names

__all__ = ['check', 'Report', 'TIME_LIMIT', 'exercise_names']

if 'ipykernel' in __import__('sys').modules:      # in a notebook: start the judge's process now,
    from .kernel import warm                      # in the background, so the first check is quick
    warm()
