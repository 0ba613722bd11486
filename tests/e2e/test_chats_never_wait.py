"""Acceptance: one busy group never makes another chat wait, a burst of presses costs one
edit, and a turn timer fires on time.

The real application (tgbot.app.build_application: handlers, service, delivery loop,
storage on SQLite, python-telegram-bot's HTTP stack and the bot's ChatRateLimiter) talks to
the fake Bot API of tests/fakebot with Telegram's real limits (RateLimits()): 1 message a
second per chat with a burst of 3, 20 a minute per group (edits count), 30 a second overall.
Latencies are measured on the fake's clock (wall time): from the moment the fake made the
update (a press's callback query, a user's message) to the bot's answer or reply.

Tables are seated through storage (`lobby.open_lobby` / `join_lobby`) and dealt by the
service's `start`, as the lobby's ▶️ button does: the lobby's own messages are not what
these tests are about. With SEED the game opens on seat 1's re-roll of five free dice, so
the table carries five `d:` die marks (and the `d:…:r` re-roll button).

The 60-second timer test runs in real time (about a minute); the others take seconds.
"""

from __future__ import annotations

import asyncio
import statistics
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from storage.models import ActorKind, Delivery
from tests.e2e.harness import BotAtTable
from tests.fakebot import FakeBotApi, FakeGroup, FakeMessage, FakeUser
from tests.support.bot import running_bot, sqlite_url
from tgbot.botapi.rate_limit import ChatRateLimiter
from tgbot.delivery.loop import Deliverer
from tgbot.service import lobby, reads
from tgbot.service.commands import Player

SEED = 1  # seat 1 opens with a re-roll of five free dice
KIND = "bang_dice"
LIMIT_SECONDS = 0.5  # the bound on an answer or a reply in an idle chat
SAMPLES = 6
SAMPLE_GAP = 1.0  # a private chat's own limit is 1 message a second (after a burst of 3)
PRESS_GAP = 0.08  # group A's players together: 12 presses a second
BURST = 20
TIMER_SECONDS = 60
TIMER_SLACK = 2.0  # the issue: a 60-second timer times out within 62 s


@dataclass
class Chats(BotAtTable):
    """The running bot; group A (`group`, `users`), group B and a user with no table."""

    group_b: FakeGroup = field(default=None)  # type: ignore[assignment]
    users_b: list[FakeUser] = field(default_factory=list)
    loner: FakeUser = field(default=None)  # type: ignore[assignment]

    @property
    def deliverer(self) -> Deliverer:
        return self.services.deliverer

    @property
    def limiter(self) -> ChatRateLimiter:
        limiter = self.app.bot.rate_limiter
        assert isinstance(limiter, ChatRateLimiter)
        return limiter

    def budget_wait(self, chat_id: int) -> float:
        """Return the seconds until the bot's limiter lets a message to the chat go."""
        return max(0.0, self.limiter.ready_at(chat_id) - self.limiter.now())


@pytest.fixture
async def chats(tmp_path: Path) -> AsyncIterator[Chats]:
    async with FakeBotApi() as api:  # Telegram's real limits
        users_a = [api.add_user(5000 + i, name, language_code="en")
                   for i, name in enumerate(["Ana", "Bruno", "Carla", "Davi"])]
        users_b = [api.add_user(5100 + i, name, language_code="en")
                   for i, name in enumerate(["Eva", "Fabio", "Gina", "Hugo"])]
        loner = api.add_user(5200, "Iris", language_code="en")
        group_a = api.add_group(-1005001, "Saloon A", admins=(users_a[0],), members=users_a)
        group_b = api.add_group(-1005002, "Saloon B", admins=(users_b[0],), members=users_b)
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED) as app:
            yield Chats(api, app, group_a, users_a, group_b, users_b, loner)


# -- setting up -------------------------------------------------------------------------
async def started(chats: Chats, user: FakeUser) -> None:
    """The user opens the private chat (so the bot may DM him) and gets the welcome."""
    before = len(chats.api.chat_log(user.private))
    user.start()
    await chats.wait(lambda: len(chats.api.chat_log(user.private)) > before)


