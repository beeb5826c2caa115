"""A file of head-to-head hands: ten cards a line, and who wins each deal.

The format, widely used for practice: one line per deal, ten cards separated
by spaces (or tabs); the first five are player 1's hand, the last five player
2's. The question: how many hands does player 1 win?

    8C TS KC 9H 4S 7D 2S 5D 3S AC
    5C AD 5D AC 9C 7C 5H 8D TD KS

Choices made here, so that a file reads the same way everywhere:

- Cards are written as the course writes them (``TC``, ``AS``), and anything
  ``parse_card`` accepts is accepted too (``10c``, ``a♠``); hands come back in
  canonical form. Jokers are not allowed: a deal is two ordinary hands.
- A blank line (nothing but white space, non-breaking and ideographic
  spaces included) is skipped, but still counts, so a line number in a
  message is always the line an editor shows. In a file, a line ends with
  ``\\n``, ``\\r\\n`` or a lone ``\\r`` (old Mac files).
- A malformed line raises PokerError naming the line number (from 1) and the
  problem: the wrong number of cards, a bad card, a card dealt twice, or more
  than ``MAX_LINE`` (1,000) characters, of which no more is read.
  Reading stops at the first bad line; ``versus_errors`` lists them all.
- A *source* is a path (a ``str`` is always a path), an open file (text or
  binary: ``sys.stdin`` or ``sys.stdin.buffer``), or any iterable of lines
  (e.g. ``text.splitlines()``). Files are UTF-8.
- A source is read one line at a time. ``read_versus`` keeps every deal in a
  list; ``iter_versus`` hands them out one by one, so that
  ``score_versus(iter_versus(path))`` scores a file of any length in the same
  small memory (``pokerlib versus`` does that).

>>> pairs = read_versus(['8C TS KC 9H 4S 7D 2S 5D 3S AC',
...                      '5C AD 5D AC 9C 7C 5H 8D TD KS'])
>>> pairs[1]
(['5C', 'AD', '5D', 'AC', '9C'], ['7C', '5H', '8D', 'TD', 'KS'])
>>> score_versus(pairs)
{'player1': 1, 'player2': 1, 'ties': 0}

The sample file ``notebooks/data/versus-1000.txt`` (1,000 deals, some of them
genuine ties) was made, and can be remade byte for byte, with::

    python -m pokerlib make-versus --lines 1000 --seed 2026 --tie-fraction 0.05 -o notebooks/data/versus-1000.txt

that is, ``make_versus_lines(1000, random.Random(2026), tie_fraction=0.05)``,
one line each. ``notebooks/data/versus-bad.txt`` is deliberately malformed for
showing the error messages: line 3 has nine cards, line 5 a bad card (``1X``)
and line 7 a card dealt twice (``QH``); the other lines are good.
"""

import io
import os
import random  # noqa: F401 (the doctests use random.Random)
from collections import Counter
from collections.abc import Iterable
from numbers import Real

from .i18n import N_, _
from .cards import (_DECK_SET, SUITS, PokerError, check_count, check_hands,
                    check_rng, parse_card, short_repr)
from .dealing import deal
from .ranking import category_name, checked, hand_rank

__all__ = ['parse_versus_line', 'read_versus', 'iter_versus', 'versus_winner',
           'score_versus', 'versus_table', 'versus_errors',
           'make_versus_lines', 'iter_versus_lines', 'MAX_LINE']

MAX_LINE = 1000
"""The longest line, in characters, that a file of deals may have (ten cards
need about 30): a longer line is an error, and no more of it is read."""

_rank = hand_rank.__wrapped__   # for hands already checked


