"""Regenerate every figure in ``assets/``: ``python -m pokerlib.figures [DIR]``.

The figures use fixed seeds and Matplotlib's default style with the course's
lettering (``plotting.style``), so the same
files come out every time (tests/test_frequencies.py remakes them and
compares the bytes); the notebooks draw the same figures with the same
functions. The hand-frequency figure deals the lecture's 700,000 hands with
the vectorised experiment of notebook 08 (``fast_hand_frequencies``, with
``np.random.default_rng(SEED)``: the same experiment as ``hand_frequencies``,
in a tenth of a second instead of about six). The shuffle figures shuffle
'abc' 150,000 times with each shuffler, enough for shuffle3's 3% bias to
stand clear of the chance band (±1.7%), in about two seconds. The benchmark
chart is drawn from ``benchmarks/results.csv`` (measured by ``make bench``),
when that file is there.
"""

import random
import sys
from pathlib import Path

from .fairness import exact_shuffle_probabilities, shuffle_counts
from .frequencies import frequency_table
from .i18n import _
from .shuffling import SHUFFLERS

__all__ = ['make_figures', 'main', 'SEED', 'HANDS', 'SHUFFLES', 'SHUFFLE_FILES',
           'LECTURE_NAMES', 'shuffle_title', 'ASSETS', 'BENCHMARKS']

SEED = 2026          # the seed every figure is made with
HANDS = 700_000      # hands dealt for the hand-frequency figure (the course's number)
SHUFFLES = 150_000   # shuffles of 'abc' per shuffler: shuffle3's -3% stands clear of the band's ±1.7%
ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / 'assets'                        # the figures, as make_figures saves them
BENCHMARKS = ROOT / 'benchmarks' / 'results.csv'
SHUFFLE_FILES = {'shuffle1': 'shuff1.png', 'shuffle2': 'shuff2.png',
                 'shuffle3': 'shuff3.png', 'shuffle4': 'shuff4.png',
                 'shuffle_naive': 'shuff_naive.png'}
LECTURE_NAMES = {'shuffle1': 'shuffle1', 'shuffle2': 'shuffle', 'shuffle3': 'shuffle2',
                 'shuffle4': None, 'shuffle_naive': 'shuffle3'}
"""The lecture's name for each of this course's shuffles (notebook 05 has the table)."""


def shuffle_title(name) -> str:
    """A shuffler's name, with the lecture's name when it differs.

    >>> shuffle_title('shuffle3'), shuffle_title('shuffle1')
    ('shuffle3 (lecture: shuffle2)', 'shuffle1')
    """
    lecture = LECTURE_NAMES.get(name)
    return name if lecture in (None, name) else _('{name} (lecture: {lecture})').format(
        name=name, lecture=lecture)


def shuffle_results(n=SHUFFLES, seed=SEED, deck='abc') -> dict:
    """{shuffler name: permutation counts} for every shuffler, seeded."""
    return {name: shuffle_counts(name, deck, n, random.Random(seed))
            for name in SHUFFLERS}


def make_figures(outdir=ASSETS, hands=HANDS, shuffles=SHUFFLES, seed=SEED,
                 benchmarks=BENCHMARKS) -> list:
    """Draw and save every figure of the course into outdir; return the paths.

    Without benchmark results (a `benchmarks` file that doesn't exist), the
    benchmark chart is left out. (tests/test_frequencies.py remakes every
    figure and compares the bytes with assets/.)
    """
    import matplotlib.pyplot as plt
    import numpy as np
    import pandas as pd
    from .fast import fast_hand_frequencies
    # Here, not at the top: a notebook that only needs ASSETS (08) doesn't import Matplotlib.
    from .plotting import (plot_benchmarks, plot_hand_frequencies, plot_shuffle_counts,
                           plot_shuffle_overview, savefig, style)
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []

    def save(fig, name):
        paths.append(savefig(fig, out / name))
        plt.close(fig)

    with plt.style.context('default'), style():   # not the session's or the user's settings
        table = frequency_table(fast_hand_frequencies(hands, np.random.default_rng(seed)))
        save(plot_hand_frequencies(table, title=_('How often each hand comes up')).figure,
             'hand_frequencies.png')

        results = shuffle_results(shuffles, seed)
        exact = {name: exact_shuffle_probabilities(name, 'abc') for name in results}
        for name, counts in results.items():
            ax = plot_shuffle_counts(counts, exact=exact[name],
                                     title=_('{shuffle}: arrangements of "{deck}"').format(
                                         shuffle=shuffle_title(name), deck='abc'))
            save(ax.figure, SHUFFLE_FILES[name])
        axes = plot_shuffle_overview({shuffle_title(name): counts for name, counts in results.items()},
                                     exact={shuffle_title(name): p for name, p in exact.items()})
        save(axes[0].figure, 'shuffle_overview.png')

        if Path(benchmarks).exists():
            save(plot_benchmarks(pd.read_csv(benchmarks)).figure, 'benchmarks.png')
    return paths


def main(argv=None) -> list:
    """The command: ``python -m pokerlib.figures [DIR]`` (DIR: the course's assets/ by default).

    Prints and returns the paths written.
    """
    import matplotlib
    matplotlib.use('Agg')
    argv = sys.argv[1:] if argv is None else argv
    paths = make_figures(*argv[:1])
    for path in paths:
        print(path)
    return paths


if __name__ == '__main__':
    main()
