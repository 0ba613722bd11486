"""What the e2e tests of secrets in the group share (tests/e2e/test_secrets_in_group.py):
a table of four opened and joined in the group alone, a player's press where the bot puts
his choice (the group table, or his ephemeral message, asked for with "🔒 Mine"), and the
per-member secrecy check over every version of every message each member sees.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.bang_cards.actions import Play, Sid
from storage.models import GameStatus
from tests.e2e.harness import BotAtTable, shown
from tests.fakebot import FakeMessage, FakeUser
from tgbot.render.callbacks import Focus, HandMenu
from tgbot.service import reads

Choose = Callable[[list[str], str], str | None]


def datas(message: FakeMessage) -> list[str]:
    """Return a message's callback data, button by button."""
    return [b.get("callback_data", "") for b in message.buttons]


@dataclass
class GroupTable(BotAtTable):
    """The running bot, the group, four players; one never started the bot."""

    kind: str = ""
    in_private: bool = False
    """Private choices are pressed in the private chat (secrets private), not the group."""
    game_id: int = 0
    mine_presses: dict[int, int] = field(default_factory=dict)

    def newest(self, prefix: str) -> FakeMessage | None:
        """Return the newest group message with a button whose data starts with `prefix`."""
        return next((m for m in reversed(self.group_messages()) if not m.deleted
                     and any(d.startswith(prefix) for d in datas(m))), None)

    def view_of(self, user: FakeUser) -> FakeMessage | None:
        """Return the user's newest ephemeral message in the group (his live view)."""
        own = [m for m in self.api.ephemeral_log(self.group)
               if m.receiver_id == user.id and not m.deleted]
        return own[-1] if own else None

    async def open(self, kind: str, *, settings: tuple[str, ...] = ()) -> int:
        """Ana adds the bot, sends `settings` (each answered), opens a table of `kind`; the
        others /join in the group; Ana starts it."""
        api, group, users = self.api, self.group, self.users
        api.add_bot_to_group(group, by=users[0], as_admin=True)
        await self.wait(lambda: any("/newgame" in (m.text or "") for m in self.group_messages()))
        for command in settings:
            before = len(self.group_messages())
            users[0].send(group, command)
            await self.wait(lambda n=before: len(self.group_messages()) > n)
        users[0].send(group, f"/newgame {kind}")
        await self.wait(lambda: self.newest("l:"))
        for user in users[1:]:
            user.send(group, "/join")
        game = await reads.active_game(self.services.games.uow_factory, chat_id=group.id,
                                       topic_id=None)
        assert game is not None
        assert game.id is not None
        self.game_id = game.id

        async def seated() -> int:
            return len(await reads.seats_of(self.services.games.uow_factory, game_id=game.id))

        for _ in range(400):
            if await seated() == len(users):
                break
            await asyncio.sleep(0.05)
        assert await seated() == len(users)
        lobby = self.newest(f"l:{game.id}:start")
        assert lobby is not None
        users[0].press(lobby, f"l:{game.id}:start")
        await self.wait(lambda: self.newest(f"m:{game.id}"))
        return game.id

    async def press(self, user: FakeUser, message: FakeMessage, data: str) -> None:
        """Press a button and wait for its answer: accepted, no refusal pop-up."""
        query = user.press(message, data)["callback_query"]["id"]
        answer = await self.wait(lambda: self.api.callback_answers.get(query))
        assert answer.text is None, (data, answer.text)

    async def private_press(self, user: FakeUser, prefix: str, choose: Choose) -> str:
        """Press, on the user's ephemeral message, the button `choose` picks among those of
        `prefix` (the game at a version); ask for the message with "🔒 Mine" when it is not
        there yet (or does not show this version). Return the data pressed."""
        if self.in_private:
            return await self._dm_press(user, prefix, choose)
        for attempt in range(4):
            view = await self._view_with(user, prefix, timeout=15.0 if attempt == 0 else 20.0)
            if view is not None:
                wanted = choose(datas(view), prefix)
                if wanted is not None:
                    await self.press(user, view, wanted)
                    return wanted
                if await self._changed(user, view):  # an edit is on its way
                    continue
            table = self.newest(f"m:{self.game_id}")
            assert table is not None
            await self.press(user, table, f"m:{self.game_id}")
            self.mine_presses[user.id] = self.mine_presses.get(user.id, 0) + 1
        raise AssertionError(f"{user.first_name} never saw {prefix} in the group: " + repr(
            [(m.message_id, [(v.text, v.reply_markup) for v in m.history])
             for m in self.api.ephemeral_log(self.group) if m.receiver_id == user.id]))

    async def _dm_press(self, user: FakeUser, prefix: str, choose: Choose) -> str:
        """Press the button `choose` picks on the user's newest private message that has one."""
        def ready() -> tuple[FakeMessage, str] | None:
            for message in reversed(self.api.chat_log(user.private)):
                wanted = None if message.deleted else choose(datas(message), prefix)
                if wanted is not None:
                    return message, wanted
            return None

        message, wanted = await self.wait(ready, timeout=30.0)
        await self.press(user, message, wanted)
        return wanted

    async def _changed(self, user: FakeUser, view: FakeMessage) -> bool:
        """Wait for the user's view to change (edited, or a newer one); return whether it
        did within 20 s."""
        versions = len(view.history)
        try:
            await self.wait(lambda: self.view_of(user) is not view
                            or len(view.history) > versions, timeout=20.0)
        except (TimeoutError, AssertionError):
            return False
        return True

    async def _view_with(self, user: FakeUser, prefix: str, *,
                         timeout: float) -> FakeMessage | None:
        def found() -> FakeMessage | None:
            view = self.view_of(user)
            return view if view is not None and any(
                d[1:].startswith(prefix) for d in datas(view)) else None
        try:
            return await self.wait(found, timeout=timeout)
        except (TimeoutError, AssertionError):
            return None