def parse_versus_line(line, lineno=None) -> tuple:
    """The two hands, (player 1's, player 2's), of one ten-card line.

    `lineno` (counting from 1) is only for the error message: with it the
    message starts "line N: ", without it the message is the problem alone.

    >>> parse_versus_line('10c jc qc kc ac 2d 3d 4d 5d 7h')
    (['TC', 'JC', 'QC', 'KC', 'AC'], ['2D', '3D', '4D', '5D', '7H'])
    >>> parse_versus_line('AS KS QS JS TS 2D 3D 4D 5D', lineno=3)
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: line 3: expected 10 cards, got 9
    >>> parse_versus_line('AS KS QS JS TS 2D 3D 4D 5D')
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: expected 10 cards, got 9
    """
    where = '' if lineno is None else _('line {lineno}: ').format(
        lineno=check_count(lineno, N_('lineno (the line number)')))
    if isinstance(line, (bytes, bytearray)):
        try:
            line = line.decode('utf-8')
        except UnicodeDecodeError:
            raise PokerError(_('{where}not UTF-8 text').format(where=where)) from None
    if not isinstance(line, str):
        raise PokerError(_('{where}expected a line of text, got {kind}').format(
                             where=where, kind=type(line).__name__))
    if len(line) > MAX_LINE:
        raise PokerError(_('{where}longer than {max_line:,d} characters (a line is ten cards)').format(
                             where=where, max_line=MAX_LINE))
    if not line.isascii():
        try:
            line.encode('utf-8')
        except UnicodeEncodeError:   # bytes that were not UTF-8, escaped by the reader
            raise PokerError(_('{where}not UTF-8 text').format(where=where)) from None
    words = line.split()
    if len(words) != 10:
        raise PokerError(where + _('expected 10 cards, got {got}').format(got=len(words)))
    cards = []
    for word in words:
        try:
            card = parse_card(word)
        except PokerError as e:
            raise PokerError(f'{where}{e}') from None
        if card not in _DECK_SET:
            raise PokerError(_('{where}joker {word} is not allowed in a head-to-head deal').format(
                                 where=where, word=short_repr(word)))
        cards.append(card)
    if len(set(cards)) != 10:
        first = {}
        for i, card in enumerate(cards, 1):
            if card in first:
                raise PokerError(_('{where}duplicate card {card!r} (cards {first} and {i})').format(
                                     where=where, card=card, first=first[card], i=i))
            first[card] = i
    return cards[:5], cards[5:]


def _check_source(source):
    """Raise PokerError unless `source` is a path, an open file or an iterable of lines."""
    if not isinstance(source, (str, os.PathLike, io.IOBase, Iterable)):
        raise PokerError(_('expected a path, an open file or lines of text, not {kind}').format(
                             kind=type(source).__name__))


def _lines(source):
    """The lines of a source, as read: text without its line end, at most
    MAX_LINE + 1 characters of each (the rest of a longer line is skipped).

    A path or a binary file is read as UTF-8, bytes that are not UTF-8 kept
    as escapes for parse_versus_line to report, and ``\\r\\n``, ``\\n`` or a
    lone ``\\r`` (old Macs) each end a line. Bytes in a list are decoded
    the same way; anything else in a list is passed on as it is.
    """
    if isinstance(source, (str, os.PathLike)):
        with open(source, 'rb') as f:
            yield from _lines(f)
    elif isinstance(source, (io.BufferedIOBase, io.RawIOBase)):   # sys.stdin.buffer
        text = io.TextIOWrapper(source, encoding='utf-8',
                                errors='surrogateescape', newline=None)
        try:
            yield from _lines(text)
        finally:
            text.detach()    # leave the caller's file open
    elif isinstance(source, io.TextIOBase):
        while line := source.readline(MAX_LINE + 1):
            if line.endswith('\n'):
                yield line[:-1]
                continue
            yield line     # the last line, or the start of one too long
            if len(line) > MAX_LINE:
                while (rest := source.readline(MAX_LINE + 1)) and not rest.endswith('\n'):
                    pass
    else:
        for line in source:
            if isinstance(line, (bytes, bytearray)):
                line = bytes(line).decode('utf-8', 'surrogateescape')
            yield line


def _numbered_lines(lines):
    """(line number, line) for each line, a leading byte-order mark dropped."""
    lineno = 0
    while True:
        try:
            line = next(lines)
        except StopIteration:
            return
        except UnicodeDecodeError:   # a text file decodes ahead of the line
            raise PokerError(_('not UTF-8 text (at or after line {value})').format(
                                 value=lineno + 1)
                             ) from None
        lineno += 1
        if lineno == 1 and isinstance(line, str):
            line = line.removeprefix('\ufeff')
        yield lineno, line


def _numbered_deals(source, errors=None):
    """(line number, hand1, hand2) for each deal of a source, read one line at a time.

    Blank lines (nothing but white space, of any kind) are skipped, but a
    line longer than MAX_LINE is an error even if all of it is blank (all
    that is read of it is). With a list as `errors`, bad lines are noted
    there and passed over.
    """
    for lineno, line in _numbered_lines(_lines(source)):
        if isinstance(line, str) and len(line) <= MAX_LINE and not line.strip():
            continue
        try:
            yield (lineno, *parse_versus_line(line, lineno))
        except PokerError as e:
            if errors is None:
                raise
            errors.append(str(e))


