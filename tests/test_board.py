"""The live board's rules (classroom/board.py), and the post check sends (pokerlib/practice/live.py).

No hub here: the board is given the hub's answer (whose token it was) and
the post's bytes, as the gradebook service gives them; a real hub is in
tests/test_live.py (make test-slow).
"""

import csv
import doctest
import http.server
import socketserver
import urllib.parse
import io
import json
import re
import threading
import time
from pathlib import Path

import pytest

from pokerlib.practice import check, live

from classroom import board, warmup

CLASSROOM = Path(__file__).resolve().parent.parent / 'classroom'
from classroom.board import Board, RateLimit, Refused

EXERCISES = {'flush': '01-Hands', 'straight': '01-Hands', 'allmax': '02-Ties'}
NOW = 1_800_000_000.0


class Clock:
    def __init__(self, now=NOW):
        self.now = now

    def __call__(self):
        return self.now


def post(student='ada', exercise='flush', status='fail', reason='✗ flush failed', attempt=1,
         when=NOW, **extra) -> bytes:
    return json.dumps({'student': student, 'exercise': exercise, 'status': status, 'when': when,
                       'reason': reason, 'attempt': attempt, **extra}).encode()


def make_board(**kw):
    clock = kw.pop('clock', Clock())
    return Board(['ada', 'grace', 'alan'], EXERCISES, clock=clock, **kw), clock


def test_doctests():
    for module in (board, warmup):
        assert doctest.testmod(module).failed == 0


def test_the_warmup_service_can_touch_the_students_servers_only():
    role = warmup.role(['ada', 'grace'])
    assert role['services'] == ['warmup']
    assert role['scopes'] == ['servers!user=ada', 'servers!user=grace']     # not the teacher's, no admin
    entry = warmup.service(['ada', 'grace'], warmup.settings({'CLASSROOM_WARMUP': '5'}))
    assert entry['environment'] == {'WARMUP_STUDENTS': 'ada grace', 'WARMUP_AT_ONCE': '5',
                                    'WARMUP_LESSON': '5400', 'CLASSROOM_LANGUAGE': 'en'}
    for bad in ('-1', '1.5', 'ten', ''):
        with pytest.raises(ValueError, match='CLASSROOM_LESSON'):
            warmup.settings({'CLASSROOM_LESSON': bad})


@pytest.mark.parametrize('body, says', [
    (b'not json', 'JSON object'),
    (b'[1, 2]', 'JSON object'),
    (b'\xff\xfe', 'JSON object'),
    (post()[:-1], 'JSON object'),
    (json.dumps({'student': 'ada'}).encode(), 'missing'),
    (post(secret='kept?'), 'unknown fields'),
    (post(exercise='rm -rf'), 'exercise'),
    (post(exercise=['flush']), 'exercise'),
    (post(status='passed'), 'status'),
    (post(when='now'), 'when'),
    (post(when=True), 'when'),
    (post(when=NOW + 3 * 86400), 'when'),
    (b'{"student": "ada", "exercise": "flush", "status": "fail", "when": NaN, "reason": "", "attempt": 1}', 'when'),
    (post(reason='x' * 501), 'reason'),
    (post(reason=None), 'reason'),
    (post(attempt=0), 'attempt'),
    (post(attempt=1.5), 'attempt'),
    (post(attempt='2'), 'attempt'),
    (post(reason='x' * 9000), 'bytes'),
    (b'[' * 2000 + b']' * 2000, 'JSON object'),         # nested past the recursion limit: no 500
])
def test_a_malformed_post_is_400_and_changes_nothing(body, says):
    b, _ = make_board()
    with pytest.raises(Refused) as e:
        b.receive('ada', body)
    assert e.value.code == 400 and says in str(e.value)
    assert b.log == [] and b.cells == {} and b.version == 0


def test_a_post_for_another_student_or_from_no_student_is_403():
    b, _ = make_board()
    for owner, body, says in [('ada', post(student='grace'), 'her own'),
                              (None, post(), 'hub token'),
                              ('teacher', post(student='teacher'), 'not a student'),
                              ('mallory', post(student='mallory'), 'not a student')]:
        with pytest.raises(Refused) as e:
            b.receive(owner, body)
        assert e.value.code == 403 and says in str(e.value)
    assert b.log == [] and b.cells == {}


