"""Build the course's website from the committed, executed notebooks.

    .venv-site/bin/python -m tools.build_site [--out build/site]

(`make site` runs it.) Nothing is executed: the pages show the outputs the
notebooks were committed with. The notebooks are first copied to OUT/src
and adjusted there, never in notebooks/:

- links to download the notebook go under its navigation line: the student's
  edition (solutions replaced by stubs, no outputs: to work in) and the
  teacher's edition as committed;
- a cell whose source has a line ``### BEGIN SOLUTION`` is folded: its code
  behind a "Show solution" toggle, closed until clicked; so is a markdown
  cell tagged ``teacher`` (an exercise's expected answer), behind "Show the
  expected answer"; and so is the output of a cell that shows an answer
  (the library's version, printed by ``source(...)``: editions.revealing_cells);
- interactive widgets, which need a running kernel, are dropped (a figure
  the same cell drew stays);
- links to ``../assets/`` point at the copy of the figures beside the pages;
- the contents notebook gets the site's table of contents, hidden: it is the
  menu on the left.

A page of the figures in assets/ is added, and the pages of the manual
(site/manual/*.md; site/manual/zh/*.md on the Chinese site), each with a
link to its other language where there is one. Sphinx (with myst-nb, configured
in site/) writes the pages to OUT/html; index.html sends a browser to the
contents page. The last line printed is the path of that index.html.
"""

import argparse
import gettext
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from pokerlib.serving import editions
from pokerlib.serving.fonts import FONT

from .nav import NAV, NOTEBOOKS, ROOT, load, notebooks, source, title_and_summary

ASSETS = ROOT / 'assets'
CONF = ROOT / 'site'
MANUAL = CONF / 'manual'
"""The manual's pages, in MyST Markdown: English here, Chinese in zh/ (the ones a Chinese
teacher needs)."""
LOCALE = ROOT / 'locale'
DOMAIN = 'site'
"""The site's own words in Chinese: locale/zh_CN/LC_MESSAGES/site.po (tools/translate.py)."""

WIDGET = 'application/vnd.jupyter.widget-view+json'


def markdown(text: str, id: str) -> dict:
    return {'cell_type': 'markdown', 'id': id, 'metadata': {}, 'source': text}


def without_widgets(outputs: list) -> list:
    """The outputs less any interactive widget (which needs a kernel to show)."""
    return [out for out in outputs if WIDGET not in out.get('data', {})]


SITE_TEXT = {
    'show_solution': 'Show solution', 'hide_solution': 'Hide solution',
    'show_answer': 'Show the expected answer', 'hide_answer': 'Hide the expected answer',
    'download': ('Download <code>{name}</code>: <a href="notebooks/student/{name}" download>'
                 "the student's edition</a> (to work in, with <code>check</code>), or "
                 '<a href="notebooks/{name}" download>the teacher\'s edition</a> '
                 '(with the solutions and all the outputs)'),
    'figures': 'Figures',
    'figures_intro': ("The figures in the course's `assets/` folder, drawn with fixed seeds "
                      'by `python -m pokerlib.figures`. A click on a figure opens it at full '
                      'size.'),
    'used_in': 'Used in {links}.', 'figure_alt': 'The figure {name}',
    'enlarge_hint': 'Click the figure to open it at full size.',     # site/_static/enlarge.js
    'enlarge_title': 'Open the figure at full size',
    'title': "Norvig's poker program, step by step",
    'manual': 'The manual',
    'footer': ("<p>The poker program and its design are Peter Norvig's, from "
               "<em>Design of Computer Programs</em> (CS212); where the course departs "
               "from the lecture, each notebook says so. Built from the course's "
               "notebooks as committed, with their outputs.</p>"),
}
"""The website's own words, in English; their Chinese is in the site's catalog (DOMAIN)."""
OTHER_LANGUAGE = {
    'en': '<a href="zh/{page}" hreflang="zh-CN" lang="zh-CN">中文版</a>',
    'zh_CN': '<a href="../{page}" hreflang="en" lang="en">English</a>',
}
"""The link from a page to the same page in the other language, which names that language
in its own words (as every language menu does): not a translation, so not in a catalog."""
FIGURE_ALT = {   # what each figure shows, for a reader who can't see it (the alt text)
    'benchmarks.png': 'Bar chart, log scale: hands ranked per second by each evaluator, on 5 and '
                      '7 cards. pokerlib fast leads (about 40 million a second), then eval7, '
                      'phevaluator and treys; pokerlib fast called one hand at a time, Norvig\'s '
                      'hand_rank and pokerkit come last.',
    'hand_frequencies.png': 'How often each hand comes up: for each category, straight flush to '
                            'high card, the count observed in the dealt hands divided by the count '
                            'expected, as a dot beside a grey chance band; every dot is near 1.',
    'shuffle_overview.png': 'For each of the five shuffles, how far each arrangement of abc came up '
                            'above or below fair in 150,000 shuffles: shuffle2 and shuffle4 stay '
                            'inside the chance band, shuffle1 and shuffle_naive are far outside it, '
                            'and shuffle3 falls short on abc by 3%, as its exact probability says.',
}
for _n, _who in [('shuff1.png', 'shuffle1, the teacher\'s shuffle: far from fair'),
                 ('shuff2.png', 'shuffle2, Knuth\'s shuffle: fair'),
                 ('shuff3.png', 'shuffle3, the lecture\'s shuffle2: abc 3% too rare'),
                 ('shuff4.png', 'shuffle4, Knuth\'s shuffle over all N positions: fair'),
                 ('shuff_naive.png', 'shuffle_naive: three arrangements 10% too common, three too rare')]:
    FIGURE_ALT[_n] = (f'Bar chart of how often each arrangement of abc came up above or below '
                      f'fair, against a chance band, for {_who}.')
