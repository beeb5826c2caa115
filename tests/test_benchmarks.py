"""The notebook benchmark's split of a run: each code cell's time, from nbclient's stamps."""

import nbformat

from benchmarks.notebooks import cell_times


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
