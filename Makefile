# Tabletop Arena: the two commands are `make play` and `make test`.
# Needs only Python 3.11+, make and the package registries; everything else goes into .venv.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
ARGS   ?=
PYTEST_ARGS ?= -n 2

# The stamp is named after pyproject.toml's checksum, so any change to the dependencies
# (even one with an older timestamp, e.g. after a checkout) reinstalls; otherwise nothing does.
STAMP := $(VENV)/.installed-$(firstword $(shell cksum pyproject.toml))

.PHONY: play test dist lint clean distclean install

play: $(STAMP)
	$(BIN)/python launcher.py $(ARGS)

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest $(PYTEST_ARGS)

dist: $(STAMP)
	PYTHON=$(BIN)/python bash build/release.sh

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

install: $(STAMP)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else \
	  "Tabletop Arena needs Python 3.11 or newer; this is " + sys.version.split()[0] + \
	  " (run: make PYTHON=python3.11 ...)")'
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check -q -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $@

clean:
	rm -rf dist build/work .pytest_cache .ruff_cache .hypothesis out/smoke *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
