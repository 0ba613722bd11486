"""End to end (#29): four people play each game in a group with their secrets in the group
(the default `/settings secrets group`), none of them ever opening a private chat, one of
them (Davi) never having started the bot at all.

Every public choice is pressed on the group table; every private one (a hand card, a
Colt Express card, an answer to an attack) on the player's ephemeral message, which he
asks for with "🔒 Mine" when he has none, and which the bot then edits in place as his
prompt changes. Who presses what follows the engine's bot, as in the other e2e games.
Telegram's limits are on, the per-group window scaled down ten times on both sides as in
the other e2e games. At the end: every callback query was pressed in the group; Davi's
private chat holds nothing; and for every member, no version of any message he sees in
the group (its history and his own ephemeral messages) shows another player's secrets.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.models import GameStatus
from tests.e2e.cards_secrecy import assert_group_kept_secrets, public_record
from tests.e2e.secrets_in_group import (
    GroupTable,
    assert_nobody_saw_another_secret,
    play_in_group,
)
from tests.fakebot import FakeBotApi, RateLimits
from tests.support.bot import running_bot, sqlite_url
from tests.support.speed import telegram_speed

SPEED = telegram_speed()  # the per-group window scaled down, unless --real-limits
SEED = 2029
GAMES = ("bang_dice", "colt_express", "bang_cards")


# The card game's run (8 to 9 minutes: its many private choices wait for the group's flood
# budget, which ephemeral messages share) is a long run (--long, docs/testing.md); the
# card game's whole game in the group runs by default in test_cards_in_group.py.
@pytest.fixture(params=[pytest.param(g, marks=pytest.mark.long) if g == "bang_cards" else g
                        for g in GAMES])
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GroupTable]:
    async with FakeBotApi(limits=RateLimits(per_group_window=60 / SPEED)) as api:
        names = ["Ana", "Bruno", "Carla", "Davi"]
        languages = ["pt-BR", "en", "it", "pt-BR"]
        users = [api.add_user(6000 + i, name, language_code=language)
                 for i, (name, language) in enumerate(zip(names, languages, strict=True))]
        group = api.add_group(-1006543, "Saloon", admins=(6000,),
                              members=tuple(u.id for u in users))
        for user in users[:3]:  # they started the bot once, long ago; Davi never did
            user.started = True
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED,
                               settings={"group_messages_per_minute": 20 * SPEED}) as app:
            found = GroupTable(api, app, group, users, kind=request.param)
            found.WAIT_SECONDS = 30.0
            yield found
            assert not api.internal_errors


@pytest.mark.timeout(900)
async def test_every_player_plays_in_the_group_and_nobody_sees_another_secret(
        table: GroupTable) -> None:
    game_id = await table.open(table.kind)
    service = table.services.games
    start = await service.table(game_id)
    presses = await play_in_group(table, game_id, SEED)
    final = await service.table(game_id)
    assert final.game.status is GameStatus.FINISHED, presses
    davi = table.users[3]
    assert all(presses[u.first_name] for u in table.users), presses  # all four played
    assert not table.api.chat_log(davi.private)  # he never started the bot: nothing there
    # the only refusals: his private chat (403), and flood waits
    refused = [(e.method, e.status, e.response.get("description")) for e in table.api.errors
               if e.status != 429
               and not (e.status == 403 and str(e.params.get("chat_id")) == str(davi.id))]
    assert not refused
    queries = table.api.world.queries.values()
    assert queries
    assert all(q.message.chat_id == table.group.id for q in queries)
    if table.kind != "bang_dice":  # the dice game's only secret is the identity
        assert presses["private"]
    # Davi, whom the bot cannot write to, was shown his secrets in the group
    assert [m for m in table.api.ephemeral_log(table.group) if m.receiver_id == davi.id]
    read = assert_nobody_saw_another_secret(table)
    if table.kind == "bang_cards":
        record = await public_record(service.uow_factory, game_id, len(start.seats),
                                     start.game.options, start.game.seed)
        assert_group_kept_secrets(table.api, table.group, final.names, "pt-BR", record)
    edits = [c for c in table.api.calls("editEphemeralMessageText") if c.ok]
    print(f"\n{table.kind}: presses {dict(presses)}, Mine presses {table.mine_presses}, "
          f"{len(table.api.ephemeral_log(table.group))} ephemeral messages, {len(edits)} "
          f"edited in place, {read} message versions read per member")
