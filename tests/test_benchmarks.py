"""The notebook benchmark's split of a run: each code cell's time, from nbclient's stamps;
and its refusal of a run whose checks did not pass."""

import nbformat

from benchmarks.notebooks import cell_times, unpassed_checks


def test_cell_times_reads_each_code_cells_stamps_and_skips_the_rest():
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell('# Title'),
        nbformat.v4.new_code_cell('check(flush)\n# second line'),
        nbformat.v4.new_code_cell('not run'),
        nbformat.v4.new_code_cell('x = 1')])
    nb.cells[1].metadata['execution'] = {'iopub.execute_input': '2026-11-28T10:00:00.250000Z',
                                         'shell.execute_reply': '2026-11-28T10:00:01.000000Z'}
    nb.cells[3].metadata['execution'] = {'iopub.execute_input': '2026-11-28T10:00:59.900000Z',
                                         'shell.execute_reply': '2026-11-28T10:01:00.000000Z'}
    times = cell_times(nb)
    assert [(round(s, 6), i, line) for s, i, line in times] == [
        (0.75, 1, 'check(flush)'), (0.1, 3, 'x = 1')]


def test_a_run_whose_check_did_not_pass_is_named():
    """A broken check stops early: a run with one measures nothing, and the table says so."""
    def check_cell(text):
        cell = nbformat.v4.new_code_cell('check(flush)')
        cell.outputs = [nbformat.v4.new_output('execute_result', {'text/plain': text})]
        return cell
    nb = nbformat.v4.new_notebook(cells=[
        check_cell('\u2713 flush: 24,583 cases passed'),
        check_cell('\u2717 flush stopped on flush([...])'),
        nbformat.v4.new_code_cell('check(kind)'),            # no output at all
        nbformat.v4.new_code_cell('x = 1')])
    assert unpassed_checks(nb) == [1, 2]
