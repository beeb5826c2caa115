"""Controls that rerun an experiment and redraw its figure, in a notebook.

``explore_hand_frequencies`` (lesson 04) and ``explore_shuffles`` (lesson 05)
return an Explorer: shown in a notebook, it is a row of ipywidgets controls
above the experiment's figure, and changing a control reruns the experiment
and redraws the figure in place. Without a notebook, ``values``,
``figure`` and ``redraw`` are there to call.

(This module imports ipywidgets; ``import pokerlib`` does not import it.)
"""

import functools
import random  # noqa: F401 (the doctests use random.Random)

from .cards import check_rng
from .fairness import exact_shuffle_probabilities, shuffle_counts
from .figures import SHUFFLES, shuffle_title
from .fast import fast_hand_frequencies
from .frequencies import frequency_table
from .i18n import _
from .plotting import DPI, plot_hand_frequencies, plot_shuffle_counts, style
from .shuffling import SHUFFLERS

__all__ = ['Explorer', 'explore_hand_frequencies', 'explore_shuffles']

HAND_CHOICES = (1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000,
                500_000, 700_000, 1_000_000)     # 700,000: the lecture's number
SHUFFLE_CHOICES = (1_000, 3_000, 10_000, 30_000, 100_000, SHUFFLES)   # SHUFFLES: as in assets/
DECKS = ('ab', 'abc', 'abcd')


def _figure(width, height):
    """A Matplotlib figure that pyplot doesn't know about (so it is shown only when we say)."""
    from matplotlib.figure import Figure
    return Figure(figsize=(width, height), layout='constrained')


class Explorer:
    """Widgets whose values are the arguments of draw(**values) -> Figure."""

    def __init__(self, draw, **controls):
        self.draw, self.controls = draw, controls
        self.runs = 0
        self.figure = None
        self._handle = None
        self.redraw()
        for widget in controls.values():
            widget.observe(self.redraw, names='value')

    def __repr__(self):
        args = ', '.join(f'{name}={value!r}' for name, value in self.values().items())
        return f'{type(self).__name__}({args})'

    def values(self) -> dict:
        """The controls' current values, by name."""
        return {name: widget.value for name, widget in self.controls.items()}

    def redraw(self, change=None):
        """Rerun the experiment with the controls' values and draw its figure."""
        with style():
            self.figure = self.draw(**self.values())
        self.runs += 1
        if self._handle is not None:
            self._handle.update(self.image())

    def image(self):
        """The figure as a PNG image, which shows the same in any notebook."""
        import io
        from IPython.display import Image
        png = io.BytesIO()
        self.figure.savefig(png, format='png', dpi=DPI, metadata={'Software': None})
        width = round(self.figure.get_figwidth() * 100)     # pixels on screen, at 100 per inch
        return Image(data=png.getvalue(), format='png', width=width)

    def _ipython_display_(self):
        """The controls, then the figure as an image.

        The controls' output carries an empty text form, so a notebook opened
        without its kernel (or a web page made from it) shows the figure
        alone, never the widgets' repr.
        """
        import ipywidgets
        from IPython.display import display
        box = ipywidgets.HBox(list(self.controls.values()))
        bundle = {mime: data for mime, data in box._repr_mimebundle_().items()
                  if mime != 'text/plain'}
        display({**bundle, 'text/plain': ''}, raw=True)
        self._handle = display(self.image(), display_id=True)


def _choices(numbers, value):
    """SelectionSlider options: the numbers, with value among them, labelled 1,000 etc."""
    options = sorted(set(numbers) | {value})
    return [(f'{k:,d}', k) for k in options]


