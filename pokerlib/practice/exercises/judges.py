"""Judges that several lessons share: data cases, rankings, shuffles.

- ``cases_judge``: compare with a reference answer on a list of inputs; a
  hint names a mistake only when the student's answer equals what a known
  mistaken version returns on that very input.
- ``judge_ranking``: a ranking is judged on one hand of every one of the
  7,462 classes of five-card hands, in the reference order with its exact
  ties, plus a second hand of every class with its cards in another order
  and its suits renamed; the report names the first pair ordered wrongly
  the way a player would say the hands ("KK QQ 2 ranked above AA 22 K").

Shuffles and deals are judged in ``shuffles.py``.
"""

import functools
import itertools
import os
from collections import Counter
from fractions import Fraction

from ...cards import SUITS
from ...classes import hand_classes
from ...fairness import chi_square
from ...i18n import N_, _
from ...ranking import trusted
from ..judge.kit import (Mismatch, Prepare, Run, batch_frame, code, describe_call, kind_of,
                         prose, same_value, short, wrong)

__all__ = ['cases_judge', 'CasesJudge', 'judge_ranking', 'hand_words', 'warm_chi_square',
           'fresh_seed', 'noted', 'never_meet', 'NOT_INVARIANT_FLUSH']


def fresh_seed() -> int:
    """A seed no one can predict (os.urandom): inputs drawn with it differ at every check, so
    a hard-coded answer fails; the report shows it, so the inputs can be made again."""
    return int.from_bytes(os.urandom(4), 'big')


def noted(mismatch, note) -> Mismatch:
    """The mismatch with a note added (where its random inputs came from)."""
    mismatch.details.append(('note', note))
    return mismatch


# ---------------------------------------------------------------------------
# Compare with a reference on data cases

def cases_judge(reference, inputs, hint, mistakes=(), returns=None, tol=0.0,
                sequences=True, check_type=None):
    """A judge: run(*args) must equal reference(*args) for every args in inputs.

    `inputs` (a list of argument tuples, or a function that returns one) are
    the same at every check: they are read once, and their answers kept.

    `hint` is what a wrong answer is told when it matches no known mistake;
    `mistakes` are (mistaken version, hint) pairs, the diagnosed rows of the
    exercise's table (``known(name)``): a wrong answer that equals
    the mistaken version's answer on the failing input gets that hint; a
    third item, a list of argument tuples (witnesses), asks that the answer
    also equal the mistaken version's on each of them (inputs that tell this
    mistake from others that fail the same case).
    `returns` describes a right answer ('True or False', 'a list of ranks')
    for answers that can't be compared; `check_type(got)` may raise Mismatch.
    The judge works out the cases' answers as it goes, a batch ahead of the
    student's code; its ``table()`` is every case with its expected answer,
    worked out once, which the judge's process makes while it waits for a
    check (give it to the exercise's ``prepare``: a ``Prepare`` whose ``step`` makes one
    batch of it), never holding up a check.
    """
    return CasesJudge(reference, inputs, (hint, mistakes, returns, tol, sequences), check_type)


