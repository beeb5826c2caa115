"""Figures for the course: each function takes data and an optional ``ax``.

All figures share one look (``decorate``), and ``savefig`` writes a PNG
that does not change from run to run when the data don't.
"""

import math

__all__ = ['decorate', 'savefig', 'plot_hand_frequencies',
           'plot_shuffle_counts', 'plot_shuffle_overview', 'plot_benchmarks']

COLORS = {'observed': '#4477AA', 'exact': '#CC6677', 'band': '#DDDDDD',
          'biased': '#EE7733'}


def _axes(ax, figsize=(7, 4)):
    if ax is None:
        import matplotlib.pyplot as plt
        _, ax = plt.subplots(figsize=figsize, layout='constrained')
    return ax


def decorate(ax, title=None, xlabel=None, ylabel=None, legend=True):
    """Label an Axes the course's way; returns it.

    >>> import matplotlib.pyplot as plt
    >>> ax = decorate(plt.figure().add_subplot(), 'Title', 'x (units)', 'y (units)')
    >>> ax.get_title(), ax.get_xlabel()
    ('Title', 'x (units)')
    """
    if title:
        ax.set_title(title)
    if xlabel:
        ax.set_xlabel(xlabel)
    if ylabel:
        ax.set_ylabel(ylabel)
    if legend and ax.get_legend_handles_labels()[0]:
        ax.legend(frameon=False)
    ax.spines[['top', 'right']].set_visible(False)
    return ax


def savefig(fig, path, dpi=100):
    """Save a figure as a PNG without a timestamp, so reruns give equal files.

    >>> import io, matplotlib.pyplot as plt
    >>> a, b = io.BytesIO(), io.BytesIO()
    >>> fig = plt.figure(); _ = savefig(fig, a); _ = savefig(fig, b)
    >>> a.getvalue() == b.getvalue()
    True
    """
    fig.savefig(path, dpi=dpi, metadata={'Software': None})
    return path


def plot_hand_frequencies(table, ax=None, title=None):
    """Observed vs exact frequency of each category, on a log scale.

    `table` is a frequency_table DataFrame. Returns the Axes.

    >>> import random
    >>> from pokerlib import frequency_table, hand_frequencies
    >>> ax = plot_hand_frequencies(frequency_table(hand_frequencies(500, random.Random(1))))
    >>> ax.get_yscale(), ax.get_ylabel()
    ('log', 'percent of hands (log scale)')
    """
    ax = _axes(ax, (8, 4.5))
    names = list(table.index)
    x = range(len(names))
    n = int(table['count'].sum())
    observed = table['observed %'].where(table['count'] > 0)
    ax.bar(x, table['exact %'], color=COLORS['band'], label='exact probability')
    ax.plot(x, observed, 'o', color=COLORS['observed'],
            label=f'simulated ({n:,d} hands)')
    for k, count in enumerate(table['count']):
        if count == 0:   # nothing to plot on a log scale: say so
            ax.annotate('none dealt', (k, table['exact %'].iloc[k]),
                        xytext=(0, 4), textcoords='offset points',
                        ha='center', fontsize=8, color=COLORS['observed'])
    ax.set_yscale('log')
    ax.set_xticks(list(x), names, rotation=30, ha='right')
    return decorate(ax, title or 'How often each hand comes up',
                    xlabel='hand category',
                    ylabel='percent of hands (log scale)')


def _band(n, k, sigmas):
    p = 1 / k
    sd = math.sqrt(n * p * (1 - p))
    return n * p, sigmas * sd


