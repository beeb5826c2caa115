"""Helpers for teaching: checks that tie two versions together, and source code.

>>> same(len, lambda s: sum(1 for _ in s), ['', 'ab', 'abc'])
True
>>> same_order(abs, lambda x: x * x, [-3, 1, 2])
True
"""

import inspect

__all__ = ['same', 'same_order', 'freeze', 'source']


class Source(str):
    """Source code that displays as code (its repr is the text itself)."""

    def __repr__(self):
        return str(self).rstrip('\n')


def source(function) -> Source:
    """The source code of a function, straight from its module.

    >>> source(freeze).splitlines()[0]
    'def freeze(x):'
    """
    return Source(inspect.getsource(function))


def freeze(x):
    """A hashable copy: lists inside tuples become tuples, recursively.

    >>> freeze((2, (9, 5), [9, 9, 6, 5, 5]))
    (2, (9, 5), (9, 9, 6, 5, 5))
    """
    if type(x) not in (list, tuple):
        return x
    return tuple([freeze(v) if type(v) in (list, tuple) else v for v in x])


def same(f, g, inputs) -> bool:
    """True if f(x) == g(x) for every x in inputs.

    >>> same(abs, lambda x: x, [0, 1, 2]), same(abs, lambda x: x, [-1])
    (True, False)
    """
    return all(f(x) == g(x) for x in inputs)


def same_order(f, g, inputs) -> bool:
    """True if f and g order the inputs alike: f(x) < f(y) exactly when g(x) < g(y).

    The values may differ (hand_rank_elif says 8 for a straight flush,
    hand_rank says 9); only the order, ties included, must be the same. That
    holds exactly when the pairs (f(x), g(x)) make a one-to-one, increasing
    map from f's values to g's.

    >>> same_order(lambda x: x, lambda x: 10 * x, [3, 1, 2, 2])
    True
    >>> same_order(lambda x: x, lambda x: x % 3, [3, 1, 2])
    False
    """
    pairs = sorted({(freeze(f(x)), freeze(g(x))) for x in inputs})
    fs = [a for a, b in pairs]
    gs = [b for a, b in pairs]
    return len(set(fs)) == len(fs) and all(b1 < b2 for b1, b2 in zip(gs, gs[1:]))
