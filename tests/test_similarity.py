"""A copy made while the notebook runs is flagged on the grade page (issue 49).

copydetect compares the cells' text (tests/test_classroom.py, with the hub's environment);
a cell that execs the course's source with its names changed, or copies a code object, has
no text like the course's: ``classroom.similarity.run_time_flags`` flags the exercises of
such a notebook as the course's own, and nothing a student was handed out, nor her own work.
"""

import json

import nbformat

from classroom import similarity
from pokerlib.serving import editions
from pokerlib.practice import exercise_names

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

EXEC_SOURCE = ("import inspect, pokerlib.ranking\n"
               "exec(inspect.getsource(pokerlib.ranking).replace('ranks', 'rs'), globals())")
COPY_CODE = ("import types\n"
             "flush = types.FunctionType(flush.__wrapped__.__code__.replace(\n"
             "    co_consts=flush.__wrapped__.__code__.co_consts + (1,)), globals())")


def test_a_notebook_that_makes_code_at_run_time_is_flagged(tmp_path):
    edition = tmp_path / 'edition'
    editions.write_student_edition(edition, ROOT / 'notebooks', 'en')
    handed = edition / '01-Hands-and-hand_rank.ipynb'
    for student, cell in [('mallory', EXEC_SOURCE), ('trudy', COPY_CODE), ('ada', None)]:
        nb = nbformat.read(handed, as_version=4)
        if cell:
            nb.cells.append(nbformat.v4.new_code_cell(cell))
        (tmp_path / 'staging' / student).mkdir(parents=True)
        nbformat.write(nb, tmp_path / 'staging' / student / handed.name)
    rows = similarity.run_time_flags(tmp_path / 'staging', edition, set(exercise_names()))
    flagged = {(r['student'], r['exercise']) for r in rows}
    lesson = {f for f in similarity.definitions(handed) if f in exercise_names()}
    assert {'flush', 'kind', 'hand_rank'} <= lesson
    assert flagged == {(s, e) for s in ('mallory', 'trudy') for e in lesson}, json.dumps(rows)
    assert all(r['other'] == similarity.COURSE and r['similarity'] == 1.0 for r in rows)


def test_no_cell_handed_out_makes_code_at_run_time(tmp_path):
    editions.write_student_edition(tmp_path, ROOT / 'notebooks', 'en')
    for notebook in sorted(tmp_path.glob('[0-9][0-9]-*.ipynb')):
        nb = nbformat.read(notebook, as_version=4)
        assert not [c.source for c in nb.cells if c.cell_type == 'code'
                    and similarity.made_at_run_time(c.source)], notebook.name