def plot_shuffle_counts(counts, ax=None, title=None, sigmas=3):
    """Bars of each permutation's count, the expected count and the chance band.

    The band is the expected count +/- `sigmas` binomial standard deviations.
    Returns the Axes.

    >>> ax = plot_shuffle_counts({'ab': 480, 'ba': 520}, title='a fair coin?')
    >>> ax.get_ylabel(), [t.get_text() for t in ax.get_xticklabels()]
    ('count (out of 1,000 shuffles)', ['ab', 'ba'])
    """
    ax = _axes(ax)
    labels, values = list(counts), list(counts.values())
    n, k = sum(values), len(values)
    expected, half = _band(n, k, sigmas)
    x = range(k)
    ax.axhspan(expected - half, expected + half, color=COLORS['band'],
               label=f'chance band (±{sigmas} sd)')
    for out, color, label in [(False, COLORS['observed'], 'observed, in band'),
                              (True, COLORS['biased'], 'observed, outside band')]:
        xs = [i for i in x if (abs(values[i] - expected) > half) == out]
        if xs:
            ax.bar(xs, [values[i] for i in xs], color=color, width=0.7,
                   label=label)
    ax.axhline(expected, color=COLORS['exact'], lw=1.5,
               label=f'expected ({expected:,.0f})')
    ax.set_xticks(list(x), labels, rotation=90 if k > 8 else 0,
                  fontfamily='monospace')
    ax.set_ylim(0, max(max(values), expected + half) * 1.4)
    ax.legend(loc='upper center', ncols=2, frameon=False, fontsize='small')
    return decorate(ax, title, xlabel='permutation', legend=False,
                    ylabel=f'count (out of {n:,d} shuffles)')


def plot_shuffle_overview(results, axes=None, sigmas=3):
    """One panel per shuffler, on one y scale: {name: counts} -> the Axes.

    >>> axes = plot_shuffle_overview({'one': {'ab': 50, 'ba': 50}, 'two': {'ab': 70, 'ba': 30}})
    >>> [ax.get_title() for ax in axes]
    ['one', 'two']
    """
    if axes is None:
        import matplotlib.pyplot as plt
        _, axes = plt.subplots(1, len(results), figsize=(3 * len(results), 3.8),
                               sharey=True, layout='constrained')
    for ax, (name, counts) in zip(axes, results.items()):
        plot_shuffle_counts(counts, ax=ax, title=name, sigmas=sigmas)
        ax.get_legend().remove()
        if ax is not axes[0]:
            ax.set_ylabel('')
    top = max(max(counts.values()) for counts in results.values())
    axes[0].set_ylim(0, top * 1.1)
    legend = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            legend.setdefault(label, handle)
    axes[0].figure.legend(legend.values(), legend.keys(),
                          loc='outside lower center', ncols=len(legend),
                          frameon=False)
    return axes


def plot_benchmarks(results, ax=None, title=None):
    """Evaluations per second of each contender, 5 and 7 cards, on a log scale.

    `results` is the DataFrame of ``benchmarks/results.csv`` (the rows whose
    measure is 'evaluate' are drawn). Returns the Axes.

    >>> import pandas as pd
    >>> rows = pd.DataFrame({'measure': 'evaluate', 'contender': ['slow', 'fast'] * 2,
    ...                      'cards': [5, 5, 7, 7], 'per_second': [1e3, 1e6, 1e2, 1e6]})
    >>> [t.get_text() for t in plot_benchmarks(rows).get_yticklabels()]
    ['slow', 'fast']
    """
    rows = results[results['measure'] == 'evaluate']
    order = (rows[rows['cards'] == 7].sort_values('per_second')['contender']
             .tolist())
    order += [c for c in rows['contender'].unique() if c not in order]
    ax = _axes(ax, (8, 0.55 * len(order) + 1.6))
    height = 0.38
    for k, (cards, color) in enumerate([(5, COLORS['band']), (7, COLORS['observed'])]):
        speeds = rows[rows['cards'] == cards].set_index('contender')['per_second']
        ys = [i + (k - 0.5) * height for i in range(len(order))]
        xs = [speeds.get(name, float('nan')) for name in order]
        ax.barh(ys, xs, height=height, color=color, label=f'{cards} cards')
        for y, x in zip(ys, xs):
            if x == x:   # not NaN
                ax.annotate(f'{x:,.0f}', (x, y), xytext=(3, 0),
                            textcoords='offset points', va='center', fontsize=7)
    ax.set_yticks(range(len(order)), order)
    ax.set_xscale('log')
    ax.set_xlim(right=ax.get_xlim()[1] * 8)   # room for the labels
    ax.legend(loc='lower right', frameon=False)
    return decorate(ax, title or 'Hand evaluations per second',
                    xlabel='hands ranked per second (log scale; median of repeated runs)',
                    ylabel='evaluator', legend=False)
