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

import random
import reprlib
from collections import Counter
from numbers import Integral

__all__ = ['PokerError', 'RANKS', 'SUITS', 'DECK', 'JOKERS', 'parse_card',
           'parse_hand', 'check_hand', 'check_count', 'check_rng', 'card_id',
           'id_card', 'short_repr']


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


RANKS = '23456789TJQKA'  # low to high
SUITS = 'SHDC'           # spades, hearts, diamonds, clubs
DECK = [r + s for r in RANKS for s in SUITS]
JOKERS = ['?B', '?R']    # any black card, any red card

_DECK_SET = frozenset(DECK)
_JOKER_SET = frozenset(JOKERS)
_VALID_WILD = _DECK_SET | _JOKER_SET
_SUIT_ALIASES = {'♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C',
                 '♤': 'S', '♡': 'H', '♢': 'D', '♧': 'C'}
# The variation selectors that phones and web pages put after a suit symbol
# ('♠\ufe0f' asks for the emoji picture): they change no card.
_NO_VARIATION = {0xFE0E: None, 0xFE0F: None}

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = 40
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxset = _SHORT.maxfrozenset = 10
_SHORT.maxdict = 5


def short_repr(value) -> str:
    """repr(value) for an error message: long strings and lists cut short with '...'.

    >>> short_repr('AS'), short_repr('X' * 10_000)
    ("'AS'", "'XXXXXXXXXXXXXXXXX...XXXXXXXXXXXXXXXXXX'")
    """
    return _SHORT.repr(value)


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
        raise PokerError(f'bad card {short_repr(text)}: a card is a string '
                         f'such as "TC"')
    if text in _VALID_WILD:     # the fast path: already canonical
        return text
    s = text.strip().upper()
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
        raise PokerError(f'bad card {short_repr(text)}: the suit is missing '
                         f'(write it after the rank, as in {example})')
    if len(rank) != 1 or not suit:
        raise PokerError(f'bad card {short_repr(text)}: a card is a rank and '
                         f'a suit, such as "TC" or "10C"')
    if rank not in RANKS:
        raise PokerError(f'bad card {short_repr(text)}: unknown rank '
                         f'{short_repr(rank)} (ranks are {RANKS}, or 10)')
    if suit not in SUITS:
        raise PokerError(f'bad card {short_repr(text)}: unknown suit '
                         f'{short_repr(suit)} (suits are {SUITS} or ♠♥♦♣)')
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
        raise PokerError(f'parse_hand takes text such as "6C 7C 8C 9C TC", '
                         f'not {type(text).__name__}')
    hand = [parse_card(word) for word in text.replace(',', ' ').split()]
    _check_duplicates(hand, f'in hand {short_repr(hand)}')
    return hand


def _check_duplicates(cards, where: str):
    """Raise PokerError naming the first card that appears twice."""
    if len(set(cards)) != len(cards):
        dup = next(c for c, n in Counter(cards).items() if n > 1)
        raise PokerError(f'duplicate card {short_repr(dup)} {where}')


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
    valid = _VALID_WILD if jokers else _DECK_SET
    try:
        if (type(hand) in (list, tuple) and len(hand) in sizes
                and valid.issuperset(hand) and len(set(hand)) == len(hand)):
            return hand  # the fast path: nothing wrong
    except TypeError:   # an unhashable item; the slow path below names it
        pass
    if isinstance(hand, str):
        raise PokerError(f'a hand is a list of cards, not the string '
                         f'{short_repr(hand)}; use parse_hand({short_repr(hand)})')
    try:
        cards = list(hand)
    except TypeError:
        raise PokerError(f'a hand is a list of cards, not {short_repr(hand)}'
                         ) from None
    for card in cards:
        if isinstance(card, str) and card in valid:
            continue
        if isinstance(card, str) and card in _JOKER_SET:
            raise PokerError(f'joker {card!r} is only allowed in '
                             f'best_wild_hand: {short_repr(cards)}')
        canonical = parse_card(card)  # raises for a card that is simply bad
        raise PokerError(f'card {short_repr(card)} is not in canonical form; write '
                         f'{canonical!r} (parse_hand converts text for you)')
    _check_duplicates(cards, f'in hand {short_repr(cards)}')
    if len(cards) not in sizes:
        lo, hi = min(sizes), max(sizes)
        need = f'{lo}' if lo == hi else f'{lo} to {hi}'
        raise PokerError(f'a hand needs {need} cards, got {len(cards)}: '
                         f'{short_repr(cards)}')
    return cards


def check_count(value, what: str) -> int:
    """Check that `value` is a non-negative whole number; return it as an int.

    Use what it returns: a NumPy integer such as np.uint8(130) wraps around
    in arithmetic (2 * np.uint8(130) is 4), a Python int never does.

    >>> check_count(3, 'numhands')
    3
    >>> check_count(-1, 'numhands')
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: numhands must be a non-negative whole number, got -1
    """
    if isinstance(value, bool) or not isinstance(value, Integral) or value < 0:
        raise PokerError(f'{what} must be a non-negative whole number, '
                         f'got {short_repr(value)}')
    return int(value)


def check_rng(rng) -> random.Random:
    """The random generator to use: `rng` itself, or a fresh one if None.

    >>> check_rng(random.Random(1)).randrange(10)
    2
    >>> check_rng(42)
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: rng must be a random.Random (or None for a fresh one), got 42
    """
    if rng is None:
        return random.Random()
    if not all(hasattr(rng, m) for m in ('randrange', 'shuffle', 'sample', 'choice')):
        raise PokerError(f'rng must be a random.Random (or None for a fresh '
                         f'one), got {short_repr(rng)}')
    return rng


def card_id(card: str) -> int:
    """The integer id 0..51 of a card: rank = id >> 2, suit = id & 3.

    >>> card_id('2S'), card_id('AC'), card_id('AC') >> 2, card_id('AC') & 3
    (0, 51, 12, 3)
    """
    check_hand([card], sizes=(1,))
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def id_card(i: int) -> str:
    """The card with integer id `i` (0..51): the inverse of card_id.

    >>> id_card(51), [id_card(card_id(c)) for c in ['TC', '9D']]
    ('AC', ['TC', '9D'])
    """
    if isinstance(i, bool) or not isinstance(i, Integral) or not 0 <= i < 52:
        raise PokerError(f'card id must be a whole number 0..51, got '
                         f'{short_repr(i)}')
    return DECK[int(i)]
