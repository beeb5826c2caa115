"""What a judge hands to the student's function that is not plain data: an iterator that can
be read once, key functions (allmax's cases). The runner rebuilds each by its name
(``values.decode_arg``) from here, a module of no lesson and of no judge: a runner never
imports the exercises (their code may not run there: ``guard.guard``), as a kernel never
does."""

__all__ = ['ShownIterator', 'second', 'negative']


class ShownIterator:
    """An iterator that shows itself as the call that made it: iter([1, 2])."""

    def __init__(self, items):
        self.items, self._it = list(items), iter(items)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)

    def __repr__(self):
        return f'iter({self.items!r})'


def second(pair):
    """The second item of a pair (a key function)."""
    return pair[1]


def negative(x):
    """A key that makes every number negative."""
    return -abs(x) - 1
