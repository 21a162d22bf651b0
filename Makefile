# Two commands matter: `make run` (sit down and play) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One stamp per layer of the venv: what playing needs, then what the tests need on top of it, then
# PyTorch for the training example. A deeper layer also stamps the ones beneath it, so `make test`
# then `make run` installs nothing, and `make run` then `make test` adds only the dev extras.
PLAY_STAMP := $(VENV)/.installed-play
DEV_STAMP := $(VENV)/.installed-dev
TRAIN_STAMP := $(VENV)/.installed-train
# The browser client's checks (axe-core for the accessibility tests, TypeScript to type-check the
# JavaScript), from npm as package-lock.json pins them; node_modules is never shipped.
NODE_STAMP := node_modules/.installed
# Where pip looks for torch beyond its usual indexes, e.g. PyTorch's CPU-only builds (a few hundred
# MB rather than the multi-GB CUDA build PyPI serves on Linux):
#   make train TORCH_INDEX=--extra-index-url=https://download.pytorch.org/whl/cpu
TORCH_INDEX ?=

.PHONY: run test train plugin-test conformance lint bench clean

$(BIN)/python:
	@echo "make: creating the virtual environment $(VENV) (a few seconds)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --progress-bar on --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	@echo "make: installing cardtable and what playing needs (rich, prompt-toolkit, numpy, the word"
	@echo "      lists; about 140 MB, a minute or two) into $(VENV); nothing else is needed to play"
	$(BIN)/pip install --progress-bar on -e .
	touch $(PLAY_STAMP)

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	bash scripts/system-packages.sh build
	@echo "make: installing the test tools and every extra the suite uses (server, RL, Ray,"
	@echo "      Playwright, mypy, ruff; about 850 MB, a few minutes) into $(VENV)"
	$(BIN)/pip install --progress-bar on -e '.[dev]'
	touch $(DEV_STAMP) $(PLAY_STAMP)

$(NODE_STAMP): package.json package-lock.json
	bash scripts/system-packages.sh node
	@echo "make: installing axe-core and TypeScript from npm into node_modules (about 30 MB)"
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

$(TRAIN_STAMP): pyproject.toml $(DEV_STAMP)
	@echo "make: installing PyTorch (the train extra; the CPU build where one is at hand, a few"
	@echo "      hundred MB) into $(VENV) for examples/train_daylily.py"
	$(BIN)/pip install --progress-bar on -e '.[train]' $(TORCH_INDEX)
	touch $(TRAIN_STAMP)

run: $(PLAY_STAMP)
	$(BIN)/cardtable play

# The tests start a real PostgreSQL server, a real Chromium and a real nginx: installed here when
# missing. The training example's test (tests/train) is `make train`'s: no GPU framework here.
test: $(DEV_STAMP) $(NODE_STAMP)
	bash scripts/system-packages.sh
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	npx --no -- tsc -p tsconfig.json
	$(BIN)/pytest
	$(MAKE) plugin-test

# The training example (PyTorch), and its test: run by .ci/run after `make test`.
train: $(TRAIN_STAMP)
	$(BIN)/pytest tests/train

# The sixth game, examples/plugin-game, installed as a third-party game is: in a venv of its own
# that sees cardtable's (scripts/venv_beside.py), so the main venv keeps its five games. Made
# afresh each run; its tests import cardtable's conformance suite and test kits from tests/.
PLUGIN := examples/plugin-game
PLUGIN_VENV ?= $(VENV)/plugin-game
plugin-test: $(DEV_STAMP)
	$(BIN)/python scripts/venv_beside.py $(PLUGIN_VENV)
	@# built without isolation, so with this venv's setuptools: a fresh venv's is too old
	@# to read a license written as PEP 639 has it (license = "MIT")
	$(BIN)/pip install --quiet 'setuptools>=77'
	$(BIN)/pip --python $(PLUGIN_VENV)/bin/python install --quiet --no-deps --no-build-isolation \
		-e $(PLUGIN)
	$(BIN)/ruff check $(PLUGIN) scripts/venv_beside.py
	cd $(PLUGIN) && $(abspath $(PLUGIN_VENV))/bin/python -m mypy
	cd $(PLUGIN) && $(abspath $(PLUGIN_VENV))/bin/python -m pytest

# The full conformance bar (1,000 matches a game and player count), before a release.
conformance: $(DEV_STAMP)
	CARDTABLE_CONFORMANCE_MATCHES=1000 $(BIN)/pytest tests/test_conformance.py

bench: $(DEV_STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/selfplay.py
	$(BIN)/python benchmarks/daylily_solver.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info node_modules
