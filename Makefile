# Two commands matter: `make run` serves the app, `make test` passes the suite.
# Both set up everything they need on a fresh Debian machine first.
SHELL := /bin/bash
VENV := .venv
PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 5000
WORKERS ?= 3
PYTEST_ARGS ?= -n 2 -q
# Pango and fonts for WeasyPrint (harfbuzz-subset makes renders ~3x faster).
APT_RUN := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core
# Chromium drives the browser tests; poppler-utils turns PDF pages into PNGs.
APT_TEST := chromium poppler-utils

define apt_ensure
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing system packages:$$missing"; \
	  sudo=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

.PHONY: run test bench setup migrate system-run system-test clean extract update compile

run: system-run $(VENV)/.run-installed migrate compile
	@echo "Canasta Scorekeeper: http://$(HOST):$(PORT)/"
	@if [ "$(HOST)" = "0.0.0.0" ]; then for ip in $$(hostname -I 2>/dev/null); do echo "  from a phone on this network: http://$$ip:$(PORT)/"; done; fi
	@# gunicorn.conf.py: the ASGI worker (live streams as coroutines, Flask in 16 threads), timeouts,
	@# and an access log that never writes a query string.
	exec $(VENV)/bin/gunicorn -c gunicorn.conf.py --workers $(WORKERS) --bind $(HOST):$(PORT) 'scorekeeper.asgi:create_app()'

test: system-run system-test $(VENV)/.test-installed node_modules/.installed compile
	$(VENV)/bin/python -m pytest $(PYTEST_ARGS)

bench: system-run system-test $(VENV)/.test-installed
	$(VENV)/bin/python -m bench

setup: system-run system-test $(VENV)/.test-installed node_modules/.installed migrate

migrate: $(VENV)/.run-installed
	$(VENV)/bin/flask --app scorekeeper init-db

# Languages (scorekeeper/i18n.py): English is the source; translations/<locale>/LC_MESSAGES/messages.po
# are the catalogues. `extract` gathers every marked string into messages.pot, `update` merges it into
# each catalogue, `compile` builds the .mo files the app reads (not committed: built from the .po).
LOCALES := es pt_BR it de
PYBABEL := $(VENV)/bin/pybabel

extract: $(VENV)/.run-installed
	$(PYBABEL) -q extract -F babel.cfg -k N_ -k Nn_:1,2 -k _l -k lazy_gettext -k lazy_ngettext:1,2 -k pgettext:1c,2 --add-location=file \
	  --sort-by-file --no-wrap --project "Canasta Scorekeeper" -c "Translators:" -o translations/messages.pot .

update: extract
	$(PYBABEL) -q update -i translations/messages.pot -d translations --no-wrap --ignore-pot-creation-date --no-fuzzy-matching

compile: $(VENV)/.run-installed
	$(PYBABEL) -q compile -d translations

system-run:
	$(call apt_ensure,$(APT_RUN))

system-test:
	$(call apt_ensure,$(APT_TEST))

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip

$(VENV)/.run-installed: pyproject.toml | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install -q -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml $(VENV)/.run-installed
	$(VENV)/bin/python -m pip install -q -e '.[test]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

clean:
	rm -rf $(VENV) node_modules tests/screenshots
