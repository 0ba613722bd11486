"""End to end: four people play Colt Express in a group, by pressing buttons only.

The real application (handlers, service, storage on SQLite, python-telegram-bot's HTTP
stack and rate limiter) talks to the fake Bot API of tests/fakebot. Every Schemin'
decision (play a card, draw 3, the expert discard) is a button of the owing seat's DM
prompt; every Stealin' choice is a group button pressed by the card's owner.

Telegram's per-group limit (20 messages a minute) is scaled down ten times, on both
sides (python-telegram-bot's rate limiter and the fake's flood control): a Colt Express
game edits the group table about two hundred times, which would take ten minutes at the
real pace, and the pace is not what this test is about.

The secrecy check reads every version of every group message (edits included), with its
time, and the action log with each action's time: a group message version sent between
the action that played a card face down and the action that resolved it must not show
that card. See `_assert_group_secrecy`.
"""

from __future__ import annotations

import html
import os
import random
import re
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from core.colt_express.ids import card_kind
from storage.action_log import logged_step
from storage.models import ActorKind, GameStatus
from tests.e2e.harness import BotAtTable, group_economy, pictures_off
from tests.fakebot import FakeBotApi, FakeMessage, FakeUser, MessageVersion, RateLimits
from tests.support.bot import running_bot, sqlite_url
from tests.support.speed import telegram_speed
from tgbot.i18n import LANGUAGES, t
from tgbot.render.colt import bandit_label, card_label
from tgbot.render.front import front_for
from tgbot.service import profiles, reads

GROUP = "pt-BR"  # the group's language
SPEED = telegram_speed()  # the per-group window scaled down, unless --real-limits
HAND_ACTIONS = re.compile(r"^(d|k|[pqz]\d[a-z]|a\d\d)$")  # Schemin', discard, team set-up
MONEY = re.compile(r"\$\s?\d")
SEED = int(os.environ.get("COLT_E2E_SEED", "2026"))  # the deal's and the players' choices


class Table(BotAtTable):
    """The running bot and the people around the table."""

    WAIT_SECONDS = 30.0


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    limits = RateLimits(per_group_window=60 / SPEED)
    async with FakeBotApi(limits=limits) as api:
        names = ["Ana", "Bruno", "Carla", "Davi <&>"]  # HTML in a name: escaped once
        languages = ["pt-BR", "en", "it", "pt-BR"]
        users = [api.add_user(2000 + i, name, language_code=lang)
                 for i, (name, lang) in enumerate(zip(names, languages, strict=True))]
        group = api.add_group(-1005678, "Trem", admins=(2000,),
                              members=tuple(u.id for u in users))
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED,
                               settings={"group_messages_per_minute": 20 * SPEED}) as app:
            yield Table(api, app, group, users)


def _buttons(message: FakeMessage, prefix: str) -> list[dict[str, Any]]:
    return [b for b in message.buttons if b.get("callback_data", "").startswith(prefix)]


def _with_button(messages: list[FakeMessage], text: str) -> FakeMessage | None:
    return next((m for m in reversed(messages) if not m.deleted
                 and any(b["text"] == text for b in m.buttons)), None)


async def _open_table(table: Table, *, pictures: bool = False) -> int:
    """Ana turns the table pictures off (/settings) unless `pictures`, opens a Colt Express
    table from the /newgame menu, the others join by the deep link, Ana switches the expert
    variant on in the options and starts."""
    api, group, users = table.api, table.group, table.users
    api.add_bot_to_group(group, by=users[0], as_admin=True)
    await table.wait(lambda: any("/newgame" in m.text for m in table.group_messages()))
    if not pictures:  # the main game checks the text table line by line
        await pictures_off(users[0], group, api)
    users[0].start()
    users[0].send(group, "/newgame")
    title = t(GROUP, "Colt Express")
    menu = await table.wait(lambda: _with_button(table.group_messages(), title))
    users[0].press_button(menu, title)
    join = t(GROUP, "🙋 Join")
    lobby_message = await table.wait(lambda: _with_button(table.group_messages(), join))
    assert title in lobby_message.text
    payload = next(b["url"] for b in lobby_message.buttons if "url" in b).split("start=")[1]
    for user in users[1:]:
        user.start(payload)
    game = await reads.active_game(table.services.games.uow_factory, chat_id=group.id,
                                   topic_id=None)
    assert game is not None
    assert game.id is not None
    game_id = game.id
    await table.wait(lambda: "4/6" in lobby_message.text)
    users[0].press_button(lobby_message, t(GROUP, "⚙️ Options"))
    expert_off = f"▫️ {t(GROUP, 'Expert variant')}"
    expert_on = f"✅ {t(GROUP, 'Expert variant')}"
    await table.wait(lambda: _with_button([lobby_message], expert_off))
    users[0].press_button(lobby_message, expert_off)
    await table.wait(lambda: _with_button([lobby_message], expert_on))
    users[0].press_button(lobby_message, t(GROUP, "▶️ Start"))
    await table.wait(lambda: (t(GROUP, "🔒 Mine"), f"m:{game_id}") in [
        (b["text"], b.get("callback_data")) for m in table.group_messages() for b in m.buttons])
    return game_id


