# Two commands matter: `make run` (sit down and play) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test plugin-test conformance lint bench clean

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
	$(MAKE) plugin-test

# The sixth game, examples/plugin-game, installed as a third-party game is: in a venv of its own
# that sees cardtable's (scripts/venv_beside.py), so the main venv keeps its five games. Made
# afresh each run; its tests import cardtable's conformance suite and test kits from tests/.
PLUGIN := examples/plugin-game
PLUGIN_VENV ?= $(VENV)/plugin-game
plugin-test: $(STAMP)
	$(BIN)/python scripts/venv_beside.py $(PLUGIN_VENV)
	$(BIN)/pip --python $(PLUGIN_VENV)/bin/python install --quiet --no-deps --no-build-isolation \
		-e $(PLUGIN)
	$(BIN)/ruff check $(PLUGIN) scripts/venv_beside.py
	cd $(PLUGIN) && $(abspath $(PLUGIN_VENV))/bin/python -m mypy
	cd $(PLUGIN) && $(abspath $(PLUGIN_VENV))/bin/python -m pytest

# The full conformance bar (1,000 matches a game and player count), before a release.
conformance: $(STAMP)
	CARDTABLE_CONFORMANCE_MATCHES=1000 $(BIN)/pytest tests/test_conformance.py

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/selfplay.py
	$(BIN)/python benchmarks/daylily_solver.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
