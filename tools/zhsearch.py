"""Chinese search for the site's Chinese pages (zh/), working offline.

Sphinx's Chinese search cuts the pages' text into words with jieba when
building (jieba is in site/requirements.txt) and finds them in the browser
with its own JavaScript. Sphinx 9.0 names the JavaScript stemmer of Chinese
``ChineseStemmer`` but ships only the English one it uses (for the Latin
words in the text), so every Chinese page stopped with "ChineseStemmer is
not defined". This registers the same search under the name of the stemmer
it ships.
"""

from sphinx.search import languages
from sphinx.search.zh import SearchChinese


class SearchChineseWithItsStemmer(SearchChinese):
    language_name = 'English'   # the name of its JavaScript stemmer: EnglishStemmer


def setup(app):
    languages['zh'] = SearchChineseWithItsStemmer
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
