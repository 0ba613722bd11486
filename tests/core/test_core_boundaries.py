"""core/ stays pure: no Telegram, storage, SQL, clock or global randomness."""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"
FORBIDDEN_EVERYWHERE = {"telegram", "tgbot", "storage", "sqlmodel", "sqlalchemy", "alembic",
                        "asyncpg", "aiosqlite", "httpx"}
# Engines may not touch the clock, randomness, files or the network; the two command-line
# tools (core/scenario.py, core/simulate.py) may read files and time a run.
FORBIDDEN_IN_ENGINES = {"random", "time", "datetime", "os", "io", "socket", "asyncio",
                        "subprocess", "pathlib", "sys", "secrets", "uuid"}
COMMAND_LINE_TOOLS = {"scenario.py", "simulate.py"}


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_core_imports_nothing_from_the_shell_or_the_database() -> None:
    files = list(CORE.rglob("*.py"))
    assert len(files) > 10
    offenders = {str(p.relative_to(CORE)): _imported_roots(p) & FORBIDDEN_EVERYWHERE
                 for p in files}
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_engines_have_no_clock_randomness_or_io() -> None:
    engines = [p for p in CORE.rglob("*.py")
               if not (p.parent == CORE and p.name in COMMAND_LINE_TOOLS)]
    offenders = {str(p.relative_to(CORE)): _imported_roots(p) & FORBIDDEN_IN_ENGINES
                 for p in engines}
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import random\nfrom telegram.ext import Application\n", encoding="utf-8")
    assert _imported_roots(sample) == {"random", "telegram"}
