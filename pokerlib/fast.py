"""Fast evaluation: millions of hands at once, with NumPy and lookup tables.

``hand_rank`` ranks one hand at a time, in Python. Here a *hand* is a row of
an integer array of card ids (0..51, as ``card_id`` makes them: rank =
id >> 2, from 0 for a deuce to 12 for an ace; suit = id & 3), and a whole
array of hands is ranked in a few NumPy operations. The result is a *value*
per hand: an integer from 0 (7-5-4-3-2, the worst high card) to 7461 (a
royal flush), one value for each of the 7,462 distinct rankings that
``hand_rank`` gives five-card hands, in the same order. A larger value is a
better hand and equal values tie. Hands of 6 or 7 cards get the value of
their best five cards, as ``hand_rank(best_hand(hand))`` ranks them.

>>> hands = hand_ids([['6C', '7C', '8C', '9C', 'TC'], ['9D', '9H', '9S', '9C', '7D']])
>>> hands
array([[19, 23, 27, 31, 35],
       [30, 29, 28, 31, 22]], dtype=uint8)
>>> evaluate(hands)
array([7457, 7385], dtype=int16)
>>> [HAND_NAMES[c] for c in categories(evaluate(hands))]
['straight flush', 'four of a kind']

How it works: lookup tables, built once on first use (in a tenth of a second
or so), so that no hand needs the 21-combination loop of ``best_hand``.

* *Not a flush.* Without a flush only the ranks matter, and the ranks of
  five cards are a multiset: one of 6,175. Each rank has a weight
  (``RANK_WEIGHTS``) chosen so that the weights of any five ranks add up to a
  different sum for each multiset, so adding five weights is a *perfect
  hash*: the sum indexes a table holding the multiset's number. The 6th and
  7th cards pick a row of a second table, one row per rank (or pair of
  ranks), holding the value of the best hand among those 6 or 7 ranks.
* *Flush.* A second hash, adding 1 << 3*suit for each card, counts the
  cards of each suit. The few hands with five or more cards of a suit then
  look up the 13-bit mask of that suit's ranks in a table of 8,192 masks.

Each table entry for 6 or 7 cards is made the way ``best_hand`` works, best
of the five-card hands inside it, but once per multiset of ranks instead of
once per hand. The tests check ``evaluate`` against ``hand_rank`` on every
one of the 2,598,960 five-card hands, and on random seven-card hands
against ``best_hand``.

``exact_counts`` ranks every hand of 5, 6 or 7 cards (all 133,784,560 hands of
seven in about a second); ``fast_hand_frequencies`` is a Monte Carlo
experiment like ``hand_frequencies``, with a ``numpy.random.Generator``.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from math import comb

from .cards import (_DECK, _ID, PokerError, as_whole_number, check_count,
                    check_distinct_ids, check_hand, short_repr)
from .i18n import N_, CategoryCounter, CategoryDict, _
from .lazy import np       # NumPy, imported when first used (lazy.py says why)
from .ranking import HAND_NAMES, checked

__all__ = ['hand_ids', 'id_hands', 'evaluate', 'categories', 'exact_counts',
           'fast_hand_frequencies', 'RANK_WEIGHTS', 'NUM_VALUES']

NUM_VALUES = 7462
"""How many distinct values five-card hands have (7,462; 0 is the worst)."""

RANK_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258,
                79415)
"""A weight per rank (deuce to ace): five weights add up to a different sum for
each multiset of five ranks. Found greedily: each weight is the smallest
that keeps every sum distinct (checked again when the tables are built)."""

_SIZES = (5, 6, 7)       # hand sizes evaluate accepts
_CHUNK = 1 << 20         # hands per block when dealing many random hands
RANKED_AT_ONCE = 100_000
"""hand_frequencies and showdown rank the hands they dealt (lists of strings) this many at a
time with evaluate."""

# The ranking of each category, named as in HAND_NAMES.
_HIGH, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL, _QUADS, _SF = range(9)
_COUNTS_CATEGORY = {(2, 1, 1, 1): _PAIR, (2, 2, 1): _TWO_PAIR,
                    (3, 1, 1): _TRIPS, (3, 2): _FULL, (4, 1): _QUADS}


# ---------------------------------------------------------------------------
# The tables.

def _ranking(ranks, flush) -> tuple:
    """(category, tie-breaking ranks) of five ranks 0..12 (flush: one suit).

    Written without hand_rank, so that the tests comparing the two mean
    something; same order: group the ranks by count, then by rank.

    >>> _ranking((12, 3, 2, 1, 0), False), _ranking((12, 12, 9, 9, 9), False)
    ((4, (3,)), (6, (9, 12)))
    """
    groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    pattern = tuple(n for n, r in groups)
    order = tuple(r for n, r in groups)
    if len(groups) < 5:
        return _COUNTS_CATEGORY[pattern], order
    if order == (12, 3, 2, 1, 0):           # A-2-3-4-5: the ace plays low
        order = (3, 2, 1, 0, -1)
    straight = order[0] - order[4] == 4
    if straight:
        return (_SF if flush else _STRAIGHT), order[:1]
    return (_FLUSH if flush else _HIGH), order


@functools.cache
def _tables():
    """Build the lookup tables, once; the module's docstring says how they work."""
    t = {}
    W = np.array(RANK_WEIGHTS, dtype=np.int64)
    multisets = [m for m in itertools.combinations_with_replacement(range(13), 5)
                 if m[0] != m[4]]                 # not five of a kind: 6,175
    counts5 = (np.array(multisets)[:, :, None] == np.arange(13)).sum(axis=1)
    key5 = counts5 @ W
    if len(np.unique(key5)) != len(multisets):                # pragma: no cover
        raise AssertionError('RANK_WEIGHTS do not hash five ranks perfectly')

    # Number the rankings 0..7461 in order: the value of a hand.
    rankings = {(m, flush): _ranking(m, flush) for m in multisets
                for flush in (False, True) if not flush or len(set(m)) == 5}
    ordered = sorted(set(rankings.values()))
    assert len(ordered) == NUM_VALUES
    value = {r: v for v, r in enumerate(ordered)}
    t['category'] = np.array([cat for cat, _ in ordered], dtype=np.int8)

    # Not a flush, five cards: multiset number -> value; weight sum -> number.
    row5 = np.array([value[rankings[m, False]] for m in multisets], dtype=np.int16)
    multiset_of = np.full(key5.max() + 1, -1, dtype=np.int16)
    multiset_of[key5] = np.arange(len(multisets))
    t['multiset_of'] = multiset_of
    t['value5'] = np.where(multiset_of >= 0, row5[multiset_of], -1).astype(np.int16)
    t['row5'] = row5[None, :]
    t['counts5'] = counts5

    # Flushes: the 13-bit mask of the flush suit's ranks -> value.
    flush = np.full(1 << 13, -1, dtype=np.int16)
    for m in multisets:
        if len(set(m)) == 5:
            flush[sum(1 << r for r in m)] = value[rankings[m, True]]
    masks = np.arange(1 << 13)
    ones = np.bitwise_count(masks)
    for n in (6, 7):        # best five of six or seven: drop one card, take the best
        ms = masks[ones == n]
        for r in range(13):
            has = (ms >> r) & 1 == 1
            flush[ms[has]] = np.maximum(flush[ms[has]], flush[ms[has] ^ (1 << r)])
    t['flush'] = flush

    # Per card id: its rank's weight with its suit counter in the low 12 bits;
    # the suit counter alone; its bit in a 64-bit mask (13 bits of 16 per suit).
    ids = np.arange(52)
    rank, suit = ids >> 2, ids & 3
    t['suit_count'] = (1 << (3 * suit)).astype(np.int32)
    t['weight_and_suit'] = ((W[rank] << 12) + t['suit_count']).astype(np.int32)
    t['bit'] = (np.uint64(1) << (16 * suit + rank).astype(np.uint64))
    # Per card id: where the row for its rank starts, in the flat 6- and 7-card tables.
    columns = len(multisets)
    t['row_offsets'] = {6: [(rank * columns).astype(np.int32)],
                        7: [(rank * 13 * columns).astype(np.int32),
                            (rank * columns).astype(np.int32)]}
    # Suit counters (3 bits per suit) -> the suit with five or more cards, or -1.
    packed = np.arange(1 << 12)
    has_flush = np.stack([(packed >> (3 * s)) & 7 >= 5 for s in range(4)])
    t['flush_suit'] = np.where(has_flush.any(0), has_flush.argmax(0), -1).astype(np.int8)
    for table in [t[name] for name in t if name != 'row_offsets']:
        table.flags.writeable = False
    for table in [*t['row_offsets'][6], *t['row_offsets'][7]]:
        table.flags.writeable = False
    return t


