"""The Bot API transport (tgbot/botapi/transport.py) against a local HTTP server scripted
per test."""

from __future__ import annotations

import asyncio
import email
import email.policy
import io
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from telegram import InputFile
from telegram.error import NetworkError, RetryAfter, TelegramError, TimedOut
from telegram.request import BaseRequest, RequestData
from telegram.request._requestparameter import RequestParameter

from tgbot.botapi.transport import StreamRequest

Reply = Callable[[asyncio.StreamWriter, dict[str, Any]], Awaitable[bool]]
"""Writes one response; returns False to close the connection afterwards."""


def ok(result: object, *, close: bool = False) -> bytes:
    body = json.dumps({"ok": True, "result": result}).encode()
    extra = "Connection: close\r\n" if close else ""
    return (f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n{extra}"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


@dataclass
class Server:
    """A local HTTP/1.1 server: each request is answered by the next scripted reply."""

    replies: list[Reply] = field(default_factory=list)
    seen: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # method, JSON body
    content_types: list[str] = field(default_factory=list)
    connections: int = 0
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/botTOKEN/sendMessage"

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                line = await reader.readuntil(b"\r\n")
                headers = {}
                while (header := await reader.readuntil(b"\r\n")) != b"\r\n":
                    name, _, value = header.decode().partition(":")
                    headers[name.lower()] = value.strip()
                body = await reader.readexactly(int(headers.get("content-length", 0)))
                kind = headers.get("content-type", "")
                form = (multipart_form(kind, body) if kind.startswith("multipart/")
                        else json.loads(body) if body else {})
                self.content_types.append(headers.get("content-type", ""))
                self.seen.append((line.decode().split(" ")[0], form))
                if not await self.replies.pop(0)(writer, form):
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


def multipart_form(kind: str, body: bytes) -> dict[str, Any]:
    """Return a multipart/form-data body's fields: text, or [filename, content type, the
    bytes as Latin-1 text] for a file (JSON, so that `echo` can send it back)."""
    message = email.message_from_bytes(f"Content-Type: {kind}\r\n\r\n".encode() + body,
                                       policy=email.policy.HTTP)
    form: dict[str, Any] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        content = part.get_payload(decode=True)
        filename = part.get_filename()
        form[str(name)] = ([filename, part.get_content_type(), content.decode("latin-1")]
                           if filename else content.decode())
    return form


@asynccontextmanager
async def serving(*replies: Reply) -> AsyncIterator[Server]:
    server = Server(list(replies))
    listener = await asyncio.start_server(server.serve, "127.0.0.1", 0)
    server.port = listener.sockets[0].getsockname()[1]
    try:
        yield server
    finally:
        listener.close()


def answer(raw: bytes, *, keep: bool = True, delay: float = 0.0) -> Reply:
    async def reply(writer: asyncio.StreamWriter, form: dict[str, Any]) -> bool:
        await asyncio.sleep(delay)
        writer.write(raw)
        await writer.drain()
        return keep
    return reply


def echo(*, close: bool = False) -> Reply:
    async def reply(writer: asyncio.StreamWriter, form: dict[str, Any]) -> bool:
        writer.write(ok(form, close=close))
        await writer.drain()
        return not close
    return reply


def data(**params: object) -> RequestData:
    return RequestData([RequestParameter.from_input(k, v) for k, v in params.items()])


async def test_requests_share_one_kept_alive_connection_and_send_json_bodies() -> None:
    async with serving(echo(), echo(), echo()) as server:
        request = StreamRequest(4)
        markup = {"inline_keyboard": [[{"text": "é ✓", "callback_data": "p:1:2"}]]}
        first = await request.post(server.url, data(chat_id=-100, text="a&b=c é",
                                                    reply_markup=markup))
        assert first == {"chat_id": -100, "text": "a&b=c é", "reply_markup": markup}
        for text in ("two", "three"):
            assert (await request.post(server.url, data(text=text)))["text"] == text
        assert server.connections == 1
        assert [method for method, _ in server.seen] == ["POST"] * 3
        assert server.content_types == ["application/json"] * 3
        await request.shutdown()


async def test_a_chunked_body_is_joined() -> None:
    body = json.dumps({"ok": True, "result": {"message_id": 7, "text": "x" * 300}}).encode()
    chunks = b"".join(b"%x;ext=1\r\n%s\r\n" % (len(part), part)
                      for part in (body[:100], body[100:]))
    raw = (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks
           + b"0\r\nX-Trailer: yes\r\n\r\n")
    async with serving(answer(raw), echo()) as server:
        request = StreamRequest(1)
        assert (await request.post(server.url, data()))["message_id"] == 7
        assert (await request.post(server.url, data(text="next")))["text"] == "next"
        assert server.connections == 1  # the chunked body was read to its end
        await request.shutdown()


async def test_a_body_that_ends_when_the_server_closes() -> None:
    body = json.dumps({"ok": True, "result": True}).encode()
    async with serving(answer(b"HTTP/1.1 200 OK\r\n\r\n" + body, keep=False), echo()) as server:
        request = StreamRequest(1)
        assert await request.post(server.url, data()) is True
        assert (await request.post(server.url, data(text="b")))["text"] == "b"
        assert server.connections == 2
        await request.shutdown()


async def test_connection_close_and_an_idle_connection_closed_by_the_server() -> None:
    async with serving(echo(close=True), echo(), echo(), echo()) as server:
        request = StreamRequest(1)
        await request.post(server.url, data(text="1"))  # "Connection: close": not reused
        await request.post(server.url, data(text="2"))
        assert server.connections == 2
        server.replies.insert(0, answer(ok(True), keep=False))  # answers, then hangs up
        await request.post(server.url, data(text="3"))
        await asyncio.sleep(0.05)  # the close arrives while the connection is idle
        assert (await request.post(server.url, data(text="4")))["text"] == "4"
        assert server.connections == 3
        assert [form["text"] for _, form in server.seen] == ["1", "2", "3", "4"]
        await request.shutdown()


class Vanished:
    """A kept-alive connection whose server went away unnoticed: the request is written,
    then the reader finds the end of the stream (after `partial` bytes of a response)."""

    def __init__(self, partial: bytes = b"") -> None:
        self.reader = asyncio.StreamReader()
        self.partial = partial
        self.closed = False

    @property
    def transport(self) -> Vanished:
        return self  # as a StreamWriter's transport: everything written was taken

    def get_write_buffer_size(self) -> int:
        return 0

    def write(self, raw: bytes) -> None:
        self.reader.feed_data(self.partial)
        self.reader.feed_eof()

    async def drain(self) -> None:
        return None

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True


def park(request: StreamRequest, server: Server, connection: Vanished) -> None:
    """Put `connection` in the request's pool as an idle connection to `server`."""
    loop = asyncio.get_running_loop()
    request._idle[("http", "127.0.0.1", server.port)] = [
        (connection.reader, connection, loop.time())]  # type: ignore[list-item]


async def test_a_request_on_a_connection_the_server_dropped_is_sent_again_once() -> None:
    async with serving(echo()) as server:
        request = StreamRequest(1)
        gone = Vanished()
        park(request, server, gone)
        assert (await request.post(server.url, data(text="2")))["text"] == "2"
        assert gone.closed
        assert server.connections == 1
        assert len(server.seen) == 1
        await request.shutdown()


async def test_a_response_cut_short_is_a_network_error_and_not_sent_again() -> None:
    async with serving(echo()) as server:
        request = StreamRequest(1)
        park(request, server, Vanished(b"HTTP/1.1 200 OK\r\nContent-Le"))
        with pytest.raises(NetworkError):
            await request.post(server.url, data(text="once"))
        assert server.connections == 0  # not sent again elsewhere
        await request.shutdown()


async def test_a_new_connection_closed_before_answering_is_a_network_error() -> None:
    async with serving(answer(b"", keep=False)) as server:
        request = StreamRequest(1)
        with pytest.raises(NetworkError):
            await request.post(server.url, data())
        assert server.connections == 1
        await request.shutdown()


async def test_timeouts_become_timed_out_and_the_late_connection_is_dropped() -> None:
    async with serving(answer(ok("late"), delay=0.5), echo()) as server:
        request = StreamRequest(1, read_timeout=0.1)
        with pytest.raises(TimedOut):
            await request.post(server.url, data())
        assert (await request.post(server.url, data(text="again")))["text"] == "again"
        assert server.connections == 2  # the timed-out connection was not reused
        await request.shutdown()


async def test_a_busy_pool_times_out_without_sending() -> None:
    async with serving(answer(ok(1), delay=0.5), echo()) as server:
        request = StreamRequest(1, pool_timeout=0.05)
        slow = asyncio.create_task(request.post(server.url, data()))
        await asyncio.sleep(0.05)
        with pytest.raises(TimedOut, match="Pool timeout"):
            await request.post(server.url, data(text="waits"))
        assert await slow == 1
        assert len(server.seen) == 1
        await request.shutdown()


async def test_server_errors_and_flood_limits_reach_ptb_as_its_errors() -> None:
    flood = json.dumps({"ok": False, "error_code": 429, "description": "Too Many Requests",
                        "parameters": {"retry_after": 3}}).encode()
    replies = [
        answer(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n"),
        answer(b"HTTP/1.1 429 Too Many Requests\r\nContent-Length: %d\r\n\r\n%s"
               % (len(flood), flood)),
        answer(b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 2\r\n\r\nno"),
        answer(b"garbage\r\n\r\n"),
    ]
    async with serving(*replies) as server:
        request = StreamRequest(1)
        with pytest.raises(NetworkError, match="Bad Gateway"):
            await request.post(server.url, data())
        with pytest.raises(RetryAfter):
            await request.post(server.url, data())
        with pytest.raises(NetworkError):
            await request.post(server.url, data())
        with pytest.raises(NetworkError):
            await request.post(server.url, data())
        await request.shutdown()


async def test_answers_are_read_whatever_their_text_and_one_not_json_is_refused(
        caplog: pytest.LogCaptureFixture) -> None:
    odd = b'{"ok":true,"result":{"text":"\\ud83e \xc3\xa7 \xff"}}'  # a lone escape, bad UTF-8
    replies = [answer(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(odd), odd)),
               answer(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")]
    async with serving(*replies) as server:
        request = StreamRequest(1)
        assert (await request.post(server.url, data()))["text"] == "\ud83e \u00e7 \ufffd"
        with pytest.raises(TelegramError, match="Invalid server response"):
            await request.post(server.url, data())
        assert "not JSON: 'hello'" in caplog.text  # what Telegram said, for the operator
        await request.shutdown()


async def test_an_unreachable_server_is_a_network_error() -> None:
    listener = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = listener.sockets[0].getsockname()[1]
    listener.close()
    await listener.wait_closed()
    request = StreamRequest(1)
    with pytest.raises(NetworkError):
        await request.post(f"http://127.0.0.1:{port}/botT/getMe", data())
    await request.shutdown()


async def test_an_upload_in_memory_is_one_multipart_body_on_the_kept_connection() -> None:
    picture = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40 + b"\r\n--"
    markup = {"inline_keyboard": [[{"text": "✅ Feito", "callback_data": "p:1:2"}]]}
    async with serving(echo(), echo()) as server:
        request = StreamRequest(4, uploads=_NoUploads)
        await request.post(server.url, data(chat_id=-100, text="first"))
        sent = await request.post(server.url, data(
            chat_id=-100, caption="<b>Mesa</b> é ✓", parse_mode="HTML", reply_markup=markup,
            photo=InputFile(picture, filename="table.png")))
        assert server.connections == 1
        assert server.content_types[1].startswith("multipart/form-data; boundary=")
        assert sent["photo"] == ["table.png", "image/png", picture.decode("latin-1")]
        assert sent["caption"] == "<b>Mesa</b> é ✓"
        assert sent["chat_id"] == "-100"
        assert json.loads(sent["reply_markup"]) == markup
        await request.shutdown()


async def test_an_upload_from_a_file_handle_goes_through_the_upload_transport() -> None:
    async with serving() as server:
        request = StreamRequest(4, uploads=_NoUploads)
        with pytest.raises(NetworkError, match="upload transport"):
            await request.post(server.url, data(
                chat_id=-100, document=InputFile(io.BytesIO(b"a file"), filename="a.txt",
                                                 read_file_handle=False)))
        assert server.connections == 0
        await request.shutdown()


class _NoUploads(BaseRequest):
    """An upload transport that refuses: shows which uploads reach it."""

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    @property
    def read_timeout(self) -> float | None:
        return None

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        raise NetworkError("sent to the upload transport")
