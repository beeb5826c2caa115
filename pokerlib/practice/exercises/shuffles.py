"""Judging shuffles and deals: exactly on small decks, and with computed power on a full deck.

A shuffle (or a deal) is run with ``pokerlib.scripted.ScriptedRandom``, a
``random.Random`` that writes down every draw.

1. **Exact.** On decks of 2 to 6 cards, the shuffle is run over every
   sequence of random choices (an odometer over the choice tree), whichever
   ``random.Random`` methods built on integer choices it uses; the
   probability of each arrangement is added up exactly and must be the
   target's (1/720 for each arrangement of six cards). A tree too big for
   the budget (``randrange(1000)`` keys, ``getrandbits(8)``), or one the
   enumeration cannot follow (``rng.random()``), is left to step 3.
2. **A function of the random choices.** Runs are replayed in another
   order, with the same draws, and must come out the same; and the shuffle
   given ``random.Random(s)`` must do what it does given
   ``ScriptedRandom(seed=s)``, which answers every call exactly as
   ``random.Random(s)`` would. A shuffle that counts its calls, or that
   recognises the judge's generator and behaves only then, fails here.
3. **A full deck.** First, 500 to 1,000 shuffles of 13 cards (how many, and their
   seeds, drawn afresh at each check), none of which may leave the deck as it was (a
   shuffle that skips its work now and then), nor may the full deck's; then ``FULL_TRIALS`` shuffles of the 52
   cards, on seeds drawn afresh at each check (the report names them, so a failure can be
   run again; a fair shuffle fails less than once in a million checks), and five tests, each of
   level ``ALPHA`` or less: a chi-square test of the card-by-position
   counts (every bias that moves cards: windows, Sattolo, spades at the
   bottom); three likelihood-ratio tests aimed at the modulo bias of
   ``getrandbits(8) % (N - i)`` (a forward and a backward loop) and at
   naive swaps;
   and the number of ascents (neighbours in their old order), which
   sorting on keys with ties (a stable sort keeps tied cards in order) and
   a cut raise. ``power()`` computes each test's power against those
   biases (``tests/practice/test_shuffles.py`` asserts it is at least
   0.999). Last, exactly (``_fixed_draws``): a shuffle whose every run drew the same
   narrow integer draws can make its arrangements equally likely only if their number
   divides the product of the draws' sizes, so a modulo bias of any width up to 16 bits
   (``getrandbits(12) % m``, one byte in Sattolo) fails, however small.
"""

import math
import random
from collections import Counter
from fractions import Fraction

from ...cards import DECK
from ...i18n import N_, _
from ...scripted import ScriptedRandom, enumerate_runs
from ..judge.kit import Mismatch, StudentError, code, prose, short
from .deck_statistics import (ALPHA, EXACT_BUDGET, FULL_TRIALS, LONG_DECK, LONG_TRIALS, Z_LIMIT,
                              _chi_square_fails, _fixed_draws, _full_deck_report, _positions,
                              _replays, _sattolo_full, first_card_never_moves, full_deck_tests,
                              last_card_never_moves, mistaken_distribution, power, predicate,
                              uniform, warm)
from .judges import fresh_seed

__all__ = ['judge_shuffle', 'exact_distribution', 'full_deck_tests', 'power', 'warm', 'uniform',
           'predicate', 'first_card_never_moves', 'last_card_never_moves', 'mistaken_distribution',
           'FULL_TRIALS', 'ALPHA', 'DECK_CHANGED', 'DECK_REBOUND', 'DECK_RETURNED', 'OWN_RNG']
# (full_deck_tests, power and the full deck's other statistics live in deck_statistics.)

EXACT_DECKS = ('ab', 'abc', 'abcd', 'abcde', 'abcdef')

UNCHANGED_TRIALS = 500
"""Shuffles of 13 cards (this many and up to as many again) that must never leave the deck
as it was (nor may the full deck's shuffles)."""

REPLAYS = 50

LONG_EXTRA = 200
"""Up to this many more long shuffles, as many as the check's fresh seed says (200,000 draws
at most): how much a check draws in all is not known before it, and some full-deck shuffles
are replayed after them, so a shuffle that is fair only for its first so many draws fails
whenever a check draws past that many (see _full_deck)."""
LONG_SEEDS = 2**30
"""The ascents test is also run on LONG_TRIALS shuffles of a deck of LONG_DECK numbers, where
ties among sort keys (1,000 possible keys for 1,000 cards) show at once: on seeds from here
on, drawn afresh at each check (issue 49: a probe she can know in advance she can pass)."""


