"""Exercises of notebook 01, Hands and hand_rank.

The helpers are judged on their whole input space: every multiset of five
ranks a hand can hold (6,175 of them, in mixed card orders), every pattern
of suits, every ``n``. The rankings (``hand_rank`` and its versions) go on in
``lesson01_rankings``, judged on every class of hands (``judges.judge_ranking``).
"""

import functools
import itertools

from ...cards import DECK, RANKS, SUITS
from ...ranking import card_ranks, flush, kind, straight, two_pair
from ...i18n import N_, _
from ..judge.kit import code, diagnosed, exercise, forbid, known, mistakes, need_bool, short, wrong
from .judges import cases_judge, tuple_error_hint

__all__ = []

# The exercises notebook 01 checks, in the order of its check cells (registry.lessons);
# ALSO: those it registers that no check cell uses. @exercise takes no other name.
CHECKS = ('hand_rank', 'card_ranks', 'straight', 'flush', 'kind', 'two_pair', 'count_wheels',
          'kinds', 'two_pair')
ALSO = ('hand_rank_elif', 'hand_rank_counter')

RANK_CHARS = '--23456789TJQKA'


# ---------------------------------------------------------------------------
# The mistakes students make, each with the hint it earns: the one home of each. The judge
# diagnoses by the rows made with diagnosed(...); tests/practice/test_mistakes.py tests them all.

mistakes(
    'card_ranks',
    diagnosed("""
def card_ranks(hand):
    ranks = sorted(['--23456789TJQKA'.index(r) for r, s in hand], reverse=True)
    return [1 if r == 14 else r for r in ranks] if 2 in ranks else ranks
""", N_('the ace plays low only in A-2-3-4-5: make it 1 only when the ranks are exactly '
        '[14, 5, 4, 3, 2]')),
    diagnosed("""
def card_ranks(hand):
    ranks = ['--23456789TJQKA'.index(r) for r, s in hand]
    return [5, 4, 3, 2, 1] if ranks == [14, 5, 4, 3, 2] else sorted(ranks, reverse=True)
""", N_('an ace plays low in A-2-3-4-5 in any order of the cards: sort the ranks first, then '
        'compare them with [14, 5, 4, 3, 2]'), witnesses=[(['AS', '5H', '4D', '3C', '2S'],)]),
    diagnosed("""
def card_ranks(hand):
    ranks = ['--23456789TJQKA'.index(r) for r, s in hand]
    ranks.sort(reverse=True)
    return ranks
""", N_('an ace plays low in A-2-3-4-5: report that hand as [5, 4, 3, 2, 1]')),
    diagnosed("""
def card_ranks(hand):
    ranks = ['--23456789TJQKA'.index(r) for r, s in hand]
    return [5, 4, 3, 2, 1] if sorted(ranks) == [2, 3, 4, 5, 14] else ranks
""", N_('highest first: sort the ranks, {code}'),
        fields=lambda *a: dict(code=code('sorted(ranks, reverse=True)'))),
    diagnosed("""
def card_ranks(hand):
    ranks = sorted('--23456789TJQKA'.index(r) for r, s in hand)
    return [1, 2, 3, 4, 5] if ranks == [2, 3, 4, 5, 14] else ranks
""", N_('highest first: sort with {code}'), fields=lambda *a: dict(code=code('reverse=True'))),
    diagnosed("""
def card_ranks(hand):
    return sorted((r for r, s in hand), key='--23456789TJQKA'.index, reverse=True)
""", N_('ranks are numbers: 2 to 9, then T is 10, J 11, Q 12, K 13 and A 14 ({code} gives them)'),
        fields=lambda *a: dict(code=code(chr(39) + '--23456789TJQKA' + chr(39) + '.index(r)'))))

STRAIGHT = N_('{ranks} are five consecutive ranks: a straight')

mistakes(
    'straight',
    diagnosed("""
def straight(ranks):
    return max(ranks) - min(ranks) == 4
""", N_('{ranks} is not a straight: its highest and lowest ranks are 4 apart, but a rank comes '
        'more than once (a straight needs five different ranks)'),
        fields=lambda ranks: dict(ranks=short(ranks))),
    ("""
def straight(ranks):
    return ranks[0] - ranks[4] == 4 and len(set(ranks)) == 5 and ranks[0] != 14
""", STRAIGHT))

FLUSH = N_('all five cards are of one suit (the second character of each card): a flush')

