"""`FakeBotApi`: the HTTP front of the fake Telegram, plus the inspection helpers tests use.

Faults a test can cause, and PTB's exception for each, are listed in the package docstring.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeVar

from tests.fakebot import errors
from tests.fakebot.actions import WorldActions
from tests.fakebot.clock import Clock
from tests.fakebot.ephemeral import member_view
from tests.fakebot.errors import ApiError
from tests.fakebot.faults import Fault, FaultKind, FaultPlan
from tests.fakebot.http11 import (
    HttpProtocolError,
    HttpRequest,
    encode_response,
    read_request,
    until_disconnect,
)
from tests.fakebot.messages import MessageMethods
from tests.fakebot.methods import BotMethods, CallbackAnswer
from tests.fakebot.model import BotIdentity, ChatRef, FakeMessage, FakeUser, Json
from tests.fakebot.params import Params
from tests.fakebot.ratelimit import FloodControl, RateLimits
from tests.fakebot.world import World
from tests.support.speed import patience

DEFAULT_TOKEN = "7000000001:AAFakeTokenForBoardGamesBotTests"
METHOD_PATH = re.compile(r"^/bot([^/]+)/([A-Za-z]+)/?$")
FILE_PATH = re.compile(r"^/file/bot([^/]+)/(.+)$")
T = TypeVar("T")


@dataclass(frozen=True)
class RecordedRequest:
    """One call the bot made: method, parameters, HTTP status (0 = no answer), body.

    `injected` marks calls answered by a fault armed with `FakeBotApi.fail`.
    """

    method: str
    params: dict[str, Any]
    status: int
    response: Json
    at: float
    injected: bool = False

    @property
    def ok(self) -> bool:
        """Whether Telegram's answer was ok."""
        return self.status == 200


