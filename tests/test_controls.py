"""The controls of notebooks 04 and 05: changing one reruns the experiment and redraws."""

import random

import pytest

pytest.importorskip('ipywidgets')
from pokerlib.controls import explore_hand_frequencies, explore_shuffles  # noqa: E402


def xlabel(explorer):
    return explorer.figure.axes[0].get_xlabel()


def test_moving_the_hands_slider_deals_that_many_hands_and_redraws():
    explorer = explore_hand_frequencies(1_000, random.Random(4))
    first = explorer.figure
    assert explorer.runs == 1 and '(1,000 hands)' in xlabel(explorer)
    explorer.controls['n'].value = 2_000
    assert explorer.runs == 2 and explorer.figure is not first
    assert '(2,000 hands)' in xlabel(explorer)
    assert explorer.figure.axes[0].get_title() == 'How often each hand comes up'


def test_the_default_size_is_among_the_choices():
    explorer = explore_hand_frequencies(1_234, random.Random(4))
    assert 1_234 in [value for label, value in explorer.controls['n'].options]


def test_changing_the_shuffle_the_deck_or_the_number_reruns_the_experiment():
    explorer = explore_shuffles('shuffle2', 'ab', 1_000, random.Random(5))
    ticks = lambda: [t.get_text() for t in explorer.figure.axes[0].get_xticklabels()]  # noqa: E731
    assert ticks() == ['ab', 'ba']
    explorer.controls['deck'].value = 'abcd'
    assert len(ticks()) == 24 and explorer.runs == 2
    explorer.controls['shuffler'].value = 'shuffle_naive'
    assert explorer.figure.axes[0].get_title().startswith('shuffle_naive (lecture: shuffle3)')
    explorer.controls['n'].value = 3_000
    assert '3,000 shuffles' in explorer.figure.axes[0].get_ylabel()
    assert explorer.runs == 4


@pytest.mark.slow
def test_shown_in_a_notebook_it_is_the_controls_and_the_figure(monkeypatch):
    shown = []
    monkeypatch.setattr('IPython.display.display',
                        lambda obj, display_id=None, raw=False: shown.append(obj) or _Handle(shown))
    explorer = explore_hand_frequencies(1_000, random.Random(6))
    explorer._ipython_display_()
    # the controls as a widget view whose text form is empty: a notebook opened
    # without its kernel shows the figure, not "HBox(children=...)"
    assert shown[0]['text/plain'] == ''
    assert 'model_id' in shown[0]['application/vnd.jupyter.widget-view+json']
    assert shown[1].format == 'png' and shown[1].data[:8] == b'\x89PNG\r\n\x1a\n'
    explorer.controls['n'].value = 5_000
    assert len(shown) == 3 and shown[2].data != shown[1].data   # the same display, updated


class _Handle:
    def __init__(self, shown):
        self.shown = shown

    def update(self, obj):
        self.shown.append(obj)


def test_the_first_figure_can_show_counts_already_dealt():
    from pokerlib import hand_frequencies
    counts = hand_frequencies(1_000, random.Random(7))
    explorer = explore_hand_frequencies(1_000, random.Random(8), first=counts)
    straight_flushes = explorer.figure.axes[0].get_yticklabels()[0].get_text()
    assert straight_flushes.startswith('straight flush') and f"({counts['straight flush']:,d} of" in straight_flushes
    explorer.controls['n'].value = 2_000     # later positions deal new hands
    assert '(2,000 hands)' in explorer.figure.axes[0].get_xlabel()


@pytest.mark.slow
def test_the_slider_reaches_the_lectures_700_000_hands_quickly():
    import time
    explorer = explore_hand_frequencies(1_000, random.Random(9))
    start = time.thread_time()                        # this thread's CPU time: a busy machine
    explorer.controls['n'].value = 700_000            # slows the clock on the wall, not the work
    explorer.image()                                  # what a redraw sends to the notebook
    assert time.thread_time() - start < 3             # about half a second here
    assert '(700,000 hands)' in xlabel(explorer)


def test_a_shared_rng_is_untouched_until_the_slider_moves():
    from pokerlib import hand_frequencies
    rng = random.Random(10)
    counts = hand_frequencies(1_000, rng)
    state = rng.getstate()
    explorer = explore_hand_frequencies(1_000, rng, first=counts)
    assert rng.getstate() == state        # the notebook's next cells see the same rng
    explorer.controls['n'].value = 2_000
    assert rng.getstate() != state


def test_a_seeded_explorer_redraws_the_same_figures():
    def labels_after_moving(seed):
        explorer = explore_hand_frequencies(1_000, random.Random(seed))
        explorer.controls['n'].value = 5_000
        return [t.get_text() for t in explorer.figure.axes[0].get_yticklabels()]
    assert labels_after_moving(11) == labels_after_moving(11) != labels_after_moving(12)


def test_an_explorer_shows_its_settings_not_an_address():
    explorer = explore_shuffles('shuffle2', 'abc', 1_000, random.Random(13))
    assert repr(explorer) == "Explorer(shuffler='shuffle2', deck='abc', n=1000)"


def test_the_shuffle_slider_offers_the_size_of_the_committed_figures():
    from pokerlib.figures import SHUFFLES
    explorer = explore_shuffles('shuffle3', 'abc', 1_000, random.Random(14))
    assert SHUFFLES in [value for label, value in explorer.controls['n'].options]
    explorer.controls['deck'].value = 'ab'
    axes = explorer.figure.axes[0]
    assert [t.get_text() for t in axes.get_xticklabels()] == ['ab', 'ba']
    assert axes.get_ylim() == (-100, 100)             # the one scale of every shuffle figure


def test_the_committed_notebooks_open_with_the_figure_never_the_widgets_text():
    import json
    from pathlib import Path
    widget = 'application/vnd.jupyter.widget-view+json'
    folder = Path(__file__).resolve().parent.parent / 'notebooks'
    shown = 0
    for path in sorted(folder.glob('[0-9][0-9]-*.ipynb')):
        for cell in json.loads(path.read_text(encoding='utf-8'))['cells']:
            outputs = cell.get('outputs', [])
            for out in outputs:
                data = out.get('data', {})
                plain = ''.join(data.get('text/plain', ''))
                assert 'HBox(' not in plain and 'Explorer(' not in plain, path.name
                if widget in data:
                    assert plain == '', path.name
                    assert any('image/png' in o.get('data', {}) for o in outputs), path.name
                    shown += 1
    assert shown == 2     # 04's slider and 05's menus
