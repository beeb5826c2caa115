"""A verdict's vocabulary has one home (pokerlib/verdicts.py), and every view shows it alike.

Each status is rendered the way each view renders it (the student's report in
text and HTML, the live post, the live board, the grade table and its page,
the terminal's summary, ``pokerlib progress``) and the symbol read back from
what came out: a view that keeps a symbol of its own fails here. And the
source is searched for a second definition: a mapping from a status to a
symbol, a list of four or more statuses, or a status's symbol written in code.
"""

import ast
import json
import re
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest

from pokerlib import grading, verdicts
from pokerlib.grading import batch, commands
from pokerlib.i18n import set_language
from pokerlib.practice import Report, live

from classroom import board, chinese

ROOT = Path(__file__).resolve().parent.parent
SYMBOLS = {v.symbol for v in verdicts.VERDICTS.values()} - {'?', '…'}
"""The symbols no other text uses ('?' and '…' are punctuation too)."""


def row(status):
    return {'student': 'ada', 'notebook': '01', 'exercise': 'flush', 'status': status,
            'seconds': 0.5, 'report': 'r'}


def shown_by_each_view(status, tmp_path, monkeypatch, capsys) -> dict:
    """{view: the symbol it shows for status}, for every view that can show it."""
    shown = {}
    if status in verdicts.REPORTED:
        report = Report('flush', status, 'the summary', sentence=False)
        shown['report'] = report.headline().split(' ')[0]
        shown['report, HTML'] = re.search(r'>(\S+) <code>', report._repr_html_()).group(1)
        posted = []
        monkeypatch.setattr(live, '_enqueue', lambda url, body, token: posted.append(json.loads(body)))
        sent = live.send(report, 'flush', environ={'POKERLIB_GRADEBOOK': 'http://gradebook/',
                                                   'JUPYTERHUB_API_TOKEN': 't', 'JUPYTERHUB_USER': 'ada'})
        assert sent == (status in verdicts.CHECKED), 'a check posts a verdict on an exercise only'
        if posted:
            shown['live post'] = posted[0]['reason'].split(' ')[0]
    live_board = board.Board(['ada'], {'flush': '01-Hands'}, clock=lambda: 1e9)
    post = json.dumps({'student': 'ada', 'exercise': 'flush', 'status': status, 'when': 1e9,
                       'reason': 'r', 'attempt': 1}).encode()
    if status in verdicts.CHECKED:
        live_board.receive('ada', post)
        state = live_board.state()
        shown['live board'] = state['marks'][state['cells']['ada']['flush']['status']]
    else:
        with pytest.raises(board.Refused):        # no post of a status a check never sends
            live_board.receive('ada', post)
    table = grading.grade_table([row(status)])
    shown['grade table'] = re.search(r'<summary>(\S+) ', table).group(1)
    shown['summary'] = grading.summary([row(status)])[0].rsplit(':', 1)[1]
    grading.write_html([row(status)], tmp_path / 'g.html')
    legend = re.search(r'<p>.*?\n(.*)\.</p>', (tmp_path / 'g.html').read_text(), re.S).group(1)
    word = grading.status_word(status)
    shown['page legend'] = re.search(rf'(\S+) {re.escape(word)}(?: ·|$)', legend).group(1)
    if status != 'pass':
        folder = tmp_path / 'workspace'
        folder.mkdir()
        nbformat.write(nbformat.v4.new_notebook(), folder / '01-Hands-and-hand_rank.ipynb')
        monkeypatch.setattr(batch, 'grade', lambda *a, **k: [row(status)])
        commands._progress(SimpleNamespace(language='en', timeout=1, jobs=1, memory=1), folder)
        shown['progress'] = re.search(r'to do: (\S+) flush', capsys.readouterr().out).group(1)
    return shown


@pytest.mark.parametrize('status', verdicts.STATUSES)
def test_every_view_shows_a_status_with_its_one_symbol(status, tmp_path, monkeypatch, capsys):
    shown = shown_by_each_view(status, tmp_path, monkeypatch, capsys)
    assert len(shown) >= (6 if status in verdicts.CHECKED else 4), shown   # every view that can show it
    assert shown == dict.fromkeys(shown, verdicts.SYMBOLS[status])


def test_a_wrong_answer_an_error_and_a_crash_never_share_a_symbol():
    assert len({verdicts.symbol(s) for s in ('fail', 'error', 'crash')}) == 3
    assert len({verdicts.symbol(s) for s in verdicts.CHECKED}) == len(verdicts.CHECKED)


def test_the_board_and_the_grade_table_say_a_status_in_the_same_words():
    """The live board (the class server's catalog, falling back on the library's) and the grade
    table (the library's) give each status one word, in Chinese too."""
    words = {}
    for language in ('en', 'zh_CN'):
        state = board.Board(['ada'], {'flush': '01'}, tr=chinese.translated(language)).state()
        set_language(language)
        try:
            table = {s: grading.status_word(s) for s in verdicts.CHECKED}
        finally:
            set_language('en')
        assert state['words'] == table
        words[language] = table
    assert words['en']['fail'] == 'wrong answer' and words['zh_CN']['fail'] == '答案不对'


def _second_definitions(text, name):
    """Places in a file's code that define a verdict's vocabulary again."""
    tree = ast.parse(text)
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Dict, ast.Tuple, ast.List, ast.Set)):
            keys = node.keys if isinstance(node, ast.Dict) else node.elts
            named = {k.value for k in keys if isinstance(k, ast.Constant) and k.value in verdicts.VERDICTS}
            values = node.values if isinstance(node, ast.Dict) else []
            symbols = [v for v in values if isinstance(v, ast.Constant) and v.value in SYMBOLS]
            if len(named) >= 4 or (named and symbols):
                found.append(f'{name}:{node.lineno}: {sorted(named)}')
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docstrings and SYMBOLS & set(node.value)):
            found.append(f'{name}:{node.lineno}: {node.value[:40]!r}')
    return found


def test_a_status_is_defined_in_one_place_only():
    sources = [p for folder in ('pokerlib', 'classroom', 'tools', 'deploy')
               for p in (ROOT / folder).rglob('*.py') if 'node_modules' not in p.parts]
    home = ROOT / 'pokerlib' / 'verdicts.py'
    assert _second_definitions(home.read_text(encoding='utf-8'), 'verdicts.py'), 'found at home'
    elsewhere = [place for p in sources if p != home
                 for place in _second_definitions(p.read_text(encoding='utf-8'), p.relative_to(ROOT))]
    assert elsewhere == []


def test_the_check_finds_each_kind_of_second_definition():
    """A copy of the old vocabularies, each kind of them, is found."""
    for code in ("ICONS = {'pass': '✓', 'fail': '✗'}",
                 "SENT = ('pass', 'fail', 'error', 'slow', 'todo')",
                 "FAILING = frozenset({'fail', 'error', 'crash', 'slow'})",
                 "icon = '⚠' if status == 'error' else '✗'"):
        assert _second_definitions(code, 'copy.py'), code
