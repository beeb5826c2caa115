"""Which exercise a runner's object is to be judged as, from what the runner said about it
(plain data), and which of its definitions was judged."""

import difflib

from ...i18n import _
from ..registry import EXERCISES
from ..reports import Report, code, prose

__all__ = ['which_exercise', 'not_written', 'redefined_note']


def _unknown(name, note, suggestions=()) -> Report:
    details = [('note', note)]
    if suggestions:
        details.append(('closest', ', '.join(suggestions)))
    details.append(('exercises', ', '.join(sorted(EXERCISES))))
    return Report(str(name), 'unknown', _('cannot be checked'), details)


def which_exercise(facts):
    """(the Exercise, the name to show) or a Report saying what to write instead,
    from what the runner said about the object (plain data)."""
    name = facts.get('name')
    if facts.get('bad_name') is not None:
        name = facts['bad_name']
    own = facts.get('own')
    if name is None:
        quoted = facts.get('quoted')
        if quoted is not None:
            if quoted in EXERCISES:
                return _unknown(quoted, _('check needs your function itself, not its name '
                                          'in quotes: {call}').format(call=code(f"check({quoted})")))
            close = difflib.get_close_matches(quoted, EXERCISES, n=3)
            return _unknown(quoted, _('check needs your function itself, not a name in '
                                      'quotes'), close)
        if not facts.get('callable'):
            return _unknown(facts.get('short', '?'),
                            _('check needs a function, and this is {kind}: write the '
                              "function's name without brackets after it, {right}, not {wrong}; "
                              'for an answer that is a value, say which exercise: {value}').format(
                                kind=code(facts.get('kind')), right=code('check(straight)'),
                                wrong=code('check(straight(ranks))'),
                                value=code("check(value, name=" + repr("count_wheels") + ")")))
        name = own
        if name is None or name == '<lambda>':
            return _unknown(name, _('check needs the exercise name: {call}').format(
                                      call=code("check(my_function, name='straight')")))
    if not isinstance(name, str) or name not in EXERCISES:
        close = difflib.get_close_matches(str(name), EXERCISES, n=3, cutoff=0.5)
        note = (_('there is no exercise called {name}').format(name=code(repr(name)))
                + (_('; if this is your version of one, say which: {call}').format(
                       call=code("check(" + name + ", name=" + repr(close[0]) + ")"))
                   if close and isinstance(name, str) and name.isidentifier()
                   and facts.get('callable') and own == name else ''))
        return _unknown(name, note, close)
    exercise = EXERCISES[name]
    own = own if facts.get('callable') else None
    shown = name if own in (None, name, '<lambda>') else own + prose(
        _(' (checked as {name})'), name=name)
    return exercise, shown


def not_written(name):
    return Report(name, 'todo', _('is not written yet'),
                  [('note', _('write its body in place of {stub}, run that cell, then run '
                              'this check again').format(stub=code('raise NotImplementedError()')))])


def redefined_note(facts, defined):
    """A note when the function judged is not the one its latest cell defines (that cell's
    last run failed, often with a SyntaxError: the definition made before it is judged)."""
    own, where = facts.get('own'), facts.get('file')
    entry = defined.get(own) if type(defined) is dict and type(own) is str else None
    if type(where) is not str or type(entry) is not list or len(entry) != 2:
        return None
    names = [entry[0]] if type(entry[0]) is str else entry[0]     # (a cell's possible names)
    if type(names) is not list or where in names:
        return None
    if entry[1] is False:
        return _('the last cell you ran that defines {name} has a SyntaxError, so it defined '
                 'nothing: this check judged the {name} defined before it; fix that cell, '
                 'run it, then check again').format(name=own)
    return _('the last cell you ran that defines {name} stopped before it defined {name} (an '
             'error in it?): this check judged the {name} defined before it').format(name=own)
