"""Exercises of notebook 06, Seven cards and wild cards (the lecture's homework).

A best-hand function is judged by what it returns: five legal cards (from
the hand, a joker standing for one card of its colour, a deuce for any
card) ranked as high as the best possible by ``hand_rank_wild``, the
course's one rule for wild cards: a copy of a card of the hand counts as a
card of its own (``?B AS KS QS 9S`` is the flush A A K Q 9). ``flush_draw`` asks for the
exact chance over all 990 turn-and-river pairs.
"""

import functools
import itertools
import math
from fractions import Fraction

from ...cards import DECK, parse_hand
from ...fast import evaluate, hand_ids
from ...holdem import best_hand, best_wild_hand, hand_rank_wild, replacements
from ...ranking import category_name, hand_rank
from ...i18n import N_, _
from ...lazy import np
from ..judge.kit import Mismatch, code, diagnosed, exercise, forbid, known, mistakes, short, wrong

__all__ = []

# The exercises notebook 06 checks, in order (registry.lessons); @exercise takes no other.
CHECKS = ('best_hand', 'best_wild_hand', 'flush_draw', 'count_wild_rankings', 'best_deuces_wild')

CATEGORY_ORDER = N_("a better five cards exist: {best}, a {category}, beats your {theirs}; is "
                    "your order of the categories the ranking's? ({rank} gives it)")
BETTER_FIVE = N_('a better five cards exist ({category}): try {search}')


# ---------------------------------------------------------------------------
# The mistakes students make, each with the hint it earns: the one home of each. The judge
# diagnoses by the rows made with diagnosed(...); tests/practice/test_mistakes.py tests them all.

mistakes(
    'best_hand',
    diagnosed("""
import itertools
from pokerlib import hand_rank
def best_hand(hand):
    return list(min(itertools.combinations(hand, 5), key=hand_rank))
""", N_('that is the worst five cards of the hand: take the max, not the min'),
        witnesses=['2S 3D 5H 7C 9S JD KH', 'AS KS QS JS TS 9H 8H']),
    diagnosed("""
import itertools
from pokerlib import hand_rank
def best_hand(hand):
    return list(max(itertools.combinations(hand, 5), key=lambda h: hand_rank(h)[0]))
""", N_('the category alone does not choose among hands of one category: compare the whole '
        'rankings, key=hand_rank'), witnesses=['2S 2H 3D 4C 5S AH AD', '3S 4D 6H 8C TS QD AH']),
    ("""
import itertools
from pokerlib import hand_rank
def my_rank(five):
    category, *rest = hand_rank(five)
    return ({4: 5, 5: 4}.get(category, category), *rest)
def best_hand(hand):
    return list(max(itertools.combinations(hand, 5), key=my_rank))
""", CATEGORY_ORDER))

JOKER_COPIES = N_('a joker may copy a card of its own hand, and the copy counts: {best} is '
                  '{category}, which beats {got}; let each joker be any card of its colour, '
                  'those of the hand included')
REPLACE_JOKERS = N_('replace each joker by a card it can stand for: ?B any black card (spades or '
                    'clubs), ?R any red card (hearts or diamonds)')

mistakes(
    'best_wild_hand',
    ("""
import itertools
from pokerlib import DECK, hand_rank
def best_wild_hand(hand):
    options = [[c for c in DECK if c[1] in ('SC' if card == '?B' else 'HD') and c not in hand]
               if card in ('?B', '?R') else [card] for card in hand]
    return list(max((five for choice in itertools.product(*options) if len(set(choice)) == len(choice)
                     for five in itertools.combinations(choice, 5)), key=hand_rank))
""", JOKER_COPIES),
    ("""
import itertools
from pokerlib import hand_rank_wild
def best_wild_hand(hand):
    return list(max(itertools.combinations(hand, 5), key=lambda five: hand_rank_wild(
        [c for c in five if c[0] != '?'] + ['2C'] * sum(c[0] == '?' for c in five))))
""", REPLACE_JOKERS))

WILD_COUNT = N_('every replacement of the jokers (26 cards each) times every choice of five '
                'cards')

