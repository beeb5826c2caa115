# The course in two commands:
#   make lab    set up (first time only) and open JupyterLab on the first notebook
#   make test   set up (first time only) and run every test, notebooks included
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed-requirements
# JupyterLab refuses to run as root unless told it may.
ROOT_FLAG = $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: setup lab test experiments notebooks nav bench clean

setup: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "pokerlib needs Python 3.11 or newer; this is " + sys.version.split()[0])'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	@touch $(STAMP)

lab: setup
	cd notebooks && ../$(BIN)/jupyter lab $(ROOT_FLAG) 00-Contents.ipynb

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

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache

# --- website (make site) ---------------------------------------------------
# (filled in by the website work)
# --- end website -----------------------------------------------------------
