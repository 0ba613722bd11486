"""The operator's view (issue #30 item 5): /metrics scraped over HTTP and read with
prometheus-client's own parser after real updates through the fake Bot API, /healthz ready
and not ready, and /botstats for the bot's admins only."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from storage.models import ActorKind
from tests.e2e.faults_helpers import (
    SEED,
    CanAct,
    assert_player_can_act,
    people,
    press_and_wait,
    seat_players,
)
from tests.fakebot import FakeBotApi
from tests.support.bot import running_bot, services_of, sqlite_url
from tests.support.waiting import until
from tgbot.handlers.context import Services
from tgbot.i18n import pick_language, t
from tgbot.ops.trace import JsonFormatter
from tgbot.service import reads, timeouts

PRESSES = 3


def _get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def get(services: Services, path: str) -> tuple[int, str]:
    """GET one of the bot's HTTP endpoints (status, body)."""
    assert services.ops is not None
    assert services.ops.port is not None
    return await asyncio.to_thread(_get, services.ops.port, path)


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Return every sample of an exposition, parsed by prometheus-client, by name and labels."""
    return {(sample.name, frozenset(sample.labels.items())): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def value(found: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str,
          **labels: str) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


async def test_metrics_count_the_updates_calls_and_games_really_handled(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="tgbot.updates")
    async with FakeBotApi() as api:
        group, users = people(api)
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED,
                               settings={"metrics_port": 0}) as app:
            found = services_of(app)
            games = found.games
            game_id = await seat_players(api, games, group, users, "bang_dice")
            await games.start(game_id)
            api.fail("answerCallbackQuery", kind="flood", retry_after=1)  # waited out
            for _ in range(PRESSES):
                turn = await assert_player_can_act(api, games, game_id)
                await press_and_wait(api, games, game_id, turn)
            stale = turn.press()  # the same button again: the game has moved on
            await api.wait_for(lambda: api.callback_answers.get(stale), timeout=20)
            await found.deliverer.idle()
            status, text = await get(found, "/metrics")
    assert status == 200
    seen = samples(text)
    answered = api.callback_answers
    assert value(seen, "bgb_updates_total", kind="press", outcome="ok") == PRESSES
    assert value(seen, "bgb_updates_total", kind="press", outcome="refused") == 1
    assert answered[stale].show_alert
    assert value(seen, "bgb_updates_total", kind="command", outcome="ok") == len(users)  # /start
    assert value(seen, "bgb_press_answer_seconds_count") == PRESSES + 1
    assert 1 <= value(seen, "bgb_press_table_seconds_count") <= PRESSES
    assert value(seen, "bgb_api_calls_total", method="answerCallbackQuery") == len(answered)
    sent = [call for call in api.calls("sendMessage") if call.ok]
    assert value(seen, "bgb_api_calls_total", method="sendMessage") == len(sent)
    assert value(seen, "bgb_flood_waits_total") == 1
    assert value(seen, "bgb_flood_wait_seconds_total") == 1
    assert value(seen, "bgb_open_games", kind="bang_dice", status="running") == 1
    assert value(seen, "bgb_open_games", kind="colt_express", status="running") == 0
    assert value(seen, "bgb_delivery_backlog") == 0
    assert value(seen, "bgb_deadlines_due") == 0
    assert value(seen, "process_resident_memory_bytes") > 10 * 2**20
    # One log line per update, its fields in JSON when asked (LOG_JSON).
    lines = [json.loads(JsonFormatter().format(record)) for record in caplog.records
             if record.name == "tgbot.updates"]
    assert len(lines) == sum(v for (name, _), v in seen.items() if name == "bgb_updates_total")
    presses = [line for line in lines if line["kind"] == "press"]
    assert [line["outcome"] for line in presses] == ["ok"] * PRESSES + ["refused"]
    assert all(line["game"] == game_id and line["chat"] == group.id for line in presses)
    assert [line["version"] for line in presses[:PRESSES]] == sorted(
        {line["version"] for line in presses[:PRESSES]})
    assert all(line["ms"] >= 0 and line["update_id"] > 0 for line in lines)


async def test_a_late_deadline_is_counted_as_fired_and_late(tmp_path: Path) -> None:
    async with FakeBotApi() as api:
        group, users = people(api)
        settings = {"metrics_port": 0, "deadline_sweep_seconds": 0.2}
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED,
                               settings=settings) as app:
            found = services_of(app)
            game_id = await seat_players(api, found.games, group, users, "bang_dice")
            await found.games.start(game_id)
            game = await reads.load_game(found.games.uow_factory, game_id=game_id)
            await timeouts.set_times(found.games.uow_factory, game_id=game_id,
                                     version=game.version, remind_at=None,
                                     deadline_at=datetime.now(UTC) - timedelta(minutes=1))
            await until(functools.partial(_timed_out, found, game_id))
            status, text = await get(found, "/metrics")
    assert status == 200
    seen = samples(text)
    assert value(seen, "bgb_deadlines_fired_total") == 1
    assert value(seen, "bgb_deadlines_late_total") == 1
    assert value(seen, "bgb_deadline_lateness_seconds_count") == 1
    assert value(seen, "bgb_deadline_lateness_seconds_sum") >= 60
    assert value(seen, "bgb_deadlines_due") == 0  # played: nothing overdue any more


async def _timed_out(found: Services, game_id: int) -> bool:
    log = await reads.action_log(found.games.uow_factory, game_id=game_id)
    return any(record.actor is ActorKind.TIMEOUT for record in log)


async def test_healthz_is_ready_then_not_while_deliveries_fail(tmp_path: Path) -> None:
    async with FakeBotApi() as api:
        group, users = people(api)
        settings: dict[str, Any] = {"metrics_port": 0, "ready_backlog_seconds": 1.0}
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED,
                               settings=settings) as app:
            found = services_of(app)
            game_id = await seat_players(api, found.games, group, users, "bang_dice")
            await found.games.start(game_id)
            turn = await assert_player_can_act(api, found.games, game_id)
            status, body = await get(found, "/healthz")
            assert (status, json.loads(body)["ready"]) == (200, True)
            assert json.loads(body)["checks"]["database"] == "ok"
            faults = [api.fail(method, times=10_000, chat_id=group.id)
                      for method in ("sendMessage", "editMessageText")]
            await press_and_wait(api, found.games, game_id, turn)  # its table cannot be shown
            report = await _until_status(found, 503)
            assert report["ready"] is False
            assert report["checks"]["delivery_backlog"] >= 1
            assert report["checks"]["delivery_oldest_seconds"] >= 1.0
            assert (await get(found, "/healthz/live"))[0] == 200  # alive all the same
            for fault in faults:
                fault.remaining = 0
            await found.deliverer.sweep(everything=True)  # the retry, without waiting 30 s
            report = await _until_status(found, 200)
            assert report["checks"]["delivery_backlog"] == 0


async def _until_status(found: Services, wanted: int) -> dict[str, Any]:
    for _ in range(200):
        status, body = await get(found, "/healthz")
        if status == wanted:
            report: dict[str, Any] = json.loads(body)
            return report
        await asyncio.sleep(0.1)
    raise AssertionError(f"/healthz never answered {wanted}: {body}")


async def test_botstats_answers_the_bots_admins_only_in_private(tmp_path: Path) -> None:
    async with FakeBotApi() as api:
        group, users = people(api)
        admin, other = users[1], users[2]  # Bruno (en) operates the bot; Carla (it) does not
        async with running_bot(api, sqlite_url(tmp_path),
                               settings={"bot_admins": [admin.id]}) as app:
            found = services_of(app)
            await seat_players(api, found.games, group, users, "bang_dice")
            before = {user.id: len(api.chat_log(user.private)) for user in (admin, other)}
            other.send(other.private, "/botstats")
            admin.send(admin.private, "/botstats")
            admin.send(group, "/botstats")
            await api.wait_for(lambda: all(len(api.chat_log(user.private)) > before[user.id]
                                           for user in (admin, other)), timeout=20)
            refused = api.chat_log(other.private)[-1].text or ""
            stats = api.chat_log(admin.private)[-1].text or ""
            in_group = await api.wait_for(lambda: next(
                (m for m in api.chat_log(group) if "/botstats" in (m.text or "")), None),
                timeout=20)
            helps = []
            for user in (admin, other):  # /help names /botstats to the operators only
                before[user.id] = len(api.chat_log(user.private))
                user.send(user.private, "/help")
                helps.append(await api.wait_for(
                    lambda user=user: api.chat_log(user.private)[before[user.id]:], timeout=20))
    assert refused == "Solo gli operatori del bot possono vederne le statistiche."
    assert stats.startswith("📊 The bot: ready.")
    assert "BANG! The Dice Game: 1 in the lobby, 0 running" in stats
    assert "Updates: " in stats
    assert "Memory: " in stats
    assert "private chat" in (in_group.text or "") or "privada" in (in_group.text or "")
    assert "/botstats" in (helps[0][-1].text or "")
    assert "/botstats" not in (helps[1][-1].text or "")


@dataclass
class Started:
    """A running bot with a dice game started, and the first player's buttons."""

    api: FakeBotApi
    found: Services
    game_id: int
    turn: CanAct


