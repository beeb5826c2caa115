"""Exercises of notebook 06, Seven cards and wild cards (the lecture's homework).

A best-hand function is judged by what it returns: five legal cards (from
the hand, a joker standing for one card of its colour, a deuce for any
card) ranked as high as the best possible. ``flush_draw`` asks for the
exact chance over all 990 turn-and-river pairs.
"""

import functools
import inspect
import itertools
import math
from fractions import Fraction

import numpy as np

from ..cards import DECK, parse_hand
from ..fast import evaluate, hand_ids
from ..holdem import best_hand, best_wild_hand, replacements
from ..ranking import category_name, hand_rank
from .core import Mismatch, code, exercise, short, wrong

__all__ = []

rank5 = inspect.unwrap(hand_rank)
"""The ranking without the check that refuses a card twice (a joker may copy a card)."""


def judge_best_five(run, cases, best_of, legal, search):
    """Judge a best-hand function: five legal cards, ranked as high as possible.

    `search` says, for the hint, what a function must try to find the best.
    """
    for text in cases:
        hand = parse_hand(text)
        got = run(hand)
        best = best_of(hand)
        if not (isinstance(got, (list, tuple)) and len(got) == 5
                and all(isinstance(c, str) for c in got)):
            raise wrong(got, best, 'return the best five cards, as a list (or tuple) of cards')
        problem = legal(hand, list(got))
        if problem:
            raise wrong(got, best, problem)
        if rank5(list(got)) < rank5(list(best)):
            raise wrong(got, best, f'a better five cards exist ({category_name(rank5(best)[0])}): '
                                   f'try {search}')


def from_hand(hand, got):
    if len(set(got)) < 5:
        return 'five different cards'
    missing = [c for c in got if c not in hand]
    return f'{missing[0]} is not in the hand' if missing else None


@exercise('best_hand', returns='five cards')
def _best_hand(run):
    judge_best_five(run, ['6C 7C 8C 9C TC 5C JS', 'TD TC TH 7C 7D 8C 8S',
                          'JD TC TH 7C 7D 7S 7H', 'AS AH KS KH QS QH 2C',
                          '2S 3D 4H 5C 9S KD', 'AS KS QS JS TS 9S',
                          '7C 5D 4H 3S 2C', 'AS 2D 3C 4H 5S KC KD',
                          '9H 9D 9S 4C 4D 4H KS', 'AH 2H 3H 4H 5H 6H KD'],
                    best_hand, from_hand,
                    f'every way to choose five ({code("itertools.combinations(hand, 5)")})')


def with_jokers(hand, got):
    """None if got can be made from hand's cards, each joker standing for one card."""
    if any(c in ('?B', '?R') for c in got):
        return ('replace each joker by a card it can stand for: ?B any black card '
                '(spades or clubs), ?R any red card (hearts or diamonds)')
    for chosen in itertools.permutations(hand, 5):
        if all(g in replacements(c) for g, c in zip(got, chosen)):
            return None
    return ('those five cards cannot be made from this hand: a joker stands for one '
            'card of its colour, every other card is itself')


@exercise('best_wild_hand', returns='five cards', seconds=10,
          error_hint='replace every joker by a card before ranking: a ranking reads only '
                     'real cards, and ?B and ?R are not cards')
def _best_wild_hand(run):
    judge_best_five(run, ['AS AH AD AC ?B', '6C 7C 8C 9C TC 5C ?B',
                          'TD TC 5H 5C ?R ?B', 'JD TC TH 7C 7D 7S 7H',
                          '2C 3D 4H 9S KD ?R', 'QH JH TH 9H ?B 2C 3D',
                          '?R 8C 8D 4S 3H'],
                    inspect.unwrap(best_wild_hand), with_jokers,
                    'every card each joker can stand for, and every way to choose five')


def count_wild_rankings_reference(hand) -> int:
    """Reference answer: hands ranked by the brute force (jokers' replacements times choices of five)."""
    return math.prod(len(replacements(c)) for c in hand) * math.comb(len(hand), 5)


def _count_without_choices(hand):
    return math.prod(len(replacements(c)) for c in hand)