def secret_lines(table: GroupTable) -> dict[int, set[str]]:
    """Return, per player, the lines only he was shown: the secrets line of every version
    of his ephemeral messages (the line under "only you see this")."""
    found: dict[int, set[str]] = {}
    for message in table.api.ephemeral_log(table.group):
        assert message.receiver_id is not None
        for version in message.history:
            lines = shown(version).splitlines()
            if len(lines) > 1 and lines[0].startswith("🔒"):
                found.setdefault(message.receiver_id, set()).add(lines[1])
    return found


def assert_nobody_saw_another_secret(table: GroupTable) -> int:
    """Check, for every member, every version of every message he sees in the group: no
    ephemeral message of another player, no line that is a secrets line shown only to
    other players (the same line shown to him too is his own: two empty hands read
    alike). Return how many versions were read."""
    secrets = secret_lines(table)
    read = 0
    for member in table.users:
        own = secrets.get(member.id, set())
        others = {line for user, lines in secrets.items() if user != member.id
                  for line in lines} - own
        for message in table.api.member_view(table.group, member):
            assert message.receiver_id in (None, member.id), (member.first_name, message)
            for version in message.history:
                read += 1
                text = shown(version)
                leaked = [line for line in text.splitlines() if line in others]
                assert not leaked, (member.first_name, leaked)
    return read


async def press_private(table: GroupTable, user: FakeUser, state: Any, seat: int,
                        action: Any, text: str, prefix: str) -> str:
    """Press the seat's private choice on his ephemeral message (the card game opens a
    hand card first, as a player does)."""
    wanted = f"p{prefix}{text}"

    def exact(found: list[str], _: str) -> str | None:
        return wanted if wanted in found else None

    if isinstance(action, Play | Sid):
        hand = list(state.seats[seat].hand)
        game_id, version = (int(part) for part in prefix.strip(":").split(":"))
        keep = (Focus(game_id, version, menu=HandMenu.SID) if isinstance(action, Sid)
                else Focus(game_id, version, hand.index(action.card) + 1)).data()

        def opened(found: list[str], _: str) -> str | None:
            return wanted if wanted in found else (keep if keep in found else None)

        pressed = await table.private_press(user, prefix, opened)
        if pressed == wanted:
            return pressed
        if isinstance(action, Sid):
            def sid(found: list[str], _: str) -> str | None:
                return next((d for d in found if d.startswith(f"p{prefix}s")), None)
            return await table.private_press(user, prefix, sid)
    return await table.private_press(user, prefix, exact)


async def press_public(table: GroupTable, user: FakeUser, text: str, prefix: str) -> str:
    """Press the choice on the group table (the dice game: its first offered choice)."""
    message = await table.wait(lambda: table.newest(f"p{prefix}"))
    found = datas(message)
    wanted = f"p{prefix}{text}"
    data = wanted if wanted in found else next(d for d in found if d.startswith(f"p{prefix}"))
    await table.press(user, message, data)
    return data


async def play_in_group(table: GroupTable, game_id: int, seed: int) -> Counter[str]:
    """Play game `game_id` to its end as the engine's bot would, each choice pressed where
    its player sees it: public ones on the group table, private ones on his ephemeral
    message or in his private chat (`table.in_private`); return the presses by place
    ("group table", "private") and by player's first name."""
    service = table.services.games
    rng = random.Random(seed)
    presses: Counter[str] = Counter()
    for _ in range(5000):
        current = await service.table(game_id)
        if current.game.status is not GameStatus.RUNNING:
            break
        engine, state, version = current.engine, current.state, current.game.version
        seat = rng.choice(sorted(engine.to_act(state)))
        user = next(u for u in table.users if u.id == current.user_of(seat))
        action = engine.bot_action(state, seat)
        text = engine.encode_action(action)
        prefix = f":{game_id}:{version}:"
        prompt = next(p for p in engine.prompts(state) if p.seat == seat)
        if prompt.public and (text in prompt.public or not prompt.private):
            await press_public(table, user, text, prefix)
            presses["group table"] += 1
        else:
            await press_private(table, user, state, seat, action, text, prefix)
            presses["private"] += 1
        presses[user.first_name] += 1
    await table.services.deliverer.idle()
    if table.services.deliverer.views is not None:
        await table.services.deliverer.views.idle()
    return presses
