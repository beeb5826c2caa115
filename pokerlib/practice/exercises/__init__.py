"""The exercises ``check`` knows, each in the module of its lesson (``lesson01`` to
``lesson08``; a lesson too long for one module goes on in ``lessonNN_PART``, which its
lesson imports: ``lesson04_experiments``), with the judges they share (``judges``: cases and
rankings; ``shuffles``: shuffles and deals). They run in the judge's process (and the
grader's), never in a student's kernel: importing this package registers every one.

>>> 'straight' in exercise_names()
True
"""

from ..registry import EXERCISES, MISTAKES, exercise_names
from . import lesson01, lesson02, lesson03, lesson04, lesson05, lesson06, lesson07, lesson08  # noqa: F401  (they register the exercises)

__all__ = ['EXERCISES', 'MISTAKES', 'exercise_names']