# ---------------------------------------------------------------------------
# Exact

def exact_distribution(play, deck, budget=EXACT_BUDGET, many=None):
    """({outcome: probability}, probability not decided, runs, why not exact or None).

    `play(cards, rng)` runs the shuffle and returns the outcome (None for the
    deck after the call); or `many([(cards, rng), ...])` runs many at once (see
    ``enumerate_runs``). Not exact (the fourth item says why: 'big',
    'float', 'bits', 'seed', 'replay') when the tree is bigger than the
    budget or the enumeration can't follow the shuffle."""
    probs, unfinished, runs = Counter(), Fraction(0), 0
    most = 4 * len(deck) + 8
    for outcome, p, rng in enumerate_runs(play, deck, most=most, budget=budget + 1, many=many):
        runs += 1
        if runs == 1 and rng.stopped is None and math.prod(rng.sizes) > budget:
            return probs, Fraction(1), runs, 'big'
        if runs > budget:
            return probs, Fraction(1), runs, 'big'
        if rng.stopped and rng.stopped != 'long':
            return probs, Fraction(1), runs, rng.stopped
        if outcome is None:
            unfinished += p
        else:
            probs[outcome] += p
    return probs, unfinished, runs, None


# ---------------------------------------------------------------------------
# The judge

def _rearranged(before, after) -> bool:
    return sorted(map(str, after)) == sorted(map(str, before))


def judge_shuffle(run, target, want, hint_for, mistakes=(), deal=False, full='uniform'):
    """Judge a shuffle (or, with deal=True, a deal) in the three steps above.

    `target(deck)` gives each arrangement's exact probability ('uniform' or
    Sattolo's), `want(deck)` says it in words, `hint_for(deck, perm, probs,
    expected)` explains the first wrong probability; `mistakes` are
    (predicate(probs, deck), hint) or (mistaken shuffle, hint) pairs, a table's
    diagnosed rows (``known(name)``): the hint of the one that the failing case
    shows. `full` is the full-deck
    target: 'uniform' or 'sattolo'. A deal is played as deal(k, 1, deck, rng),
    k hands of one card: the whole deck in the order it was dealt.
    """
    name = run.name
    _first_looks(run, name, deal)
    # 1. Exact, on the decks 'ab' ... 'abcdef'
    exact_upto, why_not = None, None
    for deck in EXACT_DECKS:
        deck = deck if not deal else DEAL_CARDS[:len(deck)]
        run.last_call = prose(_('{call} over every sequence of random choices'),
                              call=(f'{name}(list({deck!r}), rng)' if not deal else
                                    f'deal({len(deck)}, 1, {deck!r}, rng)'))
        probs, unfinished, runs, why = exact_distribution(
            None, deck, many=_many(run, run.last_call, deal))
        run.cases += runs
        if why == 'replay':
            raise _not_a_function(name)
        if why == 'seed':
            raise Mismatch([('hint', _('your shuffle reseeds the generator it is given ({seed}): '
                                       'use it as it is, so that its caller decides the '
                                       'seed').format(seed=code('rng.seed')))])
        if why:
            why_not = why
            break
        expected = target(deck)
        if set(probs) - set(expected):
            odd = sorted(set(probs) - set(expected))[0]
            raise Mismatch([('returned', _show(probs, unfinished, deck, expected)),
                            ('hint', _('{odd} is not an arrangement of {deck}: every card '
                                       'stays in the deck exactly once').format(
                                odd=repr(odd), deck=repr(deck)))])
        for perm in sorted(expected):
            q = expected[perm]
            if probs.get(perm, 0) > q or probs.get(perm, 0) + unfinished < q:
                details = [('returned', _show(probs, unfinished, deck, expected)),
                           ('expected', want(deck)),
                           ('hint', _mistake_hint(mistakes, probs, deck, run, deal)
                            or hint_for(deck, perm, probs, expected))]
                if unfinished:
                    details.insert(2, ('note', _('this shuffle can run for ever, so the '
                                                 'probabilities are bounds from all its '
                                                 'shorter runs')))
                raise Mismatch(details)
        if unfinished:
            why_not = 'long'
            break
        exact_upto = deck
    # 2. and 3. A function of its random choices; the full deck
    if why_not and full == 'uniform':
        _draws_like_a_mistake(run, name, deal, mistakes)
        _small_deck(run, name, deal, exact_upto)
    _full_deck(run, name, deal, full)
    n = FULL_TRIALS
    if exact_upto and len(exact_upto) == len(EXACT_DECKS[-1]):
        return _('{fair}, exactly (every sequence of random choices on the decks of 2 to '
                 '{k} cards), and {n:,d} shuffles of the full deck pass tests that catch the '
                 'known biases').format(fair=want(exact_upto), k=len(exact_upto), n=n)
    shown = {'float': _('it draws floats (rng.random()), which cannot all be tried'),
             'bits': _('it draws wide random numbers (getrandbits), which cannot all be tried'),
             'big': _('its random choices are too many to try them all'),
             'long': _('it can run for ever'),
             None: ''}[why_not]
    return _('{n:,d} shuffles of the full deck pass tests that catch the known biases '
             '(each fails a fair shuffle less than once in ten million tries){exact}; {why}, '
             'so there is no exact check beyond').format(
                 n=n, why=shown, exact=(_(', and it is exact on the decks of up to {k} cards')
                                        .format(k=len(exact_upto)) if exact_upto else ''))


