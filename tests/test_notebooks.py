"""The notebooks as committed: executed in order, navigation fresh, links that resolve.

(The notebooks' outputs themselves are checked by nbval, which re-runs each
one and compares every output: see pyproject.toml.)
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / 'notebooks').glob('[0-9][0-9]-*.ipynb'))


def cells(path):
    return json.loads(path.read_text(encoding='utf-8'))['cells']


def text(cell):
    return ''.join(cell['source'])


def test_notebooks_are_numbered_from_00_without_gaps():
    assert [p.name[:2] for p in NOTEBOOKS] == [f'{k:02d}' for k in range(len(NOTEBOOKS))]
    assert len(NOTEBOOKS) >= 4


@pytest.mark.parametrize('path', NOTEBOOKS, ids=lambda p: p.name)
def test_committed_executed_top_to_bottom(path):
    counts = [c['execution_count'] for c in cells(path)
              if c['cell_type'] == 'code' and text(c).strip()]
    assert counts == list(range(1, len(counts) + 1)), \
        f'{path.name}: re-run it top to bottom in a fresh kernel, then commit'
    for c in cells(path):
        if c['cell_type'] == 'code' and not text(c).strip():
            assert not c.get('outputs'), 'an empty cell with output'


@pytest.mark.parametrize('path', NOTEBOOKS, ids=lambda p: p.name)
def test_shape_of_a_lesson(path):
    headings = [line for c in cells(path) if c['cell_type'] == 'markdown'
                for line in text(c).splitlines() if line.startswith('#')]
    assert headings[0].startswith('# ' + path.name[:2])
    if path.name.startswith('00'):
        return
    for needed in ['## Setup', '## Summary', '## Exercises']:
        assert needed in headings, f'{path.name} has no "{needed}" section'
    exercises = [h for h in headings if h.startswith('### Exercise')]
    assert 2 <= len(exercises) <= 3
    answers = sum(text(c).count('*Expected answer:*') for c in cells(path))
    assert answers == len(exercises)


@pytest.mark.parametrize('path', NOTEBOOKS, ids=lambda p: p.name)
def test_links_to_notebooks_resolve(path):
    for c in cells(path):
        for target in re.findall(r'\]\(([^)#]+\.ipynb)', text(c)):
            assert (path.parent / target).exists(), f'{path.name} links to missing {target}'


def test_no_memory_addresses_or_unsorted_sets_in_outputs():
    for path in NOTEBOOKS:
        for c in cells(path):
            for out in c.get('outputs', []):
                shown = json.dumps(out.get('data', {}).get('text/plain', '')) + \
                    json.dumps(out.get('text', ''))
                assert not re.search(r' at 0x[0-9a-f]{6,}', shown), path.name


def test_navigation_and_contents_are_fresh():
    result = subprocess.run([sys.executable, str(ROOT / 'scripts' / 'nav.py'), '--check'],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
