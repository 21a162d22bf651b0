# Two commands matter: `make run` (sit down and play) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test conformance lint bench clean

$(STAMP): pyproject.toml
	bash scripts/system-packages.sh build
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/cardtable play

# The tests start a real PostgreSQL server, a real Chromium and a real nginx: installed here when
# missing.
test: $(STAMP)
	bash scripts/system-packages.sh
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest

# The full conformance bar (1,000 matches a game and player count), before a release.
conformance: $(STAMP)
	CARDTABLE_CONFORMANCE_MATCHES=1000 $(BIN)/pytest tests/test_conformance.py

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/selfplay.py
	$(BIN)/python benchmarks/daylily_solver.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
