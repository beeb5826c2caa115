"""The runner's guard: while her function is judged, the course's own functions are not answers,
and her code may not start a process or reach past Python.

``guard(names, course, prints)`` swaps the code of every course function an exercise
forbids for one that raises ``CourseFunction`` (and records its name in ``COURSE_CALLS``,
which the runner's answers report); ``refuse(prints)`` adds an audit hook that refuses a
copy of their code, starting a program or a process, ctypes and the gc's object search;
``reaches_course(obj, prints)`` finds a copy of their code that her object already holds.
All of it runs in the runner's process (``runner``), never in the kernel or the judge.
"""

import functools
import importlib
import os
import re
import sys
import types

from . import codeprint

__all__ = ['guard', 'refuse', 'reaches_course', 'course_called', 'wall_off', 'COURSE_CALLS',
           'CourseFunction', 'Refused', 'PROCESS_EVENTS', 'REFUSED_PREFIXES']

REFUSING = []
"""The table of prints the audit hook refuses, once ``refuse`` added it (one hook a process)."""


# --- the course's own functions are not answers -----------------------------------

COURSE_CALLS = []
"""The names of the course's functions the student's code called while they were forbidden."""


class CourseFunction(Exception):
    """Raised by a course function called while it is forbidden."""


def course_called(name):
    """What a forbidden course function does instead of its work."""
    COURSE_CALLS.append(name)
    raise CourseFunction(f"you called the course's own {name}: write it yourself")


_NAME = '\x00the name\x00'
"""The place of the course function's name in _template's code."""


@functools.cache
def _template(free):
    """A code object that calls course_called(_NAME), with `free` free variables (so that it
    can take the place of a closure's code): compiled once for each number of them."""
    cells = [f'_c{i}' for i in range(free)]
    lines = ['def _outer():'] + [f'    {c} = None' for c in cells]
    lines += ['    def _course(*args, **kwargs):']
    if cells:
        lines += [f'        ({", ".join(cells)},)']
    lines += [f'        __import__("pokerlib.practice.guard", fromlist=["_"]).course_called({_NAME!r})',
              '    return _course']
    space = {}
    exec(compile('\n'.join(lines), '<the course>', 'exec'), space)
    return space['_outer']().__code__


def _raiser(free, name):
    """A code object that calls course_called(name), with `free` free variables: _template's,
    its name put in (a runner guards about 170 functions at each check, in a fresh fork, so
    that compiling one for each took 10 to 30 ms).

    >>> _raiser(0, 'flush').co_consts == _raiser(0, 'straight').co_consts
    False
    """
    code = _template(free)
    return code.replace(co_consts=tuple(name if k == _NAME else k for k in code.co_consts))


def _resolve(ref):
    module, _, qualname = ref.partition(':')
    obj = sys.modules.get(module)
    if obj is None:
        try:
            obj = importlib.import_module(module)   # now, not while her code runs
        except Exception:
            return None
    for part in qualname.split('.'):
        obj = getattr(obj, part, None)
    return obj


HEAVY = ('pokerlib.controls', 'pokerlib.figures', 'pokerlib.plotting', 'pokerlib.cli')
"""Modules a lesson gives names of that hold no answer and are slow to import (widgets,
plots, the command line): their names are resolved only where they are loaded already."""


def _given_object(ref):
    """The object a 'module:name' the lesson gives names (its module imported now, unless it
    is HEAVY and not loaded: then None)."""
    module = ref.partition(':')[0]
    if module in HEAVY and module not in sys.modules:
        return None
    return _resolve(ref)


