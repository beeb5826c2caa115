"""Helpers for teaching: tests of a ranking, checks that tie two versions
together, source code, and a timer.

>>> same(len, lambda s: sum(1 for _ in s), ['', 'ab', 'abc'])
True
>>> same_order(abs, lambda x: x * x, [-3, 1, 2])
True
"""

import inspect
import itertools
import time
from collections import namedtuple

from .cards import SUITS, PokerError, SharedList, as_whole_number, parse_hand, short_repr
from .i18n import _

__all__ = ['BEST_TO_WORST', 'ranking_problems', 'same', 'same_order', 'per_second',
           'freeze', 'source']

BEST_TO_WORST = SharedList('BEST_TO_WORST', [SharedList(f'BEST_TO_WORST[{i}]', tier, 'change')
                                             for i, tier in enumerate([
    ['AH KH QH JH TH', 'AS KS QS JS TS'],   # royal flushes tie
    ['9D TD JD QD KD'],                     # straight flush, king high
    ['5C 4C 3C 2C AC'],                     # the lowest straight flush
    ['AS AH AD AC KS'],                     # four aces, king kicker
    ['AS AH AD AC 2S'],
    ['3S 3H 3D 3C AS'],
    ['KS KH KD 2C 2S'],                     # full house, kings over deuces
    ['2S 2H 2D AC AS'],
    ['AS QS 9S 5S 3S', 'AD QD 9D 5D 3D'],   # the same flush in two suits
    ['AS QS 9S 5S 2S'],
    ['KH JH 9H 5H 3H'],
    ['7C 5C 4C 3C 2C'],                     # the lowest flush
    ['AS KH QD JC TS'],                     # straight, ace high
    ['6S 5H 4D 3C 2S'],
    ['5S 4H 3D 2C AS', '5D 4C 3H 2S AC'],   # the wheel: the lowest straight
    ['QS QH QD 9C 2S'],                     # three queens
    ['2S 2H 2D AC KS'],
    ['AS AH KD KC 3S'],                     # aces and kings, three kicker
    ['AS AH KD KC 2S'],
    ['AS AH QD QC KS'],
    ['3S 3H 2D 2C AS'],
    ['AS AH KD QC JS', 'AD AC KH QS JH'],   # pair of aces, the same kickers
    ['AS AH KD QC 9S'],
    ['2S 2H AD KC QS'],
    ['AS KH QD JC 9S'],                     # ace high
    ['AS KH QD JC 8S'],
    ['KS QH JD TC 8S'],
    ['7S 5H 4D 3C 2S'],                     # the worst hand of all
])], 'change')
"""Hands from best to worst, as text; hands on one line tie.

This course's own list. Norvig's pytudes poker notebook tests with a list of
four hands per category in strictly descending order (no ties); this one
also asks that hands on one line get equal rankings."""

Problem = namedtuple('Problem', 'kind hands message')


def ranking_problems(ranking, tiers=BEST_TO_WORST) -> list:
    """What is wrong with the order `ranking` puts hands in: [] if nothing.

    Four things must hold, as in Norvig's test(ranking): hands on one line of
    `tiers` tie, each line beats the next, and neither putting the cards in
    another order nor renaming the suits changes a ranking. Each Problem
    has a kind ('tie', 'order', 'cards order', 'suits' or 'compare'), the
    hands involved (as text) and a message.

    >>> from pokerlib import hand_rank
    >>> ranking_problems(hand_rank)
    []
    >>> ranking_problems(lambda hand: hand_rank(hand)[0])[0].message
    'does not rank AH KH QH JH TH above 9D TD JD QD KD, but it is the better hand'
    """
    problems = []
    hands = [[parse_hand(text) for text in tier] for tier in tiers]
    values = [[ranking(hand) for hand in tier] for tier in hands]

    def show(hand):
        return ' '.join(hand)

    for tier, vals in zip(hands, values):
        for hand, val in zip(tier[1:], vals[1:]):
            if val != vals[0]:
                problems.append(Problem('tie', (show(tier[0]), show(hand)),
                                        _('ranks {a} and {b} differently, but they tie').format(
                                            a=show(tier[0]), b=show(hand))))
    for (a, va), (b, vb) in zip(zip(hands, values), zip(hands[1:], values[1:])):
        try:
            better = va[0] > vb[0]
        except TypeError as e:
            problems.append(Problem('compare', (show(a[0]), show(b[0])),
                                    _('cannot compare the rankings of {a} and {b}: {error}').format(
                                        a=show(a[0]), b=show(b[0]),
                                        error=f'`{type(e).__name__}: {e}`')))   # Python's words
            continue
        if not better:
            problems.append(Problem('order', (show(a[0]), show(b[0])),
                                    _('does not rank {a} above {b}, but it is the better '
                                      'hand').format(a=show(a[0]), b=show(b[0]))))
    for tier, vals in zip(hands, values):
        hand, val = tier[0], vals[0]
        for order in itertools.permutations(hand):
            if ranking(list(order)) != val:
                problems.append(Problem('cards order', (show(hand), show(order)),
                                        _('ranks {a} differently from {b}: the same cards in '
                                          'another order').format(a=show(order), b=show(hand))))
                break
        for suits in itertools.permutations(SUITS):
            rename = dict(zip(SUITS, suits))
            renamed = [r + rename[s] for r, s in hand]
            if ranking(renamed) != val:
                problems.append(Problem('suits', (show(hand), show(renamed)),
                                        _('ranks {a} differently from {b}: the same hand with '
                                          'the suits renamed').format(a=show(renamed),
                                                                      b=show(hand))))
                break
    return problems


