"""Judges that several lessons share: data cases, rankings, shuffles.

- ``cases_judge``: compare with a reference answer on a list of inputs; a
  hint names a mistake only when the student's answer equals what a known
  mistaken version returns on that very input.
- ``judge_ranking``: a ranking is judged on one hand of every one of the
  7,462 classes of five-card hands, in the reference order with its exact
  ties, plus a second hand of every class with its cards in another order
  and its suits renamed; the report names the first pair ordered wrongly
  the way a player would say the hands ("KK QQ 2 ranked above AA 22 K").
- ``judge_shuffle``: a shuffle is run on a stand-in random generator that
  walks through every sequence of random choices on small decks, giving
  each arrangement's exact probability; where the stand-in cannot follow
  the student's code (``rng.random()``, ``rng.uniform``, ``rng.choices``...)
  or the runs never end, a chi-square test on real shuffles decides.
"""

import functools
import itertools
import math
import random
from collections import Counter
from fractions import Fraction

from ..cards import SUITS
from ..classes import hand_classes
from ..fairness import chi_square
from ..i18n import N_, _
from .judging import StudentError
from .core import Mismatch, code, kind_of, same_value, short, wrong

__all__ = ['cases_judge', 'judge_ranking', 'judge_shuffle', 'SeededRandom', 'ShownIterator',
           'hand_words', 'warm_chi_square']


class SeededRandom(random.Random):
    """A random.Random that shows itself as the call that made it: random.Random(1)."""

    def __init__(self, seed):
        super().__init__(seed)
        self.seed_value = seed

    def __repr__(self):
        return f'random.Random({self.seed_value!r})'


class ShownIterator:
    """An iterator that shows itself as the call that made it: iter([1, 2])."""

    def __init__(self, items):
        self.items, self._it = list(items), iter(items)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)

    def __repr__(self):
        return f'iter({self.items!r})'


# ---------------------------------------------------------------------------
# Compare with a reference on data cases

def cases_judge(reference, inputs, hint, mistakes=(), returns=None, tol=0.0,
                sequences=True, check_type=None):
    """A judge: run(*args) must equal reference(*args) for every args in inputs.

    `hint` is what a wrong answer is told when it matches no known mistake;
    `mistakes` are (mistaken version, hint) pairs: a wrong answer that equals
    the mistaken version's answer on the failing input gets that hint.
    `returns` describes a right answer ('True or False', 'a list of ranks')
    for answers that can't be compared; `check_type(got)` may raise Mismatch.
    """
    def judge(run):
        cases = list(inputs() if callable(inputs) else inputs)
        for args, got in zip(cases, run.map(cases)):
            expected = reference(*args)
            if check_type:
                check_type(got)
            if same_value(got, expected, tol, sequences):
                continue
            for mistaken, why in mistakes:
                try:
                    theirs = mistaken(*args)
                except Exception:
                    continue
                if same_value(got, theirs, tol, sequences) and not same_value(theirs, expected):
                    raise wrong(got, expected, why(*args) if callable(why) else _(why))
            if got is None:
                raise wrong(got, expected, _('your function returned None here: is a '
                                             '{return_} missing on this path?').format(
                                                 return_=code('return')))
            if returns and not _looks_like(got, expected):
                raise Mismatch([('returned', f'{short(got)} ({kind_of(got)})'),
                                ('expected', short(expected)),
                                ('hint', _('expected {what}').format(what=_(returns)))])
            raise wrong(got, expected, hint(*args, got=got) if callable(hint) else _(hint))
    return judge


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
    keyed = sorted(classes, key=reference)
    keys = [reference(h) for h in keyed]
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


