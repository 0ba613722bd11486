"""The shell's layers keep their jobs: storage/ knows no use case or Telegram, the service
layer (tgbot/service/) and the rest of tgbot/ never touch SQL, and the service layer and the
deadline rules never import a renderer (the engine's prompts say who is asked what)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.core.test_core_boundaries import _imported_roots

ROOT = Path(__file__).resolve().parents[1]
SQL = {"sqlalchemy", "sqlmodel", "asyncpg", "aiosqlite", "alembic"}
# The renderers and the outbox that calls them (the service gets the outbox as a hook).
RENDERING = ("tgbot.render", "tgbot.outbox")


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
    checked = [*_modules("tgbot/service"), ROOT / "tgbot" / "deadlines.py"]
    offenders = {str(p.relative_to(ROOT)): {m for m in _imports(p) if m.startswith(RENDERING)}
                 for p in checked}
    assert {name: bad for name, bad in offenders.items() if bad} == {}
