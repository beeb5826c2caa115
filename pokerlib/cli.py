"""The command line: ``pokerlib SUBCOMMAND ...`` (or ``python -m pokerlib``).

=============  =========================================================
rank           the category and ranking of a hand (best five of 6 or 7
               cards; jokers ``?B`` and ``?R`` are wild)
winner         the winning hand(s) among several, ties included
versus         count player 1's wins in a file of ten-card lines
make-versus    write such a file from a seed (the notebooks' sample)
deal           seeded deals, one hand per line
frequencies    the Monte Carlo table of how often each hand comes up
=============  =========================================================

Hands are text, as ``parse_hand`` reads it: ``"AS KS QS JS TS"``, or
``"10h jh qh kh ah"``. Every subcommand has ``--help``.

Exit status: 0 on success; 1 when the input is wrong (a bad hand, a
malformed line of a file, a file that cannot be read), with one line
``pokerlib: error: ...`` on standard error and no traceback; 2 for a usage
error, as argparse reports it. (A reader that closes the pipe early, as in
``pokerlib deal --hands 10 | head -1``, ends the output quietly, status 1.)
``main(argv)`` returns the status rather than exiting, so a test can call it:

>>> main(['rank', 'AS KS QS JS TS'])
hand:      AS KS QS JS TS
category:  straight flush
ranking:   (9, (14, 13, 12, 11, 10))
0
"""

import argparse
import json
import os
import random
import sys

from .cards import PokerError, check_hand, parse_hand
from .dealing import deal
from .holdem import best_hand, best_wild_hand
from .ranking import allmax, category_name, hand_rank, poker
from .versus import make_versus_lines, read_versus, score_versus

__all__ = ['main', 'describe_hand', 'winning_hands']

_rank = hand_rank.__wrapped__   # unchecked: a joker may copy a card


def _best_five(hand) -> list:
    """The hand itself if it is five plain cards, else its best five."""
    if any(c.startswith('?') for c in hand):
        return best_wild_hand(hand)
    return hand if len(hand) == 5 else best_hand(hand)


def describe_hand(text) -> dict:
    """The hand, its best five, category name and ranking, from text.

    >>> describe_hand('7C 8C 9C TC JC 2D 2H')['best']
    ['7C', '8C', '9C', 'TC', 'JC']
    >>> describe_hand('AS AH AD AC ?B')['category']
    'five of a kind'
    """
    hand = check_hand(parse_hand(text), sizes=(5, 6, 7), jokers=True)
    best = _best_five(hand)
    ranking = _rank(best)
    return {'hand': hand, 'best': best, 'category': category_name(ranking[0]),
            'ranking': ranking}


def winning_hands(texts) -> list:
    """The indexes (from 0) of the winning hands among hands given as text.

    Hands of 5 plain cards are compared by ``poker``; a hand of 6 or 7
    cards, or with jokers, counts as its best five. A card may not be in
    two hands.

    >>> winning_hands(['AS KD 9C 7H 3S', 'AH KC 9D 7S 3C', '2C 4C 5C 6C 8D'])
    [0, 1]
    """
    hands = [check_hand(parse_hand(t), sizes=(5, 6, 7), jokers=True)
             for t in texts]
    if not hands:
        raise PokerError('no hands to compare')
    holder = {}
    for i, hand in enumerate(hands, 1):
        for card in hand:
            if card in holder:
                raise PokerError(f'duplicate card {card!r}: it is in hands '
                                 f'{holder[card]} and {i}')
            holder[card] = i
    if all(len(h) == 5 and not any(c.startswith('?') for c in h)
           for h in hands):
        won = poker(hands)
        return [i for i, h in enumerate(hands) if any(h is w for w in won)]
    bests = [_best_five(h) for h in hands]
    return allmax(range(len(hands)), key=lambda i: _rank(bests[i]))


# ---------------------------------------------------------------------------
# The subcommands: each takes the parsed arguments and returns the exit code.

def _cmd_rank(args):
    d = describe_hand(' '.join(args.cards))
    print(f"hand:      {' '.join(d['hand'])}")
    if d['best'] != d['hand']:
        print(f"best five: {' '.join(d['best'])}")
    print(f"category:  {d['category']}")
    print(f"ranking:   {d['ranking']}")
    return 0


def _cmd_winner(args):
    for i in winning_hands(args.hands):
        d = describe_hand(args.hands[i])
        text = ' '.join(d['hand'])
        best = ('' if d['best'] == d['hand']
                else f" (best five: {' '.join(d['best'])})")
        print(f"{text}    {d['category']}{best}")
    return 0


def _cmd_versus(args):
    if args.file == '-':   # bytes, decoded line by line, when there are any
        pairs = read_versus(getattr(sys.stdin, 'buffer', sys.stdin))
    else:
        pairs = read_versus(args.file)
    counts = score_versus(pairs)
    if args.json:
        print(json.dumps(counts))
        return 0
    n = sum(counts.values())
    print(f'{n:,d} deals')
    for label, key in [('player 1 wins', 'player1'),
                       ('player 2 wins', 'player2'), ('ties', 'ties')]:
        pct = f'{100 * counts[key] / n:5.1f}%' if n else '    -'
        print(f'{label:<14}{counts[key]:>7,d}  {pct}')
    return 0


def _cmd_make_versus(args):
    lines = make_versus_lines(args.lines, random.Random(args.seed),
                              tie_fraction=args.tie_fraction)
    text = ''.join(line + '\n' for line in lines)
    if args.output in (None, '-'):
        sys.stdout.write(text)
    else:
        with open(args.output, 'w', encoding='utf-8', newline='\n') as f:
            f.write(text)
    return 0


def _cmd_deal(args):
    for hand in deal(args.hands, args.cards, rng=random.Random(args.seed)):
        print(' '.join(hand))
    return 0


