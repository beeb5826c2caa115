"""What serves the course, beside Norvig's program: the editions (``editions``), a copy's
never-overwrite rules (``workspace``), the sandbox (``sandbox``), posting to the class
server's services (``hubpost``), the Chinese font (``fonts``), the teacher's live feed
(``follow``, a Jupyter server extension) and a single-user server's gate (``gate``).

Nothing here is imported by ``import pokerlib``: each module is loaded where it is used.
"""
