"""Every word the library says to a Chinese student is Chinese, outside code.

With the library in Chinese (set_language('zh_CN')), this runs the report
paths of ``check`` (not written, the course's version, no such exercise, a
value instead of a function, a wrong answer, an error, a recursion, exit(),
KeyboardInterrupt, GeneratorExit, os._exit, the time limit, printing, a
value exercise, a ranking told apart by two hands, a shuffle judged over
every sequence of random choices) and the PokerErrors of the library's
functions on bad arguments, and fails on an English word outside code.

Code is what a report marks as code, a quoted value ('AS', "abc"), an
identifier (with an underscore or a digit, or a name of pokerlib, of the
exercises, of a parameter of its functions or of Python's exceptions) and a few names (Python, NumPy, ...).
"""

import builtins
import inspect
import os
import random
import re
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import pokerlib
from pokerlib import PokerError, i18n
from pokerlib.practice import check, kernel, exercise_names
from pokerlib.practice.reports import CODE_LABELS, code

NAMES = {'Python', 'NumPy', 'pandas', 'Knuth', 'UTF', 'JSON', 'CSV', 'HTML', 'ASCII', 'id', 'ids',
         'rng', 'np', 'pd', 'os', 'sys', 'Ctrl', 'Fisher', 'Yates', 'Counter', 'DataFrame', 'Series',
         'dtype', 'ndarray', 'uint', 'int', 'float', 'str', 'NaN', 'inf', 'nan'}
"""Names that stay as they are in a Chinese sentence."""



def parameters() -> set:
    """The names of the parameters of pokerlib's functions (a message names the argument)."""
    names = set()
    for name in pokerlib.__all__:
        try:
            names |= set(inspect.signature(getattr(pokerlib, name)).parameters)
        except (TypeError, ValueError):
            pass
    return names


ALLOWED = (NAMES | set(dir(pokerlib)) | set(exercise_names()) | {'True', 'False', 'None'}
           | {name for name in dir(builtins) if name[0].isupper()} | parameters())


