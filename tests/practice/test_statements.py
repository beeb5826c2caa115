"""What notebook 01 says of a ranking and a hand agrees with what check and the course do
(issue 40): a ranking of a class of one's own is refused, as the statement now says, with a
hint that says why; a hand may be a tuple, since best_hand passes tuples to hand_rank."""

import functools
import json
from pathlib import Path

from test_printing import _ranking

import pokerlib.holdem
from practice_support import verdict

NOTEBOOK = Path(__file__).resolve().parents[2] / 'notebooks' / '01-Hands-and-hand_rank.ipynb'


def _statement() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding='utf-8'))['cells']
    return '\n'.join(''.join(c['source']) for c in cells if c['cell_type'] == 'markdown')


@functools.total_ordering
class Ranking:
    """A student's ranking object: ordered right, but not plain data."""

    def __init__(self, values):
        self.values = values

    def __eq__(self, other):
        return self.values == other.values

    def __lt__(self, other):
        return self.values < other.values

    def __hash__(self):
        return hash(repr(self.values))


def hand_rank_of_objects(hand):
    return Ranking(_ranking(hand))


def test_a_ranking_of_objects_is_refused_as_the_statement_says_and_the_hint_says_why():
    verdict(hand_rank_of_objects, 'hand_rank', 'fail', 'return plain values', 'not test_statements.Ranking')
    text = _statement()
    assert 'not objects of a class of your own' in text
    assert 'any ranking that orders every hand correctly passes.' not in text


def test_the_statement_says_a_hand_may_be_a_tuple_as_best_hand_passes_one():
    text = _statement()
    assert 'A hand may come as a list or as a tuple' in text and '`hand.copy()`' in text
    seen = []

    def spy(hand):
        seen.append(type(hand))
        return _ranking(hand)
    original = pokerlib.holdem.hand_rank
    pokerlib.holdem.hand_rank = spy
    try:
        pokerlib.holdem.best_hand('TD TC TH 7C 7D 8C 8S'.split())
    finally:
        pokerlib.holdem.hand_rank = original
    assert set(seen) == {tuple}