class CasesJudge:
    """cases_judge's judge: it works out the cases' answers as it goes (``advance``), a batch
    ahead of the student's code (``calls``); `table` is the Prepare that works them all out
    while the judge's process is idle, a batch at a time."""

    def __init__(self, reference, inputs, told, check_type):
        self.reference, self.inputs = reference, inputs
        self.told, self.check_type = told, check_type
        self.pairs, self.batches, self.encoded = [], [], {}
        self.cases = None                # the inputs not yet read, once reading begins
        self.table = Prepare(self.whole_table, only_ahead=True,
                             step=functools.partial(self.advance, encode=True))

    def advance(self, encode=False) -> bool:
        """Work out the answers of the next batch of cases (Run.map's batches), and encode
        its calls if asked; False once every case has its answer."""
        if self.cases is None:
            self.cases = iter(self.inputs() if callable(self.inputs) else self.inputs)
        batch = Run.next_batch(self.cases)
        if not batch:
            return False
        with trusted():                  # the judge's own cases: no need to check each one
            answers = [self.reference(*args) for args in batch]
        if encode:
            self.encoded[len(self.batches)] = batch_frame(batch)
        self.pairs.extend(zip(batch, answers))
        self.batches.append(batch)
        return True

    def whole_table(self):
        """Every case with its expected answer, worked out once, and the calls encoded."""
        while self.advance(encode=True):
            pass
        return self.pairs

    def calls(self):
        """The cases' calls, batch by batch: those worked out already, then each next batch
        worked out as Run.map reads it, while the runner works on the one before."""
        k = 0
        while k < len(self.batches) or self.advance():
            yield from self.batches[k]
            k += 1

    def __call__(self, run):
        hint, mistakes, returns, tol, sequences = self.told
        for i, got in enumerate(run.map(self.calls(), frames=self.encoded)):
            args, expected = self.pairs[i]
            if self.check_type:
                self.check_type(got)
            if not same_value(got, expected, tol, sequences):
                raise _wrong_case(run, args, got, expected, hint, mistakes, returns, tol,
                                  sequences)


def _wrong_case(run, args, got, expected, hint, mistakes, returns, tol, sequences) -> Mismatch:
    """What a wrong answer on one of cases_judge's cases is told: the hint of the known
    mistake it matches (witnesses too), else that a return is missing, else that it is not
    what `returns` describes, else `hint`."""
    failing = describe_call(run.name, args, {})     # witnesses may be called next
    for mistaken, why, *witnesses in mistakes:
        try:
            theirs = mistaken(*args)
        except Exception:
            continue
        if same_value(got, theirs, tol, sequences) and not same_value(theirs, expected) \
                and all(same_value(run(*w), mistaken(*w), tol, sequences)
                        for w in (witnesses[0] if witnesses else ())):
            return wrong(got, expected, why(*args) if callable(why) else _(why),
                         call=failing, args=args)
    if got is None:         # what the right answer is, and where a None comes from
        return wrong(got, expected, '; '.join(
            ([hint(*args, got=got) if callable(hint) else _(hint)] if expected is not None
             else []) + [_('your function returned None here: is a {return_} missing on this '
                           'path, or does a loop return before it reaches the answer (a '
                           '{return_} in an {else_} inside the loop)?').format(
                               return_=code('return'), else_=code('else'))]),
            call=failing, args=args)
    if returns and not _looks_like(got, expected):
        return Mismatch([('returned', f'{short(got)} ({kind_of(got)})'),
                         ('expected', short(expected)),
                         ('hint', _('expected {what}').format(what=_(returns)))],
                        failing, [tuple(args)])
    return wrong(got, expected, hint(*args, got=got) if callable(hint) else _(hint),
                 call=failing, args=args)


def _looks_like(got, expected) -> bool:
    """Is got of a type that may stand for expected (a sequence for a sequence...)?"""
    if expected is None:
        return True
    if isinstance(expected, bool):
        return isinstance(got, bool)
    if isinstance(expected, (int, float, Fraction)):
        return isinstance(got, (int, float, Fraction)) and not isinstance(got, bool)
    if isinstance(expected, (list, tuple)):
        return isinstance(got, (list, tuple)) or type(got).__name__ == 'ndarray'
    return isinstance(got, type(expected))


# ---------------------------------------------------------------------------
# Rankings, on every class of hands

RANK_CHARS = '--23456789TJQKA'


def hand_words(hand) -> str:
    """A hand as a player says its ranks: 'KK QQ 2', 'AA J T 9', '5 4 3 2 A'.

    >>> hand_words(['KS', '2D', 'QH', 'KH', 'QC']), hand_words(['AS', '2D', '3C', '4H', '5S'])
    ('KK QQ 2', '5 4 3 2 A')
    """
    counts = Counter(RANK_CHARS.index(r) for r, s in hand)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    if sorted(order) == [2, 3, 4, 5, 14]:
        order = [5, 4, 3, 2, 14]
    return ' '.join(RANK_CHARS[r] * counts[r] for r in order)


SUIT_ORDERS = [p for p in itertools.permutations(SUITS) if p != tuple(SUITS)]


