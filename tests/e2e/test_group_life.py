"""End to end: a group's life after its games — /stats, /top, /games (JSON, step by step,
animation) and the rematch — through the real application and the fake Bot API.

Games are played to their end by handing every player's seat to the bot (the service's
`hand_to_bot`, as /botseat does): the bot plays the whole game in one command, whose
unit of work tallies the records and whose outbox posts the final table.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import AsyncIterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageSequence

from tests.e2e.harness import BotAtTable
from tests.fakebot import FakeBotApi, FakeMessage, FakeUser, RateLimits
from tests.fakebot.world import PendingQuery
from tests.support.bot import running_bot, sqlite_url
from tests.support.speed import telegram_speed
from tgbot.i18n import t
from tgbot.render.archive import frame_png, frame_steps, gif_frames
from tgbot.render.front import front_for
from tgbot.render.images import render_table, stored_group_view
from tgbot.service import archive, lobby, reads, standings
from tgbot.service.commands import Player

EN = "en"
SPEED = telegram_speed()  # the per-group window scaled down, unless --real-limits


class Table(BotAtTable):
    WAIT_SECONDS = 30.0


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    limits = RateLimits(per_group_window=60 / SPEED)
    async with FakeBotApi(limits=limits) as api:
        names = ["Ana", "Bia", "Caio", "Duda"]
        users = [api.add_user(3000 + i, name, language_code=EN,
                              username="caio_rides" if name == "Caio" else None)
                 for i, name in enumerate(names)]
        group = api.add_group(-1009, "Saloon", admins=(3000,),
                              members=tuple(u.id for u in users))
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: 11,
                               settings={"group_messages_per_minute": 20 * SPEED}) as app:
            api.add_bot_to_group(group, by=users[0], as_admin=True)
            for user in users[:3]:  # Duda never opens a private chat with the bot
                user.start()
            found = Table(api, app, group, users)
            await _command(found, users[0], group, "/settings en")
            yield found


async def _finished(table: Table, players: list[FakeUser], bots: int,
                    kind: str = "bang_dice", options: dict[str, Any] | None = None) -> int:
    """Seat the players (and bots) at a table, deal it, and let the bot play every seat to
    the end; return the game's id."""
    games = table.services.games
    creator = players[0]
    game_id = await games.run(lobby.open_lobby, chat_id=table.group.id, topic_id=None,
                              kind=kind, options=options or {},
                              creator=Player(creator.id, creator.first_name), now=games.now)
    for user in players[1:]:
        await games.run(lobby.join_lobby, game_id=game_id,
                        player=Player(user.id, user.first_name), now=games.now)
    for _ in range(bots):
        await games.run(lobby.add_bot, game_id=game_id, now=games.now)
    await games.start(game_id)
    for seat in range(len(players)):
        await games.hand_to_bot(game_id, seat)
    game = await games.run(reads.load_game, game_id=game_id)
    assert game.status == "finished"
    return game_id


def _reply_after(table: Table, chat: Any, before: int) -> FakeMessage | None:
    fresh = table.api.chat_log(chat)[before:]
    return fresh[-1] if fresh else None


async def _command(table: Table, user: FakeUser, chat: Any, text: str) -> FakeMessage:
    """Send a command and return the bot's reply to it (in private, its next message:
    replies there do not quote)."""
    before = len(table.api.chat_log(chat))
    update = user.send(chat, text)
    assert update is not None
    if isinstance(chat, FakeUser):
        return await table.wait(lambda: _reply_after(table, chat, before))
    sent = update["message"]["message_id"]
    return await table.wait(lambda: next(
        (m for m in table.api.chat_log(chat) if m.reply_to == sent), None))


async def _reply(table: Table, user: FakeUser, text: str, to: FakeMessage) -> FakeMessage:
    """Send a command in reply to a message and return the bot's reply to it."""
    update = user.send(table.group, text, reply_to=to)
    assert update is not None
    sent = update["message"]["message_id"]
    return await table.wait(lambda: next(
        (m for m in table.api.chat_log(table.group) if m.reply_to == sent), None))


