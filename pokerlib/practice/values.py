"""Values that cross between the student's process and the judge's: plain data, and comparing it.

Only plain data crosses: None, bool, int, float, Fraction, str, and tuples,
lists, dicts, sets, frozensets and Counters of them (and what a builtin
iterator such as zip or a generator yields), each checked by its exact type
(an ``int`` subclass that says it equals everything is not an ``int``). It
crosses as JSON whose containers are tagged (``{"T": [...]}`` is a tuple,
``{"LL": [[...], ...]}`` a list of lists of numbers and strings), never as a
pickle: the judge never unpickles, or even builds, an object that the
student's code made. The judge's own arguments may also be a
NumPy array, a random generator (its state, rebuilt on the other side by
the course's class), an iterator of plain items or a function of the
course (by its name); none of those ever comes back.

>>> from fractions import Fraction
>>> value = [(1, 'a'), {2: {3.5, None}}, Fraction(1, 3), frozenset({True})]
>>> from_json(to_json(to_plain(value))) == value
True
>>> hands = [['AS', 'KS'], ['2H', 3], []]
>>> to_plain(hands), from_json(to_json(to_plain(hands))) == hands
({'LL': [['AS', 'KS'], ['2H', 3], []]}, True)
>>> to_plain(type('Liar', (int,), {'__eq__': lambda s, o: True})(1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerlib.practice.values.NotPlain: ...Liar
"""

import array
import base64
import importlib
import json
import math
import random
import sys
from collections import Counter
from fractions import Fraction
from itertools import islice

from ..scripted import ScriptedRandom
from ..scripted import _rebuilt as scripted_rebuilt

__all__ = ['NotPlain', 'to_plain', 'to_json', 'from_json', 'encode_arg', 'decode_arg',
           'rng_state', 'apply_rng_state', 'to_python', 'same_value', 'PLAIN_TYPES']

PLAIN_TYPES = (type(None), bool, int, float, str, Fraction, tuple, list, dict, set, frozenset,
               Counter)
ITERATORS = tuple({type(x) for x in (zip(), map(abs, ()), filter(None, ()), iter(()), iter([]),
                                     iter(''), iter(range(0)), reversed([]), enumerate(()),
                                     (x for x in ()), iter({}), iter(set()), {}.keys(),
                                     {}.values(), {}.items(), range(0))})
"""Builtin iterators (zip, map, a generator...): what they yield crosses, as an iterator."""
ITEMS = 1_000_000
"""An iterator is read up to this many items."""

DEPTH = 60
"""Plain data nested deeper than this is refused (a list that holds itself, say)."""


class NotPlain(TypeError):
    """A value that is not plain data; the message names its type."""


def _numpy_plain(value):
    """A NumPy array or scalar (of NumPy's own exact types) as plain Python, else None. An
    array of strings or of objects becomes a list of them (to_plain then reads each object:
    unzip may return object columns of plain values)."""
    np = sys.modules.get('numpy')
    if np is None:
        return None
    cls = type(value)
    if cls is np.ndarray:
        if value.dtype.kind not in 'biufUO':
            raise NotPlain(f'numpy array of {value.dtype}')
        return value.tolist()
    if cls in _numpy_scalars(np):
        return value.item()
    return None


_SCALARS = []


def _numpy_scalars(np):
    if not _SCALARS:
        _SCALARS.append({t for t in np.sctypeDict.values()
                         if issubclass(t, (np.bool_, np.integer, np.floating))})
    return _SCALARS[0]


def _type_name(value) -> str:
    cls = type(value)
    try:
        module, name = type.__getattribute__(cls, '__module__'), type.__getattribute__(cls, '__name__')
        module = str(module).split('.')[0]
        return name if module in ('builtins', '__main__') else f'{module}.{name}'
    except Exception:
        return 'an object'


_SIMPLE = frozenset({int, str, bool, type(None)})
"""Types that cross as themselves (a float may be infinite: it is tagged)."""


def _simple_lists(items) -> bool:
    """Are all items lists (exactly) of values that cross as themselves (the 'LL' tag)?"""
    return all(type(v) is list and set(map(type, v)) <= _SIMPLE for v in items)


