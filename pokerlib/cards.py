"""Cards, hands and the deck, in the course's notation.

A *card* is a two-character string, rank then suit: ``'TC'`` is the ten of
clubs, ``'AS'`` the ace of spades. A *hand* is a list of cards. Two jokers,
``'?B'`` (any black card) and ``'?R'`` (any red card), appear only in the
wild-card game.

>>> DECK[:4], len(DECK)
(['2S', '2H', '2D', '2C'], 52)
>>> parse_hand('10♣ j♣ Q♣ K♣ A♣')
['TC', 'JC', 'QC', 'KC', 'AC']
"""

import copy
import operator
import random
import re
import reprlib
from collections import Counter
from collections.abc import Iterable

from .i18n import N_, _

__all__ = ['PokerError', 'RANKS', 'SUITS', 'DECK', 'JOKERS', 'parse_card',
           'parse_hand', 'check_hand', 'check_hands', 'card_id', 'id_card']


class PokerError(ValueError):
    """Raised for bad input: the message names the bad card, count or line.

    In a notebook, IPython shows a PokerError as its one line, without the
    frames of library code it passed through: the message says what was
    wrong, and the cell that raised it is the one just run.

    >>> PokerError('bad card').__class__.__mro__[1].__name__
    'ValueError'
    >>> PokerError("bad card '1X'")._render_traceback_()
    ["\\x1b[0;31mPokerError\\x1b[0m: bad card '1X'"]
    """

    def _render_traceback_(self):
        """The lines IPython shows for this error (IPython's hook for custom tracebacks)."""
        return [f'\x1b[0;31m{type(self).__name__}\x1b[0m: {self}']


def _refuse(self, *args, **kwargs):
    template, name = self._refusal
    raise PokerError(_(template).format(name=name))


_REFUSALS = {
    'shuffle': N_('{name} is shared by the whole library; shuffle a copy: list({name})'),
    'change': N_('{name} is shared by the whole library; change a copy: list({name})'),
    'dict': N_('{name} is shared by the whole library; change a copy: dict({name})'),
}
"""What a shared table says when something tries to change it."""


class SharedList(list):
    """A list the whole library shares: it reads like a list, and refuses every change.

    A change would change the library's answers for everyone, so each
    mutator raises PokerError saying how to get a copy to change. A copy
    (list(table), table[:], table + [], copy.copy, copy.deepcopy, pickle)
    is an ordinary list.

    >>> deck = SharedList('DECK', ['2S', '2H']); deck, deck[:1], list(deck) + ['2D']
    (['2S', '2H'], ['2S'], ['2S', '2H', '2D'])
    >>> deck.append('2C')
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: DECK is shared by the whole library; shuffle a copy: list(DECK)
    """

    def __init__(self, name, items=(), advice='shuffle'):
        if hasattr(self, '_refusal'):
            _refuse(self)
        super().__init__(items)
        self._refusal = (_REFUSALS[advice], name)

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __copy__(self):
        return list(self)

    def __deepcopy__(self, memo):
        return copy.deepcopy(list(self), memo)

    def __reduce__(self):
        return (list, (list(self),))


class SharedDict(dict):
    """A dict the whole library shares: it reads like a dict, and refuses every change.

    >>> table = SharedDict('TABLE', {'a': 1}); table, table['a'], dict(table) | {'b': 2}
    ({'a': 1}, 1, {'a': 1, 'b': 2})
    >>> table['a'] = 2
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: TABLE is shared by the whole library; change a copy: dict(TABLE)
    """

    def __init__(self, name, items=()):
        if hasattr(self, '_refusal'):
            _refuse(self)
        super().__init__(items)
        self._refusal = (_REFUSALS['dict'], name)

    __setitem__ = __delitem__ = __ior__ = _refuse
    pop = popitem = clear = update = setdefault = _refuse

    def __copy__(self):
        return dict(self)

    def __deepcopy__(self, memo):
        return copy.deepcopy(dict(self), memo)

    def __reduce__(self):
        return (dict, (dict(self),))


RANKS = '23456789TJQKA'  # low to high
SUITS = 'SHDC'           # spades, hearts, diamonds, clubs
_DECK = tuple(r + s for r in RANKS for s in SUITS)   # the library's own copy
DECK = SharedList('DECK', _DECK)
JOKERS = SharedList('JOKERS', ['?B', '?R'], advice='change')  # any black card, any red card

