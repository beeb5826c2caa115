"""The course in Chinese: catalogs beside the English, and the Chinese notebooks made from them.

    .venv-site/bin/python -m tools.translate update     # `make translations`, step 1
    .venv-site/bin/python -m tools.translate generate   # write notebooks/zh/ from the catalogs
    .venv-site/bin/python -m tools.translate check      # exit 1 if a translation is missing,
                                                        # fuzzy or stale, a Chinese character
                                                        # is not in the course's font, or a
                                                        # word is not the glossary's
                                                        # (tools/glossary.py); names each one
    .venv-site/bin/python -m tools.translate stats      # the catalogs' sizes

The English teacher's edition (notebooks/NN-*.ipynb) is the one source. Its
prose is translated through gettext catalogs in locale/zh_CN/LC_MESSAGES/:

- one catalog per notebook (``01-Hands-and-hand_rank.po``...), made by
  Sphinx's gettext builder, which with myst-nb extracts one entry per
  paragraph, list item, heading and table cell of each markdown cell, and
  brought up to date by sphinx-intl, which keeps every translation whose
  English is unchanged, marks the ones whose English changed ``fuzzy`` and
  adds the new ones empty;
- ``code.po``: the comments and docstrings of the code cells, the string
  literals of words that the cells outside Your turn show (an f-string's
  translation is the literal written in its place: the same fields, other
  words), and the comment of the line that switches a Chinese notebook to
  Chinese (extracted here, merged by sphinx-intl in the same way). The
  lecture's own code stays as the lecture wrote it: its entries are
  translated as themselves;
- ``site.po``: the website's own words (tools/build_site.py's SITE_TEXT),
  compiled to ``site.mo``, which the site's build reads with the standard
  library's gettext;
- the library's own messages (pokerlib/locale/zh_CN/LC_MESSAGES/pokerlib.po,
  see pokerlib/i18n.py), the editions' words (pokerlib/serving/editions.py) among
  them, extracted with Babel (babel.cfg) and compiled to the ``.mo`` the
  library reads.

``generate`` writes the Chinese teacher's edition, notebooks/zh/NN-*.ipynb:
every markdown paragraph, list item, heading and table cell replaced by its
translation, code unchanged except its comments, docstrings and strings of
words (code.po), and a first code line that switches the library to Chinese.
A figure the notebook shows from assets/ is shown from assets/zh/, the same
figure with Chinese titles and labels (``python -m pokerlib.figures`` with the
library in Chinese). ``make translations`` runs update, generate, remakes
assets/zh/ and then executes the Chinese notebooks, which are committed with
their outputs like the English ones.
"""

import argparse
import ast
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize
from pathlib import Path

import polib
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from markdown_it.renderer import RendererHTML
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers.mdit import create_md_parser

from pokerlib.serving import editions

from . import glossary
from .build_site import DOMAIN as SITE_DOMAIN
from .build_site import SITE_TEXT
from .cjkfont import FONT, NoLanguagePack, missing_glyphs, update_font
from .nav import NAV, NOTEBOOKS, ROOT, load, notebooks, source

LANGUAGE = 'zh_CN'
LOCALE = ROOT / 'locale'
CATALOGS = LOCALE / LANGUAGE / 'LC_MESSAGES'
ZH = NOTEBOOKS / 'zh'
CODE_DOMAIN = 'code'
LIBRARY = ROOT / 'pokerlib'
LIBRARY_LOCALE = LIBRARY / 'locale'
SITE_CONF = ROOT / 'site'
COMPILED = [CATALOGS / f'{SITE_DOMAIN}.po', LIBRARY_LOCALE / LANGUAGE / 'LC_MESSAGES' / 'pokerlib.po']
"""The catalogs read at run time, compiled to .mo: the website's words and the library's."""
SWITCH = "from pokerlib.i18n import set_language; set_language('zh_CN')   # {comment}"
"""The first code line of every Chinese notebook: the library speaks Chinese."""
SWITCH_COMMENT = "change it to set_language('en') and the library speaks English again"
"""The switch line's comment, in English (code.po has it in Chinese)."""
OTHER_LANGUAGE = '[English]({name})'

