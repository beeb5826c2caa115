"""A random generator whose every draw is written down: to replay, enumerate or test a shuffle.

``ScriptedRandom`` is a ``random.Random``: every method a shuffle may use
(``randrange``, ``randint``, ``choice``, ``shuffle``, ``sample``,
``random``, ``uniform``, ``choices``, ``getrandbits``...) works, because
all of them are built on three draws, ``_randbelow(n)``, ``random()`` and
``getrandbits(k)``, and those three are the ones it writes down. It answers
from a *script* of draws first; past the end of the script it either

- *enumerates* (``seed=None``): each integer choice is the lowest, 0, and
  its range is recorded, so that ``enumerate_runs`` can walk through every
  sequence of choices (an odometer); a draw that can't be enumerated (a
  float, a wide ``getrandbits``) or one past ``most`` draws doesn't raise:
  it sets ``stopped`` and is answered from a fixed generator, so that the
  shuffle ends as it would with a real one and its run is set aside; or
- *draws* (``seed=s``): from ``random.Random(s)``, exactly as that
  generator would answer the same calls, so a shuffle given
  ``ScriptedRandom(seed=s)`` must do what it does given ``random.Random(s)``.

Nothing in its control flow is an exception a shuffle could catch.

>>> rng = ScriptedRandom(seed=1)
>>> deck = list('abcde'); rng.shuffle(deck)
>>> other = list('abcde'); random.Random(1).shuffle(other)
>>> deck == other, rng.sizes
(True, [5, 4, 3, 2])
>>> again = list('abcde'); ScriptedRandom(rng.draws).shuffle(again); again == deck
True
>>> sorted(o for o, p, rng in enumerate_runs(lambda d, r: r.shuffle(d), 'abc'))
['abc', 'acb', 'bac', 'bca', 'cab', 'cba']
"""

import math
import random
from collections import deque
from fractions import Fraction

__all__ = ['ScriptedRandom', 'enumerate_runs', 'ENUMERABLE_BITS']

ENUMERABLE_BITS = 6
"""getrandbits(k) is enumerated (2**k choices) for k up to this; wider draws stop an enumeration."""


class ScriptedRandom(random.Random):
    """A random.Random that replays `script`, then enumerates (seed None) or draws from random.Random(seed).

    After a run: ``draws`` are the values it answered, ``sizes`` the number
    of possible answers of each (0 for a float), ``stopped`` None or why an
    enumeration could not follow the run ('float', 'bits', 'long', 'seed',
    'replay').
    """

    def __init__(self, script=(), seed=None, most=10_000):
        # No super().__init__: every draw is answered by the methods below, never by the
        # generator's own state, so seeding it would only cost time (judges make thousands).
        self.gauss_next = None
        self.script, self.seed_value, self.most = list(script), seed, most
        self.draws, self.sizes, self.kinds, self.stopped = [], [], [], None
        self.stop_at = None          # the number of draws made before the run stopped
        self._source = None          # random.Random(seed), made at the first draw from it
        self._behind = ()            # (start, end): draws the source must still make first
        self._fallback = None

    def seed(self, a=None, version=2):
        if hasattr(self, 'draws'):          # a shuffle reseeding the generator it was given
            self._stop('seed')
            (self._caught_up() or self._spare()).seed(a, version)
        else:
            super().seed(a, version)

    def _spare(self):
        if self._fallback is None:
            self._fallback = random.Random(len(self.draws))
        return self._fallback

    def _caught_up(self):
        """The source (or None), past every draw it answered (made, and for a rebuilt one
        caught up, here, on its first use: most never draw again)."""
        if self._source is None and self.seed_value is not None:
            self._source = random.Random(self.seed_value)
        if self._behind:
            (start, end), self._behind = self._behind, ()
            source = self._source
            for kind, size in zip(self.kinds[start:end], self.sizes[start:end]):
                if kind == 'f':
                    source.random()
                elif kind == 'g':
                    source.getrandbits(size.bit_length() - 1)
                else:
                    source._randbelow(size)
        return self._source

    def _stop(self, why):
        if not self.stopped:
            self.stopped, self.stop_at = why, len(self.draws)

    def _draw(self, kind, size, make):
        """The next draw: from the script, then enumerated or from the source."""
        k = len(self.draws)
        if self.stopped:
            value = make(self._caught_up() or self._spare())
        elif k < len(self.script):
            value = self.script[k]
            if kind == 'f' and not isinstance(value, float) or kind != 'f' and not (
                    isinstance(value, int) and 0 <= value < size):
                self._stop('replay')             # the run asks for other draws than before
                value = make(self._spare())
        elif self.seed_value is not None:
            value = make(self._caught_up())
        elif k >= self.most:
            self._stop('long')
            value = make(self._spare())
        elif kind == 'f':
            self._stop('float')
            value = make(self._spare())
        elif kind == 'g' and size > 1 << ENUMERABLE_BITS:
            self._stop('bits')
            value = make(self._spare())
        else:
            value = 0
        self.draws.append(value)
        self.sizes.append(size)
        self.kinds.append(kind)
        return value

    def _randbelow(self, n):
        if n <= 0:
            return 0
        source = self._source
        if source is not None and not self._behind and not self.stopped \
                and len(self.draws) >= len(self.script):
            value = source._randbelow(n)     # what _draw does here, the common case quickly
            self.draws.append(value)
            self.sizes.append(n)
            self.kinds.append('b')
            return value
        return self._draw('b', n, lambda r: r._randbelow(n))   # n = 1 too: it draws bits

    def getrandbits(self, k):
        if k == 0:
            return 0
        return self._draw('g', 1 << k, lambda r: r.getrandbits(k))

    def random(self):
        return self._draw('f', 0, lambda r: r.random())

    def getstate(self):
        return ('ScriptedRandom', tuple(self.draws))

    def setstate(self, state):
        self._stop('seed')

    def __reduce__(self):
        return (_rebuilt, (self.script, self.seed_value, self.most, self.draws, self.sizes,
                           self.kinds, self.stopped, self.stop_at))

    def __repr__(self):
        return 'rng' if self.seed_value is None else f'random.Random({self.seed_value!r})'