mistakes(
    'count_wild_rankings',
    diagnosed("""
import math
def count_wild_rankings(hand):
    return 26 ** sum(c in ('?B', '?R') for c in hand)
""", N_('for each replacement, every choice of five cards is ranked too: C(n, 5) of them')),
    diagnosed("""
import math
def count_wild_rankings(hand):
    return math.comb(len(hand), 5)
""", N_('each joker can be any of 26 cards: every replacement counts')),
    ("""
import math
def count_wild_rankings(hand):
    return 52 ** sum(c in ('?B', '?R') for c in hand) * math.comb(len(hand), 5)
""", WILD_COUNT))

mistakes(
    'best_deuces_wild',
    diagnosed("""
from pokerlib import DECK, hand_rank_wild
def best_deuces_wild(hand):
    return max(([c if x[0] == '2' else x for x in hand] for c in DECK), key=hand_rank_wild)
""", N_('here the two deuces must stand for two different cards: try every card for each deuce '
        'on its own (itertools.product)'), witnesses=['2C 2D 7H 8H 9H']),
    diagnosed("""
import itertools
from pokerlib import DECK, hand_rank_wild
def best_deuces_wild(hand):
    options = [[d for d in DECK if d not in hand] if c[0] == '2' else [c] for c in hand]
    return max((list(h) for h in itertools.product(*options) if len(set(h)) == 5),
               key=hand_rank_wild)
""", N_('a deuce may copy a card of its own hand, and the copy counts: with 9C 9D 9H and two '
        'deuces, 9S 9S 9C 9D 9H is five of a kind; let each deuce be any of the 52 cards'),
        witnesses=['2C 2D 9C 9D 9H']),
    ("""
import itertools
from pokerlib import DECK, hand_rank_wild
def best_deuces_wild(hand):
    options = [DECK if c[0] == '2' else [c] for c in hand]
    return list(hand)
""", BETTER_FIVE))

FLUSH_DRAW_UNSEEN = N_('{k} boards out of {m}, the pairs of {u} cards: the turn and river come '
                       'from the 45 cards that are neither on the board nor in either hand')
SAMPLED = N_('close, but not exact: this looks like an estimate from a sample of boards; count '
             'every turn and river, all {n} pairs of the 45 unseen cards')
FRACTION_OF_BOARDS = N_('the fraction of the {n} boards (turn and river) on which AS KS wins')

_FLUSH_DRAW = """
import itertools
from fractions import Fraction
from pokerlib import DECK, best_hand, hand_rank
def flush_draw():
    board, me, you = ['7S', '2S', '9D'], ['AS', 'KS'], ['9H', '9C']
    rest = [c for c in DECK if c not in board + me + you]
    pairs = list(itertools.combinations(rest, 2)){sample}
    wins = sum(hand_rank(best_hand(me + board + list(p))) {compare}
               hand_rank(best_hand(you + board + list(p))) for p in pairs)
    return {answer}
"""

mistakes(
    'flush_draw',
    (_FLUSH_DRAW.format(sample='\n    pairs = __import__("random").Random(1).sample(pairs, 200)',
                        compare='>', answer='wins / len(pairs)'),
     SAMPLED),
    (_FLUSH_DRAW.format(sample='', compare='>', answer='wins'),
     FRACTION_OF_BOARDS),
    ("""
import itertools
from pokerlib import DECK, best_hand, hand_rank
def flush_draw():
    board, me, you = ['7S', '2S', '9D'], ['AS', 'KS'], ['9H', '9C']
    pairs = list(itertools.combinations([c for c in DECK if c not in board], 2))
    wins = sum(hand_rank(best_hand(me + board + list(p))) > hand_rank(best_hand(you + board + list(p)))
               for p in pairs if not set(p) & set(me + you))
    return wins / len(pairs)
""", FLUSH_DRAW_UNSEEN))


