"""A minimal HTTP/1.1 server side: request parsing, keep-alive, bodies, and JSON responses."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import parse_qsl, unquote, urlsplit

MAX_BODY = 64 * 1024 * 1024
T = TypeVar("T")
REASONS = {
    200: "OK",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    409: "Conflict",
    413: "Payload Too Large",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
}


class HttpProtocolError(Exception):
    """The client sent something this server cannot parse; the connection is closed."""


@dataclass(frozen=True)
class Upload:
    """One file part of a multipart/form-data body."""

    field: str
    filename: str
    content_type: str
    data: bytes


@dataclass
class HttpRequest:
    """A parsed request: method, path, headers (lower-case names) and decoded parameters."""

    method: str
    path: str
    version: str
    headers: dict[str, str]
    body: bytes
    params: dict[str, Any] = field(default_factory=dict)
    files: dict[str, Upload] = field(default_factory=dict)

    @property
    def keep_alive(self) -> bool:
        """Whether the connection stays open after the response."""
        connection = self.headers.get("connection", "").lower()
        if self.version == "HTTP/1.0":
            return connection == "keep-alive"
        return connection != "close"


async def read_request(reader: asyncio.StreamReader) -> HttpRequest | None:
    """Read one request; None when the client closed the connection cleanly."""
    try:
        line = await reader.readline()
    except (ConnectionError, asyncio.IncompleteReadError):
        return None
    if not line:
        return None
    parts = line.decode("latin-1").rstrip("\r\n").split(" ")
    if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
        raise HttpProtocolError(f"bad request line {line!r}")
    method, target, version = parts
    headers: dict[str, str] = {}
    while True:
        raw = await reader.readline()
        if raw in (b"\r\n", b"\n", b""):
            break
        name, sep, value = raw.decode("latin-1").partition(":")
        if not sep:
            raise HttpProtocolError(f"bad header line {raw!r}")
        headers[name.strip().lower()] = value.strip()
    body = await _read_body(reader, headers)
    url = urlsplit(target)
    request = HttpRequest(method.upper(), unquote(url.path), version, headers, body)
    request.params.update(parse_qsl(url.query, keep_blank_values=True))
    _decode_body(request)
    return request


async def _read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> bytes:
    if headers.get("transfer-encoding", "").lower() == "chunked":
        chunks: list[bytes] = []
        while True:
            size = int((await reader.readline()).split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while (await reader.readline()) not in (b"\r\n", b"\n", b""):
                    pass
                return b"".join(chunks)
            chunks.append(await reader.readexactly(size))
            await reader.readline()
    length = int(headers.get("content-length", "0") or "0")
    if length < 0 or length > MAX_BODY:
        raise HttpProtocolError(f"unacceptable Content-Length {length}")
    return await reader.readexactly(length) if length else b""


def _decode_body(request: HttpRequest) -> None:
    content_type = request.headers.get("content-type", "")
    mime = content_type.split(";")[0].strip().lower()
    if not request.body:
        return
    if mime == "application/json":
        decoded = json.loads(request.body)
        if not isinstance(decoded, dict):
            raise HttpProtocolError("a JSON body must be an object")
        request.params.update(decoded)
    elif mime == "application/x-www-form-urlencoded":
        request.params.update(parse_qsl(request.body.decode(), keep_blank_values=True))
    elif mime == "multipart/form-data":
        match = re.search(r'boundary="?([^";]+)"?', content_type)
        if not match:
            raise HttpProtocolError("multipart body without boundary")
        fields, files = parse_multipart(request.body, match.group(1).encode("latin-1"))
        request.params.update(fields)
        request.files.update(files)


def parse_multipart(body: bytes, boundary: bytes) -> tuple[dict[str, str], dict[str, Upload]]:
    """Split a multipart/form-data body into text fields and file uploads."""
    fields: dict[str, str] = {}
    files: dict[str, Upload] = {}
    for chunk in body.split(b"--" + boundary)[1:]:
        if chunk.startswith(b"--"):
            break
        head, _, data = chunk.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        data = data.removesuffix(b"\r\n")
        part_headers = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            name, _, value = line.partition(":")
            part_headers[name.strip().lower()] = value.strip()
        disposition = part_headers.get("content-disposition", "")
        name_match = re.search(r'(?:^|;)\s*name="([^"]*)"', disposition)
        if not name_match:
            raise HttpProtocolError("multipart part without a name")
        file_match = re.search(r'filename="([^"]*)"', disposition)
        if file_match:
            content_type = part_headers.get("content-type", "application/octet-stream")
            upload = Upload(name_match.group(1), file_match.group(1), content_type, data)
            files[upload.field] = upload
        else:
            fields[name_match.group(1)] = data.decode("utf-8")
    return fields, files


def encode_response(
    status: int, body: bytes, *, keep_alive: bool, content_type: str = "application/json"
) -> bytes:
    """Return the bytes of a complete response with Content-Length."""
    head = (
        f"HTTP/1.1 {status} {REASONS.get(status, 'Unknown')}\r\n"
        f"Content-Type: {content_type}\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"Connection: {'keep-alive' if keep_alive else 'close'}\r\n"
        "Server: fake-bot-api\r\n\r\n"
    )
    return head.encode("latin-1") + body


async def until_disconnect(call: Awaitable[T], reader: asyncio.StreamReader) -> T | None:
    """Run a long call; return its result, or None if the client closed the connection first."""
    work = asyncio.ensure_future(call)
    eof = asyncio.ensure_future(reader.read(1))
    try:
        await asyncio.wait({work, eof}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        pending = [task for task in (work, eof) if not task.done()]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
    if work.done() and not work.cancelled():
        return work.result()
    return None
