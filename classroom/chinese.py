"""The class in Chinese (CLASSROOM_LANGUAGE=zh_CN): the hub's pages and the students' JupyterLab.

(The course's font goes to every class's JupyterLab: the English edition has
Chinese too, in 00's glossary.)

Most machines have no CJK font, so everything Chinese the class shows is
drawn in the course's own font (``pokerlib.serving.fonts``), served by the hub and by
each student's server, as ``make lab-zh`` does on a student's own machine:

- the students' JupyterLab: the language pack (jupyterlab-language-pack-zh-CN,
  pinned in requirements.txt, which the hub's requirements include) chosen as
  the default language in a settings folder of its own (a sibling of the
  venv's ``share/jupyter/lab/settings``, with the course's overrides as well),
  the course's font and its ``custom.css`` in the course's config folder
  (``etc/jupyter-course/custom``, as make lab and make lab-zh), and ``LANGUAGE=zh_CN`` for the
  programs that ask gettext. A student may still choose another language in
  JupyterLab's Settings menu: that is her own setting, kept in her home.
- the teacher's gradebook (gradebook.py): its page's units (headings,
  paragraphs, buttons) through the same catalog (``page_for``), the font
  served beside it;
- the hub's pages (login, the students' home page): the templates of
  ``templates-zh/`` (beside this file) extend JupyterHub's own and say every
  word through the class server's catalog (``locale/zh_CN/LC_MESSAGES/
  classroom.po``, extracted with ``babel.cfg``); the font is served from the
  hub's static files.

The folders are written into the hub's venv when the hub starts (read-only
for the students' sandboxes, which see that venv).

>>> translated('zh_CN')('Sign in'), translated('en')('Sign in')
('登录', 'Sign in')
"""

import gettext
import json
import re
from pathlib import Path

from pokerlib.serving.fonts import FAMILY, FONT, lab_font
from pokerlib.i18n import DOMAIN as LIBRARY_DOMAIN, LOCALE_DIR as LIBRARY_LOCALE, N_

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / 'templates-zh'
LOCALE = {'@jupyterlab/translation-extension:plugin': {'locale': 'zh_CN'}}
"""JupyterLab's setting that chooses its interface's language (the language pack's)."""
ANNOUNCEMENT = N_('Your name and the password your teacher gave you.')
"""The login page's announcement."""
SHOWN = (N_('gradebook'), N_('follow'), N_('Invalid username or password'))
"""Words the templates translate that come from JupyterHub: a service's name, the login's error."""
STATUSES = {400: N_('Bad Request'), 401: N_('Unauthorized'), 403: N_('Forbidden'),
            404: N_('Not Found'), 405: N_('Method Not Allowed'), 429: N_('Too Many Requests'),
            500: N_('Internal Server Error'), 502: N_('Bad Gateway'),
            503: N_('Service Unavailable'), 504: N_('Gateway Timeout')}
"""The statuses of the hub's error pages (error.html), for the page that JupyterHub gives no
status word (its own "not found" says None)."""
MESSAGES = {re.compile(r'You do not have permission to access JupyterHub service ([\w-]+)'):
            N_('You may not open this page ({service}): it is the teacher\'s.')}
"""JupyterHub's messages an error page shows a class (a student opening the gradebook), each
with the fields it is said with: error.html says them through ``said``."""


def said(message, tr) -> str:
    """JupyterHub's message in the class's language: one of MESSAGES, or the catalog's.

    >>> said('You do not have permission to access JupyterHub service gradebook', translated('zh_CN'))
    '你不能打开这个页面（成绩册）：它是老师的。'
    >>> said('Forbidden', str)
    'Forbidden'
    """
    for pattern, template in MESSAGES.items():
        if found := pattern.fullmatch(str(message).strip()):
            return tr(template).format(service=tr(found.group(1)))
    return tr(message)
DOMAIN = 'classroom'
LOCALE_DIR = HERE / 'locale'


class Refusal(ValueError):
    """A setting or a class list the hub refuses: one line for the teacher, in the class's language.

    The message is a template (marked N_ for the classroom catalog) and its fields, so
    that it is said in the class's language where the hub knows it (``say``).

    >>> e = Refusal(N_('{key}={text} is not a whole number'), key='CLASSROOM_PORT', text="'x'")
    >>> str(e), e.say(translated('zh_CN'))
    ("CLASSROOM_PORT='x' is not a whole number", "CLASSROOM_PORT='x' 不是整数")
    """

    def __init__(self, template, **fields):
        super().__init__(template.format(**fields))
        self.template, self.fields = template, fields

    def say(self, tr) -> str:
        return tr(self.template).format(**self.fields)


def translated(language):
    """The gettext function of the class's language (for the templates: ``tr``): the class
    server's catalog, then the library's (a verdict's words are the library's: pokerlib.verdicts)."""
    words = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    words.add_fallback(gettext.translation(LIBRARY_DOMAIN, LIBRARY_LOCALE, languages=[language],
                                           fallback=True))
    return words.gettext


def lab_folders(venv) -> dict:
    """Write the Chinese JupyterLab's settings and config folders into venv; return their paths.

    settings: overrides.json, the course's overrides (the venv's own
    ``share/jupyter/lab/settings/overrides.json``) with the language added;
    config: custom/ with the course's font and its custom.css.
    """
    venv = Path(venv)
    config = font_folder(venv)
    lab = venv / 'share' / 'jupyter' / 'lab'
    course = lab / 'settings' / 'overrides.json'
    overrides = json.loads(course.read_text(encoding='utf-8')) if course.exists() else {}
    settings = lab / 'settings-zh'    # a sibling of settings/: JupyterLab finds its app beside it
    settings.mkdir(parents=True, exist_ok=True)
    (settings / 'overrides.json').write_text(json.dumps({**overrides, **LOCALE}, indent=2),
                                             encoding='utf-8')
    return {'settings': settings, 'config': config}


