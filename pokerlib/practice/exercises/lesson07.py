"""Exercises of notebook 07, A file of hands (Project Euler problem 54).

``player1_wins`` is judged on four files of deals drawn afresh at every check
(``judges.fresh_seed``), a tenth of them ties, so a hard-coded count fails, and on
deals that tell the rankings' mistakes apart (``PLAYER1_CASES``).
"""

import functools
import random
from collections import Counter

from ...ranking import hand_rank
from ...versus import (make_versus_lines, parse_versus_line, score_versus, versus_errors,
                      versus_winner)
from ...i18n import N_, _
from ..judge.kit import code, exercise, forbid, mistakes, wrong
from .judges import fresh_seed, noted

__all__ = []

# The exercises notebook 07 checks, in order (registry.lessons); @exercise takes no other.
CHECKS = ('player1_wins', 'how_won', 'score_valid')


# ---------------------------------------------------------------------------
# The mistakes students make, each with the hint it earns: the one home of each. The judge
# diagnoses by the rows made with diagnosed(...); tests/practice/test_mistakes.py tests them all.

FULL_HOUSE_RANKS = N_('a full house ranks by its three of a kind first, then by its pair: tens '
                      'over twos beat threes over kings')
WHEEL_BEATS_PAIR = N_('A-2-3-4-5 is a straight, the lowest one (the wheel): it beats a pair')
WHEEL_ACE_LOW = N_('in the wheel, A-2-3-4-5, the ace counts as 1: a six-high straight beats it')
LAST_LINE = N_('each line is one deal: count every line of the file, the last one too')
COMPARE_WHOLE_RANKINGS = N_('compare the whole rankings, {compare}: the category first, and when '
                            'both hands are in one category, the ranks decide')
TIE_NOT_WIN = N_('a tie is not a win for player 1: count only the deals where hand 1 ranks higher')
PLAYER2_COUNT = N_("that is player 2's count: hand 1 is the first five cards of each line")
SAME_FOR_SIZES = N_('the same answer for a file of {n} deals and one of {m}: count the wins in '
                    'the lines your function is given, not a number worked out before')
SAME_AS_BEFORE = N_('the same answer as for the other file of {n} deals: count the wins in the '
                    'lines your function is given, not a number kept from before')

_OWN_RANK = """
from pokerlib import parse_versus_line
from collections import Counter
def rank(hand):
    ranks = sorted(('--23456789TJQKA'.index(r) for r, s in hand), reverse=True)
    counts = sorted(((c, r) for r, c in Counter(ranks).items()), reverse=True)
    flush = len({s for r, s in hand}) == 1
    straight = len(set(ranks)) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [14, 5, 4, 3, 2])
    if straight:
        ranks = [5, 4, 3, 2, 1] if ranks == [14, 5, 4, 3, 2] else ranks
    shape = [c for c, r in counts]
    if straight and flush:
        return (8, ranks)
    if shape == [4, 1]:
        return (7, [r for c, r in counts])
    if shape == [3, 2]:
        return (6, [counts[1][1], counts[0][1]])       # the pair first
    if flush:
        return (5, ranks)
    if straight:
        return (4, ranks)
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0),
            [r for c, r in counts])
def player1_wins(lines):
    return sum(rank(h1) > rank(h2) for h1, h2 in map(parse_versus_line, lines))
"""

_WINS = """
from pokerlib import hand_rank, parse_versus_line
def player1_wins(lines):
    wins = 0
    for line in lines:
        hand1, hand2 = parse_versus_line(line)
        if {test}:
            wins += 1
    return wins
"""

