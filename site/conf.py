"""Sphinx configuration of the course's website (built by `make site`).

tools/build_site.py stages the committed notebooks in build/site/src and
runs Sphinx on them (``python -m sphinx``, from the repository's root, so
that the extensions in tools/ import) with this folder as the configuration
directory. Nothing is executed, and nothing in the built pages comes from
another host: the theme's fonts and icons are bundled with it, and the maths
is turned into MathML while building (tools/mathml.py), which the browser
draws by itself.
"""

project = "Norvig's poker program, step by step"
html_title = project

root_doc = '00-Contents'   # the contents notebook; build_site.py passes the name it finds
extensions = ['myst_nb', 'tools.mathml', 'tools.zhsearch']   # zhsearch: the Chinese pages' search
exclude_patterns = ['_build', '**.ipynb_checkpoints', 'assets']

# The notebooks are committed with their outputs: show those, never re-run.
nb_execution_mode = 'off'
nb_merge_streams = True
# No ipywidgets JavaScript (myst-nb would load it from a CDN): widget outputs are
# dropped when staging, and a page must work without the network.
nb_ipywidgets_js = {}
# The notebooks' `$...$` is maths, as in Jupyter.
myst_enable_extensions = ['dollarmath', 'amsmath']
myst_heading_anchors = 6   # ids for headings, so that links to them resolve

html_theme = 'sphinx_book_theme'
html_theme_options = {
    'home_page_in_toc': True,
    'use_download_button': False,   # each page links to the notebook as committed instead
    'use_fullscreen_button': True,
    'show_navbar_depth': 1,
    'navigation_with_keys': False,
    'show_prev_next': False,        # each notebook has its own navigation lines
    'footer_content_items': ['extra-footer.html'],   # the footer in the page's language:
    # course_footer, which tools/build_site.py passes (SITE_TEXT['footer'], translated)
    'navbar_persistent': [],        # the search box is in the sidebar already
}
html_context = {'default_mode': 'light'}   # readable on a projector; the reader may switch
html_use_index = False
html_favicon = '_static/favicon.svg'
templates_path = ['_templates']
html_additional_pages = {'index': 'index.html'}   # a redirect to the contents page
html_static_path = ['_static']
html_css_files = ['course.css']
html_js_files = ['enlarge.js',   # a click on a figure opens it at full size
                 'a11y.js']      # names and landmarks for screen readers (see the file)
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None
html_math_renderer = 'mathml'
html_baseurl = ''   # no canonical URL: the site may be served from anywhere, or from a folder