def judge_ranking(run, reference, describe, mistakes=(), better=N_('the better hand')):
    """Judge a ranking: the reference's order of every class, with its exact ties.

    `describe(hand)` names a hand's category ('two pair'); `mistakes` are
    (mistaken ranking, hint) pairs, used when the mistaken ranking orders
    the failing pair the way the student's does.
    """
    keyed, others = ranking_cases(reference)
    values = []
    for hand, value in zip(keyed, run.map([(list(hand),) for hand in keyed])):
        if value is None:
            raise wrong(value, _('a ranking'), _('your function returned None: is a {return_} '
                                                 'missing on this path?').format(return_=code('return')))
        values.append(value)
    seconds = run.map([(list(other),) for other in others])
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
                           call='the order of these hands')
        if above:
            continue
        tie = values[i] == values[i - 1]
        a, b = hand_words(hi), hand_words(lo)
        said = (_('ranks {a} ({a_kind}) and {b} ({b_kind}) the same') if tie else
                _('ranks {b} ({b_kind}) above {a} ({a_kind})')).format(
                    a=a, b=b, a_kind=_(describe(hi)), b_kind=_(describe(lo)))
        hint = None
        for mistaken, why, *pair in mistakes:
            try:
                m_lo, m_hi = mistaken(list(lo)), mistaken(list(hi))
                shows = (m_hi == m_lo) if tie else (m_lo > m_hi)
            except Exception:
                continue
            if not shows:
                continue
            # The case shows this mistake only if the function also makes it on the
            # pair that tells the mistake apart: given, or where it first goes wrong.
            if pair:
                worse, better_hand = (h.split() for h in pair[0])
                if not run(worse) < run(better_hand):
                    hint = _(why)
                    break
                continue
            j = mistake_signature(reference, mistaken)
            if j is not None and not values[j] > values[j - 1]:
                hint = _(why)
                break
        if hint is None:
            hint = _('{a} is {better}: ').format(a=a, better=_(better)) + _why_better(hi, lo, describe)
        raise Mismatch([('problem', _('{name} {said}, but {a} is {better}').format(
                            name=run.name, said=said, a=a, better=_(better))),
                        ('rankings', f'{" ".join(lo)} -> {short(values[i - 1], 70)}\n'
                                     f'{" ".join(hi)} -> {short(values[i], 70)}'),
                        ('hint', hint)],
                       call=f'{" ".join(lo)} and {" ".join(hi)}')
    n = len(keyed)
    return _(': every class of hands ({n:,d}) in the right order, with the same ranking for '
             'each class in another card order and other suits ({cases:,d} rankings)').format(
                 n=n, cases=run.cases)


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


def _not_invariant(run, hand, other, value, second) -> Mismatch:
    """A Mismatch for a ranking that changes with the order of the cards or the suits."""
    rotated = hand[1:] + hand[:1]                         # the same cards, another order
    rename = dict(zip(SUITS, SUITS[1:] + SUITS[:1]))       # every suit renamed
    renamed = [r + rename[s] for r, s in hand]
    if run(list(rotated)) != value:
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
                    call=f'{" ".join(hand)} and {" ".join(other)}')


# ---------------------------------------------------------------------------
# Shuffles: exact enumeration, or a chi-square test where it can't follow

class CannotFollow(Exception):
    """The stand-in generator cannot enumerate this request: test statistically instead."""


class _TooMany(Exception):
    """The run made more random choices than the enumeration allows."""


class ScriptedRandom(random.Random):
    """A random.Random whose every integer choice comes from a script.

    Everything random.Random builds on ``_randbelow`` (randrange, randint,
    choice, shuffle, sample) and small ``getrandbits`` follow the script;
    ``random()`` and what is built on it (uniform, choices, gauss...) raise
    CannotFollow.
    """

    def __init__(self, choices, most):
        super().__init__(0)
        self.choices, self.sizes, self.most = choices, [], most

    def _choose(self, n):
        k = len(self.sizes)
        if k == self.most:
            raise _TooMany()
        self.sizes.append(n)
        if k == len(self.choices):
            self.choices.append(0)
        return self.choices[k]

    def _randbelow(self, n):
        return 0 if n <= 1 else self._choose(n)

    def getrandbits(self, k):
        if k > 10:
            raise CannotFollow()
        return self._choose(1 << k) if k else 0

    def random(self):
        raise CannotFollow()

    def __repr__(self):
        return 'rng'


