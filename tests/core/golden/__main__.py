"""`python -m tests.core.golden`: rewrite every golden playthrough (see __init__.py)."""

from __future__ import annotations

from tests.core.golden import write_all

if __name__ == "__main__":
    for path in write_all():
        print(path)