def test_only_the_fields_are_kept_and_control_characters_go():
    b, _ = make_board()
    row = b.receive('ada', post(reason='line one\nline two\x1b[31m\u2028'))
    assert set(row) == {*board.FIELDS, *board.OPTIONAL, 'received'}
    assert row['reason'] == 'line one line two [31m'
    assert b.cells[('ada', 'flush')]['attempts'] == 1
    # right-to-left overrides and invisible controls would turn the teacher's page around
    row = b.receive('ada', post(reason='ok \u202eevil\u202c \u2066x\u2069\u200b\ufeff', attempt=2))
    assert row['reason'] == 'ok  evil   x'


WHEEL = '… are five consecutive ranks: a straight'
"""A hint of the course's as the list shows it (its values left out)."""


def test_what_the_class_gets_wrong_counts_the_latest_checks_by_hint():
    b, _ = make_board()
    b.receive('ada', post(hint='[14, 5, 4, 3, 2] are five consecutive ranks: a straight'))
    b.receive('grace', post(student='grace', hint='[5, 4, 3, 2, 14] are five consecutive ranks: a straight'))
    b.receive('alan', post(student='alan', status='error'))           # no hint: its verdict's words
    assert b.wrong()['flush'] == {'passed': 0, 'failing': 3, 'unstarted': 0, 'unrun': 0, 'hints': [
        [WHEEL, 2], ['raised an error', 1]]}
    b.receive('ada', post(status='pass', reason='✓ flush', attempt=2))   # now: her latest only
    assert b.wrong()['flush']['hints'] == [['raised an error', 1], [WHEEL, 1]]
    assert b.wrong()['flush']['passed'] == 1 and b.state()['wrong'] == b.wrong()
    b.receive('ada', post(exercise='straight', status='todo', reason='… straight'))
    assert b.wrong()['straight'] == {'passed': 0, 'failing': 0, 'unstarted': 3, 'unrun': 0, 'hints': []}


def test_the_list_of_mistakes_shows_only_the_courses_hints():
    """A kernel's own text as a hint is not kept: the list shows the verdict's word instead; a
    Chinese class's hint is the same message as an English one's."""
    b, _ = make_board()
    b.receive('ada', post(hint='Teacher: the grader is broken, give everyone full marks'))
    b.receive('grace', post(student='grace', hint='[5, 4, 3, 2, 14] 是五个连续的点数：是顺子'))
    hints = b.wrong()['flush']['hints']
    assert 'grader is broken' not in json.dumps(b.state()) and ['wrong answer', 1] in hints, hints
    assert [WHEEL, 1] in hints
    assert b.log[0]['hint'] == '' and 'grader is broken' not in b.attempts_csv()


def test_a_check_that_did_not_run_is_shown_and_never_an_attempt():
    b, _ = make_board()
    b.receive('ada', post())
    for _ in range(3):             # three cells that stopped before check ran: not stuck, not attempts
        b.receive('ada', post(ran=False, reason="⊘ NameError: name 'flush' is not defined"))
    b.receive('grace', post(student='grace', ran=False, reason='⊘ SyntaxError: invalid syntax'))
    state = b.state()
    assert state['cells']['ada']['flush']['attempts'] == 1 and state['cells']['ada']['flush']['status'] == 'fail'
    assert state['cells']['ada']['flush']['unrun']['reason'].startswith('⊘ NameError')
    assert state['cells']['grace']['flush'] == {'status': None, 'attempts': 0,
                                                'unrun': {'reason': '⊘ SyntaxError: invalid syntax',
                                                          'received': NOW}}
    assert b.stuck() == [] and b.wrong()['flush']['unrun'] == 2 and b.wrong()['flush']['failing'] == 1
    assert 'grace' not in b.grades_csv() and len(b.log) == 5
    assert b.attempts_csv().count(',no\r\n') == 4
    b.receive('grace', post(student='grace', status='pass'))          # a check that ran: ⊘ goes
    assert 'unrun' not in b.state()['cells']['grace']['flush']
    with pytest.raises(Refused, match='ran: true or false'):
        b.receive('alan', post(student='alan', ran='no'))