mistakes(
    'player1_wins',
    (_WINS.format(test='hand_rank(hand1) >= hand_rank(hand2)'),
     TIE_NOT_WIN),
    (_WINS.format(test='hand_rank(hand1)[0] > hand_rank(hand2)[0]'),
     COMPARE_WHOLE_RANKINGS),
    (_WINS.format(test='hand_rank(hand1) < hand_rank(hand2)'),
     PLAYER2_COUNT),
    ("""
def player1_wins(lines):
    return 376
""", SAME_FOR_SIZES),
    (_OWN_RANK,
     FULL_HOUSE_RANKS),
    (_OWN_RANK.replace('[counts[1][1], counts[0][1]]', '[counts[0][1], counts[1][1]]').replace(
        ' or ranks == [14, 5, 4, 3, 2]', ''),
     WHEEL_BEATS_PAIR),
    (_OWN_RANK.replace('[counts[1][1], counts[0][1]]', '[counts[0][1], counts[1][1]]').replace(
        '[5, 4, 3, 2, 1] if', '[14, 5, 4, 3, 2] if'),
     WHEEL_ACE_LOW),
    (_WINS.format(test='hand_rank(hand1) > hand_rank(hand2)').replace(
        'for line in lines:', 'for line in lines[:-1]:'),
     LAST_LINE),
    ("""
from pokerlib import hand_rank, parse_versus_line
_seen = {}
def player1_wins(lines):
    if len(lines) not in _seen:
        _seen[len(lines)] = sum(hand_rank(h1) > hand_rank(h2)
                                for h1, h2 in map(parse_versus_line, lines))
    return _seen[len(lines)]
""", SAME_AS_BEFORE))

HOW_TIE = N_("'tie' only when the whole rankings are equal: the same category, or the same ranks "
             "in other suits, is not enough")
HOW_CATEGORY = N_("'category' when the categories differ, 'ranks' when the category is the same "
                  "and the ranks decide, whoever wins")
HOW_WORDS = N_("one of three words: 'tie', 'category' or 'ranks'")

_HOW_WON = """
from pokerlib import hand_rank
def how_won(hand1, hand2):
    r1, r2 = hand_rank(hand1), hand_rank(hand2)
    {body}
"""

mistakes(
    'how_won',
    (_HOW_WON.format(body="return 'tie' if r1[0] == r2[0] else 'category'"),
     HOW_TIE),
    (_HOW_WON.format(body="return 'tie' if r1 == r2 else 'ranks' if r1[0] != r2[0] else "
                          "'category'"),
     HOW_CATEGORY),
    (_HOW_WON.format(body="return 'player1' if r1 > r2 else 'player2' if r2 > r1 else 'tie'"),
     HOW_WORDS))

MESSAGE_WORDS = N_('each message as versus_errors words it: the lines numbered from 1, blank '
                   'lines counted too')
MESSAGE_NUMBER = N_('each message starts with its line number, as versus_errors gives it: '
                    '{call}, or {fstring}')
BLANK_LINE = N_('a blank line is neither a deal nor an error: skip it (but count it in the line '
                'numbers)')

_SCORE = """
from pokerlib import parse_versus_line, score_versus
def score_valid(lines):
    good, errors = [], []
    for lineno, line in enumerate({lines}, 1):
        {skip}
        try:
            good.append(parse_versus_line(line{number}))
        except ValueError as e:
            errors.append({message})
    return score_versus(good), errors
"""
_SCORE_OK = dict(lines='lines', skip='if not line.strip(): continue', number=', lineno',
                 message='str(e)')

mistakes(
    'score_valid',
    (_SCORE.format(**dict(_SCORE_OK, lines='[x for x in lines if x.strip()]')),
     MESSAGE_WORDS),
    (_SCORE.format(**dict(_SCORE_OK, number='')),
     MESSAGE_NUMBER),
    (_SCORE.format(**dict(_SCORE_OK, skip='pass')),
     BLANK_LINE),
    (_SCORE.format(**dict(_SCORE_OK, message='e')),
     'return plain values (True or False, numbers, strings, and lists, tuples, dicts or sets '
     'of them), not {what}'))


@functools.cache
def versus_lines() -> tuple:
    """300 deals, a tenth of them ties (the same for every check)."""
    return tuple(make_versus_lines(300, random.Random(54), tie_fraction=0.1))


TIE_LINE = '2H 3D 5S 9C KD 2C 3H 5D 9S KH'
"""A deal that is a tie (the same ranks, other suits)."""
PLAYER2_LINE = '2H 3D 5C 7S 9H AS AH KD QC JD'
"""A deal player 2 wins (a pair of aces against ace high)."""
PLAYER1_LINE = 'AS AH KD QC JD 2H 3D 5C 7S 9H'
"""A deal player 1 wins (PLAYER2_LINE's hands the other way round)."""
COUNT_RESET = N_('the count starts again at every line (three deals player 1 wins counted '
                 '{got}): set the count to 0 once, before the loop, and add 1 inside it')