def _runs(shuffle, deck, most):
    """Every run of shuffle on deck: (arrangement or None if cut at `most` choices, probability)."""
    choices = []
    while True:
        script = ScriptedRandom(choices, most)
        choices = script.choices
        d = list(deck)
        try:
            shuffle(d, script)
            outcome = ''.join(map(str, d))
        except _TooMany:
            outcome = None
        except StudentError as e:          # raised by the stand-in in the student's process
            kind = e.info.get('type') if hasattr(e, 'info') else None
            if kind == '_TooMany':
                outcome = None
            elif kind == 'CannotFollow':
                raise CannotFollow() from None
            else:
                raise
        choices = script.choices
        yield outcome, Fraction(1, math.prod(script.sizes))
        k = len(script.sizes) - 1
        while k >= 0 and choices[k] + 1 >= script.sizes[k]:
            k -= 1
        if k < 0:
            return
        del choices[k + 1:]
        choices[k] += 1


def distribution(shuffle, deck, budget=1_000):
    """(probabilities, probability not decided) of shuffle on deck, or None if it
    can't be enumerated within budget runs (or the stand-in can't follow it)."""
    best = None
    for most in (4, 6, 8, 10, 12, 14, 16, 20, 24):
        probs, unfinished, runs = Counter(), Fraction(0), 0
        for outcome, p in _runs(shuffle, deck, most):
            runs += 1
            if runs > budget:
                return best
            if outcome is None:
                unfinished += p
            else:
                probs[outcome] += p
        best = probs, unfinished
        if unfinished == 0:
            return best
    return best


def _perms(deck):
    return sorted({''.join(p) for p in itertools.permutations(deck)})


def _show(probs, unfinished, deck) -> str:
    if unfinished == 0:
        return ', '.join(f'{p!r} {probs.get(p, 0)}' for p in _perms(deck))
    return ', '.join(f'{p!r} {float(probs.get(p, 0)):.4f} to '
                     f'{float(probs.get(p, 0) + unfinished):.4f}' for p in _perms(deck))


CHI_SQUARE_TRIALS = 6_000


@functools.cache
def warm_chi_square():
    """Load the chi-square test once, before the student's code runs (a check may need it)."""
    return chi_square({'a': 1, 'b': 1})


