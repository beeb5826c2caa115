"""Write the navigation lines and the table of contents of the notebooks.

    python -m tools.nav            # rewrite them in place (make nav)
    python -m tools.nav --check    # exit 1 if any is missing or stale

Every notebook in notebooks/ named NN-Title.ipynb gets a first and a last
markdown cell, ``< previous | Contents | next >``. The contents notebook
(00-...) gets a table built from each notebook's title (its first ``#``
heading) and its one-line summary (the first line in *italics* after it),
in a cell that starts with ``<!--TOC-->``. Only markdown cells are touched,
so the notebooks need not be re-run.
"""

import json
import re
import sys
from pathlib import Path

from pokerlib.serving import editions

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / 'notebooks'
NAV = '<!--NAVIGATION-->'
TOC = '<!--TOC-->'


def notebooks(folder=NOTEBOOKS) -> list:
    """The course's notebooks (NN-Title.ipynb) in folder (notebooks/ by default), in order."""
    return editions.notebooks(folder)


def source(cell) -> str:
    """A cell's source as one string (a notebook file may store it as a list of lines)."""
    src = cell['source']
    return ''.join(src) if isinstance(src, list) else src


def title_and_summary(nb):
    """The first '# ' heading and the first italic line after it."""
    for cell in nb['cells']:
        text = source(cell)
        if cell['cell_type'] == 'markdown' and not text.startswith((NAV, TOC)):
            lines = text.splitlines()
            heading = next((l[2:].strip() for l in lines if l.startswith('# ')), None)
            summary = next((l.strip().strip('*').strip() for l in lines
                            if re.fullmatch(r'\*[^*].*\*', l.strip())), '')
            if heading:
                return heading, summary
    raise SystemExit(f'no "# title" heading in {nb}')


def nav_line(paths, k) -> str:
    contents = paths[0].name
    parts = []
    if k > 0:
        parts.append(f'[< {title_and_summary(load(paths[k - 1]))[0]}]({paths[k - 1].name})')
    if k > 1:   # for 01, the previous notebook is the contents
        parts.append(f'[Contents]({contents})')
    if k + 1 < len(paths):
        parts.append(f'[{title_and_summary(load(paths[k + 1]))[0]} >]({paths[k + 1].name})')
    return f'{NAV}\n' + ' | '.join(parts)


def toc(paths) -> str:
    rows = [TOC, '| Notebook | What it covers |', '|---|---|']
    for p in paths[1:]:
        title, summary = title_and_summary(load(p))
        rows.append(f'| [{title}]({p.name}) | {summary} |')
    return '\n'.join(rows)


def load(path):
    """A notebook file, as JSON (the dicts and lists nbformat writes)."""
    return json.loads(path.read_text(encoding='utf-8'))


def md_cell(text, id):
    return {'cell_type': 'markdown', 'id': id, 'metadata': {},
            'source': text.splitlines(True)}


def updated(nb, line, table=None):
    """A copy of nb with its navigation cells (and table) set."""
    cells = [c for c in nb['cells'] if not source(c).startswith(NAV)]
    cells = [md_cell(line, 'nav-top')] + cells + [md_cell(line, 'nav-bottom')]
    if table is not None:
        cells = [md_cell(table, 'toc') if source(c).startswith(TOC) else c
                 for c in cells]
    return dict(nb, cells=cells)


def main(argv):
    check = '--check' in argv
    paths = notebooks()
    stale = []
    for k, path in enumerate(paths):
        nb = load(path)
        new = updated(nb, nav_line(paths, k), toc(paths) if k == 0 else None)
        if k == 0 and not any(source(c).startswith(TOC) for c in nb['cells']):
            stale.append(f'{path.name}: no {TOC} cell for the table of contents')
        if [source(c) for c in new['cells']] != [source(c) for c in nb['cells']]:
            stale.append(path.name)
            if not check:
                path.write_text(json.dumps(new, indent=1, ensure_ascii=False) + '\n',
                                encoding='utf-8')
    if check and stale:
        print('stale navigation or contents (run `make nav`):', *stale, sep='\n  ')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
