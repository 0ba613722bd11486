"""The repository stands alone: every cited rule id has an entry in docs/rules/, and no file
points outside the repository (docs/rules/README.md, "Entries and the check")."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("README.md", "core", "storage", "tgbot", "tests", "docs", "deploy")
RULES = ROOT / "docs" / "rules"

# A rule id as cited: BD-DYN-1, OS-ROLE-DOCTOR-1, CE-FIRE-ROOF, R-CE-06, BD-END-1a, BD-TO.
RULE_ID = re.compile(r"\b(?:R-)?(?:BD|OS|CE|BC|GR)-[A-Z0-9]+(?:-[A-Za-z0-9]+)*")
# An entry: the id in bold, in a list item, a table cell or a heading of a game's file.
ENTRY = re.compile(rf"\*\*({RULE_ID.pattern})\*\*")
# Paths of a developer's machine, spelled in two parts so this file does not match itself.
OUTSIDE = ("../" + "shared", "/" + "work/")


def scanned_files() -> list[Path]:
    """Return the tracked files under SCANNED (every file there when git is not available)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--", *SCANNED], cwd=ROOT,
                                capture_output=True, check=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        listed = b""
    if listed:
        return [ROOT / name for name in listed.decode().split("\0") if name]
    found = []
    for top in SCANNED:
        path = ROOT / top
        if path.is_file():
            found.append(path)
        for folder, dirs, files in os.walk(path):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            found += [Path(folder) / f for f in files if not f.endswith(".pyc")]
    return found


def texts() -> dict[Path, str]:
    """Return the text of every scanned file that still exists and is not binary."""
    result = {}
    for path in scanned_files():
        try:
            data = path.read_bytes()
        except OSError:  # listed by git but deleted in the working tree
            continue
        if b"\0" not in data:
            result[path] = data.decode("utf-8", errors="replace")
    return result


def test_every_cited_rule_id_has_an_entry() -> None:
    defined = {m.group(1) for f in RULES.glob("*.md") if f.name != "README.md"
               for m in ENTRY.finditer(f.read_text(encoding="utf-8"))}
    missing: dict[str, list[str]] = {}
    for path, text in texts().items():
        for rule_id in set(RULE_ID.findall(text)) - defined:
            missing.setdefault(rule_id, []).append(str(path.relative_to(ROOT)))
    assert not missing, f"rule ids without an entry in docs/rules/: {missing}"


def test_no_file_points_outside_the_repository() -> None:
    offenders = [f"{path.relative_to(ROOT)}: {needle}" for path, text in texts().items()
                 for needle in OUTSIDE if needle in text]
    assert not offenders, f"files pointing outside the repository: {offenders}"