def guard(names, course=(), prints=None, given=None):
    """Make every course version of these names (and every lesson module's function but those
    its GIVEN names, and the functions named in `course`) raise when called: aliases, partials, bound methods and
    wrappers included, since they all run the function's code, which is swapped here (no
    copy of it is kept). Then, with `prints` (``codeprint.forbidden``: {print: name}, from the
    judge), refuse a copy of their code as well (``refuse``). With `given` (the 'module:name'
    the exercise's lesson gives), every other course function is the course's alone
    (``wall_off``), first."""
    if given is not None:
        wall_off({id(obj) for obj in map(_given_object, given) if obj is not None}, HOME,
                 WALL_SKIP)
    names = set(names)
    targets = []
    for ref in course:
        _resolve(ref)                   # its module imported before the audit hook watches
    for modname, module in list(sys.modules.items()):
        if not (modname == 'pokerlib' or modname.startswith('pokerlib.')) or module is None:
            continue
        lesson = modname.startswith('pokerlib.practice.exercises.lesson')
        for attr, obj in list(vars(module).items()):
            inner = obj
            cached = isinstance(obj, functools._lru_cache_wrapper)
            if cached:
                inner = getattr(obj, '__wrapped__', None)
            if not isinstance(inner, types.FunctionType):
                continue
            if attr in names or inner.__name__ in names or (
                    lesson and inner.__module__ == modname
                    and attr not in getattr(module, 'GIVEN', ())):
                targets.append(inner)
                if cached:              # its answers were the course's: forget them
                    obj.cache_clear()
    for ref in course:
        inner = _resolve(ref)
        if isinstance(inner, functools._lru_cache_wrapper):
            inner.cache_clear()
            inner = inner.__wrapped__
        if isinstance(inner, types.FunctionType):
            targets.append(inner)
    for f in codeprint.unwrapped(targets):
        f.__code__ = _raiser(len(f.__code__.co_freevars), f.__name__)
    if prints:
        refuse({str(k): str(v) for k, v in prints.items()})


# --- what her code may not do while it is judged ------------------------------------

PROCESS_EVENTS = ('os.system', 'os.exec', 'os.fork', 'os.forkpty', 'os.posix_spawn',
                  'os.spawn', 'os.startfile', 'subprocess.Popen', 'pty.spawn')
"""Audit events of starting a program or a process: the judged call may not (it would run
the course's own code where no guard is)."""
REFUSED_PREFIXES = ('ctypes.', 'gc.get_', 'sys._current_frames', 'os.kill', 'signal.pthread_kill')
"""Audit events that reach past Python (ctypes), find objects by memory (gc) or signal a
process (os.kill: her own, say, which in the runner's namespace nothing would stop, and
the report said only that nothing was returned; issue 49): refused."""
COURSE_MODULES = ('pokerlib.practice.exercises', 'pokerlib.practice.judge')
"""The course's exercises and judges, which hold the answers: importing one while judged is
refused as what it is (issue 49: it was told it called the course's own _register)."""


class Refused(PermissionError):
    """Raised where her code tried what a judged call may not do (its text: what, as the audit
    event's name)."""


def _not_here(*args, **kwargs):
    raise Refused('_posixsubprocess.fork_exec')


def _refusing_names(course_modules, sys_modules):
    """refuse's check of an import or an open (bound when the hook is added): an import of the
    course's exercises, or an open of a process's memory, raises Refused."""
    startswith, refused = str.startswith, Refused

    def named(event, name):
        if event == 'import' and startswith(name, course_modules) and name not in sys_modules:
            raise refused('import ' + name)
        if event == 'open' and startswith(name, '/proc/') and name.endswith('/mem'):
            raise refused('open ' + name)
    return named