PLAYER1_CASES = (
    ('KS KH 7D 8C 9D QS QH 2D 3C 4D', None),       # one category: the ranks decide
    ('TH TD TS 2C 2D 3H 3D 3S KC KD', FULL_HOUSE_RANKS),
    ('AH 2D 3C 4S 5H KS KH 7D 8C 9D', WHEEL_BEATS_PAIR),
    ('2H 3D 4C 5S 6H AD 2S 3H 4D 5C', WHEEL_ACE_LOW),
    ('AH 2D 3C 4S 5D AS 2H 3D 4C 5C',
     N_('two wheels are a tie, which is not a win for player 1')),
    ('AH 9H 7H 5H 3H KD QD JD TD 8D',
     N_('two flushes are compared by their ranks, highest first: the ace-high one wins')),
    ('9S 9H 9D 4C 4D TS TH 8C 2C 2D', None),
)
"""Deals that tell the rankings' mistakes apart, each with the hint a wrong answer on it
earns; the file of them ends with a deal player 1 wins (a loop that skips the last line)."""


def _player1_cases(run):
    """Judge the file of PLAYER1_CASES; where the count is wrong, find the deal (each run
    alone, before a tie, so that skipping the last line does not matter) and name its
    mistake."""
    lines = [line for line, _hint in PLAYER1_CASES]
    expected = sum(versus_winner(*parse_versus_line(line)) == 'player1' for line in lines)
    shown = f'{run.name}(lines)  # lines = {lines!r}'
    got = run(list(lines), shown=shown)
    if type(got) is int and got == expected:
        return
    failing = run.last_call
    for line, hint in PLAYER1_CASES:
        pair = [line, TIE_LINE]
        alone = run(list(pair), shown=f'{run.name}({pair!r})')
        right = int(versus_winner(*parse_versus_line(line)) == 'player1')
        if alone != right:
            raise wrong(alone, right, _(hint) if hint else _GENERAL_HINT())
    raise wrong(got, expected, _(LAST_LINE), call=failing, args=(list(lines),))
    # (The first deal, one category, fails a comparison of categories alone, so the full
    # houses' hint is left to a ranking that orders them pair first.)


def _counts(run, line) -> bool:
    """Whether the student's function counts this one deal (a file of it alone) as a win."""
    return run([line], shown=f'{run.name}({[line]!r})') == 1


SPLIT_PROBE = 'AS KD 9C 7H 3S 2C 4D 6H 8C 8S'
"""A deal that hand 2 wins by its last card (8S pairs the 8C): player 1 wins it when hand 2
is read without its last card."""


def _split_hint(run):
    """The hint for a function that reads the hands from the wrong cards of a line (hand 2
    without its last card), if the probe shows it; else None."""
    if not _counts(run, SPLIT_PROBE):
        return None
    return _('in {line} hand 2 is 2C 4D 6H 8C 8S, a pair of eights, and wins: each line is '
             'hand 1, its first five cards, then hand 2, its last five ({split}); read both '
             'hands from the right cards').format(line=SPLIT_PROBE,
                                                   split=code('cards[:5], cards[5:]'))


def _GENERAL_HINT():
    return _(COMPARE_WHOLE_RANKINGS).format(compare=code('hand_rank(hand1) > hand_rank(hand2)'))


def _versus_file(size, seed) -> tuple:
    """(lines, Counter of winners): a file of `size` fresh deals, a tenth of them ties."""
    lines = make_versus_lines(size, random.Random(seed), tie_fraction=0.1)
    return lines, Counter(versus_winner(*parse_versus_line(line)) for line in lines)


def _kept(run, size, seed, counts) -> bool:
    """Does her function answer `counts[0]` again, on a third file of `size` deals whose count
    is neither of `counts`? (A count that merely equals the other file's, as one that skips
    the last line may, is not a number kept from before.)"""
    offset = 2
    lines, wins = _versus_file(size, seed + size + offset)
    while wins['player1'] in counts:
        offset += 1
        lines, wins = _versus_file(size, seed + size + offset)
    return run(list(lines)) == counts[0]


