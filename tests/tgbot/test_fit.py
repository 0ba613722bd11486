"""Texts cut to Telegram's limits stay HTML Telegram parses (checked with the fake Bot API's
parser, tests/fakebot/markup.py) and keep what matters: the newest lines, a table's last
line."""

from __future__ import annotations

import random

import pytest

from tests.fakebot.markup import parse_html
from tgbot.botapi.inbox import fitted
from tgbot.render.fit import (
    ELLIPSIS,
    TEXT_LIMIT,
    cut_html,
    cut_plain,
    fit_lines,
    fit_message,
    units,
    visible_length,
)


def _parsed_units(text: str) -> int:
    """Return the UTF-16 length of what Telegram shows of an HTML text (raise the 400 it
    would answer for broken HTML)."""
    visible, _ = parse_html(text)
    return units(visible)


def test_a_text_that_fits_is_left_alone() -> None:
    text = "<b>Ana</b> &amp; Bia"
    assert cut_html(text, 9) is text
    assert cut_plain("abc", 3) == "abc"


def test_a_cut_closes_the_tags_left_open_and_never_splits_an_entity() -> None:
    text = '<b>Vez de <a href="tg://user?id=7"><i>Ana</i> &amp; Bia</a></b> e mais'
    cut = cut_html(text, 13)
    assert cut == '<b>Vez de <a href="tg://user?id=7"><i>Ana</i> &amp;…</a></b>'
    assert _parsed_units(cut) == 13


def test_an_emoji_is_never_split() -> None:
    assert cut_plain("🎲🎲🎲", 4) == "🎲…"
    assert cut_html("<b>🎲🎲🎲</b>", 4) == "<b>🎲…</b>"


@pytest.mark.parametrize("seed", range(40))
def test_any_cut_parses_and_fits(seed: int) -> None:
    rng = random.Random(seed)
    pieces = ["Ana", "&lt;", "&amp;", "🎲", "é", "\n", " ", "x" * 30]
    text = ""
    for _ in range(rng.randint(5, 60)):
        inner = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        tag = rng.choice(["b", "i", "code", None, None])
        text += f"<{tag}>{inner}</{tag}>" if tag else inner
    limit = rng.randint(5, max(6, visible_length(text)))
    cut = cut_html(text, limit)
    assert _parsed_units(cut) <= limit
    if visible_length(text) > limit:
        assert ELLIPSIS in cut


def test_a_message_drops_old_lead_lines_then_cuts_inside_keeping_its_last_line() -> None:
    text = "\n".join(["<b>Mesa</b>", *(f"linha {n} " + "x" * 60 for n in range(100)),
                      "⏳ Vez de <b>Ana</b>"])
    lead = ["⏰ tempo", "antiga", "nova"]
    assert fit_message(lead, "mesa", limit=19) == "⏰ tempo\nnova\n\nmesa"
    assert fit_message(lead, "mesa", limit=14) == "⏰ tempo\n\nmesa"
    assert fit_message(lead, "mesa", limit=8) == "mesa"
    message = fit_message(lead, text)
    assert _parsed_units(message) <= TEXT_LIMIT
    assert message.startswith("<b>Mesa</b>\nlinha 0")
    assert message.endswith("…\n⏳ Vez de <b>Ana</b>")


def test_history_keeps_its_newest_lines() -> None:
    lines = [f"{n}: " + "🎲" * 100 for n in range(40)]
    text = fit_lines(lines)
    assert _parsed_units(text) <= TEXT_LIMIT
    assert text.endswith(lines[-1])
    assert not text.startswith("0:")
    assert fit_lines(["x" * 5000]).endswith(ELLIPSIS)
    assert fit_lines([]) == ""


def test_every_call_the_bot_makes_is_fitted_on_its_way_out() -> None:
    """Whatever sends it (a handler's reply, the delivery loop), a text or caption too long
    is cut; HTML stays parseable, plain text stays plain; what fits is passed as it is."""
    data = {"chat_id": 1, "text": "<b>" + "x" * 5000 + "</b>", "parse_mode": "HTML"}
    sent = fitted("sendMessage", data)
    assert _parsed_units(sent["text"]) == TEXT_LIMIT
    assert sent["chat_id"] == 1
    plain = fitted("editMessageText", {"text": "<" * 5000})
    assert plain["text"] == "<" * (TEXT_LIMIT - 1) + ELLIPSIS
    caption = fitted("sendPhoto", {"caption": "🎲" * 600, "parse_mode": "HTML"})
    assert visible_length(caption["caption"]) <= 1024
    short = {"text": "ok"}
    assert fitted("sendMessage", short) is short
    assert fitted("answerCallbackQuery", {"text": "x" * 5000})["text"] == "x" * 5000