CELL_ALT = {    # figures that a cell draws: the start of its source -> what the figure shows
    'explore_hand_frequencies(': FIGURE_ALT['hand_frequencies.png'],
    "explore_shuffles('shuffle3'": FIGURE_ALT['shuff3.png'],
}


def figure_alt(cell: dict) -> str | None:
    """The alt text of the figure a code cell shows (a file of assets/ or one it draws), or None."""
    code = source(cell)
    for name, alt in FIGURE_ALT.items():
        if f"'{name}'" in code:
            return alt
    return next((alt for start, alt in CELL_ALT.items() if code.startswith(start)), None)



def site_text(language: str = 'en') -> dict:
    """The website's own words in language ('en', or 'zh_CN' from the site's catalog)."""
    words = gettext.translation(DOMAIN, LOCALE, languages=[language], fallback=True)
    return dict({key: words.gettext(text) for key, text in SITE_TEXT.items()},
                other=OTHER_LANGUAGE[language])


def folds(cell: dict, text: dict = SITE_TEXT) -> tuple | None:
    """What the toggle of a cell the site folds says (shown, hidden), or None if it is not folded."""
    if cell['cell_type'] == 'code' and editions.SOLUTION_LINE.search(source(cell)):
        return text['show_solution'], text['hide_solution']
    if cell['cell_type'] == 'markdown' and 'teacher' in cell.get('metadata', {}).get('tags', []):
        return text['show_answer'], text['hide_answer']
    return None


def fold_output(cell: dict, show: str, hide: str) -> dict:
    """A code cell whose output shows an answer (editions.revealing_cells), its output folded
    behind a toggle (myst-nb's hide-output), closed until clicked."""
    meta = dict(cell.get('metadata', {}))
    meta['tags'] = sorted(set(meta.get('tags', [])) | {'hide-output'})
    meta['mystnb'] = dict(meta.get('mystnb', {}), code_prompt_show=show, code_prompt_hide=hide)
    return dict(cell, metadata=meta)


def fold(cell: dict, show: str, hide: str) -> dict:
    """The cell folded behind a toggle that says show, closed by default.

    A code cell's input is folded (myst-nb's hide-input), a markdown cell's text
    goes into an HTML details element.
    """
    if cell['cell_type'] == 'code':
        meta = dict(cell.get('metadata', {}))
        meta['tags'] = sorted(set(meta.get('tags', [])) | {'hide-input'})
        meta['mystnb'] = dict(meta.get('mystnb', {}), code_prompt_show=show, code_prompt_hide=hide)
        return dict(cell, metadata=meta)
    return dict(cell, source=f'<details class="solution">\n<summary>{show}</summary>\n\n'
                + source(cell).strip() + '\n\n</details>')


def anchor(fragment: str) -> str:
    """The site's id for a heading that Jupyter calls fragment.

    Jupyter links to a heading by its text with dashes for spaces
    (#The-ace-low-straight); the site's ids are lower case, without
    punctuation (#the-ace-low-straight).
    """
    return re.sub(r'[^\w-]', '', fragment.lower())


