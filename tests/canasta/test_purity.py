"""The engine is pure Python: standard library only, never Flask, WTForms, sqlite-utils or WeasyPrint."""

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import scorekeeper.canasta

PACKAGE_DIR = Path(scorekeeper.canasta.__file__).parent
FORBIDDEN = ("flask", "flask_wtf", "wtforms", "sqlite_utils", "weasyprint")
MODULES = sorted(module.name for module in pkgutil.iter_modules([str(PACKAGE_DIR)]))

# Runs in a fresh interpreter. ``scorekeeper/__init__.py`` is the Flask app
# factory, so the parent package is stood in for by an empty one: what gets
# imported is the engine's doing alone.
PROBE = """
import importlib, json, sys, types
parent = types.ModuleType("scorekeeper")
parent.__path__ = [{parent_dir!r}]
sys.modules["scorekeeper"] = parent
importlib.import_module("scorekeeper.canasta")
for name in {modules!r}:
    importlib.import_module("scorekeeper.canasta." + name)
print(json.dumps(sorted(name for name in sys.modules if name.split(".")[0] in {forbidden!r})))
"""


def test_the_engine_has_modules():
    assert {"errors", "cards", "rules", "melds", "sides", "scoring"} <= set(MODULES)


def test_importing_the_engine_loads_no_web_library():
    probe = PROBE.format(parent_dir=str(PACKAGE_DIR.parent), modules=MODULES, forbidden=FORBIDDEN)
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(result.stdout) == []


def _imports(path):
    """Yield (module name, level) for every import statement in the file."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, 0
        elif isinstance(node, ast.ImportFrom):
            yield node.module or "", node.level


@pytest.mark.parametrize("path", sorted(PACKAGE_DIR.glob("*.py")), ids=lambda path: path.name)
def test_imports_are_standard_library_or_the_engine_itself(path):
    for module, level in _imports(path):
        if level:
            assert level == 1, f"{path.name} reaches out of the engine with a relative import of {module!r}"
            continue
        top = module.split(".")[0]
        assert top not in FORBIDDEN
        assert top in sys.stdlib_module_names or top == "__future__", f"{path.name} imports {module!r}"
