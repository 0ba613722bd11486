"""Sizes the house keeps: no module of core/, storage/ or tgbot/ over 400 lines, no
function over 60 (the generated first migration aside: Alembic wrote its `upgrade`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "storage", "tgbot")
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
GENERATED = {ROOT / "storage" / "migrations" / "versions" / "0001_initial_schema.py"}


def _modules() -> list[Path]:
    found = [p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))]
    assert len(found) > 100
    return found


def _functions(path: Path) -> list[tuple[str, int]]:
    """Return (name at line, length in lines from `def` to its last line) of every
    function and method of a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(f"{node.name}:{node.lineno}", (node.end_lineno or node.lineno) - node.lineno + 1)
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]


def test_no_module_is_over_400_lines() -> None:
    sizes = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
             for p in _modules()}
    assert {name: n for name, n in sizes.items() if n > MAX_MODULE_LINES} == {}


def test_no_function_is_over_60_lines() -> None:
    long = {f"{p.relative_to(ROOT)}:{name}": n for p in _modules() if p not in GENERATED
            for name, n in _functions(p) if n > MAX_FUNCTION_LINES}
    assert long == {}


def test_the_check_counts_a_function_from_def_to_its_last_line(tmp_path: Path) -> None:
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    module = tmp_path / "long.py"
    module.write_text(f"class A:\n    async def f(self):\n{body}\n\n\ndef g():\n    pass\n")
    assert sorted(_functions(module)) == [("f:2", MAX_FUNCTION_LINES + 1), ("g:65", 2)]
