"""Figures for the course: each function takes data and an optional ``ax``.

All figures share one look (``decorate``, and ``style()``: lettering large
enough to read when a figure about 7 inches wide is shown in a phone's
column), and ``savefig`` writes a PNG at twice screen resolution, sharp
when enlarged, that does not change from run to run when the data don't.
"""

import math
import textwrap

from .serving import fonts
from .i18n import N_, _

fonts.register()   # the course's Chinese font, for the Chinese figures' labels

__all__ = ['STYLE', 'DPI', 'style', 'decorate', 'savefig', 'plot_hand_frequencies',
           'plot_shuffle_counts', 'plot_shuffle_overview', 'plot_benchmarks', 'contender_name']

COLORS = {'observed': '#4477AA', 'exact': '#CC6677', 'band': '#DDDDDD',
          'biased': '#EE7733'}


STYLE = {'font.size': 13, 'axes.titlesize': 14, 'axes.labelsize': 13,
         'xtick.labelsize': 12, 'ytick.labelsize': 12, 'legend.fontsize': 12,
         'font.family': ['sans-serif', fonts.FAMILY]}
"""The course's lettering (Matplotlib's default is 10 points): the figures are
about 7 inches wide, so that on a 745-pixel column this is 17-pixel text.
Chinese characters, which the default font lacks, come from the course's
Chinese font (pokerlib.serving.fonts)."""

DPI = 200   # pixels per inch of a saved figure: twice the screen's 100, sharp when zoomed


def style():
    """A context in which new figures get the course's lettering (STYLE).

    >>> import matplotlib.pyplot as plt
    >>> with style():
    ...     plt.rcParams['font.size']
    13.0
    """
    import matplotlib
    return matplotlib.rc_context(STYLE)


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


def savefig(fig, path, dpi=DPI):
    """Save a figure as a PNG without a timestamp, so reruns give equal files.

    >>> import io, matplotlib.pyplot as plt
    >>> a, b = io.BytesIO(), io.BytesIO()
    >>> fig = plt.figure(); _ = savefig(fig, a); _ = savefig(fig, b)
    >>> a.getvalue() == b.getvalue()
    True
    """
    fig.savefig(path, dpi=dpi, metadata={'Software': None})
    return path


HAND_LIMIT = 2.0   # the x axis of the hand-frequency figure: observed ÷ expected from 0 to 2


def _expected(e):
    """An expected count for a label: 1,056.4, or two significant digits below 1."""
    return f'{e:,.1f}' if e >= 1 else f'{e:.2g}'


def plot_hand_frequencies(table, ax=None, title=None, sigmas=3):
    """Each category's observed count over its expected count, with the range chance allows.

    `table` is a frequency_table DataFrame. A ratio of 1 is exactly as
    expected; the grey bar is where a correct experiment's ratio falls 99.7%
    of the time (the expected count +/- `sigmas` standard deviations). The x
    axis runs from 0 to 2 whatever the number of hands, so that more hands
    show as narrower bars; a bar or a point beyond 2 stops at the edge, with
    its value written there. Best hands at the top. Returns the Axes.

    >>> import random
    >>> from pokerlib import frequency_table, hand_frequencies
    >>> ax = plot_hand_frequencies(frequency_table(hand_frequencies(500, random.Random(1))))
    >>> ax.get_xlabel(), ax.get_xlim() == (0, 2)
    ('observed count ÷ expected count\\n(500 hands)', True)
    """
    ax = _axes(ax, (7, 6))
    names = list(table.index)                   # best first
    y = list(range(len(names)))[::-1]           # best at the top
    n = int(table['count'].sum())
    expected = table['expected']
    sd = (expected * (1 - table['exact %'] / 100)) ** 0.5
    low = ((expected - sigmas * sd) / expected).clip(lower=0)
    high = (expected + sigmas * sd) / expected
    ratio = table['count'] / expected
    edge = dict(xytext=(-3, 0), textcoords='offset points', ha='right', va='center',
                fontsize='x-small')
    ax.barh(y, high.clip(upper=HAND_LIMIT) - low, left=low, height=0.55,
            color=COLORS['band'], label=_('chance band: ±{sigmas} sd').format(sigmas=sigmas))
    for yy, h in zip(y, high):
        if h > HAND_LIMIT:
            ax.annotate(_('band to {value} →').format(value=f'{h:.3g}'), (HAND_LIMIT, yy), color='0.35', **edge)
    ax.axvline(1, color=COLORS['exact'], lw=1.5, label=_('exactly as expected'))
    outside = (ratio < low) | (ratio > high)
    for out, color, label in [(False, COLORS['observed'], _('observed')),
                              (True, COLORS['biased'], _('observed, outside the band'))]:
        keep = outside == out
        if keep.any():
            ax.plot(ratio[keep].clip(upper=HAND_LIMIT), [yy for yy, k in zip(y, keep) if k],
                    'o', color=color, label=label, zorder=3, clip_on=False)
    for yy, r in zip(y, ratio):
        if r > HAND_LIMIT:
            ax.annotate(f'{r:.3g}', (HAND_LIMIT, yy), xytext=(7, 0), textcoords='offset points',
                        ha='left', va='center', fontsize='x-small', color=COLORS['observed'])
    ax.set_yticks(y, [_('{name}\n({count} of {expected} expected)').format(
                          name=_(name), count=f'{count:,d}', expected=_expected(e))
                      for name, count, e in zip(names, table['count'], expected)])
    ax.set_xlim(0, HAND_LIMIT)
    ax.legend(loc='upper center', bbox_to_anchor=(0.5, -0.2), ncols=1, frameon=False,
              fontsize='small')
    return decorate(ax, title, legend=False,
                    xlabel=_('observed count ÷ expected count\n({n} hands)').format(n=f'{n:,d}'))