def fix_markdown(text: str) -> str:
    """Markdown of a cell, its links as they work on the site.

    Links to the figures' folder point at its copy beside the pages, and
    links to a heading use the site's ids.
    """
    text = re.sub(r'(\]\(|src=["\'])\.\./assets/', r'\1assets/', text)
    text = re.sub(r'(\]\((?:[\w.-]+\.ipynb)?#)([^)\s]+)\)',
                  lambda m: m.group(1) + anchor(m.group(2)) + ')', text)
    if text.startswith(NAV):    # the navigation line, in a box of its own
        text = f'<nav class="course-nav">\n\n{text[len(NAV):].strip()}\n\n</nav>'
    return text


def staged_notebook(path: Path, toctree: str | None, language: str = 'en') -> dict:
    """The notebook at path, adjusted for the website (see the module's docstring)."""
    text = site_text(language)
    nb = load(path)
    cells = []
    revealing = set(editions.revealing_cells(nb))
    for i, cell in enumerate(nb['cells']):
        cell = dict(cell, source=source(cell))
        if cell['cell_type'] == 'code':
            cell['outputs'] = without_widgets(cell.get('outputs', []))
        if show := folds(cell, text):
            cell = fold(cell, *show)
        elif i in revealing:       # the library's version of an answer: folded with it
            cell = fold_output(cell, text['show_solution'], text['hide_solution'])
        if language == 'en' and cell['cell_type'] == 'code' and (alt := figure_alt(cell)):
            meta = dict(cell.get('metadata', {}))
            meta['mystnb'] = dict(meta.get('mystnb', {}), image={'alt': alt})
            cell = dict(cell, metadata=meta)
        if cell['cell_type'] == 'markdown':
            cell['source'] = fix_markdown(editions.OTHER_LANGUAGE_LINK.sub('', cell['source']))   # the page links the English page
        cells.append(cell)
    download = markdown(
        '<p class="course-download"><i class="fa-solid fa-download"></i> '
        + text['download'].format(name=path.name) + '</p>\n'
        '<p class="course-language"><i class="fa-solid fa-language"></i> '
        + text['other'].format(page=path.stem + '.html') + '</p>', 'site-download')
    at = 1 if cells and source(nb['cells'][0]).startswith(NAV) else 0
    cells.insert(at, download)
    if toctree:
        cells.append(markdown(toctree, 'site-toctree'))
    metadata = {k: v for k, v in nb.get('metadata', {}).items() if k != 'widgets'}
    return dict(nb, cells=cells, metadata=metadata)


def figures_page(paths, titles: dict, assets: Path, language: str = 'en') -> str:
    """A page that shows every figure in assets/, with where the notebooks use it."""
    text = site_text(language)
    lines = ['# ' + text['figures'], '',
             '<p class="course-language">' + text['other'].format(page='figures.html') + '</p>', '',
             text['figures_intro'], '']
    texts = {p.name: p.read_text(encoding='utf-8') for p in paths}
    for png in sorted(assets.glob('*.png')):
        lines += [f'## {png.name}', '']
        used = [name for name, text in texts.items() if png.name in text]
        if used:
            links = ', '.join(f'[{titles[name]}]({name})' for name in used)
            lines += [text['used_in'].format(links=links), '']
        alt = FIGURE_ALT.get(png.name, text['figure_alt'].format(name=png.name)) if language == 'en' \
            else text['figure_alt'].format(name=png.name)
        lines += [f'![{alt}](assets/{png.name})', '']
    return '\n'.join(lines)


def manual_pages(language: str = 'en') -> list:
    """The manual's pages in language, in the order of the site's menu."""
    folder = MANUAL if language == 'en' else MANUAL / language.split('_')[0]
    pages = {p.stem: p for p in folder.glob('*.md')}
    order = ['working', 'teaching', 'grading', 'classroom', 'department', 'library', 'translating',
             'contributing']
    return [pages[name] for name in order if name in pages] + \
        [pages[name] for name in sorted(pages) if name not in order]


def manual_page(path: Path, language: str = 'en') -> str:
    """A page of the manual as the site shows it: a link to its other language under the title."""
    text = path.read_text(encoding='utf-8')
    other = (MANUAL / 'zh' / path.name) if language == 'en' else (MANUAL / path.name)
    if not other.exists():
        return text
    title, newline, rest = text.partition('\n')
    link = site_text(language)['other'].format(page=path.stem + '.html')
    return f'{title}\n\n<p class="course-language">{link}</p>\n{rest}'


