"""The website (`make site`), built from the committed notebooks and read in a real browser.

The site is built once, into a temporary folder, with .venv-site's Python
(tools/build_site.py); then tools/check_site.py serves it on 127.0.0.1
and loads every page in headless Chromium, and reports what it saw. The
assertions are here. Without Chromium, its driver or .venv-site, these tests
are skipped and say what to install; in CI (which installs all three) they
fail instead. The staging of the notebooks is also tested on its own, without
a browser.
"""

import json
import os
import re
import subprocess
import warnings
from pathlib import Path

import pytest

from pokerlib.serving import editions
from tools import build_site
from tools.nav import load, notebooks, source as text, title_and_summary

ROOT = Path(__file__).resolve().parent.parent

NOTEBOOKS = notebooks()
ASSETS = sorted((ROOT / 'assets').glob('*.png'))
SITE_PYTHON = ROOT / '.venv-site' / 'bin' / 'python'
CHROMIUM = Path(os.environ.get('CHROMIUM', '/usr/bin/chromium'))
CHROMEDRIVER = Path(os.environ.get('CHROMEDRIVER', '/usr/bin/chromedriver'))
IN_CI = os.environ.get('CI', '').lower() in ('1', 'true', 'yes')


def cells(path):
    return load(path)['cells']


def heading(path) -> str:
    """The notebook's title as a page shows it: its first '# ' heading, as plain text."""
    return title_and_summary(load(path))[0].replace('`', '')


def what_is_missing() -> str | None:
    if not CHROMIUM.exists() or not CHROMEDRIVER.exists():
        return (f'no headless browser: {CHROMIUM} or {CHROMEDRIVER} is missing '
                '(on Debian: apt-get install chromium chromium-driver)')
    if not SITE_PYTHON.exists():
        return 'no .venv-site for building the website: run `make site-setup` once'
    return None


