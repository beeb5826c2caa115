"""One rule for the nine categories' names: English keys, and the names a student reads work too.

In a Chinese notebook a student reads 一对 in every table and from hand_name;
wherever a category name is looked up or taken in, that name works as the
English key does (pokerlib.i18n's one rule), and every label a frequency
table shows can index it.
"""

import random

import numpy as np
import pytest

from pokerlib import HAND_NAMES, category_number
from pokerlib.fast import exact_counts, fast_hand_frequencies
from pokerlib.frequencies import EXACT_COUNTS, HEADERS, frequency_table, hand_frequencies
from pokerlib.i18n import _, set_language


@pytest.fixture
def chinese():
    set_language('zh_CN')
    yield
    set_language('en')


def test_every_count_answers_to_the_name_a_chinese_student_reads(chinese):
    counts = [hand_frequencies(2000, random.Random(1)), EXACT_COUNTS[5], EXACT_COUNTS[7],
              exact_counts(5), fast_hand_frequencies(2000, np.random.default_rng(1))]
    for c in counts:
        assert list(c)[:9] == list(HAND_NAMES[:9]) or set(c) == set(HAND_NAMES[:9])   # keys: English
        for name in HAND_NAMES[:9]:
            shown = _(name)
            assert shown != name
            assert c[shown] == c[name] and shown in c and c.get(shown) == c[name]
    assert counts[0]['五条'] == 0 and counts[0]['no such hand'] == 0          # a Counter: 0
    with pytest.raises(KeyError):
        exact_counts(5)['no such hand']                                        # a dict: KeyError
    assert category_number('同花顺') == category_number('straight flush') == 9


def test_every_label_a_chinese_table_shows_indexes_it(chinese):
    english = hand_frequencies(3000, random.Random(2))
    chinese_keys = {_(k): v for k, v in english.items()}
    for counts in (english, chinese_keys):          # counts named either way: the same table
        table = frequency_table(counts)
        shown = repr(table)
        for column in table.columns:
            label = _(HEADERS[column])
            assert label in shown
            assert table[label].tolist() == table[column].tolist()
            for row in table.index:
                assert _(row) in shown
                assert table.loc[_(row), label] == table.loc[row, column]
                assert table[label][_(row)] == table[column][row]
                assert table.loc[_(row)][label] == table.loc[row][column]
        assert table.loc['一对', '次数'] == english['one pair']
    assert frequency_table(chinese_keys).equals(frequency_table(english))


def test_a_chinese_student_looks_up_a_table_as_she_would_type_it(chinese):
    """Issue 52: the look-ups a student types, with the names she reads, spaced or not."""
    table = frequency_table(hand_frequencies(3000, random.Random(3)))
    assert table['精确%'].tolist() == table['exact %'].tolist() == table['精确 %'].tolist()
    assert table.sort_values('次数').index.tolist() == table.sort_values('count').index.tolist()
    assert table.sort_values(['期望次数'], ascending=False).index[0] == 'high card'
    assert table.at['一对', '次数'] == table.at['one pair', 'count'] == table.loc['one pair', 'count']
    assert table['次数'].at['一对'] == table['count']['one pair']
    assert 'high card' not in table.drop('高牌').index and len(table.drop('高牌')) == 8
    assert list(table.drop(columns=['z', '期望次数']).columns) == ['count', 'observed %', 'exact %']
    assert 'high card' not in table['次数'].drop('高牌').index


@pytest.mark.parametrize('look', [lambda t: t.loc['散牌'], lambda t: t['精确'], lambda t: t.drop('散牌'),
                                  lambda t: t.sort_values('频率'), lambda t: t.at['散牌', '次数'],
                                  lambda t: t.loc[['一对', '散牌']], lambda t: t['次数']['散牌']])
def test_a_name_a_table_does_not_have_is_one_line_naming_the_ones_it_has(chinese, look):
    """A bare KeyError no more: still a KeyError (as pandas raises), one line that names the
    rows (and columns) the table takes, as it shows them."""
    table = frequency_table(hand_frequencies(3000, random.Random(3)))
    with pytest.raises(KeyError) as caught:
        look(table)
    message = str(caught.value)
    assert '\n' not in message and not message.startswith('"')
    assert message.startswith('这') and any(name in message for name in ("'散牌'", "'精确'", "'频率'"))
    assert '同花顺, 四条, 葫芦, 同花, 顺子, 三条, 两对, 一对, 高牌' in message
    assert isinstance(caught.value, ValueError)          # the library's own PokerError too
    set_language('en')
    with pytest.raises(KeyError, match='its columns count, observed %, exact %, expected, z'):
        table['no such column']