def refuse(prints):
    """From now on, in this process: a function or a module code made from a course function's
    code (its print in `prints`) raises CourseFunction, and starting a process, ctypes and the
    gc's object search raise Refused. An audit hook does it, which nothing can remove, and
    everything it uses is bound when it is added (so that no module global or builtin her code
    changes afterwards changes it)."""
    if REFUSING:
        REFUSING[0].update(prints)   # (a second guard: more prints, same hook)
        return
    table = dict(prints)
    REFUSING.append(table)
    printer, loose = codeprint.make_printer(), codeprint.make_loose_printer()
    code_type, type_, str_, get = types.CodeType, type, str, table.get
    startswith, append = str.startswith, COURSE_CALLS.append
    process_events, refused_prefixes = PROCESS_EVENTS, REFUSED_PREFIXES
    refused, course_function = Refused, CourseFunction
    named = _refusing_names(COURSE_MODULES, sys.modules)

    def course_in(code, depth=0):
        name = get(printer(code)) or get(loose(code))
        if name is not None or depth > 20:
            return name
        for k in code.co_consts:
            if type_(k) is code_type:
                name = course_in(k, depth + 1)
                if name is not None:
                    return name
        return None

    def hook(event, args):
        if event == 'function.__new__' or event == 'exec':
            code = args[0] if args else None
            if type_(code) is code_type:
                name = course_in(code)
                if name is not None:
                    append(name)
                    raise course_function(f"you called the course's own {name}: write it "
                                          "yourself")
        elif startswith(event, process_events) or startswith(event, refused_prefixes):
            raise refused(str_(event))
        elif (event == 'import' or event == 'open') and args and type_(args[0]) is str_:
            named(event, args[0])

    posix = sys.modules.get('_posixsubprocess')       # fork_exec raises no audit event
    if posix is not None:
        posix.fork_exec = _not_here
    if getattr(sys.modules.get('subprocess'), '_fork_exec', None) is not None:
        sys.modules['subprocess']._fork_exec = _not_here
    sys.addaudithook(hook)


def reaches_course(obj, prints, limit=5_000):
    """The name of a course function whose code (a copy's, by its print) obj reaches through
    its code, closure, defaults, wrapped function and the globals, modules and containers
    its code names; else None."""
    strict, loose = codeprint.make_printer(), codeprint.make_loose_printer()

    def printer(code):
        found = strict(code)
        return found if found in prints else loose(code)
    seen, stack, names = set(), [obj], set()
    while stack and len(seen) < limit:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        try:
            name = _step(x, stack, names, prints, printer)
        except BaseException:        # noqa: B036 - whatever her objects raise
            continue
        if name is not None:
            return name
    return None


def _step(x, stack, names, prints, printer):
    """One object of reaches_course's search: the course function its code is a copy of, or
    None, having pushed onto stack what it reaches (and added its code's names to names)."""
    if isinstance(x, types.FunctionType):
        return _step_function(x, stack, names, prints, printer)
    if isinstance(x, types.MethodType):
        stack += [x.__func__, x.__self__]
    elif isinstance(x, functools.partial):
        stack += [x.func, *x.args, *x.keywords.values()]
    elif isinstance(x, types.CodeType):
        name = prints.get(printer(x))
        if name is not None:
            return name
        stack += [k for k in x.co_consts if isinstance(k, types.CodeType)]
    elif type(x) in (list, tuple, set, frozenset):
        stack += list(x)[:1000]
    elif type(x) is dict:
        stack += list(x.values())[:1000]
    elif isinstance(x, types.ModuleType):
        if not x.__name__.startswith('pokerlib'):
            stack += [v for n, v in vars(x).items() if n in names]
    elif hasattr(type(x), '__dict__') and not isinstance(x, type(len)):
        space = vars(x) if isinstance(x, type) else getattr(x, '__dict__', {})
        if isinstance(space, (dict, types.MappingProxyType)):
            stack += [v for n, v in space.items() if n in names or n == '__call__']
        if not isinstance(x, type):
            stack.append(type(x))
    return None


def _step_function(x, stack, names, prints, printer):
    """_step for a function: its code and the code objects in it, then its closure, defaults,
    the globals and builtins its code names, and the function it wraps."""
    codes = [x.__code__]
    while codes:
        c = codes.pop()
        name = prints.get(printer(c))
        if name is not None:
            return name
        names.update(c.co_names)
        codes += [k for k in c.co_consts if isinstance(k, types.CodeType)]
    stack += [cell.cell_contents for cell in x.__closure__ or ()
              if cell.cell_contents is not None]
    stack += list(x.__defaults__ or ()) + list((x.__kwdefaults__ or {}).values())
    stack += [v for n, v in x.__globals__.items() if n in names]
    builtins = x.__globals__.get('__builtins__')
    builtins = vars(builtins) if isinstance(builtins, types.ModuleType) else builtins
    if isinstance(builtins, dict):
        stack += [v for n, v in builtins.items() if n in names]
    stack += [v for v in (vars(x).get('__wrapped__'),) if v is not None]
    return None