def to_plain(value, depth=0):
    """The value as JSON-ready tagged data, if it is plain data (exact types); else NotPlain.

    NumPy arrays and scalars of numbers become lists and numbers first."""
    cls = type(value)
    if value is None or cls is bool or cls is str:
        return value
    if cls is int:
        return value
    if cls is float:
        return value if math.isfinite(value) else {'f': repr(value)}
    if depth > DEPTH:
        raise NotPlain('data nested too deeply')
    if cls is list:
        if set(map(type, value)) <= _SIMPLE:          # the common case, quickly
            return {'L': value[:]}
        if _simple_lists(value):
            return {'LL': [v[:] for v in value]}      # hands, a deal: lists of such lists
        return {'L': [to_plain(v, depth + 1) for v in value]}
    if cls is tuple:
        if set(map(type, value)) <= _SIMPLE:
            return {'T': list(value)}
        return {'T': [to_plain(v, depth + 1) for v in value]}
    return _other_plain(value, cls, depth)


def _other_plain(value, cls, depth):
    """to_plain of the rarer types (dicts, sets, fractions, Counters, iterators, NumPy's
    arrays and numbers), at this depth; NotPlain if the value is none of them."""
    if cls is dict:
        return {'D': [[to_plain(k, depth + 1), to_plain(v, depth + 1)] for k, v in value.items()]}
    if cls is set:
        return {'S': [to_plain(v, depth + 1) for v in value]}
    if cls is frozenset:
        return {'F': [to_plain(v, depth + 1) for v in value]}
    if cls is Fraction:
        return {'Q': [int(value.numerator), int(value.denominator)]}
    if cls is Counter:
        return {'C#': [[to_plain(k, depth + 1), to_plain(v, depth + 1)] for k, v in value.items()]}
    if cls in ITERATORS:
        return {'It': [to_plain(v, depth + 1) for v in islice(value, ITEMS)]}
    converted = _numpy_plain(value)
    if converted is not None:
        return to_plain(converted, depth + 1)
    raise NotPlain(_type_name(value))


def _from_plain(data, extra=None):
    """Plain tagged data back to values (only the plain tags, unless `extra` reads others)."""
    cls = type(data)
    if data is None or cls in (bool, int, float, str):
        return data
    if cls is not dict or len(data) != 1:
        raise ValueError('not tagged data')
    (tag, body), = data.items()
    if tag == 'f':
        return float(body if body in ('inf', '-inf', 'nan') else 'nan')
    if tag == 'Q':
        return Fraction(int(body[0]), int(body[1]))
    if tag == 'D':
        return {_from_plain(k, extra): _from_plain(v, extra) for k, v in body}
    if tag == 'C#':
        return Counter({_from_plain(k, extra): _from_plain(v, extra) for k, v in body})
    if tag == 'It' and type(body) is list:
        return iter([_from_plain(v, extra) for v in body])
    if tag == 'LL' and type(body) is list:
        if _simple_lists(body):
            return [v[:] for v in body]
        raise ValueError('not plain data: a list of lists of other things')
    if tag in 'LTSF' and type(body) is list:
        items = body if set(map(type, body)) <= _SIMPLE else [_from_plain(v, extra) for v in body]
        return {'L': list, 'T': tuple, 'S': set, 'F': frozenset}[tag](items)
    if extra is not None:
        return extra(tag, body)
    raise ValueError(f'not plain data: {tag!r}')


def to_json(data) -> bytes:
    """Tagged data as JSON bytes."""
    return json.dumps(data, separators=(',', ':'), allow_nan=False).encode('utf-8')


def from_json(raw):
    """Values from JSON bytes that to_json(to_plain(...)) made (plain tags only)."""
    return _from_plain(json.loads(raw))


# --- the judge's arguments --------------------------------------------------------

def _ref(obj) -> str:
    return f'{obj.__module__}:{obj.__qualname__}'


