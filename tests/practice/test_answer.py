"""The runner's answer to one call of her function (``wire.Answer``): what the runner writes
is what the judge reads, and what is not an answer (malformed, or past a limit) is refused
with a message saying what is wrong, and read by the judge as a runner gone."""

import contextlib
import socket
import threading

import pytest

from pokerlib.practice import runner, wire
from pokerlib.practice.judge.errors import CourseCalled, RunnerGone, StudentError
from pokerlib.practice.judge.judging import Run
from pokerlib.practice.values import encode_arg


def loud(ranks):
    print('x' * 1000)
    for i in range(10):
        print('line', i)
    raise type('E' * 500, (Exception,), {})('y' * 10_000)


def sorts(ranks):
    ranks.sort()
    return ranks


def returns_object(ranks):
    return object()


def right(ranks):
    return max(ranks)


def answered(function, *args):
    """The runner's answer to function(*args), as the runner sends it (its output caught, as
    ``serve_socket`` catches it)."""
    server = runner.Server(function, 'f')
    with contextlib.redirect_stdout(server.printed):
        return server.call([encode_arg(a) for a in args], {})


@pytest.mark.parametrize('function, kind', [(right, 'ok'), (sorts, 'ok'), (loud, 'raised'),
                                            (returns_object, 'notplain')])
def test_every_answer_the_runner_writes_reads_back_whole(function, kind):
    # Her output, her error's text and its type's name are cut to the answer's limits where
    # they are written, so that the judge, which refuses more, reads them.
    message = answered(function, [3, 1, 2])
    answer = wire.Answer.from_wire(message, 1)
    assert answer.kind == kind and answer.to_wire() == message
    if function is loud:
        assert len(answer.value['text']) == wire.TEXT and len(answer.value['type']) == wire.NAME
        total, last, chars, finished = answer.printed
        assert (total, finished, len(last)) == (11, 11, wire.KEPT_LINES)
        assert last[-1] == 'line 9' and chars > 1000
    if function is sorts:
        assert answer.value == {'L': [1, 2, 3]} and answer.after == ([0, {'L': [1, 2, 3]}],)


def test_a_batchs_answers_read_back_in_either_form():
    short = [wire.Answer('ok', 1, 0.5), wire.Answer('ok', None, 0.25)]
    assert wire.Answer.batch_to_wire(short) == {'oks': [1, None], 't': 0.75}
    assert [a.value for a in wire.Answer.batch_from_wire({'oks': [1, None], 't': 0.75}, [1, 1])] \
        == [1, None]
    long = short[:1] + [wire.Answer('raised', runner._raised(ValueError('no')), 0.1)]
    message = wire.Answer.batch_to_wire(long)
    assert 'answers' in message
    assert [a.kind for a in wire.Answer.batch_from_wire(message, [1, 1, 1])] == ['ok', 'raised']


RAISED = runner._raised(ValueError('bad'))
WHERE = {'function': 'f', 'line': 3, 'code': 'x + 1'}