@functools.cache
def _rows(k) -> np.ndarray:
    """The table of values for hands of k cards: see _best_of_more (built when first needed)."""
    t = _tables()
    if k == 5:
        return t['row5']
    rows = _best_of_more(k, t['counts5'], t['value5'])
    rows.flags.writeable = False
    return rows


def _best_of_more(k, counts5, value5):
    """Table (13**(k-5) rows, 6,175 columns): value of the best hand among the
    ranks of a five-rank multiset (column) plus k-5 more ranks (row).

    As best_hand does, but per multiset of ranks: the best of the five-rank
    multisets left after taking away k-5 ranks. -1 marks impossible hands
    (five or more of a rank).
    """
    W = np.array(RANK_WEIGHTS, dtype=np.int64)
    powers = 5 ** np.arange(13, dtype=np.int64)
    extra = list(itertools.combinations_with_replacement(range(13), k - 5))
    # Name each multiset of k ranks by its counts as a base-5 number.
    quinary = (counts5 @ powers)[None, :] + np.array(
        [sum(5 ** r for r in ranks) for ranks in extra])[:, None]
    possible = np.ones(quinary.shape, dtype=bool)
    for i, ranks in enumerate(extra):
        for r in set(ranks):
            possible[i] &= counts5[:, r] + ranks.count(r) <= 4
    # Many (row, column) pairs hold the same k ranks: rank each multiset once.
    distinct, inverse = np.unique(quinary[possible], return_inverse=True)
    counts = distinct[:, None] // powers % 5
    key = counts @ W
    best = np.full(len(distinct), -1, dtype=np.int16)
    for away in itertools.combinations_with_replacement(range(13), k - 5):
        ok = np.logical_and.reduce([counts[:, r] >= away.count(r) for r in set(away)])
        best[ok] = np.maximum(best[ok], value5[key[ok] - W[list(away)].sum()])
    rows = np.full(quinary.shape, -1, dtype=np.int16)
    rows[possible] = best[inverse]
    # One row for each ordered choice of the extra ranks (a, b and b, a alike).
    row_of = {ranks: i for i, ranks in enumerate(extra)}
    return rows[[row_of[tuple(sorted(ranks))]
                 for ranks in itertools.product(range(13), repeat=k - 5)]]


