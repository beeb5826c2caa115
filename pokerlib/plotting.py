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


def plot_hand_frequencies(table, ax=None, title=None, sigmas=3):
    """Each category's observed count over its expected count, with the range chance allows.

    `table` is a frequency_table DataFrame. A ratio of 1 is exactly as
    expected; the grey bar is where a correct experiment's ratio falls 99.7%
    of the time (the expected count +/- `sigmas` standard deviations). Best
    hands at the top. Returns the Axes.

    >>> import random
    >>> from pokerlib import frequency_table, hand_frequencies
    >>> ax = plot_hand_frequencies(frequency_table(hand_frequencies(500, random.Random(1))))
    >>> ax.get_xlabel()
    'observed count ÷ expected count (500 hands)'
    """
    ax = _axes(ax, (8, 4.2))
    names = list(table.index)                   # best first
    y = list(range(len(names)))[::-1]           # best at the top
    n = int(table['count'].sum())
    expected = table['expected']
    sd = (expected * (1 - table['exact %'] / 100)) ** 0.5
    low = ((expected - sigmas * sd) / expected).clip(lower=0)
    high = (expected + sigmas * sd) / expected
    ratio = table['count'] / expected
    ax.barh(y, high - low, left=low, height=0.55, color=COLORS['band'],
            label=f'chance: within ±{sigmas} sd')
    ax.axvline(1, color=COLORS['exact'], lw=1.5, label='exactly as expected')
    outside = (ratio < low) | (ratio > high)
    for out, color, label in [(False, COLORS['observed'], 'observed'),
                              (True, COLORS['biased'], 'observed, outside the range')]:
        keep = outside == out
        if keep.any():
            ax.plot(ratio[keep], [yy for yy, k in zip(y, keep) if k], 'o',
                    color=color, label=label, zorder=3)
    ax.set_yticks(y, [f'{name}  ({count:,d} of {e:,.1f} expected)'
                      for name, count, e in zip(names, table['count'], expected)])
    right = max(2.0, float(high.max()), float(ratio.max())) * 1.05
    ax.set_xlim(0, right)
    ax.legend(loc='lower right', frameon=True, framealpha=0.9, edgecolor='none',
              fontsize='small')
    return decorate(ax, title, legend=False,
                    xlabel=f'observed count ÷ expected count ({n:,d} hands)')


SHUFFLE_SCALE = 3       # deviations within ±3 sd (the band) are drawn on a linear scale
SHUFFLE_LIMIT = 300     # the y axis of every shuffle figure runs from -300 to 300 sd


def _deviations(counts, probabilities=None):
    """(expected count, standard deviation, z of each count, z of each exact probability)."""
    values = list(counts.values())
    n, k = sum(values), len(values)
    expected = n / k
    sd = math.sqrt(n * (1 / k) * (1 - 1 / k))
    z = [(v - expected) / sd for v in values]
    exact = None
    if probabilities is not None:
        exact = [(n * float(probabilities[key]) - expected) / sd for key in counts]
    return expected, sd, z, exact


def plot_shuffle_counts(counts, ax=None, title=None, sigmas=3, exact=None):
    """How far each arrangement's count is from the fair count, in standard deviations.

    `counts` maps each arrangement to how often it came out; `exact` (a dict
    of exact probabilities, optional) adds a marker where each count should
    be. The grey band is +/- `sigmas` standard deviations, where a fair
    shuffle's counts fall (99.7% of the time for 3). The y axis is linear
    within +/-3 and logarithmic beyond, the same on every shuffle figure, so
    that a 3% bias and a 70% one both show. Returns the Axes.

    >>> ax = plot_shuffle_counts({'ab': 480, 'ba': 520}, title='a fair coin?')
    >>> ax.get_ylabel(), [t.get_text() for t in ax.get_xticklabels()]
    ('deviation from the fair count\\n(standard deviations, 1,000 shuffles)', ['ab', 'ba'])
    """
    ax = _axes(ax, (9, 4))
    labels = list(counts)
    n = sum(counts.values())
    expected, sd, z, exact_z = _deviations(counts, exact)
    x = range(len(labels))
    ax.axhspan(-sigmas, sigmas, color=COLORS['band'], label=f'fair: within ±{sigmas} sd')
    ax.axhline(0, color=COLORS['exact'], lw=1, label=f'fair count ({expected:,.0f})')
    for out, color, label in [(False, COLORS['observed'], 'observed'),
                              (True, COLORS['biased'], 'observed, outside the band')]:
        xs = [i for i in x if (abs(z[i]) > sigmas) == out]
        if xs:
            ax.bar(xs, [z[i] for i in xs], color=color, width=0.6, label=label)
    if exact_z is not None:
        ax.plot(list(x), exact_z, '_', color='black', markersize=22, mew=2,
                label='where the exact probability puts it')
    ax.set_yscale('symlog', linthresh=SHUFFLE_SCALE, linscale=1)
    ax.set_ylim(-SHUFFLE_LIMIT, SHUFFLE_LIMIT)
    ticks = [-100, -10, -3, 0, 3, 10, 100]
    ax.set_yticks(ticks, [str(t) for t in ticks])
    ax.set_xticks(list(x), labels, rotation=90 if len(labels) > 8 else 0,
                  fontfamily='monospace')
    ax.legend(loc='center left', bbox_to_anchor=(1.01, 0.5), fontsize='small', frameon=False)
    return decorate(ax, title, xlabel='arrangement', legend=False,
                    ylabel=f'deviation from the fair count\n(standard deviations, {n:,d} shuffles)')


def plot_shuffle_overview(results, axes=None, sigmas=3, exact=None):
    """One panel per shuffler, on the one scale of plot_shuffle_counts.

    `results` is {name: counts}; `exact` (optional) is {name: probabilities}.
    Returns the Axes.

    >>> axes = plot_shuffle_overview({'one': {'ab': 50, 'ba': 50}, 'two (2)': {'ab': 70, 'ba': 30}})
    >>> [ax.get_title() for ax in axes]
    ['one', 'two\\n(2)']
    """
    if axes is None:
        import matplotlib.pyplot as plt
        _, axes = plt.subplots(1, len(results), figsize=(2.7 * len(results) + 1, 4.4),
                               sharey=True, layout='constrained')
    for ax, (name, counts) in zip(axes, results.items()):
        plot_shuffle_counts(counts, ax=ax, title=name.replace(' (', '\n('), sigmas=sigmas,
                            exact=(exact or {}).get(name))
        ax.get_legend().remove()
        ax.set_xlabel('')
        if ax is not axes[0]:
            ax.set_ylabel('')
    legend = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            if not label.startswith('fair count'):
                legend.setdefault(label, handle)
    axes[0].figure.legend(legend.values(), legend.keys(), loc='outside lower center',
                          ncols=len(legend), frameon=False, fontsize='small')
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