# --- the grade: only what the lesson gives is hers to call ---------------------------

_COURSE_ONLY = '<the course, for the course only>'
HOME = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
"""The course's package folder, with its separator: a frame of code in a file under it is
the course's own."""
WALL_SKIP = ('pokerlib.practice', 'pokerlib.grading', 'pokerlib.i18n', 'pokerlib.verdicts',
             'pokerlib.scripted', 'pokerlib.lazy')
"""The machinery's modules, which hold no answer (the runner itself runs them)."""


@functools.cache
def _course_only_template(free):
    """A code object that runs a function's original (a constant put in by ``wall_off``) when
    the course's own code calls it by name (one of the names it has in the course's modules:
    the calling frame is the course's and names it, or ``_led_by_course``) or its own walled
    wrapper does (the frame of the wrapper's original code, called by the wrapper's walled
    code: both constants), and calls course_called otherwise; `free` free variables."""
    cells = [f'_c{i}' for i in range(free)]
    lines = ['def _outer():'] + [f'    {c} = None' for c in cells]
    lines += ['    def _course_only(*args, **kwargs):']
    if cells:
        lines += [f'        ({", ".join(cells)},)']
    lines += ["        _f = '\\x00frame'(1)",
              "        _c = _f.f_code",
              "        if not (_c.co_filename.startswith('\\x00home')",
              "                and not '\\x00names'.isdisjoint(_c.co_names)) \\",
              "                and not (_c is '\\x00wrapper' and (_f.f_back or _f).f_code is '\\x00walled') \\",
              "                and not '\\x00led'(_f, '\\x00names', '\\x00held', '\\x00home',",
              "                                     '\\x00machinery'):",
              "            '\\x00called'('\\x00name')",
              "        return '\\x00original'(*args, **kwargs)",
              '    return _course_only']
    import warnings
    space = {}
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', SyntaxWarning)      # ('a str' is not callable: yet)
        exec(compile('\n'.join(lines), _COURSE_ONLY, 'exec'), space)
    return space['_outer']().__code__


WALLED = {}
"""id -> function, of every course function ``wall_off`` made the course's alone."""
NEUTRAL = re.compile(r'_?check(s|ed|_.*)?|_checked_already|_as_list|_shape|_whole_numbers|'
                     r'as_whole_number|short_repr|takes_hand|trusted|_refuse|_no_variation')
"""The course's argument checks, which every given function calls (some of them at each
call: walling them made a judged hand_rank three times slower) and which answer no exercise:
not walled."""