def _forged(table: Table, user: FakeUser, message: FakeMessage, data: str) -> dict[str, Any]:
    """Press `data` on a message whether or not a button of it carries it."""
    world = table.api.world
    query_id = f"forged-{len(world.queries)}"
    world.queries[query_id] = PendingQuery(query_id, user.id, message, data, world.clock())
    update = world.updates.push("callback_query", {
        "id": query_id, "from": user.to_json(), "message": world.message_json(message),
        "chat_instance": "1", "data": data})
    world.on_change()
    return {"callback_query": {"id": query_id}, "pushed": update}


async def _answer(table: Table, update: dict[str, Any]) -> Any:
    query_id = update["callback_query"]["id"]
    return await table.wait(lambda: table.api.callback_answers.get(query_id))


async def test_stats_and_top_show_the_records_the_games_left(table: Table) -> None:
    ana, bia, caio, _ = table.users
    await _finished(table, [ana, bia], bots=2)
    await _finished(table, [bia, ana, caio], bots=1)
    uow = table.services.games.uow_factory
    mine = await standings.player_stats(uow, chat_id=table.group.id, user_id=ana.id)
    assert mine.overall is not None
    assert mine.overall.played == 2
    reply = await _command(table, ana, table.group, "/stats")
    overall = mine.overall
    assert reply.text.startswith(t(EN, "📊 {name} in this group", name="Ana"))
    assert f"{overall.played} played · {overall.wins} won" in reply.text
    assert "by role:" in reply.text
    for role in mine.kinds["bang_dice"].roles.values():
        assert f"{role.wins}/{role.played} ({round(100 * role.rate)}%)" in reply.text
    theirs = await _command(table, ana, table.group, "/stats @Caio")
    assert theirs.text.startswith(t(EN, "📊 {name} in this group", name="Caio"))
    assert "1 played" in theirs.text
    by_username = await _command(table, ana, table.group, "/stats @Caio_Rides")
    assert by_username.text == theirs.text
    said = table.api.chat_log(table.group, include_users=True)
    caio_said = caio.send(table.group, "good game")
    assert caio_said is not None
    message = next(m for m in table.api.chat_log(table.group, include_users=True)[len(said):]
                   if m.sender_id == caio.id)
    by_reply = await _reply(table, ana, "/stats", message)
    assert by_reply.text == theirs.text
    nobody = await _command(table, ana, table.group, "/stats @nobody_here")
    assert "Nobody with records in this group matches @nobody_here" in nobody.text
    top = await _command(table, caio, table.group, "/top")
    ranked = await standings.group_table(uow, chat_id=table.group.id)
    lines = [line for line in top.text.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert [line.split(":")[0] for line in lines] == [
        f"{rank}. {name}" for rank, (name, _) in enumerate(ranked, start=1)]
    private = await _command(table, ana, ana, "/stats")
    assert private.text.startswith(t(EN, "📊 {name} in all groups", name="Ana"))
    assert "2 played" in private.text


async def test_a_rematch_seats_the_same_players_each_with_one_tap(table: Table) -> None:
    ana, bia, _, duda = table.users
    old = await _finished(table, [ana, bia], bots=1, options={"modules": ["chief_arrow"]})
    rematch = t(EN, "🔁 Rematch")
    final = await table.wait(lambda: next((m for m in reversed(table.group_messages())
                                           if any(b["text"] == rematch for b in m.buttons)),
                                          None))
    refused = await _answer(table, duda.press_button(final, rematch))
    assert refused.text == t(EN, "Only the players of that game sit at its rematch.")
    for data in ("r:99999", "r:0", "r:١", "r:" + "9" * 40):  # forged: no such game or form
        forged = await _answer(table, _forged(table, duda, final, data))
        assert forged.text == t(EN, "This button is not valid.")
    first = await _answer(table, ana.press_button(final, rematch))
    assert first.text.startswith("🔁")
    uow = table.services.games.uow_factory
    lobby_game = await reads.active_game(uow, chat_id=table.group.id, topic_id=None)
    assert lobby_game is not None
    assert lobby_game.status == "lobby"
    again = await _answer(table, ana.press_button(final, rematch))
    assert again.text == t(EN, "🔁 You were already in: waiting for the others.")
    im_in = t(EN, "🔁 I'm in")
    posted = await table.wait(lambda: next((m for m in reversed(table.group_messages())
                                            if any(b["text"] == im_in for b in m.buttons)),
                                           None))
    assert "Bia" in posted.text.split(":")[-1]  # whom it waits for
    await _answer(table, bia.press_button(posted, im_in))
    new, seats = await reads.game_with_seats(uow, game_id=lobby_game.id or 0)
    _, old_seats = await reads.game_with_seats(uow, game_id=old)
    assert new.status == "running"
    assert [(s.seat, s.user_id) for s in seats] == [(s.seat, s.user_id) for s in old_seats]
    assert [s.is_bot for s in seats] == [False, False, True]  # a bot seat stays a bot
    assert new.options == {"modules": ["chief_arrow"]}
    assert new.kind == "bang_dice"
    late = await _answer(table, bia.press_button(final, rematch))
    assert late.text == t(EN, "This rematch has already started or was cancelled.")


async def test_games_lists_exports_steps_through_and_animates_a_game(table: Table) -> None:
    ana, bia, _, duda = table.users
    game_id = await _finished(table, [ana, bia], bots=1)
    listing = await _command(table, bia, table.group, "/games")
    title = front_for("bang_dice").title(EN)
    assert t(EN, "📜 Finished games here, newest first:") in listing.text
    assert "1. " in listing.text
    assert title in listing.text
    uow = table.services.games.uow_factory
    found = await archive.archived(uow, game_id=game_id)
    winners = [found.names[s] for s in (found.game.outcome or {})["winners"]]
    assert ", ".join(winners) in listing.text
    for data in (f"v:{game_id}:{len(found.log) + 1}", "x:99999", "a:0", "v:1:x", "x:"):
        forged = await _answer(table, _forged(table, bia, listing, data))
        assert forged.text == t(EN, "This button is not valid.")
    # JSON, in private: storage.export's form
    before = len(table.api.chat_log(ana))
    sent = await _answer(table, ana.press_button(listing, t(EN, "📄 {number} JSON", number=1)))
    assert sent.text == t(EN, "Sent to you in private.")
    document = await table.wait(lambda: _reply_after(table, ana, before))
    assert json.loads(document.media.data) == await archive.exported(uow, game_id=game_id)
    unreachable = await _answer(table, duda.press_button(
        listing, t(EN, "📄 {number} JSON", number=1)))
    assert unreachable.show_alert
    assert "press Start" in unreachable.text
    # step by step, in private: the group's table after each move
    before = len(table.api.chat_log(ana))
    ana.press_button(listing, t(EN, "▶️ {number} replay", number=1))
    step = await table.wait(lambda: _reply_after(table, ana, before))
    total = len(found.log)
    assert f"move 0 of {total}" in step.text
    ana.press_button(step, "▶")
    await table.wait(lambda: f"move 1 of {total}" in (step.text or ""))
    engine = found.engine
    view = engine.view(found.states[1], None)
    expected = front_for("bang_dice").table_text(EN, view, found.names, [])
    assert html.unescape(re.sub(r"<[^>]+>", "", expected)) in step.text
    assert f"move 0 of {total}" not in step.text
    # the animation: one frame per turn, each the table picture of the group's view
    before = len(table.api.chat_log(ana))
    ana.press_button(listing, t(EN, "🎞 {number} animation", number=1))
    clip = await table.wait(lambda: _reply_after(table, ana, before), timeout=60)
    assert clip.media.kind == "animation"
    with Image.open(BytesIO(clip.media.data)) as gif:
        frames = [frame.convert("RGB").tobytes() for frame in ImageSequence.Iterator(gif)]
    steps = frame_steps(found)
    assert len(frames) == len(steps) > 2
    pictures = [frame_png(EN, found, step) for step in steps]
    wanted = [frame.convert("RGB").tobytes() for frame in gif_frames(pictures)]
    assert frames == wanted
    # the last frame is the final table the group was shown (its stored group view)
    rows = await table.services.games.run(_table_row, game_id=game_id)
    recorded = render_table(stored_group_view(rows["photo"]), EN, found.names)
    assert recorded == pictures[-1]


async def _table_row(uow_factory: Any, *, game_id: int) -> dict[str, Any]:
    """Return the payload of the game's group table as its last rendering stored it."""
    async with uow_factory() as uow:
        rows = await uow.deliveries.of_game(game_id=game_id)
    payload: dict[str, Any] = next(row.payload for row in rows if row.key == "table")
    return payload