async def open_table(chats: Chats, group: FakeGroup, players: list[FakeUser], *,
                     timers: dict[str, Any] | None = None) -> int:
    """Add the bot to the group, seat the players at a dice table and deal it; return its
    id once the table message (with its die toggles) is in the group."""
    api, games = chats.api, chats.services.games
    for user in players:
        await started(chats, user)
    api.add_bot_to_group(group, by=players[0], as_admin=True)
    await chats.wait(lambda: api.chat_log(group))  # the bot's hello
    game_id = await lobby.open_lobby(
        games.uow_factory, chat_id=group.id, topic_id=None, kind=KIND, options={},
        creator=Player(players[0].id, players[0].first_name), now=games.now)
    for user in players[1:]:
        await lobby.join_lobby(games.uow_factory, game_id=game_id,
                               player=Player(user.id, user.first_name), now=games.now)
    if timers is not None:
        await lobby.set_lobby(games.uow_factory, game_id=game_id, lobby={"timers": timers},
                              now=games.now)
    await games.start(game_id)
    await chats.wait(lambda: toggles(live_table(api, group)))
    return game_id


# -- reading the group ------------------------------------------------------------------
def live_table(api: FakeBotApi, group: FakeGroup) -> FakeMessage | None:
    """Return the group's newest bot message carrying game buttons, or None."""
    for message in reversed(api.chat_log(group)):
        if any(b.get("callback_data", "").startswith(("p:", "d:")) for b in message.buttons):
            return message
    return None


def datas(message: FakeMessage | None, prefix: str) -> list[str]:
    return [b["callback_data"] for b in (message.buttons if message else [])
            if b.get("callback_data", "").startswith(prefix)]


def toggles(message: FakeMessage | None) -> list[str]:
    """Return the data of the die buttons that mark or unmark a die (locked dice left out)."""
    return [b["callback_data"] for b in (message.buttons if message else [])
            if b.get("callback_data", "").startswith("d:")
            and not b["callback_data"].endswith(":r") and not b["text"].endswith("🔒")]


def rerolls(message: FakeMessage | None) -> list[str]:
    """Return the data of the table's "Re-roll" button (re-rolls the marked dice)."""
    return [d for d in datas(message, "d:") if d.endswith(":r")]


def shown_version(message: FakeMessage | None) -> int:
    """Return the game version the message's buttons carry (-1 without any)."""
    return max((int(d.split(":")[2]) for d in datas(message, "p:") + datas(message, "d:")),
               default=-1)


def die_of(data: str) -> int:
    """Return the die a `d:` button marks or unmarks (0 is the leftmost)."""
    return int(data.split(":")[3])


def shown_marks(message: FakeMessage) -> frozenset[int]:
    """Return the dice the table shows marked for re-rolling (🎲 on a die button)."""
    return frozenset(die_of(b["callback_data"]) for b in message.buttons
                     if b.get("callback_data", "") in toggles(message) and "🎲" in b["text"])


async def owner_of(chats: Chats, game_id: int) -> FakeUser:
    """Return the person who owes the game's decision now."""
    table = await chats.services.games.table(game_id)
    seat = sorted(table.engine.to_act(table.state))[0]
    return chats.api.user(table.user_of(seat) or 0)


# -- measuring --------------------------------------------------------------------------
async def answer_latency(chats: Chats, update: dict[str, Any]) -> float:
    """Return the seconds from the fake making a press to the bot answering it."""
    query_id = update["callback_query"]["id"]
    created = chats.api.world.queries[query_id].created_at
    answer = await chats.wait(lambda: next(
        (r for r in reversed(chats.api.calls("answerCallbackQuery"))
         if r.params.get("callback_query_id") == query_id), None), timeout=15)
    assert answer.ok, answer.response
    return float(answer.at - created)