def _count_one_choice_only(hand):
    return math.comb(len(hand), 5)


def _judge_count(run):
    for text in ['AS KS QS JS TS', 'AS KS QS JS TS 9S', 'AS KS QS JS TS 9S 8S',
                 'AS KS QS JS TS 9S ?B', 'AS KS QS JS TS ?R ?B', 'AS KS QS JS ?R',
                 '2C 3D 4H 5S 6C', '?B ?R 2C 3D 4H']:
        hand = parse_hand(text)
        expected = count_wild_rankings_reference(hand)
        got = run(hand)
        if isinstance(got, int) and not isinstance(got, bool) and got == expected:
            continue
        if got == _count_without_choices(hand):
            hint = 'for each replacement, every choice of five cards is ranked too: C(n, 5) of them'
        elif got == _count_one_choice_only(hand):
            hint = 'each joker can be any of 26 cards: every replacement counts'
        else:
            hint = ('every replacement of the jokers (26 cards each) times every choice of '
                    'five cards')
        raise wrong(got, expected, hint)


exercise('count_wild_rankings', returns='a count')(_judge_count)


def best_deuces_wild(hand):
    """Reference answer: the best five when every deuce can be any card."""
    options = [DECK if c[0] == '2' else [c] for c in hand]
    return list(max((list(h) for h in itertools.product(*options)), key=rank5))


def _deuces_legal(hand, got):
    kept = [c for c in hand if c[0] != '2']
    missing = [c for c in kept if c not in got]
    return f'{missing[0]} is not a deuce: it stays as it is' if missing else None


@exercise('best_deuces_wild', returns='five cards', seconds=20)
def _deuces_wild(run):
    judge_best_five(run, ['2S AS AH KD 9C', '2S 2H AS AH KD', '2C 2D 9C 9D 9H',
                          '2H 7S 8S 9S TS', 'KS QS 2D 4C 6H', 'AS KD 7C 5H 3S'],
                    best_deuces_wild, _deuces_legal,
                    f'every card of the deck for each deuce ({code("itertools.product")})')


@functools.cache
def flush_draw_counts() -> tuple:
    """Reference: (wins, ties, boards) of AS KS against 9H 9C after 7S 2S 9D, every board."""
    board, me, you = parse_hand('7S 2S 9D'), parse_hand('AS KS'), parse_hand('9H 9C')
    rest = [c for c in DECK if c not in board + me + you]
    pairs = [list(p) for p in itertools.combinations(rest, 2)]
    mine = evaluate(hand_ids([me + board + p for p in pairs]))
    yours = evaluate(hand_ids([you + board + p for p in pairs]))
    return int(np.sum(mine > yours)), int(np.sum(mine == yours)), len(pairs)


@exercise('flush_draw', takes_value=True, prepare=[flush_draw_counts],
          returns='a probability: a Fraction, or a float')
def _flush_draw(value):
    wins, ties, n = flush_draw_counts()
    expected = Fraction(wins, n)
    if not isinstance(value, (int, float, Fraction)) or isinstance(value, bool):
        raise wrong(value, expected, f'the chance as a number: {code("Fraction(wins, boards)")} '
                                     f'or {code("wins / boards")}')
    if abs(value - expected) <= 1e-9:
        return ': right, exactly'
    if abs(value - Fraction(wins + ties, n)) <= 1e-9:
        hint = 'a tie is not a win: count only the boards on which AS KS ranks higher'
    elif abs(value - expected) < 0.05 and abs(value * n - round(value * n)) > 1e-6:
        hint = (f'close, but not exact: this looks like an estimate from a sample of boards; '
                f'count every turn and river, all {n} pairs of the 45 unseen cards')
    elif 0 < value <= 1 and abs(value * n - round(value * n)) < 1e-6:
        hint = (f'{round(value * n)} boards out of {n}: count the boards on which AS KS '
                f'ranks higher with its best five of seven cards')
    else:
        hint = f'the fraction of the {n} boards (turn and river) on which AS KS wins'
    raise Mismatch([('returned', short(value)),
                    ('expected', f'{expected} = {wins}/{n}, about {float(expected):.4f}'),
                    ('hint', hint)])