def _cmd_frequencies(args):
    from .frequencies import frequency_table, hand_frequencies
    counts = hand_frequencies(args.hands, random.Random(args.seed),
                              cards=args.cards)
    table = frequency_table(counts, cards=args.cards)
    seed = 'unseeded' if args.seed is None else f'seed {args.seed}'
    print(f'{args.hands:,d} hands of {args.cards} cards ({seed})')
    print(table.to_string(float_format=lambda x: f'{x:.3f}'))
    return 0


def _count(text):
    """argparse type: a non-negative whole number."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'not a whole number: {text!r}')
    if value < 0:
        raise argparse.ArgumentTypeError(f'must not be negative: {text!r}')
    return value


def _fraction(text):
    """argparse type: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'not a number: {text!r}')
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f'must be from 0 to 1: {text!r}')
    return value


def make_parser() -> argparse.ArgumentParser:
    """The argument parser, with one subparser per subcommand."""
    parser = argparse.ArgumentParser(
        prog='pokerlib',
        description="Peter Norvig's poker program, from the command line.",
        epilog='Exit status: 0 success, 1 bad input or unreadable file, '
               '2 usage error.')
    sub = parser.add_subparsers(dest='command', required=True,
                                metavar='SUBCOMMAND')

    p = sub.add_parser('rank', help='the category and ranking of a hand',
                       description='Print the category name and the ranking '
                       '(hand_rank) of a hand. For 6 or 7 cards, the best '
                       'five are printed too; jokers ?B and ?R are wild.',
                       epilog='example: pokerlib rank "AS KS QS JS TS"')
    p.add_argument('cards', nargs='+', metavar='CARDS',
                   help='the hand, quoted or as separate cards')
    p.set_defaults(run=_cmd_rank)

    p = sub.add_parser('winner', help='the winning hand(s), ties included',
                       description='Print each winning hand, one per line '
                       '(several lines on a tie), with its category. Hands of '
                       '6 or 7 cards, or with jokers, count as their best five.',
                       epilog='example: pokerlib winner "6C 7C 8C 9C TC" '
                       '"KD KH KS KC 7D"')
    p.add_argument('hands', nargs='+', metavar='HAND',
                   help='a hand, quoted, e.g. "AS KS QS JS TS"')
    p.set_defaults(run=_cmd_winner)

    p = sub.add_parser('versus', help="count player 1's wins in a file of "
                       'ten-card lines',
                       description='Read a file with ten cards a line (player '
                       "1's five, then player 2's) and count who wins. Blank "
                       'lines are skipped; a malformed line is an error that '
                       'names the line number (exit status 1).')
    p.add_argument('file', metavar='FILE',
                   help="the file, or '-' for standard input")
    p.add_argument('--json', action='store_true',
                   help='print only {"player1": N, "player2": N, "ties": N}')
    p.set_defaults(run=_cmd_versus)

    p = sub.add_parser('make-versus', help='write a file of ten-card lines',
                       description='Deal lines of ten cards from a seed, with '
                       'a fraction of deliberate ties (make_versus_lines).',
                       epilog='The notebooks\' sample: pokerlib make-versus '
                       '--lines 1000 --seed 2026 --tie-fraction 0.05 '
                       '-o notebooks/data/versus-1000.txt')
    p.add_argument('--lines', type=_count, default=1000,
                   help='how many deals (default 1000)')
    p.add_argument('--seed', type=int, default=None,
                   help='seed for random.Random (default: unseeded)')
    p.add_argument('--tie-fraction', type=_fraction, default=0.05,
                   help='chance that a line is a deliberate tie (default 0.05)')
    p.add_argument('-o', '--output', metavar='FILE', default=None,
                   help='write here instead of standard output')
    p.set_defaults(run=_cmd_make_versus)

    p = sub.add_parser('deal', help='seeded deals, one hand per line',
                       description='Deal hands from one shuffled deck '
                       '(pokerlib.deal with random.Random(SEED)).')
    p.add_argument('--hands', type=_count, default=1,
                   help='how many hands (default 1)')
    p.add_argument('--cards', type=_count, default=5,
                   help='cards per hand (default 5)')
    p.add_argument('--seed', type=int, default=None,
                   help='seed for random.Random (default: unseeded)')
    p.set_defaults(run=_cmd_deal)

    p = sub.add_parser('frequencies', help='how often each hand comes up',
                       description='Deal hands at random and compare how '
                       'often each category comes up with the exact '
                       'probability (hand_frequencies, frequency_table).')
    p.add_argument('--hands', type=_count, default=10_000,
                   help='how many hands (default 10000)')
    p.add_argument('--cards', type=int, choices=[5, 7], default=5,
                   help='cards per hand; 7 counts the best five (default 5)')
    p.add_argument('--seed', type=int, default=None,
                   help='seed for random.Random (default: unseeded)')
    p.set_defaults(run=_cmd_frequencies)
    return parser


def main(argv=None) -> int:
    """Run the command line on `argv` (default sys.argv[1:]); return the exit status.

    >>> main(['rank', 'AS KS QS JS TS'])
    hand:      AS KS QS JS TS
    category:  straight flush
    ranking:   (9, (14, 13, 12, 11, 10))
    0
    """
    parser = make_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:       # --help (0) or a usage error (2)
        return e.code
    try:
        return args.run(args)
    except PokerError as e:
        print(f'pokerlib: error: {e}', file=sys.stderr)
        return 1
    except BrokenPipeError:       # e.g. `pokerlib deal ... | head -1`
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    except OSError as e:
        name = f'{e.filename}: ' if e.filename else ''
        print(f'pokerlib: error: {name}{e.strerror or e}', file=sys.stderr)
        return 1
