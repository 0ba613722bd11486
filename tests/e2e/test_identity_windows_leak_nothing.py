"""End to end: a seat's secret options change nothing the others see, hear or wait for.

Issue #6: "The timeout default never reveals hidden information: a test compares
prompts/messages/timing for seats with and without secret options (e.g. an Old Saloon
identity window) and finds no difference visible to others." tests/core/
test_identity_secrecy.py checks this on the engine; here it goes through Telegram.

Two tables are played by the real application against the fake Bot API (the harness of
test_silent_table.py: a manual clock shared by the bot and the fake Telegram, the
JobQueue's deadline job run by hand). Both are opened in the group with the lobby's
buttons, with the Old Saloon `special_identities` module, the same seed and the same
seats. They differ in one card only: the first Outlaw holds The Gambler (a reaction card:
every Gambler window gives him a secret "reveal" prompt) in one, The Ugly (no reaction
card) in the other — both legal special_only deals; the other Outlaw holds The Bad in
both. The deal is forced by wrapping the engine's `deal_identities` (it returns the same
random state, so dice and characters do not change).

Nobody presses anything and strikes are off (`/settings strikes 0`), so every decision is
the timeout default until the holder is eliminated (an elimination shows the card, as
the rules say) or the game ends. What the three other players could observe is recorded
sweep by sweep: every Bot API request to the group or to their private chats (text,
buttons, edits, removals, with the fake Telegram's timestamp), and the deadlines stored
on the game (deadline_at / remind_at). The two recordings must be identical.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import core.bang_dice.setup as dice_setup
from core.bang_dice.identities import deal_identities
from core.bang_dice.ids import Identity, Role
from storage.models import GameStatus
from tests.e2e.test_silent_table import LANGUAGE, SilentBot, open_table, silent_bot
from tgbot.i18n import t
from tgbot.render.roles import role_name
from tgbot.service.deadlines import TimerSettings

SEED = 3
MODULES = ("special_identities",)
MOST_SWEEPS = 600  # a cap; the holder dies (or the game ends) long before
SILENT_METHODS = {"getupdates", "getme", "setmycommands", "getchatmember"}
WINDOW = timedelta(seconds=TimerSettings().window_seconds)  # the grace of every window


@dataclass
class Recording:
    """One table's game as the others saw it, sweep by sweep."""

    observed: list[list[str]] = field(default_factory=list)
    timing: list[tuple[str, int, str | None, str | None]] = field(default_factory=list)
    window_deadlines: list[timedelta] = field(default_factory=list)
    holder_seat: int = -1
    holder_dms: list[str] = field(default_factory=list)


def forced_deal(card: Identity) -> Callable[..., tuple[int, list[Identity | None]]]:
    """Return `deal_identities` giving the first Outlaw `card` and the second The Bad."""

    def deal(rng: int, roles: list[Role], mode: str) -> tuple[int, list[Identity | None]]:
        rng, cards = deal_identities(rng, roles, mode)
        first, second = (i for i, role in enumerate(roles) if role is Role.OUTLAW)
        cards[first], cards[second] = card, Identity.THE_BAD
        return rng, cards

    return deal


ATTACHED = re.compile(r"attached[0-9a-f]{32}")


class Normaliser:
    """Names the message ids by order of appearance in their chat; drops per-run ids."""

    def __init__(self) -> None:
        self.ids: dict[tuple[str, str], int] = {}
        self.counts: dict[str, int] = {}

    def message_id(self, chat: str, value: Any) -> int:
        if (chat, str(value)) not in self.ids:
            self.ids[(chat, str(value))] = self.counts.get(chat, 0)
            self.counts[chat] = self.counts.get(chat, 0) + 1
        return self.ids[(chat, str(value))]

    def request(self, method: str, params: dict[str, Any], status: int, response: Any,
                at: float) -> str:
        chat = str(params.get("chat_id"))
        shown = {key: value for key, value in params.items() if key != "callback_query_id"}
        if "message_id" in shown:
            shown["message_id"] = self.message_id(chat, shown["message_id"])
        result = response.get("result") if isinstance(response, dict) else None
        sent = result.get("message_id") if isinstance(result, dict) else None
        answer = None if sent is None else self.message_id(chat, sent)
        # An uploaded table picture is attached under a random name per request.
        return ATTACHED.sub("attached", json.dumps([at, method, shown, status, answer],
                                                   sort_keys=True, default=str,
                                                   ensure_ascii=False))