FAIR_COUNT = N_('fair count ({fair})')   # a legend entry the overview leaves out
SHUFFLE_LINEAR = 1      # percent: the shuffle figures' y axis is linear within ±1%, logarithmic beyond
SHUFFLE_LIMITS = (-100, 100)   # percent: the y axis of every shuffle figure (higher only if a count is
                               # more than twice the fair count)
SHUFFLE_TICKS = (-100, -30, -10, -3, -1, 0, 1, 3, 10, 30, 100, 300, 1000, 3000, 10000)


def _percent_off(counts, sigmas, probabilities=None):
    """(fair count, half-width of the chance band in %, each count's % off, each exact % off)."""
    values = list(counts.values())
    n, k = sum(values), len(values)
    fair = n / k
    sd = math.sqrt(n * (1 / k) * (1 - 1 / k))
    off = [100 * (v / fair - 1) for v in values]
    exact = None
    if probabilities is not None:
        exact = [100 * (k * float(probabilities[key]) - 1) for key in counts]
    return fair, 100 * sigmas * sd / fair, off, exact


def _shuffle_top(highest):
    """The top of the shared y axis: 100%, or the next of 300%, 1000%, ... above the highest bar."""
    return next(t for t in SHUFFLE_TICKS + (math.inf,)
                if t >= SHUFFLE_LIMITS[1] and t >= 1.1 * highest)


def _shuffle_axis(ax, top):
    ax.set_yscale('symlog', linthresh=SHUFFLE_LINEAR, linscale=0.5)
    ax.set_ylim(SHUFFLE_LIMITS[0], top)
    ticks = [t for t in SHUFFLE_TICKS if t <= top]
    ax.set_yticks(ticks, [f'{t:+,d}%'.replace('-', '\u2212') if t else '0' for t in ticks])
    ax.minorticks_off()


def plot_shuffle_counts(counts, ax=None, title=None, sigmas=3, exact=None):
    """How far each arrangement's count is above or below the fair count, in percent.

    `counts` maps each arrangement to how often it came out. The grey band
    is where chance puts a fair shuffle's counts: the fair count +/- `sigmas`
    standard deviations (99.7% of the time for 3); it narrows as the number
    of shuffles grows. `exact` (optional) maps each arrangement to its exact
    probability, marked where it puts the count. The y axis is the same on
    every shuffle figure, linear within +/-1% and logarithmic beyond, so that
    a 3% bias and a 70% one both show. Returns the Axes.

    >>> ax = plot_shuffle_counts({'ab': 480, 'ba': 520}, title='a fair coin?')
    >>> ax.get_ylabel(), [t.get_text() for t in ax.get_xticklabels()]
    ('count: % above or below fair\\n(out of 1,000 shuffles)', ['ab', 'ba'])
    >>> ax.get_ylim() == (-100, 100)    # the same on every shuffle figure
    True
    """
    ax = _axes(ax, (7, 5))
    labels = list(counts)
    n = sum(counts.values())
    fair, half, off, exact_off = _percent_off(counts, sigmas, exact)
    x = range(len(labels))
    ax.axhspan(-half, half, color=COLORS['band'],
               label=_('chance band: ±{sigmas} sd (±{half}%)').format(sigmas=sigmas,
                                                                       half=f'{half:.2g}'))
    ax.axhline(0, color=COLORS['exact'], lw=1, label=_(FAIR_COUNT).format(fair=f'{fair:,.0f}'))
    for out, color, label in [(False, COLORS['observed'], _('observed')),
                              (True, COLORS['biased'], _('observed, outside the band'))]:
        xs = [i for i in x if (abs(off[i]) > half) == out]
        if xs:
            ax.bar(xs, [off[i] for i in xs], color=color, width=0.6, label=label)
    if exact_off is not None:
        slot = ax.get_window_extent().width * 72 / ax.figure.dpi / len(labels)   # points
        ax.plot(list(x), exact_off, '_', color='black', markersize=min(20, 0.55 * slot),
                mew=2, label=_('where the exact probability puts it'))
    _shuffle_axis(ax, _shuffle_top(max(off)))
    ax.set_xticks(list(x), labels, rotation=90 if len(labels) > 8 else 0,
                  fontfamily='monospace')
    ax.legend(loc='upper center', bbox_to_anchor=(0.5, -0.2), ncols=2, fontsize='small',
              frameon=False)
    return decorate(ax, title, xlabel=_('arrangement'), legend=False,
                    ylabel=_('count: % above or below fair\n(out of {n} shuffles)').format(
                        n=f'{n:,d}'))