class FakeBotApi(WorldActions):
    """A Bot API server on 127.0.0.1 with a simulated world; use as `async with FakeBotApi()`."""

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        username: str = "boardgames_test_bot",
        first_name: str = "BoardGames Test",
        clock: Clock = time.time,
        limits: RateLimits = RateLimits(),  # noqa: B008 - frozen dataclass, safe default
        privacy_mode: bool = True,
        callback_timeout: float = 15.0,
        host: str = "127.0.0.1",
    ) -> None:
        self.token = token
        self.host = host
        self.clock = clock
        bot = BotIdentity(
            int(token.split(":")[0]),
            username,
            first_name,
            can_read_all_group_messages=not privacy_mode,
        )
        self.world = World(bot, clock, privacy_mode=privacy_mode, on_change=self._notify)
        self.flood = FloodControl(limits, clock)
        self.messages = MessageMethods(self.world, self.flood, callback_timeout)
        self.methods = BotMethods(self.world, self.messages, callback_timeout)
        self.requests: list[RecordedRequest] = []
        self.faults = FaultPlan()
        self.internal_errors: list[BaseException] = []
        self._changed = asyncio.Event()
        self._server: asyncio.Server | None = None
        self._connections: set[asyncio.Task[None]] = set()
        self.port = 0
        self.connections_opened = 0

    # -- lifecycle ------------------------------------------------------------------------------
    async def __aenter__(self) -> FakeBotApi:
        await self.start()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    async def start(self) -> None:
        """Listen on a free port."""
        self._server = await asyncio.start_server(self._serve, self.host, 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Stop listening and drop open connections (long polls included)."""
        if self._server is None:
            return
        self._server.close()
        for task in list(self._connections):
            task.cancel()
        await asyncio.gather(*self._connections, return_exceptions=True)
        await self._server.wait_closed()
        self._server = None

    @property
    def base_url(self) -> str:
        """For PTB's base_url: it appends `<token>/<method>`."""
        return f"http://{self.host}:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        """For PTB's base_file_url: it appends `<token>/<file_path>`."""
        return f"http://{self.host}:{self.port}/file/bot"

    # -- faults and chat lifecycle --------------------------------------------------------------
    def fail(
        self,
        method: str,
        *,
        times: int = 1,
        chat_id: int | None = None,
        kind: FaultKind = "bad_gateway",
        retry_after: int = 5,
    ) -> Fault:
        """Make the next `times` calls of `method` (in `chat_id`, if given) fail without effect.

        `kind` and PTB's exception: see faults.py. Returns the armed Fault (its `remaining`
        counts down); ValueError for an unknown method or kind, or `times` < 1.
        """
        if method.lower() not in self.methods.table:
            raise ValueError(f"unknown Bot API method {method!r}")
        return self.faults.add(Fault(method, kind, times, chat_id, retry_after))

    # -- inspection -----------------------------------------------------------------------------
    def chat_log(self, chat: ChatRef, *, include_users: bool = False) -> list[FakeMessage]:
        """Every bot message of a chat in order, deleted ones included (users' too if asked)."""
        messages = self.world.resolve(chat).messages.values()
        return [m for m in messages if include_users or m.from_bot]

    def member_view(self, chat: ChatRef, user: FakeUser) -> list[FakeMessage]:
        """The bot's messages one member sees in a group: its history and the ephemeral
        messages sent to him (deleted ones included)."""
        return member_view(self.world.resolve(chat), user.id)

    def ephemeral_log(self, chat: ChatRef) -> list[FakeMessage]:
        """Every ephemeral message of a chat, whoever received it."""
        return list(self.world.resolve(chat).ephemeral.values())

    def current_messages(self, chat: ChatRef) -> list[FakeMessage]:
        """The bot's messages still visible in a chat."""
        return [m for m in self.chat_log(chat) if not m.deleted]

    def last_message(self, chat: ChatRef) -> FakeMessage | None:
        """The bot's most recent visible message in a chat, or None."""
        current = self.current_messages(chat)
        return current[-1] if current else None

    def pinned(self, chat: ChatRef) -> list[FakeMessage]:
        """Pinned messages of a chat, oldest pin first."""
        resolved = self.world.resolve(chat)
        return [resolved.messages[i] for i in resolved.pinned]

    @property
    def errors(self) -> list[RecordedRequest]:
        """Every non-ok answer sent to the bot."""
        return [r for r in self.requests if r.status not in (0, 200)]

    def failures(self) -> list[RecordedRequest]:
        """Recorded calls answered by an injected fault."""
        return [r for r in self.requests if r.injected]

    @property
    def callback_answers(self) -> dict[str, CallbackAnswer]:
        """Callback query id -> the bot's answer."""
        return self.methods.callback_answers

    @property
    def pending_updates(self) -> list[Json]:
        """Updates queued and not yet confirmed by the bot."""
        return self.world.updates.pending

    def calls(self, method: str) -> list[RecordedRequest]:
        """Recorded requests of one method (case-insensitive)."""
        return [r for r in self.requests if r.method.lower() == method.lower()]

    def commands(self, scope: Json | None = None, language_code: str = "") -> list[Json]:
        """The command list set for a scope (default scope if None) and language."""
        params = Params({"scope": scope, "language_code": language_code}, {})
        return self.methods.get_my_commands(params)

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0) -> T:
        """Wait until `predicate()` is truthy and return it; TimeoutError with a dump otherwise.
        The timeout stretches with the runs' pace (tests.support.speed)."""
        timeout *= patience()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self._changed.clear()
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout} s\n{self.dump()}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.05))

    def dump(self, last: int = 15) -> str:
        """A readable summary of recent requests, pending updates and internal errors."""
        lines = [f"last {last} of {len(self.requests)} requests:"]
        for r in self.requests[-last:]:
            params = json.dumps(r.params, ensure_ascii=False, default=str)[:200]
            detail = "" if r.ok else f" -> {r.response.get('description')}"
            lines.append(f"  {r.method} {r.status} {params}{detail}")
        lines.append(f"pending updates: {[u['update_id'] for u in self.pending_updates]}")
        lines.extend(f"internal error: {e!r}" for e in self.internal_errors)
        return "\n".join(lines)

    def _notify(self) -> None:
        self._changed.set()

    # -- HTTP -----------------------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._connections.add(task)
        self.connections_opened += 1
        try:
            while True:
                try:
                    request = await read_request(reader)
                except (HttpProtocolError, ValueError, asyncio.IncompleteReadError) as exc:
                    body = json.dumps(
                        {"ok": False, "error_code": 400, "description": f"Bad Request: {exc}"}
                    ).encode()
                    writer.write(encode_response(400, body, keep_alive=False))
                    break
                if request is None:
                    break
                answer = await self._answer(request, reader)
                if answer is None:
                    break
                status, body, content_type = answer
                writer.write(
                    encode_response(
                        status, body, keep_alive=request.keep_alive, content_type=content_type
                    )
                )
                await writer.drain()
                if not request.keep_alive:
                    break
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()
            self._connections.discard(task)

    async def _answer(
        self, request: HttpRequest, reader: asyncio.StreamReader
    ) -> tuple[int, bytes, str] | None:
        file_match = FILE_PATH.match(request.path)
        if file_match:
            return self._serve_file(file_match.group(1), file_match.group(2))
        match = METHOD_PATH.match(request.path)
        if match is None:
            return _json(404, {"ok": False, "error_code": 404, "description": errors.NOT_FOUND})
        token, method = match.groups()
        params = Params(request.params, request.files)
        fault = self.faults.take(method, params)
        if fault is not None:
            return await self._inject(fault, method, params, reader)
        if method.lower() == "getupdates":
            outcome = await until_disconnect(self._call(token, method, params), reader)
            if outcome is None:
                self._record(method, params, 0, {})
                return None
            status, payload = outcome
        else:
            status, payload = await self._call(token, method, params)
        self._record(method, params, status, payload)
        return _json(status, payload)

    async def _inject(
        self, fault: Fault, method: str, params: Params, reader: asyncio.StreamReader
    ) -> tuple[int, bytes, str] | None:
        """Answer a call with its fault: an error response, or a dropped connection (None)."""
        if fault.answers:
            status, payload = fault.response()
            self._record(method, params, status, payload, injected=True)
            return _json(status, payload)
        if fault.kind == "timeout":
            await until_disconnect(asyncio.Event().wait(), reader)
        self._record(method, params, 0, {}, injected=True)
        return None

    async def _call(self, token: str, method: str, params: Params) -> tuple[int, Json]:
        if token != self.token:
            return 401, ApiError(401, errors.UNAUTHORIZED).envelope()
        handler = self.methods.table.get(method.lower())
        if handler is None:
            return 404, ApiError(404, errors.NOT_FOUND).envelope()
        try:
            result = handler(params)
            if inspect.isawaitable(result):
                result = await result
        except ApiError as error:
            return error.code, error.envelope()
        except Exception as exc:  # a bug in the fake: make it loud
            self.internal_errors.append(exc)
            return 500, ApiError(500, f"Internal Server Error: {exc!r}").envelope()
        return 200, {"ok": True, "result": result}

    def _serve_file(self, token: str, path: str) -> tuple[int, bytes, str]:
        stored = self.world.files.by_path(path) if token == self.token else None
        if stored is None:
            return _json(404, {"ok": False, "error_code": 404, "description": errors.NOT_FOUND})
        return 200, stored.data, stored.mime_type or "application/octet-stream"

    def _record(
        self, method: str, params: Params, status: int, payload: Json, *, injected: bool = False
    ) -> None:
        self.requests.append(
            RecordedRequest(method, params.summary(), status, payload, self.clock(), injected)
        )
        self._notify()


def _json(status: int, payload: Json) -> tuple[int, bytes, str]:
    return status, json.dumps(payload, ensure_ascii=False).encode(), "application/json"
