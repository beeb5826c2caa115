"""Sphinx extension: typeset the maths while building, as MathML.

The notebooks' `$...$` and `$$...$$` become MathML, which browsers draw
themselves, so a page needs no maths library, from the network or bundled.
Select it with ``html_math_renderer = 'mathml'``. A formula latex2mathml
cannot read stays as its TeX source, in a ``<code class="math-raw">`` box,
with a build warning naming it.
"""

import html

from docutils import nodes
from latex2mathml.converter import convert
from sphinx.util import logging

logger = logging.getLogger(__name__)

# TeX's `{,}` is a comma with no space after it (2{,}598{,}960); latex2mathml
# gives it an operator's spacing, so take that off again.
GROUPED_COMMA = '<mrow><mo>&#x0002C;</mo></mrow>'
TIGHT_COMMA = '<mo lspace="0" rspace="0">&#x0002C;</mo>'


def to_mathml(latex: str, display: str, node) -> str:
    """MathML for a formula, or its TeX in a code box if it cannot be read."""
    try:
        mathml = convert(latex, display=display)
    except Exception as error:   # latex2mathml raises many kinds of errors
        logger.warning('cannot typeset %r as MathML: %s', latex, error,
                       location=node, type='mathml', subtype='convert')
        return f'<code class="math-raw">{html.escape(latex)}</code>'
    return mathml.replace(GROUPED_COMMA, TIGHT_COMMA)


def visit_math(self, node):
    self.body.append(f'<span class="math">{to_mathml(node.astext(), "inline", node)}</span>')
    raise nodes.SkipNode


def visit_math_block(self, node):
    latex = node.astext()
    if node.get('nowrap'):
        latex = latex.strip()
    id_attr = f' id="{node["ids"][0]}"' if node.get('ids') else ''
    self.body.append(f'<div class="math notranslate"{id_attr}>'
                     f'{to_mathml(latex, "block", node)}</div>\n')
    raise nodes.SkipNode


def setup(app):
    app.add_html_math_renderer('mathml', (visit_math, None), (visit_math_block, None))
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
