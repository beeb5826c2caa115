"""How often each hand comes up: the course's experiment, and the exact table.

Lesson 04. ``hand_frequencies`` deals hands the way the lecture does, ten at a
time from a freshly shuffled deck, and counts the categories;
``frequency_table`` sets the counts beside the exact probabilities.
``EXACT_COUNTS`` holds the exact counts of each category among all hands of
five and of seven cards; the tests recompute the five-card table class by
class (``pokerlib.classes.hand_classes``) and both tables hand by hand
(``pokerlib.fast.exact_counts``).

Nothing here prints; every random function takes ``rng`` (a random.Random).

>>> import random
>>> counts = hand_frequencies(1000, random.Random(1))
>>> counts['one pair'], sum(counts.values())
(440, 1000)
"""

import functools
import math
import random  # noqa: F401 (the doctests use random.Random)
from collections import Counter
from collections.abc import Mapping

from .cards import (_DECK, PokerError, SharedDict, as_whole_number, check_count,
                    check_rng, short_repr)
from .fast import RANKED_AT_ONCE, categories, evaluate
from .i18n import N_, CategoryCounter, EitherName, _, english_keys, language
from .lazy import np
from .ranking import HAND_NAMES

__all__ = ['EXACT_COUNTS', 'hand_frequencies', 'frequency_table']

class CategoryCounts(EitherName, SharedDict):
    """A shared table keyed by category names: it also answers to a category's name in
    the course's language (EXACT_COUNTS[5]['一对'] with set_language('zh_CN'))."""


# Published counts of each category among all hands of 5 and of 7 cards
# (facts of combinatorics; the tests recompute both by enumeration).
EXACT_COUNTS = SharedDict('EXACT_COUNTS', {
    5: CategoryCounts('EXACT_COUNTS[5]', zip(HAND_NAMES, [
        1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40])),
    7: CategoryCounts('EXACT_COUNTS[7]', zip(HAND_NAMES, [
        23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644,
        3_473_184, 224_848, 41_584])),
})


def hand_frequencies(n=700_000, rng=None, cards=5) -> Counter:
    """Deal n hands and count how many fall in each category (by name).

    As in the course, hands are dealt ten at a time from a freshly shuffled
    deck (seven at a time for seven-card hands); the best five cards count.

    >>> c = hand_frequencies(1000, random.Random(1))
    >>> list(c)[:3], sum(c.values())
    (['high card', 'one pair', 'two pair'], 1000)
    """
    n = check_count(n, N_('n (number of hands)'))
    cards = _check_cards(cards)
    rng = check_rng(rng)
    per_deal = 10 if cards == 5 else 52 // cards
    counts = CategoryCounter(dict.fromkeys(HAND_NAMES[:9], 0))
    dealt = []
    for start in range(0, n, per_deal):
        dealt += _deal_ids(min(per_deal, n - start), cards, rng)
        if len(dealt) >= RANKED_AT_ONCE * cards or start + per_deal >= n:
            _count_categories(np.array(dealt, dtype=np.uint8).reshape(-1, cards), counts)
            dealt = []
    return counts


_IDS = list(range(len(_DECK)))


def _deal_ids(numhands, n, rng) -> list:
    """What deal(numhands, n, rng=rng) deals, as one flat list of card ids (DECK.index):
    the same shuffle of the same 52 positions, so the same draws and the same cards,
    without making and checking the cards' names."""
    ids = _IDS[:]
    rng.shuffle(ids)
    return ids[:numhands * n]


def _count_categories(ids, counts):
    """Add each hand's category (of its best five cards) to counts, the hands an (n, k)
    array of card ids: ranked all at once by pokerlib.fast, whose values order hands
    exactly as hand_rank of the best five does (tests/test_fast.py compares them over
    every hand), so the counts are the ones hand_rank would give, in a fraction of the
    time."""
    found = categories(evaluate(ids))
    for name, k in zip(HAND_NAMES, np.bincount(found, minlength=9).tolist()):
        counts[name] += k


def _check_cards(cards) -> int:
    """The number of cards per hand, 5 or 7, as an int."""
    number = as_whole_number(cards)
    if number not in EXACT_COUNTS:
        raise PokerError(_('cards must be 5 or 7, got {cards}').format(cards=short_repr(cards)))
    return number


