"""Golden playthroughs rendered as players see them: seeded games of every game and option
set, played to the end by the engines' own policies, each step rendered by the real outbox
(tgbot/render/outbox.py) on a scene, in one language.

`rendered(table, language)` yields every text a player could read during the game: the
lobby with its options, the group's table and its buttons, every private prompt (with each
of its own states: a card game's hand card opened, Sid Ketchum's and the shop's menus, Colt
Express's help, the dice marked for a re-roll), the secrets dealt by DM, the "your move"
notes and reminders, the notices around a game, and each seat's "🔒 Mine" pop-up.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from core.engine.registry import get_game
from storage.models import ActorKind, Chat, Game, GameStatus, Seat, User, built
from tgbot.render.cards.prompts import SHOP_MENU, SID_MENU, focus_keep
from tgbot.render.colt.prompts import HELP
from tgbot.render.front import front_for
from tgbot.render.outbox import Outbox
from tgbot.service.outbox_notes import Channels, Notes, PromptMarks
from tgbot.service.scene import Logged, Outbound, Scene

MOMENT = datetime(2026, 12, 6, 17, 30, tzinfo=UTC)
NAMES = ("Ana", "Bruno", "Carla", "Davi", "Eva", "Fabio", "Gil", "Helena")
OUTBOX = Outbox(lambda game_id: f"https://t.me/bot?start=j{game_id}", now=lambda: MOMENT)
LONGEST = 4000  # actions: every playthrough ends far sooner


@dataclass(frozen=True)
class Table:
    """A game to play through: its kind, options, players and seed."""

    kind: str
    options: dict[str, Any]
    players: int
    seed: int

    @property
    def label(self) -> str:
        """Return a short name for test ids."""
        chosen = "+".join(sorted(k if v is True else "+".join(v) if isinstance(v, list)
                                 else str(v) for k, v in self.options.items() if v)) or "base"
        return f"{self.kind}-{chosen}-{self.players}p"


ALL_MODULES = ["saloon_dice", "chief_arrow", "special_identities", "new_characters", "ghost"]
TABLES = (
    Table("bang_dice", {}, 5, 1),
    Table("bang_dice", {}, 3, 2),
    Table("bang_dice", {"modules": ["saloon_dice"]}, 5, 3),
    Table("bang_dice", {"modules": ["chief_arrow"]}, 6, 4),
    Table("bang_dice", {"modules": ["special_identities"]}, 5, 5),
    Table("bang_dice", {"modules": ["special_identities"], "identity_mode": "mixed"}, 7, 6),
    Table("bang_dice", {"modules": ["new_characters"]}, 6, 7),
    Table("bang_dice", {"modules": ["ghost"]}, 5, 8),
    Table("bang_dice", {"modules": ALL_MODULES}, 8, 9),
    Table("colt_express", {"characters": False}, 4, 1),
    Table("colt_express", {"characters": True}, 5, 2),
    Table("colt_express", {"characters": True, "expert": True}, 6, 3),
    Table("colt_express", {}, 2, 4),
    Table("bang_cards", {}, 5, 1),
    Table("bang_cards", {}, 3, 2),
    Table("bang_cards", {"gold_rush": True}, 6, 3),
    Table("bang_cards", {"gold_rush": True, "shadow_gunslingers": True}, 7, 4),
)


def scene_of(table: Table, language: str, state: Any, events: Sequence[Any],
             notes: Notes) -> Scene:
    """Return a scene of `table` at `state`, everyone speaking `language`, its table text."""
    game = built(Game, {"id": 1, "chat_id": -100777, "kind": table.kind,
                        "options": table.options, "lobby": {}, "seed": table.seed,
                        "status": GameStatus.RUNNING, "version": 1, "deadline_at": MOMENT,
                        "created_at": MOMENT, "updated_at": MOMENT})
    seats = [built(Seat, {"game_id": 1, "seat": seat, "user_id": 100 + seat,
                          "is_bot": False, "strikes": 0}) for seat in range(table.players)]
    users = {100 + seat: built(User, {"id": 100 + seat, "display_name": NAMES[seat],
                                      "language": language, "can_dm": True, "settings": {},
                                      "created_at": MOMENT})
             for seat in range(table.players)}
    chat = built(Chat, {"id": -100777, "language": language, "title": "Saloon",
                        "default_options": {"pictures": False}, "created_at": MOMENT})
    scene = Scene(game, seats, users, chat, {}, state=state, notes=notes)
    scene.steps = [Logged(0, "", ActorKind.BOT, tuple(events))]
    return scene


def texts(out: Sequence[Outbound]) -> Iterator[str]:
    """Return every text a player reads in outbound rows: texts, lead lines, labels."""
    for row in out:
        payload = row.payload
        yield from (payload[key] for key in ("text", "caption") if key in payload)
        yield from payload.get("lead", ())
        yield from (label for line in payload.get("buttons", ()) for label, _ in line)


def _keeps(kind: str, view: Any) -> list[frozenset[int]]:
    """Return the prompt states a seat may open besides the plain one."""
    if kind == "colt_express":
        return [HELP]
    if kind == "bang_cards" and view.decision == "play":
        hand = view.seats[view.viewer].hand or ()
        return [focus_keep(f) for f in (*range(1, len(hand) + 1), SID_MENU, SHOP_MENU)]
    if kind == "bang_dice" and view.decision == "reroll":
        return [frozenset(range(len(view.dice)))]
    return []


def _step_texts(table: Table, language: str, state: Any, events: Sequence[Any]) -> Iterator[str]:
    """Return what one step shows: the outbox's rows, each prompt's other states, pop-ups."""
    engine = get_game(table.kind)
    owing = sorted(engine.to_act(state))
    notes = Notes(attention=Channels(dm=owing, group=owing), remind=owing, mention=True)
    scene = scene_of(table, language, state, events, notes)
    yield from texts(OUTBOX(scene))
    front = front_for(table.kind)
    for seat in range(table.players):
        yield front.mine_text(language, engine, state, seat)
    for seat in owing:
        view = engine.view(state, seat)
        for keep in _keeps(table.kind, view):
            marked = scene_of(table, language, state, (),
                              Notes(marks=PromptMarks(keep, seat)))
            yield from texts(OUTBOX.prompts(marked))
            if table.kind == "bang_dice":
                yield from texts([OUTBOX.table(marked)[0]])


def rendered(table: Table, language: str) -> Iterator[str]:
    """Yield every text of a seeded game of `table`, played to its end, in `language`."""
    engine = get_game(table.kind)
    lobby = scene_of(table, language, None, (), Notes(options=True))
    lobby.game.status = GameStatus.LOBBY
    yield from texts(OUTBOX(lobby))
    step = engine.setup(table.options, table.players, table.seed)
    state, events = step.state, step.events
    chooser = random.Random(table.seed)
    for _ in range(LONGEST):
        yield from _step_texts(table, language, state, events)
        if not engine.to_act(state):
            break
        seat = min(engine.to_act(state))
        policy = engine.bot_action if chooser.random() < 0.7 else engine.default_action
        step = engine.apply(state, seat, policy(state, seat))
        state, events = step.state, step.events
    last = table.players - 1
    notes = Notes(timeouts=[0], taken_over=[last], unreachable=100 + last, left=last,
                  moved_here=True)
    yield from texts(OUTBOX(scene_of(table, language, state, (), notes)))