def judge_best_five(run, cases, best_of, legal, search, wild='joker', mistakes=()):
    """Judge a best-hand function: five legal cards, ranked as high as possible.

    `search()` says, for the hint, what a function must try to find the best;
    `wild` names the wild card in the hint about copies ('joker', 'deuce', or
    'none' for seven cards); `mistakes` are (mistaken best-hand function,
    hint[, witnesses]), a table's rows (``known``): an answer ranked as the mistaken
    function's answer is earns its hint if on every witness hand too the function answers
    as the mistaken one does.
    """
    for text in cases:
        hand = parse_hand(text)
        got = run(hand)
        best = best_of(hand)
        if not (isinstance(got, (list, tuple)) and len(got) == 5
                and all(isinstance(c, str) for c in got)):
            raise wrong(got, best, _('return the best five cards, as a list (or tuple) of '
                                     'cards'))
        problem = legal(hand, list(got))
        if problem:
            raise wrong(got, best, problem)
        mine, ours = hand_rank_wild(list(got)), hand_rank_wild(list(best))
        if mine >= ours:
            continue
        hint = copy_hint(list(got), list(best), wild) or no_copy_hint(hand, list(got),
                                                                       list(best), wild)
        failing = run.last_call
        for mistaken, why, *witnesses in mistakes:
            if not hint and hand_rank_wild(list(mistaken(hand))) == mine and all(
                    _ranked(run(parse_hand(w))) == hand_rank_wild(list(mistaken(parse_hand(w))))
                    for w in (witnesses[0] if witnesses else ())):
                hint = _(why)
        if not hint and wild == 'none' and mine[0] != ours[0] and mine == max(
                hand_rank_wild(list(h)) for h in itertools.combinations(hand, 5)
                if hand_rank_wild(list(h))[0] == mine[0]):
            hint = _(CATEGORY_ORDER).format(
                best=' '.join(best), category=_(category_name(ours[0])),
                theirs=_(category_name(mine[0])), rank=code('hand_rank'))
        raise wrong(got, best, hint or _(BETTER_FIVE).format(
            category=_(category_name(ours[0])), search=search()), call=failing)


def copy_hint(got, best, wild) -> str:
    """The hint for a flush without a copy where the best flush holds one, if
    the answer shows that mistake: by hand_rank's groups, which keep a copied
    card's rank once, it ranks as high as the best; else ''."""
    group_rank = hand_rank.__wrapped__
    if not (len(set(best)) < 5 == len(set(got)) and hand_rank_wild(best)[0] == 5
            and hand_rank_wild(got)[0] == 5 and group_rank(got) >= group_rank(best)):
        return ''
    ranks = ' '.join('--23456789TJQKA'[r] for r in hand_rank_wild(best)[1])
    return (_('a joker may copy a card of its own hand, and the copy counts: {best} is the '
              'flush {ranks}, which beats {got}; rank the candidates with {rank}')
            if wild == 'joker' else
            _('a deuce may copy a card of its own hand, and the copy counts: {best} is the '
              'flush {ranks}, which beats {got}; rank the candidates with {rank}')).format(
                best=' '.join(best), ranks=ranks, got=' '.join(got),
                rank=code('hand_rank_wild'))


def no_copy_hint(hand, got, best, wild) -> str:
    """The hint for an answer that is the best five when a joker may not copy a card of the
    hand (where the best five hold a copy), else ''."""
    if wild != 'joker' or len(set(best)) == 5 or len(set(got)) < 5:
        return ''
    options = [[c for c in replacements(card) if c not in hand] if card in ('?B', '?R')
               else [card] for card in hand]
    if math.prod(len(o) for o in options) > 26 ** 2:
        return ''
    top = max((hand_rank_wild(list(five)) for choice in itertools.product(*options)
               for five in itertools.combinations(choice, 5)), default=None)
    if top != hand_rank_wild(got):
        return ''
    return _(JOKER_COPIES).format(best=' '.join(best), got=' '.join(got),
                                  category=_(category_name(hand_rank_wild(best)[0])))


def from_hand(hand, got):
    if len(set(got)) < 5:
        return _('five different cards')
    missing = [c for c in got if c not in hand]
    return _('{card} is not in the hand').format(card=missing[0]) if missing else None


FIXED_SEVEN = ['6C 7C 8C 9C TC 5C JS', 'TD TC TH 7C 7D 8C 8S', 'JD TC TH 7C 7D 7S 7H',
               'AS AH KS KH QS QH 2C', '2S 3D 4H 5C 9S KD', 'AS KS QS JS TS 9S', '7C 5D 4H 3S 2C',
               'AS 2D 3C 4H 5S KC KD', '9H 9D 9S 4C 4D 4H KS', 'AH 2H 3H 4H 5H 6H KD']