mistakes(
    'flush',
    diagnosed("""
def flush(hand):
    suits = [s for r, s in hand]
    return suits[0] == suits[1] == suits[2] == suits[3]
""", N_('all five cards must be of one suit: this looks at the first four only (the fifth card '
        'here is of another suit)'),
        witnesses=[(['2S', '5S', '8S', 'JH', 'KS'],), (['2S', '5H', '8S', 'JS', 'KS'],),
                   (['2H', '5H', '8H', 'JH', 'KS'],)]),
    diagnosed("""
def flush(hand):
    return len({s for r, s in hand[1:]}) == 1
""", N_('all five cards must be of one suit: this looks at the last four only (the first card '
        'here is of another suit)'),
        witnesses=[(['2S', '5H', '8S', 'JS', 'KS'],), (['2H', '5S', '8S', 'JS', 'KS'],),
                   (['2S', '5S', '8S', 'JS', 'KH'],)]),
    ("""
def flush(hand):
    return len({c.strip('23456789TJKA') for c in hand}) == 1
""", FLUSH))


KIND_ANY_N = N_('kind(n, ranks) is asked about any n, and returns None when no rank occurs '
                'exactly n times (kind(0, ranks) is None; kind(5, ranks) is five of a kind, '
                'which jokers make): look for a rank that occurs exactly n times rather than '
                'look n up in a table of counts')

def _at_least(n, ranks) -> dict:
    """The fields of kind's first mistake: the rank that occurs n times or more."""
    rank = next((r for r in ranks if ranks.count(r) >= n), None)
    return dict(n=n, ranks=short(ranks), rank=rank, k=ranks.count(rank))


mistakes(
    'kind',
    diagnosed("""
def kind(n, ranks):
    for r in ranks:
        if ranks.count(r) >= n:
            return r
""", N_('exactly {n}: {rank} occurs {k} times in {ranks}, and more than {n} of a kind is not '
        '{n} of a kind'), fields=_at_least),
    diagnosed("""
def kind(n, ranks):
    for r in reversed(ranks):
        if ranks.count(r) == n:
            return r
""", N_('the first such rank in the list, which is the highest: ranks are sorted highest '
        'first')),
    diagnosed("""
def kind(n, ranks):
    if 1 <= n <= 4:
        for r in ranks:
            if ranks.count(r) == n:
                return r
""", KIND_ANY_N),
    ("""
def kind(n, ranks):
    found = {}
    for r in ranks:
        found.setdefault(ranks.count(r), r)
    return {count: found.get(count) for count in (1, 2, 3, 4)}[n]
""", KIND_ANY_N, 'error'))

NOT_TWO_PAIR = N_('{ranks} does not hold two pairs: return None')

mistakes(
    'two_pair',
    diagnosed("""
def two_pair(ranks):
    pairs = sorted({r for r in ranks if ranks.count(r) == 2})
    return tuple(pairs) if len(pairs) == 2 else None
""", N_('the higher pair first: (high, low)')),
    ("""
def two_pair(ranks):
    pairs = sorted({r for r in ranks if ranks.count(r) >= 2}, reverse=True)
    return tuple(pairs) if len(pairs) == 2 else None
""", NOT_TWO_PAIR))

mistakes(
    'kinds',
    diagnosed("""
def kinds(n, ranks):
    return [r for r in set(ranks) if ranks.count(r) == n]
""", N_('highest first: a set has no order, so sort it ({code})'),
        fields=lambda *a: dict(code=code('sorted(set(ranks), reverse=True)'))),
    diagnosed("""
def kinds(n, ranks):
    return [r for r in ranks if ranks.count(r) == n]
""", N_('each rank once: [9], not [9, 9, 9, 9]')))

WHEELS_SECOND = N_('the first count is right; the second: how many of those are all one suit?')
WHEELS_FLUSHES = N_('count every A-2-3-4-5 hand, the straight flushes among them too')

mistakes(
    'count_wheels',
    ("""
import itertools
from pokerlib import DECK, flush
def count_wheels():
    cards = [c for c in DECK if c[0] in 'A2345']
    hands = [h for h in itertools.combinations(cards, 5) if len({r for r, s in h}) == 5]
    return len(hands) - sum(flush(list(h)) for h in hands), 0
""", WHEELS_FLUSHES),
    ("""
import itertools
from pokerlib import DECK
def count_wheels():
    cards = [c for c in DECK if c[0] in 'A2345']
    hands = [h for h in itertools.combinations(cards, 5) if len({r for r, s in h}) == 5]
    return len(hands), sum(len({s for r, s in h}) == 4 for h in hands)
""", WHEELS_SECOND))


def _register(name, options, judge):
    """Register a cases_judge, its table of answers worked out before the student's code runs."""
    exercise(name, prepare=[judge.table], **options)(judge)


@functools.cache
def rank_lists() -> list:
    """Every multiset of five ranks one deck can deal, highest first (6,175 lists):
    five different ranks first, then one pair, and so on (the commoner hands first)."""
    out = []
    for combo in itertools.combinations_with_replacement(range(14, 1, -1), 5):
        if max(combo.count(r) for r in combo) <= 4:
            out.append(list(combo))
    return sorted(out, key=lambda ranks: -len(set(ranks)))


