"""The house's imports (issue 30): no import circle, type-only and function-local imports included.

Read from the source, not by importing it: every ``import`` and ``from … import`` of the product's
modules (``bot.py``, ``engine``, ``render``, ``table``, ``cogs``, ``lang``), wherever it stands in a
module, is an arrow. Besides circles, the tests hold the shape docs/architecture.md describes: the
layers' order, each expansion one package per layer that only the layer's root imports, and the
tools outside the product.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "render", "table", "cogs", "lang")

def modules() -> dict[str, Path]:
    """The product's modules by dotted name (a package by its ``__init__``)."""
    found = {"bot": ROOT / "bot.py"}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _known(name: str, known: dict[str, Path]) -> str | None:
    """The module an imported name lives in (``a.b.c`` may be a module or a name in ``a.b``)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def arrows(known: dict[str, Path]) -> dict[str, set[str]]:
    """Each module → the product's modules it imports, anywhere in its source."""
    out: dict[str, set[str]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(_known(alias.name, known) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parents = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parents, base] if base else parents)
                targets.update(_known(f"{base}.{alias.name}", known) for alias in node.names)
        out[name] = {t for t in targets if t is not None and t != name}
    return out


def circles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, rest = work[-1]
            for nxt in rest:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.add(frozenset(group))
    return found


def test_the_finder_sees_a_circle_through_a_type_only_import() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == {frozenset({"a", "b", "c"})}
    known = modules()
    assert "table.storage" in known and "cogs" in known
    assert "table.store" in arrows(known)["table.storage_pg"]  # the PostgreSQL store builds on the shared one


def test_no_import_circle() -> None:
    """The SQLite and PostgreSQL stores share ``table.store``, which imports neither; the cogs take
    the bot's parts, not its class; the hook points sit beside ``Game``, the registries above."""
    found = circles(arrows(modules()))
    assert not found, f"an import circle: {sorted(map(sorted, found))}"


# Issue 30: an expansion or a variant is a package in each layer, and the base reaches it only
# through that layer's hooks. The one module of a layer that may import its expansions is the
# layer's root, which imports them so they register (as engine/__init__ always has).
EXPANSIONS = tuple(f"{layer}.{name}" for layer in ("engine", "engine.ai", "render", "cogs")
                   for name in ("horses", "prisoners", "variants"))
ROOTS = {"engine", "engine.ai", "render", "cogs"}
# Words that name an expansion or a variant: a module so named belongs in its package.
EXPANSION_WORDS = ("horses", "stagecoach", "prisoners", "normal_marshal", "pairs", "teams")


def _in_expansion(name: str) -> bool:
    return name.startswith(tuple(f"{e}." for e in EXPANSIONS)) or name in EXPANSIONS


def base_modules_importing_an_expansion() -> dict[str, set[str]]:
    graph = arrows(modules())
    return {name: {t for t in targets if _in_expansion(t)} for name, targets in graph.items()
            if not _in_expansion(name) and name not in ROOTS and any(_in_expansion(t) for t in targets)}


def test_no_base_module_imports_an_expansion() -> None:
    found = {name: sorted(targets) for name, targets in base_modules_importing_an_expansion().items()}
    assert not found, f"a base module imports an expansion (use the layer's hooks): {found}"
    assert "engine.horses.rules" in arrows(modules())["engine.horses"]  # the roots do, and are seen to


def modules_named_for_an_expansion_outside_it() -> set[str]:
    return {name for name in modules() if not _in_expansion(name)
            and any(word in name.rpartition(".")[2] for word in EXPANSION_WORDS)}


def test_an_expansion_s_modules_live_in_its_packages() -> None:
    found = modules_named_for_an_expansion_outside_it()
    assert not found, f"an expansion's module outside its package: {sorted(found)}"
    assert "engine.ai.variants.pairs" in modules() and _in_expansion("render.horses.stagecoach")


# Tools (benchmarks, the arena, the demo, the gallery builder) live in tools/, run with
# ``python -m tools.<name>``; the installed packages hold only what the bot runs.
TOOLS = {"arena", "bench", "selfplay", "demo", "gallery", "loadbench"}


def test_tools_live_outside_the_product_and_the_product_never_imports_them() -> None:
    inside = {name for name in modules() if name.rpartition(".")[2] in TOOLS}
    assert not inside, f"a tool inside the product's packages: {sorted(inside)}"
    importing = sorted(name for name, path in modules().items() for node in ast.walk(ast.parse(path.read_text()))
                       if isinstance(node, ast.ImportFrom | ast.Import) and any(
                           (getattr(node, "module", None) or alias.name).split(".")[0] == "tools"
                           for alias in node.names))
    assert not importing, f"the product imports a tool: {importing}"
    assert (ROOT / "tools" / "loadbench.py").exists() and (ROOT / "tools" / "arena.py").exists()


# The layers, lowest first (docs/architecture.md): a module imports its own layer and those below.
LAYERS = ("lang", "engine", "engine.ai", "render", "table", "cogs", "bot")


def layer_of(name: str) -> int:
    return max(i for i, layer in enumerate(LAYERS) if name == layer or name.startswith(layer + "."))


def test_each_layer_imports_only_the_layers_below_it() -> None:
    upward = sorted(f"{name} → {target}" for name, targets in arrows(modules()).items() for target in targets
                    if layer_of(target) > layer_of(name))
    assert not upward, f"an import up the layers: {upward}"
    assert layer_of("engine.ai.hard") == 2 and layer_of("engine.horses.rules") == 1 and layer_of("bot") == 6