@functools.cache
def ranking_cases(reference) -> tuple:
    """(hands sorted by reference from worst to best, their classes' other hands, the
    index where each tie group starts): one hand per class, and a second with its
    cards in another order and its suits assigned and named differently."""
    classes = [hand for hand, n in hand_classes()]
    with trusted():                     # every hand a good one
        ranked = sorted(zip(map(reference, classes), range(len(classes))))
    keyed, keys = [classes[i] for _key, i in ranked], [key for key, _i in ranked]
    others = []
    for i, hand in enumerate(keyed):
        rename = dict(zip(SUITS, SUIT_ORDERS[i % len(SUIT_ORDERS)]))
        if len({r for r, s in hand}) == 5 and len({s for r, s in hand}) > 1:
            hand2 = [r + SUITS[(k + i) % 4] for k, (r, s) in enumerate(hand)]  # other suits
            if len({s for r, s in hand2}) == 1:
                hand2 = [r + s for r, s in hand]
        else:
            hand2 = list(hand)
        moved = [r + rename[s] for r, s in hand2]
        k = 1 + i % 4
        others.append(moved[k:] + moved[:k])     # another order of the cards
    if len(set(keys)) != len(keys):
        raise ValueError('the reference ranking ties two classes')
    return keyed, others


def never_meet(hand1, hand2) -> bool:
    """Can these two hands never be dealt together from one deck? True when both hold three
    or four cards of the same rank (three of a kind, a full house, four of a kind): one deck
    has only four of a rank. A ranking may tie such hands (the lecture's "the rank of the
    three alone decides"), though it must never rank them the wrong way round.

    >>> never_meet('7S 7H 7D KC 2S'.split(), '7C 7S 7H AD 2S'.split())
    True
    >>> never_meet('7S 7H KD KC 2S'.split(), '7C 7D KH KS 3S'.split())
    False
    """
    def big_group(hand):
        counts = Counter(r for r, s in hand)
        return next((r for r, n in counts.items() if n >= 3), None)
    group = big_group(hand1)
    return group is not None and group == big_group(hand2)


TUPLE_HINT = N_('best_hand passes each hand as a tuple (itertools.combinations makes tuples): '
                'your function must work on a tuple too; read the hand with sorted(hand), '
                'list(hand) or a loop, not hand.sort(), hand.copy() or other list methods')
"""The hint for a hand function that fails on a tuple (hand_rank, card_ranks)."""


def tuple_error_hint(otherwise=None):
    """An exercise's error_hint: TUPLE_HINT for an error a tuple raises where a list would not
    ('tuple' object has no attribute 'sort', does not support item assignment), else
    `otherwise`."""
    def hint(error):
        text = str(error)
        if "'tuple' object" in text and type(error).__name__ in ('AttributeError', 'TypeError'):
            return TUPLE_HINT
        return otherwise
    return hint


BETTER = N_('the better hand')
"""What judge_ranking calls the hand that should rank higher, unless told otherwise."""


@functools.cache
def ranking_frames(reference) -> tuple:
    """Two dicts for ``Run.map``'s `frames`, one for each of judge_ranking's runs of calls
    (each class, then another of its hands): each batch is encoded into them the first
    time it is sent, while the runner works on the batch before, and kept for the next
    check. A ranking exercise's prepare is ranking_cases (the order of the classes)."""
    return {}, {}


