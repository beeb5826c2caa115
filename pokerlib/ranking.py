"""Ranking five-card hands: both versions of ``hand_rank`` the course builds.

Lessons 01 to 03. A *ranking* is a tuple that compares the way poker hands
do: the category first, then the card ranks that break ties. ``poker`` is
then just ``max`` with that key, or ``allmax`` when ties are shared.

>>> hand_rank(['6C', '7C', '8C', '9C', 'TC'])
(9, (10, 9, 8, 7, 6))
>>> hand_rank_elif(['6C', '7C', '8C', '9C', 'TC'])
(8, 10)
>>> category_name(9)
'straight flush'

Three numberings of the categories
----------------------------------
The two versions of ``hand_rank`` number the categories differently, and
``HAND_NAMES`` (with ``pokerlib.fast.categories``) counts a third way, as
positions in a list. ``CATEGORIES`` is the one table that relates them:

=================  =====  ================  ===========
name               index  hand_rank_elif    hand_rank
=================  =====  ================  ===========
high card          0      0                 0
one pair           1      1                 1
two pair           2      2                 2
three of a kind    3      3                 3
straight           4      4                 4
flush              5      5                 5
full house         6      6                 6
four of a kind     7      7                 7
straight flush     8      8                 9
five of a kind     9      (none)            10
=================  =====  ================  ===========
"""

import contextlib
import functools
import threading
from collections import namedtuple

from .cards import (PokerError, SharedDict, as_whole_number, check_hand,
                    check_hands, short_repr)
from .i18n import _, english_category

__all__ = ['card_ranks', 'straight', 'flush', 'kind', 'two_pair',
           'hand_rank_elif', 'group', 'unzip', 'COUNT_RANKINGS', 'hand_rank',
           'HAND_NAMES', 'CATEGORIES', 'NUMBERINGS', 'category_name',
           'category_number', 'allmax', 'poker']

Category = namedtuple('Category', 'name index hand_rank_elif hand_rank')

CATEGORIES = (
    Category('high card',        0, 0, 0),
    Category('one pair',         1, 1, 1),
    Category('two pair',         2, 2, 2),
    Category('three of a kind',  3, 3, 3),
    Category('straight',         4, 4, 4),
    Category('flush',            5, 5, 5),
    Category('full house',       6, 6, 6),
    Category('four of a kind',   7, 7, 7),
    Category('straight flush',   8, 8, 9),
    Category('five of a kind',   9, None, 10),
)
"""Each category with its number in each numbering, worst first (see above)."""

NUMBERINGS = ('index', 'hand_rank_elif', 'hand_rank')
"""The numberings of CATEGORIES: a position in HAND_NAMES (also what
pokerlib.fast.categories gives), and the first element of each hand_rank."""

HAND_NAMES = tuple(c.name for c in CATEGORIES)
"""The category names, worst first: HAND_NAMES[i] is the category with index i."""


# ---------------------------------------------------------------------------
# The checks. The lecture's functions below are written as the lecture wrote
# them (source() shows exactly that); each is then put behind its check with
# checked() or takes_hand(), at the boundary, after its plain def.

class _Flag(threading.local):
    on = False               # each thread starts with it off (a class default: no lookup miss)


_checked_already = _Flag()
"""`.on` is true while a function that takes a hand runs its body: the hand
was checked once at the boundary, and every call the body makes works on
cards and ranks derived from it, so the checks of those calls are skipped."""


@contextlib.contextmanager
def trusted():
    """Within it, the library's functions skip their argument checks: for a caller whose
    arguments are known to be good (a judge working out the answers to its own cases).

    >>> with trusted():
    ...     flush(['AS', 'KS', 'QS', 'JS', 'TS'])
    True
    """
    was = _checked_already.on
    _checked_already.on = True
    try:
        yield
    finally:
        _checked_already.on = was


def checked(f, check, body_trusted=None):
    """`f` behind a check: check(*args, **kwargs) raises PokerError for bad
    arguments and returns every argument to pass on, in order (an iterator
    read into a list, a NumPy integer made an int), so f sees what was checked.

    The plain function stays available as ``wrapper.__wrapped__``, and
    inspect.getsource (so pokerlib.source) shows its plain def. Inside the
    body of a function that takes a hand (takes_hand), the check is skipped.
    If `body_trusted(*checked_args)` is true, the library functions that f's
    body calls skip their checks too (what they get is known to be good).
    """
    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        if _checked_already.on:
            return f(*args, **kwargs)
        args = check(*args, **kwargs)
        if body_trusted is None or not body_trusted(*args):
            return f(*args)
        _checked_already.on = True      # trusted(), written out: a shuffle's loop calls this
        try:
            return f(*args)
        finally:
            _checked_already.on = False
    return wrapper


