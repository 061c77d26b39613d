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


# --- No module state written by code -------------------------------------------------------------------
#
# A gunicorn worker answers requests on several threads with one copy of each module: a module-level
# value that code writes into is shared by every request (one request judged with another's pile
# check). Caching, where it pays, lives in a value its caller owns (play.referee.Judging).

ENGINE_FILES = sorted(PACKAGE_DIR.rglob("*.py"))
ENGINE_MODULES = sorted("scorekeeper.canasta." + ".".join(path.relative_to(PACKAGE_DIR).with_suffix("").parts)
                        .removesuffix(".__init__") for path in ENGINE_FILES)
MUTATING_METHODS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault", "add",
                    "discard", "popitem", "sort", "reverse", "appendleft", "extendleft", "__setitem__",
                    "__delitem__", "subtract"}
MUTABLE_CALLS = {"list", "dict", "set", "bytearray", "defaultdict", "Counter", "deque", "OrderedDict"}
# Caches on module functions: each one here is module state written by code, and must say why it may stay.
ALLOWED_CACHES: dict[str, str] = {}


def _relative(path):
    return str(path.relative_to(PACKAGE_DIR))


def _mutable_value(node) -> bool:
    if isinstance(node, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)):
        return True
    if isinstance(node, ast.Call):
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        return name in MUTABLE_CALLS
    return False


def _module_mutables(tree) -> set[str]:
    names = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        value = getattr(node, "value", None)
        if value is not None and _mutable_value(value):
            names.update(target.id for target in targets if isinstance(target, ast.Name))
    return names


def _written_module_names(tree, mutables: set[str]) -> list[str]:
    """Return how functions of the module write into its module-level mutable values (``name: how``)."""
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        local = {arg.arg for arg in function.args.args + function.args.kwonlyargs}
        for node in ast.walk(function):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                local.add(node.id)
        module_names = mutables - local
        for node in ast.walk(function):
            if isinstance(node, ast.Global):
                found.append(f"global {', '.join(node.names)}")
            targets = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for target in targets:
                base = target
                while isinstance(base, (ast.Subscript, ast.Attribute)):
                    base = base.value
                if isinstance(base, ast.Name) and base.id in module_names and base is not target:
                    found.append(f"{base.id}: item or attribute written")
                if isinstance(node, ast.AugAssign) and isinstance(target, ast.Name) and target.id in module_names:
                    found.append(f"{target.id}: augmented")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in MUTATING_METHODS and isinstance(node.func.value, ast.Name) \
                    and node.func.value.id in module_names:
                found.append(f"{node.func.value.id}.{node.func.attr}()")
    return found


