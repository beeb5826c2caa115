# The course in two commands:
#   make lab    set up (first time only), then open JupyterLab on your own copy of the course
#   make test   set up (first time only) and run every test, notebooks included
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed-requirements
# JupyterLab refuses to run as root unless told it may.
ROOT_FLAG = $(if $(filter 0,$(shell id -u)),--allow-root,)

# JupyterLab opens the contents notebook, wherever it is started from.
LAB = $(BIN)/jupyter lab $(ROOT_FLAG) --LabApp.default_url=/lab/tree/00-Contents.ipynb

.PHONY: setup lab lab-teacher student test experiments notebooks nav bench bench-notebooks clean

setup: $(STAMP)

# JupyterLab's settings for the course (no news pop-up, no update check) go
# into the environment, never into your home folder.
$(STAMP): requirements.txt pyproject.toml jupyter/overrides.json jupyter/pokerlib-course.json
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "pokerlib needs Python 3.11 or newer; this is " + sys.version.split()[0])'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	mkdir -p $(VENV)/share/jupyter/lab/settings $(VENV)/etc/jupyter/jupyter_server_config.d
	cp jupyter/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	cp jupyter/pokerlib-course.json $(VENV)/etc/jupyter/jupyter_server_config.d/
	@touch $(STAMP)

# Your own copy of the course: the student's edition, copied into workspace/
# (which git ignores) the first time; later runs copy in what is new and never
# overwrite a notebook you changed.
lab: setup
	@$(BIN)/python scripts/editions.py workspace workspace
	cd workspace && ../$(LAB)

# The teacher's edition, with the solutions: the notebooks in notebooks/.
lab-teacher: setup
	cd notebooks && ../$(LAB)

# The student's edition of every notebook, in student/ (which git ignores).
student: setup
	$(BIN)/python scripts/editions.py student student

# One worker per core; --dist loadscope keeps each notebook's cells together, in order.
test: setup
	$(BIN)/python -m pytest -n auto --dist loadscope

# Regenerate the figures in assets/ (seeded: the same data every time).
experiments: setup
	$(BIN)/python -m pokerlib.figures assets

# Re-run every notebook top to bottom and save it with its outputs.
notebooks: setup
	cd notebooks && ../$(BIN)/jupyter nbconvert --to notebook --execute --inplace [0-9][0-9]-*.ipynb

# Rewrite the navigation lines and the table of contents of the notebooks.
nav: setup
	$(BIN)/python scripts/nav.py

# Compare pokerlib.fast with other evaluators, in a venv of its own (.venv-bench),
# so that the benchmark-only libraries never enter the course's environment.
# Extra arguments: make bench BENCH_ARGS='--out benchmarks/results.csv'
BENCH_VENV = .venv-bench
bench:
	@test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -r requirements.txt -r benchmarks/requirements.txt
	$(BENCH_VENV)/bin/python benchmarks/bench.py $(BENCH_ARGS)

# Run every notebook as a student would (Run All, kernel start included) and time it.
bench-notebooks: setup
	$(BIN)/python benchmarks/notebooks.py $(BENCH_ARGS)

# (workspace/ is yours: clean leaves it alone.)
clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache student

# --- website (make site) ---------------------------------------------------
# (filled in by the website work)
# --- end website -----------------------------------------------------------
