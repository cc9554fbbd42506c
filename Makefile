# Two commands do all the set-up on a fresh machine with Python >= 3.11 and pip:
#   make run    create .venv, install the app, start it
#   make test   create .venv, install the app with its test extra, run the whole suite headless
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test lint bench fonts locales clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m trainer

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 $(PY) -m pytest -n 2 tests
	$(PY) -m ruff check trainer tests benchmarks

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 $(PY) -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
