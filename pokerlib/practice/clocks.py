"""Her clocks, in the runner: time flies there, so that no judge can be outwaited (issue 49).

A function that is right for its first seconds and wrong after (a shuffle that sorts by
random keys for two seconds, then by biased ones) would pass every check that ends sooner.
In the runner (never in the kernel), ``warp()`` makes every clock of the ``time`` module
run ahead by ``JUMP`` seconds at each call the judge makes (``tick``), so that to her code
an hour passes between two calls: whatever her function does after some seconds, it does
from its second call on. The runner measures its own calls with the clock as it was
(``perf_counter``, bound here first).

>>> import time
>>> real = perf_counter()
>>> perf_counter() - real < 60
True
"""

import time

__all__ = ['warp', 'tick', 'perf_counter', 'JUMP']

perf_counter = time.perf_counter
"""The runner's own clock, which no warp moves."""

JUMP = 3600.0
"""Seconds her clocks jump forward at each call of her function the judge makes."""

CLOCKS = ('time', 'monotonic', 'perf_counter', 'process_time', 'thread_time')
"""The clocks of the time module that warp moves (each with its _ns twin)."""

_OFFSET = [0.0]
_WARPED = {}
"""original clock -> its warped twin (once warp() ran)."""


def _twin(clock, nanoseconds):
    offset = _OFFSET
    if nanoseconds:
        def warped():
            return clock() + int(offset[0] * 1e9)
    else:
        def warped():
            return clock() + offset[0]
    warped.__name__ = warped.__qualname__ = clock.__name__
    return warped


def _twin_gettime(clock, nanoseconds):
    offset = _OFFSET

    def warped(which):
        return clock(which) + (int(offset[0] * 1e9) if nanoseconds else offset[0])
    warped.__name__ = warped.__qualname__ = clock.__name__
    return warped


def warp(space=None):
    """Make the time module's clocks (and those a namespace holds, `space`: her function's
    globals, which may have imported them by name) run ahead at each ``tick``."""
    if not _WARPED:
        for name in CLOCKS:
            for full, ns in ((name, False), (name + '_ns', True)):
                clock = getattr(time, full, None)
                if clock is not None:
                    _WARPED[clock] = _twin(clock, ns)
                    setattr(time, full, _WARPED[clock])
        for full, ns in (('clock_gettime', False), ('clock_gettime_ns', True)):
            clock = getattr(time, full, None)
            if clock is not None:
                _WARPED[clock] = _twin_gettime(clock, ns)
                setattr(time, full, _WARPED[clock])
    if type(space) is dict:
        for name, value in list(space.items()):
            try:
                twin = _WARPED.get(value)
            except TypeError:            # (an object that cannot be hashed)
                continue
            if twin is not None:
                space[name] = twin


def tick():
    """Her clocks jump JUMP seconds forward (before each call of her function)."""
    _OFFSET[0] += JUMP
