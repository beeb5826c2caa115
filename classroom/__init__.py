"""The class server: one JupyterHub for a class, a sandbox per student (site/manual/classroom.md).

Run from the course's root, as ``make classroom`` does::

    .venv-hub/bin/python -m classroom.hub -f classroom/jupyterhub_config.py

The hub's services run the same way (``python -m classroom.gradebook``,
``classroom.follow``, ``classroom.warmup``); every module imports its
neighbours as ``classroom.NAME``. The tooling that tests and measures it is in
tools/classroom/, not here.
"""