# ---------------------------------------------------------------------------
# Converting and checking.

def hand_ids(hands) -> np.ndarray:
    """The card ids of a list of hands (all of 5, 6 or 7 cards): an (n, k) uint8 array.

    >>> hand_ids([['2S', 'AC', 'TH', '9D', '3C'], ['5S', '6S', '7S', '8S', '9S']])
    array([[ 0, 51, 33, 30,  7],
           [12, 16, 20, 24, 28]], dtype=uint8)
    >>> hand_ids([['AS', 'KS', 'QS', 'JS', 'TS'], ['AH', 'KH', 'QH', 'JH', 'TH', '9H']])
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: hand 1 has 6 cards, hand 0 has 5: all hands need the same number (5, 6 or 7)
    """
    if isinstance(hands, str) or not isinstance(hands, (list, tuple, np.ndarray)):
        raise PokerError(_('hand_ids takes a list of hands, got {hands}').format(
                             hands=short_repr(hands)))
    if len(hands) and isinstance(hands[0], str):
        raise PokerError(_('hand_ids takes a list of hands; for one hand, write '
                           'hand_ids([{list}])').format(
                             list=short_repr(list(hands))))
    checked = []
    for i, hand in enumerate(hands):
        try:
            hand = check_hand(hand, sizes=_SIZES)
        except PokerError as e:
            raise PokerError(_('hand {i}: {e}').format(i=i, e=e)) from None
        if checked and len(hand) != len(checked[0]):
            raise PokerError(_('hand {i} has {n_hand} cards, hand 0 has {value}: all hands '
                               'need the same number (5, 6 or 7)').format(
                                 i=i, n_hand=len(hand), value=len(checked[0])))
        checked.append(hand)
    out = np.array([[_ID[c] for c in hand] for hand in checked], dtype=np.uint8)
    return out.reshape(len(checked), len(checked[0]) if checked else 5)


def id_hands(cards) -> list:
    """The hands (lists of cards) of an array of card ids: the inverse of hand_ids.

    >>> id_hands([[12, 16, 20, 24, 28]])
    [['5S', '6S', '7S', '8S', '9S']]
    """
    a = _check_cards(cards)
    _check_distinct(_columns(a))
    return [[_DECK[i] for i in row] for row in a.tolist()]