@pytest.mark.parametrize("path", ENGINE_FILES, ids=_relative)
def test_no_function_writes_into_a_module_level_value(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    assert _written_module_names(tree, _module_mutables(tree)) == []


def test_the_scan_finds_module_state_written_by_code():
    source = ("CACHE = {}\nSEEN: list = []\nLAST = [None]\nCOUNT = 0\n"
              "def remember(key, value):\n    CACHE[key] = value\n    SEEN.append(key)\n    LAST[:] = [key]\n"
              "def count():\n    global COUNT\n    COUNT += 1\n"
              "def fine(CACHE):\n    CACHE[1] = 2\n    local = []\n    local.append(1)\n")
    tree = ast.parse(source)
    assert sorted(_written_module_names(tree, _module_mutables(tree))) == [
        "CACHE: item or attribute written", "LAST: item or attribute written", "SEEN.append()", "global COUNT"]


def _cached_functions(tree) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
                if name in ("lru_cache", "cache"):
                    names.append(node.name)
    return names


def test_no_module_function_keeps_a_cache_unless_named_here_with_why():
    cached = {f"{_relative(path)}:{name}" for path in ENGINE_FILES
              for name in _cached_functions(ast.parse(path.read_text(encoding="utf-8")))}
    assert cached == set(ALLOWED_CACHES)


def _fingerprint(value, depth: int = 0) -> str:
    """Return the content of a value as text, deep enough to see any change code could make to it.

    ``functools.cached_property`` values are left out: a frozen value's own cache of what its fields give
    (a rule set's), written once, never the module's.
    """
    import enum
    import functools
    import types
    if depth > 8:
        return f"<{type(value).__name__}>"
    deeper = depth + 1
    if value is None or isinstance(value, (str, bytes, int, float, complex, enum.Enum, range)):
        return repr(value)
    if isinstance(value, (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
        return f"<{type(value).__name__} {getattr(value, '__qualname__', '')} {id(value)}>"
    if isinstance(value, functools._lru_cache_wrapper):
        return f"<cached {value.__qualname__} {value.cache_info().currsize}>"
    if isinstance(value, (list, tuple)):
        return f"{type(value).__name__}[{', '.join(_fingerprint(item, deeper) for item in value)}]"
    if isinstance(value, (set, frozenset)):
        return f"{type(value).__name__}{{{', '.join(sorted(_fingerprint(item, deeper) for item in value))}}}"
    if isinstance(value, dict):
        items = sorted(f"{_fingerprint(key, deeper)}: {_fingerprint(item, deeper)}" for key, item in value.items())
        return f"{type(value).__name__}{{{', '.join(items)}}}"
    kind = type(value)
    if isinstance(value, type):
        attributes = {name: item for name, item in vars(value).items()
                      if not name.startswith("__") and not callable(item)
                      and not isinstance(item, (property, functools.cached_property, staticmethod, classmethod))}
        return f"<class {value.__qualname__} {_fingerprint(attributes, deeper)}>"
    cached = {name for klass in kind.__mro__ for name, item in vars(klass).items()
              if isinstance(item, functools.cached_property)}
    fields = {}
    if hasattr(value, "__dict__"):
        fields.update((name, item) for name, item in vars(value).items() if name not in cached)
    for klass in kind.__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if isinstance(slot, str) and hasattr(value, slot) and slot not in ("__dict__", "__weakref__"):
                fields[slot] = getattr(value, slot)
    if not fields and not hasattr(value, "__dict__"):
        return f"<{kind.__name__} {value!r}>"
    return f"<{kind.__qualname__} {_fingerprint(fields, deeper)}>"


def _engine_state() -> dict[str, str]:
    import importlib
    state = {}
    for name in ENGINE_MODULES:
        module = importlib.import_module(name)
        for attribute, value in vars(module).items():
            if attribute.startswith("__") and attribute != "__all__":
                continue
            state[f"{name}.{attribute}"] = _fingerprint(value)
    return state


def _use_the_engine():
    """Play seeded deals of every preset, ask for legal moves and the referee, read positions, run checks."""
    from scorekeeper.canasta.cards import parse_cards
    from scorekeeper.canasta.going_out import check_going_out
    from scorekeeper.canasta.initial_meld import check_initial_meld
    from scorekeeper.canasta.options import resolve
    from scorekeeper.canasta.pile import check_pile
    from scorekeeper.canasta.play import (
        judge, legal_moves, move_from_data, position_data, read_position, replay, score,
    )
    from scorekeeper.canasta.players.random_players import random_deal
    from scorekeeper.canasta.scoring import score_request
    for rules in ("classic", "classic-2p", "classic-3p", "classic-6p", "classic-6p-3teams", "modern"):
        played = replay(random_deal(rules, seed=3))
        score(played.position)
        for position in played.positions[::7]:
            for move in legal_moves(position):
                judge(position, move)
    ruleset, options = resolve("classic")
    position, shown = read_position(ruleset, options, {
        "hands": ["Q Q K K K 6 7 8 9 10 J", 11, 11, 11], "stock": 61, "pile": "5 9 Q", "turn": 0, "step": "draw"})
    judge(position, move_from_data({"kind": "take_pile", "cards": "Q Q", "melds": "K K K"}))
    position_data(position, shown)
    check_pile(ruleset, options, parse_cards("Q")[0], parse_cards("Q Q 2 5"), total=1600)
    check_initial_meld(ruleset, options, 0, parse_cards("K K K 2 A A"))
    check_going_out(ruleset, options, parse_cards("K K 5"), canastas=1, side_has_melded=True)
    score_request({"rules": "classic", "totals_before": [0, 0], "sides": [
        {"melded_points": 120, "hand_points": 15, "natural_canastas": 0, "mixed_canastas": 1, "red_threes": 1,
         "going_out": "out"},
        {"melded_points": 0, "hand_points": 95, "red_threes": 2}]})


def test_using_the_engine_changes_no_module_level_value():
    before = _engine_state()
    _use_the_engine()
    after = _engine_state()
    changed = sorted(name for name in before if before[name] != after.get(name))
    assert changed == []
    assert set(after) == set(before), "a module gained or lost a name"
