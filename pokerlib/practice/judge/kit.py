"""Everything an exercise's author imports: registering an exercise and its mistakes, the
judge's ``run`` and its errors, the words of a report, comparing values. A lesson module
(``pokerlib.practice.exercises.lessonNN``) imports from here and from the shared judges
beside it (``exercises.judges``, ``exercises.shuffles``), nothing else of the practice package.
"""

from ..registry import Prepare, diagnosed, every_check, exercise, forbid, known, mistakes
from ..reports import (Mismatch, code, describe_call, kind_of, need_bool, prose, short,
                       unreadable, wrong)
from ..values import same_value, to_python
from .errors import StudentError
from .judging import Run, batch_frame

__all__ = ['Prepare', 'diagnosed', 'every_check', 'exercise', 'forbid', 'known', 'mistakes',
           'Mismatch', 'code', 'describe_call', 'kind_of', 'need_bool', 'prose', 'short',
           'unreadable', 'wrong', 'same_value', 'to_python', 'StudentError', 'Run', 'batch_frame']