DEAL_CARDS = ('AS', 'KH', 'QD', 'JC', 'TS', '9H')
"""The small decks a deal is judged on exactly (two spades among them)."""


def call_and_read(run, *args, shown=None):
    """Call the student's function on arguments it may change; (what it returned, the
    arguments as they are after the call).

    The one place where a judge reads arguments after a call: the deck a shuffle
    rearranged, the draws a ScriptedRandom wrote down (``draws``, ``sizes``, ``stopped``).
    A ScriptedRandom that comes back as another object (from another process) is copied
    into the judge's own, so that the judge reads it where it left it.
    """
    got = run(*args, shown=shown, changes=True)
    after = args
    for before, now in zip(args, after):
        if isinstance(before, ScriptedRandom) and now is not before:
            before.__dict__.update(now.__dict__)
        elif isinstance(before, list) and now is not before:
            before[:] = now
    return got, after


def _many(run, shown, deal):
    """many([(cards, rng), ...]) for enumerate_runs: the shuffle (or deal) run on each pair
    in one batch (Run.map), each deck and rng left as its call left it; the outcomes (None:
    the deck as the shuffle left it)."""
    def many(pairs):
        calls = [(len(cards), 1, cards, rng) if deal else (cards, rng) for cards, rng in pairs]
        given = [list(cards) for cards, _rng in pairs]
        answers = run.map(calls, shown=lambda *args: shown, changes=True)
        for args, before, got in zip(calls, given, answers):
            yield _dealt(args[2], before, got) if deal else None
    return many


DECK_CHANGED = N_("your function changed the list it was given: deal must leave the caller's "
                  "deck as it was, so shuffle a copy ({copy})")


def _dealt(cards, given, got):
    """The cards a deal(n, 1, cards, rng) dealt, in order, or a Mismatch: it changed the deck,
    or did not deal every card once, one to each hand."""
    if cards != given:
        raise Mismatch([('changed', _('the deck it was given: it is now {cards}').format(
                            cards=short(cards))),
                        ('hint', _(DECK_CHANGED).format(copy=code('cards = list(deck)')))])
    if not (isinstance(got, (list, tuple)) and len(got) == len(given)
            and all(isinstance(h, (list, tuple)) and len(h) == 1 for h in got)
            and _rearranged(given, [h[0] for h in got])):
        from ..judge.kit import wrong
        raise wrong(got, _('{n} hands of 1 card, every card of the deck').format(n=len(given)),
                    _('deal(n, 1, deck, rng), with n the number of cards, deals every card '
                      'of the deck once, one to each hand'))
    return tuple(h[0] for h in got)