@functools.cache
def all_hands() -> list:
    """A hand for every multiset of ranks, cards in a mixed order, suits varied (6,175)."""
    hands = []
    for i, ranks in enumerate(rank_lists()):
        seen = {}
        hand = []
        for k, r in enumerate(ranks):
            n = seen.get(r, 0)
            seen[r] = n + 1
            hand.append(RANK_CHARS[r] + SUITS[(n + i + k) % 4] if ranks.count(r) == 1
                        else RANK_CHARS[r] + SUITS[(n + i) % 4])
        k = i % 5
        hands.append(hand[k:] + hand[:k])        # not sorted: the function must sort
    return hands


def card_ranks_cases():
    """Every hand of all_hands, one in four as a tuple (as best_hand passes them; the lists
    before the first tuple tell a card_ranks that sorts the hand in place that it did)."""
    return [(tuple(hand) if i % 4 == 3 else hand,) for i, hand in enumerate(all_hands())]


def _card_ranks_hint(hand, got=None):
    expected = card_ranks(hand)
    if isinstance(got, (list, tuple)) and 0 < len(got) < 5 and len(set(expected)) < 5:
        return _('one number for each card, five in all: a rank held twice comes twice (a set '
                 'keeps it once)')
    if isinstance(got, (list, tuple)) and len(got) == 5 and all(
            type(g) is int and g == e - 1 for g, e in zip(got, expected)):
        return _('each rank is one too low: the string to look ranks up in needs two filler '
                 'characters, {chars}, so that {two} is at index 2').format(
                     chars=code(chr(39) + '--23456789TJQKA' + chr(39)), two=code("'2'"))
    return _('the ranks as numbers from 2 to 14 (an ace is 14), highest first; for this hand '
             '{ranks}').format(ranks=short(card_ranks(hand)))


_register('card_ranks', dict(returns=N_('a list of five numbers, highest first'),
                           error_hint=tuple_error_hint()), cases_judge(
    card_ranks, card_ranks_cases, _card_ranks_hint,
    mistakes=known('card_ranks')))


def straight_cases():
    lists = [card_ranks(h) for h in all_hands()]
    return [(ranks,) for ranks in lists]


def _straight_hint(ranks, got=None):
    if straight(ranks):
        return _(STRAIGHT).format(ranks=short(ranks))
    if len(set(ranks)) < 5:
        return _('{ranks} has a rank more than once: not a straight').format(ranks=short(ranks))
    return _('{ranks} are not five consecutive ranks').format(ranks=short(ranks))


def _check_bool(got):
    need_bool(got)


_register('straight', dict(returns=N_('True or False')), cases_judge(
    straight, straight_cases, _straight_hint, check_type=_check_bool,
    mistakes=known('straight')))


@functools.cache
def flush_hands() -> list:
    """The flush judge's hands (24,583), in three groups:

    - every set of five different ranks (1,287) in every suit: all 5,148 flushes, so a
      flush test that misreads any rank in any suit is caught;
    - every pattern of five suits that is not a flush (1,020), each with its ranks shifted
      13 ways (every rank at every position under every pattern: 13,260 hands);
    - every multiset of five ranks (6,175) with mixed suits.
    The cards come in a different order from hand to hand."""
    out = []
    for i, ranks in enumerate(itertools.combinations(RANKS, 5)):
        for k, s in enumerate(SUITS):
            hand = [r + s for r in ranks]
            j = (i + k) % 5
            out.append(hand[j:] + hand[:j])
    for suits in itertools.product(SUITS, repeat=5):
        if len(set(suits)) == 1:
            continue
        for shift in range(13):
            out.append([RANKS[(shift + (0, 3, 6, 9, 11)[k]) % 13] + s for k, s in enumerate(suits)])
    out += all_hands()
    return out


def _flush_hint(hand, got=None):
    if flush(hand):
        return _(FLUSH)
    return _('a flush needs all five cards of one suit; here the suits differ')


_judge_flush = cases_judge(flush, lambda: [(h,) for h in flush_hands()], _flush_hint,
                           check_type=_check_bool, mistakes=known('flush'))
exercise('flush', returns=N_('True or False'), prepare=[_judge_flush.table])(_judge_flush)


def kind_cases():
    """Every hand's ranks with n = 4, 3, 2, 1; then n = 5 and 0, which the statement allows as
    well (kind(n, ranks) is asked about any n; five of a kind comes with jokers), so that a
    count table of 1 to 4 only fails."""
    hands = [(n, ranks) for ranks in straight_cases_ranks() for n in (4, 3, 2, 1)]
    return hands + [(n, ranks) for ranks in ([9, 9, 9, 9, 9], [14, 14, 14, 14, 13],
                                             [13, 12, 11, 10, 9], [7, 7, 5, 5, 2])
                    for n in (5, 0)]


