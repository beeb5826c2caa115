"""The command line: ``pokerlib SUBCOMMAND ...`` (or ``python -m pokerlib``).

=============  =========================================================
rank           the category and ranking of a hand (best five of 6 or 7
               cards; jokers ``?B`` and ``?R`` are wild)
winner         the winning hand(s) among several, ties included
versus         count player 1's wins in a file of ten-card lines
make-versus    write such a file from a seed (the notebooks' sample)
deal           seeded deals, one hand per line
frequencies    the Monte Carlo table of how often each hand comes up
grade          grade students' notebooks (``pokerlib.grading``)
progress       which exercises your workspace already passes
=============  =========================================================

Hands are text, as ``parse_hand`` reads it: ``"AS KS QS JS TS"``, or
``"10h jh qh kh ah"``. Every subcommand has ``--help``. In ``winner``, a
joker may copy a card of its own hand but never a card another hand holds
(``best_wild_hands``): in ``winner "?R KH QH JH TH" "AH 2C 3D 4S 6S"`` the
red joker cannot be the AH, so the first hand is a king-high straight flush.

``versus`` reads its file (or standard input) one line at a time, so a file
of any length is scored in the same small memory. ``make-versus -o FILE``
writes a temporary file beside FILE and renames it only when every line is
written: an error, Ctrl-C, SIGTERM or SIGHUP part-way leaves FILE as it
was and removes the temporary file. Only a regular file (or a new name) is
replaced so; a FIFO or a device (``/dev/stdout``, ``/dev/null``) is opened
and written to, never replaced.

Exit status: 0 on success; 1 when the input is wrong (a bad hand, a
malformed line of a file, a file that cannot be read or written), with one
line ``pokerlib: error: ...`` on standard error and no traceback; 2 for a
usage error, as argparse reports it; 130 when stopped by Ctrl-C (143 by
SIGTERM, 129 by SIGHUP while ``make-versus -o`` writes a file). Standard
output that cannot be written is status 1 in every subcommand: closed
(``>&-``) with an error line, or a reader that stopped reading (as in
``pokerlib deal --hands 10 | head -1``) quietly. ``main(argv)`` returns the
status rather than exiting, so a test can call it:

>>> main(['rank', 'AS KS QS JS TS'])
hand:      AS KS QS JS TS
category:  straight flush
ranking:   (9, (14, 13, 12, 11, 10))
0
"""

import argparse
import contextlib
import errno
import json
import os
import random
import signal
import stat
import sys
import tempfile
import unicodedata

from .cards import PokerError
from .dealing import deal
from .i18n import N_, _, set_language, shell_language
from .holdem import _describe, _table, describe_hand
from .versus import iter_versus, iter_versus_lines, score_versus

__all__ = []          # the command line: the package exports none of its names



SYSTEM_ERRORS = (N_('No such file or directory'), N_('Permission denied'), N_('Is a directory'),
                 N_('Not a directory'))
"""The system's own words for the file errors a student meets (strerror), so that the
catalog translates them too."""

# ---------------------------------------------------------------------------
# The subcommands: each takes the parsed arguments and returns the exit code.

def _stdout():
    """sys.stdout, or OSError if standard output is closed (Python sets it to None)."""
    if sys.stdout is None:
        raise OSError(errno.EBADF, 'cannot write: standard output is closed')
    return sys.stdout