_DECK_SET = frozenset(_DECK)
_ID = {card: i for i, card in enumerate(_DECK)}
_JOKER_SET = frozenset(('?B', '?R'))
_VALID_WILD = _DECK_SET | _JOKER_SET
_SUIT_ALIASES = {'♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C',
                 '♤': 'S', '♡': 'H', '♢': 'D', '♧': 'C'}
# The variation selectors that phones and web pages put after a suit symbol
# ('♠\ufe0f' asks for the emoji picture): they change no card.
_NO_VARIATION = {0xFE0E: None, 0xFE0F: None}
# Ranks and suits are compared in ASCII only: str.upper() would also turn
# 'ſ' (long s) into 'S' and 'ı' (dotless i) into 'I'.
_ASCII_UPPER = str.maketrans('abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = 40
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxset = _SHORT.maxfrozenset = 10
_SHORT.maxdict = 5


def short_repr(value) -> str:
    """repr(value) for an error message: cut short with '...', and on one line.

    A NumPy array or a pandas table, whose repr spans lines, comes out on one.

    >>> short_repr('AS'), short_repr('X' * 10_000)
    ("'AS'", "'XXXXXXXXXXXXXXXXX...XXXXXXXXXXXXXXXXXX'")
    """
    try:
        text = _SHORT.repr(value)
    except Exception:           # a repr that fails: name the type instead
        text = f'<{type(value).__name__}>'
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)):
        return re.sub(r'\s*\n\s*', ' ', text)   # (the strings inside keep their spaces)
    return re.sub(r'\s+', ' ', text).strip()   # a table's columns, an array's rows


def as_whole_number(value):
    """`value` as a Python int if it is a whole number (a NumPy integer or a
    0-d integer array included, True and False not), else None.

    >>> as_whole_number(3), as_whole_number(True), as_whole_number(3.0)
    (3, None, None)
    """
    if isinstance(value, bool) or type(value).__name__ == 'bool_':
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def parse_card(text: str) -> str:
    """The canonical two-character form of one card, e.g. '10h' -> 'TH'.

    >>> parse_card('10h'), parse_card('a♠'), parse_card('A♠\ufe0f'), parse_card('?b')
    ('TH', 'AS', 'AS', '?B')
    >>> parse_card('1X')
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: bad card '1X': unknown rank '1' (ranks are 23456789TJQKA, or 10)
    >>> parse_card('10')
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: bad card '10': the suit is missing (write it after the rank, as in '10C' or 'TC')
    """
    if not isinstance(text, str):
        raise PokerError(_('bad card {card}: a card is a string such as "TC"').format(
            card=short_repr(text)))
    if text in _VALID_WILD:     # the fast path: already canonical
        return text
    s = text.strip().translate(_ASCII_UPPER)
    if not s.isascii():
        s = s.translate(_NO_VARIATION)
    rank, suit = s[:-1], s[-1:]
    suit = _SUIT_ALIASES.get(suit, suit)
    if rank == '10':
        rank = 'T'
    if rank + suit in _JOKER_SET:
        return rank + suit
    if s == '10' or (len(s) == 1 and s in RANKS):
        example = "'10C' or 'TC'" if s == '10' else repr(s + 'C')
        raise PokerError(_('bad card {card}: the suit is missing (write it after the rank, '
                           'as in {example})').format(card=short_repr(text), example=example))
    if len(rank) != 1 or not suit:
        raise PokerError(_('bad card {card}: a card is a rank and a suit, such as "TC" or '
                           '"10C"').format(card=short_repr(text)))
    if rank not in RANKS:
        raise PokerError(_('bad card {card}: unknown rank {rank} (ranks are {ranks}, or 10)'
                           ).format(card=short_repr(text), rank=short_repr(rank), ranks=RANKS))
    if suit not in SUITS:
        raise PokerError(_('bad card {card}: unknown suit {suit} (suits are {suits} or ♠♥♦♣)'
                           ).format(card=short_repr(text), suit=short_repr(suit), suits=SUITS))
    return rank + suit