def explore_hand_frequencies(n=50_000, rng=None, first=None) -> Explorer:
    """A slider for the number of hands dealt, above the hand-frequency figure.

    Each position of the slider deals that many hands and draws
    plot_hand_frequencies(frequency_table(counts)). The hands are dealt by
    fast_hand_frequencies (notebook 08's vectorised hand_frequencies: the
    same experiment, ten hands from each shuffled deck, fast enough that the
    slider reaches the lecture's 700,000 hands and redraws within a second).
    `rng` is a random.Random (or a numpy Generator): the first deal takes a
    seed from it, so a seeded rng gives the same figures every time.
    `first`, if given, is the counts of the n hands already dealt, to draw the
    first figure from (then rng is not used until the slider moves).

    >>> explorer = explore_hand_frequencies(1_000, random.Random(1))
    >>> explorer, explorer.figure.axes[0].get_xlabel()
    (Explorer(n=1000), 'observed count ÷ expected count\\n(1,000 hands)')
    >>> explorer.controls['n'].value = 5_000      # what moving the slider does
    >>> explorer.runs, explorer.figure.axes[0].get_xlabel()
    (2, 'observed count ÷ expected count\\n(5,000 hands)')
    """
    import ipywidgets
    import numpy as np
    if not isinstance(rng, np.random.Generator):
        rng = check_rng(rng)
    slider = ipywidgets.SelectionSlider(
        options=_choices(HAND_CHOICES, n), value=n, description=_('hands'),
        continuous_update=False, layout=ipywidgets.Layout(width='480px'))
    dealer = rng if isinstance(rng, np.random.Generator) else None

    def deal(n):
        nonlocal dealer
        if dealer is None:   # seeded from rng on the first deal, not before (rng is shared)
            dealer = np.random.default_rng(rng.randrange(2 ** 128))
        return fast_hand_frequencies(n, dealer)

    def draw(n):
        nonlocal first
        counts = first if first is not None else deal(n)
        first = None           # only the first figure is drawn from the given counts
        fig = _figure(7, 6)
        plot_hand_frequencies(frequency_table(counts), ax=fig.add_subplot(),
                              title=_('How often each hand comes up'))   # the x label says how many hands
        return fig
    return Explorer(draw, n=slider)


@functools.cache
def _exact(shuffler, deck):
    return exact_shuffle_probabilities(shuffler, deck)


def explore_shuffles(shuffler='shuffle3', deck='abc', n=30_000, rng=None) -> Explorer:
    """Menus for the shuffle and the deck and a slider for the number of shuffles.

    Each change shuffles the deck n times with that shuffle (shuffle_counts,
    drawing on `rng`) and draws plot_shuffle_counts, with the exact
    probabilities marked.

    >>> explorer = explore_shuffles('shuffle1', 'ab', 1_000, random.Random(1))
    >>> explorer
    Explorer(shuffler='shuffle1', deck='ab', n=1000)
    >>> explorer.controls['deck'].value = 'abc'     # what choosing a deck does
    >>> explorer.runs, [t.get_text() for t in explorer.figure.axes[0].get_xticklabels()]
    (2, ['abc', 'acb', 'bac', 'bca', 'cab', 'cba'])
    """
    import ipywidgets
    rng = check_rng(rng)
    controls = dict(
        shuffler=ipywidgets.Dropdown(options=[(shuffle_title(name), name) for name in SHUFFLERS],
                                     value=shuffler, description=_('shuffle')),
        deck=ipywidgets.Dropdown(options=DECKS, value=deck, description=_('deck'),
                                 layout=ipywidgets.Layout(width='160px')),
        n=ipywidgets.SelectionSlider(options=_choices(SHUFFLE_CHOICES, n),
                                     value=n, description=_('shuffles'), continuous_update=False))

    def draw(shuffler, deck, n):
        fig = _figure(7, 5)
        plot_shuffle_counts(shuffle_counts(shuffler, deck, n, rng), ax=fig.add_subplot(),
                            exact=_exact(shuffler, deck),
                            title=_('{shuffle}: arrangements of "{deck}"').format(
                                shuffle=shuffle_title(shuffler), deck=deck))
        return fig
    return Explorer(draw, **controls)