async def reply_latency(chats: Chats, user: FakeUser, text: str) -> float:
    """Send `text` in the user's private chat; return the seconds until the bot's reply."""
    update = user.send(user.private, text)
    assert update is not None
    sent = chats.api.world.resolve(user.private).messages[update["message"]["message_id"]]
    reply = await chats.wait(lambda: next(
        (m for m in chats.api.chat_log(user.private) if m.message_id > sent.message_id), None),
        timeout=15)
    return float(reply.sent_at - sent.sent_at)


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"n={len(values)} median={statistics.median(ordered) * 1000:.0f} ms "
            f"max={ordered[-1] * 1000:.0f} ms")


# -- 1. a flood-limited group holds back nobody else ------------------------------------
async def press_storm(chats: Chats, game_id: int, stop: asyncio.Event,
                      presses: list[dict[str, Any]]) -> None:
    """Group A's four players press the table's buttons as fast as they can: the owner
    toggles dice (each press changes the table) and re-rolls once; the others press too
    (refused: not their turn). Every update made goes into `presses`."""
    api, group = chats.api, chats.group
    owners: dict[int, FakeUser] = {}
    rerolled = False
    count = 0
    while not stop.is_set():
        message = live_table(api, group)
        assert message is not None
        version = shown_version(message)
        if version not in owners:
            owners[version] = await owner_of(chats, game_id)
        owner = owners[version]
        free, plays = toggles(message), datas(message, "p:")
        again = rerolls(message)
        if count % 4 == 3:  # somebody else presses: refused, the table stays
            intruder = [u for u in chats.users if u is not owner][count % 3]
            presses.append(intruder.press(message, (free + plays)[count % len(free + plays)]))
        elif count >= 12 and not rerolled and again:
            presses.append(owner.press(message, again[0]))
            rerolled = True
        elif free:
            presses.append(owner.press(message, free[count % len(free)]))
        elif plays:
            presses.append(owner.press(message, plays[0]))
        count += 1
        await asyncio.sleep(PRESS_GAP)


@pytest.mark.timeout(120)
async def test_a_flood_limited_group_makes_no_other_chat_wait(chats: Chats) -> None:
    game_a = await open_table(chats, chats.group, chats.users)
    game_b = await open_table(chats, chats.group_b, chats.users_b)
    await started(chats, chats.loner)
    owner_b = await owner_of(chats, game_b)
    group_a = chats.group.id

    stop, presses = asyncio.Event(), list[dict[str, Any]]()
    storm = asyncio.create_task(press_storm(chats, game_a, stop, presses))
    try:
        # Group A's budget runs out: its next message waits seconds, its table lags.
        await chats.wait(lambda: chats.budget_wait(group_a) > 1.0
                         and chats.deliverer.pending(group_a) >= 1, timeout=20)
        b_latencies, help_latencies, a_waits, a_pending = [], [], [], []

        def look_at_a() -> None:  # how long A's next message must wait; A's queued rows
            a_waits.append(chats.budget_wait(group_a))
            a_pending.append(chats.deliverer.pending(group_a))

        for index in range(SAMPLES):
            look_at_a()
            table_b = live_table(chats.api, chats.group_b)
            assert table_b is not None
            update = owner_b.press(table_b, toggles(table_b)[index % 5])
            b_latencies.append(await answer_latency(chats, update))
            help_latencies.append(await reply_latency(chats, chats.loner, "/help"))
            look_at_a()
            await asyncio.sleep(SAMPLE_GAP)
        a_sent = [r for r in chats.api.requests if r.ok and str(r.params.get("chat_id")) ==
                  str(group_a) and r.method in ("sendMessage", "editMessageText",
                                                "editMessageReplyMarkup")]
    finally:
        stop.set()
        await storm
    a_latencies = [await answer_latency(chats, update) for update in presses]
    print(f"\ngroup A: {len(presses)} presses, answered {summary(a_latencies)}; "
          f"{len(a_sent)} messages/edits to A; A's budget wait at the samples: "
          f"{', '.join(f'{w:.2f}' for w in a_waits)} s; A's queued rows: {a_pending}"
          f"\ngroup B press answered: {summary(b_latencies)}"
          f"\nprivate /help replied: {summary(help_latencies)}")
    # group A was held back by its flood limit all along: each time we looked, its next
    # message had to wait for the budget or a newer table of A waited in its queue
    assert all(wait > 0 or pending >= 1 for wait, pending in zip(a_waits, a_pending,
                                                                 strict=True)), (a_waits,
                                                                                 a_pending)
    assert sum(wait > 0 for wait in a_waits) >= SAMPLES, a_waits
    assert len(a_sent) <= 3 + (a_sent[-1].at - a_sent[0].at) / 3 + 1  # 1 per 3 s after 3
    assert max(b_latencies) <= LIMIT_SECONDS, b_latencies
    assert max(help_latencies) <= LIMIT_SECONDS, help_latencies
    assert not [e for e in chats.api.errors if e.status == 429]  # the bot paced itself
    assert not chats.api.internal_errors