def check_counts(counts, keys=None):
    """Check a mapping of counts: non-negative whole numbers, not all zero.

    >>> check_counts({'ab': 3, 'ba': -1})
    Traceback (most recent call last):
    ...
    pokerlib.cards.PokerError: the count of 'ba' must be a non-negative whole number, got -1
    """
    if not isinstance(counts, Mapping) or not counts:
        raise PokerError(_('expected counts as a dict such as {{"abc": 10, ...}}, got {counts}').format(
                             counts=short_repr(counts)))
    for key, n in counts.items():
        if keys is not None and key not in keys:
            raise PokerError(_('unknown key {key} in counts; expected some of {list}').format(
                                 key=short_repr(key), list=short_repr(list(keys))))
        check_count(n, _('the count of {key}').format(key=short_repr(key)))
    if not sum(counts.values()):
        raise PokerError(_('all the counts are zero'))


def frequency_table(counts, cards=5):
    """A DataFrame comparing observed counts with the exact probabilities.

    Columns: the observed count and percent, the exact percent, the expected
    count, and z, the difference in standard errors. Best hands first.

    The table is keyed in English, as code reads it (``table.loc['one pair',
    'count']``, ``table['exact %']``), and shown in the course's language:
    with set_language('zh_CN'), its headers and category names are Chinese, and
    what it shows it can be indexed with (``table.loc['一对', '次数']``,
    ``table['精确%']``, ``.at``, ``.drop``, ``.sort_values``; spaces do not matter), and a name
    it does not have is an UnknownLabel (a KeyError) naming the ones it has. ``counts`` may
    name the categories either way.

    >>> table = frequency_table(hand_frequencies(1000, random.Random(1)))
    >>> table.loc['one pair', ['count', 'expected']].round(1).tolist()
    [440.0, 422.6]
    """
    cards = _check_cards(cards)
    if isinstance(counts, Mapping):
        counts = english_keys(counts)          # 一对 is 'one pair' (pokerlib.i18n's one rule)
    check_counts(counts, keys=HAND_NAMES[:9])
    exact = EXACT_COUNTS[cards]
    total = sum(exact.values())
    n = sum(counts.values())
    rows = []
    for name in reversed(HAND_NAMES[:9]):
        p = exact[name] / total
        observed = counts.get(name, 0)
        sd = math.sqrt(n * p * (1 - p))
        rows.append({'hand': name, 'count': observed,
                     'observed %': 100 * observed / n if n else float('nan'),
                     'exact %': 100 * p, 'expected': n * p,
                     'z': (observed - n * p) / sd if sd else float('nan')})
    return _table_class()(rows).set_index('hand')


HEADERS = {'hand': N_('hand (the category)'), 'count': N_('count (observed)'),
           'observed %': N_('observed %'), 'exact %': N_('exact %'),
           'expected': N_('expected count'), 'z': N_('z (standard errors)')}
"""frequency_table's headers, and the words that show them in another language than
English (in English the headers themselves show). Its rows are category names."""


def _label(key):
    """How a header or category name of a frequency table shows in the course's language."""
    if language() == 'en' or not isinstance(key, str):
        return key
    if key in HEADERS:
        return _(HEADERS[key])
    return _(key) if key in HAND_NAMES else key


def _bare(text) -> str:
    """A label as typed, less its spaces and its case: '精确%' is '精确 %', 'Exact%' 'exact %'."""
    return ''.join(text.split()).casefold()


def _key(label):
    """The English key of a label as a frequency table shows it (what it shows, it can be
    indexed with, spaced or not); lists, slices' ends and tuples of labels too; anything else
    unchanged."""
    if isinstance(label, tuple):
        return tuple(_key(k) for k in label)
    if isinstance(label, list):
        return [_key(k) for k in label]
    if isinstance(label, slice):
        return slice(_key(label.start), _key(label.stop), label.step)
    if isinstance(label, str):
        for key in (*HEADERS, *HAND_NAMES):
            if _bare(label) in (_bare(key), _bare(_label(key))):
                return key
    return label