def wall_off(given, home, skip=()):
    """In a graded runner, before her function is loaded: every function of the course's
    modules (but the machinery's, `skip`: module name prefixes) that the lesson does not give
    (`given`: the ids of the objects it gives) runs only when the course's own code (a file
    under `home`) calls it by one of its names, or a chain of the course's frames leads to it
    from one that does (``_led_by_course``); called from hers, or handed by her to a tool of
    the course (a higher-order function, a ``map`` a course loop reads, a ``partial``), it
    raises CourseFunction. Then an audit hook
    refuses her code the code object of such a function (which holds the original) and the
    frames of a traceback through one, and code made to look like the course's (its file
    named under `home`)."""
    targets = []
    for modname, module in list(sys.modules.items()):
        if module is None or not (modname == 'pokerlib' or modname.startswith('pokerlib.')) \
                or modname.startswith(tuple(skip)):
            continue
        for obj in list(vars(module).values()):
            inner = getattr(obj, '__wrapped__', obj) if isinstance(
                obj, functools._lru_cache_wrapper) else obj
            if isinstance(inner, types.FunctionType) and inner.__module__ == modname \
                    and id(obj) not in given and id(inner) not in given \
                    and not NEUTRAL.fullmatch(inner.__name__):
                targets.append(inner)
    frame, (names, holders), held = sys._getframe, _course_names(), {}
    machinery = tuple(home + prefix.partition('.')[2].replace('.', os.sep) for prefix in skip)
    wrappers = {}       # id of a function: its walled wrapper's (original code, code now)
    for f in codeprint.unwrapped(targets):
        if id(f) in WALLED or f.__code__.co_filename == _COURSE_ONLY:
            continue
        original = types.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__,
                                      f.__closure__)
        original.__kwdefaults__ = f.__kwdefaults__
        code = _course_only_template(len(f.__code__.co_freevars))
        wrapper, walled = wrappers.get(id(f), (None, None))
        put = {'\x00frame': frame, '\x00home': home, '\x00called': course_called,
               '\x00name': f.__name__, '\x00original': original, '\x00led': _led_by_course,
               '\x00machinery': machinery, '\x00wrapper': wrapper, '\x00walled': walled,
               '\x00names': frozenset(names.get(id(f), ())) | {f.__name__},
               '\x00held': held.setdefault(id(f), [])}
        f.__code__ = code.replace(co_consts=tuple(put.get(k, k) if type(k) is str else k
                                                  for k in code.co_consts))
        if isinstance(vars(f).get('__wrapped__'), types.FunctionType):
            wrappers[id(f.__wrapped__)] = (original.__code__, f.__code__)
        WALLED[id(f)] = f
    for f_id, its in held.items():
        its[:] = _holding(holders.get(f_id, {}).values())
    _refuse_walled(home)


def _course_names():
    """({id of a course function: the names the course's modules have for it}, {its id: the
    course functions that hold it in their closure}): the names are each module global bound
    to it, to a function wrapping it (``__wrapped__``, the lru cache's and a partial's
    included) or to a list, tuple or dict of such functions (a course frame that calls it
    names one); the holders, the course's wrappers that call it by a name of their own
    (shuffle1's wrapper calls _positions_are_good as body_trusted)."""
    names, holders = {}, {}
    for modname, module in list(sys.modules.items()):
        if module is None or not (modname == 'pokerlib' or modname.startswith('pokerlib.')):
            continue
        for attr, obj in list(vars(module).items()):
            held = obj.values() if type(obj) is dict else obj if type(obj) in (list, tuple) \
                else (obj,)
            for f in list(held)[:100]:
                if isinstance(f, (functools._lru_cache_wrapper, functools.partial)):
                    f = getattr(f, '__wrapped__', None) or getattr(f, 'func', f)
                for g in codeprint.unwrapped([f]):
                    names.setdefault(id(g), set()).add(attr)
                    for cell in g.__closure__ or ():
                        if isinstance(getattr(cell, 'cell_contents', None), types.FunctionType):
                            holders.setdefault(id(cell.cell_contents), {})[id(g)] = g
    return names, holders


def _holding(holders):
    """For _led_by_course: (code, free variables' values, the walled code or None) of each of
    these functions, as the wall left them (a walled one's frame is its original code, and
    the frame that called it is its walled code)."""
    found = []
    for g in holders:
        code = g.__code__
        if id(g) in WALLED:
            template = _course_only_template(len(code.co_freevars))
            found.append((code.co_consts[template.co_consts.index('\x00original')].__code__,
                          (), code))
        else:
            found.append((code, tuple(zip(code.co_freevars,
                                          (cell.cell_contents for cell in g.__closure__))), None))
    return found


def _holds(frame, code, held):
    """True if `frame` is one of the course functions that hold a walled function in their
    closure (``_holding``): a student's function made with the same code (her own wrapper
    made by the course's ``checked``) holds other values, or was not called by the wall."""
    for its_code, values, walled in held:
        if code is not its_code:
            continue
        if walled is not None:
            if (frame.f_back or frame).f_code is walled:
                return True
            continue
        found, same = frame.f_locals, True
        for name, value in values:      # (no builtin: hers may be changed)
            if name not in found or found[name] is not value:
                same = False
        if same:
            return True
    return False


