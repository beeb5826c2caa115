"""The judge as a library: it judges a student's function that runs in a runner, a process of
its own, and never touches her code or her objects, only the plain data the runner sends.

``judging`` (``Run``: calls over the socket; the verdict), ``failures`` (the Report of each
way a check fails), ``which`` (which exercise an object is), ``errors`` (what stops a judge),
``serving`` (the judge's process for ``check``), ``remote`` (the grader's), ``budget`` (a run's
time limit, of the runner's own time), ``kit`` (everything an exercise's author imports). The judge's
process starts as ``python -E -s -m pokerlib.practice.judge`` (``__main__``), which loads the
exercises (``pokerlib.practice.exercises``); this library never imports them.
"""
