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

For teachers, adding an exercise: the manual's "Working on the course"
(``site/manual/contributing.md``).
"""

from .kernel import TIME_LIMIT, Report, check, exercise_names

__all__ = ['check', 'Report', 'TIME_LIMIT', 'exercise_names']

if 'ipykernel' in __import__('sys').modules:      # in a notebook: start the judge's process now,
    from .kernel import warm                      # in the background, so the first check is quick
    warm()