def english_words(text: str) -> list:
    """The English words of text outside code (see the module's docstring)."""
    text = re.sub('\x02.*?\x03', ' ', text, flags=re.S)                  # marked as code
    text = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`", ' ', text)           # quoted values
    text = re.sub(r'\b[A-Za-z_][\w.]*\([^()]*\)', ' ', text, flags=re.A)    # calls
    text = re.sub(r'\b\w*[A-Za-z]\w*[\d_.]\w*\b|\b[\d_]\w*[A-Za-z]\w*\b', ' ', text, flags=re.A)
    text = re.sub(r'\b(?:[0-9TJQKA?][SHDCBR])+\b', ' ', text)              # cards
    return [w for w in re.findall(r'[A-Za-z]{2,}', text) if w not in ALLOWED]


def test_the_detector_finds_english_and_passes_code():
    """The check below can fail: English words are found, code and names are not."""
    assert english_words('在 the answer \x02(1020, 4)\x03 上出错') == ['the', 'answer']
    assert english_words("重复的牌 'AS'：它同时在第 0 手和第 1 手里（hand_rank, NumPy）") == []
    assert english_words('一手牌需要 5 to 7 张牌') == ['to']
    assert english_words('QS KS AS AH AD and 2S 3S 4S 5S AH') == ['and']


@pytest.fixture
def chinese():
    i18n.set_language('zh_CN')
    yield
    i18n.set_language('en')


def report_text(report) -> str:
    """Everything a report says, its code marks kept (they mark what is code): the name
    and the details that are code (the call, what came back, a traceback's line) as code."""
    return '\n'.join([code(report.name), report.summary] + [
        f'{i18n._(label)} ' + (code(text) if label in CODE_LABELS else text)
        for label, text in report.details])


def named(name, f):
    f.__name__ = f.__qualname__ = name
    return f


def _straight_never_ends(ranks):
    while True:
        pass


def _sleeper(ranks):
    time.sleep(60)


def _recursive(ranks):
    return _recursive(ranks)


def _exits(ranks):
    sys.exit()


def _interrupted(ranks):
    raise KeyboardInterrupt


def _generator_exit(ranks):
    raise GeneratorExit


def _kills(ranks):
    os._exit(3)


def _raises(ranks):
    raise ValueError('x')


def _prints(ranks):
    print('ranks', ranks)
    return max(ranks) - min(ranks) == 4 and len(set(ranks)) == 5


def _not_written(ranks):
    raise NotImplementedError()


def _flush_returns_nothing(hand):
    suits = {s for r, s in hand}      # ...and the return is missing
    suits.clear()


def _same_for_all(hand):
    return (0,)


def _shuffle_naive(deck, rng):
    for i in range(len(deck)):
        j = rng.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]


REPORTS = {
    'a value, not a function (check(straight(ranks)))': lambda: check(True),
    'no exercise called print': lambda: check(print),
    'a name in quotes': lambda: check('straight'),
    'a near name': lambda: check(named('straigt', lambda ranks: True)),
    'a lambda without a name': lambda: check(lambda ranks: True),
    'not written yet': lambda: check(named('straight', _not_written)),
    'the course\'s version': lambda: check(pokerlib.straight),
    'checked as another name': lambda: check(named('my_flush', _flush_returns_nothing), name='flush'),
    'a value exercise, wrong': lambda: check((1020, 4), name='count_wheels'),
    'a ranking that ties everything': lambda: check(named('hand_rank', _same_for_all)),
    'a naive shuffle': lambda: check(named('shuffle2', _shuffle_naive)),
    'an error': lambda: check(named('straight', _raises)),
    'printing': lambda: check(named('straight', _prints)),
    'recursion': lambda: check(named('straight', _recursive)),
    'exit()': lambda: check(named('straight', _exits)),
    'KeyboardInterrupt': lambda: check(named('straight', _interrupted)),
    'GeneratorExit': lambda: check(named('straight', _generator_exit)),
    'os._exit': lambda: check(named('straight', _kills)),
    'a loop that never ends': lambda: check(named('straight', _straight_never_ends)),
    'time.sleep': lambda: check(named('straight', _sleeper)),
    'distinct_rankings, one count wrong': lambda: check({'一对': 1}, name='distinct_rankings'),
    'most_common_seven, wrong': lambda: check('高牌', name='most_common_seven'),
}
FAST = {'a value, not a function (check(straight(ranks)))', 'no exercise called print',
        'checked as another name', 'a value exercise, wrong', 'a ranking that ties everything',
        'exit()'}


@pytest.mark.parametrize('path', [pytest.param(p, marks=[] if p in FAST else [pytest.mark.slow])
                                  for p in REPORTS])
def test_every_report_of_check_is_chinese_outside_code(path, chinese, monkeypatch):
    monkeypatch.setattr(kernel, 'AT_MOST', 3)
    report = REPORTS[path]()
    assert (report.status == 'pass') == (path == 'printing'), str(report)
    text = report_text(report)
    assert any('\u4e00' <= c <= '\u9fff' for c in text), text
    assert english_words(text) == [], text


@pytest.mark.slow      # 2 to 6 seconds: the slow tier keeps make test under a minute
def test_the_time_limit_blames_the_function_not_a_busy_computer(chinese, monkeypatch):
    monkeypatch.setattr(kernel, 'AT_MOST', 2)
    report = check(named('straight', _sleeper))
    assert report.status == 'slow' and 'busy' not in str(report) and '忙' not in str(report), str(report)


@pytest.mark.slow      # about a second: the slow tier keeps make test under a minute
def test_a_category_is_named_in_the_notebooks_language(chinese):
    """distinct_rankings and most_common_seven accept the Chinese names in a Chinese
    notebook (as hand_name gives them there), and the English ones (category_name's)."""
    from pokerlib.practice.exercises.lesson03 import distinct_rankings
    english = distinct_rankings()
    chinese_keys = {i18n._(name): n for name, n in english.items()}
    assert check(chinese_keys, name='distinct_rankings')
    assert check(english, name='distinct_rankings')
    assert check('一对', name='most_common_seven') and check('one pair', name='most_common_seven')
    wrong = check('高牌', name='most_common_seven')
    assert not wrong and '一对' in str(wrong)
    assert not check(dict(chinese_keys, 一对=1), name='distinct_rankings')
    assert pokerlib.hand_name(['AS', 'AH', 'AD', 'AC', '?B']) == '五条'
    assert [pokerlib.hand_name(name) for name in pokerlib.HAND_NAMES] == \
        ['高牌', '一对', '两对', '三条', '顺子', '同花', '葫芦', '四条', '同花顺', '五条']
    i18n.set_language('en')
    assert [pokerlib.hand_name(name) for name in pokerlib.HAND_NAMES] == list(pokerlib.HAND_NAMES)
    assert not check('一对', name='most_common_seven')      # in English, the English names
    assert pokerlib.hand_name(['AS', 'AH', 'AD', 'AC', '?B']) == 'five of a kind'


BAD = [
    lambda: pokerlib.hand_rank(['AS', 'KS']), lambda: pokerlib.hand_rank(['AS'] * 5),
    lambda: pokerlib.hand_rank('AS KS QS JS TS'), lambda: pokerlib.hand_rank(['AS', 'KS', 'QS', 'JS', 'XX']),
    lambda: pokerlib.best_hand(['AS', 'KS', 'QS']), lambda: pokerlib.hand_name(['AS', 'KS']),
    lambda: pokerlib.category_name(8), lambda: pokerlib.category_name('x'),
    lambda: pokerlib.parse_hand(3), lambda: pokerlib.parse_versus_line('AS KS', lineno=3),
    lambda: pokerlib.parse_versus_line('AS KS QS JS TS AS 3D 4D 5D 6D', lineno=3),
    lambda: pokerlib.parse_versus_line(b'\xff', lineno=2),
    lambda: pokerlib.deal(20, 5), lambda: pokerlib.deal(-1), lambda: pokerlib.deal(2, 5, rng=3),
    lambda: pokerlib.hand_frequencies(10, cards=6), lambda: pokerlib.frequency_table({'x': 1}),
    lambda: pokerlib.frequency_table({'flush': 0}), lambda: pokerlib.poker([]),
    lambda: pokerlib.hand_rank_ids([1, 2, 3]), lambda: pokerlib.best_hand_ids([1, 2, 3]),
    lambda: pokerlib.id_card(52), lambda: pokerlib.card_id('XX'),
    lambda: pokerlib.evaluate(np.zeros((2, 4), dtype=int)),
    lambda: pokerlib.chi_square({'a': -1}), lambda: pokerlib.expected_swaps('nope'),
    lambda: pokerlib.showdown(['AS', 'AH'], ['AS', 'KH'], 10, random.Random(1)),
    lambda: pokerlib.winning_hands(['AS KS', 'QS JS']),
    lambda: pokerlib.best_wild_hand(['?B', '?B', 'AS', 'KS', 'QS']),
]


def test_every_poker_error_is_chinese_outside_code(chinese):
    messages = []
    for call in BAD:
        with pytest.raises(PokerError) as caught:
            call()
        messages.append(str(caught.value))
    english = {m: english_words(m) for m in messages if english_words(m)}
    assert english == {}, english
    assert any(m.startswith('第 3 行：') for m in messages)


def test_the_tables_and_the_command_line_speak_chinese(chinese, capsys):
    from pokerlib.cli import main
    table = pokerlib.frequency_table(pokerlib.hand_frequencies(200, random.Random(1)))
    shown = repr(table.round(2)) + repr(table['exact %']) + table._repr_html_()
    assert '一对' in shown and '精确 %' in shown and '期望次数' in shown
    assert 'one pair' not in shown and 'expected' not in shown
    assert table.loc['one pair', 'count'] == table['count']['one pair']    # keyed as code reads it
    assert main(['rank', 'AS', 'KS', 'QS', 'JS', 'TS', '9S', '2D']) == 0
    out = capsys.readouterr().out
    assert '牌型：' in out and '同花顺' in out and english_words(out) == [], out
    versus = pokerlib.versus_table(['AS KS QS JS TS 2H 2D 2C 2S 3H'])
    assert versus.iloc[0].to_dict()['category1'] == '同花顺'
    assert pokerlib.EXACT_COUNTS[5]['一对'] == pokerlib.EXACT_COUNTS[5]['one pair']


def test_ranking_problems_speak_chinese(chinese):
    from pokerlib import hand_rank, parse_hand
    from pokerlib.teaching import BEST_TO_WORST, ranking_problems
    best = hand_rank(parse_hand(BEST_TO_WORST[0][0]))[0]
    rankings = [lambda hand: hand_rank(hand)[0],                                     # order
                lambda hand: list(hand),                                             # ties, cards, suits
                lambda hand: 'x' if hand_rank(hand)[0] == best else hand_rank(hand)]  # compare
    problems = [p for ranking in rankings for p in ranking_problems(ranking)]
    assert {p.kind for p in problems} == {'tie', 'order', 'cards order', 'suits', 'compare'}
    english = {p.message: english_words(p.message) for p in problems
               if english_words(p.message)}
    assert english == {}, english


def test_the_workspace_says_what_it_did_in_chinese(tmp_path):
    # make lab-zh brings workspace-zh/ up to date: every line it prints is Chinese.
    from pokerlib.serving.workspace import MANIFEST, UPDATE, sync
    edition, mine = tmp_path / 'edition', tmp_path / 'mine'
    edition.mkdir()
    for name in ('01-A.ipynb', '02-B.ipynb', '03-C.ipynb'):
        (edition / name).write_text('v1')
    said = sync(mine, edition, language='zh_CN')                          # new
    (mine / '01-A.ipynb').write_text('mine')
    for name in ('01-A.ipynb', '02-B.ipynb', '03-C.ipynb'):
        (edition / name).write_text('v2')
    (mine / '03-C.ipynb').unlink()
    (mine / '03-C.ipynb').mkdir()
    said += sync(mine, edition, language='zh_CN')                         # kept, updated, skipped
    (mine / MANIFEST).write_text('not json')
    (edition / '02-B.ipynb').write_text('v3')
    (mine / '02-B.ipynb').write_text('mine too')
    said += sync(mine, edition, language='zh_CN')                         # note, kept (no record)
    assert {m.kind for m in said} == {'new', 'updated', 'kept', 'skipped', 'note'}, said
    names = re.compile(r'\S*' + re.escape(UPDATE) + r'\S*|\.course-versions\.json')
    english = {m: english_words(names.sub(' ', m)) for m in said if english_words(names.sub(' ', m))}
    assert english == {}, english


def test_the_joker_has_one_chinese_word():
    """鬼牌, as the notebooks say, in every catalog: the library's, the notebooks', the class server's."""
    root = Path(__file__).resolve().parent.parent
    catalogs = [*root.glob('locale/zh_CN/LC_MESSAGES/*.po'), *root.glob('pokerlib/locale/zh_CN/LC_MESSAGES/*.po'),
                *root.glob('classroom/locale/zh_CN/LC_MESSAGES/*.po'), *root.glob('site/manual/zh/*.md')]
    assert len(catalogs) > 10
    assert [p.name for p in catalogs if '王牌' in p.read_text(encoding='utf-8')] == []
    assert '鬼牌' in (root / 'pokerlib/locale/zh_CN/LC_MESSAGES/pokerlib.po').read_text(encoding='utf-8')


def test_a_missing_workspace_and_a_missing_file_are_said_in_chinese(tmp_path, monkeypatch, capsys):
    """In a Chinese shell: the folder her own command makes (make lab-zh for workspace-zh/),
    and the system's words for a missing file, in Chinese."""
    from pokerlib import cli
    monkeypatch.chdir(tmp_path)
    for key in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES'):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv('LANG', 'zh_CN.UTF-8')
    (tmp_path / '01-Hands-and-hand_rank.ipynb').write_text('{}')
    try:
        for argv in (['progress'], ['progress', 'workspace-zh'], ['progress', 'workspace'],
                     ['progress', 'nowhere'], ['progress', '01-Hands-and-hand_rank.ipynb'],
                     ['grade', 'nowhere']):
            monkeypatch.setattr(sys, 'argv', ['pokerlib', *argv])
            assert cli.console() == 1
    finally:
        pokerlib.i18n.set_language('en')
    err = capsys.readouterr().err.splitlines()
    assert err == ['pokerlib：错误：workspace-zh: 没有这个文件夹（make lab-zh 会创建它）',   # hers, in Chinese
                   'pokerlib：错误：workspace-zh: 没有这个文件夹（make lab-zh 会创建它）',
                   'pokerlib：错误：workspace: 没有这个文件夹（make lab 会创建它）',
                   'pokerlib：错误：nowhere: 没有这个文件夹',          # no command makes it
                   'pokerlib：错误：01-Hands-and-hand_rank.ipynb: 这是一个文件，不是文件夹：'
                   'progress 运行的是一个文件夹（你的课程副本）里的全部笔记本',
                   'pokerlib：错误：nowhere: 没有这个文件或文件夹'], err


def test_a_chinese_report_lines_up_and_names_the_call_after_a_colon(chinese):
    """Labels padded by display width (a Chinese character takes two columns), a full-width colon,
    and the headline '✗ NAME 答案不对：CALL'."""
    from pokerlib.practice import check
    from pokerlib.practice.reports import display_width

    def straight(ranks):
        return True
    lines = str(check(straight)).splitlines()
    assert re.fullmatch(r'✗ straight 答案不对：straight\(\[.*\]\)', lines[0]), lines[0]
    starts = {display_width(line[:line.index('：') + 1]) + len(line[line.index('：') + 1:])
              - len(line[line.index('：') + 1:].lstrip()) for line in lines[1:]}
    assert starts == {14}, lines                  # every value starts at the same column


def test_the_chinese_students_edition_says_what_it_is_in_chinese(tmp_path):
    from pokerlib.serving.editions import README, publish
    root = Path(__file__).resolve().parent.parent
    publish('student', tmp_path / 'student-zh', root / 'notebooks' / 'zh', language='zh_CN')
    publish('student', tmp_path / 'student', root / 'notebooks')
    chinese = (tmp_path / 'student-zh' / 'README.txt').read_text(encoding='utf-8')
    assert '中文学生版' in chinese and not re.search(r'\b(the|is|a) ', chinese)
    # written for the Chinese student it is handed to, not the teacher's English README translated
    assert '轮到你了' in chinese and 'check(...)' in chinese and '00' in chinese
    for teachers in ('make', 'teacher', 'course update', 'workspace'):
        assert teachers not in chinese, teachers
    assert (tmp_path / 'student' / 'README.txt').read_text(encoding='utf-8') == README