MD = create_md_parser(MdParserConfig(enable_extensions={'dollarmath', 'amsmath'}), RendererHTML)


# ---------------------------------------------------------------------------
# Extracting the English.

def message(text: str) -> str:
    """A paragraph's entry as Sphinx's gettext builder writes it: one line, stripped."""
    return text.replace('\n', ' ').strip()


def extract_prose(potdir: Path, folder: Path = NOTEBOOKS) -> None:
    """One .pot per notebook in potdir, by Sphinx's gettext builder (with myst-nb)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / 'src'
        src.mkdir()
        paths = notebooks(folder)
        for path in paths:
            shutil.copyfile(path, src / path.name)
        subprocess.run([sys.executable, '-m', 'sphinx', '-b', 'gettext', '-q', '-c', str(SITE_CONF),
                        '-D', f'root_doc={paths[0].stem}', '-D', 'gettext_compact=0',
                        '-D', 'gettext_uuid=0', '-D', 'gettext_last_translator=',
                        '-d', str(Path(tmp) / 'doctrees'), str(src), str(potdir)],
                       check=True, stderr=subprocess.DEVNULL, cwd=ROOT)   # conf.py names tools.mathml
    for pot in potdir.glob('*.pot'):    # locations relative to the notebooks, not to a temporary folder
        text = pot.read_text(encoding='utf-8')
        pot.write_text(re.sub(r'#: \S*?/src/', '#: notebooks/', text), encoding='utf-8')


def your_turn_cells(nb):
    """(index, cell) of each Your turn cell: a code cell with a solution region."""
    return [(k, c) for k, c in enumerate(nb['cells'])
            if c['cell_type'] == 'code' and editions.SOLUTION_LINE.search(source(c))]


WORDS = re.compile(r'[A-Za-z]+[ -][A-Za-z]{2,}')
"""Two words in a row ('p-value' counts): a string literal that holds them is shown to a
reader (an f-string needs one word)."""
CARDS = re.compile(r'\s*(?:[0-9TJQKA?][SHDCBR]\s*)+')
"""A string of cards ('AS KH 9D'), which stays as it is."""


def _shown_strings(tree, code: str, at) -> list:
    """('string', source, start, end) of each string literal outside a docstring that holds
    words for a reader (an f-string whole): its translation replaces its source."""
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.body
            and isinstance(node.body[0], ast.Expr)}
    inner = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
             for part in ast.walk(node) if part is not node}
    found = []
    for node in ast.walk(tree):
        if id(node) in docs or id(node) in inner:
            continue
        if isinstance(node, ast.JoinedStr):     # an f-string: one word is enough
            words = ' '.join(p.value for p in node.values if isinstance(p, ast.Constant))
            if not re.search('[A-Za-z]{2,}', words):
                continue
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = node.value
            if not WORDS.search(words) or '/' in words:     # not a path
                continue
        else:
            continue
        if not CARDS.fullmatch(words) and not words.startswith('<'):
            start, end = at(node.lineno, node.col_offset), at(node.end_lineno, node.end_col_offset)
            found.append(('string', code[start:end], start, end))
    return found


def code_texts(code: str, strings: bool = False):
    """(kind, text, start, end) of each comment and docstring a reader of the code sees,
    and with strings=True each string literal that holds words (see _shown_strings).

    start and end are offsets in code of the comment's text (after '# ') or of
    the whole string literal of the docstring or string.
    """
    lines = code.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def at(lineno, col):          # ast's column is in UTF-8 bytes
        return offsets[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())

    found = []
    try:
        tree = ast.parse(code)
    except SyntaxError:           # a cell with IPython's %magic: its comments only
        tree = ast.Module(body=[], type_ignores=[])
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        if tok.type == tokenize.COMMENT:
            body = tok.string.lstrip('#').strip()
            if body and not re.fullmatch(r'#+ (BEGIN|END) SOLUTION', tok.string.strip()):
                start = offsets[tok.start[0] - 1] + tok.start[1]
                skip = len(tok.string) - len(tok.string.lstrip('#').lstrip())
                found.append(('comment', body, start + skip, start + len(tok.string)))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                v = first.value
                found.append(('docstring', v.value, at(v.lineno, v.col_offset),
                              at(v.end_lineno, v.end_col_offset)))
    if strings:
        found += _shown_strings(tree, code, at)
    return sorted(found, key=lambda f: f[2])


def extract_code(potdir: Path, folder: Path = NOTEBOOKS) -> None:
    """code.pot: the comments and docstrings of the code cells, the strings of words of
    the cells outside Your turn (see _shown_strings), and the switch line's comment.

    The lecture's own code stays as the lecture wrote it: its entries are
    translated as themselves."""
    catalog = Catalog(project='pokerlib course', fuzzy=False, charset='utf-8')
    for path in notebooks(folder):
        nb = load(path)
        turn = {k for k, _ in your_turn_cells(nb)}
        for k, cell in enumerate(nb['cells']):
            if cell['cell_type'] != 'code':
                continue
            for kind, text, _, _ in code_texts(source(cell), strings=k not in turn):
                catalog.add(text, locations=[(f'notebooks/{path.name}', k)],
                            auto_comments=[kind])
    catalog.add(SWITCH_COMMENT, locations=[('tools/translate.py', 0)],
                auto_comments=["the comment of every Chinese notebook's first code line"])
    with open(potdir / f'{CODE_DOMAIN}.pot', 'wb') as out:
        write_po(out, catalog, width=76, omit_header=False)


def extract_library(potdir: Path) -> Path:
    """pokerlib.pot: every _('...') and N_('...') of the library, and what course.py says, by
    Babel (babel.cfg)."""
    library_pot = potdir / 'pokerlib.pot'
    # course.py too: what it says (say('...'), N_('...')) before the library is installed.
    run(Path(sys.executable).parent / 'pybabel', '-q', 'extract', '-F', ROOT / 'babel.cfg',
        '-k', '_', '-k', 'N_', '-k', 'say', '--no-wrap', '--sort-by-file', '--project', 'pokerlib',
        '-o', library_pot, 'pokerlib', 'course.py')
    return library_pot


def extract_site(potdir: Path) -> None:
    """site.pot: the website's own words (tools/build_site.py's SITE_TEXT)."""
    catalog = Catalog(project='pokerlib course', fuzzy=False, charset='utf-8')
    for key, text in SITE_TEXT.items():
        catalog.add(text, locations=[('tools/build_site.py', 0)], auto_comments=[key])
    with open(potdir / f'{SITE_DOMAIN}.pot', 'wb') as out:
        write_po(out, catalog, width=76, omit_header=False)


# ---------------------------------------------------------------------------
# Updating the catalogs (`make translations`).

def run(*command):
    subprocess.run([str(c) for c in command], check=True, cwd=ROOT)


def update() -> None:
    """Bring every catalog up to date with the English, and compile the .mo files."""
    bindir = Path(sys.executable).parent
    with tempfile.TemporaryDirectory() as tmp:
        pot = Path(tmp)
        extract_prose(pot)
        extract_code(pot)
        extract_site(pot)
        # keeps what is unchanged, marks what changed fuzzy, adds what is new
        run(bindir / 'sphinx-intl', 'update', '-p', pot, '-d', LOCALE, '-l', LANGUAGE, '-w', '0')
        library_pot = extract_library(pot)
        po = LIBRARY_LOCALE / LANGUAGE / 'LC_MESSAGES' / 'pokerlib.po'
        verb = 'update' if po.exists() else 'init'
        run(bindir / 'pybabel', '-q', verb, '-D', 'pokerlib', '-i', library_pot, '-d', LIBRARY_LOCALE,
            '-l', LANGUAGE, '--no-wrap', *(['--ignore-obsolete'] if verb == 'update' else []))
    compile_catalogs()
    update_font()


def compile_catalogs() -> None:
    """The .mo files the students' environment reads (fuzzy entries left out, as gettext does)."""
    for po_path in COMPILED:
        if po_path.exists():
            po = polib.pofile(str(po_path))
            po.save_as_mofile(str(po_path.with_suffix('.mo')))