def _check_cards(cards) -> np.ndarray:
    """The cards as an (n, k) integer array; PokerError names what is wrong."""
    a = _array(cards, 'card ids')
    if a.size == 0 and (a.ndim == 1 or (a.ndim == 2 and a.shape[1] in _SIZES)):
        return np.zeros((0, a.shape[1] if a.ndim == 2 else 5), dtype=np.uint8)
    if a.dtype.kind not in 'iu':
        hint = (' (hand_ids converts cards such as "TC")' if a.dtype.kind in 'UO'
                else '')
        raise PokerError(_('card ids must be whole numbers 0..51, got an array of {dtype}{hint}').format(
                             dtype=a.dtype, hint=hint))
    if a.ndim != 2 or a.shape[1] not in _SIZES:
        hint = ' (for one hand, write [hand])' if a.ndim == 1 else ''
        raise PokerError(_('expected an array of shape (n, 5), (n, 6) or (n, 7): one hand per '
                           'row; got shape {shape}{hint}').format(
                             shape=a.shape, hint=hint))
    if a.size and (a.min() < 0 or a.max() > 51):
        row, col = np.argwhere((a < 0) | (a > 51))[0]
        raise PokerError(_('row {row}: card id {a} is not in 0..51').format(
                             row=row, a=a[row, col]))
    return a


def _array(x, what) -> np.ndarray:
    """np.asarray(x), with a PokerError for what NumPy can't make an array of.

    Bytes are not numbers here (NumPy would read bytearray(b'\\x05') as [5]).
    """
    byte_types = (str, bytes, bytearray, memoryview)
    if isinstance(x, byte_types) or (isinstance(x, (list, tuple)) and
                                     any(isinstance(row, byte_types) for row in x)):
        raise PokerError(_('{what} must be whole numbers, not bytes or text; got {x}').format(
                             what=what, x=short_repr(x)))
    try:
        return np.asarray(x)
    except (ValueError, TypeError):   # e.g. rows of different lengths
        raise PokerError(_('{what} must be an array or a list of equal-length rows of whole '
                           'numbers, got {x}').format(
                             what=what, x=short_repr(x))) from None


def _columns(a) -> np.ndarray:
    """The checked cards transposed to (k, n) uint8: one contiguous row per card."""
    return np.ascontiguousarray(a.T, dtype=np.uint8)


def _check_distinct(cols):
    """Raise PokerError naming the first row that holds a card twice."""
    same = np.zeros(cols.shape[1], dtype=bool)
    for i, j in itertools.combinations(range(len(cols)), 2):
        same |= cols[i] == cols[j]
    if same.any():
        row = np.flatnonzero(same)[0]
        check_distinct_ids(cols[:, row].tolist(), f'row {row}: ')


# ---------------------------------------------------------------------------
# Evaluating.

def evaluate(cards) -> np.ndarray:
    """The value of each hand (a row of 5, 6 or 7 card ids): larger is better.

    Values are int16 from 0 to 7461 and order hands exactly as hand_rank
    (of the best five cards) does; equal values are a tie.

    >>> evaluate(hand_ids([['AS', '2D', '3C', '4H', '5S'], ['2H', '3C', '4H', '5S', '6D']]))
    array([5853, 5854], dtype=int16)
    >>> evaluate(hand_ids([['AS', 'AD', 'KC', 'KH', 'KS', '2D', '2H']]))   # K-K-K-A-A
    array([7283], dtype=int16)
    >>> evaluate([[0, 1, 2, 3, 3]])
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: row 0: duplicate card id 3 ('2C') in hand [0, 1, 2, 3, 3]
    """
    a = _check_cards(cards)
    cols = _columns(a)
    _check_distinct(cols)
    return _evaluate(cols, _tables())