def _rebuilt(script, seed, most, draws, sizes, kinds, stopped, stop_at):
    """A ScriptedRandom in the state it was pickled in (its source advanced past its draws)."""
    rng = ScriptedRandom(script, seed, most)
    rng.draws, rng.sizes, rng.kinds = list(draws), list(sizes), list(kinds)
    rng.stopped, rng.stop_at = stopped, stop_at
    if seed is not None and len(draws) > len(script):
        rng._behind = (len(script), len(draws))
    return rng


def enumerate_runs(play, deck, most=64, budget=None, many=None, chunk=256):
    """Every run of `play(list(deck), rng)`, as (outcome, probability, rng) triples.

    `play` returns the run's outcome (None is read as the deck after the
    call, as a string when the deck is a string). A run the enumeration
    can't follow (``rng.stopped``) comes out with outcome None. Stops
    (returns) after `budget` runs, if given; ``len`` of the runs tells.

    The choice tree is walked a level at a time: each run draws the choices of
    its script, then the first choice (0) wherever it goes on, and every other
    choice at those places starts a run of the next level. With `many`,
    ``many([(cards, rng), ...])`` plays up to `chunk` runs of a level at once and
    returns their outcomes in order (a judge sends them to the student's
    process in one round trip); `play` is then unused.

    >>> from pokerlib import shuffle2
    >>> sorted((o, p) for o, p, rng in enumerate_runs(shuffle2, 'ab'))
    [('ab', Fraction(1, 2)), ('ba', Fraction(1, 2))]
    """
    many = many or (lambda pairs: [play(cards, rng) for cards, rng in pairs])
    waiting = deque([[]])
    runs = 0
    while waiting and (budget is None or runs < budget):
        size = min(chunk, len(waiting), budget - runs if budget is not None else chunk)
        scripts = [waiting.popleft() for _ in range(size)]
        rngs = [ScriptedRandom(script, None, most) for script in scripts]
        pairs = [(list(deck), rng) for rng in rngs]
        for (cards, rng), outcome in zip(pairs, many(pairs)):
            runs += 1
            if outcome is None:
                outcome = ''.join(cards) if isinstance(deck, str) else tuple(cards)
            tree = rng.stop_at if rng.stopped else len(rng.draws)
            if rng.stopped:
                outcome = None
            yield outcome, Fraction(1, math.prod(rng.sizes[:tree])), rng
            # The other choices wherever this run went past its script (no more than the
            # budget can ever run: a tree too big for it needs no more than that to show).
            for k in range(len(rng.script), tree):
                more = rng.sizes[k] - 1
                if budget is not None:
                    more = min(more, max(budget - runs - len(waiting), 0))
                waiting.extend(rng.draws[:k] + [v] for v in range(1, 1 + more))