# -- 2. a burst of presses costs one pending edit ---------------------------------------
@pytest.mark.timeout(120)
async def test_a_burst_of_presses_leaves_one_pending_edit_and_the_newest_table(
        chats: Chats) -> None:
    game_id = await open_table(chats, chats.group, chats.users)
    api, group, deliverer = chats.api, chats.group.id, chats.deliverer
    await deliverer.idle()
    owner = await owner_of(chats, game_id)
    message = live_table(api, chats.group)
    assert message is not None
    edits_before = len(message.edits)

    queued: list[int] = []
    table_rows: list[int] = []
    sampling = True

    async def sample() -> None:
        while sampling:
            queued.append(deliverer.pending(group))
            rows: list[Delivery] = list((deliverer._queues.get(group) or {}).values())
            table_rows.append(sum(row.key == "table" for row in rows))
            await asyncio.sleep(0.002)

    sampler = asyncio.create_task(sample())
    updates, wanted = list[dict[str, Any]](), frozenset[int]()
    started_at = api.clock()
    for _ in range(BURST):  # as fast as a hand can: the next die on what the table shows
        choices = toggles(message)  # each press marks or unmarks one die of the stored marks
        data = choices[len(updates) % len(choices)]
        updates.append(owner.press(message, data))
        wanted = wanted ^ {die_of(data)}
        await asyncio.sleep(0.01)
    answers = [await answer_latency(chats, update) for update in updates]
    version = (await chats.services.games.table(game_id)).game.version
    await chats.wait(lambda: shown_marks(message) == wanted, timeout=30)
    converged_at = message.edited_at or api.clock()
    await deliverer.idle()
    sampling = False
    await sampler

    edits = len(message.edits) - edits_before
    answered = [api.callback_answers[u["callback_query"]["id"]] for u in updates]
    pressed_for = api.world.queries[updates[-1]["callback_query"]["id"]].created_at - started_at
    print(f"\n{BURST} toggles in {pressed_for:.2f} s: "
          f"{edits} edits of the table, newest shown {converged_at - started_at:.1f} s after "
          f"the first press; queued rows of the chat at most {max(queued)} "
          f"({len(queued)} samples); presses answered {summary(answers)}")
    # none refused (a refusal is an alert); each answer says what a re-roll would roll now
    assert not [a for a in answered if a.show_alert], [a.text for a in answered]
    assert all(a.text for a in answered), answered
    assert max(table_rows) <= 1, table_rows
    assert max(queued) <= 1, queued
    # far fewer than 20: the marks' edits wait for the next press (none if they cancel out)
    assert (1 if wanted else 0) <= edits <= 5, edits
    assert live_table(api, chats.group) is message
    assert shown_version(message) == version
    assert shown_marks(message) == wanted
    reroll = [d for d in datas(message, "p:") if d.split(":")[3].startswith("r")]
    assert reroll == ([f"p:{game_id}:{version}:r{''.join(map(str, sorted(wanted)))}"]
                      if wanted else [])
    assert not [e for e in api.errors if e.status == 429]
    assert not api.internal_errors


