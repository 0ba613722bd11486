"""Message text as Telegram stores it: HTML parsed into visible text plus entities, trimmed.

The HTML parser follows Telegram's (tdlib's) rules and error wording: only the documented tags,
`span` only with class "tg-spoiler", every tag closed, end tags matching, and bare `<` rejected.
Offsets and lengths of entities are in UTF-16 code units; length limits count code points
(tdlib: `utf8_length(text) > message_text_length_max` answers "Message is too long").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tests.fakebot.errors import UNSUPPORTED_PARSE_MODE, bad_request, cant_parse

TAGS = {
    "a": "text_link",
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "span": "spoiler",
    "tg-spoiler": "spoiler",
    "tg-emoji": "custom_emoji",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
}
NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
ENTITY_RE = re.compile(r"&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);")
ATTR_RE = re.compile(
    r"""\s*([^\s=>/"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[A-Za-z0-9.\-]+))?""", re.VERBOSE
)


@dataclass(frozen=True)
class FormattedText:
    """Visible text and its entities (dicts as in the Bot API, sorted)."""

    text: str
    entities: tuple[tuple[tuple[str, Any], ...], ...] = ()

    def entity_dicts(self) -> list[dict[str, Any]]:
        """Return the entities as Bot API dicts."""
        return [dict(entity) for entity in self.entities]


def utf16_len(text: str) -> int:
    """Return the length of `text` in UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def format_text(text: str, parse_mode: str | None, entities: Any) -> FormattedText:
    """Parse a text or caption the way sendMessage does and trim surrounding whitespace."""
    if parse_mode:
        if parse_mode.lower() != "html":
            # MarkdownV2/Markdown are real modes, but this fake only implements HTML.
            raise bad_request(UNSUPPORTED_PARSE_MODE + " (the fake implements HTML only)")
        visible, found = parse_html(text)
    else:
        visible, found = text, _given_entities(entities)
    return _trim(visible, found)


def _given_entities(entities: Any) -> list[dict[str, Any]]:
    if entities is None:
        return []
    if not isinstance(entities, list) or not all(isinstance(e, dict) for e in entities):
        raise bad_request("Bad Request: can't parse entities JSON object")
    return [dict(e) for e in entities]


def _trim(text: str, entities: list[dict[str, Any]]) -> FormattedText:
    stripped = text.lstrip()
    shift = utf16_len(text) - utf16_len(stripped)
    stripped = stripped.rstrip()
    end = utf16_len(stripped)
    kept = []
    for entity in entities:
        start = max(entity["offset"] - shift, 0)
        stop = min(entity["offset"] + entity["length"] - shift, end)
        if stop > start:
            kept.append({**entity, "offset": start, "length": stop - start})
    kept.sort(key=lambda e: (e["offset"], -e["length"], e["type"]))
    return FormattedText(stripped, tuple(tuple(sorted(e.items())) for e in kept))


def parse_html(source: str) -> tuple[str, list[dict[str, Any]]]:
    """Return (visible text, entities) of Telegram HTML, or raise the 400 Telegram would."""
    out: list[str] = []
    units = 0
    stack: list[tuple[str, str | None, int]] = []
    entities: list[dict[str, Any]] = []
    i = 0
    while i < len(source):
        char = source[i]
        if char == "&":
            match = ENTITY_RE.match(source, i)
            decoded = _decode_entity(match.group(1)) if match else None
            if match and decoded is not None:
                out.append(decoded)
                units += utf16_len(decoded)
                i = match.end()
                continue
        if char != "<":
            out.append(char)
            units += utf16_len(char)
            i += 1
            continue
        at = len(source[:i].encode())
        if source.startswith("</", i):
            i = _close_tag(source, i, at, stack, entities, units)
        else:
            i = _open_tag(source, i, at, stack, units)
    if stack:
        detail = f'Can\'t find end tag corresponding to start tag "{stack[-1][0]}"'
        raise bad_request(cant_parse(detail))
    for entity in entities:
        if entity["type"] == "code":
            entity.pop("language", None)  # a language survives only on <pre><code>
    return "".join(out), entities


def _decode_entity(name: str) -> str | None:
    if name.startswith("#x"):
        code = int(name[2:], 16)
    elif name.startswith("#"):
        code = int(name[1:])
    else:
        return NAMED_ENTITIES.get(name)
    return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else None


def _open_tag(
    source: str, i: int, at: int, stack: list[tuple[str, str | None, int]], units: int
) -> int:
    j = i + 1
    while j < len(source) and not source[j].isspace() and source[j] != ">":
        j += 1
    if j >= len(source):
        raise bad_request(cant_parse(f"Unclosed start tag at byte offset {at}"))
    name = source[i + 1 : j].lower()
    if name not in TAGS:
        raise bad_request(cant_parse(f'Unsupported start tag "{name}" at byte offset {at}'))
    argument: str | None = None
    while True:
        while j < len(source) and source[j].isspace():
            j += 1
        if j >= len(source):
            raise bad_request(cant_parse(f'Unclosed start tag "{name}" at byte offset {at}'))
        if source[j] == ">":
            break
        match = ATTR_RE.match(source, j)
        if not match:
            raise bad_request(
                cant_parse(f'Empty attribute name in the tag "{name}" at byte offset {at}')
            )
        attr, raw = match.group(1).lower(), match.group(2)
        value = raw[1:-1] if raw and raw[0] in "\"'" else (raw or "")
        argument = _tag_argument(name, attr, value, argument)
        j = match.end()
    if name == "span" and argument != "spoiler":
        raise bad_request(
            cant_parse(f'Tag "span" must have class "tg-spoiler" at byte offset {at}')
        )
    stack.append((name, argument, units))
    return j + 1


def _tag_argument(tag: str, attr: str, value: str, current: str | None) -> str | None:
    if tag == "a" and attr == "href":
        return value
    if tag == "code" and attr == "class" and value.startswith("language-"):
        return value.removeprefix("language-")
    if tag == "span" and attr == "class" and value == "tg-spoiler":
        return "spoiler"
    if tag == "tg-emoji" and attr == "emoji-id":
        return value
    if tag == "blockquote" and attr == "expandable":
        return "expandable"
    return current


def _close_tag(
    source: str,
    i: int,
    at: int,
    stack: list[tuple[str, str | None, int]],
    entities: list[dict[str, Any]],
    units: int,
) -> int:
    if not stack:
        raise bad_request(cant_parse(f"Unexpected end tag at byte offset {at}"))
    j = i + 2
    while j < len(source) and not source[j].isspace() and source[j] != ">":
        j += 1
    end_name = source[i + 2 : j].lower()
    while j < len(source) and source[j].isspace():
        j += 1
    if j >= len(source) or source[j] != ">":
        raise bad_request(cant_parse(f"Unclosed end tag at byte offset {at}"))
    name, argument, start = stack.pop()
    if end_name and end_name != name:
        raise bad_request(
            cant_parse(
                f'Unmatched end tag at byte offset {at}, expected "</{name}>", '
                f'found "</{end_name}>"'
            )
        )
    if units > start:
        entity = _entity(name, argument, start, units - start, entities)
        if entity is not None:
            entities.append(entity)
    return j + 1


def _entity(
    name: str, argument: str | None, offset: int, length: int, entities: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """Build the entity a closed tag produces (None for a link without a usable URL)."""
    kind = TAGS[name]
    entity: dict[str, Any] = {"type": kind, "offset": offset, "length": length}
    if kind == "text_link":
        if not argument or not re.match(r"(https?|tg)://\S+$", argument):
            return None  # Telegram silently drops links it cannot use
        entity["url"] = argument
    elif kind == "custom_emoji":
        if not (argument or "").isdigit():
            raise bad_request(cant_parse("Invalid custom emoji identifier specified"))
        entity["custom_emoji_id"] = argument
    elif kind == "blockquote" and argument == "expandable":
        entity["type"] = "expandable_blockquote"
    elif kind == "code" and argument:
        entity["language"] = argument
    if kind == "pre" and entities and entities[-1]["type"] == "code":
        inner = entities[-1]
        if (inner["offset"], inner["length"]) == (offset, length):
            entities.pop()
            if "language" in inner:
                entity["language"] = inner["language"]
    return entity
