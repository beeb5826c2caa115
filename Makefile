# The course in two commands:
#   make lab    set up (first time only), then open JupyterLab on your own copy of the course
#   make test   set up (first time only) and run the tests, notebooks included,
#               in under a minute on two cores (the slow tier waits for make test-slow;
#               CI runs both)
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
# Set-up, JupyterLab, the editions and the tests are course.py's commands (standard
# library only), so that `make lab` and `python course.py lab` (Windows, or no make)
# never differ. Ctrl-C stops them quietly.
COURSE  = @$(PYTHON) course.py
# The port JupyterLab serves on (make lab PORT=8890); empty: 8888, or the next free one.
PORT   ?=
LAB_PORT = $(if $(PORT),--port $(PORT),)

.PHONY: setup lab lab-teacher lab-edit student progress test test-slow experiments notebooks nav bench bench-notebooks clean

# .venv, the pinned packages, and JupyterLab's settings for the course (no news
# pop-up, no update check, no kernel warnings), inside .venv, never in your home folder.
setup:
	$(COURSE) setup

# Your own copy of the course: the student's edition, copied into workspace/
# (which git ignores) the first time; later runs copy in what is new and never
# overwrite a file you changed (the course's new version goes beside it).
# On another port: make lab PORT=8890 (python course.py lab --port 8890).
lab:
	$(COURSE) lab $(LAB_PORT)

# Which exercises your workspaces already pass (workspace/, and workspace-zh/ of make lab-zh;
# it runs your notebooks, unchanged), in the language of each.
progress:
	$(COURSE) progress

# The teacher's copy to project, in teacher/ (git ignores it): answers folded, a
# banner on top; running and saving it never changes a tracked file.
lab-teacher:
	$(COURSE) lab-teacher $(LAB_PORT)

# The course's own notebooks (notebooks/, tracked), to edit the course.
lab-edit:
	$(COURSE) lab-edit $(LAB_PORT)

# The student's edition of every notebook, in student/ (git ignores it), to hand out.
student:
	$(COURSE) student

# One worker per core; --dist loadscope keeps each notebook's cells together, in order.
test:
	$(COURSE) test

# The slow tests, which `make test` leaves out (CI runs both): every five-card hand
# ranked one by one by both versions of hand_rank, the figures in assets/
# remade byte for byte, a class of made-up students graded, and the teacher's
# projecting copy in JupyterLab in a real browser.
test-slow:
	$(COURSE) test-slow

# Regenerate the figures in assets/ (seeded: the same data every time).
experiments: setup
	$(BIN)/python -m pokerlib.figures assets

# Re-run every notebook top to bottom and save it with its outputs.
notebooks: setup
	cd notebooks && ../$(BIN)/jupyter nbconvert --to notebook --execute --inplace [0-9][0-9]-*.ipynb

# Rewrite the navigation lines and the table of contents of the notebooks.
nav: setup
	$(BIN)/python -m tools.nav

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
	$(BIN)/python -m benchmarks.notebooks $(BENCH_ARGS)

# How long each course check cell takes in a Jupyter kernel (target: median < 1 s).
.PHONY: bench-checks
bench-checks: setup
	$(BIN)/python -m benchmarks.checks $(BENCH_ARGS)

# The linter: ruff, with the rules in pyproject.toml, over every .py file and
# notebook. It lives in a venv of its own, .venv-check (one small wheel, pinned in
# tools/requirements-check.txt), so neither the students' .venv nor the site's gets it.
# Then no module of the course's code over 600 lines (tools/module_sizes.py, standard library).
CHECK_VENV  = .venv-check
CHECK_STAMP = $(CHECK_VENV)/.installed-requirements
.PHONY: check
$(CHECK_STAMP): tools/requirements-check.txt
	@test -x $(CHECK_VENV)/bin/python || $(PYTHON) -m venv $(CHECK_VENV)
	PIP_DISABLE_PIP_VERSION_CHECK=1 $(CHECK_VENV)/bin/python -m pip install --quiet -r tools/requirements-check.txt
	@touch $(CHECK_STAMP)

check: $(CHECK_STAMP)
	$(CHECK_VENV)/bin/ruff check .
	$(CHECK_VENV)/bin/python -m tools.module_sizes

# (workspace/ and teacher/ are yours: clean leaves them alone.)
clean:
	rm -rf $(VENV) $(BENCH_VENV) $(SITE_VENV) $(HUB_VENV) $(CHECK_VENV) $(K8S_VENV) classroom/node_modules .pytest_cache student build .lab-layouts

# --- website (make site) ---------------------------------------------------
# The course as a static website, from the committed notebooks (never re-run),
# in build/site/html: it works offline, from a folder or any static file server.
# Sphinx, myst-nb, the theme and selenium (for tests/test_site.py) go into a
# venv of their own, .venv-site (with the course itself, whose editions the site
# offers), so that the course's environment stays lean.
# The browser test also needs Debian's chromium and chromium-driver.
SITE_VENV  = .venv-site
SITE_STAMP = $(SITE_VENV)/.installed-requirements
SITE_PORT ?= 8000
.PHONY: site site-setup site-serve site-check a11y-setup a11y