def font_folder(venv) -> Path:
    """JupyterLab's config folder with the course's font and custom.css (custom/), written in venv."""
    config = Path(venv) / 'etc' / 'jupyter-course'
    lab_font(config / 'custom')
    # jupyter_core copies a student's old ~/.ipython config into the config folder once, and
    # marks it done there: in her sandbox the venv is read-only, so her server would fail to
    # start once her kernel has made ~/.ipython. Marked done here: nothing to copy, ever.
    (config / 'migrated').touch()
    return config


def hub_font(static) -> Path:
    """Put the course's font into the hub's static folder (static/pokerlib/); return its path."""
    folder = Path(static) / 'pokerlib'
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / FONT.name
    if not target.exists() or target.read_bytes() != FONT.read_bytes():
        target.write_bytes(FONT.read_bytes())
    return target


def configure(c, language, venv) -> None:
    """Set the hub's config c for a class in language: the font for every class, the rest in Chinese."""
    c.Spawner.args = list(c.Spawner.args) + ['--LabApp.custom_css=True']
    c.Spawner.environment = dict(c.Spawner.environment, JUPYTER_CONFIG_DIR=str(font_folder(venv)))
    if language != 'zh_CN':
        return
    folders = lab_folders(venv)
    c.Spawner.args.append(f'--LabApp.app_settings_dir={folders["settings"]}')
    c.Spawner.environment['LANGUAGE'] = 'zh_CN'
    hub_pages(c, language, Path(venv) / 'share' / 'jupyterhub' / 'static')


def hub_static() -> Path:
    """The static folder of the JupyterHub this Python runs (its share/jupyterhub/static)."""
    from jupyterhub._data import DATA_FILES_PATH
    return Path(DATA_FILES_PATH) / 'static'


def hub_pages(c, language, static=None) -> None:
    """The hub's own pages (login, home, errors) in language: in Chinese, the templates of
    templates-zh/ through the class's catalog and the course's font in the hub's static folder
    (static, by default hub_static()); in English, JupyterHub's own. The one machine's hub
    (configure) and the chart's (deploy/kubernetes/department.py) both call it."""
    if language != 'zh_CN':
        return
    hub_font(static if static is not None else hub_static())
    c.JupyterHub.template_paths = [str(TEMPLATES)]
    tr = translated(language)
    # JupyterHub calls a callable of template_vars with the user and passes what it returns:
    # hence a function that returns tr (the templates call it tr, as `_` is taken).
    before = c.JupyterHub.template_vars     # a dict where set, else traitlets' lazy value
    before = dict(before) if isinstance(before, dict) else {}
    c.JupyterHub.template_vars = dict(before, tr=lambda user: tr,
                                      said=lambda user: lambda message: said(message, tr),
                                      font_family=FAMILY, announcement_login=tr(ANNOUNCEMENT),
                                      statuses=STATUSES)


UNIT = re.compile(r'(<(h1|h2|h3|p|button|li|title)\b[^>]*>)(.*?)(</\2>)', re.S)
"""A unit of a page to translate: the inside of a heading, paragraph, button, item or title."""


def units(page) -> list:
    """The page's texts to translate: each unit's inside (its inline tags and {fields} kept),
    those with words in them only.

    >>> units('<h1>Gradebook</h1><p class="note">{status}</p><p>A <b>bold</b> {n}.</p>')
    ['Gradebook', 'A <b>bold</b> {n}.']
    """
    found = []
    for match in UNIT.finditer(page):
        inside = match.group(3)
        if re.search(r'[A-Za-z]', re.sub(r'<[^>]*>|\{\w*\}', '', inside)) and inside not in found:
            found.append(inside)
    return found


def translate_page(page, tr) -> str:
    """The page with each unit's inside through tr (a unit with no translation stays as it is).

    >>> translate_page('<h1>Gradebook</h1><p>{n} Nobody.</p>', translated('zh_CN'))
    '<h1>成绩册</h1><p>{n} Nobody.</p>'
    """
    def one(match):
        inside = match.group(3)
        return match.group(1) + (tr(inside) if inside in units(match.group(0)) else inside) + match.group(4)
    return UNIT.sub(one, page)


FONT_STYLE = ('<style>@font-face {{ font-family: "{family}"; font-weight: 400; '
              'src: url("{url}") format("opentype"); '
              'unicode-range: U+3000-303F, U+3400-4DBF, U+4E00-9FFF, U+FF00-FFEF; }}\n'
              'body, button, input, select {{ font-family: "{family}", system-ui, sans-serif; }}\n'
              'pre, code {{ font-family: "{family}", ui-monospace, monospace !important; }}</style>')
"""The course's font for a page of the class server (the font served at url): first, for its
Chinese only (its unicode-range), so that the page's own fonts draw the rest."""


def page_for(page, language, font_url=FONT.name) -> str:
    """A page of the class server (the gradebook's, a str.format template) in language: its
    units translated, its lang, and the course's font (served at font_url) for its Chinese;
    in English, as it is.

    >>> print(page_for('<html lang="en"><head><title>Gradebook</title></head>', 'zh_CN')[:43])
    <html lang="zh-CN"><head><title>成绩册</title>
    """
    if language != 'zh_CN':
        return page
    page = translate_page(page, translated(language)).replace('<html lang="en">', '<html lang="zh-CN">', 1)
    style = FONT_STYLE.format(family=FAMILY, url=font_url).replace('{', '{{').replace('}', '}}')
    return page.replace('</head>', style + '</head>', 1)   # braces doubled: the page is a format string
