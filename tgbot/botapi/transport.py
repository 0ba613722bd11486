"""A lean HTTP/1.1 transport for the Bot API: python-telegram-bot's `BaseRequest` over
asyncio streams.

PTB's default transport stacks httpx, httpcore, anyio and h11 on every call; for the few
small posts a bot makes that machinery costs more CPU than the rest of a button press.
`StreamRequest` speaks just what the Bot API needs: POST (or GET) with a JSON body (the
Bot API takes application/json for every method but uploads; storage/json_text.py writes
and reads it, at a fraction of PTB's form encoding), keep-alive connections reused per host
(TLS for https, checked against certifi's or the system's CAs), responses with
Content-Length, chunked, or read until the server closes. Timeouts map to PTB's
`TimedOut` (connect, write, read; `pool` when every connection is busy), transport
failures to `NetworkError`; HTTP statuses (4xx, 5xx, 429) are PTB's to interpret
(`BaseRequest._request_wrapper`). Uploads of bytes in memory (the table pictures) are
sent as one multipart/form-data body on the same connections (`multipart`); an upload
read from a file handle goes through PTB's `HTTPXRequest`.

A reused connection that the server closed while idle fails before any byte of the
answer: such a request is sent once more on a new connection (the server never read it).
"""

from __future__ import annotations

import asyncio
import logging
import os
import ssl
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from telegram._utils.defaultvalue import DefaultValue
from telegram.error import NetworkError, TelegramError, TimedOut
from telegram.request import BaseRequest, HTTPXRequest, RequestData

from storage.json_text import dumps_bytes, loads

log = logging.getLogger(__name__)
KEEP_IDLE_SECONDS = 30.0
"""An idle connection older than this is closed rather than reused."""
MAX_HEADER_BYTES = 64 * 1024
MAX_TARGETS = 256
"""Parsed URLs kept (a bot calls a handful of methods, each its own URL)."""
UPLOAD_WRITE_SECONDS = 20.0
"""The least write timeout of an upload (PTB's own default for media)."""
Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter, float]  # + idle since
Key = tuple[str, str, int]  # scheme, host, port


class _Stale(Exception):
    """A reused connection ended before the response began."""


def tls_context() -> ssl.SSLContext:
    """Return a verifying TLS context: certifi's CAs when installed, else the system's."""
    try:
        import certifi
    except ImportError:
        return ssl.create_default_context()
    return ssl.create_default_context(cafile=certifi.where())