def _width(text) -> int:
    """How many columns text takes in a terminal (a Chinese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in 'WF' else 1 for c in text)


def _labelled(rows, every=()) -> str:
    """Lines 'label value', the labels translated and the values lined up (as far as the
    longest of every label the command may show)."""
    labels = [_(label) for label, _value in rows]
    width = max(map(_width, labels + [_(label) for label in every])) + 1
    return '\n'.join(label + ' ' * (width - _width(label)) + str(value)
                     for label, (_label, value) in zip(labels, rows))


def _cmd_rank(args):
    d = describe_hand(' '.join(args.cards))
    out = _stdout()
    rows = [(N_('hand:'), ' '.join(d['hand']))]
    if d['best'] != d['hand']:
        rows.append((N_('best five:'), ' '.join(d['best'])))
    category = d['category']
    rows += [(N_('category:'), _(category)), (N_('ranking:'), d['ranking'])]
    print(_labelled(rows, every=[N_('best five:')]), file=out)
    return 0


def _cmd_winner(args):
    hands, bests, winners = _table(args.hands)
    out = _stdout()
    for i in winners:
        d = _describe(hands[i], bests[i])
        best = ('' if d['best'] == d['hand']
                else _(' (best five: {cards})').format(cards=' '.join(d['best'])))
        category = d['category']
        print(f"{' '.join(d['hand'])}    {_(category)}{best}", file=out)
    return 0


def _cmd_versus(args):
    if args.file == '-':   # bytes, decoded line by line, when there are any
        if sys.stdin is None:
            raise OSError(errno.EBADF, 'cannot read: standard input is closed')
        source = getattr(sys.stdin, 'buffer', sys.stdin)
    else:
        source = args.file
    counts = score_versus(iter_versus(source))   # one line at a time
    out = _stdout()
    if args.json:
        print(json.dumps(counts), file=out)
        return 0
    n = sum(counts.values())
    print(_('{n:,d} deals').format(n=n), file=out)
    rows = [(label, f"{counts[key]:>7,d}  " + (f'{100 * counts[key] / n:5.1f}%' if n else '    -'))
            for label, key in [(N_('player 1 wins'), 'player1'),
                               (N_('player 2 wins'), 'player2'), (N_('ties'), 'ties')]]
    print(_labelled(rows), file=out)
    return 0


def _cmd_make_versus(args):
    lines = iter_versus_lines(args.lines, random.Random(args.seed),
                              tie_fraction=args.tie_fraction)
    if args.output in (None, '-'):
        out = _stdout()
        for line in lines:
            out.write(line + '\n')
    elif _replaced_whole(args.output):
        with _signals_stop():
            _write_whole(args.output, lines)
    else:
        _write_into(args.output, lines)
    return 0


def _replaced_whole(path) -> bool:
    """True if `path` is a regular file or does not exist: a file we may replace.

    Anything else that exists (a FIFO, a device such as /dev/null, a
    terminal), and any name under /dev or /proc (/dev/stdout may stand for
    a file the shell opened), is not ours to replace: it is opened and
    written to, as a shell's `>` does.
    """
    if os.path.abspath(path).startswith(('/dev/', '/proc/')):
        return False
    try:
        mode = os.stat(path).st_mode      # through symbolic links
    except FileNotFoundError:
        return True
    except OSError:
        return True    # e.g. a folder we cannot search: _write_whole names the error
    return stat.S_ISREG(mode) or stat.S_ISDIR(mode)


def _write_into(path, lines):
    """Write the lines into `path` (a FIFO, a device) as it is; an OSError names `path`.

    Opened to append, so that /dev/stdout standing for a file opened with
    the shell's `>>` is added to, not cut short.
    """
    try:
        with open(path, 'a', encoding='utf-8', newline='\n') as f:
            for line in lines:
                f.write(line + '\n')
    except OSError as e:
        raise OSError(e.errno, e.strerror, path) from None


class _Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: unwind (cleaning up) and exit with 128 + signum."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _signals_stop():
    """While in this block, SIGTERM and SIGHUP unwind like Ctrl-C does (as _Stopped)."""
    def stop(signum, frame):
        raise _Stopped(signum)
    saved = {}
    try:
        for signum in (signal.SIGTERM, signal.SIGHUP):
            saved[signum] = signal.signal(signum, stop)
    except ValueError:      # not the main thread: signals cannot be caught here
        pass
    try:
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


def _write_whole(path, lines):
    """Write the lines to `path` whole or not at all: into a temporary file
    in the same folder, renamed to `path` once the last line is written.

    On any error or interruption (Ctrl-C, SIGTERM, SIGHUP) the temporary
    file is removed and `path` is left as it was; an OSError names `path`.
    """
    path = os.path.realpath(path)   # through a symbolic link, to its file
    try:
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        fd, temp = tempfile.mkstemp(prefix=f'.{os.path.basename(path)}.',
                                    suffix='.part', dir=os.path.dirname(path))
    except OSError as e:
        raise OSError(e.errno, e.strerror, path) from None
    try:
        with open(fd, 'w', encoding='utf-8', newline='\n') as f:
            for line in lines:
                f.write(line + '\n')
        os.chmod(temp, _mode_for(path))
        os.replace(temp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.remove(temp)
        raise OSError(e.errno, e.strerror, path) from None
    except BaseException:           # PokerError, Ctrl-C, SIGTERM: no half-written file
        with contextlib.suppress(OSError):
            os.remove(temp)
        raise


def _mode_for(path) -> int:
    """The permissions for a file written to `path`: its own if it exists, else the umask's."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _cmd_deal(args):
    hands = deal(args.hands, args.cards, rng=random.Random(args.seed))
    out = _stdout()
    for hand in hands:
        print(' '.join(hand), file=out)
    return 0


