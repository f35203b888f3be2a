"""The layering of docs/architecture.md, checked: the import contracts of pyproject.toml hold, and
the checks themselves notice a new upward import, a circle or a private name read across packages."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import grimp
import pytest

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src" / "wordgames"
MAX_LINES = 500


def _contracts() -> list[dict]:
    return tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def _layers() -> list[set[str]]:
    (contract,) = [c for c in _contracts() if c["type"] == "layers"]
    return [{m.strip() for m in layer.split("|")} for layer in contract["layers"]]


def build() -> grimp.ImportGraph:
    return grimp.build_graph("wordgames", include_external_packages=False)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return build()


def upward_imports(graph: grimp.ImportGraph) -> set[tuple[str, str]]:
    """(importer, imported) of every import from a layer into one above it or a sibling of its
    own layer (the siblings of a layer are independent)."""
    layers = _layers()
    rank = {pkg: i for i, layer in enumerate(layers) for pkg in layer}

    def package(module: str) -> str | None:
        parts = module.split(".")
        for n in (2, 1):
            if ".".join(parts[:n]) in rank:
                return ".".join(parts[:n])
        return None

    bad = set()
    for importer in graph.modules:
        a = package(importer)
        for imported in graph.find_modules_directly_imported_by(importer):
            b = package(imported)
            if a is None or b is None or a == b:
                continue
            if rank[b] <= rank[a]:  # above, or a sibling in the same layer
                bad.add((importer, imported))
    return bad


def circles(graph: grimp.ImportGraph) -> list[set[str]]:
    """Groups of sibling modules (children of one package, each with its descendants) that import
    each other round a circle."""
    found = []
    for parent in sorted(m for m in graph.modules if graph.find_children(m)):
        children = sorted(graph.find_children(parent))
        owner = {}
        for child in children:
            owner[child] = child
            for d in graph.find_descendants(child):
                owner[d] = child
        edges: dict[str, set[str]] = {c: set() for c in children}
        for module, child in owner.items():
            for imported in graph.find_modules_directly_imported_by(module):
                other = owner.get(imported)
                if other is not None and other != child:
                    edges[child].add(other)
        found += [group for group in _strongly_connected(edges) if len(group) > 1]
    return found


def _strongly_connected(edges: dict[str, set[str]]) -> list[set[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            out.append(group)

    for v in edges:
        if v not in index:
            visit(v)
    return out


def private_imports(graph: grimp.ImportGraph) -> set[tuple[str, str, str]]:
    """(importer, imported, name) where a module takes a ``_private`` name from another package."""

    def top(module: str) -> str:
        return ".".join(module.split(".")[:2])

    bad = set()
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            if top(importer) == top(imported):
                continue
            for detail in graph.get_import_details(importer=importer, imported=imported):
                line = detail["line_contents"]
                names = re.sub(r"^from\s+\S+\s+import\s+", "", line).strip("() ")
                for name in (n.split(" as ")[0].strip() for n in names.split(",")):
                    if name.startswith("_") and not name.startswith("__"):
                        bad.add((importer, imported, name))
    return bad


def test_import_linter_contracts_hold():
    from importlinter.cli import lint_imports

    assert lint_imports(config_filename=str(REPO / "pyproject.toml")) == 0


def test_no_upward_import(graph):
    assert upward_imports(graph) == set()


def test_a_new_upward_import_is_noticed():
    g = build()
    g.add_import(importer="wordgames.errors", imported="wordgames.cli")
    g.add_import(importer="wordgames.wordle.game", imported="wordgames.guillotine.games")
    assert upward_imports(g) - upward_imports(build()) == {
        ("wordgames.errors", "wordgames.cli"),
        ("wordgames.wordle.game", "wordgames.guillotine.games"),
    }


def test_front_ends_import_no_cli_module(graph):
    for front in ("wordgames.web", "wordgames.report"):
        for module in graph.find_descendants(front) | {front}:
            imported = graph.find_modules_directly_imported_by(module)
            assert not {m for m in imported if m.startswith("wordgames.cli")}, module


def test_no_circles(graph):
    assert circles(graph) == []


def test_a_new_circle_is_noticed():
    g = build()
    g.add_import(importer="wordgames.artifacts", imported="wordgames.paths")
    g.add_import(importer="wordgames.paths", imported="wordgames.artifacts")
    assert any({"wordgames.artifacts", "wordgames.paths"} <= group for group in circles(g))


def test_no_private_name_read_across_packages(graph):
    assert private_imports(graph) == set()


def test_a_private_name_read_across_packages_is_noticed():
    g = build()
    g.add_import(
        importer="wordgames.web.app",
        imported="wordgames.guillotine.games",
        line_number=1,
        line_contents="from wordgames.guillotine.games import normalize, _secret",
    )
    assert ("wordgames.web.app", "wordgames.guillotine.games", "_secret") in private_imports(g)


def test_every_package_of_src_is_in_a_layer():
    """A new top-level module or package must be placed in the layers (or it escapes them)."""
    layered = set().union(*_layers())
    tops = {
        f"wordgames.{p.stem}"
        for p in SRC.iterdir()
        if (p.suffix == ".py" or (p / "__init__.py").exists()) and not p.name.startswith("__")
    }
    data_only = {"wordgames.schemas"}  # the config schema's YAML files
    assert tops - layered - data_only == set()


def _long_reason(path: Path) -> str | None:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return next((line for line in doc.splitlines() if line.startswith("Over 500 lines: ")), None)


def test_long_modules_say_why():
    """A module over 500 lines says why in a docstring line ``Over 500 lines: <reason>``."""
    long = {
        str(p.relative_to(SRC)): n
        for p in SRC.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert {p: n for p, n in long.items() if _long_reason(SRC / p) is None} == {}