def _resolve(ref):
    module, _, qualname = ref.partition(':')
    if not (module in ('builtins', 'random', 'operator', 'math')
            or module == 'pokerlib' or module.startswith('pokerlib.')):
        raise ValueError(f'not a course function: {ref}')
    obj = importlib.import_module(module)
    for part in qualname.split('.'):
        obj = getattr(obj, part)
    return obj


def rng_state(rng, depth=0):
    """A random generator as data: its class, its Mersenne Twister state and its own attributes.

    The judge's ``ScriptedRandom`` goes as its script, seed and draws (``'SR'``), a few dozen
    numbers instead of two Mersenne Twister states: its source is rebuilt from the seed and
    advanced past the draws (``scripted._rebuilt``)."""
    if type(rng) is ScriptedRandom and depth == 0:
        return {'SR': [_numbers(rng.script), rng.seed_value, rng.most, _numbers(rng.draws),
                       _numbers(rng.sizes), [str(k) for k in rng.kinds], rng.stopped,
                       rng.stop_at]}
    attrs = {}
    for key, value in vars(rng).items():
        attrs[key] = (rng_state(value, depth + 1) if isinstance(value, random.Random)
                      and depth < 3 else to_plain(value))
    version, mt, gauss = random.Random.getstate(rng)
    return {'R': {'class': _ref(type(rng)), 'attrs': attrs,
                  'mt': [version, base64.b64encode(array.array('I', mt).tobytes()).decode('ascii'),
                         to_plain(gauss)]}}


def _numbers(items) -> list:
    """A list of finite ints and floats as it is (for JSON), or NotPlain."""
    if type(items) is not list or not all(type(x) is int or type(x) is float and math.isfinite(x)
                                          for x in items):
        raise NotPlain('a generator holding other things than numbers')
    return list(items)


def _rng_from(body, cls=None):
    cls = cls or _resolve(body['class'])
    if not (isinstance(cls, type) and issubclass(cls, random.Random)):
        raise ValueError('not a random generator')
    rng = cls.__new__(cls)
    _fill_rng(rng, body)
    return rng


def _fill_rng(rng, body):
    version, mt, gauss = body['mt']
    words = array.array('I')
    words.frombytes(base64.b64decode(mt))
    random.Random.setstate(rng, (int(version), tuple(words), _from_plain(gauss)))
    attrs = {}
    for key, value in body['attrs'].items():
        if type(value) is dict and list(value) == ['R']:
            old = vars(rng).get(key)
            value = _rng_from(value['R'], type(old) if isinstance(old, random.Random)
                              else random.Random)
        else:
            value = _from_plain(value)
        attrs[str(key)] = value
    vars(rng).clear()
    vars(rng).update(attrs)


SCRIPTED_MOST = 1_000_000
"""The most draws a ScriptedRandom sent as data may hold (its `most` included)."""


def _scripted_from(body):
    """A ScriptedRandom from its ``'SR'`` form, every field checked (ValueError if one is off)."""
    if type(body) is not list or len(body) != 8:
        raise ValueError('not a scripted generator')
    script, seed, most, draws, sizes, kinds, stopped, stop_at = body
    lists = (script, draws, sizes, kinds)
    if not (all(type(x) is list and len(x) <= SCRIPTED_MOST for x in lists)
            and len(draws) == len(sizes) == len(kinds)
            and (seed is None or type(seed) is int) and type(most) is int
            and 0 <= most <= SCRIPTED_MOST
            and set(map(type, sizes)) <= {int}
            and (not sizes or min(sizes) >= 0 and max(sizes).bit_length() <= 4097)
            and set(kinds) <= {'b', 'g', 'f'}
            and set(map(type, script)) | set(map(type, draws)) <= {int, float}
            and (stopped is None or stopped in ('float', 'bits', 'long', 'seed', 'replay'))
            and (stop_at is None or type(stop_at) is int)):
        raise ValueError('not a scripted generator')
    return scripted_rebuilt(*body)


def apply_rng_state(rng, data):
    """Set the judge's generator to the state the student's side reported after a call."""
    if type(data) is dict and list(data) == ['SR'] and type(rng) is ScriptedRandom:
        now = _scripted_from(data['SR'])
        vars(rng).clear()
        vars(rng).update(vars(now))
        return
    if not (type(data) is dict and list(data) == ['R'] and type(data['R']) is dict):
        raise ValueError('not a random generator state')
    _fill_rng(rng, data['R'])