def find_seven_card_cases() -> tuple:
    """The best_hand judge's hands (as text): FIXED_SEVEN, then, found among 120,000 random
    seven-card hands (seeded), for every pair of categories (A, B) that can meet in seven
    cards, three hands whose best five are an A and that also hold a B; for every category,
    five hands holding two or more different hands of the best category (two straights,
    six or seven cards of a suit, three pairs, two threes...), where the ranks must decide;
    and hands of five and six cards. A function that orders two categories wrongly, or
    breaks a tie within a category wrongly, chooses wrongly on one of them."""
    import numpy as np
    from ...fast import categories, evaluate, id_hands
    gen = np.random.default_rng(7)
    m = 120_000
    hands = np.argpartition(gen.random((m, 52)), 7, axis=1)[:, :7].astype(np.uint8)
    subsets = np.array(list(itertools.combinations(range(7), 5)))
    values = evaluate(hands[:, subsets].reshape(-1, 5)).reshape(m, 21)
    cats = categories(values.ravel()).reshape(m, 21)
    best = values.max(1)
    best_cat = categories(best)
    chosen = []
    for a in range(9):
        rows = np.flatnonzero(best_cat == a)
        for b in range(a):
            has_b = rows[(cats[rows] == b).any(1)]
            chosen += list(has_b[:3])
        # two or more different hands of the best category (among the first 20,000)
        first = rows[:20_000]
        mine = cats[first] == a
        several = first[np.where(mine, values[first], values.min()).max(1)
                        != np.where(mine, values[first], values.max()).min(1)]
        chosen += list(several[:5])
    texts = list(FIXED_SEVEN)
    seen = set(texts)
    for r in chosen:
        text = ' '.join(id_hands(hands[r:r + 1])[0])
        if text not in seen:
            seen.add(text)
            texts.append(text)
    for k in (5, 6):
        for r in range(5):
            text = ' '.join(id_hands(hands[m - 1 - r:m - r, :k])[0])
            texts.append(text)
    return tuple(texts)


