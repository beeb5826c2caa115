# The course in two commands:
#   make lab    set up (first time only), then open JupyterLab on your own copy of the course
#   make test   set up (first time only) and run the tests, notebooks included,
#               in under a minute (two slow ones wait for make test-slow)
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed-requirements
# JupyterLab refuses to run as root unless told it may.
ROOT_FLAG = $(if $(filter 0,$(shell id -u)),--allow-root,)

# JupyterLab opens the contents notebook, wherever it is started from.
LAB = $(BIN)/jupyter lab $(ROOT_FLAG) --LabApp.default_url=/lab/tree/00-Contents.ipynb

.PHONY: setup lab lab-teacher student test test-slow experiments notebooks nav bench bench-notebooks clean

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

# The slow tests, which `make test` leaves out (CI runs both): every five-card hand
# ranked one by one by both versions of hand_rank, and the figures in assets/
# remade byte for byte (about three quarters of a minute).
test-slow: setup
	$(BIN)/python -m pytest -n auto --dist loadscope -m slow

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

# How long each course check cell takes in a Jupyter kernel (target: median < 1 s).
.PHONY: bench-checks
bench-checks: setup
	$(BIN)/python benchmarks/checks.py $(BENCH_ARGS)

# (workspace/ is yours: clean leaves it alone.)
clean:
	rm -rf $(VENV) $(BENCH_VENV) $(SITE_VENV) .pytest_cache student build

# --- website (make site) ---------------------------------------------------
# The course as a static website, from the committed notebooks (never re-run),
# in build/site/html: it works offline, from a folder or any static file server.
# Sphinx, myst-nb, the theme and selenium (for tests/test_site.py) go into a
# venv of their own, .venv-site, so that the course's environment stays lean.
# The browser test also needs Debian's chromium and chromium-driver.
SITE_VENV  = .venv-site
SITE_STAMP = $(SITE_VENV)/.installed-requirements
SITE_PORT ?= 8000
.PHONY: site site-setup site-serve site-check

site-setup: $(SITE_STAMP)

$(SITE_STAMP): site/requirements.txt
	@test -x $(SITE_VENV)/bin/python || $(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(SITE_VENV)/bin/python -m pip install --quiet -r site/requirements.txt
	@touch $(SITE_STAMP)

# The last line it prints is the path of the site's index.html.
site: site-setup
	@$(SITE_VENV)/bin/python scripts/build_site.py --out build/site

# Serve the built site at http://127.0.0.1:$(SITE_PORT)/ (Ctrl-C stops it).
site-serve: site
	$(PYTHON) -m http.server $(SITE_PORT) --bind 127.0.0.1 --directory build/site/html

# Load every page in headless Chromium; screenshots in build/site/screenshots.
site-check: site
	$(SITE_VENV)/bin/python scripts/check_site.py build/site/html --screenshots build/site/screenshots > build/site/report.json
	@echo "report: build/site/report.json, screenshots: build/site/screenshots/"
# --- end website -----------------------------------------------------------

# --- the course in Chinese (make translations, lab-zh, lab-teacher-zh) --------
# The English notebooks are the source; locale/zh_CN/LC_MESSAGES/ holds the
# translations (gettext catalogs, one per notebook), notebooks/zh/ the Chinese
# teacher's edition made from them. After an English change:
#   make translations   update the catalogs (new entries empty, changed ones
#                       marked fuzzy), then remake notebooks/zh/ and assets/zh/
#                       and execute the Chinese notebooks
# Translate what is empty or fuzzy (Poedit, or any .po editor), run it again,
# commit. `make test` fails, naming the notebook and the paragraph, until then.
ZH_WORKSPACE = workspace-zh
ZH_SETTINGS  = $(VENV)/share/jupyter/lab/user-settings-zh
.PHONY: translations lab-zh lab-teacher-zh student-zh

translations: setup site-setup
	$(SITE_VENV)/bin/python scripts/translate.py update
	$(BIN)/python -c "from pokerlib.i18n import set_language; set_language('zh_CN'); from pokerlib.figures import main; main(['assets/zh'])" > /dev/null
	cd notebooks/zh && ../../$(BIN)/jupyter nbconvert --log-level WARN --to notebook --execute --inplace [0-9][0-9]-*.ipynb
	$(SITE_VENV)/bin/python scripts/translate.py stats

# JupyterLab in Chinese, for these two targets only, all inside the venv: the
# language pack selected in its own settings folder, and the course's Chinese font
# through a custom.css in its own config folder.
ZH_CUSTOM  = $(VENV)/etc/jupyter-zh/custom
ZH_ENV     = JUPYTERLAB_SETTINGS_DIR=$(abspath $(ZH_SETTINGS)) JUPYTER_CONFIG_DIR=$(abspath $(VENV)/etc/jupyter-zh)
ZH_JUPYTER = $(ZH_SETTINGS)/@jupyterlab/translation-extension/plugin.jupyterlab-settings \
             $(ZH_CUSTOM)/custom.css $(ZH_CUSTOM)/NotoSansSC-Course.otf
$(ZH_SETTINGS)/@jupyterlab/translation-extension/plugin.jupyterlab-settings: locale/zh_CN/jupyterlab/@jupyterlab/translation-extension/plugin.jupyterlab-settings
	mkdir -p $(dir $@)
	cp $< $@
$(ZH_CUSTOM)/custom.css: locale/zh_CN/jupyterlab/custom.css
	mkdir -p $(dir $@)
	cp $< $@
$(ZH_CUSTOM)/NotoSansSC-Course.otf: pokerlib/locale/NotoSansSC-Course.otf
	mkdir -p $(dir $@)
	cp $< $@

# Your own Chinese copy of the course, in workspace-zh/ (git ignores it; the same
# rules as make lab: nothing you changed is ever overwritten).
lab-zh: setup $(ZH_JUPYTER)
	@$(BIN)/python scripts/zh_edition.py workspace $(ZH_WORKSPACE)
	cd $(ZH_WORKSPACE) && $(ZH_ENV) ../$(LAB) --LabApp.custom_css=True

# The Chinese teacher's edition, notebooks/zh/.
lab-teacher-zh: setup $(ZH_JUPYTER)
	cd notebooks/zh && $(ZH_ENV) ../../$(LAB) --LabApp.custom_css=True

# The Chinese student's edition, in student-zh/ (which git ignores).
student-zh: setup
	$(BIN)/python scripts/zh_edition.py student student-zh
# --- end Chinese -----------------------------------------------------------------