def test_a_flood_from_one_student_is_limited_and_the_others_get_through():
    clock = Clock()
    b, _ = make_board(clock=clock, limit=RateLimit(burst=10, per_second=1))
    codes = []
    for k in range(200):                   # 200 posts in the same second
        try:
            b.receive('ada', post(attempt=k + 1))
            codes.append(201)
        except Refused as e:
            codes.append(e.code)
    assert codes[:10] == [201] * 10 and set(codes[10:]) == {429}
    assert b.receive('grace', post(student='grace', status='pass'))['student'] == 'grace'
    clock.now += 2                          # two seconds later ada has two more
    b.receive('ada', post(attempt=300))
    b.receive('ada', post(attempt=301))
    with pytest.raises(Refused) as e:
        b.receive('ada', post(attempt=302))
    assert e.value.code == 429
    assert len(b.log) == 13 and b.cells[('ada', 'flush')]['attempts'] == 12
    # a flood of malformed posts is limited the same way, and still keeps nothing
    with pytest.raises(Refused) as e:
        b.receive('ada', b'junk')
    assert e.value.code == 429


def test_attempts_latest_verdict_and_passed_per_exercise():
    b, clock = make_board()
    b.receive('ada', post(status='fail'))
    b.receive('ada', post(status='error', reason='⚠ flush raised an error'))
    b.receive('ada', post(status='pass', reason='✓ flush: 1,024 cases passed'))
    b.receive('grace', post(student='grace', status='pass'))
    b.receive('grace', post(student='grace', exercise='allmax', status='slow'))
    state = b.state()
    assert state['cells']['ada']['flush'] == {'status': 'pass', 'attempts': 3,
                                              'reason': '✓ flush: 1,024 cases passed',
                                              'received': NOW}
    assert [e['name'] for e in state['exercises']] == ['flush', 'allmax']     # the course's order
    assert state['passed'] == {'flush': 2, 'allmax': 0}
    assert len(set(board.MARKS[s] for s in ('fail', 'error', 'slow'))) == 3
    json.dumps(state)                                                         # plain data


def test_the_stuck_rule():
    b, clock = make_board()
    b.receive('ada', post(status='fail'))
    b.receive('ada', post(status='todo'))             # not written: not a failed attempt
    b.receive('ada', post(status='error'))
    assert b.stuck() == []
    b.receive('ada', post(status='slow'))
    assert b.stuck() == [{'student': 'ada', 'exercise': 'flush', 'why': 'flush: failed 3 times'}]
    b.receive('ada', post(status='pass'))             # passing takes her off
    assert b.stuck() == []
    clock.now += 300
    b.receive('grace', post(student='grace', exercise='straight', status='pass', when=clock.now))
    clock.now += 299
    assert b.stuck() == []
    clock.now += 1              # ten minutes since the board started and since ada's pass
    assert b.stuck() == [{'student': 'ada', 'exercise': None, 'why': 'no exercise passed for 10 min'},
                         {'student': 'alan', 'exercise': None, 'why': 'nothing passed yet for 10 min'}]
    clock.now += 60
    b.receive('grace', post(student='grace', exercise='allmax', status='fail', when=clock.now))
    assert {s['student']: s['why'] for s in b.stuck()} == {
        'ada': 'no exercise passed for 11 min', 'alan': 'nothing passed yet for 11 min'}
    clock.now += 240            # grace: ten minutes since her pass of straight
    assert 'grace' in {s['student'] for s in b.stuck()}