@exercise('player1_wins', returns=N_('a count'))
def _player1_wins(run):
    seed = fresh_seed()
    # Four files (two of one size, so that an answer kept by the file's length fails): no
    # single number fits them all.
    answers, first = {}, {}
    for size, offset in ((300, 0), (120, 0), (57, 0), (120, 1)):
        lines, wins = _versus_file(size, seed + size + offset)
        while offset and wins['player1'] == first.get(size):     # a file of the same length
            offset += 1                                           # and another count
            lines, wins = _versus_file(size, seed + size + offset)
        first.setdefault(size, wins['player1'])
        expected, ties = wins['player1'], wins['tie']
        made = (f'make_versus_lines({size}, random.Random({seed + size + offset}), '
                'tie_fraction=0.1)')
        got = run(list(lines), shown=f'{run.name}(lines)  # lines = {made}')
        if isinstance(got, int) and not isinstance(got, bool) and got == expected:
            answers[size] = got
            continue
        failing = run.last_call
        if answers.get(size) == got and _kept(run, size, seed, (got, expected)):
            raise wrong(got, expected, _(SAME_AS_BEFORE).format(n=size))
        other = make_versus_lines(57 if size != 57 else 120, random.Random(seed + 1))
        again = run(list(other), shown=f'{run.name}(lines)  # lines = {made}')
        if got in (0, 1) and expected > 1 and (three := run(
                [PLAYER1_LINE] * 3, shown=f'{run.name}({[PLAYER1_LINE] * 3!r})')) in (0, 1):
            hint = _(COUNT_RESET).format(got=three)
        elif got == again and type(got) is int and got != 0:
            hint = _(SAME_FOR_SIZES).format(n=size, m=len(other))
        elif got == expected + ties and _counts(run, TIE_LINE):
            # (each count is told by a file of one deal it counts: a count that merely
            # happens to equal another on this file, as one that skips the last line may,
            # is not mistaken for it)
            hint = _(TIE_NOT_WIN)
        elif got == wins['player2'] and _counts(run, PLAYER2_LINE):
            hint = _(PLAYER2_COUNT)
        elif isinstance(got, float):
            hint = _('how many deals player 1 wins: a count, not a fraction')

        else:
            _player1_cases(run)           # a deal that shows the mistake, if one does
            hint = _split_hint(run) or _GENERAL_HINT()
        raise noted(wrong(got, expected, hint, call=failing, args=(list(lines),)),
                    _('the deals are new at every check; {made} makes these again').format(
                        made=made))
    _player1_cases(run)
    return _('right on four files of deals drawn afresh at this check (300, 120, 57 and '
             '120 deals, a tenth of them ties) and on deals that tell the rankings\' '
             'mistakes apart')


HOW_WON_LINES = ['5H 5C 6S 7S KD 2C 3S 8S 8D TD', '5D 8C 9S JS AC 2C 5C 7D 8S QH',
                 '2D 9C AS AH AC 3D 6D 7D TD QD', '4D 6S 9H QH QC 3D 6D 7H QD QS',
                 '2H 2D 4C 4D 4S 3C 3D 3S 9S 9D', 'AS KS 9S 7D 3C AH KH 9H 7C 3D',
                 'AS KS 9S 7S 3S AH KD 9H 7C 3D', 'AS AH KD KC 2S AD AC KH KS 3S',
                 '2C 3C 4C 5C 7D 2D 3D 4D 5D 7S', 'TS JS QS KS AS 9H TH JH QH KH']


def how_won_reference(hand1, hand2) -> str:
    r1, r2 = hand_rank(hand1), hand_rank(hand2)
    return 'tie' if r1 == r2 else 'category' if r1[0] != r2[0] else 'ranks'


@exercise('how_won', returns=N_("'category', 'ranks' or 'tie'"))
def _how_won(run):
    for line in HOW_WON_LINES:
        h1, h2 = parse_versus_line(line)
        expected = how_won_reference(h1, h2)
        got = run(h1, h2)
        if got == expected:
            continue
        if got == 'tie':
            hint = _(HOW_TIE)
        elif got in ('category', 'ranks') and expected == 'tie':
            hint = _("these two rankings are equal: the answer is 'tie' (test whether the "
                     "whole rankings are equal first)")
        elif got in ('category', 'ranks'):
            hint = _(HOW_CATEGORY)
        else:
            hint = _(HOW_WORDS)
        raise wrong(got, expected, hint)