def _cmd_frequencies(args):
    from .frequencies import frequency_table, hand_frequencies
    counts = hand_frequencies(args.hands, random.Random(args.seed),
                              cards=args.cards)
    table = frequency_table(counts, cards=args.cards)
    seed = _('unseeded') if args.seed is None else _('seed {seed}').format(seed=args.seed)
    out = _stdout()
    print(_('{hands:,d} hands of {cards} cards ({seed})').format(
        hands=args.hands, cards=args.cards, seed=seed), file=out)
    print(table.to_string(float_format=lambda x: f'{x:.3f}'), file=out)
    return 0


def _count(text):
    """argparse type: a non-negative whole number."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_('not a whole number: {text!r}').format(text=text)) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_('must not be negative: {text!r}').format(text=text))
    return value


def _positive(text):
    """argparse type: a whole number, 1 or more."""
    value = _count(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_('must be at least 1: {text!r}').format(text=text))
    return value


def _filename(text):
    """argparse type: a file name, not empty."""
    if not text:
        raise argparse.ArgumentTypeError(_('the file name is empty'))
    return text


def _fraction(text):
    """argparse type: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_('not a number: {text!r}').format(text=text)) from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(_('must be from 0 to 1: {text!r}').format(text=text))
    return value


def make_parser() -> argparse.ArgumentParser:
    """The argument parser, with one subparser per subcommand."""
    parser = argparse.ArgumentParser(
        prog='pokerlib',
        description=_("Peter Norvig's poker program, from the command line."),
        epilog=_('Exit status: 0 success; 1 bad input, a file that cannot be '
                 'read or written, or standard output closed; 2 usage error; '
                 '130 Ctrl-C.'))
    sub = parser.add_subparsers(dest='command', required=True,
                                metavar='SUBCOMMAND')

    p = _command(sub, 'rank', _cmd_rank, help=_('the category and ranking of a hand'),
                       description=_('Print the category name and the ranking '
                         '(hand_rank) of a hand. For 6 or 7 cards, the best '
                         'five are printed too; jokers ?B and ?R are wild.'),
                       epilog=_('example: pokerlib rank "AS KS QS JS TS"'))
    p.add_argument('cards', nargs='+', metavar='CARDS',
                   help=_('the hand, quoted or as separate cards'))

    p = _command(sub, 'winner', _cmd_winner, help=_('the winning hand(s), ties included'),
                       description=_('Print each winning hand, one per line '
                         '(several lines on a tie), with its category. Hands of '
                         '6 or 7 cards, or with jokers, count as their best five. '
                         'A joker (?B any black card, ?R any red card) may copy '
                         'a card of its own hand, but never a card that another '
                         'hand holds.'),
                       epilog=_('example: pokerlib winner "6C 7C 8C 9C TC" '
                         '"KD KH KS KC 7D"'))
    p.add_argument('hands', nargs='+', metavar='HAND',
                   help=_('a hand, quoted, e.g. "AS KS QS JS TS"'))

    p = _command(sub, 'versus', _cmd_versus, help=_("count player 1's wins in a file of "
                         'ten-card lines'),
                       description=_('Read a file with ten cards a line (player '
                         "1's five, then player 2's) and count who wins. Blank "
                         'lines are skipped; a malformed line is an error that '
                         'names the line number (exit status 1). The file is '
                         'read one line at a time, so any length will do.'))
    p.add_argument('file', metavar='FILE',
                   help=_("the file, or '-' for standard input"))
    p.add_argument('--json', action='store_true',
                   help=_('print only {"player1": N, "player2": N, "ties": N}'))

    p = _command(sub, 'make-versus', _cmd_make_versus, help=_('write a file of ten-card lines'),
                       description=_('Deal lines of ten cards from a seed, with '
                         'a fraction of deliberate ties (make_versus_lines). '
                         'With -o, the file is replaced only once every line is '
                         'written: on an error or Ctrl-C it stays as it was.'),
                       epilog=_('The notebooks\' sample: pokerlib make-versus '
                         '--lines 1000 --seed 2026 --tie-fraction 0.05 '
                         '-o notebooks/data/versus-1000.txt'))
    p.add_argument('--lines', type=_count, default=1000,
                   help=_('how many deals (default 1000)'))
    _add_seed(p)
    p.add_argument('--tie-fraction', type=_fraction, default=0.05,
                   help=_('chance that a line is a deliberate tie (default 0.05)'))
    p.add_argument('-o', '--output', metavar='FILE', default=None,
                   type=_filename,
                   help=_("write here instead of standard output ('-' is "
                     "standard output)"))

    p = _command(sub, 'deal', _cmd_deal, help=_('seeded deals, one hand per line'),
                       description=_('Deal hands from one shuffled deck '
                         '(pokerlib.deal with random.Random(SEED)).'))
    p.add_argument('--hands', type=_count, default=1,
                   help=_('how many hands (default 1)'))
    p.add_argument('--cards', type=_count, default=5,
                   help=_('cards per hand, at least 1 (default 5)'))
    _add_seed(p)

    p = _command(sub, 'frequencies', _cmd_frequencies, help=_('how often each hand comes up'),
                       description=_('Deal hands at random and compare how '
                         'often each category comes up with the exact '
                         'probability (hand_frequencies, frequency_table).'))
    p.add_argument('--hands', type=_positive, default=10_000,
                   help=_('how many hands, at least 1 (default 10000)'))
    p.add_argument('--cards', type=int, choices=[5, 7], default=5,
                   help=_('cards per hand; 7 counts the best five (default 5)'))
    _add_seed(p)
    from .grading.commands import add_commands as _add_grading     # (loaded for the command line only)
    _add_grading(sub, _command)      # grade, progress: pokerlib.grading.batch
    return parser


