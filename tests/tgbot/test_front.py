"""Per-game fronts: the registry, the dice front, and DM prompts kept one per seat."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from core.engine.protocol import Clock
from core.engine.registry import game_ids, get_game
from tests.support.fake_uow import MemoryStore, fake_uow_factory
from tests.tgbot.fakes import FakeBot, wire
from tgbot import render
from tgbot.i18n import t
from tgbot.render.callbacks import LobbyOp
from tgbot.render.dice.front import MODULES, role_name
from tgbot.render.front import front_for, playable_kinds
from tgbot.render.roles import GOALS
from tgbot.service import lobby
from tgbot.service.commands import Player
from tgbot.service.games import GameService

GAME = get_game("bang_dice")
FRONT = front_for("bang_dice")
SALOON = {"modules": ["special_identities"]}


def _state(options: dict[str, Any], version: int, seed: int = 0) -> Any:
    """Return a 5-player game after `version` timeout defaults."""
    state = GAME.setup(options, 5, seed).state
    while GAME.version(state) < version:
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.default_action(state, seat)).state
    return state


def test_only_games_with_a_front_are_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "bang_dice" in playable_kinds()
    assert set(playable_kinds()) <= set(game_ids())
    monkeypatch.setattr(render.front, "game_ids", lambda: ["bang_dice", "no_front"])
    assert playable_kinds() == ["bang_dice"]
    with pytest.raises(KeyError):
        front_for("no_front")


def _shown(state: Any) -> tuple[int | None, tuple[str, ...]]:
    """Return the seat whose buttons the group table shows, and those action texts."""
    return next(((p.seat, p.public) for p in GAME.prompts(state) if p.public), (None, ()))


def _private(state: Any) -> dict[int, tuple[str, ...]]:
    """Return, per seat, the action texts it gets by DM."""
    return {p.seat: p.private for p in GAME.prompts(state) if p.private}


def test_reveals_and_windows_go_by_dm_only() -> None:
    reveal = _state(SALOON, 38)  # seat 3 may reveal its identity as its turn starts
    assert _shown(reveal) == (3, ("x",))  # the group sees "go on" only
    private = _private(reveal)
    assert list(private) == [3]
    assert {"x", "v01"} <= set(private[3])
    window = _state(SALOON, 1)  # the Doctor's window: every identity holder owes it
    assert _shown(window) == (None, ())
    private = _private(window)
    assert list(private) == [2]
    assert "x" in private[2]
    assert {p.clock for p in GAME.prompts(window)} == {Clock.WINDOW}
    plain = _state({}, 0)
    seat, legal = _shown(plain)
    assert seat == min(GAME.to_act(plain))
    assert legal
    assert _private(plain) == {}
    assert [p.clock for p in GAME.prompts(plain)] == [Clock.TURN]


def test_turns_headlines_and_secrets() -> None:
    assert FRONT.is_turn_start({"kind": "turn_started"})
    assert not FRONT.is_turn_start({"kind": "game_ended"})
    assert FRONT.is_headline({"kind": "eliminated"})
    state = _state({}, 0)
    assert GAME.turn_marker(state) == GAME.view(state, None).turn_number
    dealt = {"kind": "role_dealt", "seat": 3, "role": "outlaw", "identity": None,
             "audience": [3]}
    assert FRONT.dm_seats(dealt) == (3,)
    assert FRONT.private_event_texts("en", dealt) == [  # the side and the goal come along
        "🤫 Your secret identity: <b>Outlaw</b>\n" + t("en", GOALS["outlaw"])]
    assert FRONT.dm_seats({"kind": "dice_rolled", "seat": 1}) == ()
    role = GAME.view(state, 2).role
    assert FRONT.mine_text("en", GAME, state, 2) == (
        f"🤫 Your secret identity: {role_name('en', role)}\n{t('en', GOALS[role])}")
    assert FRONT.title("en") == "BANG! The Dice Game"


def test_old_saloon_options_toggle_and_render() -> None:
    options = FRONT.toggle_option({}, "mghost")
    assert options == {"modules": ["ghost"]}
    assert FRONT.toggle_option(options, "mghost") == {"modules": []}
    assert FRONT.toggle_option(options, "opt") is None
    assert FRONT.toggle_option(options, "mnothing") is None
    assert FRONT.options_lines("en", {}) == []
    assert FRONT.options_lines("en", options) == ["🧩 Old Saloon expansion: The Ghost (5+ players)"]
    rows = FRONT.option_buttons("en", 9, options)
    ops = [LobbyOp.decode(data).op for row in rows for _, data in row]
    assert "mghost" in ops
    assert ops == [f"m{m}" for m in MODULES]
    assert rows[ops.index("mghost")][0][0].startswith("✅")


async def test_a_seats_dm_prompt_is_edited_while_owed_then_retired() -> None:
    clock = datetime(2026, 1, 1, tzinfo=UTC)
    games = GameService(fake_uow_factory(MemoryStore()), now=lambda: clock,
                        seed_source=lambda: 0)
    game_id = await lobby.open_lobby(games.uow_factory, chat_id=-1, topic_id=None,
                                     kind="bang_dice", options=SALOON,
                                     creator=Player(1, "Ana"), now=games.now)
    for user in range(2, 6):
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user, f"P{user}"), now=games.now)
    bot = FakeBot()
    deliverer = wire(games, bot)
    await games.start(game_id)
    await deliverer.idle()
    for user in range(1, 6):  # every seat learns its identity by DM
        assert any("🤫" in sent["text"] for sent in bot.to(user, "send"))

    async def play(seat: int, action: str) -> None:
        table = (await games.table(game_id))
        user = table.user_of(seat)
        assert user is not None
        await games.play(game_id, user, table.game.version, action)
        await deliverer.idle()

    async def prompts() -> list[int]:
        """Return the seats with a live private prompt message."""
        async with games.uow_factory() as uow:
            rows = await uow.deliveries.of_game(game_id=game_id)
        return [int(row.key.split(":")[1]) for row in rows
                if row.key.startswith("prompt:") and row.message_id is not None]

    await play(0, "x")  # the Doctor's window opens; only seat 2 (user 3) has a choice
    assert await prompts() == [2]
    [sent] = bot.to(3, "send")[-1:]
    assert "🎭" in sent["text"]
    await play(1, "x")  # another seat passes: seat 2's prompt is edited, not sent again
    assert bot.to(3, "send")[-1] is sent
    assert bot.to(3, "edit")[-1]["message_id"] == sent["message_id"]
    assert await prompts() == [2]
    await play(2, "x")  # seat 2 passes: its prompt loses its buttons and its call to act
    closing = bot.to(3, "edit")[-1]
    assert closing["message_id"] == sent["message_id"]
    assert not closing.get("reply_markup")
    assert closing["text"].endswith(t("pt-BR", "✔️ Nothing to decide here any more."))
    assert await prompts() == []