def _evaluate(cols, t) -> np.ndarray:
    """evaluate for checked (k, n) uint8 columns of card ids."""
    k = len(cols)
    if cols.shape[1] == 0:
        return np.zeros(0, dtype=np.int16)
    key = np.take(t['weight_and_suit'], cols[0])
    for col in cols[1:5]:
        key += np.take(t['weight_and_suit'], col)
    for col in cols[5:]:
        key += np.take(t['suit_count'], col)
    suits = key & 0xFFF
    key >>= 12
    if k == 5:
        values = np.take(t['value5'], key)
    else:
        index = np.take(t['multiset_of'], key).astype(np.int32)
        for col, offset in zip(cols[5:], t['row_offsets'][k]):
            index += np.take(offset, col)   # the row: the 6th (and 7th) card's rank
        values = np.take(_rows(k), index)
    flush_suit = np.take(t['flush_suit'], suits)
    rows = np.flatnonzero(flush_suit >= 0)
    if len(rows):
        suit = flush_suit[rows]
        mask = np.zeros(len(rows), dtype=np.int64)
        for col in cols:
            c = col[rows]
            mask |= np.where((c & 3) == suit, 1 << (c >> 2).astype(np.int64), 0)
        values[rows] = np.maximum(values[rows], t['flush'][mask])
    return values


def categories(values) -> np.ndarray:
    """The category of each value, as an index into HAND_NAMES (0 to 8).

    >>> categories(evaluate(hand_ids([['AS', 'KS', 'QS', 'JS', '9S']])))
    array([5], dtype=int8)
    >>> categories([0, 7461]), categories([])
    (array([0, 8], dtype=int8), array([], dtype=int8))
    """
    v = _array(values, 'values')
    if v.size == 0:
        return np.zeros(v.shape, dtype=np.int8)
    if v.dtype.kind not in 'iu':
        raise PokerError(_('values are whole numbers 0..{value}, as evaluate gives; got an '
                           'array of {dtype}').format(
                             value=NUM_VALUES - 1, dtype=v.dtype))
    bad = (v < 0) | (v >= NUM_VALUES)
    if bad.any():
        raise PokerError(_('no hand has the value {value}: values are 0..{value2}').format(
                             value=v[bad].flat[0], value2=NUM_VALUES - 1))
    return _tables()['category'][v]


# ---------------------------------------------------------------------------
# Every hand.

def _colex_sums(weights, k) -> np.ndarray:
    """The sum of weights[c] over the cards c of every k-subset of range(len(weights)).

    Subsets come in colexicographic order (by highest card, then the next...),
    so the subsets of range(m) are the first comb(m, k) of them.

    >>> _colex_sums(np.array([1, 10, 100, 1000]), 2)   # 01 02 12 03 13 23
    array([  11,  101,  110, 1001, 1010, 1100])
    """
    sums = np.zeros(1, dtype=weights.dtype)
    for j in range(1, k + 1):
        sums = np.concatenate([sums[:comb(m, j - 1)] + weights[m]
                               for m in range(j - 1, len(weights))])
    return sums


@functools.cache
def _five_card_subsets():
    """Every five-card subset of the deck, in colex order, ready to be ranked.

    Returns (multiset number of each subset, {(suit, n): (positions of the
    subsets with exactly n cards of that suit, n >= 3; the 13-bit masks of
    those cards' ranks)}).
    """
    t = _tables()
    key = _colex_sums(t['weight_and_suit'], 5)
    # As NumPy's own index type, so that fancy indexing with them converts nothing
    # (a third faster than int16 for seven cards' 133 million lookups).
    multiset = t['multiset_of'][key >> 12].astype(np.intp)
    suited = {}
    bits = _colex_sums(t['bit'], 5)
    for s in range(4):
        n = (key >> (3 * s)) & 7
        where = np.flatnonzero(n >= 3)
        n = n[where]
        masks = ((bits[where] >> np.uint64(16 * s)) & np.uint64(0x1FFF)).astype(np.int64)
        for j in (3, 4, 5):
            suited[s, j] = where[n == j], masks[n == j]
    return multiset, suited


def _tally(k, top=()) -> np.ndarray:
    """How many hands of k cards have each value (an array of 7,462 counts),
    over all hands whose k-5 highest card ids are `top` (all hands if empty).
    """
    t = _tables()
    multiset, suited = _five_card_subsets()
    if len(top) != k - 5 or list(top) != sorted(set(top), reverse=True):
        raise PokerError(_('top must be {n} distinct card ids, highest first; got {top}').format(
            n=k - 5, top=repr(top)))
    below = top[-1] if top else 52
    n = comb(below, 5)
    row = 0
    for c in top:
        row = row * 13 + (c >> 2)
    values = _rows(k)[row].astype(np.intp)[multiset[:n]]
    for s in range(4):
        mine = [c for c in top if c & 3 == s]
        mine_mask = sum(1 << (c >> 2) for c in mine)
        for j in range(max(3, 5 - len(mine)), 6):
            where, masks = suited[s, j]
            cut = np.searchsorted(where, n)
            pos = where[:cut]
            values[pos] = np.maximum(values[pos], t['flush'][masks[:cut] | mine_mask])
    return np.bincount(values, minlength=NUM_VALUES)


