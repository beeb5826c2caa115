"""The command line: every subcommand as a real process once, the details in-process."""

import json
import os
import random
import re
import resource
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pokerlib import deal, make_versus_lines, read_versus, score_versus
from pokerlib.cli import main

DATA = Path(__file__).resolve().parent.parent / 'notebooks' / 'data'
SAMPLE = DATA / 'versus-1000.txt'
BAD = DATA / 'versus-bad.txt'
SUBCOMMANDS = ['rank', 'winner', 'versus', 'make-versus', 'deal', 'frequencies']


# Standard output as a program normally has it: buffered, so that an error in
# writing it may show only when it is flushed.
BUFFERED = {k: v for k, v in os.environ.items() if k != 'PYTHONUNBUFFERED'}


def run(*args, stdin=None, cwd=None):
    """Run `python -m pokerlib ARGS` in a new process; the CompletedProcess."""
    return subprocess.run([sys.executable, '-m', 'pokerlib', *map(str, args)],
                          input=stdin, capture_output=True, text=True,
                          cwd=cwd, timeout=60)


# ---------------------------------------------------------------------------
# Each subcommand once as a real process.

def test_rank_in_a_process(tmp_path):
    p = run('rank', 'AS KS QS JS TS', cwd=tmp_path)
    assert (p.returncode, p.stderr) == (0, '')
    assert p.stdout == ('hand:      AS KS QS JS TS\n'
                        'category:  straight flush\n'
                        'ranking:   (9, (14, 13, 12, 11, 10))\n')


def test_winner_in_a_process():
    p = run('winner', '6C 7C 8C 9C TC', '8D 8H 8S 3C 7D', 'AS AH 2D 3D 4D')
    assert (p.returncode, p.stderr) == (0, '')
    assert p.stdout == '6C 7C 8C 9C TC    straight flush\n'


def test_versus_json_is_one_object_with_score_versus_counts():
    p = run('versus', '--json', SAMPLE)
    assert (p.returncode, p.stderr) == (0, '')
    counts = json.loads(p.stdout)    # fails on anything but one JSON value
    assert isinstance(counts, dict)
    assert set(counts) == {'player1', 'player2', 'ties'}
    assert counts == score_versus(read_versus(SAMPLE))


def test_versus_reads_standard_input():
    p = run('versus', '-', stdin=SAMPLE.read_text())
    assert (p.returncode, p.stderr) == (0, '')
    c = score_versus(read_versus(SAMPLE))
    assert p.stdout.splitlines()[0] == '1,000 deals'
    assert f"{c['ties']:>7,d}" in p.stdout.splitlines()[3]


def test_versus_on_a_malformed_file_names_the_line_without_a_traceback():
    p = run('versus', '--json', BAD)
    assert (p.returncode, p.stdout) == (1, '')
    assert p.stderr == 'pokerlib: error: line 3: expected 10 cards, got 9\n'


def test_versus_on_a_missing_file_says_so_without_a_traceback(tmp_path):
    p = run('versus', tmp_path / 'missing.txt')
    assert (p.returncode, p.stdout) == (1, '')
    assert 'missing.txt: No such file or directory' in p.stderr
    assert p.stderr.startswith('pokerlib: error: ')
    assert 'Traceback' not in p.stderr


def test_deal_in_a_process_matches_the_library():
    p = run('deal', '--hands', 4, '--cards', 5, '--seed', 1)
    assert (p.returncode, p.stderr) == (0, '')
    hands = deal(4, 5, rng=random.Random(1))
    assert p.stdout == ''.join(' '.join(h) + '\n' for h in hands)


def test_frequencies_in_a_process():
    p = run('frequencies', '--hands', 2000, '--seed', 1)
    assert (p.returncode, p.stderr) == (0, '')
    lines = p.stdout.splitlines()
    assert lines[0] == '2,000 hands of 5 cards (seed 1)'
    assert lines[1].split() == ['count', 'observed', '%', 'exact', '%', 'expected', 'z']
    assert lines[3].startswith('straight flush') and lines[-1].startswith('high card')
    assert sum(int(line.rsplit(None, 5)[1]) for line in lines[3:]) == 2000


