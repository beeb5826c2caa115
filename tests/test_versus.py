"""A file of head-to-head hands: parsing, error messages, scoring, the sample file."""

import contextlib
import io
import itertools
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from pokerlib import (DECK, PokerError, deal, hand_rank, make_versus_lines,
                      parse_versus_line, poker, read_versus, score_versus,
                      versus_errors, versus_table, versus_winner)

DATA = Path(__file__).resolve().parent.parent / 'notebooks' / 'data'
SAMPLE = DATA / 'versus-1000.txt'
BAD = DATA / 'versus-bad.txt'
SAMPLE_SEED, SAMPLE_LINES, SAMPLE_TIES = 2026, 1000, 0.05   # as the docstring says

GOOD = '8C TS KC 9H 4S 7D 2S 5D 3S AC'


def direct_score(pairs):
    """Count wins with the course's poker(), independently of score_versus."""
    counts = {'player1': 0, 'player2': 0, 'ties': 0}
    for h1, h2 in pairs:
        won = poker([h1, h2])
        key = 'ties' if len(won) == 2 else 'player1' if won[0] is h1 else 'player2'
        counts[key] += 1
    return counts


# ---------------------------------------------------------------------------
# Parsing one line.

def test_a_line_is_player_1s_five_then_player_2s_five():
    assert parse_versus_line(GOOD) == (['8C', 'TS', 'KC', '9H', '4S'],
                                       ['7D', '2S', '5D', '3S', 'AC'])


def test_other_spellings_come_back_canonical():
    line = '10c\tjc  qc kc a♣ 2D 3D 4D 5D 7H\r\n'
    assert parse_versus_line(line) == (['TC', 'JC', 'QC', 'KC', 'AC'],
                                       ['2D', '3D', '4D', '5D', '7H'])


@pytest.mark.parametrize('line, message', [
    ('AS KS QS JS TS 2D 3D 4D 5D', 'line 3: expected 10 cards, got 9'),
    (GOOD + ' 6H', 'line 3: expected 10 cards, got 11'),
    ('', 'line 3: expected 10 cards, got 0'),
    ('AS,KS,QS,JS,TS,2D,3D,4D,5D,7H', 'line 3: expected 10 cards, got 1'),
    ('AS KS QS JS TS 2D 3D 4D 5D 1X', "line 3: bad card '1X': unknown rank '1'"),
    ('AS KS QS JS TS 2D 3D 4D 5D AZ', "line 3: bad card 'AZ': unknown suit 'Z'"),
    ('AS KS QS JS TS 2D 3D 4D 5D ?B', "line 3: joker '?B' is not allowed"),
    ('AS KS QS JS TS 2D 3D 4D 5D AS', "line 3: duplicate card 'AS' (cards 1 and 10)"),
    ('AS KS QS JS TS 2D 3D 2D 5D 6D', "line 3: duplicate card '2D' (cards 6 and 8)"),
    ('TC KS QS JS 10c 2D 3D 4D 5D 6D', "line 3: duplicate card 'TC' (cards 1 and 5)"),
])
def test_a_malformed_line_names_its_number_and_the_problem(line, message):
    with pytest.raises(PokerError) as e:
        parse_versus_line(line, lineno=3)
    assert str(e.value).startswith(message)


def test_a_line_must_be_text():
    with pytest.raises(PokerError, match='^expected a line of text'):
        parse_versus_line(None)
    assert parse_versus_line(GOOD.encode()) == parse_versus_line(GOOD)


@given(st.text(max_size=60))
def test_any_text_parses_or_raises_poker_error_naming_the_line(text):
    try:
        h1, h2 = parse_versus_line(text, lineno=7)
    except PokerError as e:
        assert str(e).startswith('line 7: ')
    else:
        assert len(set(h1 + h2)) == 10 and set(h1 + h2) <= set(DECK)


@given(st.integers(0, 2**32), st.booleans(), st.integers(0, 9))
def test_a_dealt_line_round_trips_and_a_damaged_one_names_its_line(seed, lower, k):
    h1, h2 = deal(2, 5, rng=random.Random(seed))
    line = ' '.join(h1 + h2)
    assert parse_versus_line(line.lower() if lower else line) == (h1, h2)
    words = line.split()
    words[k] = 'XX'
    with pytest.raises(PokerError, match="^line 9: bad card 'XX'"):
        parse_versus_line(' '.join(words), lineno=9)


