"""The Report of each way a student's function can fail a check: a wrong answer, an error or
a stop, too long a run, a call of the course's own function; and what it printed. The judge
(``judging``) composes them, in its own process.
"""

from ...i18n import _
from ..reports import Report, code

__all__ = ['course_report', 'error_hint', 'error_report', 'gone_report', 'mismatch_report',
           'slow_report', 'what_printed', 'where_text']


def slow_report(name, call, seconds) -> Report:
    """The Report of a function stopped after `seconds` on `call`."""
    return Report(name, 'slow', _('was too slow on {call}').format(
                      call=code(call or name + "(...)")),
                  [('note', _('stopped after {seconds:.0f} seconds').format(seconds=seconds)),
                   ('hint', _('is there a loop that never ends, or one that repeats far more '
                              'work than it needs?'))], seconds=seconds)


def gone_report(name, call) -> Report:
    """The Report of a function that ended the process it ran in (os._exit, a crash), or whose
    runner sent what is not an answer, on `call`."""
    return Report(name, 'error', _('raised an error on {call}').format(call=code(call)),
                  [('hint', _('your function ended the program it ran in (os._exit, or a '
                              'crash): return the answer instead'))])


def error_hint(error, exercise) -> str:
    """The hint for an error the function raised: the exercise's, else a plain one."""
    hint = exercise.error_hint
    if callable(hint):
        try:
            hint = hint(error)
        except Exception:
            hint = None
    return _(hint) if hint else _('run that call yourself to see where it goes wrong')


def what_printed(run, calls=None):
    """What the failing call printed: the last call, or the calls named (a Mismatch's)."""
    printed = ([run.printed] if calls is None else
               [run.reprint(args) for args in calls])
    printed = [p for p in printed if p]
    if not printed:
        return None
    count = sum(p[0] for p in printed)
    lines = [line for p in printed for line in p[1]][-6:]
    more = count - len(lines)
    return ((_('... {more:,d} earlier lines, then:').format(more=more) + '\n' if more > 0 else '')
            + '\n'.join(lines))


def mismatch_report(run, name, m) -> Report:
    """The Report of a wrong answer (Mismatch m), with a hint about a missing return when
    the function returned None (every time, or here)."""
    details = list(m.details)
    got_none = any(label == 'returned' and text == 'None' for label, text in details)
    hints = [text for label, text in details if label == 'hint']
    if got_none and run.only_none and run.cases > 1:
        details = [d for d in details if d[0] != 'hint']
        details.append(('hint', _('your function returned None every time: is a '
                                  '{return_} missing?').format(return_=code('return'))))
    elif got_none and not any('return' in text for text in hints):
        details = [d for d in details if d[0] != 'hint']
        none = _('your function returned None here: is a {return_} missing on this path, or '
                 'does a loop return before it reaches the answer (a {return_} in an {else_} '
                 'inside the loop)?').format(return_=code('return'), else_=code('else'))
        details.append(('hint', '; '.join(hints + [none])))
    return Report(name, 'fail', _('gave a wrong answer on {call}').format(call=code(m.call or run.last_call)),
                  details)


def error_report(run, exercise, s) -> Report:
    """The Report of an error the function raised or a stop it made (StudentError s): a
    refused operation, too deep a recursion, an exit or interrupt, or an exception."""
    name = exercise.name
    info, e = s.info, s.error
    call = run.last_call or f'{name}(...)'
    if info.get('refused'):
        return Report(name, 'fail', _('gave a wrong answer on {call}').format(call=code(call)),
                      [('problem', _('your function tried what a check does not allow: '
                                     '{what}').format(what=str(info.get('text'))[:100])),
                       ('hint', _('a check judges the code of your function alone: '
                                  'work the answer out in it, without starting another '
                                  'program or process'))])
    if info.get('recursion'):
        return Report(name, 'error', _('raised an error on {call}').format(call=code(call)),
                      [('error', 'RecursionError'),
                       ('hint', _('does the function call itself without getting '
                                  'closer to an answer?'))])
    if info.get('exit') or info.get('interrupt') or info.get('genexit'):
        kind = 'exit' if info.get('exit') else 'interrupt' if info.get('interrupt') else 'genexit'
        what = {'exit': _('called {exit} (or {sys_exit}), which would stop the whole '
                          'program').format(exit=code('exit()'), sys_exit=code('sys.exit()')),
                'interrupt': _('was interrupted ({error})').format(error=code('KeyboardInterrupt')),
                'genexit': _('raised {error}').format(error=code('GeneratorExit'))}[kind]
        return Report(name, 'error', _('raised an error on {call}').format(call=code(call)),
                      [('error', str(info.get('type'))),
                       ('hint', _('your function {what}: return the answer instead').format(
                           what=what))])
    where = where_text(info.get('where'))
    text = str(info.get('text') or '')
    return Report(name, 'error', _('raised an error on {call}').format(call=code(call)),
                  [('error', f'{info.get("type")}: {text}'.rstrip(': '))]
                  + ([('where', where)] if where else [])
                  + [('hint', error_hint(e, exercise))])


def where_text(where) -> str:
    """Where an error was raised, in the reader's words, from the runner's facts (a dict of
    function, line and code); '' if there are none. The function and the line are marked
    as code (reports.code), the words around them are the reader's.

    >>> from ..reports import plain
    >>> plain(where_text({'function': 'poker', 'line': 3, 'code': 'return hands[0] + 1'}))
    'in poker, line 3: return hands[0] + 1'
    >>> plain(where_text({'function': 'poker', 'line': None, 'code': ''})), where_text('odd')
    ('in poker', '')
    >>> from pokerlib.i18n import set_language
    >>> set_language('zh_CN'), plain(where_text({'function': 'poker', 'line': 3, 'code': 'x + 1'}))
    ('zh_CN', 'poker 的第 3 行：x + 1')
    >>> set_language('en')
    'en'
    """
    if type(where) is not dict or type(where.get('function')) is not str:
        return ''
    function, line, text = code(where['function']), where.get('line'), where.get('code')
    if type(text) is not str or not text:
        return _('in {function}').format(function=function)
    if type(line) is not int:
        return _('in {function}: {code}').format(function=function, code=code(text[:200]))
    return _('in {function}, line {line}: {code}').format(function=function, line=line,
                                                          code=code(text[:200]))


def course_report(name, call, course) -> Report:
    return Report(name, 'fail', _('gave a wrong answer on {call}').format(call=code(call)),
                  [('problem', _("you called the course's own {name}: write it "
                                 "yourself").format(name=course)),
                   ('hint', _("a check judges your own code: the course's {name} is "
                              "not available while {exercise} is checked").format(
                                  name=course, exercise=name))])