SEVEN_FOUND = (
    '8C 2H AS 6H JS 3S 4D', '2D KS AS 8C 4C 9C QS', 'QD 8S 5S 2C 9C 4D TS',
    '8S 3H JC KC TC 4S 2C', '6H 9S KC 2D 8D 7C 4S', 'JH 3D TS 8S 7C KD JC',
    'AS 7D 2S 3H 6S 9D 3S', 'QH JH 4C TS 6S TH 9H', '6C TC 2S 9S 3H 5C 9D',
    'TH KH QS 4S TD 8C JC', '8C QS TS 8H 5D 6S QD', '6S 6C QS 3C 3D JD TH',
    '4C QH 5D 4S 3C 3H 2D', '8S AC AS 2S KH 2C 6C', 'TC KC 2S 3C 3S 2D 7S',
    'KS KD JD 2S 5C KC 7D', '9C QS 9D JS AH 9H 2C', 'KH KS 8D KC 2H 7C QC',
    'KS TS 9H TH TD AD 4H', '3S 3D 2S AD 4H 3H TC', '4D 6S QD 5H 4S 8S 7D',
    '4S 6C 3D 7C 5C 8D 9S', '3S 5C 2S 4S 6D KC KS', '6C 8D QS 6H 7C 5H 9D',
    '6D 6H 7S 5D 8D 9H 9C', '8D 4D 4S 5S 6C 8H 7S', '7S 6S 5H 8S 7H 9H 8C',
    '9S KH TH JD JC JH QD', '4D 3C 4S 2H 4C 5H 6H', 'KH QD TC QS JH 9D QH',
    'TC 7C 9H 4H 6H 8D 5D', 'TH QD 9S 8D 6S 7C JC', '9D 7S 8H TD 4C JS QS',
    '9C QC TS AC KC 3D JD', '2S 9S 8S QH QS 4S QD', 'TH JH 6S 4H JS AH 3H',
    '7D 9D 2D 6D 6S AC JD', '4H AC 8H 3H AH KH KD', '7H QH 2H 7D TH 6H QC',
    'QS 4S 6S QH AS 6C 9S', 'AC 6S AS 9S 8S AD 7S', '8S 3S 7S 7H 7C AS 2S',
    '8S 3D TS 6S 9S 2S 7D', 'JS QC KH 4H AH TH 5H', '8S 7D 7C 4C 5C 6C KC',
    '3D TD 2D 5D 3H 6D 8D', '6H KH 7H QH 2S 8H 3H', '9H KH AS TH 2H 6H 7H',
    '3S 9S KD TS 6S KS JS', '9D 5D 2D AD 9H 7D QD', 'AH AC JC 8S JD 7H AD',
    '6H KH AD KS KD AC 9C', 'KC JH 3C KD 7C JC KS', '6H 3H 3S KH KC 6C 3D',
    '9H 9S 5D KH KC KS 9C', '7S 9D 4D 4S 9C 9H 7H', 'QS 2S 5H 5C 2H QC 2D',
    'TC 7H TD QC TH QH 7S', '8S 8H 8D KS 8C 3H AH', 'QH QC QS QD 3H 9S 2C',
    'QC TS TD 6H TH 4D TC', 'AH AD 4D 2C 4C AC AS', '6S 5D 6C 5C 5S 5H TS',
    '5S 9S TD 9C TC 9H 9D', '7H 3H 4H 5H 7S 8C 6H', '3D QC 3H JC TC KC AC',
    '2D 3D QS 9S 4D 6D 5D', 'TS 6S 9S 6C 7S 7C 8S', 'AH 4D 5H 2H 4H 3H 2S',
    '3H 6D 6H 5H 4H 2D 2H', 'QH QD QS KD AD JD TD', 'KS JH KH KD QH 9H TH',
    '8H 6H TH 9H 7H AC TC', 'QS 5H 2H 6H 4H TH 3H', 'KD TD QD 4S 9D JD 8D',
    '4S 8S 7S 6S 5S QS 2D', '4D 3D AD 5D 6D 2D KC', '3S AS 2S 5S KC 4S 6S', '9H 7H AD 6C 5S',
    'JS QS 7H KH 7D', 'TD 9H AD 2H 6D', '7C QC TS 5C 3C', '2S 5D QC JH 8D',
    '9H 7H AD 6C 5S KS', 'JS QS 7H KH 7D TS', 'TD 9H AD 2H 6D 7H', '7C QC TS 5C 3C 8H',
    '2S 5D QC JH 8D 4D',
)
"""The hands find_seven_card_cases finds after FIXED_SEVEN, written down (finding them
takes half a second; a test finds them again and compares)."""


def seven_card_cases() -> tuple:
    """The best_hand judge's hands (as text): FIXED_SEVEN, then SEVEN_FOUND."""
    return tuple(FIXED_SEVEN) + SEVEN_FOUND


def _ranked(five):
    """hand_rank_wild of an answer, or None if it is not five cards."""
    try:
        return hand_rank_wild(list(five))
    except Exception:
        return None


@functools.cache
def seven_card_answers() -> tuple:
    """(case, the best five) for every case, worked out once."""
    return tuple((text, tuple(best_hand(parse_hand(text)))) for text in seven_card_cases())


@exercise('best_hand', returns=N_('five cards'), prepare=[seven_card_answers])
def _best_hand(run):
    answers = dict(seven_card_answers())
    judge_best_five(run, list(answers), lambda hand: list(answers[' '.join(hand)]), from_hand,
                    lambda: _('every way to choose five ({combinations})').format(
                        combinations=code('itertools.combinations(hand, 5)')), wild='none',
                    mistakes=known('best_hand'))
    return _('the best five of {n} hands: every pair of categories that can meet in seven '
             'cards, and every category with more than one hand of it to choose from').format(
                 n=len(answers))


def with_jokers(hand, got):
    """None if got can be made from hand's cards, each joker standing for one card."""
    if any(c in ('?B', '?R') for c in got):
        return _(REPLACE_JOKERS)
    for chosen in itertools.permutations(hand, 5):
        if all(g in replacements(c) for g, c in zip(got, chosen)):
            return None
    return _('those five cards cannot be made from this hand: a joker stands for one '
             'card of its colour, every other card is itself')


