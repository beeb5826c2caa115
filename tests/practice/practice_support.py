"""What every practice test does: check a version, assert the verdict and the words of its report."""

from pokerlib.practice import check


def named(name):
    """Decorator: give a function the exercise's name (check finds exercises by name)."""
    def rename(f):
        f.__name__ = name
        return f
    return rename


def verdict(function, name, status, *words):
    """check(function, name=name) must have this status and show every one of these words."""
    report = check(function, name=name)
    text = str(report)
    assert report.status == status, text
    assert bool(report) == (status == 'pass'), text
    for word in words:
        assert word in text, (word, text)
    assert '`' not in text and '\x02' not in text, text
    return report


def right(name, *functions):
    """pytest params: each function must pass as the exercise `name`."""
    return [(name, f) for f in functions]