# ---------------------------------------------------------------------------
# Reading a source.

def test_blank_lines_are_skipped_but_counted():
    lines = ['', GOOD, '   ', 'AS KS']
    with pytest.raises(PokerError, match='^line 4: expected 10 cards, got 2$'):
        read_versus(lines)
    assert read_versus(lines[:3]) == [parse_versus_line(GOOD)]
    assert list(versus_table(lines[:3]).line) == [2]


def test_a_source_is_a_path_a_file_or_lines(tmp_path):
    path = tmp_path / 'two.txt'
    path.write_text('\ufeff' + GOOD + '\n\n' + GOOD.lower() + '\n', encoding='utf-8')
    expected = [parse_versus_line(GOOD)] * 2
    assert read_versus(path) == read_versus(str(path)) == expected
    with open(path, encoding='utf-8') as f:
        assert read_versus(f) == expected
    assert read_versus(io.StringIO(GOOD)) == expected[:1]
    assert read_versus(path.read_bytes().splitlines()) == expected
    assert read_versus([]) == []


def test_a_source_that_is_not_one_says_so(tmp_path):
    with pytest.raises(PokerError, match='expected a path, an open file or lines'):
        read_versus(42)
    with pytest.raises(FileNotFoundError):
        read_versus(tmp_path / 'missing.txt')
    latin = tmp_path / 'latin.txt'
    latin.write_bytes(GOOD.encode() + b'\n\xe9\xe9\n')
    with pytest.raises(PokerError, match='^line 2: not UTF-8 text'):
        read_versus(latin)
    assert versus_errors(latin) == ['line 2: not UTF-8 text']
    with open(latin, encoding='utf-8') as f:   # decodes ahead: no exact line
        with pytest.raises(PokerError, match='not UTF-8 text .at or after line 1'):
            read_versus(f)


def test_the_bad_example_file_shows_three_kinds_of_error():
    with pytest.raises(PokerError, match='^line 3: expected 10 cards, got 9$'):
        read_versus(BAD)
    assert versus_errors(BAD) == [
        'line 3: expected 10 cards, got 9',
        "line 5: bad card '1X': unknown rank '1' (ranks are 23456789TJQKA, or 10)",
        "line 7: duplicate card 'QH' (cards 1 and 7)"]
    assert versus_errors(SAMPLE) == []


# ---------------------------------------------------------------------------
# Scoring.

def test_the_examples_of_the_format():
    pairs = read_versus(['5H 5C 6S 7S KD 2C 3S 8S 8D TD',     # pair of 8s wins
                         '5D 8C 9S JS AC 2C 5C 7D 8S QH',     # ace high wins
                         '2D 9C AS AH AC 3D 6D 7D TD QD',     # flush beats trips
                         '4D 6S 9H QH QC 3D 6D 7H QD QS',     # queens, 9 kicker
                         '2H 2D 4C 4D 4S 3C 3D 3S 9S 9D'])    # full house, 4s
    assert [versus_winner(*p) for p in pairs] == [
        'player2', 'player1', 'player2', 'player1', 'player1']
    assert score_versus(pairs) == {'player1': 3, 'player2': 2, 'ties': 0}


def test_ties_are_counted_as_ties():
    pairs = read_versus(['AS KS 9S 7D 3C AH KH 9H 7C 3D',
                         '5S 4H 3D 2C AS 5D 4C 3H 2S AC',
                         '2S 4S 6S 8S TS 2H 4H 6H 8H TH'])
    assert score_versus(pairs) == {'player1': 0, 'player2': 0, 'ties': 3}


@pytest.mark.parametrize('pairs, message', [
    ('data.txt', 'for a file, use score_versus'),
    ([(['AS', 'KS', 'QS', 'JS', 'TS'],)], 'deal 1: expected a pair of hands'),
    ([parse_versus_line(GOOD), (['AS', 'KS', 'QS', 'JS', 'TS'],
                                ['AS', '2D', '3D', '4D', '5D'])],
     "deal 2: duplicate card 'AS': it is in hands 0 and 1 (counting from 0)"),
    ([(['AS', 'KS', 'QS', 'JS'], ['2D', '3D', '4D', '5D', '7H'])],
     'a hand needs 5 cards, got 4'),
])
def test_score_versus_names_a_bad_pair(pairs, message):
    with pytest.raises(PokerError, match=re.escape(message)):
        score_versus(pairs)