class StreamRequest(BaseRequest):
    """PTB request class: HTTP/1.1 keep-alive over asyncio streams (see the module doc).

    At most `connection_pool_size` requests are in flight at once; each default timeout
    is in seconds (None: wait forever).
    """

    def __init__(self, connection_pool_size: int = 1, *, read_timeout: float | None = 5.0,
                 write_timeout: float | None = 5.0, connect_timeout: float | None = 5.0,
                 pool_timeout: float | None = 1.0,
                 uploads: Callable[[], BaseRequest] = HTTPXRequest) -> None:
        self._read_timeout, self._write_timeout = read_timeout, write_timeout
        self._connect_timeout, self._pool_timeout = connect_timeout, pool_timeout
        self._slots = asyncio.Semaphore(connection_pool_size)
        self._idle: dict[Key, list[Connection]] = {}
        self._busy: set[asyncio.StreamWriter] = set()
        self._tls: ssl.SSLContext | None = None
        self._targets: dict[tuple[str, str], tuple[Key, str]] = {}
        self._make_uploads = uploads
        self._uploads: BaseRequest | None = None

    @property
    def read_timeout(self) -> float | None:
        """Return the default read timeout in seconds."""
        return self._read_timeout

    async def initialize(self) -> None:
        """Nothing to open ahead: connections are made on first use."""

    async def shutdown(self) -> None:
        """Close every connection (and the upload transport, if one was made)."""
        for connections in self._idle.values():
            for _, writer, _ in connections:
                writer.close()
        self._idle.clear()
        for writer in self._busy:
            writer.close()
        self._busy.clear()
        if self._uploads is not None:
            await self._uploads.shutdown()
            self._uploads = None

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        """Return Telegram's JSON answer (read by storage/json_text.py; bytes that are not
        UTF-8 replaced, as PTB does). Raise TelegramError when it is not JSON, logged as
        PTB logs it (the answer's first 1,000 characters)."""
        text = payload.decode("utf-8", "replace")
        try:
            found: dict[str, Any] = loads(text)
        except ValueError as error:
            log.exception("an answer of the Bot API that is not JSON: %r", text[:1000])
            raise TelegramError("Invalid server response") from error
        return found

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout: Any = BaseRequest.DEFAULT_NONE,
                         write_timeout: Any = BaseRequest.DEFAULT_NONE,
                         connect_timeout: Any = BaseRequest.DEFAULT_NONE,
                         pool_timeout: Any = BaseRequest.DEFAULT_NONE) -> tuple[int, bytes]:
        """Return the response's status and body. Raise TimedOut or NetworkError."""
        kind = "application/json"
        write = _given(write_timeout, self._write_timeout)
        if request_data is not None and request_data.contains_files:
            found = multipart(request_data)
            if found is None:
                return await self._upload(url, method, request_data, read_timeout,
                                          write_timeout, connect_timeout, pool_timeout)
            kind, body = found
            write = None if write is None else max(write, UPLOAD_WRITE_SECONDS)
        else:
            body = b"" if request_data is None else dumps_bytes(request_data.parameters)
        timeouts = (_given(connect_timeout, self._connect_timeout), write,
                    _given(read_timeout, self._read_timeout))
        if self._slots.locked():  # a free slot is taken at once, with no timer to arm
            try:
                async with asyncio.timeout(_given(pool_timeout, self._pool_timeout)):
                    await self._slots.acquire()
            except TimeoutError:
                raise TimedOut("Pool timeout: every connection is busy; the request was not "
                               "sent to Telegram.") from None
        else:
            await self._slots.acquire()
        try:
            return await self._exchange(url, method, body, timeouts, kind)
        finally:
            self._slots.release()

    async def _exchange(self, url: str, method: str, body: bytes,
                        timeouts: tuple[float | None, float | None, float | None],
                        kind: str = "application/json") -> tuple[int, bytes]:
        key, head = self._target(url, method)
        if method != "GET" or body:
            head += (f"Content-Type: {kind}\r\n"
                     f"Content-Length: {len(body)}\r\n")
        request = (head + "\r\n").encode() + body
        connect, write, read = timeouts
        while True:
            reused = self._reusable(key)
            reader, writer = reused or await self._connect(key, connect)
            self._busy.add(writer)
            keep = False
            try:
                try:
                    try:
                        writer.write(request)
                        if writer.transport.get_write_buffer_size() or writer.is_closing():
                            async with asyncio.timeout(write):  # what the socket did not take
                                await writer.drain()
                    except ConnectionError as error:
                        if reused:
                            raise _Stale() from error
                        raise
                    async with asyncio.timeout(read):
                        status, payload, keep = await _response(reader, method, fresh=not reused)
                except _Stale:
                    continue  # the server closed the idle connection: try a new one
                except TimeoutError:
                    raise TimedOut() from None
                except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError,
                        ValueError) as error:
                    raise NetworkError(f"{type(error).__name__}: {error}") from error
                return status, payload
            finally:
                self._busy.discard(writer)
                if keep:
                    self._idle.setdefault(key, []).append(
                        (reader, writer, asyncio.get_running_loop().time()))
                else:
                    writer.close()

    def _target(self, url: str, method: str) -> tuple[Key, str]:
        """Return the connection key of a URL and the request head up to its headers that
        depend on the body (parsed once per URL and method: a bot calls a handful)."""
        found = self._targets.get((url, method))
        if found is None:
            parts = urlsplit(url)
            https = parts.scheme == "https"
            key = (parts.scheme, parts.hostname or "", parts.port or (443 if https else 80))
            target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
            head = (f"{method} {target} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                    f"User-Agent: {self.USER_AGENT}\r\nAccept: application/json\r\n")
            if len(self._targets) >= MAX_TARGETS:
                self._targets.clear()
            self._targets[(url, method)] = found = (key, head)
        return found

    def _reusable(self, key: Key) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        """Return the most recently used idle connection still open, or None."""
        idle = self._idle.get(key)
        now = asyncio.get_running_loop().time()
        while idle:
            reader, writer, since = idle.pop()
            if now - since < KEEP_IDLE_SECONDS and not reader.at_eof() \
                    and not writer.is_closing():
                return reader, writer
            writer.close()
        return None

    async def _connect(self, key: Key, timeout: float | None,
                       ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        scheme, host, port = key
        tls = None
        if scheme == "https":
            self._tls = tls = self._tls or tls_context()
        try:
            async with asyncio.timeout(timeout):
                return await asyncio.open_connection(host, port, ssl=tls,
                                                     limit=MAX_HEADER_BYTES)
        except TimeoutError:
            raise TimedOut("Connect timeout") from None
        except (OSError, ssl.SSLError) as error:
            raise NetworkError(f"{type(error).__name__}: {error}") from error

    async def _upload(self, url: str, method: str, request_data: RequestData,
                      *timeouts: Any) -> tuple[int, bytes]:
        if self._uploads is None:
            self._uploads = self._make_uploads()
            await self._uploads.initialize()
        read, write, connect, pool = timeouts
        return await self._uploads.do_request(url, method, request_data, read, write,
                                              connect, pool)


def multipart(request_data: RequestData) -> tuple[str, bytes] | None:
    """Return the content type and the multipart/form-data body of an upload whose files
    are all bytes in memory; None when one is a file handle."""
    files = []
    for name, (filename, content, *rest) in request_data.multipart_data.items():
        if not isinstance(content, bytes):
            return None
        files.append((name, filename, content, rest[0] if rest else None))
    boundary = os.urandom(16).hex()
    parts = []
    for name, value in request_data.json_parameters.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n'
                     f"\r\n{value}\r\n".encode())
    for name, filename, content, mime in files:
        safe = (filename or name).replace('"', "").replace("\r", "").replace("\n", "")
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                     f'filename="{safe}"\r\nContent-Type: {mime or "application/octet-stream"}'
                     "\r\n\r\n".encode())
        parts.append(content)
        parts.append(b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return f"multipart/form-data; boundary={boundary}", b"".join(parts)


def _given(value: Any, default: float | None) -> float | None:
    """Return a call's timeout: its own, or the default when PTB passed DEFAULT_NONE."""
    return default if isinstance(value, DefaultValue) else value


async def _response(reader: asyncio.StreamReader, method: str, *, fresh: bool,
                    ) -> tuple[int, bytes, bool]:
    """Read one response; return (status, body, connection reusable).

    Raise _Stale when a reused connection ends before the status line; ValueError for a
    malformed response; asyncio's stream errors for one cut short.
    """
    try:
        block = await reader.readuntil(b"\r\n\r\n")  # the status line and the headers
    except (asyncio.IncompleteReadError, ConnectionResetError) as error:
        if not fresh and not getattr(error, "partial", b""):
            raise _Stale() from error
        raise
    line, *lines = block[:-4].decode("latin-1").split("\r\n")
    version, status_text = line.split(" ", 2)[:2]
    status = int(status_text)
    headers: dict[str, str] = {}
    for header in lines:
        name, _, value = header.partition(":")
        headers[name.strip().lower()] = value.strip()
    keep = version == "HTTP/1.1" and headers.get("connection", "").lower() != "close"
    if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
        return status, b"", keep
    if "chunked" in headers.get("transfer-encoding", "").lower():
        return status, await _chunks(reader), keep
    if "content-length" in headers:
        length = int(headers["content-length"])
        if length < 0:
            raise ValueError(f"bad Content-Length {length}")
        return status, await reader.readexactly(length), keep
    return status, await reader.read(), False  # the body ends when the server closes


async def _chunks(reader: asyncio.StreamReader) -> bytes:
    """Read a chunked body (and its trailer lines); return it joined."""
    parts: list[bytes] = []
    while True:
        size_line = await reader.readuntil(b"\r\n")
        size = int(size_line.split(b";", 1)[0].strip(), 16)
        if size == 0:
            while await reader.readuntil(b"\r\n") != b"\r\n":
                pass
            return b"".join(parts)
        parts.append(await reader.readexactly(size))
        if await reader.readexactly(2) != b"\r\n":
            raise ValueError("chunk without its CRLF")