def judge_ranking(run, reference, describe, mistakes=(), better=BETTER):
    """Judge a ranking: the reference's order of every class, with its exact ties.

    Hands that can never meet in one deal (``never_meet``) may tie; every
    other pair of classes must be ranked as the reference ranks them.

    `describe(hand)` names a hand's category ('two pair'); `mistakes` are
    (mistaken ranking, hint[, a pair of hands]), the diagnosed rows of the
    exercise's table (``known(name)``), used when the mistaken ranking orders
    the failing pair the way the student's does.
    """
    keyed, others = ranking_cases(reference)
    frames = ranking_frames(reference)
    values = []
    for value in run.map([(list(hand),) for hand in keyed], frames=frames[0]):
        if value is None:
            raise wrong(value, _('a ranking'), _('your function returned None: is a {return_} '
                                                 'missing on this path?').format(return_=code('return')))
        values.append(value)
    # The second hand of each class as a tuple: best_hand passes the tuples of
    # itertools.combinations (a ranking that calls hand.sort() fails here, with error_hint).
    seconds = run.map([(tuple(other),) for other in others], frames=frames[1])
    for hand, other, value, second in zip(keyed, others, values, seconds):
        if second != value:
            raise _not_invariant(run, hand, other, value, second)
    # Every hand is in a class of its own (no exact ties between classes):
    # each must rank strictly above the one before it.
    for i in range(1, len(keyed)):
        lo, hi = keyed[i - 1], keyed[i]
        try:
            above = values[i] > values[i - 1]
        except Exception as e:
            raise Mismatch([('rankings', f'{" ".join(lo)} -> {short(values[i - 1], 70)}\n'
                                         f'{" ".join(hi)} -> {short(values[i], 70)}'),
                            ('hint', _('these two rankings cannot be compared ({error}); '
                                       'return rankings that compare with one another, such '
                                       'as tuples of numbers that start with the '
                                       'category').format(error=f'{type(e).__name__}: {e}'))],
                           call='the order of these hands') from None
        if above:
            continue
        tie = values[i] == values[i - 1]
        if tie and never_meet(lo, hi):
            continue
        raise _wrong_order(run, reference, describe, mistakes, better, values, i, tie)
    n = len(keyed)
    return _('every class of hands ({n:,d}) in the right order, with the same ranking for '
             'each class in another card order and other suits ({cases:,d} rankings)').format(
                 n=n, cases=run.cases)


def _wrong_order(run, reference, describe, mistakes, better, values, i, tie) -> Mismatch:
    """A Mismatch for a ranking that puts class i - 1 above class i (or ties them, `tie`),
    with the hint of the known mistake it shows, else what the pair shows."""
    keyed = ranking_cases(reference)[0]
    lo, hi = keyed[i - 1], keyed[i]
    a, b = hand_words(hi), hand_words(lo)
    said = (_('ranks {a} ({a_kind}) and {b} ({b_kind}) the same') if tie else
            _('ranks {b} ({b_kind}) above {a} ({a_kind})')).format(
                a=a, b=b, a_kind=_(describe(hi)), b_kind=_(describe(lo)))
    why = _mistake_shown(run, reference, mistakes, values, lo, hi, tie)
    hint = (_(why) if why is not None else
            _('{a} is {better}: ').format(a=a, better=_(better)) + _why_better(hi, lo, describe))
    if why is None and any(isinstance(x, str) for x in _flat(values[i]) + _flat(values[i - 1])):
        hint = _('your rankings hold ranks as letters, which compare as text (so {t} is above '
                 '{j}): turn each rank into its number, 2 to 14, as card_ranks does').format(
                     t="'T'", j="'J'")
    return Mismatch([('problem', _('{name} {said}, but {a} is {better}').format(
                         name=run.name, said=said, a=a, better=_(better))),
                     ('rankings', f'{" ".join(lo)} -> {short(values[i - 1], 70)}\n'
                                  f'{" ".join(hi)} -> {short(values[i], 70)}'),
                     ('hint', hint)],
                    call=prose(_('{a} and {b}'), a=" ".join(lo), b=" ".join(hi)),
                    calls=[(list(lo),), (list(hi),)])


def _mistake_shown(run, reference, mistakes, values, lo, hi, tie):
    """The hint (untranslated) of the first of judge_ranking's mistakes that orders lo and
    hi as the student's ranking does and that the function also makes on the pair telling
    the mistake apart (given, or where it first goes wrong); None if none does."""
    for mistaken, why, *pair in mistakes:
        try:
            m_lo, m_hi = mistaken(list(lo)), mistaken(list(hi))
            shows = (m_hi == m_lo) if tie else (m_lo > m_hi)
        except Exception:
            continue
        if not shows:
            continue
        if pair:
            worse, better_hand = (h.split() for h in pair[0])
            if not run(worse) < run(better_hand):
                return why
            continue
        j = mistake_signature(reference, mistaken)
        if j is not None and not values[j] > values[j - 1]:
            return why
    return None