def _live_prompt(table: Table, user: FakeUser, prefix: str) -> FakeMessage | None:
    """Return the user's DM prompt with buttons of this game at this version."""
    return next((m for m in reversed(table.api.chat_log(user.private))
                 if not m.deleted and _buttons(m, prefix)), None)


def _live_group_prompt(table: Table, prefix: str) -> FakeMessage | None:
    return next((m for m in reversed(table.group_messages())
                 if not m.deleted and _buttons(m, prefix)), None)


@pytest.mark.timeout(600)  # a whole game: about a minute, up to three on busy shared CPUs
async def test_four_players_play_colt_express_by_buttons_and_secrets_stay_private(
        table: Table) -> None:
    seed = SEED
    game_id = await _open_table(table)
    started_at = table.api.clock()  # the table is dealt: play starts
    service = table.services.games
    await _mine_pops_up_privately(table, game_id)
    rng = random.Random(seed)
    presses = {"dm": 0, "group": 0}
    decisions: Counter[str] = Counter()
    for _ in range(3000):
        current = await service.table(game_id)
        if current.game.status is not GameStatus.RUNNING:
            break
        engine, state, version = current.engine, current.state, current.game.version
        view = engine.view(state, None)
        prefix = f"p:{game_id}:{version}:"
        owed = sorted(engine.to_act(state))
        seat = rng.choice(owed)
        user = next(u for u in table.users if u.id == current.user_of(seat))

        def found(user: FakeUser = user, prefix: str = prefix) -> tuple[str, FakeMessage] | None:
            private = _live_prompt(table, user, prefix)
            if private is not None:
                return "dm", private
            public = _live_group_prompt(table, prefix)
            return ("group", public) if public is not None else None

        where, message = await table.wait(found)
        if where == "group":  # only the one seat owing a Stealin' choice has group buttons
            assert owed == [seat], (view.decision, owed)
            assert view.decision not in ("scheme", "discard", "team_setup")
            assert _live_prompt(table, user, prefix) is None
            if view.phase == "steal":  # the table names the card resolving now
                resolving = view.pile[view.resolving]
                assert resolving.card is not None
                now = t(GROUP, "▶ {name}: {card}",
                        card=card_label(GROUP, card_kind(resolving.card)),
                        name=bandit_label(view, resolving.bandit,
                                          current.names))
                header = t(GROUP, "Stealin': resolving card {n} of {total}",
                           n=view.resolving + 1, total=len(view.pile))
                assert f"{header} · {now}" in message.text.splitlines(), message.text
        else:
            assert view.decision in ("scheme", "discard", "team_setup"), view.decision
            assert _live_group_prompt(table, prefix) is None
        decisions[view.decision or ""] += 1
        buttons = _buttons(message, prefix)
        legal = sorted(engine.encode_action(a) for a in engine.legal_actions(state, seat))
        assert sorted(b["callback_data"].removeprefix(prefix) for b in buttons) == legal
        data = rng.choice(buttons)["callback_data"]
        query_id = user.press(message, data)["callback_query"]["id"]
        answer = await table.wait(lambda q=query_id: table.api.callback_answers.get(q))
        assert answer.text is None, answer.text  # accepted: no refusal pop-up
        presses[where] += 1
    final = await service.table(game_id)
    assert final.game.status is GameStatus.FINISHED
    assert final.game.outcome is not None
    over = t(GROUP, "🏁 Game over. Scores:")
    last = await table.wait(lambda: next((m for m in reversed(table.group_messages())
                                          if over in m.text), None))
    for seat, name in enumerate(final.names):
        assert f"{name}: ${final.state.scores[seat]}" in last.text
    records = await reads.action_log(service.uow_factory, game_id=game_id)
    assert len(records) == final.game.version == sum(presses.values())
    assert {r.actor for r in records} == {ActorKind.HUMAN}
    assert presses["dm"]
    assert presses["group"]
    assert {"scheme", "discard"} <= set(decisions)
    assert not table.api.internal_errors
    _assert_escaped_once(table)
    assert not [e for e in table.api.errors if e.status != 429], table.api.errors
    print(f"\nseed {seed}: {len(records)} actions: {presses}; decisions {dict(decisions)}")
    await _assert_group_secrecy(table, game_id)
    calls, accepted = group_economy(table.api, table.group, since=started_at)
    print(f"\ngroup calls: {calls} for {accepted} accepted presses = "
          f"{calls / accepted:.2f} a press")
    assert calls <= accepted  # at most one call to the group per accepted press, on average
    private = {str(user.id) for user in table.users}  # pictures off: the prompts are text
    assert not [c for c in table.api.calls("sendPhoto") if str(c.params["chat_id"]) in private]