def _refuse_walled(home):
    """The audit hook of ``wall_off`` (added once): her code may not read a walled function's
    code (known by its file, not by WALLED, which her code could empty), nor a frame of a
    traceback that went through one, nor change a course function's code or defaults (the
    wall's own: course_called, _led_by_course and what its defaults bind)."""
    if WALLED.get('hooked'):
        return
    WALLED['hooked'] = True
    frame, refused, busy = sys._getframe, Refused, []
    append, course_function = COURSE_CALLS.append, CourseFunction
    startswith, str_, function_type = str.startswith, str, types.FunctionType
    changes = {'__code__': 'code', '__defaults__': 'defaults', '__kwdefaults__': 'defaults'}

    def hers():
        caller = frame(2)
        return not startswith(caller.f_code.co_filename, home)

    def file_of(f):
        """The file of a function's code (read here: no hook of hers sees it), or ''."""
        if type(f) is not function_type:
            return ''
        busy.append(1)
        try:
            return f.__code__.co_filename
        finally:
            busy.pop()

    def hook(event, args):
        if (event == 'compile' or event == 'code.__new__') and len(args) > 1 \
                and type(args[1]) is str_ and startswith(args[1], home):
            name = args[2] if event == 'code.__new__' and type(args[2]) is str_ else 'code'
            append(name)              # a copy of the course's code: what check reports
            raise course_function(f"you called the course's own {name}: write it yourself")
        if event == 'object.__setattr__' and not busy and len(args) > 1 \
                and type(args[1]) is str_ and args[1] in changes and hers():
            file = file_of(args[0])     # (the wall's own functions, or any of the course's)
            if startswith(file, home) or file == _COURSE_ONLY:
                raise refused(f'a change of the {changes[args[1]]} of the course\'s '
                              f'{str_(args[0].__name__)}')
        if event != 'object.__getattr__' or busy or len(args) < 2:
            return
        name = args[1]
        if name == '__code__' and hers() and file_of(args[0]) == _COURSE_ONLY:
            raise refused(f'the code of the course\'s {str_(args[0].__name__)}')
        if name == 'tb_frame':
            busy.append(1)
            try:
                code = args[0].tb_frame.f_code
            finally:
                busy.pop()
            if code.co_filename == _COURSE_ONLY:
                raise refused('a frame of the course\'s own code')
    sys.addaudithook(hook)


def _led_by_course(frame, names, held, home, machinery, depth=50, startswith=str.startswith,
                   isdisjoint=frozenset.isdisjoint, only=_COURSE_ONLY, holds=_holds):
    """True if a chain of the course's frames leads to a walled function from one that names
    it (one of `names` in its code's ``co_names``): `frame`, the one that calls it, and those
    that called it in turn. A frame of hers, or of the machinery (files under `machinery`:
    the runner that calls her function), ends the chain: then she handed the function in (to
    a higher-order function of the course, or to a builtin a course frame drives: ``map``
    read by a course loop, a ``partial`` called by one), and it is refused her. The frame of
    a walled wrapper (``_COURSE_ONLY``: it ran, so a chain led to it) is passed through: the
    wrapper calls the function it wraps by a name of its own. So does a course function that
    holds it in its closure (`held`, from ``_holding``), where the frame is that function's
    (the walled one's, called by its walled code; another's, with its closure's values)."""
    while frame is not None and depth > 0:
        code = frame.f_code
        if code.co_filename == only:
            pass                        # a walled wrapper the chain led to (hand_rank: group)
        elif not startswith(code.co_filename, home) or startswith(code.co_filename, machinery):
            return False
        elif not isdisjoint(names, code.co_names) or holds(frame, code, held):
            return True
        frame, depth = frame.f_back, depth - 1
    return False