def _check_size(cards) -> int:
    """The number of cards in a hand, 5, 6 or 7, as an int; PokerError if not."""
    number = as_whole_number(cards)
    if number not in _SIZES:
        raise PokerError(_('cards must be 5, 6 or 7, got {cards}').format(
                             cards=short_repr(cards)))
    return number


def _check_exact_counts(cards=5, progress=False) -> tuple:
    """exact_counts' arguments: 5, 6 or 7 cards (as an int), and progress True or False."""
    if progress is not True and progress is not False and type(progress) is not np.bool_:
        raise PokerError(_('progress must be True or False, got {progress}').format(
                             progress=short_repr(progress)))
    return _check_size(cards), bool(progress)


def exact_counts(cards=5, progress=False) -> dict:
    """How many of all the hands of 5, 6 or 7 cards fall in each category.

    Every hand is ranked (2,598,960 of five cards, 20,358,520 of six,
    133,784,560 of seven: about a second), in blocks that share their highest
    k-5 cards, so memory stays near 100 MB. Keys are HAND_NAMES[:9], low to
    high. `progress=True` shows a progress bar (tqdm's: a widget in a
    notebook, text in a terminal); it is off by default because even seven
    cards take only a second or so.

    >>> exact_counts(5)['straight flush'], exact_counts(5)['high card']
    (40, 1302540)
    """
    tops = list(itertools.combinations(range(51, -1, -1), cards - 5))
    tops = [top for top in tops if not top or top[-1] >= 5]
    counts = np.zeros(NUM_VALUES, dtype=np.int64)
    bar = None
    if progress:
        from tqdm.auto import tqdm
        bar = tqdm(total=comb(52, cards), unit='hand', unit_scale=True,
                   desc=f'{cards}-card hands')
    for top in tops:
        counts += _tally(cards, top)
        if bar is not None:
            bar.update(comb(top[-1] if top else 52, 5))
    if bar is not None:
        bar.close()
    by_category = np.bincount(_tables()['category'], weights=counts, minlength=9)
    # a dict that also answers to a category's name in the course's language (pokerlib.i18n)
    return CategoryDict({name: int(n) for name, n in zip(HAND_NAMES[:9], by_category)})


exact_counts = checked(exact_counts, _check_exact_counts)


# ---------------------------------------------------------------------------
# Random hands.

def fast_hand_frequencies(n=700_000, rng=None, cards=5) -> Counter:
    """Deal n random hands and count how many fall in each category (by name).

    Like hand_frequencies, hands are dealt from freshly shuffled decks, ten
    hands a deck (52 // cards for 6 or 7 cards), and frequency_table takes the
    result. `rng` is a numpy.random.Generator, e.g. np.random.default_rng(1);
    None means a fresh, unseeded one.

    >>> c = fast_hand_frequencies(1000, np.random.default_rng(1))
    >>> list(c)[:3], sum(c.values())
    (['high card', 'one pair', 'two pair'], 1000)
    """
    n = check_count(n, N_('n (number of hands)'))
    cards = _check_size(cards)
    if rng is None:
        rng = np.random.default_rng()
    if isinstance(rng, type) or rng is np.random.default_rng:
        raise PokerError(_('rng must be a numpy.random.Generator instance (did you mean np.random.default_rng()?)'))
    if not isinstance(rng, np.random.Generator):
        raise PokerError(_('rng must be a numpy.random.Generator, such as '
                           'np.random.default_rng(1); got {rng}').format(
                             rng=short_repr(rng)))
    per_deal = 10 if cards == 5 else 52 // cards
    t = _tables()
    counts = np.zeros(9, dtype=np.int64)
    deck = np.arange(52, dtype=np.uint8)
    for start in range(0, n, _CHUNK):
        m = min(_CHUNK, n - start)
        decks = rng.permuted(np.tile(deck, (-(-m // per_deal), 1)), axis=1)
        hands = decks[:, :per_deal * cards].reshape(-1, cards)[:m]
        values = _evaluate(_columns(hands), t)
        counts += np.bincount(t['category'][values], minlength=9)
    return CategoryCounter(dict(zip(HAND_NAMES[:9], counts.tolist())))