def takes_hand(f, sizes=(5,), jokers=False):
    """`f` behind check_hand of its first argument (checked(), written out:
    this wrapper runs for every hand ranked, so it saves a call).

    The hand is checked once: while `f` runs, the functions it calls on
    what it derives from the hand (card_ranks, straight, kind, group...)
    skip their own checks, so a ranking costs what the lecture's code costs
    plus one check. Every function wrapped so calls only the library's own
    functions, never one passed in by a caller.

    >>> from pokerlib import hand_rank_elif
    >>> hand_rank_elif(['AS', 'KS', 'QS', 'JS', 'TS'])
    (8, 14)
    >>> hand_rank_elif(['AS', 'KS', 'QS', 'JS'])
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: a hand needs 5 cards, got 4: ['AS', 'KS', 'QS', 'JS']
    """
    @functools.wraps(f)
    def wrapper(hand, *args):
        if _checked_already.on:
            return f(hand, *args)
        hand = check_hand(hand, sizes, jokers)
        _checked_already.on = True
        try:
            return f(hand, *args)
        finally:
            _checked_already.on = False
    return wrapper


_RANK_SET = frozenset(range(1, 15))


def _as_list(items):
    """`items` itself if a list or tuple, else a list of them; None if it is
    not a flat sequence of items (text, bytes, a mapping, a table or an
    array of more than one dimension, or not iterable)."""
    if type(items) in (list, tuple):
        return items
    if (isinstance(items, (str, bytes, bytearray, memoryview, dict))
            or getattr(items, 'ndim', 1) != 1):
        return None
    try:
        return list(items)
    except TypeError:
        return None


def _shape(value) -> str:
    """' (a 2-D array of shape (1, 5))' for an array or a table, else ''."""
    shape = getattr(value, 'shape', None)
    if isinstance(shape, tuple) and len(shape) != 1:
        return f' (a {len(shape)}-D {type(value).__name__} of shape {shape})'
    return ''


def _whole_numbers(items, lo, hi):
    """The items as a list of ints if each is a whole number lo..hi, else None."""
    numbers = [as_whole_number(x) for x in items]
    if None in numbers or not all(lo <= n <= hi for n in numbers):
        return None
    return numbers


def _check_ranks(ranks) -> tuple:
    """Check a list of five card ranks (integers 1..14), as card_ranks makes; (ranks,)."""
    if type(ranks) in (list, tuple) and len(ranks) == 5:     # the fast path: nothing wrong
        a, b, c, d, e = ranks        # (written out: kind and straight check every call)
        if type(a) is type(b) is type(c) is type(d) is type(e) is int and 0 < min(ranks) \
                and max(ranks) < 15:
            return (ranks,)
    items = _as_list(ranks)   # an iterator, read into a list
    numbers = None if items is None else _whole_numbers(items, 1, 14)
    if numbers is not None and len(numbers) == 5:
        return (numbers,)
    raise PokerError(_('expected the five ranks of a hand, integers 2..14 (1 for an ace-low '
                       'straight), got {ranks}{shape}').format(
                         ranks=short_repr(ranks), shape=_shape(ranks)))


def _check_kind(n, ranks) -> tuple:
    """Check kind's arguments: n from 1 to 5, and five ranks; (n, ranks)."""
    number = n if type(n) is int else as_whole_number(n)
    if number is None or not 1 <= number <= 5:
        raise PokerError(_('kind(n, ranks) needs n from 1 to 5, got {n}').format(
                             n=short_repr(n)))
    return (number, *_check_ranks(ranks))


def _check_group(items) -> tuple:
    """group's argument: a list (or tuple, or text) of items that can be counted and sorted."""
    if type(items) is list and all(type(x) is int for x in items):
        return (items,)     # the fast path: what hand_rank passes
    listed = items if isinstance(items, str) else _as_list(items)
    try:
        if listed is None:
            raise TypeError
        sorted(set(listed))
    except TypeError:
        raise PokerError(_('group takes a list of items that can be counted and compared, such '
                           'as card ranks [7, 10, 7]; got {items}').format(
                             items=short_repr(items))) from None
    return (listed,)


def _check_unzip(pairs) -> tuple:
    """unzip's argument: a list of pairs (each a tuple or a list)."""
    listed = _as_list(pairs)
    if listed is not None and all(type(p) in (list, tuple) for p in listed):
        return (listed,)
    raise PokerError(_('unzip takes a list of pairs such as [(3, 7), (2, 10)], got {pairs}').format(
                         pairs=short_repr(pairs)))