class UnknownLabel(PokerError, KeyError):
    """A name that is no row or column of a frequency table: a KeyError (as pandas raises)
    whose one line names the names the table takes."""
    __str__ = PokerError.__str__


def _names(labels) -> str:
    return ', '.join(str(_label(k)) for k in labels)


def _looked_up(data, how, key):
    """how(key) on the table or column data; a KeyError says which names data takes."""
    try:
        return how(key)
    except UnknownLabel:
        raise
    except KeyError:
        names = (*data.index, *getattr(data, 'columns', ()))
        named = key if not isinstance(key, (list, tuple)) else next(
            (k for k in key if k is not None and _key(k) not in names), key)
        fields = {'name': short_repr(named), 'rows': _names(data.index)}
        if hasattr(data, 'columns'):
            message = N_('{name} is not a name of this table: its rows are {rows}; '
                         'its columns {columns}')
            fields['columns'] = _names(data.columns)
        else:
            message = N_('{name} is not a name of this column: its rows are {rows}')
        raise UnknownLabel(_(message).format(**fields)) from None


def _shown(data):
    """A copy of a table or column (data) with its labels in the course's language."""
    import pandas as pd

    out = data.rename(index=_label)
    out.index = out.index.rename(_label(data.index.name))
    if isinstance(data, pd.DataFrame):
        return pd.DataFrame(out.rename(columns=_label))
    return pd.Series(out, name=_label(data.name))


class _ByLabel:
    """t.loc (or t.at) that also takes the labels t shows: t.loc['一对', '次数']; a name t
    does not have is an UnknownLabel."""

    def __init__(self, indexer, data):
        self.indexer, self.data = indexer, data

    def __getitem__(self, key):
        return _looked_up(self.data, lambda k: self.indexer[_key(k)], key)

    def __setitem__(self, key, value):
        self.indexer[_key(key)] = value


class _ByName:
    """What a FrequencyTable and its columns share: every look-up a student types (t[...],
    .loc, .at, .drop) takes the labels the table shows, spaced or not, and a name the table
    does not have is an UnknownLabel that names the ones it has."""

    def __getitem__(self, key):
        return _looked_up(self, lambda k: super(_ByName, self).__getitem__(_key(k)), key)

    @property
    def loc(self):
        return _ByLabel(super().loc, self)

    @property
    def at(self):
        return _ByLabel(super().at, self)

    def drop(self, labels=None, *args, index=None, columns=None, **kwargs):
        return _looked_up(self, lambda k: super(_ByName, self).drop(
            _key(labels), *args, index=_key(index), columns=_key(columns), **kwargs),
            next((k for k in (labels, index, columns) if k is not None), None))


class _TableByName(_ByName):
    """A FrequencyTable's look-ups, sort_values('次数') too."""

    def sort_values(self, by, *args, **kwargs):
        return _looked_up(self, lambda k: super(_TableByName, self).sort_values(_key(k), *args, **kwargs),
                          by)


@functools.cache
def _table_class():
    """FrequencyTable and its column's class, made at the first table (pandas loads late)."""
    import pandas as pd

    class FrequencyColumn(_ByName, pd.Series):
        """A column of a FrequencyTable: keyed in English, shown in the course's language,
        indexed by either."""
        @property
        def _constructor(self):
            return FrequencyColumn

        @property
        def _constructor_expanddim(self):
            return FrequencyTable

        def __repr__(self):
            return repr(_shown(pd.Series(self)))

        def to_string(self, *args, **kwargs):
            return _shown(pd.Series(self)).to_string(*args, **kwargs)

    class FrequencyTable(_TableByName, pd.DataFrame):
        """frequency_table's DataFrame: keyed in English, shown in the course's language, and
        indexed by either (t['精确 %'] is t['exact %'])."""
        @property
        def _constructor(self):
            return FrequencyTable

        @property
        def _constructor_sliced(self):
            return FrequencyColumn

        def __repr__(self):
            return repr(_shown(pd.DataFrame(self)))

        def _repr_html_(self):
            return _shown(pd.DataFrame(self))._repr_html_()

        def to_string(self, *args, **kwargs):
            return _shown(pd.DataFrame(self)).to_string(*args, **kwargs)

    return FrequencyTable