@functools.cache
def straight_cases_ranks():
    return [card_ranks(h) for h in all_hands()]


def _kind_hint(n, ranks, got=None):
    expected = kind(n, ranks)
    if isinstance(got, (list, tuple, set)):
        return _('return one rank (a number) or None, not a collection: the highest rank that '
                 'occurs exactly {n} times, here {rank}').format(n=n, rank=expected)
    if expected is None:
        return (_('no rank occurs exactly {n} times in {ranks}: return None') if n > 1 else
                _('no rank occurs exactly {n} time in {ranks}: return None')).format(
                    n=n, ranks=short(ranks))
    return (_('{rank} is the highest rank that occurs exactly {n} times') if n > 1 else
            _('{rank} is the highest rank that occurs exactly {n} time')).format(
                rank=expected, n=n)


def _kind_error(error):
    """error_hint of kind: a KeyError or IndexError on kind(5, ...) or kind(0, ...)."""
    return KIND_ANY_N if type(error).__name__ in ('KeyError', 'IndexError') else None


_register('kind', dict(returns=N_('a rank (a number) or None'), error_hint=_kind_error), cases_judge(
    kind, kind_cases, _kind_hint,
    mistakes=known('kind')))


def _two_pair_hint(ranks, got=None):
    expected = two_pair(ranks)
    if expected is None:
        return _(NOT_TWO_PAIR).format(ranks=short(ranks))
    return _('the two ranks that occur exactly twice, as (high, low): {pair}').format(
        pair=expected)


_register('two_pair', dict(returns=N_('a pair (high, low) or None')), cases_judge(
    two_pair, lambda: [(r,) for r in straight_cases_ranks()], _two_pair_hint,
    mistakes=known('two_pair')))


def _kinds(n, ranks):
    return [r for r in sorted(set(ranks), reverse=True) if ranks.count(r) == n]


def _kinds_cases():
    """kind's cases but n = 0, which kinds' statement never asks about (issue 49: a kinds that
    walks the ranks from 14 down was refused on kinds(0, ...))."""
    return [(n, ranks) for n, ranks in kind_cases() if n > 0]


_register('kinds', dict(returns=N_('a list of ranks, highest first')), cases_judge(
    _kinds, _kinds_cases,
    lambda n, ranks, got=None: _('return a list, highest first: a set has no order') if isinstance(
        got, (set, frozenset)) else _('every rank that occurs exactly {n} times, highest first, '
                                      'each once ([] if none)').format(n=n),
    mistakes=known('kinds')))


@functools.cache
def wheels() -> tuple:
    """Reference answer: (hands holding exactly A, 2, 3, 4, 5; how many are one suit)."""
    cards = [c for c in DECK if c[0] in 'A2345']
    found = [h for h in itertools.combinations(cards, 5)
             if sorted(r for r, s in h) == sorted('A2345')]
    return len(found), sum(flush(list(h)) for h in found)


@exercise('count_wheels', takes_value=True, seconds=90, prepare=[wheels],
          returns=N_('a pair of counts'),
          slow_hint=N_('only the 20 cards of A, 2, 3, 4 and 5 can be in a wheel'))
def _count_wheels(value):
    expected = wheels()
    if isinstance(value, (tuple, list)) and len(value) == 2 and list(value) == list(expected):
        return
    if isinstance(value, (tuple, list)) and len(value) == 2 and value[0] == expected[0]:
        hint = _(WHEELS_SECOND)
    elif isinstance(value, (tuple, list)) and len(value) == 2 and value[0] == expected[0] - expected[1]:
        hint = _(WHEELS_FLUSHES)
    elif isinstance(value, (tuple, list)) and len(value) == 2 and value[0] == 15_504:
        hint = _('15,504 is every choice of five of those 20 cards; a wheel holds exactly one '
                 'card of each of A, 2, 3, 4 and 5')
    else:
        hint = _('(how many hands hold exactly A, 2, 3, 4, 5; how many of those are all one '
                 'suit)')
    raise wrong(value, expected, hint)


# --- the course's functions that do these exercises' work under other names -------------
# (a hand's category tells whether it is a straight or a flush; every ranking does hand_rank's)

_RANKINGS = ('pokerlib.ranking:hand_rank', 'pokerlib.ranking:hand_rank_elif',
             'pokerlib.holdem:hand_rank_wild', 'pokerlib.holdem:hand_rank_ids',
             'pokerlib.fast:evaluate', 'pokerlib.fast:categories', 'pokerlib.holdem:describe_hand',
             'pokerlib.fast:_ranking', 'pokerlib.fast:_evaluate')
for _name in ('hand_rank', 'straight', 'flush', 'hand_rank_counter'):
    forbid(_name, *_RANKINGS)