def test_make_versus_in_a_process_remakes_the_sample():
    p = run('make-versus', '--lines', 1000, '--seed', 2026, '--tie-fraction', 0.05)
    assert (p.returncode, p.stderr) == (0, '')
    assert p.stdout == SAMPLE.read_text()


@pytest.mark.skipif(shutil.which('pokerlib', path=str(Path(sys.executable).parent))
                    is None, reason='the pokerlib script is not installed')
def test_the_installed_command_runs_and_a_usage_error_exits_2():
    script = shutil.which('pokerlib', path=str(Path(sys.executable).parent))
    p = subprocess.run([script, 'rank'], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and p.stdout == ''
    assert p.stderr.startswith('usage: pokerlib rank')


@pytest.mark.slow      # about a second: the slow tier keeps make test under a minute
def test_a_chinese_shell_gets_chinese_answers_and_any_other_english():
    """The command speaks the language the shell's locale asks for (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG, in gettext's order); an error names the value in that language too."""
    def shell(locale, *args):
        env = {k: v for k, v in os.environ.items()
               if k not in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG')}
        return subprocess.run([sys.executable, '-m', 'pokerlib', *args], env=dict(env, **locale),
                              capture_output=True, text=True, timeout=60)
    p = shell({'LANG': 'zh_CN.UTF-8'}, 'rank', 'AS KS QS JS TS')
    assert p.returncode == 0 and '同花顺' in p.stdout and '牌型' in p.stdout
    assert 'straight' not in p.stdout and 'category' not in p.stdout
    p = shell({'LANGUAGE': 'zh_CN:en', 'LANG': 'C.UTF-8'}, 'rank', 'AS KS QS JS')
    assert p.returncode == 1 and '张牌' in p.stderr and "'JS'" in p.stderr
    for locale in ({'LANG': 'C.UTF-8'}, {}, {'LC_ALL': 'en_US.UTF-8', 'LANG': 'zh_CN.UTF-8'}):
        p = shell(locale, 'rank', 'AS KS QS JS TS')
        assert p.returncode == 0 and 'category:  straight flush' in p.stdout, locale
    p = shell({'LANG': 'zh_CN.UTF-8'}, 'deal', '--hands', 'x')            # argparse's words too
    assert p.returncode == 2 and '用法：' in p.stderr and '错误：参数 --hands：不是整数' in p.stderr


@pytest.mark.slow
@pytest.mark.parametrize('command', [[]] + [[c] for c in SUBCOMMANDS + ['grade', 'progress']])
def test_a_chinese_shell_gets_the_help_in_chinese(command, capsys):
    # Every line of English prose in a subcommand's help has a Chinese line in its place.
    assert main(command + ['--help']) == 0
    english = [line.strip() for line in capsys.readouterr().out.splitlines()   # not usage lines
               if len(re.findall(r'\b[a-z]{3,}\b', re.sub(r'\[.*?\]|--[\w-]+', ' ', line))) >= 3]
    env = {k: v for k, v in os.environ.items() if k not in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES')}
    p = subprocess.run([sys.executable, '-m', 'pokerlib', *command, '--help'],
                       env=dict(env, LANG='zh_CN.UTF-8'), capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.startswith('用法：pokerlib'), p.stdout
    assert english and not [line for line in english if line in p.stdout], p.stdout


# ---------------------------------------------------------------------------
# The many small cases, in-process.

@pytest.mark.parametrize('command', [[]] + [[c] for c in SUBCOMMANDS])
def test_help_for_each_subcommand(command, capsys):
    assert main(command + ['--help']) == 0
    out = capsys.readouterr().out
    assert out.startswith('usage: pokerlib ' + ' '.join(command))
    if not command:
        for c in SUBCOMMANDS:
            assert c in out


@pytest.mark.parametrize('argv', [
    [], ['nonsense'], ['rank'], ['winner'], ['versus'], ['deal', '--hands', 'x'],
    ['deal', '--hands', '-1'], ['frequencies', '--cards', '6'],
    ['make-versus', '--tie-fraction', '2'], ['versus', 'a', 'b']])
def test_usage_errors_exit_2_as_argparse_does(argv, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == '' and err.startswith('usage: pokerlib')


def test_rank_six_or_seven_cards_prints_the_best_five(capsys):
    assert main(['rank', '7C', '8C', '9C', 'TC', 'JC', '2D', '2H']) == 0
    assert capsys.readouterr().out == (
        'hand:      7C 8C 9C TC JC 2D 2H\n'
        'best five: 7C 8C 9C TC JC\n'
        'category:  straight flush\n'
        'ranking:   (9, (11, 10, 9, 8, 7))\n')


def test_rank_with_jokers_uses_best_wild_hand(capsys):
    assert main(['rank', '10h jh qh kh ?r']) == 0
    out = capsys.readouterr().out
    assert 'best five: TH JH QH KH AH' in out
    assert 'category:  straight flush' in out


@pytest.mark.parametrize('argv, message', [
    (['rank', 'AS KS QS'], 'a hand needs 5 to 7 cards, got 3'),
    (['rank', 'AS KS QS JS 1X'], "bad card '1X'"),
    (['rank', 'AS KS QS JS AS'], "duplicate card 'AS'"),
    (['winner', 'AS KS QS JS TS', 'AS 2D 3D 4D 5D'],
     "duplicate card 'AS': it is in hands 0 and 1 (counting from 0)"),
    (['deal', '--hands', '11'], 'cannot deal 11 hands of 5 cards'),
    (['versus', str(BAD)], 'line 3: expected 10 cards, got 9'),
])
def test_bad_input_is_one_line_on_stderr_and_exit_1(argv, message, capsys):
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert out == ''
    assert err.startswith('pokerlib: error: ') and message in err
    assert err.count('\n') == 1


def test_versus_on_a_directory_is_an_error_not_a_traceback(capsys):
    assert main(['versus', str(DATA)]) == 1
    assert capsys.readouterr().err.startswith('pokerlib: error: ')


def test_winner_prints_every_tied_hand_in_input_order(capsys):
    assert main(['winner', 'AS KD 9C 7H 3S', '2C 4C 5C 6C 8D',
                 'AH KC 9D 7S 3C']) == 0
    assert capsys.readouterr().out == ('AS KD 9C 7H 3S    high card\n'
                                       'AH KC 9D 7S 3C    high card\n')


def test_winner_compares_the_best_five_of_larger_hands(capsys):
    assert main(['winner', 'AS KD 9C 7H 3S 2D 2H', 'AH KC 9D 7S 3C ?B']) == 0
    assert capsys.readouterr().out == (   # ?B copies an ace: not the AS, which hand 1 holds
        'AH KC 9D 7S 3C ?B    one pair (best five: AH KC 9D 7S AC)\n')
    assert main(['winner', '2S 3S 4S 5S 6S 7S 8S']) == 0   # one hand wins alone
    assert 'straight flush (best five: 4S 5S 6S 7S 8S)' in capsys.readouterr().out


def test_versus_human_output(tmp_path, capsys):
    path = tmp_path / 'three.txt'
    path.write_text('AS KS 9S 7D 3C AH KH 9H 7C 3D\n\n'
                    '5H 5C 6S 7S KD 2C 3S 8S 8D TD\n'
                    '5D 8C 9S JS AC 2C 5C 7D 8S QH\n')
    assert main(['versus', str(path)]) == 0
    assert capsys.readouterr().out == ('3 deals\n'
                                       'player 1 wins       1   33.3%\n'
                                       'player 2 wins       1   33.3%\n'
                                       'ties                1   33.3%\n')
    empty = tmp_path / 'empty.txt'
    empty.write_text('')
    assert main(['versus', '--json', str(empty)]) == 0
    assert json.loads(capsys.readouterr().out) == {'player1': 0, 'player2': 0,
                                                   'ties': 0}


def test_make_versus_writes_a_file_like_the_sample(tmp_path, capsys):
    out = tmp_path / 'sample.txt'
    assert main(['make-versus', '--lines', '1000', '--seed', '2026',
                 '--tie-fraction', '0.05', '-o', str(out)]) == 0
    assert capsys.readouterr().out == ''
    assert out.read_bytes() == SAMPLE.read_bytes()


def test_deal_defaults_to_one_hand_of_five(capsys):
    assert main(['deal', '--seed', '7']) == 0
    assert capsys.readouterr().out.split('\n') == [
        ' '.join(deal(1, 5, rng=random.Random(7))[0]), '']


# ---------------------------------------------------------------------------
# Hardening: output that cannot be written, Ctrl-C, files written whole.

OUTPUTS = {'rank': ['rank', 'AS KS QS JS TS'],
           'winner': ['winner', 'AS KS QS JS TS', '2C 3D 4H 5S 7C'],
           'versus': ['versus', SAMPLE], 'make-versus': ['make-versus', '--lines', 50],
           'deal': ['deal', '--hands', 10], 'frequencies': ['frequencies', '--hands', 100]}


class BrokenPipe:
    """A standard output whose reader has gone: every write fails as a closed pipe does."""

    def write(self, text):
        raise BrokenPipeError(32, 'Broken pipe')

    flush = write


@pytest.mark.parametrize('command', SUBCOMMANDS)
def test_a_reader_that_stopped_reading_gives_status_1_quietly_in_every_subcommand(
        command, capsys, monkeypatch):
    monkeypatch.setattr(sys, 'stdout', BrokenPipe())
    assert main([str(a) for a in OUTPUTS[command]]) == 1
    assert capsys.readouterr().err == ''


# A process per case; make-versus's case is the same code path as deal's, so it waits
# for the slow tier (every subcommand is covered in-process just above).
@pytest.mark.parametrize('command', ['deal', pytest.param('make-versus', marks=pytest.mark.slow)])
def test_a_reader_that_stopped_reading_in_a_process(command):
    read, write = os.pipe()
    os.close(read)                  # as `| head -1` does once it has its line
    try:
        p = subprocess.run([sys.executable, '-m', 'pokerlib', *map(str, OUTPUTS[command])],
                           stdout=write, stderr=subprocess.PIPE, text=True, timeout=60,
                           env=BUFFERED)
    finally:
        os.close(write)
    assert (p.returncode, p.stderr) == (1, '')


@pytest.mark.parametrize('command', SUBCOMMANDS)
def test_a_closed_standard_output_gives_status_1_in_every_subcommand(command, capsys,
                                                                     monkeypatch):
    monkeypatch.setattr(sys, 'stdout', None)    # what Python makes of `>&-`
    assert main([str(a) for a in OUTPUTS[command]]) == 1
    assert capsys.readouterr().err == ('pokerlib: error: cannot write: standard '
                                       'output is closed\n')


def test_a_closed_standard_output_in_a_process():
    command = [sys.executable, '-m', 'pokerlib', 'deal', '--hands', '3']
    p = subprocess.run(shlex.join(command) + ' >&-', shell=True,
                       capture_output=True, text=True, timeout=60, env=BUFFERED)
    assert p.returncode == 1
    assert p.stderr == 'pokerlib: error: cannot write: standard output is closed\n'


def test_ctrl_c_exits_130_without_a_traceback():
    p = subprocess.Popen([sys.executable, '-m', 'pokerlib', 'make-versus',
                          '--lines', str(10 ** 9)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=BUFFERED)
    try:
        assert len(p.stdout.readline().split()) == 10    # it is dealing
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
    finally:
        p.kill()
    assert (p.returncode, err) == (130, '')


def interrupted_after(n):
    """A stand-in for iter_versus_lines that gives n lines, then Ctrl-C."""
    def lines(*args, **kwargs):
        yield from make_versus_lines(n, random.Random(1))
        raise KeyboardInterrupt
    return lines


def test_make_versus_interrupted_leaves_the_file_as_it_was(tmp_path, monkeypatch, capsys):
    out = tmp_path / 'deals.txt'
    out.write_text('the old file\n')
    monkeypatch.setattr('pokerlib.cli.iter_versus_lines', interrupted_after(300))
    assert main(['make-versus', '-o', str(out)]) == 130
    assert out.read_text() == 'the old file\n'
    assert [p.name for p in tmp_path.iterdir()] == ['deals.txt']   # no half-written file
    assert capsys.readouterr() == ('', '')


def test_make_versus_over_the_file_size_limit_leaves_the_file_as_it_was(tmp_path):
    out = tmp_path / 'deals.txt'
    out.write_text('the old file\n')
    def limit():    # 20,000 bytes: the 1,000 lines need 30,000
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))
    # -B: under the limit, Python would leave truncated .pyc files behind.
    p = subprocess.run([sys.executable, '-B', '-m', 'pokerlib', 'make-versus', '--lines',
                        '1000', '-o', str(out)], preexec_fn=limit,
                       capture_output=True, text=True, timeout=60)
    assert (p.returncode, p.stdout) == (1, '')
    assert p.stderr == f'pokerlib: error: {os.path.realpath(out)}: File too large\n'
    assert out.read_text() == 'the old file\n'
    assert [p.name for p in tmp_path.iterdir()] == ['deals.txt']


def test_make_versus_replaces_a_file_whole_and_keeps_its_permissions(tmp_path, capsys):
    out = tmp_path / 'deals.txt'
    out.write_text('the old file\n')
    out.chmod(0o640)
    link = tmp_path / 'link.txt'
    link.symlink_to(out)
    assert main(['make-versus', '--lines', '20', '--seed', '3', '-o', str(link)]) == 0
    expected = ''.join(line + '\n' for line in make_versus_lines(20, random.Random(3)))
    assert out.read_text() == expected and link.is_symlink()
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    new = tmp_path / 'new.txt'
    assert main(['make-versus', '--lines', '2', '-o', str(new)]) == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~umask
    assert sorted(p.name for p in tmp_path.iterdir()) == ['deals.txt', 'link.txt', 'new.txt']
    assert capsys.readouterr() == ('', '')


@pytest.mark.parametrize('where, message', [
    ('missing/deals.txt', 'missing/deals.txt: No such file or directory'),
    ('.', ': Is a directory')])
def test_make_versus_to_a_place_it_cannot_write_names_it(tmp_path, capsys, where, message):
    assert main(['make-versus', '--lines', '5', '-o', str(tmp_path / where)]) == 1
    err = capsys.readouterr().err
    assert err.startswith('pokerlib: error: ') and err.endswith(message + '\n')
    assert err.count('\n') == 1
    assert [p.name for p in tmp_path.iterdir()] == []


def test_versus_interrupted_exits_130(monkeypatch, capsys):
    def interrupt(pairs):
        raise KeyboardInterrupt
    monkeypatch.setattr('pokerlib.cli.score_versus', interrupt)
    assert main(['versus', str(SAMPLE)]) == 130
    assert capsys.readouterr() == ('', '')


@pytest.mark.parametrize('argv, message', [
    (['frequencies', '--hands', '0'], 'must be at least 1'),
    (['deal', '--seed', '-1'], 'must not be negative'),
    (['make-versus', '--seed', '-1'], 'must not be negative'),
    (['frequencies', '--seed', '-1'], 'must not be negative'),
    (['make-versus', '-o', ''], 'the file name is empty'),
])
def test_arguments_that_make_no_sense_are_usage_errors(argv, message, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == '' and err.startswith('usage: pokerlib') and message in err


def test_deal_refuses_hands_of_no_cards_at_once(capsys):
    assert main(['deal', '--hands', '1000000000', '--cards', '0']) == 1
    assert capsys.readouterr() == ('', 'pokerlib: error: n (cards per hand) must be '
                                   'at least 1, got 0: a hand has at least one card\n')


def test_winner_never_lets_a_joker_be_a_card_another_hand_holds(capsys):
    assert main(['winner', '?R KH QH JH TH', 'AH 2C 3D 4S 6S']) == 0
    assert capsys.readouterr().out == (
        '?R KH QH JH TH    straight flush (best five: 9H KH QH JH TH)\n')
    # So the joker's hand ties a king-high straight flush that holds the AH.
    assert main(['winner', '?R KH QH JH TH', '9S TS JS QS KS AH']) == 0
    assert capsys.readouterr().out == (
        '?R KH QH JH TH    straight flush (best five: 9H KH QH JH TH)\n'
        '9S TS JS QS KS AH    straight flush (best five: 9S TS JS QS KS)\n')
    # Alone, the joker may be the AH (and rank says so).
    assert main(['rank', '?R KH QH JH TH']) == 0
    assert 'best five: AH KH QH JH TH' in capsys.readouterr().out


def test_versus_from_standard_input_with_old_mac_line_ends_and_unicode_blanks():
    lines = SAMPLE.read_text().splitlines()[:30]
    text = '\r'.join(lines[:10] + ['\xa0\u3000'] + lines[10:]) + '\r'
    p = subprocess.run([sys.executable, '-m', 'pokerlib', 'versus', '--json', '-'],
                       input=text.encode(), capture_output=True, timeout=60)
    assert (p.returncode, p.stderr) == (0, b'')
    assert json.loads(p.stdout) == score_versus(read_versus(lines))


def test_versus_from_a_closed_standard_input_says_so(monkeypatch, capsys):
    monkeypatch.setattr(sys, 'stdin', None)     # what Python makes of `<&-`
    assert main(['versus', '-']) == 1
    assert capsys.readouterr() == ('', 'pokerlib: error: cannot read: standard '
                                   'input is closed\n')


# ---------------------------------------------------------------------------
# -o onto what is not a regular file: written to, never replaced.

def test_make_versus_writes_into_a_fifo_and_leaves_it_a_fifo(tmp_path):
    fifo = tmp_path / 'deals.fifo'
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()), daemon=True)
    reader.start()
    try:
        assert main(['make-versus', '--lines', '5', '--seed', '3', '-o', str(fifo)]) == 0
    finally:
        reader.join(timeout=30)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert received == [''.join(line + '\n' for line in
                                make_versus_lines(5, random.Random(3)))]
    assert sorted(p.name for p in tmp_path.iterdir()) == ['deals.fifo']


def test_make_versus_to_dev_stdout_through_a_pipe():
    command = [sys.executable, '-m', 'pokerlib', 'make-versus', '--lines', '5', '--seed', '3']
    plain = subprocess.run(command, capture_output=True, text=True, timeout=60)
    piped = subprocess.run(command + ['-o', '/dev/stdout'], capture_output=True,
                           text=True, timeout=60)
    assert (piped.returncode, piped.stderr) == (0, '')
    assert piped.stdout == plain.stdout and len(piped.stdout.splitlines()) == 5


def test_only_a_regular_file_or_a_new_name_is_replaced_whole(tmp_path):
    # Decided from the target alone, without writing: /dev/null is a
    # character device and is never replaced (nor written to by this test).
    from pokerlib.cli import _replaced_whole
    fifo = tmp_path / 'f'
    os.mkfifo(fifo)
    (tmp_path / 'regular').write_text('x')
    (tmp_path / 'link').symlink_to(fifo)
    assert _replaced_whole(str(tmp_path / 'regular')) and _replaced_whole(str(tmp_path / 'new'))
    for path in ['/dev/null', '/dev/stdout', str(fifo), str(tmp_path / 'link')]:
        assert not _replaced_whole(path), path
    assert stat.S_ISCHR(os.stat('/dev/null').st_mode)


# SIGHUP takes the same handler as SIGTERM: its process waits for the slow tier.
@pytest.mark.parametrize('signum', [signal.SIGTERM, pytest.param(signal.SIGHUP, marks=pytest.mark.slow)])
def test_a_terminated_make_versus_leaves_no_part_file(tmp_path, signum):
    out = tmp_path / 'deals.txt'
    out.write_text('the old file\n')
    p = subprocess.Popen([sys.executable, '-m', 'pokerlib', 'make-versus', '--lines',
                          str(10 ** 9), '-o', str(out)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not any(p.name.endswith('.part') for p in tmp_path.iterdir()):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.2)                                  # part-way through the writing
        p.send_signal(signum)
        out_text, err = p.communicate(timeout=60)
    finally:
        p.kill()
    assert (p.returncode, out_text, err) == (128 + signum, '', '')
    assert out.read_text() == 'the old file\n'
    assert [q.name for q in tmp_path.iterdir()] == ['deals.txt']


def test_importing_the_library_does_not_load_the_command_line():
    """describe_hand and winning_hands live beside the hands they describe (holdem)."""
    code = "import pokerlib, sys; assert 'pokerlib.cli' not in sys.modules, 'cli loaded'"
    subprocess.run([sys.executable, '-c', code], check=True, timeout=120)
