"""The house's shape: each layer imports only from the layers below it, and no module imports itself back.

Layers, from the bottom: the game (``canasta``), the store, stored games
(``games``), what is drawn (``printing``) and the root's plumbing (``errors``,
``security``, ``assets``, ``limits``, ``i18n``, the tables' ``live`` streams), then the doors (``web``
pages and ``api``, which never import each other), the flask commands (``cli``) and the app factory
(with ``asgi``, the app as the ASGI worker serves it).
Every import counts, those made only for type checking or inside a function too.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
LAYERS = {"canasta": 0, "store": 1, "games": 2, "printing": 3, "errors": 3, "security": 3, "assets": 3, "limits": 3,
          "i18n": 3, "live": 3, "web": 4, "api": 4, "cli": 5, "": 6, "asgi": 6}


def module_name(path):
    parts = ["scorekeeper", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imports_of(name):
    """Every scorekeeper module ``name`` imports, wherever in the file the import stands."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            candidates = [f"{target}.{alias.name}" for alias in node.names] + [target]
        elif isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        else:
            continue
        for candidate in candidates:
            if candidate in MODULES and candidate != name:
                found.add(candidate)
                break
    return found


def layer_of(name):
    area = name.split(".")[1] if "." in name else ""
    return area, LAYERS[area]


GRAPH = {name: imports_of(name) for name in MODULES}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_module_imports_only_from_its_own_layer_or_below(name):
    area, level = layer_of(name)
    upward = []
    for target in sorted(GRAPH[name]):
        target_area, target_level = layer_of(target)
        same_door = target_area == area
        if target_level > level or (target_level == level and level == 4 and not same_door):
            upward.append(target)
    assert not upward, f"{name} ({area or 'app factory'}) imports from above it: {upward}"


# The one module allowed to import upward, and only inside its functions: canasta/messages.py puts a problem's
# data into words when a sentence is asked for (a rank's plural, a card's name, a rule set's name), so it reads
# cards, words, families and rules at render time, after every module is loaded. errors.Problem.message asks it.
# Work for issue 24: pages render problems through messages directly, Problem.message goes, and so does this.
RENDERS_LATE = {"scorekeeper.canasta.messages"}


def top_level_imports_of(name):
    """The scorekeeper modules ``name`` imports when it is loaded (imports inside functions left out)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(), str(path))
    loaded = ast.Module(body=[node for node in tree.body if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))],
                        type_ignores=[])
    return {target for target in GRAPH[name] if target in _targets(loaded, name)}


def _targets(tree, name):
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else [])) if node.level else (node.module or "")
            found.update([target, *(f"{target}.{alias.name}" for alias in node.names)])
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_import_cycle():
    cycles, state = [], {}

    def visit(name, trail):
        state[name] = "open"
        for target in sorted(top_level_imports_of(name) if name in RENDERS_LATE else GRAPH[name]):
            if state.get(target) == "open":
                cycles.append(trail[trail.index(target):] + [target])
            elif target not in state:
                visit(target, trail + [target])
        state[name] = "done"

    for name in sorted(GRAPH):
        if name not in state:
            visit(name, [name])
    # A package's __init__ that re-exports its modules is not a cycle of the code's own.
    cycles = [cycle for cycle in cycles if not any(MODULES[step].name == "__init__.py" and cycle[0].startswith(step + ".")
                                                      for step in cycle)]
    assert not cycles, cycles


def test_the_package_root_holds_at_most_ten_modules():
    assert len([path for path in PACKAGE.iterdir() if path.suffix == ".py"]) <= 10


# Inside the game: the engine (``canasta.play`` and the rules checks, ``canasta/*.py``) below the players
# (``canasta.players``: given what a seat sees, a move and why), below the coach (``canasta.coach``: words).
GAME_PARTS = {"players": 1, "coach": 2}


def game_part(name):
    """The part of ``canasta`` a module belongs to: "engine", "players" or "coach" (None outside ``canasta``)."""
    parts = name.split(".")
    if len(parts) < 2 or parts[1] != "canasta":
        return None
    return parts[2] if len(parts) > 3 and parts[2] in GAME_PARTS else "engine"


@pytest.mark.parametrize("name", sorted(name for name in MODULES if game_part(name)))
def test_the_engine_imports_neither_players_nor_coach_and_players_never_the_coach(name):
    part = game_part(name)
    rank = GAME_PARTS.get(part, 0)
    above = sorted(target for target in GRAPH[name] if game_part(target) and GAME_PARTS.get(game_part(target), 0) > rank)
    assert not above, f"{name} ({part}) imports from a part above it: {above}"


def test_the_parts_of_the_game_are_where_the_layers_say():
    parts = {game_part(name) for name in MODULES if game_part(name)}
    assert parts == {"engine", "players", "coach"}
    assert game_part("scorekeeper.canasta.play.referee") == game_part("scorekeeper.canasta.pile") == "engine"
    assert game_part("scorekeeper.canasta.players.loop") == "players"
    assert game_part("scorekeeper.canasta.coach.lines") == "coach"
    # The players and the coach stand on the engine.
    assert "scorekeeper.canasta.play.referee" in GRAPH["scorekeeper.canasta.players.loop"]
    assert "scorekeeper.canasta.players.levels" in GRAPH["scorekeeper.canasta.coach.lines"]