class Site:
    """The built site and the browser's report on it."""

    def __init__(self, out: Path):
        self.build = subprocess.run(
            [str(SITE_PYTHON), '-m', 'tools.build_site', '--out', str(out)],
            capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert self.build.returncode == 0, f'the build failed:\n{self.build.stderr}'
        self.html = out / 'html'
        check = subprocess.run(
            [str(SITE_PYTHON), '-m', 'tools.check_site', str(self.html),
             '--port', os.environ.get('CHECK_SITE_PORT', '0')],   # 0: any free port
            capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert check.returncode == 0, f'the browser check failed:\n{check.stderr}'
        self.report = json.loads(check.stdout)
        self.pages = self.report['pages']


@pytest.fixture(scope='module')
def site(tmp_path_factory):
    missing = what_is_missing()
    if missing:
        if IN_CI:   # .ci/run installs all of it: never skip there
            pytest.fail(missing)
        # Said once in the warnings summary too, which pytest always shows.
        warnings.warn(f'the website tests are skipped: {missing}', stacklevel=1)
        pytest.skip(missing)
    return Site(tmp_path_factory.mktemp('site'))


def page_of(path) -> str:
    return path.stem + '.html'


# --- the build -------------------------------------------------------------------

@pytest.mark.slow
def test_build_prints_the_path_of_index_html_last(site):
    last = site.build.stdout.strip().splitlines()[-1]
    assert last == str(site.html / 'index.html')
    assert Path(last).is_file()


@pytest.mark.slow
def test_build_has_no_warnings(site):
    warnings = [line for line in site.build.stderr.splitlines() if 'WARNING' in line]
    assert not warnings, '\n'.join(warnings)


@pytest.mark.slow
def test_a_page_for_every_notebook_and_one_for_the_figures(site):
    expected = {page_of(p) for p in NOTEBOOKS} | {'index.html', 'figures.html'}
    assert expected <= set(site.pages)


@pytest.mark.slow
def test_index_opens_the_contents(site):
    assert site.pages['index.html']['url'].endswith('/' + page_of(NOTEBOOKS[0]))


# --- what each page shows --------------------------------------------------------

@pytest.mark.slow
def test_every_page_renders_its_title(site):
    for name, page in site.pages.items():
        assert page['title'].strip(), f'{name} has no title'
        assert page['h1'] and page['h1_visible'], f'{name} shows no heading'
        assert page['title'].startswith(page['h1']), (name, page['title'], page['h1'])
    for path in NOTEBOOKS:
        assert site.pages[page_of(path)]['h1'] == heading(path)


@pytest.mark.slow
def test_every_image_loads(site):
    for name, page in site.pages.items():
        for image in page['images']:
            assert image['natural_width'] > 0, f'{name}: {image["src"]} did not load'
            assert image['width'] > 0, f'{name}: {image["src"]} is not shown'


@pytest.mark.slow
def test_every_figure_of_the_notebooks_is_on_its_page(site):
    for path in NOTEBOOKS:
        figures = sum(1 for c in cells(path) for out in c.get('outputs', [])
                      if {'image/png', 'image/jpeg', 'image/svg+xml'} & set(out.get('data', {})))
        assert len(site.pages[page_of(path)]['images']) >= figures, path.name


@pytest.mark.slow
def test_every_figure_opens_at_full_size_with_a_click(site):
    for name, page in site.pages.items():
        for image in page['images']:
            if image['in_article']:
                assert image['enlarge'] and Path(image['enlarge']).name == Path(image['src']).name, \
                    f'{name}: {image["src"]} is not a link to itself'


@pytest.mark.slow
def test_a_control_shows_its_figure_and_never_its_text(site):
    for path in NOTEBOOKS:
        if 'explore_' in ''.join(text(c) for c in cells(path)):
            page = site.pages[page_of(path)]
            assert not page['widget_text'], f'{path.name}: a widget shows as text'
    assert not any(page['widget_text'] for page in site.pages.values())


@pytest.mark.slow
def test_figures_page_shows_every_figure_in_assets(site):
    shown = {Path(image['src']).name for image in site.pages['figures.html']['images']}
    assert {p.name for p in ASSETS} <= shown


@pytest.mark.slow
def test_maths_is_typeset(site):
    """Every formula is MathML the browser draws, none is left as raw TeX."""
    for path in NOTEBOOKS:
        page = site.pages[page_of(path)]
        markdown = ''.join(text(c) for c in cells(path) if c['cell_type'] == 'markdown')
        has_maths = re.search(r'\$[^$`\s][^$`]*\$', re.sub(r'`[^`]*`', '', markdown))
        assert bool(page['maths']) == bool(has_maths), path.name
    for name, page in site.pages.items():
        assert not page['raw_tex'], f'{name} shows raw TeX: {page["raw_tex"]}'
        assert not page['raw_maths'], f'{name} has formulas MathML could not take: {page["raw_maths"]}'
        for formula in page['maths']:
            width, height = formula['size']
            assert formula['folded'] or (width > 0 and height > 0), (name, formula)


@pytest.mark.slow
def test_solutions_are_folded_until_clicked(site):
    for path in NOTEBOOKS:
        solutions = sum(1 for c in cells(path)
                        if editions.SOLUTION_LINE.search(text(c)))
        answers = sum(1 for c in cells(path) if c['cell_type'] == 'markdown'
                      and 'teacher' in c.get('metadata', {}).get('tags', [])
                      and editions.BEGIN not in text(c))
        # and the saved output of each cell that shows the library's version of an answer
        revealing = len(editions.revealing_cells(load(path)))
        folds = site.pages[page_of(path)]['folds']
        assert sum(f['summary'] == 'Show solution' for f in folds) == solutions + revealing, path.name
        assert sum(f['summary'] == 'Show the expected answer' for f in folds) == answers, path.name
        for fold in folds:
            assert not fold['open'] and not fold['content_visible'], (path.name, fold)
            assert fold['opens_on_click'], (path.name, fold)


AXE = ROOT / 'site' / 'a11y' / 'node_modules' / 'axe-core' / 'axe.min.js'


@pytest.mark.slow
def test_every_page_passes_axe_core_in_light_and_dark_mode(site):
    """axe-core (site/a11y, pinned by its package-lock.json) on every page, both themes:
    nothing critical, serious or moderate (toggles named by their text, landmarks, contrast)."""
    if not AXE.exists():
        if IN_CI:
            pytest.fail(f'{AXE} is missing: make a11y-setup (npm ci in site/a11y)')
        pytest.skip('axe-core is not installed: make a11y-setup (npm ci in site/a11y)')
    run = subprocess.run([str(SITE_PYTHON), '-m', 'tools.check_a11y', str(site.html)],
                         capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    pages = report['pages']
    assert len(pages) >= 2 * (len(NOTEBOOKS) + 1), sorted(pages)     # every notebook, figures, 2 modes
    bad = [(page, v['impact'], v['id'], v['targets'][:2]) for page, found in pages.items()
           for v in found if v['impact'] in ('critical', 'serious', 'moderate')]
    assert bad == [], '\n'.join(map(str, bad))
    assert not any(v['id'] == 'axe-error' for found in pages.values() for v in found)


# --- links -------------------------------------------------------------------------

@pytest.mark.slow
def test_internal_links_resolve(site):
    assert site.report['broken_links'] == {}
    assert all(status == 200 for status in site.report['files_linked'].values()), \
        site.report['files_linked']


@pytest.mark.slow
def test_navigation_lines_link_the_pages_in_order(site):
    base = site.report['base']
    for k, path in enumerate(NOTEBOOKS):
        nav = site.pages[page_of(path)]['nav_links']
        assert nav, f'{path.name}: no navigation line'
        if k + 1 < len(NOTEBOOKS):
            assert base + page_of(NOTEBOOKS[k + 1]) in nav, path.name
        if k > 0:
            assert base + page_of(NOTEBOOKS[k - 1]) in nav, path.name


@pytest.mark.slow
def test_contents_page_links_every_notebook(site):
    links = set(site.pages[page_of(NOTEBOOKS[0])]['links'])
    for path in NOTEBOOKS[1:]:
        assert site.report['base'] + page_of(path) in links, path.name


@pytest.mark.slow
def test_every_notebook_page_links_both_editions_for_download(site):
    for path in NOTEBOOKS:
        student = site.report['base'] + 'notebooks/student/' + path.name
        teacher = site.report['base'] + 'notebooks/' + path.name
        assert site.pages[page_of(path)]['download_links'] == [student, teacher]
        assert site.report['files_linked'][student] == site.report['files_linked'][teacher] == 200
        served = site.html / 'notebooks' / path.name
        assert served.read_bytes() == path.read_bytes(), 'not the notebook as committed'
        student_code = [text(c) for c in cells(site.html / 'notebooks' / 'student' / path.name)
                        if c['cell_type'] == 'code']
        assert not any(editions.BEGIN in s for s in student_code)


# --- offline -----------------------------------------------------------------------

@pytest.mark.slow
def test_nothing_comes_from_another_host(site):
    requests = site.report['requests']
    assert any(url.endswith('.css') or '.css?' in url for url in requests), \
        'the request log saw no stylesheet: is it recording?'
    assert site.report['external_requests'] == []


@pytest.mark.slow
def test_no_absolute_url_to_another_host_in_the_pages(site):
    """No script, stylesheet, font, image or frame named by a full URL (a page may link out)."""
    loads = re.compile(r'<(?:script|img|iframe|source)\b[^>]*\bsrc=["\'](?:https?:)?//'
                       r'|<link\b[^>]*\bhref=["\'](?:https?:)?//'
                       r'|url\(\s*["\']?(?:https?:)?//|@import\s+["\'](?:https?:)?//', re.I)
    for file in site.html.rglob('*'):
        if file.suffix in ('.html', '.css', '.js') and file.is_file():
            found = loads.search(file.read_text(encoding='utf-8', errors='replace'))
            assert not found, f'{file.relative_to(site.html)}: {found.group(0)}'


@pytest.mark.slow
def test_no_errors_in_the_browser_console(site):
    assert site.report['console_errors'] == {}


# --- staging, without a browser ----------------------------------------------------

def test_staging_folds_the_saved_output_that_shows_an_answer():
    """01's source(hand_rank_elif) prints the whole answer of its Your turn: folded with it."""
    staged = build_site.staged_notebook(ROOT / 'notebooks' / '01-Hands-and-hand_rank.ipynb', None)
    lecture = next(c for c in staged['cells'] if text(c).endswith('source(hand_rank_elif)'))
    assert 'hide-output' in lecture['metadata']['tags'], "the lecture's hand_rank shown unfolded"
    assert lecture['metadata']['mystnb']['code_prompt_show'] == 'Show solution'
    shown = [c for c in staged['cells'] if c['cell_type'] == 'code'
             and 'hide-output' not in c.get('metadata', {}).get('tags', [])
             and any('elif kind(4, ranks):' in str(o) for o in c.get('outputs', []))]
    assert shown == []


def test_staging_folds_solutions_drops_widgets_and_fixes_links(tmp_path):
    png = 'iVBORw0KGgo='
    notebook = {
        'nbformat': 4, 'nbformat_minor': 5,
        'metadata': {'widgets': {'application/vnd.jupyter.widget-state+json': {}}},
        'cells': [
            {'cell_type': 'markdown', 'id': 'nav', 'metadata': {},
             'source': '<!--NAVIGATION-->\n[02 · Next >](02-Next.ipynb)'},
            {'cell_type': 'markdown', 'id': 'title', 'metadata': {},
             'source': '# 01 · Title\n\nSee [below](#The-ace-low-straight) and '
                       '![a figure](../assets/a.png).'},
            {'cell_type': 'code', 'id': 'solution', 'metadata': {}, 'execution_count': 1,
             'outputs': [], 'source': 'def f():\n    ### BEGIN SOLUTION\n    return 1\n'
                                      '    ### END SOLUTION'},
            {'cell_type': 'markdown', 'id': 'answer', 'metadata': {'tags': ['teacher']},
             'source': '*Expected answer:* 1'},
            {'cell_type': 'code', 'id': 'widget', 'metadata': {}, 'execution_count': 2,
             'source': 'interact(f)', 'outputs': [
                 {'output_type': 'display_data', 'metadata': {}, 'data': {
                     'application/vnd.jupyter.widget-view+json': {'model_id': 'x'},
                     'text/plain': 'interactive(...)'}},
                 {'output_type': 'display_data', 'metadata': {},
                  'data': {'image/png': png, 'text/plain': '<Figure>'}}]},
        ]}
    path = tmp_path / '01-Title.ipynb'
    path.write_text(json.dumps(notebook), encoding='utf-8')
    staged = build_site.staged_notebook(path, toctree=None)
    by_id = {c.get('id'): c for c in staged['cells']}

    assert 'widgets' not in staged['metadata']
    assert [list(out['data']) for out in by_id['widget']['outputs']] == [['image/png', 'text/plain']]
    assert 'hide-input' in by_id['solution']['metadata']['tags']
    assert by_id['solution']['metadata']['mystnb']['code_prompt_show'] == 'Show solution'
    assert by_id['answer']['source'].startswith(
        '<details class="solution">\n<summary>Show the expected answer</summary>')
    assert 'open' not in by_id['answer']['source'].split('>')[0]
    assert '](#the-ace-low-straight)' in by_id['title']['source']
    assert '](assets/a.png)' in by_id['title']['source']
    assert by_id['nav']['source'].startswith('<nav class="course-nav">')
    assert 'notebooks/01-Title.ipynb' in by_id['site-download']['source']
    assert 'notebooks/student/01-Title.ipynb' in by_id['site-download']['source']
    assert [c.get('id') for c in staged['cells']][:3] == ['nav', 'site-download', 'title']
    # The notebook itself is untouched.
    assert json.loads(path.read_text(encoding='utf-8')) == notebook


# --- the Chinese pages (zh/, from notebooks/zh/) -------------------------------------

ZH = notebooks(ROOT / 'notebooks' / 'zh')


@pytest.mark.slow
def test_every_chinese_notebook_has_its_page_in_chinese(site):
    from fontTools.ttLib import TTFont
    from pokerlib.serving.fonts import FONT
    font = TTFont(str(FONT), lazy=True).getBestCmap()
    assert [p.name for p in ZH] == [p.name for p in NOTEBOOKS]
    for path in ZH:
        page = site.pages['zh/' + page_of(path)]
        assert page['lang'] == 'zh-CN', path.name
        assert page['h1'] == heading(path) and page['title'].startswith(page['h1']), path.name
        assert len(page['chinese']) > 200, f'{path.name}: too little Chinese on its page'
        figures = sum(1 for c in cells(path) for out in c.get('outputs', [])
                      if {'image/png', 'image/jpeg'} & set(out.get('data', {})))
        assert len(page['images']) >= figures, path.name
        assert all(image['natural_width'] > 0 for image in page['images']), path.name
    for name, page in site.pages.items():
        if name.startswith('zh/'):   # no tofu: the page's font has every character shown
            assert page['chinese_font'] == ['loaded'], name
            assert not [c for c in page['chinese'] if ord(c) not in font
                        and ord(c) >= 0x2E80], f'{name}: characters the font lacks'


@pytest.mark.slow
def test_every_page_links_to_the_same_page_in_the_other_language(site):
    base = site.report['base']
    for path in NOTEBOOKS:
        name = page_of(path)
        assert base + 'zh/' + name in site.pages[name]['links'], name
        assert base + name in site.pages['zh/' + name]['links'], 'zh/' + name
    assert base + 'zh/figures.html' in site.pages['figures.html']['links']
    assert base + 'figures.html' in site.pages['zh/figures.html']['links']


@pytest.mark.slow
def test_the_line_under_each_figure_is_in_the_pages_language(site):
    """enlarge.js's line under a figure, from the site's catalog: the Chinese figures page said
    "Click the figure to open it at full size." under each of its figures."""
    said = {name: set(page['enlarge_hints']) for name, page in site.pages.items() if page['enlarge_hints']}
    assert said['figures.html'] == {build_site.SITE_TEXT['enlarge_hint']}
    assert said['zh/figures.html'] == {'点一下图，就会以原尺寸打开。'}
    assert all(hints == said['zh/figures.html'] for name, hints in said.items() if name.startswith('zh/'))


@pytest.mark.slow
def test_the_chinese_search_works_offline(site):
    found = site.report['search_zh']
    assert site.report['base'] + 'zh/' + page_of(ZH[0]) in [url.split('?')[0] for url in found]
    assert site.report['external_requests'] == []


# --- the manual (site/manual/*.md, and the Chinese pages in site/manual/zh/) ----------

MANUAL = sorted((ROOT / 'site' / 'manual').glob('*.md'))
MANUAL_ZH = sorted((ROOT / 'site' / 'manual' / 'zh').glob('*.md'))


def md_title(path) -> str:
    """A manual page's title: its first line, a '# ' heading."""
    first = path.read_text(encoding='utf-8').split('\n', 1)[0]
    assert first.startswith('# '), path
    return first[2:]


@pytest.mark.slow
def test_every_page_of_the_manual_is_on_the_site_in_its_languages(site):
    """Each page with its title, linked from every page's menu, and linked to the page in
    the other language where there is one (the Chinese pages)."""
    base = site.report['base']
    assert len(MANUAL) >= 7 and {'working.md', 'teaching.md', 'grading.md', 'classroom.md', 'library.md'} \
        <= {p.name for p in MANUAL_ZH}
    assert {p.name for p in MANUAL_ZH} <= {p.name for p in MANUAL}
    for path in MANUAL:
        page = site.pages[path.stem + '.html']
        assert page['h1'].replace('\u2019', "'") == md_title(path) and page['lang'] == 'en'
        assert {base + p.stem + '.html' for p in MANUAL if p != path} <= set(page['links']), path.name
        zh = base + 'zh/' + path.stem + '.html'
        assert (zh in page['links']) == (path.parent / 'zh' / path.name).exists(), path.name
    for path in MANUAL_ZH:
        page = site.pages['zh/' + path.stem + '.html']
        assert page['h1'] == md_title(path) and page['lang'] == 'zh-CN', path.name
        assert len(page['chinese']) > 200, f'{path.name}: too little Chinese on its page'
        assert base + path.stem + '.html' in page['links'], path.name
        assert {base + 'zh/' + p.stem + '.html' for p in MANUAL_ZH if p != path} <= set(page['links'])
    assert {base + p.stem + '.html' for p in MANUAL} <= set(site.pages[page_of(NOTEBOOKS[0])]['links'])


def test_the_manual_is_staged_with_its_menu_and_language_links(tmp_path):
    files = build_site.wanted_files(NOTEBOOKS[:2], tmp_path, 'en')
    for path in MANUAL:
        staged = files[path.name].decode()
        assert staged.startswith(path.read_text(encoding='utf-8').split('\n', 1)[0])
        assert ('href="zh/' + path.stem + '.html"' in staged) == (path.parent / 'zh' / path.name).exists()
    contents = json.loads(files[NOTEBOOKS[0].name])['cells'][-1]['source']
    assert ':caption: The manual' in contents and all(p.stem in contents for p in MANUAL)
    zh = build_site.wanted_files(NOTEBOOKS[:2], tmp_path, 'zh_CN')
    assert {name for name in zh if name.endswith('.md') and name != 'figures.md'} \
        == {p.name for p in MANUAL_ZH}
    assert ':caption: 手册' in json.loads(zh[NOTEBOOKS[0].name])['cells'][-1]['source']


@pytest.mark.slow
def test_no_page_scrolls_sideways_on_a_phone(site):
    """At 390 px (a phone), every page, the manual's included, is as wide as the screen: a
    table or a code block scrolls in its own box, a long path in the text breaks."""
    phone = site.report['phone']
    assert phone and all(p['width'] <= 400 for p in phone.values()), phone
    wide = {name: p['scroll'] for name, p in phone.items() if p['scroll'] > p['width']}
    assert not wide, f'these pages scroll sideways at {next(iter(phone.values()))["width"]} px: {wide}'