def _observed(bot: SilentBot, start: int, hidden_chat: int, normaliser: Normaliser) -> list[str]:
    """Return the requests from `start` on that someone other than the holder could see."""
    seen = []
    # Chats are delivered concurrently: what a person can see is the order within each
    # chat, so the requests are compared chat by chat (each chat's order kept).
    requests = sorted(bot.api.requests[start:], key=lambda r: str(r.params.get("chat_id")))
    for request in requests:
        if request.method.lower() in SILENT_METHODS:
            continue
        if str(request.params.get("chat_id")) == str(hidden_chat):
            continue  # the holder's private chat: his secret
        seen.append(normaliser.request(request.method, request.params, request.status,
                                       request.response, request.at))
    return seen


async def _record(tmp_path: Path, card: Identity) -> Recording:
    recording = Recording()
    normaliser = Normaliser()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dice_setup, "deal_identities", forced_deal(card))
        async with silent_bot(tmp_path / card.value, seed=SEED) as bot:
            game_id = await open_table(bot, strikes=0, modules=MODULES)
            games = bot.services.games
            table = await games.table(game_id)
            holder = next(i for i, seat in enumerate(table.state.seats)
                          if seat.role is Role.OUTLAW)
            assert table.state.seats[holder].identity is card
            user = table.user_of(holder)
            assert user is not None
            recording.holder_seat = holder
            recording.observed.append(_observed(bot, 0, user, normaliser))
            for _ in range(MOST_SWEEPS):
                before, version = len(bot.api.requests), table.game.version
                game = await bot.sweep(game_id)
                table = await games.table(game_id)
                if game.status is not GameStatus.RUNNING or not table.state.seats[holder].alive:
                    break  # what follows shows the cards, as the rules say
                recording.observed.append(_observed(bot, before, user, normaliser))
                recording.timing.append((bot.clock().isoformat(), game.version,
                                         _iso(game.deadline_at), _iso(game.remind_at)))
                window = table.engine.view(table.state, None).window
                if window and game.version != version:
                    assert game.deadline_at is not None
                    recording.window_deadlines.append(game.deadline_at - bot.clock())
            recording.holder_dms = [m.text or "" for m in bot.api.chat_log(user)]
    return recording


def _secret_choice(card: str) -> str:
    """Return the opening line of a holder's private prompt for `card`."""
    return t(LANGUAGE, "🎭 A secret choice in your game: {decision}", decision=card)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


@pytest.mark.timeout(120)
async def test_holding_a_reaction_card_changes_nothing_the_others_observe(
        tmp_path: Path) -> None:
    holds = await _record(tmp_path, Identity.THE_GAMBLER)
    lacks = await _record(tmp_path, Identity.THE_UGLY)
    assert holds.holder_seat == lacks.holder_seat
    # The secret options were real: only the holder's own chat tells the tables apart.
    gambler = _secret_choice(role_name(LANGUAGE, "the_gambler"))
    start = _secret_choice(re.sub(r"<[^>]+>", "", t(
        LANGUAGE, "<b>{card}</b>, as your turn starts", card=role_name(LANGUAGE, "the_ugly"))))
    assert any(gambler in text for text in holds.holder_dms)
    assert not any(gambler in text for text in lacks.holder_dms)
    assert any(start in text for text in lacks.holder_dms)  # The Ugly's own secret options
    assert holds.holder_dms != lacks.holder_dms
    seen = [line for chunk in holds.observed for line in chunk]
    # The Bad's holder is one of the watchers: his secret prompts are part of the record.
    assert any(_secret_choice(f"<b>{role_name(LANGUAGE, 'the_bad')}</b>") in line
               for line in seen)  # as sent: HTML
    # The windows were many, and each one's deadline was the same fixed grace.
    assert len(holds.window_deadlines) >= 10
    assert set(holds.window_deadlines) == {WINDOW}
    assert holds.window_deadlines == lacks.window_deadlines
    # Same deadlines and reminders, sweep by sweep (timing)...
    assert len(holds.timing) >= 40
    assert holds.timing == lacks.timing
    # ...and the same requests to the group and to the other players' private chats.
    assert len(holds.observed) == len(lacks.observed)
    for index, (mine, other) in enumerate(zip(holds.observed, lacks.observed, strict=True)):
        assert mine == other, f"sweep {index}: the others could tell the tables apart"
    waiting = t(LANGUAGE, "⏳ Waiting for reactions…")
    assert sum(waiting in line for line in seen) >= 10
    print(f"\n{len(holds.timing)} sweeps, {len(seen)} requests the others saw, "
          f"{len(holds.window_deadlines)} windows, identical")