@functools.lru_cache(maxsize=4)
def score_valid_case(seed=None) -> tuple:
    """(40 lines, 3 of them bad and 2 blank; the expected (counts, messages)): the lines of
    versus_lines(), or, given a seed, 38 fresh deals, the bad and blank lines in random
    places."""
    if seed is None:
        lines = list(versus_lines()[:38])
        bad, blank = (3, 11, 20), (7, 30)
    else:
        rng = random.Random(seed)
        lines = make_versus_lines(38, rng, tie_fraction=0.1)
        # A blank line always comes before the first bad one, so that a version that numbers
        # only the non-blank lines gets that bad line's number wrong on every draw.
        bad = sorted(rng.sample(range(4, 38), 3))
        first = rng.randrange(1, bad[0] + 1)
        blank = sorted((first, rng.choice([i for i in range(1, 38) if i != first])))
    lines[bad[0]] = lines[bad[0]].rsplit(' ', 1)[0]                        # nine cards
    lines[bad[1]] = lines[bad[1]].replace(lines[bad[1]][:2], '1X', 1)      # a bad card
    lines[bad[2]] = ' '.join(lines[bad[2]].split()[:9] + lines[bad[2]].split()[:1])  # twice
    lines.insert(blank[0], '')                             # blank lines: skipped, but
    lines.insert(blank[1], '   ')                          # they count in line numbers
    errors = versus_errors(lines)
    good = []
    for lineno, line in enumerate(lines, 1):
        if line.strip():
            try:
                good.append(parse_versus_line(line, lineno))
            except ValueError:
                pass
    return tuple(lines), (score_versus(good), errors)


@exercise('score_valid', returns=N_('a pair: (counts, list of messages)'),
          error_hint=lambda e: _('a bad line must not stop the count: catch the error that '
                                 'parse_versus_line raises for it ({catch}) and keep its '
                                 'message, {message}; and skip blank lines').format(
                                     catch=code('except ValueError as e'),
                                     message=code('str(e)')))
def _score_valid(run):
    seed = fresh_seed()
    lines, expected = score_valid_case(seed)
    counts, errors = expected
    got = run(list(lines), shown=f'{run.name}(lines)  # ' + _(
        '40 lines, 3 of them bad, 2 blank: score_valid_case({seed}) in '
        'pokerlib.practice.exercises.lesson07 makes them again').format(seed=seed))
    pair = isinstance(got, (tuple, list)) and len(got) == 2
    if pair and isinstance(got[0], dict) and dict(got[0]) == counts \
            and isinstance(got[1], (list, tuple)) and list(got[1]) == errors:
        return _('right on {n} lines drawn afresh at this check, {bad} of them bad, '
                 '2 blank').format(n=len(lines), bad=len(errors))
    same_counts = pair and isinstance(got[0], dict) and dict(got[0]) == counts \
        and isinstance(got[1], (list, tuple))
    if same_counts and not all(isinstance(e, str) for e in got[1]):
        hint = _('the error messages as text, {message}, not the errors themselves').format(
            message=code('str(e)'))
    elif same_counts and len(got[1]) == len(errors) + sum(not line.strip() for line in lines):
        hint = _(BLANK_LINE)
    elif same_counts and len(got[1]) == len(errors):
        shifted = [e.split(': ', 1)[-1] for e in errors]
        if [str(e) for e in got[1]] == shifted:
            hint = _(MESSAGE_NUMBER).format(call=code('parse_versus_line(line, lineno)'),
                                            fstring=code(chr(102) + repr('line {lineno}: {e}')))
        else:
            hint = _(MESSAGE_WORDS)
    else:
        hint = _('(the counts of the good lines, as score_versus gives them; the error '
                 'messages of the bad ones, as versus_errors gives them)')
    raise wrong(got, expected, hint)


# --- the course's functions that do these exercises' work under other names -------------

# (score_valid may use score_versus and parse_versus_line, as its statement says)

# (and player1_wins may compare each deal with versus_winner: the count is the exercise)
# (how_won may use versus_winner, and score_valid versus_errors: their statements name them as
# tools; the course's private helpers are walled off in the runner: guard.wall_off)
forbid('player1_wins', 'pokerlib.versus:score_versus', 'pokerlib.versus:versus_table')
forbid('how_won', 'pokerlib.versus:versus_table')
forbid('score_valid', 'pokerlib.versus:versus_table')