# ---------------------------------------------------------------------------
# Reading the catalogs.

def translations(po_path: Path) -> dict:
    """msgid -> msgstr of every entry translated and not fuzzy."""
    if not po_path.exists():
        return {}
    return {e.msgid: e.msgstr for e in polib.pofile(str(po_path))
            if e.translated() and not e.obsolete}


def stats() -> list:
    """(catalog, entries, translated, fuzzy) of each catalog."""
    rows = []
    for po_path in (sorted(CATALOGS.glob('*.po')) + sorted(LIBRARY_LOCALE.glob('*/LC_MESSAGES/*.po'))
                    + sorted((ROOT / 'classroom' / 'locale').glob('*/LC_MESSAGES/*.po'))):
        po = polib.pofile(str(po_path))
        live = [e for e in po if not e.obsolete]
        rows.append((po_path.relative_to(ROOT).as_posix(), len(live),
                     sum(e.translated() for e in live), sum('fuzzy' in e.flags for e in live)))
    return rows


# ---------------------------------------------------------------------------
# Writing the Chinese notebooks.

def translate_markdown(text: str, table: dict, missing: list) -> str:
    """The markdown with each paragraph, list item, heading and table cell translated.

    Lines that hold no translatable text (blank lines, a table's separator,
    HTML, maths blocks) stay as they are; a paragraph whose entry has no
    translation stays in English and is added to missing.
    """
    lines = text.split('\n')
    tokens = MD.parse(text)
    replace = {}          # first line -> (last line + 1, new lines)

    def look(content):
        key = message(content)
        if key in table:
            return table[key]
        missing.append(key)
        return content

    k = 0
    while k < len(tokens):
        tok = tokens[k]
        if tok.type == 'tr_open':
            cells, j = [], k + 1
            while tokens[j].type != 'tr_close':
                if tokens[j].type == 'inline':
                    cells.append(look(tokens[j].content).replace('|', r'\|')
                                 if tokens[j].content.strip() else '')
                j += 1
            start, end = tok.map
            indent = lines[start][:len(lines[start]) - len(lines[start].lstrip())]
            replace[start] = (end, [indent + '| ' + ' | '.join(cells) + ' |'])
            k = j
        elif tok.type == 'inline' and tokens[k - 1].type in ('paragraph_open', 'heading_open') \
                and tok.map and tok.content.strip():
            start, end = tok.map
            first = tok.content.split('\n')[0]
            at = lines[start].find(first)
            prefix = lines[start][:at] if at >= 0 else ''
            new = look(tok.content)
            if new is not tok.content:
                replace[start] = (end, [prefix + new])
        k += 1
    out, n = [], 0
    while n < len(lines):
        if n in replace:
            end, new = replace[n]
            out += new
            n = end
        else:
            out.append(lines[n])
            n += 1
    return '\n'.join(out)


