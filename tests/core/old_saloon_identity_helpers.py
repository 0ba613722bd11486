"""Old Saloon module 3 test helpers: the special identity cards and `Table`, the engine driver.

How windows work in this engine: docs/old_saloon.md. Every turn starts with a
`start_reveal` decision; every reaction window is owed by every living secret identity.
`Table` below drives the engine step by step; `go` passes any open window first (every
seat owing it answers `x`), so a test only spells out the windows it is about.

Default tables (scenario_helpers.CAST):
- 5 seats: 0 Sheriff Paul Regret (11), 1 Deputy Jesse Jones (9), 2 Outlaw Lucky Duke (8),
  3 Outlaw Black Jack (8), 4 Renegade Rose Doolan (9).
- 7 seats: 0 Sheriff Paul Regret, 1 Deputy Jesse Jones, 2 Deputy Lucky Duke, 3 Outlaw
  Black Jack, 4 Outlaw Rose Doolan, 5 Outlaw Calamity Janet, 6 Renegade Suzy Lafayette.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tests.core.scenario_helpers import GAME, fields, saloon_table

MODULE = "special_identities"
SHERIFF = ["the_bear"]
DEPUTIES = ["the_good", "the_doctor", "the_judge"]
OUTLAWS = ["the_gambler", "the_bad", "the_ugly"]
RENEGADES = ["devils_right_hand", "devils_left_hand"]
POOL = {"sheriff": SHERIFF, "deputy": DEPUTIES, "outlaw": OUTLAWS, "renegade": RENEGADES}
NORMAL = {"sheriff": 1, "deputy": 2, "outlaw": 3, "renegade": 2}
COUNTS = {4: {"sheriff": 1, "deputy": 0, "outlaw": 2, "renegade": 1},
          5: {"sheriff": 1, "deputy": 1, "outlaw": 2, "renegade": 1},
          6: {"sheriff": 1, "deputy": 1, "outlaw": 3, "renegade": 1},
          7: {"sheriff": 1, "deputy": 2, "outlaw": 3, "renegade": 1},
          8: {"sheriff": 1, "deputy": 2, "outlaw": 3, "renegade": 2}}
BASE_FACES = ["arrow", "dynamite", "bullseye_1", "bullseye_2", "beer", "gatling"]
# A final result that does nothing in final resolution: 2 dynamite, 3 other harmless faces.
CALM = ["dynamite", "dynamite", "gatling", "gatling", "arrow"]


class Table:
    """A scenario position played one answer at a time through the engine object."""

    def __init__(self, count: int, changes: Mapping[int, Mapping[str, Any]] | None = None, *,
                 modules: Iterable[str] = (), mode: str | None = None, **options: Any) -> None:
        spec = saloon_table(count, changes, modules=[MODULE, *modules], **options)
        if mode is not None:
            spec["options"]["identity_mode"] = mode
        step = GAME.position(spec)
        self.state = step.state
        self.log: list[dict[str, Any]] = [event.to_json() for event in step.events]

    # --- reading -----------------------------------------------------------------------

    @property
    def owed(self) -> list[int]:
        """Return the seats owing an answer now."""
        return sorted(GAME.to_act(self.state))

    @property
    def pending(self) -> str | None:
        """Return the pending decision; a window reads `window:<card>`."""
        frame = self.state.pending
        if frame is None or not GAME.to_act(self.state):
            return None
        if frame.window is not None:
            return f"window:{frame.window.value}"
        return frame.decision.value

    def legal(self, seat: int) -> list[str]:
        """Return a seat's legal answers as texts."""
        return [GAME.encode_action(a) for a in GAME.legal_actions(self.state, seat)]

    def seat(self, index: int) -> dict[str, Any]:
        """Return the described seat."""
        return GAME.describe(self.state)["seats"][index]

    def field(self, name: str) -> list[Any]:
        """Return one field of every seat."""
        return [seat[name] for seat in GAME.describe(self.state)["seats"]]

    def events(self, kind: str) -> list[dict[str, Any]]:
        """Return the events of one kind so far."""
        return [event for event in self.log if event["kind"] == kind]

    def kinds(self) -> list[str]:
        """Return every event kind so far."""
        return [event["kind"] for event in self.log]

    def windows(self) -> list[str]:
        """Return the card of every window opened so far."""
        return [event["identity"] for event in self.events("window_opened")]

    def faces(self) -> list[str | None]:
        """Return the active player's dice faces."""
        return [die.face.value if die.face else None for die in self.state.turn.dice]

    @property
    def pile(self) -> int:
        return self.state.pile

    # --- playing -----------------------------------------------------------------------

    def play(self, seat: int, text: str) -> Table:
        """Play one legal answer (asserting it is legal)."""
        legal = self.legal(seat)
        assert text in legal, (seat, text, self.pending, legal)
        return self._apply(seat, GAME.decode_action(text))

    def timeout(self, seat: int) -> Table:
        """Apply the seat's timeout default [BD-TO]."""
        return self._apply(seat, GAME.default_action(self.state, seat))

    def _apply(self, seat: int, action: Any) -> Table:
        step = GAME.apply(self.state, seat, action)
        self.state = step.state
        self.log.extend(event.to_json() for event in step.events)
        return self

    def close(self) -> Table:
        """Every seat owing the open window passes."""
        assert (self.pending or "").startswith("window:"), self.pending
        for seat in self.owed:
            self.play(seat, "x")
        return self

    def skip_windows(self) -> Table:
        """Pass every window until a non-window decision (or the end) is pending."""
        for _ in range(50):
            if self.pending is None or not self.pending.startswith("window:"):
                return self
            self.close()
        raise AssertionError("windows never stop")

    def go(self, seat: int, text: str) -> Table:
        """Pass any open windows, then play a non-window answer."""
        return self.skip_windows().play(seat, text)

    def to_window(self, card: str) -> Table:
        """Pass windows of other cards until the window of `card` is pending."""
        for _ in range(50):
            if self.pending == f"window:{card}":
                return self
            assert (self.pending or "").startswith("window:"), (card, self.pending)
            self.close()
        raise AssertionError(f"no window for {card}")

    def state_of(self, index: int) -> tuple[Any, ...]:
        """Return (life, max_life, role, role_revealed, identity, identity_used, arrows)."""
        seat = self.seat(index)
        return (seat["life"], seat["max_life"], seat["role"], seat["role_revealed"],
                seat["identity"], seat["identity_used"], seat["arrows"])


def revealed(table: Table) -> list[dict[str, Any]]:
    return fields(table.events("identity_revealed"), "seat", "identity", "role")


ARROW_FIRST = ["arrow", "beer", "beer", "gatling", "bullseye_1"]


BEERS = ["beer", "beer", "dynamite", "dynamite", "gatling"]


GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite"]


def _dying(extra: Mapping[int, Mapping[str, Any]] | None = None, *, count: int = 5,
           modules: Iterable[str] = ()) -> Table:
    """Seat 0 fires the Gatling; seats 2 and 3 are at 1 life; the Left Hand is seat 4
    (seat 6 with 7 seats). Returns the table at the Left Hand window."""
    hand = 4 if count == 5 else 6
    changes: dict[int, dict[str, Any]] = {2: {"life": 1, "arrows": 2},
                                          3: {"life": 1, "arrows": 1},
                                          hand: {"identity": "devils_left_hand"}}
    for seat, more in (extra or {}).items():
        changes[seat] = {**changes.get(seat, {}), **more}
    table = Table(count, changes, modules=modules, dice=GATLING)
    return table.play(0, "x").close().play(0, "s").close().to_window("devils_left_hand")