def test_the_csvs_are_as_they_stand_and_formula_safe(tmp_path):
    log = tmp_path / 'attempts.jsonl'
    b, clock = make_board(log_path=log)
    b.receive('ada', post(status='fail', reason='=HYPERLINK("http://evil","x")'))
    b.receive('ada', post(status='pass', reason='@SUM(A1)'))
    b.receive('grace', post(student='grace', exercise='straight', reason='-1+1', attempt=1))
    official = [{'student': 'ada', 'notebook': '01-Hands', 'exercise': 'flush', 'status': 'pass',
                 'seconds': '0.1', 'report': '+cmd|calc'},
                {'student': 'alan', 'notebook': '02-Ties', 'exercise': 'allmax', 'status': 'fail',
                 'seconds': '0.1', 'report': '\tTAB'}]
    rows = list(csv.DictReader(io.StringIO(b.grades_csv(official))))
    assert [(r['student'], r['exercise'], r['check'], r['check_attempts'], r['grade']) for r in rows] == [
        ('ada', 'flush', 'pass', '2', 'pass'), ('grace', 'straight', 'fail', '1', ''),
        ('alan', 'allmax', '', '', 'fail')]
    assert [r['check_reason'] for r in rows] == ["'@SUM(A1)", "'-1+1", '']
    assert [r['grade_report'] for r in rows] == ["'+cmd|calc", '', "'\tTAB"]
    attempts = list(csv.DictReader(io.StringIO(b.attempts_csv())))
    assert [r['reason'] for r in attempts] == ["'=HYPERLINK(\"http://evil\",\"x\")", "'@SUM(A1)", "'-1+1"]
    for text in (b.grades_csv(official), b.attempts_csv()):
        for row in csv.reader(io.StringIO(text)):
            assert not any(field[:1] in '=+-@\t\r' and field for field in row), row
    # a restart reads the log back: the same board
    again = Board(['ada', 'grace', 'alan'], EXERCISES, log_path=log, clock=clock)
    assert again.cells == b.cells and again.stuck() == b.stuck()


def test_course_exercises_follow_the_notebooks():
    notebooks = sorted((CLASSROOM.parent / 'notebooks').glob('[0-9][0-9]-*.ipynb'))
    found = board.course_exercises(notebooks, {'flush', 'allmax', 'straight', 'not_checked_anywhere'})
    assert list(found) == ['straight', 'flush', 'allmax', 'not_checked_anywhere']
    assert found['straight'].startswith('01-')     # not the contents' example
    assert found['flush'].startswith('01-') and found['allmax'].startswith('02-')
    assert found['not_checked_anywhere'] == ''


# --- the post a check sends (pokerlib/practice/live.py) ------------------------------

class Catcher(http.server.BaseHTTPRequestHandler):
    """A gradebook that notes what it gets (or answers too late, or busy: 429 the first N times)."""
    got, delay, busy = [], 0.0, 0

    def do_POST(self):
        time.sleep(self.delay)
        body = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
        if Catcher.busy > 0:
            Catcher.busy -= 1
            self.send_response(429)
        else:
            self.got.append((self.path, self.headers['Authorization'], body))
            self.send_response(201)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def gradebook():
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Catcher)
    Catcher.got, Catcher.delay, Catcher.busy = [], 0.0, 0
    threading.Thread(target=server.serve_forever, kwargs={'poll_interval': 0.05}, daemon=True).start()
    yield f'http://127.0.0.1:{server.server_port}/services/gradebook/'
    live.flush(10)
    server.shutdown()
    server.server_close()


@pytest.fixture
def unix_gradebook(tmp_path):
    """The same gradebook behind a unix socket, as the class server's door shows it."""
    class Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
        daemon_threads = True

        def get_request(self):
            request, _ = super().get_request()
            return request, ('door', 0)

    path = tmp_path / 'gradebook.sock'
    server = Server(str(path), Catcher)
    Catcher.got, Catcher.delay, Catcher.busy = [], 0.0, 0
    threading.Thread(target=server.serve_forever, kwargs={'poll_interval': 0.05}, daemon=True).start()
    yield 'http+unix://' + urllib.parse.quote(str(path), safe='') + '/services/gradebook/'
    live.flush(10)
    server.shutdown()
    server.server_close()


def flush(hand):
    return True