def _check_allmax(iterable, key=None) -> tuple:
    """allmax's arguments: something iterable, and a function (or None) as key."""
    if key is not None and not callable(key):
        raise PokerError(_("allmax's key must be a function such as len, or None; got {key}").format(
                             key=short_repr(key)))
    if isinstance(iterable, (list, tuple)):
        return (iterable, key)
    try:
        iterator = iter(iterable)
    except TypeError:
        raise PokerError(_('allmax takes a list (or any iterable) of items, got {iterable}').format(
                             iterable=short_repr(iterable))) from None
    return (iterator, key)


# ---------------------------------------------------------------------------
# Version 1: the if/elif chain over the helper functions.

def card_ranks(hand) -> list:
    """The ranks of the cards, highest first; an ace-low straight counts A as 1.

    >>> card_ranks(['AC', '3D', '4S', 'KH'] + ['TD'])
    [14, 13, 10, 4, 3]
    >>> card_ranks(['AC', '2D', '4S', '3H', '5D'])
    [5, 4, 3, 2, 1]
    """
    ranks = ['--23456789TJQKA'.index(r) for r, s in hand]
    ranks.sort(reverse=True)
    return [5, 4, 3, 2, 1] if (ranks == [14, 5, 4, 3, 2]) else ranks


card_ranks = takes_hand(card_ranks)


def straight(ranks) -> bool:
    """True if the ranks form a five-card straight.

    >>> straight([9, 8, 7, 6, 5]), straight([9, 8, 8, 6, 5])
    (True, False)
    """
    return (max(ranks) - min(ranks) == 4) and len(set(ranks)) == 5


straight = checked(straight, _check_ranks)


def flush(hand) -> bool:
    """True if all the cards are of one suit.

    >>> flush(['2C', '8C', 'TC', 'QC', 'AC']), flush(['2C', '8C', 'TC', 'QC', 'AD'])
    (True, False)
    """
    suits = [s for r, s in hand]
    return len(set(suits)) == 1


flush = takes_hand(flush)


def kind(n, ranks):
    """The first rank that occurs exactly n times in ranks, or None.

    >>> kind(4, [9, 9, 9, 9, 7]), kind(3, [9, 9, 9, 9, 7]), kind(1, [9, 9, 9, 9, 7])
    (9, None, 7)
    """
    for r in ranks:
        if ranks.count(r) == n:
            return r
    return None


kind = checked(kind, _check_kind)


def two_pair(ranks):
    """The (high, low) ranks of the two pairs, or None if there aren't two.

    >>> two_pair([9, 9, 7, 7, 2]), two_pair([9, 9, 8, 7, 2])
    ((9, 7), None)
    """
    pair = kind(2, ranks)
    lowpair = kind(2, list(reversed(ranks)))
    if pair and lowpair != pair:
        return (pair, lowpair)
    else:
        return None


two_pair = checked(two_pair, _check_ranks)


def hand_rank_elif(hand) -> tuple:
    """The course's first hand_rank: one if/elif branch per category.

    >>> hand_rank_elif(['9D', '9H', '9S', '9C', '7D'])
    (7, 9, 7)
    """
    ranks = card_ranks(hand)
    if straight(ranks) and flush(hand):            # straight flush
        return (8, max(ranks))
    elif kind(4, ranks):                           # 4 of a kind
        return (7, kind(4, ranks), kind(1, ranks))
    elif kind(3, ranks) and kind(2, ranks):        # full house
        return (6, kind(3, ranks), kind(2, ranks))
    elif flush(hand):                              # flush
        return (5, ranks)
    elif straight(ranks):                          # straight
        return (4, max(ranks))
    elif kind(3, ranks):                           # 3 of a kind
        return (3, kind(3, ranks), ranks)
    elif two_pair(ranks):                          # 2 pair
        return (2, two_pair(ranks), ranks)
    elif kind(2, ranks):                           # kind
        return (1, kind(2, ranks), ranks)
    else:                                          # high card
        return (0, ranks)


hand_rank_elif = takes_hand(hand_rank_elif)


# ---------------------------------------------------------------------------
# Version 2: the refactoring with group and unzip.

def group(items) -> list:
    """(count, item) pairs, most frequent first, ties broken by higher item.

    >>> group([7, 10, 7, 7, 10])
    [(3, 7), (2, 10)]
    """
    groups = [(items.count(x), x) for x in set(items)]
    return sorted(groups, reverse=True)


group = checked(group, _check_group)


def unzip(pairs):
    """Split a list of pairs into a tuple of firsts and a tuple of seconds.

    >>> counts, ranks = unzip([(3, 7), (2, 10)])
    >>> counts, ranks
    ((3, 2), (7, 10))
    """
    return zip(*pairs)


unzip = checked(unzip, _check_unzip)

