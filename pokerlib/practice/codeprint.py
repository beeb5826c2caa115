"""The course's functions known by their code, whatever they are called and wherever they live.

A function's *code print* is a short digest of what its code does: its
bytecode, constants (nested code included), names, arguments and line
table, but not its name, its file or its first line, which a copy changes
at no cost (``code.replace``, ``types.FunctionType``, ``exec`` of the
module's source); its first line counts only for a function without a
docstring, whose few lines a student may type as they are. The judge works out the prints of every course function
an exercise forbids (``forbidden``, in its own process, which no student
cell touched) and sends them with the guard; the runner compares the code
of what the student's function can reach, and of every function and module
code made while it is judged, with them (``guard.guard``). A student's
own function never has a course function's print unless it is that
function's text, docstring and layout included (the notebooks' stubs give
other docstrings: tests/practice/test_guard.py checks it).

>>> import pokerlib.ranking as r, types
>>> printer, kind = make_printer(), r.kind.__wrapped__      # (inside the argument checks)
>>> copy = types.FunctionType(kind.__code__.replace(co_name='k', co_firstlineno=1), {})
>>> printer(copy.__code__) == printer(kind.__code__) != printer(r.flush.__wrapped__.__code__)
True
"""

import functools
import hashlib
import sys
import types

__all__ = ['make_printer', 'make_loose_printer', 'forbidden', 'unwrapped']


def make_printer():
    """A function code -> its print (hex). Everything it uses is bound here, once, so that
    nothing a student's code changes later (a module's global, a builtin) changes its answer."""
    code_type, frozenset_, tuple_, type_, repr_, sorted_, str_ = (
        types.CodeType, frozenset, tuple, type, repr, sorted, str)
    join, blake = ','.join, hashlib.blake2b

    def const(k):
        t = type_(k)
        if t is code_type:
            return shape(k)
        if t is tuple_:
            return '(' + join([const(x) for x in k]) + ')'
        if t is frozenset_:
            return '{' + join(sorted_([const(x) for x in k])) + '}'
        return str_(t.__name__) + ':' + repr_(k)

    def shape(c):
        return '<' + join([c.co_code.hex(), str_(c.co_argcount), str_(c.co_posonlyargcount),
                           str_(c.co_kwonlyargcount), str_(c.co_flags), repr_(c.co_names),
                           repr_(c.co_varnames), repr_(c.co_freevars), repr_(c.co_cellvars),
                           c.co_linetable.hex(), c.co_exceptiontable.hex(),
                           join([const(k) for k in c.co_consts])]) + '>'

    def printer(code):
        if type_(code) is not code_type:
            return None
        text = shape(code)
        consts = code.co_consts
        if not (consts and type_(consts[0]) is str_):
            # No docstring: a student may well type the same few lines (a Knuth shuffle is
            # three), so where it starts counts too; a copy keeps that as well.
            text += str_(code.co_firstlineno)
        return blake(text.encode('utf-8', 'surrogatepass'), digest_size=16).hexdigest()
    return printer


def make_loose_printer():
    """A function code -> its *loose* print (hex): its bytecode, the names it uses, its
    arguments and docstring (its first line where it has none), and the same of the code
    inside it, but not its other constants or its locals' names, which a copy changes at no
    cost (a constant added, the locals renamed: issue 49). Bound once, as ``make_printer``."""
    code_type, type_, repr_, str_ = types.CodeType, type, repr, str
    join, blake = ','.join, hashlib.blake2b

    def shape(c):
        consts = c.co_consts
        doc = consts[0] if consts and type_(consts[0]) is str_ else None
        inner = [shape(k) for k in consts if type_(k) is code_type]
        return '<' + join([c.co_code.hex(), str_(c.co_argcount), str_(c.co_posonlyargcount),
                           str_(c.co_kwonlyargcount), str_(c.co_flags), repr_(c.co_names),
                           repr_(doc) if doc is not None else str_(c.co_firstlineno)]
                          + inner) + '>'

    def printer(code):
        if type_(code) is not code_type:
            return None
        return 'L' + blake(shape(code).encode('utf-8', 'surrogatepass'),
                           digest_size=16).hexdigest()
    return printer


_PRINTER = make_printer()
_LOOSE = make_loose_printer()


def _course_functions(names, course):
    """The course functions an exercise forbids (as ``guard.guard`` finds them): those named
    like the exercise, every function of the lesson modules, and the `course` ones."""
    names = set(names)
    found = []
    for modname, module in list(sys.modules.items()):
        if module is None or not (modname == 'pokerlib' or modname.startswith('pokerlib.')):
            continue
        lesson = modname.startswith('pokerlib.practice.exercises.lesson')
        for attr, obj in list(vars(module).items()):
            inner = getattr(obj, '__wrapped__', obj) if isinstance(
                obj, functools._lru_cache_wrapper) else obj
            if isinstance(inner, types.FunctionType) and (
                    attr in names or inner.__name__ in names
                    or (lesson and inner.__module__ == modname
                        and attr not in getattr(module, 'GIVEN', ()))):
                found.append(inner)
    for ref in course:
        module, _, qualname = ref.partition(':')
        __import__(module)
        obj = sys.modules[module]
        for part in qualname.split('.'):
            obj = getattr(obj, part)
        obj = getattr(obj, '__wrapped__', obj) if isinstance(
            obj, functools._lru_cache_wrapper) else obj
        if isinstance(obj, types.FunctionType):
            found.append(obj)
    return found


def unwrapped(functions) -> list:
    """The functions and every function each wraps (``__wrapped__``: the course checks its
    arguments in a wrapper, and the function inside does the work), each once."""
    found, seen = [], set()
    for f in functions:
        for _depth in range(10):
            if not isinstance(f, types.FunctionType) or id(f) in seen:
                break
            seen.add(id(f))
            found.append(f)
            f = vars(f).get('__wrapped__')
    return found


def _every_course_function():
    for modname, module in list(sys.modules.items()):
        if module is not None and (modname == 'pokerlib' or modname.startswith('pokerlib.')):
            for obj in list(vars(module).values()):
                if isinstance(obj, functools._lru_cache_wrapper):
                    obj = getattr(obj, '__wrapped__', obj)
                if isinstance(obj, types.FunctionType):
                    yield obj


@functools.cache
def _forbidden(names, course):
    forbidden = unwrapped(_course_functions(names, course))
    ids = {id(f) for f in forbidden}
    # A code that an allowed function shares (the wrapper that checks a course function's
    # arguments, say) is not a forbidden one's own.
    others = [f for f in unwrapped(_every_course_function()) if id(f) not in ids]
    shared = {printer(f.__code__) for f in others for printer in (_PRINTER, _LOOSE)}
    prints = {}
    for f in forbidden:
        for printer in (_PRINTER, _LOOSE):
            p = printer(f.__code__)
            if p not in shared:
                prints.setdefault(p, f.__name__)
    return prints


def forbidden(names, course=()) -> dict:
    """{print: the function's name} for every course function the exercise of these names
    forbids (in the judge's process, once per exercise)."""
    return _forbidden(tuple(sorted(names)), tuple(course))
