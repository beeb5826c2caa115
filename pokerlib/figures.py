"""Regenerate every figure in ``assets/``: ``python -m pokerlib.figures [DIR]``.

The figures use fixed seeds, so the same data come out every time; the
notebooks draw the same figures with the same functions. The benchmark chart
is drawn from ``benchmarks/results.csv`` (measured by ``make bench``), when
that file is there.
"""

import random
import sys
from pathlib import Path

from .fairness import shuffle_counts
from .frequencies import frequency_table, hand_frequencies
from .plotting import (plot_benchmarks, plot_hand_frequencies,
                       plot_shuffle_counts, plot_shuffle_overview, savefig)
from .shuffling import SHUFFLERS

__all__ = ['make_figures', 'SEED', 'HANDS', 'SHUFFLES', 'SHUFFLE_FILES',
           'BENCHMARKS']

SEED = 2026          # the seed every figure is made with
HANDS = 700_000      # hands dealt for the hand-frequency figure (the course's number)
SHUFFLES = 60_000    # shuffles of 'abc' per shuffler
BENCHMARKS = Path(__file__).resolve().parent.parent / 'benchmarks' / 'results.csv'
SHUFFLE_FILES = {'shuffle1': 'shuff1.png', 'shuffle2': 'shuff2.png',
                 'shuffle3': 'shuff3.png', 'shuffle4': 'shuff4.png',
                 'shuffle_naive': 'shuff_naive.png'}


def shuffle_results(n=SHUFFLES, seed=SEED, deck='abc') -> dict:
    """{shuffler name: permutation counts} for every shuffler, seeded."""
    return {name: shuffle_counts(name, deck, n, random.Random(seed))
            for name in SHUFFLERS}


def make_figures(outdir='assets', hands=HANDS, shuffles=SHUFFLES, seed=SEED,
                 benchmarks=BENCHMARKS) -> list:
    """Draw and save every figure of the course into outdir; return the paths.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     sorted(p.name for p in make_figures(d, hands=100, shuffles=60))[:3]
    ['benchmarks.png', 'hand_frequencies.png', 'shuff1.png']
    """
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []

    table = frequency_table(hand_frequencies(hands, random.Random(seed)))
    ax = plot_hand_frequencies(table)
    paths.append(savefig(ax.figure, out / 'hand_frequencies.png'))
    plt.close(ax.figure)

    results = shuffle_results(shuffles, seed)
    for name, counts in results.items():
        ax = plot_shuffle_counts(counts, title=f'{name}: permutations of "abc"')
        paths.append(savefig(ax.figure, out / SHUFFLE_FILES[name]))
        plt.close(ax.figure)
    axes = plot_shuffle_overview(results)
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
