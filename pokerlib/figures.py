"""Regenerate every figure in ``assets/``: ``python -m pokerlib.figures [DIR]``.

The figures use fixed seeds, so the same data come out every time; the
notebooks draw the same figures with the same functions. The hand-frequency
figure deals the lecture's 700,000 hands with the vectorised experiment of
notebook 08 (``fast_hand_frequencies``: the same experiment, a fraction of a
second instead of several). The benchmark chart is drawn from
``benchmarks/results.csv`` (measured by ``make bench``), when that file is
there.
"""

import random
import sys
from pathlib import Path

from .fairness import exact_shuffle_probabilities, shuffle_counts
from .frequencies import frequency_table
from .plotting import (plot_benchmarks, plot_hand_frequencies,
                       plot_shuffle_counts, plot_shuffle_overview, savefig)
from .shuffling import SHUFFLERS

__all__ = ['make_figures', 'SEED', 'HANDS', 'SHUFFLES', 'SHUFFLE_FILES',
           'LECTURE_NAMES', 'shuffle_title', 'ASSETS', 'BENCHMARKS']

SEED = 2026          # the seed every figure is made with
HANDS = 700_000      # hands dealt for the hand-frequency figure (the course's number)
SHUFFLES = 100_000   # shuffles of 'abc' per shuffler: enough to show shuffle3's 3% bias
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
    return name if lecture in (None, name) else f'{name} (lecture: {lecture})'


def shuffle_results(n=SHUFFLES, seed=SEED, deck='abc') -> dict:
    """{shuffler name: permutation counts} for every shuffler, seeded."""
    return {name: shuffle_counts(name, deck, n, random.Random(seed))
            for name in SHUFFLERS}


def make_figures(outdir='assets', hands=HANDS, shuffles=SHUFFLES, seed=SEED,
                 benchmarks=BENCHMARKS) -> list:
    """Draw and save every figure of the course into outdir; return the paths.

    Without benchmark results (a `benchmarks` file that doesn't exist), the
    benchmark chart is left out. (tests/test_frequencies.py remakes them all
    and compares them with assets/.)

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     sorted(p.name for p in make_figures(d, 100, 30, benchmarks='no-results.csv'))[:3]
    ['hand_frequencies.png', 'shuff1.png', 'shuff2.png']
    """
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []

    import numpy as np
    from .fast import fast_hand_frequencies
    table = frequency_table(fast_hand_frequencies(hands, np.random.default_rng(seed)))
    ax = plot_hand_frequencies(table, title='How often each hand comes up')
    paths.append(savefig(ax.figure, out / 'hand_frequencies.png'))
    plt.close(ax.figure)

    results = shuffle_results(shuffles, seed)
    exact = {name: exact_shuffle_probabilities(name, 'abc') for name in results}
    for name, counts in results.items():
        ax = plot_shuffle_counts(counts, title=f'{shuffle_title(name)}: arrangements of "abc"',
                                 exact=exact[name])
        paths.append(savefig(ax.figure, out / SHUFFLE_FILES[name]))
        plt.close(ax.figure)
    axes = plot_shuffle_overview({shuffle_title(name): counts for name, counts in results.items()},
                                 exact={shuffle_title(name): p for name, p in exact.items()})
    paths.append(savefig(axes[0].figure, out / 'shuffle_overview.png'))
    plt.close(axes[0].figure)

    if Path(benchmarks).exists():
        import pandas as pd
        ax = plot_benchmarks(pd.read_csv(benchmarks))
        paths.append(savefig(ax.figure, out / 'benchmarks.png'))
        plt.close(ax.figure)
    return paths


if __name__ == '__main__':
    for path in make_figures(*sys.argv[1:2]):
        print(path)