def iter_versus(source):
    """The (hand1, hand2) pairs of a file of ten-card lines, one at a time: an iterator.

    read_versus without the list: the file is read a line at a time, as the
    pairs are asked for, so ``score_versus(iter_versus(path))`` scores a file
    of any length in the same small memory. A malformed line raises
    PokerError when it is reached.

    >>> pairs = iter_versus(['TC JC QC KC AC 2D 3D 4D 5D 7H', '', 'AS KS'])
    >>> next(pairs)
    (['TC', 'JC', 'QC', 'KC', 'AC'], ['2D', '3D', '4D', '5D', '7H'])
    >>> next(pairs)
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: line 3: expected 10 cards, got 2
    """
    _check_source(source)
    return ((h1, h2) for _, h1, h2 in _numbered_deals(source))


def read_versus(source) -> list:
    """The (hand1, hand2) pairs of a file of ten-card lines.

    >>> read_versus(['', 'TC JC QC KC AC 2D 3D 4D 5D 7H', '   '])
    [(['TC', 'JC', 'QC', 'KC', 'AC'], ['2D', '3D', '4D', '5D', '7H'])]
    >>> read_versus(['TC JC QC KC AC 2D 3D 4D 5D 7H', 'AS AS'])
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: line 2: expected 10 cards, got 2
    """
    return list(iter_versus(source))


def versus_errors(source) -> list:
    """The message for every malformed line of a source (empty if none).

    The source is read one line at a time and only the messages are kept,
    so memory grows with the number of bad lines, not with the file.

    >>> versus_errors(['AS KS', 'TC JC QC KC AC 2D 3D 4D 5D 7H', 'AS 1X'])
    ['line 1: expected 10 cards, got 2', 'line 3: expected 10 cards, got 2']
    """
    _check_source(source)
    errors = []
    for _deal in _numbered_deals(source, errors):
        pass
    return errors


def _check_pair(hand1, hand2, where) -> tuple:
    """The two hands, checked (lists if they were iterators); `where` starts each message."""
    try:
        hand1, hand2 = check_hands([hand1, hand2])
    except PokerError as e:
        raise PokerError(f'{where}{e}') from None
    return hand1, hand2


def versus_winner(hand1, hand2) -> str:
    """Who wins the deal: 'player1', 'player2' or 'tie' (by hand_rank).

    >>> versus_winner(['5H', '5C', '6S', '7S', 'KD'], ['2C', '3S', '8S', '8D', 'TD'])
    'player2'
    >>> versus_winner(['AS', 'KS', '9S', '7D', '3C'], ['AH', 'KH', '9H', '7C', '3D'])
    'tie'
    """
    r1, r2 = hand_rank(hand1), hand_rank(hand2)
    return 'player1' if r1 > r2 else 'player2' if r2 > r1 else 'tie'


versus_winner = checked(versus_winner, lambda hand1, hand2: _check_pair(hand1, hand2, ''),
                        lambda hand1, hand2: True)      # (hand_rank of checked hands)


def _winner(hand1, hand2):
    """versus_winner for a checked pair of hands."""
    return _outcome(_rank(hand1), _rank(hand2))


def _outcome(r1, r2):
    """'player1', 'player2' or 'tie', from the two hands' rankings."""
    return 'player1' if r1 > r2 else 'player2' if r2 > r1 else 'tie'


def score_versus(pairs) -> dict:
    """How many deals each player wins, and how many tie, from (hand1, hand2) pairs.

    `pairs` may be any iterable, read once: ``score_versus(iter_versus(path))``
    scores a file as it reads it, in memory that does not grow with the file.

    >>> score_versus([(['AS', 'AH', '2C', '3D', '4S'], ['KS', 'KH', 'QC', 'JD', '9S'])])
    {'player1': 1, 'player2': 0, 'ties': 0}
    """
    if isinstance(pairs, (str, os.PathLike)):
        raise PokerError(_('score_versus takes (hand1, hand2) pairs; for a file, use '
                           'score_versus(iter_versus({pairs}))').format(
                             pairs=short_repr(pairs)))
    if not isinstance(pairs, Iterable):
        raise PokerError(_('score_versus takes a list of (hand1, hand2) pairs, got {pairs}').format(
                             pairs=short_repr(pairs)))
    counts = Counter(player1=0, player2=0, tie=0)
    for i, pair in enumerate(pairs, 1):
        if (isinstance(pair, str) or not isinstance(pair, (list, tuple))
                or len(pair) != 2):
            raise PokerError(_('deal {i}: expected a pair of hands, got {pair}').format(
                                 i=i, pair=short_repr(pair)))
        counts[_winner(*_check_pair(*pair, f'deal {i}: '))] += 1
    return {'player1': counts['player1'], 'player2': counts['player2'],
            'ties': counts['tie']}