def as_ada(monkeypatch, url):
    monkeypatch.setenv('POKERLIB_GRADEBOOK', url)
    monkeypatch.setenv('JUPYTERHUB_API_TOKEN', 'ada-token')
    monkeypatch.setenv('JUPYTERHUB_USER', 'ada')
    monkeypatch.setattr(live, '_attempts', type(live._attempts)())


@pytest.mark.parametrize('where', ['gradebook', 'unix_gradebook'])
def test_check_posts_its_verdict_with_her_token(where, request, monkeypatch):
    as_ada(monkeypatch, request.getfixturevalue(where))
    check(flush)
    report = check(flush)
    assert live.flush(5)
    assert [p for p, _, _ in Catcher.got] == ['/services/gradebook/api/verdicts'] * 2
    path, auth, body = Catcher.got[-1]
    assert auth == 'token ada-token'
    assert set(board.FIELDS) <= set(body) <= set(board.FIELDS) | set(board.OPTIONAL)
    assert (body['student'], body['exercise'], body['status'], body['attempt']) == ('ada', 'flush', 'fail', 2)
    assert body['reason'] == report.headline() and abs(body['when'] - time.time()) < 60
    assert board.parse(json.dumps(body).encode(), {'flush'}, time.time())['status'] == 'fail'


def test_a_busy_gradebook_gets_every_verdict_in_the_end_in_order(gradebook, monkeypatch):
    """A flood makes the gradebook answer 429: her verdicts are tried again, none lost, in order."""
    as_ada(monkeypatch, gradebook)
    monkeypatch.setattr(live, 'RETRY_WAIT', 0.01)
    Catcher.busy = 3
    for _ in range(3):
        check(flush)
    assert live.flush(10)
    assert [body['attempt'] for _, _, body in Catcher.got] == [1, 2, 3]
    assert Catcher.busy == 0


def test_outside_the_hub_check_sends_nothing(gradebook, monkeypatch):
    monkeypatch.setenv('POKERLIB_GRADEBOOK', gradebook)
    monkeypatch.delenv('JUPYTERHUB_API_TOKEN', raising=False)
    assert live.send(check(flush), 'flush') is False
    assert live.flush(2)
    assert Catcher.got == []


@pytest.mark.slow      # 1 to 2 seconds: the slow tier keeps make test under a minute
def test_a_gradebook_that_does_not_answer_never_slows_check(gradebook, monkeypatch):
    as_ada(monkeypatch, gradebook)
    monkeypatch.setattr(live, 'RETRIES', 1)
    Catcher.delay = 3.0
    started = time.monotonic()
    assert live.send(check(flush), 'flush')
    assert time.monotonic() - started < 1.5          # check's own time; the post is in the background
    # and one that is not there at all: given up after its tries, never raised
    monkeypatch.setenv('POKERLIB_GRADEBOOK', 'http://127.0.0.1:9/services/gradebook/')
    assert live.send(check(flush), 'flush')
    assert live.flush(live.TIMEOUT + 2)


def test_a_chinese_class_sees_the_live_board_in_chinese():
    """The page's script shows only words from the state: for a Chinese class, every one Chinese."""
    from classroom import chinese
    b, clock = make_board(tr=chinese.translated('zh_CN'))
    for _ in range(3):
        b.receive('ada', post(status='fail'))
    clock.now += 600
    state = b.state()
    assert state['words']['fail'] == '答案不对' and state['text']['none'] == '还没有检查结果。'
    assert set(state['text']) == set(board.TEXT) and set(state['words']) == set(board.WORDS)
    english = [v for v in [*state['text'].values(), *state['words'].values()]
               if re.search('[A-Za-z]{2,}', re.sub(r'\{\w+\}|check|grade', '', v))]
    assert english == []
    assert [s['why'] for s in b.stuck()] == [
        'flush：失败了 3 次', '10 分钟了，还没有通过任何练习', '10 分钟了，还没有通过任何练习',
        '10 分钟了，还没有通过任何练习']
    script = (Path(board.__file__).parent / 'gradebook.js').read_text(encoding='utf-8')
    used = set(re.findall(r'\btext\.(\w+)', script))
    assert used <= set(board.TEXT) and len(used) >= 10       # every word the script shows is one of them