def parse_hand(text: str) -> list:
    """The cards of a hand written as text, e.g. '6C 7C 8C 9C TC'.

    Cards are separated by spaces or commas; duplicates are an error.

    >>> parse_hand('6c, 7c, 8c, 9c, 10c')
    ['6C', '7C', '8C', '9C', 'TC']
    >>> parse_hand('AS AS')
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: duplicate card 'AS' in hand ['AS', 'AS']
    """
    if not isinstance(text, str):
        raise PokerError(_('parse_hand takes text such as "6C 7C 8C 9C TC", not {kind}').format(
                             kind=type(text).__name__))
    hand = [parse_card(word) for word in text.replace(',', ' ').split()]
    _check_duplicates(hand, _('in hand {hand}').format(hand=short_repr(hand)))
    return hand


def check_distinct_ids(ids, where: str = ''):
    """Raise PokerError naming the first card id that appears twice in `ids` (a list of ints).

    >>> check_distinct_ids([48, 48, 44, 40, 36], 'row 0: ')
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: row 0: duplicate card id 48 ('AS') in hand [48, 48, 44, 40, 36]
    """
    if len(set(ids)) != len(ids):
        dup = next(i for i, n in Counter(ids).items() if n > 1)
        raise PokerError(_('{where}duplicate card id {dup} ({card!r}) in hand {ids}').format(
                             where=where, dup=dup, card=_DECK[dup], ids=short_repr(ids)))


def _check_duplicates(cards, where: str):
    """Raise PokerError naming the first card that appears twice."""
    if len(set(cards)) != len(cards):
        dup = next(c for c, n in Counter(cards).items() if n > 1)
        raise PokerError(_('duplicate card {card} {where}').format(card=short_repr(dup),
                                                                    where=where))


def check_hand(hand, sizes=(5,), jokers=False) -> list:
    """Check that `hand` is a list of valid, distinct cards of an allowed size.

    Returns the hand itself if it is a list or a tuple, else a list of its
    cards (an iterator can be read only once: use what this returns); raises
    PokerError saying what is wrong.

    >>> check_hand(['AS', 'KS', 'QS', 'JS', 'TS'])
    ['AS', 'KS', 'QS', 'JS', 'TS']
    >>> check_hand(['AS', 'KS', 'QS', 'JS'])
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: a hand needs 5 cards, got 4: ['AS', 'KS', 'QS', 'JS']
    """
    if jokers is not False and jokers is not True:
        raise PokerError(_("check_hand's jokers must be True or False, got {jokers}").format(
                             jokers=short_repr(jokers)))
    if type(sizes) is not tuple or not all(type(n) is int for n in sizes):
        sizes = _check_sizes(sizes)
    valid = _VALID_WILD if jokers else _DECK_SET
    try:
        if (type(hand) in (list, tuple) and len(hand) in sizes
                and valid.issuperset(hand) and len(set(hand)) == len(hand)):
            return hand  # the fast path: nothing wrong
    except TypeError:   # an unhashable item; the slow path below names it
        pass
    if isinstance(hand, str):
        raise PokerError(_('a hand is a list of cards, not the string {text}; use '
                           'parse_hand({text})').format(text=short_repr(hand)))
    try:
        cards = list(hand)
    except TypeError:
        raise PokerError(_('a hand is a list of cards, not {value}').format(
            value=short_repr(hand))) from None
    for card in cards:
        if isinstance(card, str) and card in valid:
            continue
        if isinstance(card, str) and card in _JOKER_SET:
            raise PokerError(_('joker {card} is only allowed in best_wild_hand: {cards}').format(
                card=repr(card), cards=short_repr(cards)))
        canonical = parse_card(card)  # raises for a card that is simply bad
        raise PokerError(_('card {card} is not in canonical form; write {canonical} '
                           '(parse_hand converts text for you)').format(
                               card=short_repr(card), canonical=repr(canonical)))
    _check_duplicates(cards, _('in hand {hand}').format(hand=short_repr(cards)))
    if len(cards) not in sizes:
        lo, hi = min(sizes), max(sizes)
        need = f'{lo}' if lo == hi else _('{lo} to {hi}').format(lo=lo, hi=hi)
        raise PokerError(_('a hand needs {need} cards, got {got}: {cards}').format(
            need=need, got=len(cards), cards=short_repr(cards)))
    return cards