def wanted_files(paths, assets: Path, language: str = 'en') -> dict:
    """Relative path -> bytes of everything the staging folder should hold."""
    titles = {p.name: title_and_summary(load(p))[0] for p in paths}
    manual = manual_pages(language)
    toctree = ('```{toctree}\n:hidden:\n:maxdepth: 1\n\n' + '\n'.join(
        [p.stem for p in paths[1:]] + ['figures']) + '\n```\n\n'
        + '```{toctree}\n:hidden:\n:maxdepth: 1\n:caption: ' + site_text(language)['manual']
        + '\n\n' + '\n'.join(p.stem for p in manual) + '\n```')
    files = {}
    for page in manual:
        files[page.name] = manual_page(page, language).encode()
    for k, path in enumerate(paths):
        nb = staged_notebook(path, toctree if k == 0 else None, language)
        files[path.name] = (json.dumps(nb, indent=1, ensure_ascii=False) + '\n').encode()
    files['figures.md'] = figures_page(paths, titles, assets, language).encode()
    for png in sorted(assets.glob('*.png')):
        files[f'assets/{png.name}'] = png.read_bytes()
    for png in sorted((MANUAL / 'images').glob('*.png')):     # the manual's screenshots
        files[f'images/{png.name}'] = png.read_bytes()
    return files


def write(folder: Path, files: dict):
    """Write each relative path's bytes under folder."""
    for rel, content in files.items():
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)


def build(out: Path, quiet: bool = True, folder: Path = NOTEBOOKS, assets: Path = ASSETS,
          language: str = 'en') -> Path:
    """Stage the notebooks in folder, run Sphinx; return the path of the site's index.html.

    With a `folder` holding a zh/ edition (notebooks/zh/, made by `make
    translations`), the Chinese site is built too, into OUT/html/zh/, from it
    and from the Chinese figures in assets/zh/.
    """
    paths = notebooks(folder)
    if not paths:
        raise SystemExit(f'no notebooks in {folder}')
    src, html = out / 'src', out / 'html'
    # From scratch every time (a few seconds): no page of a renamed notebook lingers.
    for old in ('src', 'html', 'doctrees', 'jupyter_execute'):
        shutil.rmtree(out / old, ignore_errors=True)
    write(src, wanted_files(paths, assets, language))
    # The contents notebook is the home page; index.html (site/_templates/index.html)
    # sends a browser there.
    command = [sys.executable, '-m', 'sphinx', '-b', 'html', '-c', str(CONF),
               '-d', str(out / 'doctrees'), '-D', f'root_doc={paths[0].stem}',
               '-D', f'language={language}', '-D', f'html_title={site_text(language)["title"]}',
               '-A', f'course_footer={site_text(language)["footer"]}',   # site/_templates/extra-footer.html
               '-A', f'course_enlarge_hint={site_text(language)["enlarge_hint"]}',      # and the words
               '-A', f'course_enlarge_title={site_text(language)["enlarge_title"]}',    # enlarge.js shows
               str(src), str(html)]
    if quiet:
        command.append('-q')
    subprocess.run(command, check=True, cwd=ROOT)   # from the root: conf.py names tools.mathml
    # The notebooks as committed (the teacher's edition) and the student's
    # edition, for the pages' download links, each with the data files.
    (html / 'notebooks').mkdir(exist_ok=True)
    for path in paths:
        shutil.copyfile(path, html / 'notebooks' / path.name)
    if (folder / 'data').is_dir():
        shutil.copytree(folder / 'data', html / 'notebooks' / 'data', dirs_exist_ok=True)
    editions.write_student_edition(html / 'notebooks' / 'student', folder, language)
    # The Chinese font, for pages in Chinese on a machine without one (course.css).
    shutil.copyfile(FONT, html / '_static' / 'fonts' / FONT.name)
    if language == 'en' and (folder / 'zh').is_dir() and (assets / 'zh').is_dir():
        build(out / 'zh', quiet, folder / 'zh', assets / 'zh', 'zh_CN')
        shutil.rmtree(html / 'zh', ignore_errors=True)
        shutil.move(out / 'zh' / 'html', html / 'zh')
    return html / 'index.html'


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--out', type=Path, default=ROOT / 'build' / 'site',
                        help='folder for the staged sources and the pages (default: build/site)')
    parser.add_argument('--notebooks', type=Path, default=NOTEBOOKS,
                        help='the folder of NN-*.ipynb notebooks (default: notebooks)')
    parser.add_argument('--assets', type=Path, default=ASSETS,
                        help='the folder of figures (default: assets)')
    parser.add_argument('--verbose', action='store_true', help="show Sphinx's progress")
    args = parser.parse_args(argv)
    index = build(args.out.resolve(), quiet=not args.verbose,
                  folder=args.notebooks.resolve(), assets=args.assets.resolve())
    print(index)


if __name__ == '__main__':
    main()