def quoted(original: str, text: str) -> str:
    """text as a string literal in the style of the literal original."""
    prefix = re.match(r'[rRuU]*', original).group()
    quote = original[len(prefix):][:3] if original[len(prefix):][:3] in ('"""', "'''") \
        else original[len(prefix)]
    if '\n' in text and len(quote) == 1:
        quote = quote * 3
    return prefix + quote + text + quote


def translate_code(code: str, table: dict, missing: list, strings: bool = False) -> str:
    """The code with its comments and docstrings translated (and its strings of words,
    with strings=True: a string's translation is the literal to write in its place)."""
    out, last = [], 0
    for kind, text, start, end in code_texts(code, strings):
        if text not in table:
            missing.append(text)
            continue
        out.append(code[last:start])
        out.append(table[text] if kind in ('comment', 'string')
                   else quoted(code[start:end], table[text]))
        last = end
    return ''.join(out) + code[last:]


def switch_line(code: dict, missing: list) -> str:
    """The first code line of a Chinese notebook, its comment translated from code.po."""
    if SWITCH_COMMENT not in code:
        missing.append(SWITCH_COMMENT)
    return SWITCH.format(comment=code.get(SWITCH_COMMENT, SWITCH_COMMENT))


def chinese_notebook(path: Path, prose: dict, code: dict, missing: list) -> dict:
    """The Chinese teacher's edition of the English notebook at path, without outputs.

    Outputs are left as they were in an existing Chinese notebook whose code is
    the same, so generating again changes nothing that need not change.
    """
    nb = load(path)
    cells, switched = [], False
    turn = {k for k, _ in your_turn_cells(nb)}
    for k, cell in enumerate(nb['cells']):
        cell = dict(cell, source=source(cell))
        if cell['cell_type'] == 'markdown':
            cell['source'] = translate_markdown(cell['source'], prose, missing)
            if k == 0 and cell['source'].startswith(NAV):
                cell['source'] += ' | ' + OTHER_LANGUAGE.format(name=f'../{path.name}')
        elif cell['cell_type'] == 'code':
            cell['source'] = cell['source'].replace("ASSETS / '", "ASSETS / 'zh' / '")
            cell['source'] = translate_code(cell['source'], code, missing, strings=k not in turn)
            if not switched:
                cells.append({'cell_type': 'code', 'execution_count': None, 'id': 'language',
                              'metadata': {}, 'outputs': [],
                              'source': switch_line(code, missing)})
                switched = True
        cells.append(cell)
    return dict(nb, cells=cells)


