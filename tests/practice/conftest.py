"""Fixtures of the practice tests."""

import pytest

from pokerlib.practice import check, kernel

from practice_support import right_straight


@pytest.fixture
def short_limit(monkeypatch):
    """Checks of straight stopped after 1.5 s, with the judge started and its tables made
    (the promise, limit plus a second, starts when the student's code does)."""
    assert check(right_straight, name='straight')
    monkeypatch.setattr(kernel, 'AT_MOST', 1.5)
