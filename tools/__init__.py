"""The course's own tools: what builds, checks and translates the course.

Run each from the repository's root as a module, so that it imports the
others (and the course's pokerlib) by name:

    python -m tools.editions workspace    # a copy of the course to work in (make lab)
    python -m tools.nav                   # the notebooks' navigation lines (make nav)
    python -m tools.build_site            # the website (make site, with .venv-site)
    python -m tools.check_site DIR        # the website in headless Chromium (make site-check)
    python -m tools.check_lab URL NB      # the teacher's copy in JupyterLab, in Chromium
    python -m tools.translate update      # the Chinese catalogs and notebooks (make translations)
    python -m tools.module_sizes          # no module over 600 lines (make check)

mathml and zhsearch are the website's Sphinx extensions (site/conf.py names
them). The Makefile and course.py call these; nothing here is part of the
course a student imports.
"""