@pytest.mark.timeout(600)
async def test_with_pictures_on_each_private_prompt_is_a_photo_of_the_players_hand(
        table: Table) -> None:
    """Pictures on (the default): every DM prompt is one photo of the player's own hand
    (sendPhoto to his private chat) with the prompt as caption and the buttons, replaced
    in place (editMessageMedia, or editMessageCaption when the hand did not change) while
    he stays the one asked; a whole game is played through them."""
    game_id = await _open_table(table, pictures=True)
    service = table.services.games
    rng = random.Random(SEED + 1)
    for _ in range(3000):
        current = await service.table(game_id)
        if current.game.status is not GameStatus.RUNNING:
            break
        engine, state, version = current.engine, current.state, current.game.version
        prefix = f"p:{game_id}:{version}:"
        seat = rng.choice(sorted(engine.to_act(state)))
        user = next(u for u in table.users if u.id == current.user_of(seat))
        message = await table.wait(
            lambda u=user, p=prefix: _live_prompt(table, u, p) or _live_group_prompt(table, p))
        query_id = user.press(message, rng.choice(_buttons(message, prefix))["callback_data"])[
            "callback_query"]["id"]
        answer = await table.wait(lambda q=query_id: table.api.callback_answers.get(q))
        assert answer.text is None, answer.text
    assert (await service.table(game_id)).game.status is GameStatus.FINISHED
    await table.services.deliverer.idle()
    api = table.api
    private = {str(user.id): user for user in table.users}
    uploads = [c for c in api.calls("sendPhoto") if str(c.params["chat_id"]) in private]
    edits = [c for name in ("editMessageMedia", "editMessageCaption")
             for c in api.calls(name) if c.ok and str(c.params["chat_id"]) in private]
    assert uploads
    assert all(c.ok and str(c.params["photo"]).startswith("<upload") for c in uploads)
    assert edits, "no private prompt was edited in place"
    for user in table.users:
        stored = await profiles.get_user(service.uow_factory, user_id=user.id)
        language = stored.language if stored is not None and stored.language else "pt-BR"
        hand = t(language, "🂠 Your hand: {cards}").split("{")[0]
        prompts = [m for m in api.chat_log(user.private)
                   if any("p:" in str(v.reply_markup) for v in m.history)]
        assert prompts
        for message in prompts:  # each prompt is a photo; its caption is the prompt text
            assert message.media is not None
            assert message.text is None
            assert all(hand in (v.caption or "") for v in message.history)
            assert all(len(v.caption or "") <= 1024 for v in message.history)
        # the game is over: every prompt of it was stripped of its buttons
        assert not [m for m in prompts if "p:" in str(m.reply_markup)]
    assert not api.internal_errors
    assert not [e for e in api.errors if e.status != 429], api.errors
    print(f"\n{len(uploads)} private photos, {len(edits)} edited in place")


