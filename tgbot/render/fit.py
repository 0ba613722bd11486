"""Texts Telegram accepts: at most 4,096 visible characters a message, 1,024 a caption.

Telegram counts the text a message shows after its HTML is parsed (tags are not counted,
an entity such as `&lt;` is one character); this module counts UTF-16 code units (an
emoji outside the basic plane counts two), which is never less than what Telegram counts.
A text that is too long is cut, never refused: whole lines go first where the caller
says which matter least, and what is cut inside a line keeps the HTML well formed (every
tag left open is closed) and ends with "…".
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

TEXT_LIMIT = 4096
"""Telegram's longest message text, in visible characters."""
CAPTION_LIMIT = 1024
"""Telegram's longest photo caption, in visible characters."""
ELLIPSIS = "…"
_TAG = re.compile(r"<[^>]*>")
_TOKEN = re.compile(r"<[^>]*>|&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);|.", re.DOTALL)
_TAG_NAME = re.compile(r"</?\s*([a-zA-Z][a-zA-Z0-9-]*)")


def units(plain: str) -> int:
    """Return the length of a plain text in UTF-16 code units."""
    return len(plain.encode("utf-16-le")) // 2


def visible_length(text: str) -> int:
    """Return the length Telegram counts for an HTML text: its visible characters, in
    UTF-16 code units."""
    return units(html.unescape(_TAG.sub("", text)))


def surely_fits(text: str, limit: int) -> bool:
    """Return True when a text fits in `limit` without counting: a character is at most
    two UTF-16 units, and tags and entities only make the visible text shorter (most of
    what the bot sends; counting is for the rest)."""
    return 2 * len(text) <= limit


def cut_plain(text: str, limit: int) -> str:
    """Return a plain text (no parse mode) unchanged when it fits in `limit` UTF-16 units,
    else its beginning and "…" (a character is never split)."""
    if surely_fits(text, limit) or units(text) <= limit:
        return text
    budget, used, kept = limit - units(ELLIPSIS), 0, []
    for char in text:
        used += units(char)
        if used > budget:
            break
        kept.append(char)
    return "".join(kept) + ELLIPSIS


def cut_html(text: str, limit: int) -> str:
    """Return an HTML text unchanged when it fits in `limit` visible characters, else its
    beginning and "…" with every tag left open closed (an entity is never split)."""
    if surely_fits(text, limit) or visible_length(text) <= limit:
        return text
    budget, used = limit - units(ELLIPSIS), 0
    out: list[str] = []
    opened: list[str] = []
    for token in _TOKEN.findall(text):
        if len(token) > 1 and token.startswith("<"):
            _follow_tag(token, opened)
            out.append(token)
            continue
        size = units(html.unescape(token))
        if used + size > budget:
            break
        out.append(token)
        used += size
    return "".join([*out, ELLIPSIS, *(f"</{name}>" for name in reversed(opened))])


def _follow_tag(tag: str, opened: list[str]) -> None:
    """Keep `opened` (the names of the tags open so far) up to date with one tag."""
    match = _TAG_NAME.match(tag)
    if match is None:
        return
    name = match.group(1).lower()
    if not tag.startswith("</"):
        opened.append(name)
    elif name in opened:
        del opened[len(opened) - 1 - opened[::-1].index(name)]


def fit_message(lead: Sequence[str], text: str, limit: int = TEXT_LIMIT) -> str:
    """Return the lead lines, a blank line and the text as one message of at most `limit`
    visible characters. Lead lines go first, the oldest first but for the very first (why
    the message is new: a timeout, a move; it goes last); then the text is cut inside, its
    last line (whom a table waits for) kept whole when it is short."""
    kept = list(lead)

    def joined() -> str:
        return "\n".join([*kept, "", text]) if kept else text

    message = joined()
    if surely_fits(message, limit):
        return message
    while kept and visible_length(joined()) > limit:
        kept.pop(1 if len(kept) > 1 else 0)
    message = joined()
    if visible_length(message) <= limit:
        return message
    head, newline, last = text.rpartition("\n")
    if not newline or visible_length(last) > limit // 4:
        return cut_html(text, limit)
    return cut_html(head, limit - visible_length(last) - 1) + "\n" + last


def fit_lines(lines: Sequence[str], limit: int = TEXT_LIMIT) -> str:
    """Return the newest lines that fit together in `limit` visible characters, one a
    line (the oldest go first; a newest line too long alone is cut)."""
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        size = visible_length(line) + (1 if kept else 0)
        if used + size > limit:
            break
        kept.append(line)
        used += size
    if not kept and lines:
        return cut_html(lines[-1], limit)
    return "\n".join(reversed(kept))