def _command(sub, name, run, **texts):
    """A subcommand's parser (help, description, epilog: ``texts``), which runs `run`."""
    p = sub.add_parser(name, **texts)
    p.set_defaults(run=run)
    return p


def _add_seed(parser):
    """Add the --seed option: a whole number 0 or more."""
    # random.Random(-1) is random.Random(1): a negative seed would only
    # repeat a positive one, so it is refused.
    parser.add_argument('--seed', type=_count, default=None,
                        help=_('seed for random.Random, a whole number 0 or '
                          'more (default: unseeded)'))


ARGPARSE_WORDS = (
    N_('usage: '), N_('positional arguments'), N_('options'), N_('show this help message and exit'),
    N_('%(prog)s: error: %(message)s\n'), N_('argument %(argument_name)s: %(message)s'),
    N_('unrecognized arguments: %s'), N_('the following arguments are required: %s'),
    N_('expected one argument'), N_('expected at least one argument'),
    N_('invalid choice: %(value)r (choose from %(choices)s)'),
    N_('invalid %(type)s value: %(value)r'),
    N_('ambiguous option: %(option)s could match %(matches)s'))
"""argparse's own words, which it asks of gettext's current domain: in the library's catalog,
so that console() can let argparse speak the shell's language too."""


def console() -> int:
    """The ``pokerlib`` command (and ``python -m pokerlib``): main, in the language the shell's
    locale asks for (``LANG=zh_CN.UTF-8 pokerlib rank ...`` answers in Chinese, its help and
    usage errors included; ``grade`` and ``progress`` speak the language of the notebooks they
    read, or ``--language``)."""
    language = shell_language()
    set_language(language)
    if language != 'en':                # argparse's words from the library's catalog
        import gettext
        from .i18n import LOCALE_DIR
        gettext.bindtextdomain('pokerlib', str(LOCALE_DIR))
        gettext.textdomain('pokerlib')
    return main()


def main(argv=None) -> int:
    """Run the command line on `argv` (default sys.argv[1:]); return the exit status.

    >>> main(['rank', 'AS KS QS JS TS'])
    hand:      AS KS QS JS TS
    category:  straight flush
    ranking:   (9, (14, 13, 12, 11, 10))
    0
    """
    try:
        return _run(argv)
    except KeyboardInterrupt:     # Ctrl-C: 128 + SIGINT, as shells report it
        return 130
    except _Stopped as e:         # SIGTERM, SIGHUP while writing a file
        return 128 + e.signum


def _run(argv) -> int:
    """main, but for Ctrl-C."""
    parser = make_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:       # --help (0) or a usage error (2)
        return e.code
    try:
        status = args.run(args)
        if sys.stdout is not None:
            sys.stdout.flush()    # so that a broken pipe shows here, not at exit
        return status
    except PokerError as e:
        print(_('pokerlib: error: {error}').format(error=e), file=sys.stderr)
        return 1
    except BrokenPipeError:       # e.g. `pokerlib deal ... | head -1`
        try:   # what is still buffered goes nowhere, quietly, at exit
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 1
    except OSError as e:
        name = f'{e.filename}: ' if e.filename else ''
        # (the system's words, in the catalog: SYSTEM_ERRORS)
        print(_('pokerlib: error: {error}').format(error=f'{name}{_(e.strerror) if e.strerror else e}'),
              file=sys.stderr)
        return 1
