# Everything runs from a virtual environment this Makefile makes: a fresh machine needs only Python 3.11+.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
DEMO ?= three-action

.PHONY: run test lint check bench demos demo-faces docs clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

## run: the app on a demo encounter, resumed if played (make run DEMO=time-count for another; ARGS=--fresh to start it again, the played copy kept)
run: $(STAMP)
	$(BIN)/combat-tui --demo $(DEMO) $(ARGS)

## test: the whole test suite, on every core; then, one at a time, the tests a busy machine would upset (marked `alone`)
test: $(STAMP)
	@$(BIN)/python -m pytest -q -n auto -m "not alone"; many=$$?; \
	$(BIN)/python -m pytest -q -m alone; one=$$?; \
	test $$many -eq 0 && test $$one -eq 0

## lint: ruff and mypy, both must be clean
lint: $(STAMP)
	$(BIN)/ruff check combat_tui tests scripts benchmarks
	$(BIN)/mypy

check: lint test

## bench: the speed table, written into docs/performance.md (reports, never gates); ARGS=--quick for a smoke run, not written
bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py --write docs/performance.md $(ARGS)

## demos: rebuild the demo encounters in saves/ from scripts/make_demos.py
demos: $(STAMP)
	$(BIN)/python scripts/make_demos.py

## demo-faces: build again only the demos' faces (what the main screen shows on opening one), the encounters kept
demo-faces: $(STAMP)
	$(BIN)/python scripts/make_demos.py --faces

## docs: the reference half of docs/ruleset-format.md and docs/ruleset.schema.json, from the ruleset models
docs: $(STAMP)
	$(BIN)/python scripts/ruleset_docs.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
