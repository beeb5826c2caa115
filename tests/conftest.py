"""Shared settings for the tests."""

from hypothesis import settings

# Property tests explore the same examples on every run, so the suite cannot flake.
settings.register_profile('pokerlib', derandomize=True, deadline=None)
settings.load_profile('pokerlib')


# The slowest modules start first, so that the two workers of `make test`
# (pytest-xdist with --dist loadscope: a module runs on one worker) finish
# together instead of one waiting for a long module picked up last.
SLOWEST_FIRST = ('test_notebooks.py', 'test_site.py', 'test_frequencies.py', 'test_shuffling.py')

def pytest_collection_modifyitems(items):
    order = {name: k for k, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: order.get(item.path.name, len(order)))
