"""Seats that answer without a press: bot seats, absent players, standing window answers.

After every command's own action, `follow` lets each seat that needs no human answer what
it owes, lowest seat first, until a human must decide or the game ends:

- a **bot seat** plays the engine's `bot_action`;
- an **absent seat** — one that timed out (or was skipped by an admin) earlier in the
  current turn — plays the timeout default at once, without another strike, so an absent
  player costs one clock per turn, not one per decision. The mark is kept on the game row
  (`lobby["absent"]`, with the turn it belongs to) and lapses when the engine's
  `turn_marker` moves on;
- a seat with a **standing answer** to identity windows (the player chose, in private, to
  pass every window) passes a window as soon as it opens. Any seat may choose it, holder
  or not, so a window that every seat answers this way closes at once without telling
  anyone who holds what [OS-ROLE-9].
"""

from __future__ import annotations

from collections.abc import Iterable

from core.engine.protocol import Clock
from storage.models import ActorKind
from tgbot.service.scene import Scene, prompts_of, take_step

ACTIONS_PER_COMMAND = 2000
ABSENT = "absent"
WINDOWS = "windows"
"""A user setting: "pass" answers every identity window at once with a pass."""


def absent_seats(scene: Scene) -> frozenset[int]:
    """Return the seats marked absent for the scene's current turn."""
    mark = scene.game.lobby.get(ABSENT)
    if not mark or scene.state is None \
            or mark.get("turn") != scene.engine.turn_marker(scene.state):
        return frozenset()
    return frozenset(int(seat) for seat in mark.get("seats", ()))


def mark_absent(scene: Scene, seats: Iterable[int], turn: int) -> None:
    """Mark seats absent for the rest of turn `turn` (the turn they timed out in: a mark
    for a turn that has already ended lapses at once)."""
    mark = scene.game.lobby.get(ABSENT) or {}
    kept = frozenset(mark.get("seats", ())) if mark.get("turn") == turn else frozenset()
    wanted = kept | frozenset(seats)
    if wanted:
        scene.game.lobby = {**scene.game.lobby, ABSENT: {"turn": turn, "seats": sorted(wanted)}}


def clear_absent(scene: Scene, seat: int) -> None:
    """Forget that a seat is absent (its player is back)."""
    left = absent_seats(scene) - {seat}
    lobby = {key: value for key, value in scene.game.lobby.items() if key != ABSENT}
    if left:
        lobby[ABSENT] = {"turn": scene.engine.turn_marker(scene.state), "seats": sorted(left)}
    scene.game.lobby = lobby


def passes_windows(scene: Scene, seat: int) -> bool:
    """Return True when the seat's player chose to pass every identity window at once."""
    user_id = scene.user_of(seat)
    user = scene.users.get(user_id) if user_id is not None else None
    return user is not None and (user.settings or {}).get(WINDOWS) == "pass"


def follow(scene: Scene) -> None:
    """Let bot seats, absent seats and standing window answers play what they owe."""
    engine = scene.engine
    bots = scene.bots()
    for _ in range(ACTIONS_PER_COMMAND):
        state = scene.state
        if state is None or engine.outcome(state) is not None:
            return
        owed = engine.to_act(state)
        absent = absent_seats(scene) - bots
        automatic = sorted((bots | absent) & owed)
        if automatic:
            seat = automatic[0]
            if seat in bots:
                _apply(scene, seat, engine.bot_action(state, seat), ActorKind.BOT)
            else:
                _apply(scene, seat, engine.default_action(state, seat), ActorKind.ABSENT)
            continue
        standing = [p.seat for p in prompts_of(engine, state)
                    if p.clock is Clock.WINDOW and p.seat not in bots
                    and passes_windows(scene, p.seat)]
        if not standing:
            return
        seat = standing[0]
        _apply(scene, seat, engine.default_action(state, seat), ActorKind.STANDING)


def _apply(scene: Scene, seat: int, action: object, actor: ActorKind) -> None:
    """Apply an action chosen for a seat (never a strike: it is not a clock running out)."""
    engine = scene.engine
    text = engine.encode_action(action)
    take_step(scene, seat, text, actor, engine.apply(scene.state, seat,
                                                     engine.decode_action(text)), strike=False)