def copied_card_error(wild, otherwise=None):
    """error_hint: for a card refused as a duplicate, say that a copy is allowed and how to rank it."""
    def hint(error):
        if 'duplicate card' in str(error):
            return (_('a joker may copy a card of its own hand, so a candidate may hold a '
                      'card twice, which hand_rank and best_hand refuse: rank the candidates '
                      'with {rank}') if wild == 'joker' else
                    _('a deuce may copy a card of its own hand, so a candidate may hold a '
                      'card twice, which hand_rank and best_hand refuse: rank the candidates '
                      'with {rank}')).format(rank=code('hand_rank_wild'))
        return otherwise
    return hint


WILD_CASES = ['AS AH AD AC ?B', '6C 7C 8C 9C TC 5C ?B', 'TD TC 5H 5C ?R ?B', 'JD TC TH 7C 7D 7S 7H',
              '2C 3D 4H 9S KD ?R', 'QH JH TH 9H ?B 2C 3D', '?R 8C 8D 4S 3H', '?B AS KS QS 9S',
              '?R AH KH QH 9H 2C', '?B ?R AS KS QS', '?R ?B 9H TH 2C']


@functools.cache
def wild_answers() -> dict:
    """The best five of every joker case, worked out once."""
    return {text: best_wild_hand(parse_hand(text)) for text in WILD_CASES}


@exercise('best_wild_hand', returns=N_('five cards'), seconds=10, prepare=[wild_answers],
          error_hint=copied_card_error(
              'joker', N_('replace every joker by a card before ranking: a ranking reads '
                          'only real cards, and ?B and ?R are not cards')))
def _best_wild_hand(run):
    judge_best_five(run, WILD_CASES,
                    lambda hand: wild_answers()[' '.join(hand)], with_jokers,
                    lambda: _('every card each joker can stand for, and every way to choose '
                              'five'))


def count_wild_rankings_reference(hand) -> int:
    """Reference answer: hands ranked by the brute force (jokers' replacements times choices of five)."""
    return math.prod(len(replacements(c)) for c in hand) * math.comb(len(hand), 5)


def _judge_count(run):
    for text in ['AS KS QS JS TS', 'AS KS QS JS TS 9S', 'AS KS QS JS TS 9S 8S',
                 'AS KS QS JS TS 9S ?B', 'AS KS QS JS TS ?R ?B', 'AS KS QS JS ?R',
                 '2C 3D 4H 5S 6C', '?B ?R 2C 3D 4H']:
        hand = parse_hand(text)
        expected = count_wild_rankings_reference(hand)
        got = run(hand)
        if isinstance(got, int) and not isinstance(got, bool) and got == expected:
            continue
        hint = next((why for mistaken, why in known('count_wild_rankings')
                     if got == mistaken(hand)), WILD_COUNT)
        raise wrong(got, expected, _(hint))


exercise('count_wild_rankings', returns=N_('a count'))(_judge_count)


def best_deuces_wild(hand):
    """Reference answer: the best five when every deuce can be any card."""
    options = [DECK if c[0] == '2' else [c] for c in hand]
    return list(max((list(h) for h in itertools.product(*options)), key=hand_rank_wild))


def _deuces_legal(hand, got):
    kept = [c for c in hand if c[0] != '2']
    missing = [c for c in kept if c not in got]
    return (_('{card} is not a deuce: it stays as it is').format(card=missing[0])
            if missing else None)


@functools.cache
def deuces_answers() -> dict:
    """The best five of every case, worked out once (every card of the deck for each deuce)."""
    return {text: best_deuces_wild(parse_hand(text)) for text in DEUCES_CASES}


DEUCES_CASES = ['2S AS AH KD 9C', '2S 2H AS AH KD', '2C 2D 9C 9D 9H', '2H 7S 8S 9S TS',
                'KS QS 2D 4C 6H', 'AS KD 7C 5H 3S', 'AS KS QS 8S 2D', '2S 2H AS KS QS',
                '2C 2D 7H 8H 9H', 'KD 2S 9D 2C TD', '5C 2H 2D 8C 6C']
"""Deuces wild: one or two deuces; in the last four the two deuces must stand for two
different cards (a royal flush, straight flushes), so a function that replaces both deuces
by the same card fails."""


@exercise('best_deuces_wild', returns=N_('five cards'), seconds=20,
          error_hint=copied_card_error('deuce'), prepare=[deuces_answers])