@asynccontextmanager
async def started_dice(tmp_path: Path) -> AsyncIterator[Started]:
    """Run the bot (metrics on) with four players' dice game started; yield it."""
    async with FakeBotApi() as api:
        group, users = people(api)
        async with running_bot(api, sqlite_url(tmp_path), seed_source=lambda: SEED,
                               settings={"metrics_port": 0}) as app:
            found = services_of(app)
            game_id = await seat_players(api, found.games, group, users, "bang_dice")
            await found.games.start(game_id)
            turn = await assert_player_can_act(api, found.games, game_id)
            yield Started(api, found, game_id, turn)


async def test_a_press_that_fails_inside_the_bot_is_answered_and_the_next_one_plays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with started_dice(tmp_path) as table:
        api, games, turn = table.api, table.found.games, table.turn
        play = games.play

        async def broken(*args: Any, **kwargs: Any) -> Any:
            monkeypatch.setattr(games, "play", play)  # only this press fails
            raise RuntimeError("a fault inside the bot")

        monkeypatch.setattr(games, "play", broken)
        failed = turn.press()
        answer = await api.wait_for(lambda: api.callback_answers.get(failed), timeout=20)
        assert (await games.table(table.game_id)).game.version == turn.version  # nothing done
        await press_and_wait(api, games, table.game_id, turn)  # the same button, again
        status, text = await get(table.found, "/metrics")
    assert status == 200
    assert answer.show_alert
    language = pick_language(turn.user.language_code)
    assert answer.text == t(language, "Sorry, something went wrong on our side. If the "
                                      "table did not change, please try again in a moment.")
    assert value(samples(text), "bgb_updates_total", kind="press", outcome="error") == 1


async def test_an_accepted_press_whose_answer_fails_is_not_called_a_failure(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with started_dice(tmp_path) as table:
        api = table.api
        api.fail("answerCallbackQuery", kind="bad_gateway")
        played = table.turn.press()
        await api.wait_for(lambda: api.failures(), timeout=20)
        await until(functools.partial(_moved, table.found, table.game_id, table.turn.version))
        await table.found.deliverer.idle()
        _status, text = await get(table.found, "/metrics")
    assert played not in api.callback_answers  # no apology for a move that was made
    assert not [record for record in caplog.records if record.levelname == "ERROR"]
    assert value(samples(text), "bgb_updates_total", kind="press", outcome="error") == 0


async def _moved(found: Services, game_id: int, version: int) -> bool:
    return (await reads.load_game(found.games.uow_factory, game_id=game_id)).version > version
