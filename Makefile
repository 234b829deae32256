# The two set-up commands of the README: `make bot` and `make test`. Each installs what it needs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: bot test lint

$(VENV)/installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

bot: $(VENV)/installed
	$(PY) bot.py

lint: $(VENV)/installed
	$(PY) -m ruff check .
	$(PY) -m mypy

test: lint
	$(PY) -m engine.scenario tests/scenarios $(wildcard ../shared/scenarios ../shared/scenarios-horses)
	$(PY) -m pytest
