"""NumPy, imported the first time it is used.

Every notebook starts with ``from pokerlib import ...``, and NumPy's own
import was half of that (about a tenth of a second), in lessons 1 to 3 too,
which never use it. The modules that use NumPy take ``np`` from here: it
answers every name ``import numpy as np`` would, and imports NumPy at the
first one asked for.

>>> from pokerlib.lazy import np
>>> int(np.arange(4).sum()), np.ndarray is __import__('numpy').ndarray
(6, True)
"""

import importlib

__all__ = []


class LazyModule:
    """A module imported when one of its names is first read; each name read is then kept
    here, so that reading it again is as quick as reading it from the module."""

    def __init__(self, name):
        self.__dict__['_name'] = name

    def __getattr__(self, attr):                # only for names not yet kept here
        value = getattr(importlib.import_module(self._name), attr)
        self.__dict__[attr] = value
        return value

    def __setattr__(self, attr, value):
        raise AttributeError(f'{self._name} is read here, not changed')

    def __repr__(self):
        return f'<{self._name}, imported when first used>'


np = LazyModule('numpy')