def _play_many(run, deck, rngs, deal, shown):
    """What the shuffle (or deal) makes of a fresh copy of deck with each of rngs, in order:
    the same calls, checks and order as one play() per rng, but sent to the runner in
    batches (Run.map), so that a thousand shuffles cost a few round trips, not a thousand.
    Each rng is left as the call left it (its draws, where it stopped)."""
    calls = [(len(deck), 1, list(deck), rng) if deal else (list(deck), rng) for rng in rngs]
    outs = []
    for args, got in zip(calls, run.map(calls, shown=lambda *args: shown, changes=True)):
        outs.append(_dealt(args[2], list(deck), got) if deal else tuple(args[0]))
    return outs


DECK_REBOUND = N_('the list your function was given is unchanged: {rebind} inside a function '
                  'only makes the local name deck point to a new list, and the caller never sees '
                  'it; rearrange the given list in place ({in_place}, or {slice})')
DECK_RETURNED = N_('your function returned a shuffled list, but the list it was given is '
                   'unchanged: the caller keeps its own list, so rearrange that one in place '
                   '({in_place}, or {slice})')
OWN_RNG = N_('shuffle with the rng you are given ({randrange}), not the random module or a '
             'generator of your own, so that a seed repeats a shuffle')


def _first_looks(run, name, deal):
    """Is the deck rearranged, and is the rng the one used?"""
    if deal:
        return
    deck = list('abcdefghij')
    outcomes, returned, drew = [], None, 0
    shown = f"{name}(list('abcdefghij'), random.Random(1))"
    for seed in (1, 1, 2, 3):
        cards = list(deck)
        rng = ScriptedRandom(seed=seed)
        returned, _after = call_and_read(run, cards, rng, shown=shown.replace('(1)', f'({seed})'))
        outcomes.append(cards)
        drew += len(rng.draws)
    if not _rearranged(deck, outcomes[0]):
        raise Mismatch([('returned', _('the deck became {deck}').format(deck=short(outcomes[0]))),
                        ('hint', _('a shuffle rearranges the cards it is given: every card '
                                   'stays in the deck exactly once'))])
    if all(c == deck for c in outcomes):
        if isinstance(returned, (list, tuple)) and _rearranged(deck, returned):
            hint = _(DECK_RETURNED).format(in_place=code('deck.sort(key=...)'),
                                           slice=code('deck[:] = cards'))
        else:
            hint = _(DECK_REBOUND).format(rebind=code('deck = sorted(...)'),
                                          in_place=code('deck.sort(key=...)'),
                                          slice=code('deck[:] = cards'))
        raise Mismatch([('returned', _('the deck unchanged, four times')), ('hint', hint)])
    if outcomes[0] != outcomes[1] or not drew:
        raise Mismatch([('returned', _('{first}, then {second}').format(
                            first=short(outcomes[0]), second=short(outcomes[1])))
                        if outcomes[0] != outcomes[1] else
                        ('returned', _('a shuffle that drew nothing from the rng it was given')),
                        ('hint', _(OWN_RNG).format(randrange=code('rng.randrange')))])


def _not_a_function(name) -> Mismatch:
    return Mismatch([('problem', _('given the same random numbers again, {name} rearranged '
                                   'the deck differently').format(name=name)),
                     ('hint', _('a shuffle must depend only on the random numbers it draws '
                                'from the rng it is given: no other generator, no counter of '
                                'calls, nothing kept from an earlier call'))])


def _seeds(call, first, trials) -> str:
    """The call, run for the seeds s = first ... first + trials - 1, in words."""
    return prose(_('{call} for {s} = {first} to {last}'), call=call, s='s', first=first,
                 last=first + trials - 1)