def test_the_longest_post_a_kernel_makes_is_one_the_board_takes():
    """One record (pokerlib.verdicts.Post) on both sides: the kernel cuts a reason and a hint
    to the length the board reads, and even in Chinese, escaped in JSON, the post fits in the
    board's bytes (the kernel cut at 300 characters and the board read 500: issue 50)."""
    from pokerlib.practice.reports import Report
    from pokerlib.verdicts import MAX_REASON
    long = '同花' * 1000
    made = live.verdict(Report('flush', 'fail', long, [('hint', long)]), 'flush', 'ada', 1, time.time())
    body = json.dumps(made).encode()
    taken = board.parse(body, {'flush'}, time.time())
    assert taken['reason'] == made['reason'] and len(taken['reason']) == MAX_REASON
    assert taken['hint'] == made['hint'] and taken['hint'].endswith('…')
    with pytest.raises(Refused, match=f'reason: a line of at most {MAX_REASON} characters'):
        board.parse(json.dumps(dict(made, reason='x' * (MAX_REASON + 1))).encode(), {'flush'}, time.time())


def a_list_for_flush(hand):
    return [hand]


@pytest.mark.parametrize('language, said, kind', [('en', 'return True or False, not a list', 'a list'),
                                                  ('zh_CN', '返回 True 或 False，而不是 list', 'list')])
def test_a_hint_that_ends_in_the_kind_of_her_answer_reads_whole(language, said, kind, tmp_path):
    """The teacher's list showed "return True or False, not …": a hint's values come from her
    kernel and are left out, so the one that ends in one read as cut short. What kind_of says
    of a Python type is a word of the course's: it is shown, in English and in Chinese, and kept
    by a restart; a class of her own naming is not."""
    from classroom import chinese
    from pokerlib.i18n import set_language
    set_language(language)
    try:
        report = check(a_list_for_flush, name='flush')
    finally:
        set_language('en')
    made = live.verdict(report, 'flush', 'ada', 1, NOW)
    assert made['hint'] == said
    tr = chinese.translated(language) if language != 'en' else None
    b, _ = make_board(tr=tr, log_path=tmp_path / 'log.jsonl')
    b.receive('ada', json.dumps(made).encode())
    own = said.replace('list', 'Teacher_give_us_full_marks')
    b.receive('grace', post(student='grace', hint=own))
    hints = b.wrong()['flush']['hints']
    assert sorted(hints) == sorted([[said, 1], [said.replace(kind, '…'), 1]]), hints
    again, _ = make_board(tr=tr, log_path=tmp_path / 'log.jsonl')
    assert again.wrong()['flush']['hints'] == hints
    assert 'Teacher_give' not in json.dumps(again.state()) + (tmp_path / 'log.jsonl').read_text()


def test_the_courses_longest_hint_is_posted_whole_and_shown():
    """A hint cut to the reason's 300 characters is no message of the course's, and the list
    showed "wrong answer" in its place: the longest one (a modulo bias, about 380 characters in
    English) is posted whole and shown without its values, on a page that wraps it."""
    from classroom.hints import shown
    from pokerlib.practice.exercises.deck_statistics import MODULO_BIAS
    from pokerlib.practice.reports import Report, code
    from pokerlib.verdicts import MAX_HINT
    hint = MODULO_BIAS.format(d=52, sizes='65,536', total='65,536**52', n='52!',
                              randrange=code('rng.randrange(m)'))
    assert 300 < len(hint) <= MAX_HINT
    made = live.verdict(Report('shuffle', 'fail', 'a biased shuffle', [('hint', hint)]),
                        'flush', 'ada', 1, NOW)
    b, _ = make_board()
    b.receive('ada', json.dumps(made).encode())
    assert b.wrong()['flush']['hints'] == [[shown(MODULO_BIAS), 1]]
    css = (CLASSROOM / 'gradebook.css').read_text(encoding='utf-8')
    assert re.search(r'\bli\b[^{]*\{[^}]*overflow-wrap: anywhere', css)
    assert not re.search(r'text-overflow|white-space:\s*nowrap', css)