site-setup: $(SITE_STAMP)

$(SITE_STAMP): site/requirements.txt requirements.txt pyproject.toml
	@test -x $(SITE_VENV)/bin/python || $(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(SITE_VENV)/bin/python -m pip install --quiet -r site/requirements.txt
	@touch $(SITE_STAMP)

# The last line it prints is the path of the site's index.html.
site: site-setup
	@$(SITE_VENV)/bin/python -m tools.build_site --out build/site

# Serve the built site at http://127.0.0.1:$(SITE_PORT)/ (Ctrl-C stops it).
site-serve: site
	$(PYTHON) -m http.server $(SITE_PORT) --bind 127.0.0.1 --directory build/site/html

# Load every page in headless Chromium; screenshots in build/site/screenshots.
site-check: site
	$(SITE_VENV)/bin/python -m tools.check_site build/site/html --screenshots build/site/screenshots > build/site/report.json
	@echo "report: build/site/report.json, screenshots: build/site/screenshots/"
# axe-core, exactly as site/a11y/package-lock.json pins it (npm ci, never global),
# and its report on every page of the site, light and dark (make test-slow asserts it).
A11Y_STAMP = site/a11y/node_modules/.installed-lock
a11y-setup: $(A11Y_STAMP)
$(A11Y_STAMP): site/a11y/package.json site/a11y/package-lock.json
	cd site/a11y && npm ci --no-audit --no-fund --loglevel=error
	@touch $(A11Y_STAMP)

a11y: site a11y-setup
	$(SITE_VENV)/bin/python -m tools.check_a11y build/site/html > build/site/a11y.json
	@echo "report: build/site/a11y.json"
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
.PHONY: translations lab-zh lab-teacher-zh student-zh

translations: setup site-setup
	$(SITE_VENV)/bin/python -m tools.translate update
	$(BIN)/python -c "from pokerlib.i18n import set_language; set_language('zh_CN'); from pokerlib.figures import main; main(['assets/zh'])" > /dev/null
	cd notebooks/zh && ../../$(BIN)/jupyter nbconvert --log-level WARN --to notebook --execute --inplace [0-9][0-9]-*.ipynb
	$(SITE_VENV)/bin/python -m tools.translate stats

# JupyterLab in Chinese, for these two targets only, all inside the venv: the
# language pack selected in its own settings folder (.venv/share/jupyter/lab/
# user-settings-zh); the course's Chinese font comes through a custom.css in the
# course's config folder (.venv/etc/jupyter-course/custom, by pokerlib.serving.fonts), as for
# every lab target. course.py does it, so that `make lab-zh` and `python course.py
# lab-zh` never differ.

# Your own Chinese copy of the course, in workspace-zh/ (git ignores it; the same
# rules as make lab: nothing you changed is ever overwritten).
lab-zh:
	$(COURSE) lab-zh $(LAB_PORT)

# The Chinese teacher's copy to project, in teacher-zh/ (which git ignores): made from
# notebooks/zh/ as make lab-teacher makes teacher/ (a banner, every answer folded, the
# same never-overwrite rules), so running and saving never change a tracked file.
lab-teacher-zh:
	$(COURSE) lab-teacher-zh $(LAB_PORT)

# The Chinese student's edition, in student-zh/ (which git ignores).
student-zh: setup
	$(BIN)/python -m tools.editions student student-zh --language zh_CN
# --- end Chinese -----------------------------------------------------------------

# --- classroom server (make classroom) --------------------------------------
# JupyterHub for a class on the teacher's machine: each student logs in to their
# own copy of the course. Write the class list in classroom/students.txt (one
# name per line), then `make classroom`. The hub, the proxy and the course go
# into .venv-hub and classroom/node_modules; the students' .venv stays lean.
#   CLASSROOM_IP=0.0.0.0 make classroom    listen on the classroom network
#   CLASSROOM_PORT=8000                    the port students open
# See site/manual/classroom.md, "A server for the whole class".
HUB_VENV   = .venv-hub
HUB_STAMP  = $(HUB_VENV)/.installed-requirements
NPM_STAMP  = classroom/node_modules/.installed-lock
CLASSROOM_IP   ?= 127.0.0.1
CLASSROOM_PORT ?= 8000
.PHONY: classroom classroom-setup classroom-check bench-classroom

classroom-setup: $(HUB_STAMP) $(NPM_STAMP)

# JupyterLab's and the kernel's settings for the course go into .venv-hub as
# course.py puts them into .venv (its SETTINGS: one list for both).
# pokerlib goes in as a copy (not editable): the students' sandboxes see the venv, never
# the checkout with the teacher's edition; it is installed again when pokerlib changes.
$(HUB_STAMP): requirements.txt classroom/requirements.txt pyproject.toml $(wildcard jupyter/*.json) \
              classroom/jupyter_server_config.py \
              $(shell git ls-files pokerlib 2>/dev/null)
	@test -x $(HUB_VENV)/bin/python || $(PYTHON) -m venv $(HUB_VENV)
	PIP_DISABLE_PIP_VERSION_CHECK=1 $(HUB_VENV)/bin/python -m pip install --quiet --upgrade pip
	PYTHONWARNINGS=ignore $(HUB_VENV)/bin/python -m pip install --quiet -r classroom/requirements.txt
	PYTHONWARNINGS=ignore $(HUB_VENV)/bin/python -m pip install --quiet --no-deps --force-reinstall .
	rm -rf build/lib build/bdist.* pokerlib.egg-info
	$(PYTHON) -c 'import course, pathlib, shutil; [(pathlib.Path("$(HUB_VENV)", t).parent.mkdir(parents=True, exist_ok=True), shutil.copyfile(s, pathlib.Path("$(HUB_VENV)", t))) for s, t in course.SETTINGS.items()]'
	cp classroom/jupyter_server_config.py $(HUB_VENV)/etc/jupyter/jupyter_server_config.py
	@touch $(HUB_STAMP)

# configurable-http-proxy, exactly as classroom/package-lock.json pins it (never global).
$(NPM_STAMP): classroom/package.json classroom/package-lock.json
	cd classroom && npm ci --no-audit --no-fund --loglevel=error
	@touch $(NPM_STAMP)

classroom: classroom-setup
	@test -f classroom/students.txt || { echo "Write the class list first: classroom/students.txt, one name per line (see classroom/students.example.txt)"; exit 1; }
	CLASSROOM_IP=$(CLASSROOM_IP) CLASSROOM_PORT=$(CLASSROOM_PORT) $(HUB_VENV)/bin/python -m classroom.hub -f classroom/jupyterhub_config.py

# The class stopped at once after a hub that was killed (Ctrl-C in the hub's terminal does it
# anyway): every student's server, the relay and its proxy; their disks unmounted. Files stay.
.PHONY: classroom-stop
classroom-stop: classroom-setup
	$(HUB_VENV)/bin/python -m classroom.relay stop $${CLASSROOM_STATE:-classroom/state}

# Screenshots of the login page, a student's JupyterLab and the gradebook, in
# headless Chromium (Debian's chromium and chromium-driver; Selenium from .venv-site).
classroom-check: classroom-setup site-setup
	$(SITE_VENV)/bin/python -m tools.classroom.screenshots --out build/classroom

# 30 simulated students at once on this machine (a benchmark, not a test):
# make bench-classroom BENCH_ARGS='--students 30'
bench-classroom: classroom-setup
	$(HUB_VENV)/bin/python -m benchmarks.classroom $(BENCH_ARGS)

# One student's busy loops against a classmate's work: the share of the cores each gets (root).
.PHONY: bench-cpu-share
bench-cpu-share: classroom-setup
	$(HUB_VENV)/bin/python -m benchmarks.cpu_share $(BENCH_ARGS)
# --- end classroom server ---------------------------------------------------

# --- a department's class on Zero to JupyterHub (deploy/kubernetes/) ----------
# KubeSpawner, JupyterHub and kubernetes-validate in a venv of their own (.venv-k8s), for
# tests/test_kubernetes.py (make test-slow): no cluster, registry or docker engine needed.
# See site/manual/department.md.
K8S_VENV  = .venv-k8s
K8S_STAMP = $(K8S_VENV)/.installed-requirements
.PHONY: k8s-setup
k8s-setup: $(K8S_STAMP)
# The hub's image's packages first, then the course's and the services' as hub.Dockerfile adds
# them (the same pip, the same order), pokerlib as a copy; then the tests' own.
$(K8S_STAMP): deploy/kubernetes/hub-image.txt deploy/kubernetes/requirements.txt requirements.txt \
              classroom/requirements.txt pyproject.toml $(shell git ls-files pokerlib 2>/dev/null)
	@test -x $(K8S_VENV)/bin/python || $(PYTHON) -m venv $(K8S_VENV)
	PIP_DISABLE_PIP_VERSION_CHECK=1 $(K8S_VENV)/bin/python -m pip install --quiet --upgrade pip
	PYTHONWARNINGS=ignore $(K8S_VENV)/bin/python -m pip install --quiet -r deploy/kubernetes/hub-image.txt
	sed -e '/^-e /d' requirements.txt > $(K8S_VENV)/course-requirements.txt
	grep -E '^(nh3|copydetect)==' classroom/requirements.txt > $(K8S_VENV)/services-requirements.txt
	PYTHONWARNINGS=ignore $(K8S_VENV)/bin/python -m pip install --quiet -r $(K8S_VENV)/course-requirements.txt \
	    -r $(K8S_VENV)/services-requirements.txt
	PYTHONWARNINGS=ignore $(K8S_VENV)/bin/python -m pip install --quiet --no-deps --force-reinstall .
	rm -rf build/lib build/bdist.* pokerlib.egg-info
	PYTHONWARNINGS=ignore $(K8S_VENV)/bin/python -m pip install --quiet -r deploy/kubernetes/requirements.txt
	@touch $(K8S_STAMP)
# --- end department -------------------------------------------------------------