@given(st.integers(0, 2**32), st.integers(0, 30),
       st.sampled_from([0, 0.3, 1]), st.permutations('SHDC'))
def test_scoring_properties(seed, n, tie_fraction, suits):
    pairs = read_versus(make_versus_lines(n, random.Random(seed), tie_fraction))
    counts = score_versus(pairs)
    assert counts == direct_score(pairs)
    assert sum(counts.values()) == n
    # Swapping the players swaps the counts.
    swapped = score_versus([(h2, h1) for h1, h2 in pairs])
    assert (swapped['player1'], swapped['player2'], swapped['ties']) == (
        counts['player2'], counts['player1'], counts['ties'])
    # Relabelling suits in both hands alike changes no result.
    relabel = dict(zip('SHDC', suits))
    def rename(hand): return [r + relabel[s] for r, s in hand]
    assert score_versus([(rename(h1), rename(h2)) for h1, h2 in pairs]) == counts
    if tie_fraction == 1:
        assert counts['ties'] == n


def test_make_versus_lines_checks_its_arguments():
    for bad in [-1, 2.5, True]:
        with pytest.raises(PokerError, match='n \\(number of lines\\)'):
            make_versus_lines(bad, random.Random(1))
    for bad in [-0.1, 1.5, '0.5', None]:
        with pytest.raises(PokerError, match='tie_fraction'):
            make_versus_lines(1, random.Random(1), bad)


def test_the_same_seed_gives_the_same_lines():
    assert (make_versus_lines(50, random.Random(3))
            == make_versus_lines(50, random.Random(3))
            != make_versus_lines(50, random.Random(4)))


# ---------------------------------------------------------------------------
# The sample file.

def test_the_sample_file_is_remade_exactly_by_its_documented_seed():
    lines = make_versus_lines(SAMPLE_LINES, random.Random(SAMPLE_SEED),
                              tie_fraction=SAMPLE_TIES)
    assert SAMPLE.read_bytes() == ''.join(line + '\n' for line in lines).encode()


def test_the_sample_file_counts_agree_with_a_direct_loop():
    pairs = read_versus(SAMPLE)
    assert len(pairs) == 1000
    counts = score_versus(pairs)
    assert counts == direct_score(pairs)
    # And a third way, by comparing hand_rank directly.
    assert counts['player1'] == sum(hand_rank(a) > hand_rank(b) for a, b in pairs)
    assert counts['ties'] == sum(hand_rank(a) == hand_rank(b) for a, b in pairs)
    assert counts['ties'] > 0
    assert sum(counts.values()) == 1000
    assert counts == {'player1': 453, 'player2': 488, 'ties': 59}


def test_the_table_has_one_row_per_deal_and_counts_alike():
    table = versus_table(SAMPLE)
    assert list(table.columns) == ['line', 'hand1', 'hand2', 'category1',
                                   'category2', 'winner']
    assert list(table.line) == list(range(1, 1001))
    counts = table.winner.value_counts()
    assert {'player1': counts['player1'], 'player2': counts['player2'],
            'ties': counts['tie']} == score_versus(read_versus(SAMPLE))
    ties = table[table.winner == 'tie']
    assert (ties.category1 == ties.category2).all()


# ---------------------------------------------------------------------------
# Reading one line at a time, whatever the file holds.

from pokerlib.versus import MAX_LINE, iter_versus, iter_versus_lines   # noqa: E402


def test_iter_versus_reads_only_as_far_as_it_is_asked():
    endless = itertools.repeat(GOOD)          # never ends: a list would never be made
    pairs = iter_versus(endless)
    assert next(pairs) == parse_versus_line(GOOD)
    assert score_versus(itertools.islice(iter_versus(endless), 500)) == {
        'player1': 0, 'player2': 500, 'ties': 0}


