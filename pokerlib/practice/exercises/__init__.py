"""The exercises ``check`` knows, each in the module of its lesson (``lesson01`` to
``lesson08``), with the judges they share (``judges``: cases and rankings; ``shuffles``:
shuffles and deals). A lesson too long for one module goes on in ``lessonNN_PART``:
``lesson01_rankings`` (registered here, after its lesson) and ``lesson04_experiments`` (the
judge ``lesson04`` imports). They run in the judge's process (and the grader's), never in a
student's kernel: importing this package registers every one.

>>> 'straight' in exercise_names()
True
"""

from ..registry import EXERCISES, MISTAKES, exercise_names
from . import (lesson01, lesson01_rankings, lesson02, lesson03, lesson04,  # noqa: F401  (they
               lesson05, lesson06, lesson07, lesson08)                    # register the exercises)

__all__ = ['EXERCISES', 'MISTAKES', 'exercise_names']
