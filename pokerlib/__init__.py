"""pokerlib: the functions of Peter Norvig's poker program, as the course builds them.

>>> from pokerlib import poker, parse_hand
>>> poker([parse_hand('6C 7C 8C 9C TC'), parse_hand('JD JH JS JC 7D')])
[['6C', '7C', '8C', '9C', 'TC']]

Each module lists its public names once, in its ``__all__``; the package
exports exactly those names, and nothing else.
"""

from . import (cards, classes, dealing, fairness, fast, frequencies, holdem,
               practice, ranking, shuffling, teaching, versus)
from .cards import *
from .classes import *
from .dealing import *
from .fairness import *
from .fast import *
from .frequencies import *
from .holdem import *
from .practice import *
from .ranking import *
from .shuffling import *
from .teaching import *
from .versus import *

__version__ = '0.1.0'

__all__ = [name for module in (cards, ranking, teaching, classes, holdem, dealing,
                               shuffling, frequencies, fairness, versus, fast, practice)
           for name in module.__all__]