def keep_outputs(new: dict, old_path: Path) -> dict:
    """new with the outputs of the notebook at old_path wherever a code cell is unchanged."""
    if not old_path.exists():
        return new
    old = {c.get('id'): c for c in load(old_path)['cells']}
    for cell in new['cells']:
        before = old.get(cell.get('id'))
        if cell['cell_type'] == 'code' and before and source(before) == cell['source']:
            cell['outputs'] = before.get('outputs', [])
            cell['execution_count'] = before.get('execution_count')
    return new


def as_file(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False) + '\n'


def generated(folder: Path = NOTEBOOKS, zh: Path = ZH):
    """{name: notebook} of the Chinese teacher's edition, and the entries left in English."""
    code = translations(CATALOGS / f'{CODE_DOMAIN}.po')
    out, missing = {}, {}
    for path in notebooks(folder):
        lost = []
        nb = chinese_notebook(path, translations(CATALOGS / f'{path.stem}.po'), code, lost)
        out[path.name] = keep_outputs(nb, zh / path.name)
        if lost:
            missing[path.name] = lost
    return out, missing


def generate(folder: Path = NOTEBOOKS, zh: Path = ZH) -> dict:
    """Write the Chinese teacher's edition into zh; return the entries left in English."""
    zh.mkdir(parents=True, exist_ok=True)
    out, missing = generated(folder, zh)
    for name, nb in out.items():
        target = zh / name
        if not target.exists() or target.read_text(encoding='utf-8') != as_file(nb):
            target.write_text(as_file(nb), encoding='utf-8')
    for old in notebooks(zh):
        if old.name not in out:
            old.unlink()
    if (folder / 'data').is_dir():
        shutil.copytree(folder / 'data', zh / 'data', dirs_exist_ok=True)
    return missing


# ---------------------------------------------------------------------------
# The sync check.

