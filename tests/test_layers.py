"""The shell's layers keep their jobs: storage/ knows no use case or Telegram, the service
layer (tgbot/service/) and the rest of tgbot/ never touch SQL, the service layer and the
deadline rules never import a renderer (the engine's prompts say who is asked what), the
handlers reach storage only through the service layer, and no two modules of tgbot/ need
each other."""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

from tests.core.test_core_boundaries import _imported_roots

ROOT = Path(__file__).resolve().parents[1]
SQL = {"sqlalchemy", "sqlmodel", "asyncpg", "aiosqlite", "alembic"}
# The renderers and the outbox that calls them (the service gets the outbox as a hook).
RENDERING = ("tgbot.render", "tgbot.render.outbox")


def _modules(package: str) -> list[Path]:
    found = sorted((ROOT / package).rglob("*.py"))
    assert found, package
    return found


def _imports(path: Path) -> set[str]:
    """Return every dotted module `path` imports from (absolute imports only)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_storage_imports_no_use_case_and_no_telegram() -> None:
    offenders = {p.name: _imported_roots(p) & {"tgbot", "telegram"}
                 for p in _modules("storage")}
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_the_shell_never_touches_sql() -> None:
    offenders = {str(p.relative_to(ROOT)): _imported_roots(p) & SQL for p in _modules("tgbot")}
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_use_cases_and_deadline_rules_never_import_a_renderer() -> None:
    checked = _modules("tgbot/service")
    assert ROOT / "tgbot" / "service" / "deadlines.py" in checked
    offenders = {str(p.relative_to(ROOT)): {m for m in _imports(p) if m.startswith(RENDERING)}
                 for p in checked}
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_handlers_import_nothing_from_storage() -> None:
    offenders = {p.name: {m for m in _imports(p) if m == "storage" or m.startswith("storage.")}
                 for p in _modules("tgbot/handlers")}
    assert {name: bad for name, bad in offenders.items() if bad} == {}
    assert "storage.models" in _imports(ROOT / "tgbot" / "service" / "reads.py")  # it sees one


def _names_the_factory(path: Path) -> bool:
    """Return whether a module reads a `uow_factory` (attribute or variable)."""
    return any((isinstance(node, ast.Attribute) and node.attr == "uow_factory")
               or (isinstance(node, ast.Name) and node.id == "uow_factory")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))


def test_handlers_never_hold_the_unit_of_work_factory() -> None:
    """They name a use case and GameService.run runs it on the service's storage."""
    assert [p.name for p in _modules("tgbot/handlers") if _names_the_factory(p)] == []
    assert _names_the_factory(ROOT / "tgbot" / "service" / "games.py")  # the check sees one


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Yield the statements run on import: the body, and the blocks of its ifs and trys
    (TYPE_CHECKING ones too: a cycle hidden from the interpreter is still one)."""
    for node in body:
        yield node
        if isinstance(node, ast.If | ast.Try):
            for block in (node.body, node.orelse, getattr(node, "finalbody", [])):
                yield from _top_level(block)
            for handler in getattr(node, "handlers", []):
                yield from _top_level(handler.body)


def _import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Return, for each module of `package` (a directory under `root`), the modules of the
    package it imports at module level. `from pkg import name` counts as an import of the
    submodule pkg.name when there is one, else of pkg."""
    paths = {_module_name(p, root): p for p in sorted((root / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for node in _top_level(ast.parse(path.read_text(encoding="utf-8")).body):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in paths)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = {f"{node.module}.{a.name}" for a in node.names} & paths.keys()
                found |= subs
                if node.module in paths and len(subs) < len(node.names):
                    found.add(node.module)
        graph[name] = found - {name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the import cycles: each strongly connected group of two or more modules."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for needed in sorted(graph[module]):
            if needed not in order:
                visit(needed)
                low[module] = min(low[module], low[needed])
            elif needed in stack:
                low[module] = min(low[module], order[needed])
        if low[module] == order[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def test_no_import_cycle_inside_tgbot() -> None:
    graph = _import_graph(ROOT, "tgbot")
    assert "tgbot.handlers.context" in graph["tgbot.handlers.play"]  # the graph is not empty
    assert _cycles(graph) == []


def test_the_cycle_finder_sees_a_cycle(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from pkg.sub import c\n")
    (package / "a.py").write_text("from pkg.b import thing\n")
    (package / "b.py").write_text("import typing\nif typing.TYPE_CHECKING:\n"
                                  "    from pkg import a\n")
    (package / "sub" / "c.py").write_text("def f() -> None:\n    from pkg import a\n")
    assert _cycles(_import_graph(tmp_path, "pkg")) == [["pkg.a", "pkg.b"]]


def test_the_package_root_holds_only_the_composition() -> None:
    """Everything else lives in a layer: botapi/, delivery/, jobs/, service/, render/,
    handlers/, i18n/."""
    assert sorted(p.name for p in (ROOT / "tgbot").glob("*.py")) == [
        "__init__.py", "__main__.py", "app.py", "settings.py"]


def test_mypy_is_strict_on_the_engines_and_the_service_layer() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    strict = {m for o in config["overrides"] if o.get("strict") for m in o["module"]}
    assert {"core.*", "tgbot.service.*"} <= strict
    assert {"core", "tgbot"} <= set(config["files"])