count_rankings = SharedDict('count_rankings', {
    (5,): 10, (4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2,
    (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0})
"""The category of each pattern of counts (the partitions of 5), by the lecture's name."""

COUNT_RANKINGS = SharedDict('COUNT_RANKINGS', count_rankings)
"""The same table, exported (a copy, read-only like the lecture's: the library reads its own)."""


def hand_rank(hand) -> tuple:
    """The ranking of a five-card hand: (category, ranks by count then rank).

    >>> hand_rank(['8C', '8D', 'KS', '8H', 'KD'])   # full house, eights over kings
    (6, (8, 13))
    """
    groups = group(['--23456789TJQKA'.index(r) for r, s in hand])
    counts, ranks = unzip(groups)
    if ranks == (14, 5, 4, 3, 2):
        ranks = (5, 4, 3, 2, 1)
    straight = len(ranks) == 5 and max(ranks) - min(ranks) == 4
    flush = len(set([s for r, s in hand])) == 1
    return max(count_rankings[counts], 4*straight + 5*flush), ranks


hand_rank = takes_hand(hand_rank)


_BY_NUMBER = {numbering: {getattr(c, numbering): c for c in CATEGORIES
                          if getattr(c, numbering) is not None}
              for numbering in NUMBERINGS}


def _check_numbering(numbering):
    if not isinstance(numbering, str) or numbering not in NUMBERINGS:
        raise PokerError(_('numbering must be one of {choices}; got {numbering}').format(
                             choices=", ".join(NUMBERINGS), numbering=short_repr(numbering)))


def category_name(category, numbering='hand_rank') -> str:
    """The name of a category number; by default as hand_rank numbers them.

    `numbering` is 'hand_rank' (9 is a straight flush), 'hand_rank_elif'
    (8 is a straight flush) or 'index' (a position in HAND_NAMES, as
    pokerlib.fast.categories gives; 8 is a straight flush).

    The name is the English key code uses in any language (HAND_NAMES, the keys of
    the counts); ``hand_name`` shows a hand's category in the course's language
    (pokerlib.i18n says the one rule).

    >>> category_name(9), category_name(8, 'hand_rank_elif'), category_name(8, 'index')
    ('straight flush', 'straight flush', 'straight flush')
    >>> category_name(8)
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: hand_rank numbers no category 8; its numbers are 0, 1, 2, 3, 4, 5, 6, 7, 9, 10 (for an index into HAND_NAMES, write category_name(8, 'index'))
    """
    _check_numbering(numbering)
    table = _BY_NUMBER[numbering]
    number = as_whole_number(category)
    if number not in table:
        numbers = ', '.join(map(str, table))
        hint = ''
        if numbering == 'hand_rank' and number in _BY_NUMBER['index']:
            hint = _(' (for an index into HAND_NAMES, write {call})').format(
                call=f"category_name({number!r}, 'index')")
        raise PokerError(_('{numbering} numbers no category {category}; its numbers are '
                           '{numbers}{hint}').format(
                             numbering=numbering, category=short_repr(category),
                             numbers=numbers, hint=hint))
    return table[number].name     # the English key: hand_name shows it in the course's language


def category_number(name, numbering='hand_rank') -> int:
    """The number of a category, by name, in one of the NUMBERINGS.

    >>> category_number('straight flush'), category_number('straight flush', 'index')
    (9, 8)

    The name may be the one the course's language shows (pokerlib.i18n's one rule):
    category_number('同花顺') after set_language('zh_CN').
    """
    _check_numbering(numbering)
    name = english_category(name)
    for c in CATEGORIES:
        if type(name) is str and c.name == name and getattr(c, numbering) is not None:
            return getattr(c, numbering)
    raise PokerError(_('no category {name} in the {numbering} numbering; categories are '
                       '{choices}').format(
                         name=short_repr(name), numbering=numbering,
                         choices=", ".join(HAND_NAMES)))


# ---------------------------------------------------------------------------
# Winners.

def allmax(iterable, key=None) -> list:
    """All the items that are equal to the maximum (by key), in input order.

    >>> allmax([3, 1, 3, 2]), allmax(['ab', 'cd', 'e'], key=len), allmax([])
    ([3, 3], ['ab', 'cd'], [])
    """
    result, maxval = [], None
    key = key or (lambda x: x)
    for x in iterable:
        xval = key(x)
        if not result or xval > maxval:
            result, maxval = [x], xval
        elif xval == maxval:
            result.append(x)
    return result


allmax = checked(allmax, _check_allmax)


def poker(hands) -> list:
    """All the winning hands from a list of five-card hands (several on a tie).

    >>> poker([['6C', '7C', '8C', '9C', 'TC'], ['JD', 'JH', 'JS', 'JC', '7D']])
    [['6C', '7C', '8C', '9C', 'TC']]
    """
    return allmax(hands, key=hand_rank)


poker = checked(poker, lambda hands: (check_hands(hands),), lambda hands: True)
# (every hand checked: the hand_rank and allmax of its body skip their checks)