def versus_table(source):
    """A DataFrame with one row per deal: line, both hands, both categories, winner.

    The categories are named in the course's language, as hand_name names them
    (一对 with set_language('zh_CN')); the winner is 'player1', 'player2' or 'tie'.

    The source is read one line at a time, but the table holds every deal:
    about 100 bytes a row (a million-line file makes a table of about
    100 MB). To count wins in a large file, use score_versus(iter_versus(...)).

    >>> table = versus_table(['', 'AS KS QS JS TS 2H 2D 2C 2S 3H'])
    >>> table.iloc[0].to_dict()  # doctest: +NORMALIZE_WHITESPACE
    {'line': 2, 'hand1': 'AS KS QS JS TS', 'hand2': '2H 2D 2C 2S 3H',
     'category1': 'straight flush', 'category2': 'four of a kind', 'winner': 'player1'}
    """
    import pandas as pd
    _check_source(source)
    columns = {name: [] for name in ['line', 'hand1', 'hand2', 'category1',
                                     'category2', 'winner']}
    for lineno, h1, h2 in _numbered_deals(source):   # a column at a time: no dict per row
        r1, r2 = _rank(h1), _rank(h2)
        row = (lineno, ' '.join(h1), ' '.join(h2), _(category_name(r1[0])),
               _(category_name(r2[0])), _outcome(r1, r2))
        for column, value in zip(columns.values(), row):
            column.append(value)
    return pd.DataFrame(columns)


def _tied_deal(rng):
    """Two hands that tie: one dealt hand, and a copy with its suits relabelled.

    Relabelling suits never changes a ranking (flushes stay flushes), so the
    two tie whatever the first hand is; a relabelling that would reuse a card
    is rejected and the deal tried again. The copy's cards are then shuffled.
    """
    while True:
        hand = deal(1, 5, rng=rng)[0]
        relabel = dict(zip(SUITS, rng.sample(SUITS, len(SUITS))))
        copy = [r + relabel[s] for r, s in hand]
        if not set(copy) & set(hand):
            rng.shuffle(copy)
            return hand, copy


def make_versus_lines(n, rng=None, tie_fraction=0.05) -> list:
    """n lines of ten cards (no newlines), each deal from a freshly shuffled deck.

    Random deals almost never tie, so each line is, with probability
    `tie_fraction`, a deliberate tie instead: a dealt hand against the same
    ranks in other suits (see _tied_deal). `rng` is a random.Random.

    >>> lines = make_versus_lines(3, random.Random(2), tie_fraction=0.5)
    >>> lines[1]
    'JD 2D 5S 3D KS 5D JS 3S 2S KD'
    >>> [versus_winner(*parse_versus_line(line)) for line in lines]
    ['player2', 'tie', 'player1']
    """
    return list(iter_versus_lines(n, rng, tie_fraction))


def iter_versus_lines(n, rng=None, tie_fraction=0.05):
    """make_versus_lines one line at a time: an iterator, for a file too large to hold.

    The arguments are checked at once; the same rng gives the same lines.

    >>> lines = iter_versus_lines(3, random.Random(2), tie_fraction=0.5)
    >>> next(lines), list(lines) == make_versus_lines(3, random.Random(2), 0.5)[1:]
    ('5C 9H 4H 7H 3S 3D AC 8D 7D 8S', True)
    """
    n = check_count(n, N_('n (number of lines)'))
    if (isinstance(tie_fraction, bool) or not isinstance(tie_fraction, Real)
            or not 0 <= tie_fraction <= 1):
        raise PokerError(_('tie_fraction must be a number from 0 to 1, got {tie_fraction}').format(
                             tie_fraction=short_repr(tie_fraction)))
    return _versus_lines(n, check_rng(rng), tie_fraction)


def _versus_lines(n, rng, tie_fraction):
    """The lines of iter_versus_lines, for checked arguments."""
    for _line in range(n):
        if rng.random() < tie_fraction:
            h1, h2 = _tied_deal(rng)
        else:
            h1, h2 = deal(2, 5, rng=rng)
        yield ' '.join(h1 + h2)