def plot_shuffle_overview(results, axes=None, sigmas=3, exact=None, columns=3):
    """One panel per shuffler, all on the one y axis of plot_shuffle_counts.

    `results` is {name: counts}; `exact` (optional) is {name: probabilities}.
    A name's ' (' starts a second line of its title. Without `axes`, the
    panels go `columns` to a row (three: legible on a phone), and the legend
    takes a free place in the last row. Returns the Axes, one per shuffler.

    >>> axes = plot_shuffle_overview({'one': {'ab': 50, 'ba': 50}, 'two (2)': {'ab': 70, 'ba': 30}})
    >>> [ax.get_title() for ax in axes], axes[1].get_ylim() == (-100, 100)
    (['one', 'two\\n(2)'], True)
    """
    spare = None
    if axes is None:
        import matplotlib.pyplot as plt
        columns = min(columns, len(results))
        rows = -(-len(results) // columns)
        grid = plt.subplots(rows, columns, figsize=(2.5 * columns + 0.6, 3.6 * rows + 0.6),
                            sharey=True, layout='constrained', squeeze=False)[1]
        cells = list(grid.flat)
        axes, free = cells[:len(results)], cells[len(results):]
        for ax in free:
            ax.set_axis_off()
        spare = free[0] if free else None
        first_column = {id(row[0]) for row in grid}
    else:
        first_column = {id(axes[0])}
    for ax, (name, counts) in zip(axes, results.items()):
        plot_shuffle_counts(counts, ax=ax, title=name.replace(' (', '\n('), sigmas=sigmas,
                            exact=(exact or {}).get(name))
        ax.get_legend().remove()
        ax.set_xlabel('')
        ax.tick_params(axis='x', labelsize='small', labelrotation=90)
        if id(ax) not in first_column:
            ax.set_ylabel('')
    highest = max(max(_percent_off(counts, sigmas)[2]) for counts in results.values())
    for ax in axes:   # the same limits on every panel, shared or not
        _shuffle_axis(ax, _shuffle_top(highest))
    legend = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            if not label.startswith(_(FAIR_COUNT).partition('{')[0]):
                legend.setdefault(label, handle)
    if spare is not None:   # a narrow place: long labels on two lines
        labels = [textwrap.fill(label, 20) for label in legend]
        spare.legend(legend.values(), labels, loc='center', frameon=False, fontsize='small')
    else:
        axes[0].figure.legend(legend.values(), legend.keys(), loc='outside lower center',
                              ncols=2, frameon=False, fontsize='small')
    return axes


CONTENDER_WORDS = (N_('pokerlib fast (one hand a call)'),)
"""The contenders' names with words in them (the rest are libraries' names, never translated)."""


def contender_name(name) -> str:
    """A benchmark contender's name as the course shows it, in the course's language.

    >>> contender_name('pokerlib fast (one hand a call)'), contender_name('eval7')
    ('pokerlib fast (one hand a call)', 'eval7')
    """
    return _(name) if name in CONTENDER_WORDS else name


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
    ax = _axes(ax, (7, 0.7 * len(order) + 1.8))
    height = 0.38
    for k, (cards, color) in enumerate([(5, COLORS['band']), (7, COLORS['observed'])]):
        speeds = rows[rows['cards'] == cards].set_index('contender')['per_second']
        ys = [i + (k - 0.5) * height for i in range(len(order))]
        xs = [speeds.get(name, float('nan')) for name in order]
        ax.barh(ys, xs, height=height, color=color, label=_('{cards} cards').format(cards=cards))
        for y, x in zip(ys, xs):
            if x == x:   # not NaN
                ax.annotate(f'{x:,.0f}', (x, y), xytext=(3, 0),
                            textcoords='offset points', va='center', fontsize='x-small')
    ax.set_yticks(range(len(order)), [contender_name(name) for name in order])
    ax.set_xscale('log')
    ax.set_xlim(right=ax.get_xlim()[1] * 12)   # room for the labels
    ax.legend(loc='lower right', frameon=False)
    return decorate(ax, title or _('Hand evaluations per second'),
                    xlabel=_('hands ranked per second\n(log scale; median of repeated runs)'),
                    ylabel=_('evaluator'), legend=False)
