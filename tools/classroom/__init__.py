"""Tooling for the class server's tests and benchmarks, kept out of the deployed classroom/.

- ``simulate``: a hub of made-up students started from a fresh state folder, and a
  student's HTTP session against it (the tests and ``make bench-classroom``);
- ``watch``, ``follow_watch``: a student's page in headless Chromium, driven from
  another process (the benchmarks' browsers);
- ``screenshots``, ``follow_shots``: the teacher's and a student's pages as PNGs
  (``make classroom-screenshots``).
"""