def _never_unchanged(run, name, deal, first):
    """A batch of shuffles of a 13-card deck, as many as `first` says (UNCHANGED_TRIALS
    and up to as many again, so neither what is drawn nor how much can be known before the
    check): a fair shuffle leaves the deck as it was once in 13! = 6.2 billion, so a shuffle
    that skips its work now and then fails (1 time in 500: with the full deck's shuffles,
    which may not either, caught at 95% of checks at least; a skip that counts calls
    fails the exact step)."""
    deck = list(DECK[::4])
    trials = UNCHANGED_TRIALS + first % UNCHANGED_TRIALS
    shown = _seeds(f'{name}(list(DECK[::4]), random.Random(s))' if not deal else
                   'deal(13, 1, DECK[::4], random.Random(s))', first, trials)
    rngs = [ScriptedRandom(seed=first + k) for k in range(trials)]
    outcomes = _play_many(run, deck, rngs, deal, shown)
    unchanged = sum(tuple(out) == tuple(deck) for out in outcomes)
    run.cases += trials
    if unchanged:
        raise Mismatch([('returned', _('the deck as it was, in {k:,d} of {n:,d} shuffles of 13 '
                                       'cards').format(k=unchanged, n=trials)),
                        ('expected', _('a fair shuffle leaves 13 cards as they were once in '
                                       '6.2 billion shuffles')),
                        ('hint', _('shuffle every time: your function sometimes returns the '
                                   'deck without shuffling it'))], shown)
    return deck, first, outcomes, shown


def _full_deck(run, name, deal, full):
    """Steps 2 and 3: replays, random.Random against ScriptedRandom, the five tests, on seeds
    drawn afresh at each check (after a batch of shuffles of a number drawn afresh)."""
    first = fresh_seed() % 2**31
    early = _never_unchanged(run, name, deal, first + 2**31)
    deck = list(DECK)
    shown = run.last_call = _seeds(f'{name}(list(DECK), random.Random(s))' if not deal else
                                   'deal(52, 1, DECK, random.Random(s))', first, FULL_TRIALS)
    drew = [ScriptedRandom(seed=first + k) for k in range(FULL_TRIALS)]
    outcomes = _full_shuffles(run, deck, drew, deal, shown)
    # Replays, in another order, and random.Random itself.
    order = random.Random(first).sample(range(FULL_TRIALS), REPLAYS)
    _replay(run, name, deal, deck, order, outcomes, shown,
            [random.Random(first + k) if i % 2 else ScriptedRandom(seed=first + k)
             for i, k in enumerate(order)])
    # and some of the first shuffles of this check, now that it made a few thousand more
    small, seed, before, shown_small = early
    order = random.Random(seed).sample(range(len(before)), REPLAYS)
    _replay(run, name, deal, small, order, before, shown_small,
            [ScriptedRandom(seed=seed + k) for k in order])
    where = _positions(outcomes, deck)
    if full == 'sattolo':
        _sattolo_full(where, name)
        run.last_call = shown
        _fixed_draws(drew, len(deck), full)
        return
    for test, value, failed, detail in full_deck_tests(where):
        if failed:
            raise Mismatch(_full_deck_report(test, value, detail, where, name))
    _long_deck(run, name, deal, first)
    # Some full-deck shuffles again, now that the check has drawn an amount no one knew
    # before it: they must come out as they did.
    run.last_call = shown
    order = random.Random(first + 1).sample(range(FULL_TRIALS), REPLAYS)
    _replay(run, name, deal, deck, order, outcomes, shown,
            [ScriptedRandom(seed=first + k) for k in order])
    # Last, where the tests above found nothing: a modulo bias too small for them to see.
    _fixed_draws(drew, len(deck), full)


def _full_shuffles(run, deck, rngs, deal, shown) -> list:
    """FULL_TRIALS shuffles of the full deck, one with each of rngs: each must rearrange it,
    not reseed, and not leave it as it was."""
    outcomes = []
    for rng, out in zip(rngs, _play_many(run, deck, rngs, deal, shown)):
        if not _rearranged(deck, out):
            raise Mismatch([('returned', _('the deck became {deck}').format(deck=short(list(out)))),
                            ('hint', _('a shuffle rearranges the cards it is given: every '
                                       'card stays in the deck exactly once'))])
        if rng.stopped == 'seed':
            raise Mismatch([('hint', _('your shuffle reseeds the generator it is given ({seed}): '
                                       'use it as it is').format(seed=code('rng.seed')))])
        outcomes.append(out)
    run.cases += len(rngs)
    unchanged = sum(tuple(out) == tuple(deck) for out in outcomes)
    if unchanged:
        raise Mismatch([('returned', _('the deck as it was, in {k:,d} of {n:,d} shuffles of the '
                                       'full deck').format(k=unchanged, n=len(rngs))),
                        ('hint', _('shuffle every time: your function sometimes returns the '
                                   'deck without shuffling it'))], shown)
    return outcomes