class Source(str):
    """Source code that displays as code (its repr is the text itself)."""

    def __repr__(self):
        return str(self).rstrip('\n')


def source(function) -> Source:
    """The source code of a function, straight from its module.

    A function the library checks at its boundary shows its plain def: the
    code as the course wrote it.

    >>> source(freeze).splitlines()[0]
    'def freeze(x):'
    """
    if isinstance(function, str):
        raise PokerError(_('source() takes the function itself, without quotes: '
                           'source({function}), not source({function2})').format(
                             function=function[:40], function2=short_repr(function)))
    try:
        return Source(inspect.getsource(function))
    except (TypeError, OSError):
        raise PokerError(_('source() shows a function written in Python in a file, such as '
                           'source(hand_rank); got {function}').format(
                             function=short_repr(function))) from None


def freeze(x):
    """A hashable copy: lists inside tuples become tuples, recursively.

    >>> freeze((2, (9, 5), [9, 9, 6, 5, 5]))
    (2, (9, 5), (9, 9, 6, 5, 5))
    """
    if type(x) not in (list, tuple):
        return x
    return tuple([freeze(v) if type(v) in (list, tuple) else v for v in x])


def _check_functions(who, f, g, inputs) -> list:
    """same's and same_order's arguments: two functions and something iterable (read into a list)."""
    for name, h in (('f', f), ('g', g)):
        if not callable(h):
            raise PokerError(_('{who}(f, g, inputs): {name} must be a function, got {h}').format(
                                 who=who, name=name, h=short_repr(h)))
    if isinstance(inputs, (str, bytes)):
        return list(inputs)
    try:
        return list(inputs)
    except TypeError:
        raise PokerError(_('{who}(f, g, inputs): inputs must be a list (or any iterable), got '
                           '{inputs}').format(
                             who=who, inputs=short_repr(inputs))) from None


def same(f, g, inputs) -> bool:
    """True if f(x) == g(x) for every x in inputs.

    >>> same(abs, lambda x: x, [0, 1, 2]), same(abs, lambda x: x, [-1])
    (True, False)
    """
    inputs = _check_functions('same', f, g, inputs)
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
    inputs = _check_functions('same_order', f, g, inputs)
    values = {(freeze(f(x)), freeze(g(x))) for x in inputs}
    try:
        pairs = sorted(values)
    except TypeError:
        raise PokerError(_('same_order: the values of f and g must be comparable with <, such '
                           'as numbers or tuples; got {value}').format(
                             value=short_repr(next(iter(values))))
                         ) from None
    fs = [a for a, b in pairs]
    gs = [b for a, b in pairs]
    return len(set(fs)) == len(fs) and all(b1 < b2 for b1, b2 in zip(gs, gs[1:]))


def per_second(f, items, repeats=3) -> float:
    """How many calls of f a second, calling it on each of the items: the best of `repeats` runs.

    The best run is the one least disturbed by whatever else the machine was
    doing; times still vary from run to run and machine to machine.

    >>> per_second(len, ['AS KS'] * 1000) > 1000
    True
    """
    if not callable(f):
        raise PokerError(_('per_second(f, items): f must be a function, got {f}').format(
                             f=short_repr(f)))
    try:
        items = list(items)
    except TypeError:
        raise PokerError(_('per_second(f, items): items must be a list (or any iterable) of '
                           'arguments for f, got {items}').format(
                             items=short_repr(items))) from None
    repeats = as_whole_number(repeats)
    if repeats is None or repeats < 1:
        raise PokerError(_('per_second: repeats must be a whole number, 1 or more, got '
                           '{repeats}').format(
                             repeats=short_repr(repeats)))
    best = float('inf')
    for _repeat in range(repeats):
        start = time.perf_counter()
        for item in items:
            f(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best