def judge_shuffle(run, expected_for, want, hint_for):
    """Judge a shuffle exactly (or, where that can't be done, by a chi-square test).

    `expected_for(deck)` gives each arrangement's exact probability; `want`
    says it in words; `hint_for(deck, arrangement, probs, expected)` explains
    the first arrangement whose probability is wrong.
    """
    deck = 'abcdefghij'
    shown = f"{run.name}(list({deck!r}), random.Random(1))"
    outcomes = []
    returned = None
    for seed in [1, 1, 2, 3, 4]:
        cards = list(deck)
        returned = run.raw(cards, SeededRandom(seed), shown=shown)
        outcomes.append(cards)
    if sorted(outcomes[0]) != sorted(deck):
        raise Mismatch([('returned', _('the deck became {deck}').format(
                            deck=short(outcomes[0]))),
                        ('hint', _('a shuffle rearranges the cards it is given: every card '
                                   'stays in the deck exactly once'))])
    if all(c == list(deck) for c in outcomes):
        if returned is not None:
            raise Mismatch([('returned', short(returned)),
                            ('hint', _('shuffle in place: rearrange the list you are given '
                                       '(and return nothing)'))])
        raise Mismatch([('returned', _('the deck unchanged, five times')),
                        ('hint', _('the cards must be rearranged'))])
    if outcomes[0] != outcomes[1]:
        raise Mismatch([('returned', _('{first}, then {second}').format(
                            first=short(outcomes[0]), second=short(outcomes[1]))),
                        ('hint', _('shuffle with the rng you are given ({randrange}), not '
                                   'the random module, so that a seed repeats a '
                                   'shuffle').format(randrange=code('rng.randrange')))])
    for deck in ['ab', 'abc', 'abcd']:
        expected = expected_for(deck)
        run.last_call = f"{run.name}(list({deck!r}), rng) over every sequence of random choices"
        try:
            result = distribution(lambda d, rng: run(d, rng, changes=True), deck)
        except CannotFollow:
            return judge_by_chi_square(run, expected_for)
        except StudentError:           # it fails only on the stand-in: test it for real
            return judge_by_chi_square(run, expected_for)
        if result is None:
            return judge_by_chi_square(run, expected_for)
        probs, unfinished = result
        run.cases += 1
        for perm, q in expected.items():
            if probs.get(perm, 0) > q or probs.get(perm, 0) + unfinished < q:
                details = [('returned', _show(probs, unfinished, deck)),
                           ('expected', want(deck)),
                           ('hint', hint_for(deck, perm, probs, expected))]
                if unfinished:
                    details.insert(2, ('note', _('this shuffle can run for ever, so the '
                                                 'probabilities are bounds from all its '
                                                 'shorter runs')))
                raise Mismatch(details)
        if set(probs) - set(expected):
            odd = sorted(set(probs) - set(expected))[0]
            raise Mismatch([('returned', _show(probs, unfinished, deck)),
                            ('hint', _('{odd} is not an arrangement of {deck}').format(
                                odd=repr(odd), deck=repr(deck)))])
        if unfinished:
            return judge_by_chi_square(run, expected_for)
    return _(": {fair}, exactly, and likewise for 'ab' and 'abc' (every sequence of random "
             "choices tried)").format(fair=want('abcd'))


def judge_by_chi_square(run, expected_for):
    """Shuffle 'abc' many times with a seeded generator; a chi-square test on the counts."""
    counts = Counter()
    decks = [(list('abc'), SeededRandom(2026 * 100_000 + trial))
             for trial in range(CHI_SQUARE_TRIALS)]
    cases = run.cases
    for (d, rng), _returned in zip(decks, run.map(decks, changes=True)):
        counts[''.join(map(str, d))] += 1
    run.cases = cases + CHI_SQUARE_TRIALS
    run.last_call = f"{run.name}(list('abc'), rng), {CHI_SQUARE_TRIALS:,d} times"
    possible = {perm: q for perm, q in expected_for('abc').items() if q > 0}
    observed = [counts.get(perm, 0) for perm in possible]
    if sum(observed) != CHI_SQUARE_TRIALS:
        odd = sorted(set(counts) - set(possible))[0]
        raise Mismatch([('returned', short(dict(counts), 200)),
                        ('expected', _('only {arrangements}').format(
                            arrangements=', '.join(map(repr, possible)))),
                        ('hint', _('{odd} came out, and it never should').format(
                            odd=repr(odd)))])
    p = 1.0 if len(possible) == 1 else chi_square(
        {perm: counts.get(perm, 0) for perm in possible}, possible)[1]
    if p < 1e-4:
        raise Mismatch([('returned', short(dict(counts), 200)),
                        ('expected', _('about {n:,d} of each arrangement that can come '
                                       'out').format(n=CHI_SQUARE_TRIALS // len(possible))),
                        ('hint', _('counts this far from even come out of a fair shuffle '
                                   'less than once in 10,000 tries (chi-square test, '
                                   'p {p})').format(p='< 1e-300' if p < 1e-300 else f'= {p:.1e}'))])
    return _(": passes a chi-square test, its counts over {n:,d} shuffles of 'abc' as even "
             "as a fair shuffle's (the test fails a fair shuffle less than once in 10,000 "
             "tries); it uses random numbers that can't all be tried, so there is no exact "
             "check").format(n=CHI_SQUARE_TRIALS)