@functools.cache
def mistake_signature(reference, mistaken):
    """Where a mistaken ranking first orders the classes wrongly: the index i of the pair
    (i - 1, i) in ranking_cases(reference), or None."""
    keyed = ranking_cases(reference)[0]
    values = [mistaken(list(hand)) for hand in keyed]
    return next((i for i in range(1, len(values)) if not values[i] > values[i - 1]), None)


def _why_better(hi, lo, describe) -> str:
    """What the pair shows, said plainly."""
    a, b = _(describe(hi)), _(describe(lo))
    if a != b:
        return _('any {a} beats any {b}').format(a=a, b=b)
    return _('both are {a}: the ranks decide, the biggest group first (then the highest card '
             'of the rest)').format(a=a)


def _flat(value) -> list:
    """The numbers of a ranking, nested tuples and lists flattened, in order."""
    if isinstance(value, (tuple, list)):
        return [x for part in value for x in _flat(part)]
    return [value]


def _reordered(a, b) -> bool:
    """True when two rankings hold the same numbers in another order (ranks not sorted)."""
    x, y = _flat(a), _flat(b)
    return x != y and sorted(map(repr, x)) == sorted(map(repr, y))


NOT_INVARIANT_FLUSH = N_('four of these cards are of one suit, and the ranking changes with the '
                         'order of the cards: does the flush test look at all five cards? A '
                         'flush needs all five of one suit')


def _not_invariant(run, hand, other, value, second) -> Mismatch:
    """A Mismatch for a ranking that changes with the order of the cards or the suits."""
    rotated = hand[1:] + hand[:1]                         # the same cards, another order
    rename = dict(zip(SUITS, SUITS[1:] + SUITS[:1]))       # every suit renamed
    renamed = [r + rename[s] for r, s in hand]
    if run(list(other)) == value:           # the same cards as a list: only the tuple differs
        return Mismatch([('problem', _('{name} ranks a hand differently when it comes as a '
                                       'tuple').format(name=run.name)),
                         ('rankings', f'{short(list(other), 70)} -> {short(value, 70)}\n'
                                      f'{short(tuple(other), 70)} -> {short(second, 70)}'),
                         ('hint', _('the same cards must get the same ranking as a list or as a '
                                    'tuple (best_hand passes the tuples of '
                                    'itertools.combinations): build the ranking from the cards, '
                                    'whatever holds them'))],
                        call=describe_call(run.name, (tuple(other),), {}))
    changed = run(list(rotated))
    if changed != value and _reordered(changed, value):
        other, hint = rotated, _('the same cards in another order must get the same ranking: '
                                 'sort the ranks (as card_ranks does)')
    elif changed != value and max(Counter(s for r, s in hand).values()) == 4:
        other, hint = rotated, _(NOT_INVARIANT_FLUSH)
    elif run(list(rotated)) != value:
        other, hint = rotated, _('the same cards in another order must get the same ranking: '
                                 'sort the ranks (as card_ranks does)')
    elif run(list(renamed)) != value:
        other, hint = renamed, _('only whether all five suits are the same may matter, never '
                                 'which suit: these hands differ only in the names of the suits')
    else:
        hint = _('hands with the same ranks, both flushes or both not, must get the same '
                 'ranking, whatever the order of the cards and whichever suits they are')
    shown = (f'{" ".join(hand)} -> {short(value, 70)}\n'
             f'{" ".join(other)} -> {short(run(list(other)), 70)}')
    return Mismatch([('problem', _('{name} ranks two hands of the same class differently').format(
                         name=run.name)),
                     ('rankings', shown), ('hint', hint)],
                    call=prose(_('{a} and {b}'), a=" ".join(hand), b=" ".join(other)))


@functools.cache
def warm_chi_square():
    """Load the chi-square test once, before the student's code runs (a check may need it)."""
    return chi_square({'a': 1, 'b': 1})