def _deuces_wild(run):
    answers = deuces_answers()
    judge_best_five(run, DEUCES_CASES, lambda hand: answers[' '.join(hand)], _deuces_legal,
                    lambda: _('every card of the deck for each deuce ({product})').format(
                        product=code('itertools.product')),
                    wild='deuce', mistakes=known('best_deuces_wild'))


@functools.cache
def flush_draw_counts() -> tuple:
    """Reference: (wins, ties, boards) of AS KS against 9H 9C after 7S 2S 9D, every board."""
    board, me, you = parse_hand('7S 2S 9D'), parse_hand('AS KS'), parse_hand('9H 9C')
    rest = [c for c in DECK if c not in board + me + you]
    pairs = [list(p) for p in itertools.combinations(rest, 2)]
    mine = evaluate(hand_ids([me + board + p for p in pairs]))
    yours = evaluate(hand_ids([you + board + p for p in pairs]))
    return int(np.sum(mine > yours)), int(np.sum(mine == yours)), len(pairs)


def _other_unseen(value, n):
    """The number u of cards (other than 45) whose C(u, 2) pairs make value a whole count of
    boards out of all of them, if one does and the n right boards do not: an answer over the
    wrong unseen cards."""
    if not 0 < value < 1 or abs(value * n - round(value * n)) < 1e-6:
        return None
    return next((u for u in range(40, 53) if u != 45
                 and abs(value * math.comb(u, 2) - round(value * math.comb(u, 2))) < 1e-6), None)


def _flush_draw_error(error):
    """error_hint of flush_draw: a hand made with a card that is already dealt."""
    if 'duplicate card' in str(error) or 'twice' in str(error):
        return N_('a turn or river card was already dealt: the turn and the river come from the '
                  '45 cards nobody has seen, the deck without AS KS, 9H 9C and the flop')
    return None


@exercise('flush_draw', takes_value=True, prepare=[flush_draw_counts],
          returns=N_('a probability: a Fraction, or a float'), error_hint=_flush_draw_error)
def _flush_draw(value):
    wins, ties, n = flush_draw_counts()
    expected = Fraction(wins, n)
    if not isinstance(value, (int, float, Fraction)) or isinstance(value, bool):
        raise wrong(value, expected, _('the chance as a number: {fraction} or {ratio}').format(
                        fraction=code('Fraction(wins, boards)'), ratio=code('wins / boards')))
    if abs(value - expected) <= 1e-9:
        return _('right, exactly')
    if abs(value - Fraction(wins + ties, n)) <= 1e-9:
        hint = _('a tie is not a win: count only the boards on which AS KS ranks higher')
    elif _other_unseen(value, n):
        u = _other_unseen(value, n)
        hint = _(FLUSH_DRAW_UNSEEN).format(u=u, m=math.comb(u, 2), k=round(value * math.comb(u, 2)))
    elif abs(value - expected) < 0.05 and abs(value * n - round(value * n)) > 1e-6:
        hint = _(SAMPLED).format(n=n)
    elif 0 < value <= 1 and abs(value * n - round(value * n)) < 1e-6:
        hint = _('{k} boards out of {n}: count the boards on which AS KS ranks higher '
                 'with its best five of seven cards').format(k=round(value * n), n=n)
    else:
        hint = _(FRACTION_OF_BOARDS).format(n=n)
    raise Mismatch([('returned', short(value)),
                    ('expected', _('{expected} = {wins}/{n}, about {p:.4f}').format(
                        expected=expected, wins=wins, n=n, p=float(expected))),
                    ('hint', hint)])


# --- the course's functions that do these exercises' work under other names -------------

forbid('best_hand', 'pokerlib.holdem:best_hand_ids', 'pokerlib.holdem:best_wild_hand',
       'pokerlib.holdem:best_wild_hands', 'pokerlib.holdem:describe_hand', 'pokerlib.holdem:_best_wild')
forbid('best_wild_hand', 'pokerlib.holdem:best_wild_hands', 'pokerlib.holdem:describe_hand',
       'pokerlib.holdem:_best_wild')
forbid('best_deuces_wild', 'pokerlib.holdem:best_wild_hand', 'pokerlib.holdem:best_wild_hands',
       'pokerlib.holdem:_best_wild')