def _replay(run, name, deal, deck, order, outcomes, shown, rngs):
    """The shuffles numbered `order` again, with rngs of their seeds: each must come out as
    outcomes[k] did (a function of its random choices)."""
    for k, out in zip(order, _play_many(run, deck, rngs, deal, shown)):
        if out != outcomes[k]:
            raise _not_a_function(name)
    run.cases += len(rngs)


def _long_deck(run, name, deal, first):
    """The ascents on a long deck, as many shuffles as this check's seed says."""
    long = list(range(LONG_DECK))
    trials = LONG_TRIALS + (first >> 8) % (LONG_EXTRA + 1)
    seed = LONG_SEEDS + fresh_seed() % LONG_SEEDS
    run.last_call = _seeds(f'{name}(list(range({LONG_DECK})), random.Random(s))' if not deal else
                           f'deal({LONG_DECK}, 1, list(range({LONG_DECK})), random.Random(s))',
                           seed, trials)
    ascents = 0
    rngs = [ScriptedRandom(seed=seed + k) for k in range(trials)]
    try:
        for out in _play_many(run, long, rngs, deal, run.last_call):
            out = list(out)
            if sorted(out) != long:
                raise Mismatch([('returned', _('the deck became {deck}').format(deck=short(out))),
                                ('hint', _('a shuffle rearranges the cards it is given: every '
                                           'card stays in the deck exactly once'))])
            ascents += sum(a < b for a, b in zip(out, out[1:]))
    except StudentError as e:
        if not e.info.get('recursion'):
            raise
        raise Mismatch([('error', 'RecursionError'),
                        ('hint', _(TOO_DEEP).format(n=LONG_DECK, limit=RECURSION_LIMIT))]) from None
    run.cases += trials
    n = LONG_DECK
    z = (ascents - trials * (n - 1) / 2) / math.sqrt(trials * (n + 1) / 12)
    if abs(z) > Z_LIMIT:
        raise Mismatch(_full_deck_report('ascents', z, None, None, name,
                                         trials=trials, size=LONG_DECK))


RECURSION_LIMIT = 1_000
"""Python's default limit on how deep calls may nest (sys.getrecursionlimit())."""

TOO_DEEP = N_('your function calls itself once for each card, and this deck has {n:,d} cards: '
              'that is deeper than Python lets calls nest (about {limit:,d} deep), so it stops '
              'with a RecursionError. A shuffle must work on a deck of any size: walk through '
              'the positions with a loop instead')
"""The hint of a shuffle that recurses once a card (a recursive shuffle2): right on 52 cards,
but the long deck of the ascents test (LONG_DECK cards) is past Python's recursion limit."""


def _small_deck(run, name, deal, exact_upto):
    """Where the exact judgement stopped short of six cards: FULL_TRIALS shuffles of the
    six-card deck and a chi-square test of its card-by-position counts (level ALPHA), so
    that a bias aimed at particular cards ('a' always last) shows there too."""
    import numpy as np
    deck = EXACT_DECKS[-1] if not deal else DEAL_CARDS
    first = fresh_seed() % 2**31            # afresh at each check: no seed she can know
    shown = _seeds(f'{name}(list({deck!r}), random.Random(s))' if not deal else
                   f'deal({len(deck)}, 1, {deck!r}, random.Random(s))', first, FULL_TRIALS)
    run.last_call = shown
    outcomes = []
    rngs = [ScriptedRandom(seed=first + k) for k in range(FULL_TRIALS)]
    for out in _play_many(run, list(deck), rngs, deal, shown):
        out = list(out)
        if not _rearranged(deck, out):
            raise Mismatch([('returned', _('the deck became {deck}').format(deck=short(out))),
                            ('hint', _('a shuffle rearranges the cards it is given: every '
                                       'card stays in the deck exactly once'))])
        outcomes.append(out)
    run.cases += FULL_TRIALS
    where = _positions(outcomes, list(deck))
    N, n = where.shape
    counts = np.zeros((n, n))
    np.add.at(counts, (np.repeat(np.arange(n)[None, :], N, 0).ravel(), where.ravel()), 1)
    e = N / n
    failed, p = _chi_square_fails(((counts - e) ** 2 / e).sum() * (n - 1) / n, (n - 1) ** 2)
    if failed:
        c, q = np.unravel_index(np.abs(counts - e).argmax(), counts.shape)
        raise Mismatch([('returned', _('{card} ended at position {p} in {k:,d} of {N:,d} '
                                       'shuffles').format(card=repr(deck[c]), p=int(q),
                                                          k=int(counts[c, q]), N=N)),
                        ('expected', _('about {e:.0f} for every card at every position').format(
                            e=e)),
                        ('hint', _('cards do not land at every position equally often '
                                   '(chi-square test, p = {p:.1e}): a fair shuffle treats '
                                   'every card alike').format(p=p))])


