"""mypy checks each engine against `core.engine.protocol.Game`.

The registry types every engine with its own state, action and view types (see
`core/engine/registry.py`), so an engine method whose signature drifts from the protocol is a
type error there. This test shows the check biting: a copy of the dice engine with one wrong
signature fails mypy at the line that types it as a `Game`, while the real engine passes.
"""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]

PROBE = '''\
from core.bang_dice.actions import DiceAction
from core.bang_dice.game import BangDice
from core.bang_dice.state import DiceState
from core.bang_dice.view import DiceView
from core.engine.protocol import Game


class Drifted(BangDice):
    def to_act(self, state: DiceState) -> list[int]:  # type: ignore[override]
        return sorted(super().to_act(state))


good: Game[DiceState, DiceAction, DiceView] = BangDice()
bad: Game[DiceState, DiceAction, DiceView] = Drifted()
'''


def test_an_engine_with_a_wrong_signature_fails_mypy(tmp_path: Path) -> None:
    probe = tmp_path / "probe_engine.py"
    probe.write_text(PROBE)
    out, err, status = api.run([
        str(probe), "--config-file", str(ROOT / "pyproject.toml"),
        "--cache-dir", str(ROOT / ".mypy_cache"), "--follow-imports", "silent",
    ])
    errors = [line for line in out.splitlines() if f"{probe.name}:" in line and ": error:" in line]
    assert status == 1, out + err
    # Only the drifted engine is refused, and for the drifted method.
    bad_line = PROBE.splitlines().index(
        "bad: Game[DiceState, DiceAction, DiceView] = Drifted()") + 1
    assert errors, out
    assert all(f":{bad_line}:" in line for line in errors), out
    assert "to_act" in out, out