def encode_arg(value):
    """One of the judge's arguments as tagged data (plain data, arrays, generators,
    iterators of plain items, the course's functions)."""
    if type(value) in _PLAIN_FAST:
        return to_plain(value)
    if isinstance(value, random.Random):
        return rng_state(value)
    np = sys.modules.get('numpy')
    if np is not None and type(value) is np.ndarray:
        array = np.ascontiguousarray(value)
        return {'A': [array.dtype.str, list(array.shape),
                      base64.b64encode(array.tobytes()).decode('ascii')]}
    if callable(value) and getattr(value, '__qualname__', None) and not isinstance(value, type) \
            and hasattr(value, '__module__') and '<' not in value.__qualname__:
        return {'C': _ref(value)}
    if hasattr(value, '__next__') and hasattr(value, 'items'):    # given.ShownIterator
        return {'I': [_ref(type(value)), to_plain(list(value.items))]}
    return to_plain(value)


_PLAIN_FAST = {int, str, bool, type(None), float, list, tuple, dict, set, frozenset, Fraction}


def decode_arg(data):
    """A judge's argument, rebuilt on the student's side."""
    def extra(tag, body):
        if tag == 'R':
            return _rng_from(body)
        if tag == 'SR':
            return _scripted_from(body)
        if tag == 'A':
            import numpy as np
            dtype, shape, raw = body
            return np.frombuffer(base64.b64decode(raw), dtype=np.dtype(dtype)).reshape(shape).copy()
        if tag == 'C':
            return _resolve(body)
        if tag == 'I':
            return _resolve(body[0])(_from_plain(body[1]))
        raise ValueError(f'unknown tag {tag!r}')
    return _from_plain(data, extra)


def from_runner(data, rng=False):
    """What the student's side answered, as values: plain data only (and, if `rng`, a
    generator's state, returned as the data itself for apply_rng_state)."""
    if rng:
        return data
    return _from_plain(data)


# --- comparing -------------------------------------------------------------------

def to_python(value):
    """NumPy arrays and scalars as lists and plain numbers, recursively; other values as they are."""
    if hasattr(value, 'tolist') and type(value).__module__ == 'numpy':
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return type(value)(to_python(v) for v in value)
    return value


def same_value(got, expected, tol=0.0, sequences=True) -> bool:
    """Is got the expected value? Lists, tuples and arrays compare by their items
    (if `sequences`), numbers by value (within `tol`), and a bool is not a number.

    >>> same_value((3, 2), [3, 2]), same_value([0.5, 0], (1/2, 0.0)), same_value(1, True)
    (True, True, False)
    """
    if tol == 0 and type(got) is type(expected) and type(got) in (bool, int, str) \
            and got == expected:
        return True                       # the commonest case, more quickly
    if tol == 0 and type(got) is type(expected) and type(got) in (list, tuple) \
            and len(got) == len(expected) \
            and all(type(a) is type(b) for a, b in zip(got, expected)) and got == expected:
        return True                       # the common case, quickly
    got = to_python(got)
    if isinstance(expected, bool) or isinstance(got, bool):
        return type(got) is type(expected) and got == expected
    if isinstance(expected, (int, float, Fraction)):
        if not isinstance(got, (int, float, Fraction)):
            return False
        if isinstance(got, float) and math.isnan(got):
            return False
        return got == expected if tol == 0 else abs(got - expected) <= tol
    if isinstance(expected, (list, tuple)):
        if not (isinstance(got, (list, tuple)) and len(got) == len(expected)):
            return False
        if not sequences and type(got) is not type(expected):
            return False
        return all(same_value(g, e, tol, sequences) for g, e in zip(got, expected))
    if isinstance(expected, dict):
        return (isinstance(got, dict) and set(got) == set(expected)
                and all(same_value(got[k], expected[k], tol, sequences) for k in expected))
    try:
        return bool(got == expected)
    except Exception:
        return False
