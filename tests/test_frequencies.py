"""The hand-frequency experiment and the figures."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

from pokerlib import EXACT_COUNTS, HAND_NAMES, PokerError, frequency_table, hand_frequencies
from pokerlib.figures import SHUFFLE_FILES, make_figures

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


def test_the_figures_command_regenerates_every_figure(tmp_path):
    paths = make_figures(tmp_path, hands=2_000, shuffles=600)
    names = {p.name for p in paths}
    assert names == {'hand_frequencies.png', 'shuffle_overview.png',
                     'benchmarks.png', *SHUFFLE_FILES.values()}
    for p in paths:
        assert p.read_bytes()[:8] == b'\x89PNG\r\n\x1a\n' and p.stat().st_size > 10_000
    # the same data give byte-identical files
    again = make_figures(tmp_path / 'again', hands=2_000, shuffles=600)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in paths]


def test_the_committed_figures_are_what_the_command_makes(tmp_path):
    subprocess.run([sys.executable, '-m', 'pokerlib.figures', str(tmp_path)],
                   check=True, capture_output=True)
    for name in ['hand_frequencies.png', 'shuffle_overview.png', 'benchmarks.png',
                 *SHUFFLE_FILES.values()]:
        assert (ROOT / 'assets' / name).read_bytes() == (tmp_path / name).read_bytes(), \
            f'assets/{name} is stale: run `make experiments`'


def test_without_benchmark_results_the_other_figures_are_still_made(tmp_path):
    paths = make_figures(tmp_path, hands=1_000, shuffles=300,
                         benchmarks=tmp_path / 'no-such-results.csv')
    assert 'benchmarks.png' not in {p.name for p in paths} and len(paths) == 7
