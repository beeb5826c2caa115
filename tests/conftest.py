"""Shared settings for the tests."""

import pytest
from hypothesis import settings

# Property tests explore the same examples on every run, so the suite cannot flake.
settings.register_profile('pokerlib', derandomize=True, deadline=None)
settings.load_profile('pokerlib')


# The slowest modules start first, so that the two workers of `make test`
# (pytest-xdist with --dist loadscope: a module runs on one worker) finish
# together instead of one waiting for a long module picked up last.
SLOWEST_FIRST = ('test_notebooks.py', 'test_site.py', 'test_translations.py', 'test_frequencies.py',
                 'test_shuffling.py')

# The Chinese teacher's edition (notebooks/zh/) is re-run by nbval like the
# English one, in `make test-slow` (nine more notebooks would take `make test`
# past its minute); `make test` checks that it is what the catalogs make of the
# English edition (test_translations).
CHINESE_IN_MAKE_TEST = ()


@pytest.hookimpl(tryfirst=True)   # marked slow before -m "not slow" leaves slow tests out
def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.parent.name == 'zh' and item.path.suffix == '.ipynb' \
                and item.path.name not in CHINESE_IN_MAKE_TEST:
            item.add_marker(pytest.mark.slow)
    order = {name: k for k, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: order.get(item.path.name, len(order)))