def test_iter_versus_reads_a_binary_file_in_pieces():
    data = (GOOD + '\n').encode() * 20_000       # 600 kB
    f = io.BytesIO(data)
    pairs = iter_versus(f)
    assert next(pairs) == parse_versus_line(GOOD)
    assert f.tell() < 100_000                    # not the whole file for one line
    assert sum(1 for _ in pairs) == 19_999
    assert not f.closed                          # the caller's file, left open


def test_iter_versus_checks_its_source_at_once():
    with pytest.raises(PokerError, match='expected a path, an open file or lines'):
        iter_versus(42)


@pytest.mark.parametrize('where', ['path', 'binary', 'text', 'list'])
def test_a_line_too_long_is_an_error_and_is_not_read_whole(tmp_path, where):
    token = 'Q' * 5_000_000                      # 5 MB of one token, no line end
    text = f'{GOOD}\n{token} {GOOD}\n\n{GOOD}\nAS\n'
    path = tmp_path / 'long.txt'
    path.write_text(text)
    with contextlib.ExitStack() as files:
        def source():
            if where in ('binary', 'text'):
                mode = {'binary': 'rb', 'text': 'r'}[where]
                return files.enter_context(open(path, mode))
            return path if where == 'path' else text.splitlines()
        with pytest.raises(PokerError) as e:
            read_versus(source())
        assert str(e.value) == (f'line 2: longer than {MAX_LINE:,d} characters '
                                f'(a line is ten cards)')
        # versus_errors passes over the rest of the long line, and goes on.
        assert versus_errors(source()) == [str(e.value),
                                           'line 5: expected 10 cards, got 1']


def test_endless_bytes_without_a_line_end_stop_at_the_first_line():
    if not Path('/dev/zero').exists():
        pytest.skip('no /dev/zero here')
    with pytest.raises(PokerError, match='^line 1: longer than 1,000 characters'):
        read_versus('/dev/zero')
    with pytest.raises(PokerError, match='^line 1: longer than'):
        score_versus(iter_versus('/dev/zero'))


def test_a_long_bad_card_is_quoted_short():
    line = ' '.join(['AS', 'KS', 'QS', 'JS', 'TS', '2D', '3D', '4D', '5D', 'Z' * 900])
    with pytest.raises(PokerError) as e:
        parse_versus_line(line, 4)
    assert str(e.value).startswith("line 4: bad card 'ZZZZ")
    assert '...' in str(e.value) and len(str(e.value)) < 150


SPACES = ['\xa0', '\u3000', '\xa0 \t\u3000', '\u2003\u2009']   # NBSP, ideographic, em, thin


@pytest.mark.parametrize('blank', SPACES, ids=['nbsp', 'ideographic', 'mixed', 'em'])
def test_a_line_of_unicode_spaces_is_blank_from_any_source(tmp_path, blank):
    text = f'{blank}\n{GOOD}\n{blank}\n'
    path = tmp_path / 'spaces.txt'
    path.write_text(text, encoding='utf-8')
    expected = [parse_versus_line(GOOD)]
    assert read_versus(path) == expected
    with open(path, encoding='utf-8') as f:
        assert read_versus(f) == expected
    with open(path, 'rb') as f:
        assert read_versus(f) == expected
    assert read_versus(text.splitlines()) == expected
    assert read_versus(text.encode().splitlines()) == expected
    assert list(versus_table(path).line) == [2]


@pytest.mark.parametrize('end', ['\r', '\r\n', '\n'], ids=['old Mac', 'Windows', 'Unix'])
def test_any_line_end_ends_a_line(tmp_path, end):
    path = tmp_path / 'ends.txt'
    path.write_bytes(end.join([GOOD, '', GOOD.lower(), 'AS KS']).encode() + end.encode())
    with pytest.raises(PokerError, match='^line 4: expected 10 cards, got 2$'):
        read_versus(path)
    assert versus_errors(path) == ['line 4: expected 10 cards, got 2']
    with open(path, 'rb') as f:
        assert versus_errors(f) == ['line 4: expected 10 cards, got 2']
    with open(path, encoding='utf-8') as f:   # a text file: Python's own line ends
        assert versus_errors(f) == ['line 4: expected 10 cards, got 2']


