"""Acceptance: a group that restricts the bot still gets a playable game, or a paused one
whose players were told (issue #26, item 4; tgbot/delivery/group_rights.py).

- A group whose members may not send photos (the bot a plain member) refuses the table's
  picture with 400 "not enough rights to send photos to the chat": the bot sends the text
  table at once, remembers the refusal on the chat, and the game goes on with text tables
  to its end; when an admin lets it send photos again (a my_chat_member update), the
  running table is shown as a picture again at once.
- A group whose members may not write refuses the table with 400 "not enough rights to
  send text messages to the chat": the game pauses, each seated player the bot can write
  to is told once, privately; promoting the bot (a my_chat_member update) resumes it.
The fake Telegram runs at Telegram's real flood limits; bots fill most seats.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from storage.models import GameStatus
from tests.e2e.faults_helpers import CanAct
from tests.e2e.harness import shown
from tests.e2e.refusals_helpers import WAIT, Solo, solo_table
from tests.fakebot import RecordedRequest
from tests.fakebot import errors as E
from tgbot.i18n import pick_language, t
from tgbot.service.chat_rights import PICTURES_REFUSED

pytestmark = pytest.mark.timeout(600)
PHOTO_CALLS = ("sendphoto", "editmessagemedia")


def _photo_calls(table: Solo) -> list[RecordedRequest]:
    """Return the bot's calls that send the group a picture, in order."""
    return [r for r in table.api.requests if r.method.lower() in PHOTO_CALLS
            and str(r.params.get("chat_id")) == str(table.group.id)]


def _refused(table: Solo, description: str) -> list[RecordedRequest]:
    return [r for r in table.api.errors if r.response.get("description") == description
            and str(r.params.get("chat_id")) == str(table.group.id)]


async def _over(table: Solo) -> bool:
    return (await table.game()).status is not GameStatus.RUNNING


# -- pictures refused ----------------------------------------------------------------------
async def test_a_group_refusing_photos_from_the_start_plays_to_the_end_with_text_tables(
        tmp_path: Path) -> None:
    async with solo_table(tmp_path) as table:
        table.api.set_group_permissions(table.group, can_send_photos=False)
        await table.games.start(table.game_id)
        turn = await table.can_act()  # the text table, sent at once after the refusal
        [refusal] = _refused(table, E.NO_PHOTO_RIGHTS)
        assert refusal.method.lower() == "sendphoto"
        assert turn.message.text is not None
        assert turn.message.media is None
        assert PICTURES_REFUSED in await table.chat_options()
        await table.play_until(turn, lambda: _over(table))
        final = await table.wait(table.final_message, timeout=WAIT)
        assert final.media is None
        assert (await table.game()).status is GameStatus.FINISHED
        assert _photo_calls(table) == [refusal]  # remembered: never tried again
        tables = [m for m in table.group_messages() if "🔒" in str(m.history[0].reply_markup)]
        assert tables
        assert all(m.media is None for m in tables)


async def test_photos_refused_mid_game_fall_back_to_text_and_return_when_allowed(
        tmp_path: Path) -> None:
    async with solo_table(tmp_path) as table:
        await table.games.start(table.game_id)
        turn: CanAct | None = await table.can_act()
        assert turn is not None
        assert turn.message.media is not None  # a picture while the group allows them
        table.api.set_group_permissions(table.group, can_send_photos=False)

        async def text_table() -> bool:
            return bool(_refused(table, E.NO_PHOTO_RIGHTS))

        turn = await table.play_until(turn, text_table)
        assert turn is not None, "the game ended before its picture was refused"
        [refusal] = _refused(table, E.NO_PHOTO_RIGHTS)
        assert turn.message.media is None  # the text, at once
        assert PICTURES_REFUSED in await table.chat_options()
        turn = await table.play(turn)
        assert _refused(table, E.NO_PHOTO_RIGHTS) == [refusal]
        assert turn is not None  # the seeded game is still on
        assert turn.message.media is None
        tried = len(_photo_calls(table))
        table.api.set_group_permissions(table.group, can_send_photos=True)
        table.api.promote_bot(table.group)  # my_chat_member: try pictures again at once
        await table.wait(lambda: any(r.ok for r in _photo_calls(table)[tried:]), timeout=WAIT)
        assert PICTURES_REFUSED not in await table.chat_options()
        turn = await table.can_act()
        assert turn.message.media is not None


# -- writing refused -----------------------------------------------------------------------
async def test_a_group_where_the_bot_may_not_write_pauses_tells_players_and_resumes(
        tmp_path: Path) -> None:
    async with solo_table(tmp_path, humans=3, started=2, bots=0, pictures=False) as table:
        ana, bruno, carla = table.users  # Carla never opened a chat with the bot
        await table.games.start(table.game_id)
        turn = await table.can_act()
        await table.services.deliverer.idle()  # what it showed is stored
        table.api.set_group_permissions(table.group, can_send_messages=False)
        ana.send(table.group, "/status")  # the table, posted anew: refused

        async def paused() -> bool:
            return (await table.game()).paused_at is not None

        await table.wait(lambda: _refused(table, E.NO_TEXT_RIGHTS), timeout=WAIT)
        for user in (ana, bruno):
            text = t(pick_language(user.language_code),
                     "⏸ Your game in {group} is paused: I may no longer write there. It goes "
                     "on as soon as an admin lets me write again.", group="Saloon")
            await table.wait(lambda u=user, x=text: [m for m in table.api.chat_log(u.private)
                                                      if m.text == x], timeout=WAIT)
        assert await paused()
        assert (await table.game()).deadline_at is None  # its clock stopped
        assert not table.api.chat_log(carla.private)
        ana.send(table.group, "/status")  # refused again: nobody is told twice
        await table.wait(lambda: len(_refused(table, E.NO_TEXT_RIGHTS)) >= 2, timeout=WAIT)
        await table.services.deliverer.idle()
        for user in (ana, bruno):
            notes = [m for m in table.api.chat_log(user.private) if m.text and "⏸" in m.text]
            assert len(notes) == 1, user.first_name

        before = len(table.group_messages())
        table.api.promote_bot(table.group, by=ana)  # my_chat_member: it may write again
        await table.wait(lambda: table.table_message() in table.group_messages()[before:],
                         timeout=WAIT)  # the table, posted anew
        turn = await table.can_act()
        assert turn.message is table.table_message()
        game = await table.game()
        assert game.paused_at is None
        assert game.deadline_at is not None
        assert shown(turn.message)
        await table.play(turn)