def check_hands(hands, sizes=(5,), jokers=False) -> list:
    """Check a list of hands: at least one, each valid, no card in two hands.

    Returns the hands as check_hand returns each (a hand given as an
    iterator comes back as a list; a list or tuple comes back itself).

    >>> check_hands([['AS', 'KD', '9C', '7H', '3S'], ['AS', 'KC', '9D', '7S', '3C']])
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: duplicate card 'AS': it is in hands 0 and 1 (counting from 0)
    """
    if isinstance(hands, str) or not isinstance(hands, (list, tuple)):
        raise PokerError(_('expected a list of hands, got {value}').format(value=short_repr(hands)))
    if not hands:
        raise PokerError(_('no hands to compare: expected a list of at least one hand'))
    hands = [check_hand(hand, sizes, jokers) for hand in hands]
    holder = {}
    for i, hand in enumerate(hands):
        for card in hand:
            if card in holder:
                raise PokerError(_('duplicate card {card}: it is in hands {first} and {second} '
                                   '(counting from 0)').format(card=repr(card), first=holder[card],
                                                               second=i))
            holder[card] = i
    return hands


def _check_sizes(sizes) -> tuple:
    """check_hand's sizes as a tuple of ints: a non-empty collection of whole numbers."""
    numbers = ([as_whole_number(n) for n in sizes]
               if isinstance(sizes, Iterable) and not isinstance(sizes, (str, bytes)) else [])
    if not numbers or None in numbers or min(numbers) < 0:
        raise PokerError(_("check_hand's sizes must be whole numbers such as (5,) or range(5, "
                           "8), got {sizes}").format(
                             sizes=short_repr(sizes)))
    return tuple(numbers)


def check_count(value, what: str) -> int:
    """Check that `value` is a non-negative whole number; return it as an int.

    `what` names the value in the message, translated (mark it N_('...')).

    Use what it returns: a NumPy integer such as np.uint8(130) wraps around
    in arithmetic (2 * np.uint8(130) is 4), a Python int never does.

    >>> check_count(3, N_('numhands'))
    3
    >>> check_count(-1, N_('numhands'))
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: numhands must be a non-negative whole number, got -1
    """
    n = as_whole_number(value)
    if n is None or n < 0:
        raise PokerError(_('{what} must be a non-negative whole number, got {value}').format(
                             what=_(what), value=short_repr(value)))
    return n


def check_limit(n: int, most: int, what: str) -> int:
    """`n` (a checked count) if it is at most `most`; else PokerError naming the limit.

    >>> check_limit(10**12, 10**6, N_('N (deck size)'))
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: N (deck size) must be at most 1,000,000, got 1000000000000
    """
    if n > most:
        raise PokerError(_('{what} must be at most {most:,d}, got {n}').format(
                             what=_(what), most=most, n=short_repr(n)))
    return n


def check_rng(rng, needs=('randrange', 'shuffle', 'sample', 'choice')) -> random.Random:
    """The random generator to use: `rng` itself, or a fresh one if None.

    `rng` must have the methods `needs` (a stand-in for random.Random that
    has them will do); the class random.Random itself is named as the
    likely slip.

    >>> check_rng(random.Random(1)).randrange(10)
    2
    >>> check_rng(42)
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: rng must be a random.Random (or None for a fresh one), got 42
    """
    if type(rng) is random.Random:
        return rng               # the common case, quickly
    if rng is None:
        return random.Random()
    if isinstance(rng, type):
        raise PokerError(_('rng must be a random.Random instance (did you mean random.Random()?)'))
    if not all(hasattr(rng, m) for m in needs):
        raise PokerError(_('rng must be a random.Random (or None for a fresh one), got {rng}').format(
                             rng=short_repr(rng)))
    return rng


def card_id(card: str) -> int:
    """The integer id 0..51 of a card: rank = id >> 2, suit = id & 3.

    >>> card_id('2S'), card_id('AC'), card_id('AC') >> 2, card_id('AC') & 3
    (0, 51, 12, 3)
    """
    check_hand([card], sizes=(1,))
    return _ID[card]


def id_card(i: int) -> str:
    """The card with integer id `i` (0..51): the inverse of card_id.

    >>> id_card(51), [id_card(card_id(c)) for c in ['TC', '9D']]
    ('AC', ['TC', '9D'])
    """
    n = as_whole_number(i)
    if n is None or not 0 <= n < 52:
        raise PokerError(_('card id must be a whole number 0..51, got {i}').format(
                             i=short_repr(i)))
    return _DECK[n]
