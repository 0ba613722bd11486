# The two everyday commands: `make run` (the bot) and `make test` (the whole suite).
# Each one creates the virtual environment and installs the project on first use.
VENV ?= .venv
# The PostgreSQL tests run against this server (this machine kind and CI start one).
export TEST_POSTGRES_URL ?= postgresql+asyncpg://postgres@127.0.0.1:5432/test
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

.PHONY: install run test lint bench
install: $(STAMP)

run: $(STAMP)
	$(PY) -m tgbot

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

# Test files run in TEST_WORKERS processes (pytest-xdist), each file whole in one of them:
# `make test TEST_WORKERS=1` runs them one after another. Four on two cores: the whole-game
# files wait on the fake's flood windows, not on the CPU (docs/testing.md, "Measured").
# `make test PYTEST_ARGS=--long` adds the long runs (docs/testing.md). Files go to the
# processes in the order tests/conftest.py sets (longest first), not by their test count.
TEST_WORKERS ?= 4
PYTEST_ARGS ?=
test: lint
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

bench: $(STAMP)
	$(PY) -m tests.bench.bench_dice
	$(PY) -m tests.bench.bench_colt
	$(PY) -m tests.bench.bench_cards
	$(PY) -m tests.bench.bench_storage
	$(PY) -m tests.bench.bench_deadlines
	$(PY) -m tests.bench.bench_press
	$(PY) -m tests.bench.bench_command
	$(PY) -m tests.bench.bench_render
	$(PY) -m tests.bench.bench_ops
