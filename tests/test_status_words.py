"""One word for each status, the same wherever a verdict is shown, in both languages; and no
English left in what a Chinese class reads of a verdict.

A status's word is pokerlib.verdicts' (word): a check's report says it in its headline
("✗ straight gave a wrong answer on ..." / "✗ straight 答案不对：..."), the live board
says it (classroom/board.py), the grade table says it in its cells and tooltips
(pokerlib.grading.tables, the one renderer of ``pokerlib grade --html`` and of the
gradebook). A headline says no other status's word: the old Chinese headlines, where a
wrong answer was 出错 like an exception, and an exception "在 … 上抛出了错误", are gone.
"""

import re
import sys

import pytest

from pokerlib import i18n
from pokerlib.grading import grade_table, worker
from pokerlib.practice import check, kernel
from pokerlib.verdicts import CHECKED, GRADED, VERDICTS, symbol, word

from test_chinese_messages import english_words, report_text  # its detector of English words

LANGUAGES = ('en', 'zh_CN')


@pytest.fixture(params=LANGUAGES)
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language('en')


def named(name, f):
    f.__name__ = f.__qualname__ = name
    return f


def _wrong(ranks):
    return True


def _raises(ranks):
    return ranks[10]


def _loops(ranks):
    while True:
        pass


def _exits(ranks):
    sys.exit()


STUDENTS = {'fail': _wrong, 'error': _raises, 'error ': _exits}
"""A student's straight for each status a check gives (the slow one is in the slow tier)."""


def says_its_word(report):
    """The report's headline says its status's word, and no other status's."""
    head = report.headline()
    assert word(report.status) in head, head
    others = [word(s) for s in VERDICTS if s != report.status and word(s) not in word(report.status)]
    assert not [w for w in others if w in head], head
    assert '抛出了错误' not in head and '用时太长' not in head and not head.startswith('✗ straight 出错')


@pytest.mark.parametrize('kind', STUDENTS)
def test_a_reports_headline_says_its_status_in_the_one_word(kind, language):
    report = check(named('straight', STUDENTS[kind]))
    assert report.status == kind.strip(), str(report)
    says_its_word(report)


@pytest.mark.slow      # the time limit, twice
def test_a_slow_reports_headline_says_too_slow(language, monkeypatch):
    monkeypatch.setattr(kernel, 'AT_MOST', 2)
    report = check(named('straight', _loops))
    assert report.status == 'slow', str(report)
    says_its_word(report)


def test_a_chinese_report_on_an_error_says_where_in_chinese():
    """The 位置 line: the function and the line of her cell as code, the words around them
    Chinese (it read "位置： in poker: return hands[0] + 1")."""
    i18n.set_language('zh_CN')
    try:
        report = check(named('straight', _raises))
        text, words, page = str(report), report_text(report), report._repr_html_()
    finally:
        i18n.set_language('en')
    where = dict(report.details)['where']
    assert re.search(r'的第 \d+ 行：', where) and 'return ranks[10]' in where, where
    assert '位置：' in text and ' in _raises' not in text, text
    assert english_words(words) == [], words
    assert '<b>位置:</b>' in page and '<code>_raises</code> 的第' in page, page


def test_the_board_and_the_grade_table_say_the_words_of_the_report():
    """The live board's word for each status and the grade table's cell and tooltip are the
    report's word (verdicts.word), in each language; the tooltip never the status's code."""
    from classroom.board import Board
    from classroom.chinese import translated
    for language in LANGUAGES:
        tr = translated(language)
        board = Board(['ada'], {'straight': '01'}, tr=tr)
        for status in CHECKED:
            assert board.word({'status': status}) == word(status, i18n.translator(language))
        rows = [{'student': '小明', 'notebook': '01', 'exercise': f'e{k}', 'status': status,
                 'seconds': '0.1', 'report': 'r'} for k, status in enumerate(GRADED)]
        i18n.set_language(language)
        try:
            page = grade_table(rows)
        finally:
            i18n.set_language('en')
        titles = re.findall(r'title="([^"]*)"', page)
        assert len(titles) == len(GRADED)
        for status, title in zip(GRADED, titles):
            shown = word(status, i18n.translator(language))
            assert title == f'{shown}{"：" if language == "zh_CN" else ": "}r', title
            assert f'<summary>{symbol(status)} {shown}</summary>' in page
        if language == 'zh_CN':
            assert not re.search(r'title="(pass|fail|error|slow|todo|missing|timeout|crash):', page)
            assert english_words(re.sub(r'<[^>]*>', ' ', page)) == [], page
            assert '（0.1 秒）' in page and '(0.1 s)' not in page


def test_a_cells_error_in_the_grade_is_said_in_the_class_language():
    """A missing function's report names its cell's error: 'on line 1 of the cell' in
    English, （单元格第 1 行） in Chinese, from the kernel's name for the cell."""
    cell = {'outputs': [{'output_type': 'error', 'ename': 'SyntaxError',
                         'evalue': "expected ':' (2759836101.py, line 1)"}]}
    assert worker._error_of(cell) == "SyntaxError: expected ':' on line 1 of the cell"
    i18n.set_language('zh_CN')
    try:
        said = worker._error_of(cell)
    finally:
        i18n.set_language('en')
    assert said == "SyntaxError: expected ':'（单元格第 1 行）", said