def where(entry: polib.POEntry) -> str:
    """'cell 15' for an entry that Sphinx found at line 150004 of a notebook."""
    cells = sorted({int(line) // 10000 for _, line in entry.occurrences if str(line).isdigit()})
    return ('cell ' + ', '.join(map(str, cells))) if cells else ''


def problems() -> list:
    """Each English text whose Chinese is missing, fuzzy or stale, in words; [] if none."""
    found = []
    with tempfile.TemporaryDirectory() as tmp:
        pot = Path(tmp)
        extract_prose(pot)
        extract_code(pot)
        extract_site(pot)
        (Path(tmp) / 'library').mkdir()
        library = extract_library(Path(tmp) / 'library')
        for template in sorted(pot.glob('*.pot')) + [library]:
            po_path = (LIBRARY_LOCALE / LANGUAGE / 'LC_MESSAGES' / 'pokerlib.po' if template == library
                       else CATALOGS / f'{template.stem}.po')
            done = {e.msgid: e for e in polib.pofile(str(po_path))} if po_path.exists() else {}
            name = (f'{template.stem}.po' if template.stem in (CODE_DOMAIN, SITE_DOMAIN, 'pokerlib')
                    else f'{template.stem}.ipynb')
            for entry in polib.pofile(str(template)):
                have = done.get(entry.msgid)
                state = ('new, not in the catalog' if have is None or have.obsolete else
                         'fuzzy (its English changed)' if 'fuzzy' in have.flags else
                         'not translated' if not have.msgstr else None)
                if state:
                    short = entry.msgid if len(entry.msgid) <= 90 else entry.msgid[:87] + '...'
                    place = (':'.join(entry.occurrences[0]) if template == library
                             else where(entry) or entry.occurrences[0][0])
                    found.append(f'{name} {place}: '
                                 f'{state}: "{short}"')
    out, _ = generated()
    for name, nb in out.items():
        target = ZH / name
        fresh = [(c['cell_type'], c['source']) for c in nb['cells']]
        if not target.exists():
            found.append(f'notebooks/zh/{name} is missing: run make translations')
        elif [(c['cell_type'], source(c)) for c in load(target)['cells']] != fresh:
            found.append(f'notebooks/zh/{name} is older than the catalogs: run make translations')
    for po_path in COMPILED:
        mo = po_path.with_suffix('.mo')
        if po_path.exists() and (not mo.exists() or polib.mofile(str(mo)).to_binary()
                                 != _compiled(po_path)):
            found.append(f'{mo.relative_to(ROOT)} is older than its .po: run make translations')
    try:
        lacking = missing_glyphs()
    except NoLanguagePack as error:
        found.append(f'{FONT.relative_to(ROOT)}: cannot check JupyterLab\'s Chinese: {error}')
    else:
        if lacking:
            found.append(f'{FONT.relative_to(ROOT)} cannot draw {len(lacking)} characters of the '
                         f'Chinese a class sees (the catalogs, the manual, JupyterLab\'s language pack) '
                         f'({"".join(sorted(lacking)[:10])}...): run make translations')
    return found + glossary.problems()


def _compiled(po_path: Path) -> bytes:
    po = polib.pofile(str(po_path))
    with tempfile.NamedTemporaryFile(suffix='.mo') as tmp:
        po.save_as_mofile(tmp.name)
        return polib.mofile(tmp.name).to_binary()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('command', choices=['update', 'generate', 'check', 'stats'])
    args = parser.parse_args(argv)
    if args.command == 'update':
        update()
    if args.command in ('update', 'generate'):
        missing = generate()
        for name, lost in missing.items():
            print(f'{name}: {len(lost)} entries still in English (translate them in '
                  f'locale/{LANGUAGE}/LC_MESSAGES/{Path(name).stem}.po)')
    if args.command in ('update', 'stats'):
        for row in stats():
            print('{}: {} entries, {} translated, {} fuzzy'.format(*row))
    if args.command == 'check':
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    return 0


if __name__ == '__main__':
    sys.exit(main())