async def _mine_pops_up_privately(table: Table, game_id: int) -> None:
    """"🔒 Mine" on the group table answers with the presser's hand in the group, in an
    ephemeral message only he sees (in his language: secrets go to the group by default,
    docs/secrets_in_group.md), and adds nothing to the group's history."""
    bruno = table.users[1]
    message = next(m for m in reversed(table.group_messages())
                   if (t(GROUP, "🔒 Mine"), f"m:{game_id}") in
                   [(b["text"], b.get("callback_data")) for b in m.buttons])
    before = len(table.group_messages())
    query_id = bruno.press(message, f"m:{game_id}")["callback_query"]["id"]
    answer = await table.wait(lambda: table.api.callback_answers.get(query_id))
    assert answer.text is None
    view = await table.wait(lambda: next((m for m in table.api.ephemeral_log(table.group)
                                          if m.receiver_id == bruno.id), None))
    lines = (view.text or "").splitlines()
    assert lines[1].startswith(t("en", "🂠 Hand: {hand} · 👛 {purses}").split("{")[0])
    assert "$250" in lines[1]  # every bandit starts with a $250 purse
    assert all(view not in table.api.member_view(table.group, u) for u in table.users
               if u is not bruno)
    assert len(table.group_messages()) == before


@dataclass(frozen=True)
class Hidden:
    """A card played face down: who, where on the pile, when played and resolved."""

    card: str
    seat: int
    round: int
    index: int
    played_at: datetime
    resolved_at: datetime


async def _replay(table: Table, game_id: int,
                  ) -> tuple[list[Hidden], dict[int, Counter[str]], list[str]]:
    """Return, from the action log, the face-down plays of the game; per round, the public
    lines that may name a card kind (face-up plays and resolved cards); and the lines of
    every play (face up or down), as the group reads them."""
    service = table.services.games
    current = await service.table(game_id)
    engine, game, names = current.engine, current.game, current.names
    records = await reads.action_log(service.uow_factory, game_id=game_id)
    step = engine.setup(game.options, len(current.seats), game.seed)
    state = step.state
    played: dict[str, tuple[int, int, int, datetime]] = {}
    hidden: list[Hidden] = []
    legit: dict[int, Counter[str]] = {}
    plays: list[str] = []
    front = front_for("colt_express")
    for record in records:
        before = state
        step = logged_step(engine, state, record.seat, record.action, checked=False)
        state = step.state
        view = engine.view(state, None)
        for event in step.events:
            data = event.to_json()
            if data["kind"] == "card_played" and data["face_down"] and event.audience:
                index = next(i for i, p in enumerate(state.pile) if p.card == data["card"])
                played[data["card"]] = (data["seat"], before.round, index, record.applied_at)
            if data["kind"] == "card_resolved" and data["card"] in played:
                seat, round_, index, at = played.pop(data["card"])
                assert index == data["index"]
                hidden.append(Hidden(data["card"], seat, round_, index, at, record.applied_at))
            if not event.visible_to(None) or data["kind"] not in ("card_played",
                                                                  "card_resolved"):
                continue
            line = front.event_line(GROUP, data, names, view)
            assert line is not None
            line = html.unescape(line)  # the group reads the visible text
            if data["card"]:
                legit.setdefault(before.round, Counter())[line] += 1
            if data["kind"] == "card_played":
                plays.append(line)
    assert not played  # every face-down card was resolved before the end
    return hidden, legit, plays


def _assert_escaped_once(table: Table) -> None:
    """No text or button label, in the group or a DM, shows an HTML escape (`&lt;`): the
    HTML texts are escaped once and the plain-text button labels not at all."""
    chats = [table.group, *(user.private for user in table.users)]
    for message in (m for chat in chats for m in table.api.chat_log(chat)):
        for version in message.history:
            labels = [b["text"] for row in version.reply_markup or [] for b in row]
            for text in (version.text or "", *labels):
                assert not re.search(r"&(lt|gt|amp|quot);", text), text


def _new_text(message: FakeMessage, version: MessageVersion) -> bool:
    """Return True if this version shows a new text: removing buttons repeats the old one,
    and a closed prompt or a finished turn's message keeps what it showed then (and ends
    with "✔️ Nothing to decide…" or "⏭ This turn is over.")."""
    index = next(i for i, v in enumerate(message.history) if v is version)
    closing = {t(language, text) for language in LANGUAGES
               for text in ("✔️ Nothing to decide here any more.", "⏭ This turn is over.")}
    if (version.text or "").rsplit("\n", 1)[-1] in closing:
        return False
    return index == 0 or version.text != message.history[index - 1].text


