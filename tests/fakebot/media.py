"""Files the bot sends: uploads (checked like Telegram), known file_ids, or URLs."""

from __future__ import annotations

import hashlib
import struct

from tests.fakebot import errors
from tests.fakebot.errors import bad_request
from tests.fakebot.http11 import Upload
from tests.fakebot.model import FakeFile

MAX_PHOTO_BYTES = 10 * 1024 * 1024
MAX_DOCUMENT_BYTES = 50 * 1024 * 1024


def image_size(data: bytes) -> tuple[int, int] | None:
    """Return (width, height) of a PNG, GIF or JPEG image; None if not a readable image."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        width, height = struct.unpack("<HH", data[6:10])
        return width, height
    if data.startswith(b"\xff\xd8"):
        return _jpeg_size(data)
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        length = struct.unpack(">H", data[i + 2 : i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[i + 5 : i + 9])
            return width, height
        i += 2 + length
    return None


class FileStore:
    """Every file the bot uploaded, by file_id."""

    def __init__(self) -> None:
        self.files: dict[str, FakeFile] = {}

    def by_path(self, path: str) -> FakeFile | None:
        """Return the file served at `path` (under base_file_url), if any."""
        return next((f for f in self.files.values() if f.file_path == path), None)

    def resolve(self, kind: str, value: Upload | str | None) -> FakeFile:
        """Turn a photo/document parameter into a stored file, validating like Telegram."""
        if value is None or value == "":
            raise bad_request(f"Bad Request: there is no {kind} in the request")
        if isinstance(value, str):
            return self._reference(kind, value)
        if kind == "photo":
            return self._photo(value)
        if kind == "animation":
            return self._animation(value)
        if len(value.data) > MAX_DOCUMENT_BYTES:
            raise bad_request("Request Entity Too Large")
        if not value.data:
            raise bad_request("Bad Request: file must be non-empty")
        return self._store(kind, value.data, value.filename, value.content_type, 0, 0)

    def _photo(self, upload: Upload) -> FakeFile:
        if len(upload.data) > MAX_PHOTO_BYTES:
            raise bad_request("Bad Request: PHOTO_INVALID_DIMENSIONS")
        size = image_size(upload.data)
        if size is None:
            raise bad_request(errors.IMAGE_PROCESS_FAILED)
        width, height = size
        if width <= 0 or height <= 0 or width + height > 10000 or max(size) > 20 * min(size):
            raise bad_request(errors.PHOTO_DIMENSIONS)
        return self._store("photo", upload.data, None, None, width, height)

    def _animation(self, upload: Upload) -> FakeFile:
        """An animation: a GIF (measured) or an MP4 (an `ftyp` box first), as Telegram
        plays; anything else is refused."""
        if len(upload.data) > MAX_DOCUMENT_BYTES:
            raise bad_request("Request Entity Too Large")
        size = image_size(upload.data) if upload.data[:3] == b"GIF" else None
        if size is None and upload.data[4:8] != b"ftyp":
            raise bad_request(errors.WRONG_ANIMATION)
        width, height = size or (0, 0)
        return self._store("animation", upload.data, upload.filename, upload.content_type,
                           width, height)

    def _reference(self, kind: str, value: str) -> FakeFile:
        if value.startswith("attach://"):
            raise bad_request(f'Bad Request: can\'t find attached file "{value[9:]}"')
        if value.startswith(("http://", "https://")):
            # The fake cannot fetch URLs; it records them as opaque files.
            return self._store(kind, value.encode(), None, None, 1280, 720)
        known = self.files.get(value)
        if known is None or (known.kind == "photo") != (kind == "photo"):
            raise bad_request(errors.WRONG_FILE_ID)
        return known

    def _store(
        self, kind: str, data: bytes, name: str | None, mime: str | None, width: int, height: int
    ) -> FakeFile:
        digest = hashlib.sha256(kind.encode() + data).hexdigest()
        unique = "AQAD" + digest[:16]
        file_id = f"{'AgAC' if kind == 'photo' else 'BQAC'}{digest[:40]}{len(self.files):04d}"
        stored = FakeFile(file_id, unique, kind, data, name, mime, width, height)
        self.files[file_id] = stored
        return stored
