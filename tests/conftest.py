"""Shared settings for the tests."""

from hypothesis import settings

# Property tests explore the same examples on every run, so the suite cannot flake.
settings.register_profile('pokerlib', derandomize=True, deadline=None)
settings.load_profile('pokerlib')