MATCHED_RUNS = 30
"""Six-card shuffles on fresh seeds that a known mistaken shuffle must replay exactly for her
shuffle to be taken for it (``_draws_like_a_mistake``)."""


def _draws_like_a_mistake(run, name, deal, mistakes):
    """Where no exact judgement could finish: her shuffle is a known mistaken one (a row of
    the table) if, given her draws, it makes the same deck with every one of them, on
    MATCHED_RUNS fresh seeds. The lecture's shuffle2 is 3% off at most, which a test of
    1,000 shuffles cannot see: each shuffle tells it from a fair one by 1e-4 nats (its
    Kullback-Leibler divergence on four to six cards), so a level of 1e-7 and a power of
    0.999999 take some 300,000 shuffles, a minute or more of her code."""
    if deal:
        return
    deck, first = list(EXACT_DECKS[-1]), fresh_seed() % 2**31
    rngs = [ScriptedRandom(seed=first + k) for k in range(MATCHED_RUNS)]
    shown = run.last_call = _seeds(f'{name}(list({EXACT_DECKS[-1]!r}), random.Random(s))',
                                   first, MATCHED_RUNS)
    outs = _play_many(run, deck, rngs, deal, shown)
    for mistaken, hint, *_witnesses in mistakes:
        if not getattr(mistaken, 'predicate', False) and all(
                _replays(mistaken, deck, rng.draws, out) for out, rng in zip(outs, rngs)):
            raise Mismatch([('hint', _(hint) if isinstance(hint, str) else hint(deck))])


def _show(probs, unfinished, deck, expected) -> str:
    perms = sorted(expected)
    if len(perms) > 6:
        shown = [p for p in perms if probs.get(p, 0) != expected[p]][:4] or perms[:4]
        tail = _(' ... ({k} arrangements in all)').format(k=len(perms))
    else:
        shown, tail = perms, ''
    if unfinished == 0:
        return ', '.join(f'{p!r} {probs.get(p, 0)}' for p in shown) + tail
    return ', '.join(f'{p!r} {float(probs.get(p, 0)):.4f} to '
                     f'{float(probs.get(p, 0) + unfinished):.4f}' for p in shown) + tail


def _shows(mistake, probs, deck):
    """Does this distribution show the mistake? True, False, or None (the deck can't tell:
    a predicate about cards that move, on a run where nothing moves)."""
    if getattr(mistake, 'predicate', False):
        return mistake(probs, deck)
    theirs = mistaken_distribution(mistake, deck)
    return None if theirs is None else dict(theirs) == {k: v for k, v in probs.items() if v}


def _mistake_hint(mistakes, probs, deck, run, deal):
    """The hint of the one known mistake this distribution shows, or None.

    The student's shuffle is also enumerated on the decks up to four cards (on two cards,
    starting the loop at 1 and stopping it early look alike); a mistake earns its hint if
    it shows on at least one of them and on none fails to."""
    evidence = [(probs, deck)]
    call = run.last_call
    for size in range(len(deck) + 1, 5):
        bigger = EXACT_DECKS[size - 2] if not deal else DEAL_CARDS[:size]
        try:
            theirs, unfinished, runs, why = exact_distribution(None, bigger, budget=1_000,
                                                               many=_many(run, call, deal))
        except Mismatch:
            break
        if why or unfinished:
            break
        evidence.append((theirs, bigger))
    run.last_call = call
    fits = []
    for m, hint in mistakes:
        shown = [_shows(m, p, d) for p, d in evidence]
        if True in shown and False not in shown:
            fits.append(hint)
    if len(fits) == 1:
        return _(fits[0]) if isinstance(fits[0], str) else fits[0](deck)
    return None