# -- 3. a turn timer fires on time ------------------------------------------------------
@pytest.mark.timeout(180)
async def test_a_sixty_second_turn_timer_times_out_within_sixty_two_seconds(
        chats: Chats) -> None:
    games = chats.services.games
    game_id = await open_table(chats, chats.group, chats.users, timers={
        "turn_seconds": TIMER_SECONDS})
    game = await reads.load_game(games.uow_factory, game_id=game_id)
    assert game.deadline_at is not None
    pending_since = game.deadline_at - timedelta(seconds=TIMER_SECONDS)

    async def timed_out() -> list[Any]:
        log = await reads.action_log(games.uow_factory, game_id=game_id)
        return [r for r in log if r.actor is ActorKind.TIMEOUT]

    found: list[Any] = []
    give_up = asyncio.get_running_loop().time() + TIMER_SECONDS + 20
    while not found and asyncio.get_running_loop().time() < give_up:
        await asyncio.sleep(0.25)
        found = await timed_out()
    assert found, "no timeout within 80 s"
    late = (found[0].applied_at - pending_since).total_seconds()
    print(f"\n{TIMER_SECONDS}-second turn timer: timed out {late:.2f} s after the decision "
          f"became pending")
    assert TIMER_SECONDS <= late <= TIMER_SECONDS + TIMER_SLACK, late
    assert found[0].version == game.version + 1


# -- the deliverer's queue, counted ------------------------------------------------------
async def test_pending_counts_the_queued_rows_of_a_chat() -> None:
    gate = asyncio.Event()

    class SlowBot:
        async def post_raw(self, endpoint: str, data: dict[str, Any]) -> Any:
            await gate.wait()
            return {"message_id": 1}

    deliverer = Deliverer(SlowBot(), None, lambda: None)  # type: ignore[arg-type,return-value]
    deliverer._record = lambda result, chat_id: None  # type: ignore[method-assign]

    def row(row_id: int, chat_id: int, revision: int) -> Delivery:
        return Delivery(id=row_id, game_id=1, key=f"table{row_id}", chat_id=chat_id,
                        revision=revision, payload={"text": f"r{revision}"},
                        updated_at=None)  # type: ignore[arg-type]

    assert deliverer.pending(-1) == 0
    deliverer.push([row(1, -1, 1)])
    await asyncio.sleep(0)  # the worker takes row 1 and waits for Telegram
    deliverer.push([row(1, -1, 2), row(2, -1, 1), row(3, -2, 1)])
    deliverer.push([row(1, -1, 3), row(2, -1, 2)])
    assert deliverer.pending(-1) == 2  # rows 1 and 2 once each, their newest revisions
    assert {r.revision for r in deliverer._queues[-1].values()} == {3, 2}
    assert deliverer.pending(-3) == 0
    gate.set()
    await deliverer.idle()
    assert deliverer.pending(-1) == deliverer.pending(-2) == 0



async def test_stop_leaves_no_worker_running() -> None:
    """A worker cancelled by `stop` with rows still queued does not start a new worker
    (which would send after the bot shut down); the rows stay due in the database."""
    gate = asyncio.Event()

    class SlowBot:
        async def post_raw(self, endpoint: str, data: dict[str, Any]) -> Any:
            await gate.wait()

    deliverer = Deliverer(SlowBot(), None, lambda: None)  # type: ignore[arg-type,return-value]

    async def nothing() -> None:
        return None

    deliverer._flush = nothing  # type: ignore[method-assign]
    deliverer.push([Delivery(id=1, game_id=1, key="table", chat_id=-1, revision=1,
                             payload={"text": "a"}, updated_at=None)])  # type: ignore[arg-type]
    await asyncio.sleep(0)  # the worker waits for Telegram with row 1
    deliverer.push([Delivery(id=2, game_id=1, key="lobby", chat_id=-1, revision=1,
                             payload={"text": "b"}, updated_at=None)])  # type: ignore[arg-type]
    await deliverer.stop()
    await asyncio.sleep(0.01)
    assert not [task for task in asyncio.all_tasks() if "Deliverer._work" in repr(task)]
