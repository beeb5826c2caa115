"""The hand-frequency experiment and the figures."""

import random
from pathlib import Path

import pytest

from pokerlib import EXACT_COUNTS, HAND_NAMES, PokerError, frequency_table, hand_frequencies
from pokerlib import figures

ROOT = Path(__file__).resolve().parent.parent


def test_frequencies_are_seeded_and_close_to_exact():
    counts = hand_frequencies(20_000, random.Random(1))
    assert counts == hand_frequencies(20_000, random.Random(1))
    assert list(counts) == list(HAND_NAMES[:9]) and sum(counts.values()) == 20_000
    table = frequency_table(counts)
    assert list(table.index) == list(reversed(HAND_NAMES[:9]))
    assert list(table.columns) == ['count', 'observed %', 'exact %', 'expected', 'z']
    assert table['exact %'].sum() == pytest.approx(100)
    assert table.loc['one pair', 'exact %'] == pytest.approx(42.2569, abs=1e-4)
    # Each z is approximately standard normal; with nine of them, |z| < 4
    # everywhere fails with probability under 0.1% (and the seed is fixed).
    assert (table['z'].abs() < 4).all()


def test_seven_card_frequencies_use_the_best_five():
    counts = hand_frequencies(2_000, random.Random(3), cards=7)
    table = frequency_table(counts, cards=7)
    assert sum(EXACT_COUNTS[7].values()) == 133_784_560
    assert (table['z'].abs() < 4).all()
    assert counts['one pair'] > counts['high card']   # true only with 7 cards


def test_bad_experiment_sizes():
    with pytest.raises(PokerError, match='n \\(number of hands\\)'):
        hand_frequencies(-5)
    with pytest.raises(PokerError, match='cards must be 5 or 7, got 6'):
        hand_frequencies(10, cards=6)


@pytest.mark.slow
def test_the_committed_figures_are_what_the_command_makes(tmp_path, capsys):
    """`make experiments` (python -m pokerlib.figures assets) remakes assets/ byte for byte."""
    paths = figures.main([str(tmp_path)])
    names = {'hand_frequencies.png', 'shuffle_overview.png', 'benchmarks.png',
             *figures.SHUFFLE_FILES.values()}
    assert {p.name for p in paths} == {p.name for p in tmp_path.iterdir()} == names
    assert capsys.readouterr().out.split() == [str(p) for p in paths]
    for name in names:
        made = (tmp_path / name).read_bytes()
        assert made[:8] == b'\x89PNG\r\n\x1a\n' and len(made) > 10_000
        assert (ROOT / 'assets' / name).read_bytes() == made, \
            f'assets/{name} is stale: run `make experiments`'


def test_the_shuffle_figures_share_one_scale_and_mark_the_exact_probabilities():
    from pokerlib import exact_shuffle_probabilities, shuffle_counts
    from pokerlib.plotting import plot_shuffle_counts, plot_shuffle_overview
    counts = {name: shuffle_counts(name, 'abc', 600, random.Random(1))
              for name in ['shuffle1', 'shuffle2']}
    exact = {name: exact_shuffle_probabilities(name, 'abc') for name in counts}
    axes = plot_shuffle_overview(counts, exact=exact)
    single = plot_shuffle_counts(counts['shuffle2'], exact=exact['shuffle2'])
    assert axes[0].get_ylim() == axes[1].get_ylim() == single.get_ylim() == (-100, 100)
    assert single.get_yscale() == 'symlog'
    # shuffle1 gives 'abc' 1/20 where fair is 1/6: its mark is 70% below the fair count
    marker = [line for line in axes[0].get_lines() if line.get_marker() == '_'][0]
    assert marker.get_ydata()[0] == pytest.approx(-70)
    # the chance band: 3 sd of 600 shuffles in 6 arrangements, in percent of the fair 100
    band = [p for p in single.patches if p.get_label().startswith('chance band')][0]
    assert band.get_label() == 'chance band: ±3 sd (±27%)'
    # a count more than twice the fair count raises the top, on every panel alike
    loaded = dict.fromkeys(counts['shuffle1'], 2) | {'abc': 50}    # 'abc': 5 times fair
    axes = plot_shuffle_overview({'fair': dict.fromkeys(loaded, 10), 'loaded': loaded})
    assert axes[0].get_ylim() == axes[1].get_ylim() == (-100, 1000)


def test_the_hand_figure_keeps_its_scale_and_says_what_runs_off_it():
    from pokerlib.plotting import plot_hand_frequencies
    ax = plot_hand_frequencies(frequency_table(hand_frequencies(1_000, random.Random(2))))
    assert ax.get_xlim() == (0, 2)
    texts = [t.get_text() for t in ax.texts]
    assert any(t.startswith('band to ') for t in texts)   # a rare category's band is wider
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[0].startswith('straight flush') and 'of 0.015 expected)' in labels[0]


def test_the_figures_paths_come_without_matplotlib():
    """Notebook 08 needs only ASSETS and BENCHMARKS: importing them must not cost Matplotlib's import."""
    import subprocess
    import sys
    code = ('import sys; from pokerlib.figures import ASSETS, BENCHMARKS; '
            'print(sorted(m for m in ("matplotlib", "pokerlib.plotting") if m in sys.modules))')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == '[]', out.stdout


@pytest.mark.parametrize('n, cards', [(3_001, 5), (1_003, 7), (9, 5), (0, 7)])
def test_the_counts_are_hand_rank_of_the_same_deals(n, cards):
    # hand_frequencies ranks all it dealt at once (pokerlib.fast); the counts are those of
    # hand_rank (of the best five) on the same deals, and the generator ends where it would.
    from collections import Counter
    from pokerlib import best_hand, category_name, deal, hand_rank
    ours, theirs = random.Random(n), random.Random(n)
    counts = hand_frequencies(n, ours, cards=cards)
    expected = Counter(dict.fromkeys(HAND_NAMES[:9], 0))
    per_deal = 10 if cards == 5 else 52 // cards
    for start in range(0, n, per_deal):
        for hand in deal(min(per_deal, n - start), cards, rng=theirs):
            expected[category_name(hand_rank(best_hand(hand))[0])] += 1
    assert counts == expected and list(counts) == list(expected)
    assert ours.getstate() == theirs.getstate()


def test_showdown_counts_are_hand_rank_of_the_same_boards():
    from pokerlib import DECK, best_hand, hand_rank, showdown
    hole1, hole2, board = ['AS', 'KS'], ['QH', 'QD'], ['7S']
    ours, theirs = random.Random(4), random.Random(4)
    got = showdown(hole1, hole2, 1_500, ours, board=board)
    rest = [c for c in DECK if c not in hole1 + hole2 + board]
    expected = {'player1': 0, 'player2': 0, 'ties': 0}
    for _ in range(1_500):
        cards = board + theirs.sample(rest, 4)
        r1, r2 = hand_rank(best_hand(hole1 + cards)), hand_rank(best_hand(hole2 + cards))
        expected['player1' if r1 > r2 else 'player2' if r2 > r1 else 'ties'] += 1
    assert got == expected and ours.getstate() == theirs.getstate()