async def _assert_group_secrecy(table: Table, game_id: int) -> None:
    """No hand, purse value or face-down card ever shows in the group; the owner sees his.

    1. No group text or button label, in any version, holds a private text (a hand, a
       draw, face-down cards, a purse's value) in any language, nor a dollar amount
       before the final scores; no group button ever plays a hand action.
    2. For each card played face down, every group message version sent between that
       play and its resolution shows the card as 🂠 on the pile, and the card's kind
       (pt-BR label, e.g. "👊 Socar") appears only in lines that public events explain
       (face-up plays and resolved cards of that round, no more often than they happened).
    3. The owner's DM prompts in that interval list the card among his face-down cards.
    Times: a message version's time (the fake API's) and an action's `applied_at` are both
    the wall clock; each press waits until the previous action is fully published, so a
    version sent in the interval shows a state in which the card lies face down.
    """
    hidden, legit, plays = await _replay(table, game_id)
    assert hidden, "the seeded game had no face-down play"
    current = await table.services.games.table(game_id)
    names = current.names
    private_marks = [t(language, text).split("{")[0].strip() for language in LANGUAGES
                     for text in ("🂠 Your hand: {cards}", "🃏 You drew: {cards}",
                                  "🂠 Your face-down cards: {cards}",
                                  "👛 The purse holds ${value}",
                                  "👛 Your purses ({name}): {values}",
                                  "🂠 Hand: {hand} · 👛 {purses}")]
    versions = [(message, version) for message in table.group_messages()
                for version in message.history]
    over = t(GROUP, "🏁 Game over. Scores:")
    for _, version in versions:
        text = version.text or ""
        labels = [b["text"] for row in version.reply_markup or [] for b in row]
        for mark in private_marks:
            assert mark not in text, (mark, text)
            assert not any(mark in label for label in labels)
        if over not in text:
            assert not MONEY.search(text), text
        for button in (b for row in version.reply_markup or [] for b in row):
            data = button.get("callback_data", "")
            if data.startswith("p:"):
                assert not HAND_ACTIONS.match(data.split(":")[3]), data
    shown = {line.removeprefix("• ") for _, version in versions
             for line in (version.text or "").splitlines()}
    missing = [line for line in plays if line not in shown]
    assert not missing, missing  # every play is told (a turn's last one atop the next turn)
    checked = seen_by_owner = 0
    pile_mark = t(GROUP, "Pile: {cards}").split("{")[0]
    stealing = t(GROUP, "Stealin': resolving card {n} of {total}").split("{")[0]
    for card in hidden:
        label = card_label(GROUP, card_kind(card.card))
        start, end = card.played_at.timestamp(), card.resolved_at.timestamp()
        window = [(m, v) for m, v in versions if start < v.at < end and _new_text(m, v)]
        for _, version in window:
            text = version.text or ""
            checked += 1
            lines = [line.removeprefix("• ") for line in text.splitlines()]
            told = legit.get(card.round, Counter())
            for line in lines:  # Stealin's header names the card resolving now
                if line.startswith(stealing) and " · " in line:
                    assert told[line.split(" · ", 1)[1]], (card, line)
            naming = Counter(line for line in lines if label in line
                             and not line.startswith(stealing))
            for line, count in naming.items():
                assert count <= told[line], (card, line, text)
            labels = [b["text"] for row in version.reply_markup or [] for b in row]
            assert not any(label in text for text in labels), (card, labels)
            pile = next((line for line in lines if line.startswith(pile_mark)), None)
            assert pile is not None, text  # the table of the card's round shows it face down
            entries = pile.removeprefix(pile_mark).split(" · ")
            if card.index >= len(entries):  # drawn before the play, sent just after it
                continue
            entry = entries[card.index]
            assert entry.removeprefix("👉") == f"{card.index + 1}.{names[card.seat]} 🂠", (
                card, pile)
        owner = next(u for u in table.users if u.id == current.user_of(card.seat))
        stored = await profiles.get_user(table.services.games.uow_factory, user_id=owner.id)
        language = stored.language if stored is not None and stored.language else "pt-BR"
        mine = t(language, "🂠 Your face-down cards: {cards}").split("{")[0]
        hand = t(language, "🂠 Your hand: {cards}").split("{")[0]
        for message in table.api.chat_log(owner.private):
            for version in message.history:
                text = version.text or ""
                if start < version.at < end and hand in text and _new_text(message, version):
                    assert mine in text, text
                    listed = text.split(mine)[1].splitlines()[0]
                    assert card_label(language, card_kind(card.card)) in listed, text
                    seen_by_owner += 1
    assert checked, "no group message was sent while a card lay face down"
    assert seen_by_owner, "no owner was shown his face-down card"
    print(f"{len(hidden)} face-down cards; {checked} group message versions checked; "
          f"{seen_by_owner} owner prompts showed them")

