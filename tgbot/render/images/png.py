"""PNG pictures built from bands compressed one by one, so an unchanged band is reused.

A picture is a stack of full-width bands (a header, a row of seats...). Each is mapped
onto the fixed palette and compressed alone (`encode`): its rows unfiltered, as a raw
deflate stream flushed to a byte boundary, so the compressed bands of a
picture joined one after another, then an empty final block, are one valid zlib stream.
The zlib checksum (Adler-32) of the whole is combined from the bands' own (`_combine`), so
assembling a picture (`assemble`) costs no pass over its pixels.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from PIL import Image
from zlib_ng import zlib_ng

LEVEL = 2
"""zlib-ng's second level: a third of the time of zlib's fastest level, 10-15 % fewer bytes
(its level 1 is faster still but 25 % larger; docs/benchmarks.md, "A press with pictures,
third pass")."""
_BASE = 65521  # Adler-32's modulus
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_END = zlib.compressobj(LEVEL, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)  # an empty last block


@dataclass(frozen=True, slots=True)
class Encoded:
    """One band compressed: `data` (raw deflate, flushed, not final), the Adler-32 of its
    filtered rows and their length in bytes, its height in pixel rows."""

    data: bytes
    adler: int
    length: int
    height: int

    @property
    def weight(self) -> int:
        """Return the bytes this band holds in a cache."""
        return len(self.data) + 120


def encode(image: Image.Image) -> Encoded:
    """Return a palette ("P") image's rows compressed as one band (filter "None": on
    these flat drawings it compresses best and fastest)."""
    width, height = image.size
    framed = Image.new("P", (width + 1, height), 0)  # column 0: each row's filter byte
    framed.paste(image, (1, 0))
    rows = framed.tobytes()
    packer = zlib_ng.compressobj(LEVEL, zlib_ng.DEFLATED, -15)
    data = packer.compress(rows) + packer.flush(zlib_ng.Z_SYNC_FLUSH)
    return Encoded(data, zlib_ng.adler32(rows), len(rows), height)


def _combine(first: int, second: int, length: int) -> int:
    """Return the Adler-32 of two byte strings joined, from their own and the second's
    length (zlib's adler32_combine)."""
    rem = length % _BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _BASE
    sum1 += (second & 0xFFFF) + _BASE - 1
    sum2 += (first >> 16) + (second >> 16) + _BASE - rem
    if sum1 >= _BASE:
        sum1 -= _BASE
    if sum1 >= _BASE:
        sum1 -= _BASE
    if sum2 >= _BASE << 1:
        sum2 -= _BASE << 1
    if sum2 >= _BASE:
        sum2 -= _BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(data, zlib.crc32(kind)))


def _adler(bands: list[Encoded]) -> int:
    """Return the Adler-32 of the bands' rows one after another."""
    adler = 1
    for band in bands:
        adler = _combine(adler, band.adler, band.length)
    return adler


def join(bands: list[Encoded]) -> Encoded:
    """Return the bands stacked top to bottom as one band (their streams joined, their
    checksums combined)."""
    return Encoded(b"".join(band.data for band in bands), _adler(bands),
                   sum(band.length for band in bands), sum(band.height for band in bands))


def assemble(width: int, bands: list[Encoded], palette: bytes) -> bytes:
    """Return the PNG of the bands stacked top to bottom, `width` px wide, 8-bit palette
    `palette` (768 bytes: 256 RGB colours); the bands' streams are copied once."""
    stream = b"".join([b"\x78\x01", *(band.data for band in bands), _END,
                       struct.pack(">I", _adler(bands))])
    header = struct.pack(">IIBBBBB", width, sum(band.height for band in bands), 8, 3, 0, 0, 0)
    return b"".join([_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", stream), _chunk(b"IEND", b"")])