def test_bytes_that_are_not_utf8_name_their_line_from_any_binary_source(tmp_path):
    data = GOOD.encode() + b'\n\n\xe9\xe9 ' + GOOD.encode() + b'\n'
    assert versus_errors(io.BytesIO(data)) == ['line 3: not UTF-8 text']
    assert versus_errors(data.splitlines()) == ['line 3: not UTF-8 text']


@pytest.mark.parametrize('pair, message', [
    ((['AS', 'KS', 'QS', 'JS', '?B'], ['2D', '3D', '4D', '5D', '7H']), "joker '?B'"),
    ((['AS', 'KS', 'QS', 'JS'], ['2D', '3D', '4D', '5D', '7H']), 'a hand needs 5 cards, got 4'),
    ((['AS', 'KS', 'QS', 'JS', 'TS'], ['2D', '3D', '4D', '5D', '7H', '8H']), 'got 6'),
    ((['AS', 'KS', 'QS', 'JS', 'XX'], ['2D', '3D', '4D', '5D', '7H']), "bad card 'XX'"),
    ((['AS', 'KS', 'QS', 'JS', 'ts'], ['2D', '3D', '4D', '5D', '7H']), "write 'TS'"),
    (('AS KS QS JS TS', ['2D', '3D', '4D', '5D', '7H']), 'use parse_hand'),
    ((['AS', 'KS', 'QS', 'JS', 'TS'], ['AS', '3D', '4D', '5D', '7H']), "duplicate card 'AS'"),
    ((None, ['2D', '3D', '4D', '5D', '7H']), 'not None'),
], ids=['joker', 'four cards', 'six cards', 'bad card', 'lower case', 'text', 'shared', 'None'])
def test_score_versus_names_the_deal_in_every_message(pair, message):
    with pytest.raises(PokerError) as e:
        score_versus([parse_versus_line(GOOD), pair])
    assert str(e.value).startswith('deal 2: ') and message in str(e.value)


def test_iter_versus_lines_are_make_versus_lines_one_at_a_time():
    lines = iter_versus_lines(40, random.Random(5), 0.3)
    assert next(lines) == make_versus_lines(1, random.Random(5), 0.3)[0]
    assert [next(lines)] + list(lines) == make_versus_lines(40, random.Random(5), 0.3)[1:]
    with pytest.raises(PokerError, match='tie_fraction'):   # checked at once
        iter_versus_lines(3, random.Random(1), 2)


# ---------------------------------------------------------------------------
# A line too long is an error even when all that is read of it is blank.

LONG_BLANKS = [' ' * 1_001, '\t' * 5_000, ' \t' * 600 + 'AS', ' ' * 2_000_000 + GOOD]


@pytest.mark.parametrize('long', LONG_BLANKS, ids=['1001 spaces', 'tabs', 'mixed', '2 MB then a deal'])
@pytest.mark.parametrize('source', ['path', 'stdin', 'list', 'text file'])
def test_a_long_blank_line_is_too_long_from_every_source(long, source, tmp_path):
    text = f'{GOOD}\n{long}\n{GOOD}\n'
    if source == 'path':
        (tmp_path / 'deals.txt').write_text(text)
        given = lambda: str(tmp_path / 'deals.txt')
    elif source == 'stdin':
        given = lambda: io.BytesIO(text.encode())
    elif source == 'list':
        given = lambda: text.splitlines()
    else:
        given = lambda: io.StringIO(text)
    with pytest.raises(PokerError, match='^line 2: longer than 1,000 characters'):
        read_versus(given())
    assert versus_errors(given()) == ['line 2: longer than 1,000 characters (a line is ten cards)']


def test_versus_on_the_command_line_refuses_a_long_blank_line(tmp_path, capsys):
    from pokerlib.cli import main
    path = tmp_path / 'deals.txt'
    path.write_text(' ' * 10_000 + '\n' + GOOD + '\n')
    assert main(['versus', str(path)]) == 1
    assert capsys.readouterr().err == ('pokerlib: error: line 1: longer than 1,000 '
                                       'characters (a line is ten cards)\n')
    path.write_text(' ' * 1_000 + '\n' + GOOD + '\n')      # 1,000 blanks: a blank line
    assert main(['versus', '--json', str(path)]) == 0
    assert sum(json.loads(capsys.readouterr().out).values()) == 1   # the one deal