@pytest.mark.parametrize('message, words', [
    ([1], 'not a JSON object'),
    ({}, 'it has 0 of ok, notplain and raised'),
    ({'t': 0.5}, 'it has 0 of ok, notplain and raised'),
    ({'ok': 1, 'raised': RAISED}, 'it has 2 of ok'),
    ({'ok': 1, 'pass': True}, "unknown fields: 'pass'"),
    ({'ok': 1, 't': 'fast'}, 't is not a number of seconds'),
    ({'ok': 1, 't': 1}, 't is not a number of seconds'),
    ({'ok': 1, 't': -1.0}, 't is not a number of seconds'),
    ({'ok': 1, 't': 1e9}, 't is not a number of seconds'),
    ({'notplain': 3}, 'notplain is not a text of at most 200 characters'),
    ({'notplain': 'x' * 201}, 'notplain is not a text of at most 200 characters'),
    ({'raised': 'ValueError'}, 'raised does not hold the facts of an error'),
    ({'raised': dict(RAISED, extra=1)}, 'raised does not hold the facts of an error'),
    ({'raised': {k: v for k, v in RAISED.items() if k != 'exit'}}, 'raised does not hold'),
    ({'raised': dict(RAISED, exit=1)}, 'a flag that is not true or false'),
    ({'raised': dict(RAISED, type='E' * 201)}, 'the type raised is not a text of at most 200'),
    ({'raised': dict(RAISED, text='y' * 501)}, "the error's text is not a text of at most 500"),
    ({'raised': dict(RAISED, where='line 3')}, 'where is not a function, a line and its code'),
    ({'raised': dict(RAISED, where=dict(WHERE, line='3'))}, "where's line is not"),
    ({'raised': dict(RAISED, where=dict(WHERE, code='z' * 201))}, "where's code is not a text"),
    ({'raised': dict(RAISED, where=dict(WHERE, function='f' * 81))}, "where's function"),
    ({'ok': 1, 'course': 'c' * 81}, 'course is not a text of at most 80 characters'),
    ({'ok': 1, 'course': ['hand_rank']}, 'course is not a text'),
    ({'ok': 1, 'after': {'0': 1}}, 'after is not a list'),
    ({'ok': 1, 'after': [[1, 'x']]}, 'after: not [the index of one of 1 arguments, its value]'),
    ({'ok': 1, 'after': [[-1, 'x']]}, 'after: not [the index'),
    ({'ok': 1, 'after': [[0]]}, 'after: not [the index'),
    ({'ok': 1, 'after': [[0, {'notplain': 'n' * 201}]]}, "after's notplain is not a text"),
    ({'ok': 1, 'printed': [1, ['a'], 1]}, 'printed is not [lines, the last lines'),
    ({'ok': 1, 'printed': [1, 'a', 1, 1]}, 'printed is not [lines, the last lines'),
    ({'ok': 1, 'printed': [-1, ['a'], 1, 1]}, 'printed is not [lines, the last lines'),
    ({'ok': 1, 'printed': [7, ['a'] * 7, 7, 7]}, 'printed: more than the last 6 lines'),
    ({'ok': 1, 'printed': [1, ['a' * 201], 201, 1]}, 'a printed line is not a text of at most 200'),
    ({'ok': 1, 'printed': [1, [1], 1, 1]}, 'a printed line is not a text'),
])
def test_what_is_not_an_answer_is_refused_saying_why(message, words):
    with pytest.raises(ValueError, match="^not a runner's answer: ") as refused:
        wire.Answer.from_wire(message, 1)
    assert words in str(refused.value)


@pytest.mark.parametrize('message, arities, words', [
    ({'oks': [1], 't': 0.0}, [1, 1], 'oks is not a list of 2 values'),
    ({'oks': 'yes', 't': 0.0}, [1], 'oks is not a list of 1 values'),
    ({'oks': [1], 't': float('nan')}, [1], 't is not a number of seconds'),
    ({'oks': [1]}, [1], 't is not a number of seconds'),
    ({'answers': []}, [1], 'answers is not a list of 1 to 1 answers'),
    ({'answers': [{'ok': 1}] * 3}, [1, 1], 'answers is not a list of 1 to 2 answers'),
    ({'answers': [{'ok': 1}, {'ok': 2, 'printed': 'hi'}]}, [1, 1], 'printed is not'),
    ({'error': "unknown request 'map'"}, [1], 'answers is not a list'),
])
def test_what_is_not_a_batchs_answer_is_refused_saying_why(message, arities, words):
    with pytest.raises(ValueError, match="^not a runner's answer: ") as refused:
        wire.Answer.batch_from_wire(message, arities)
    assert words in str(refused.value)


def judged(reply, *args):
    """What Run makes of a runner that answers the call run(*args) with `reply`: what it
    returns, or the error it raises."""
    ours, theirs = socket.socketpair()

    def runner_side():
        wire.receive(theirs)
        wire.send(theirs, reply)
    helper = threading.Thread(target=runner_side)
    helper.start()
    try:
        return Run(ours, 'straight')(*args)
    except BaseException as e:
        return e
    finally:
        helper.join()
        ours.close()
        theirs.close()


def test_the_judge_reads_an_answer_through_the_record():
    assert judged({'ok': {'L': [1, 2]}, 't': 0.5}, [2, 1]) == [1, 2]
    assert isinstance(judged({'ok': 1, 'course': 'hand_rank'}, [2]), CourseCalled)
    error = judged(RAISED, [2])
    assert isinstance(error, RunnerGone)       # a raised answer has its facts under 'raised'
    error = judged({'raised': RAISED, 't': 0.1}, [2])
    assert isinstance(error, StudentError) and error.info['text'] == 'bad'


@pytest.mark.parametrize('reply', [
    {'ok': True, 't': 0.1, 'printed': [1, ['a' * 5000], 5000, 1]},
    {'ok': True, 'after': [[5, {'L': []}]]},
    {'notplain': 'x' * 100_000},
    {'ok': True, 'verdict': 'pass'},
])
def test_the_judge_takes_a_malformed_or_oversized_answer_for_a_runner_gone(reply):
    gone = judged(reply, [14, 13, 12, 11, 10])
    assert isinstance(gone, RunnerGone)
    assert str(gone).startswith("not a runner's answer: ")
