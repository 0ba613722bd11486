"""What the group may have seen of a card game, and the check that it saw nothing more.

`public_record` replays a finished game's action log and notes when each card first
became public (shown by a public event or lying in play, on the discard pile or on the
table) and when each secret role was revealed. `assert_group_kept_secrets` then reads
every version of every group message the fake Telegram holds (edits included): a card
shown there must have been public by the time the version was sent; a secret role word
may only stand next to the name of a player whose role was revealed by then; no private
text (a hand, a role by DM, cards got, a standing order) ever shows; and no group button
plays a hand action or opens a hand card. Times are the fake API's and the action log's,
on one clock.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.bang_cards.cards import CARDS
from core.engine.registry import get_game
from tests.fakebot import FakeBotApi, FakeGroup
from tgbot.i18n import LANGUAGES, t
from tgbot.render.cards.labels import card_label, role_name
from tgbot.service import reads

SECRET_ROLES = ("deputy", "outlaw", "renegade")
GROUP_ACTIONS = re.compile(r"^(e|d[dp0-9]|k\d\d)$")  # phase end, draw source, public picks
PRIVATE_TEXTS = ("🃏 Your hand ({count}): {cards}", "🤫 Your role: <b>{role}</b>",
                 "🃏 You get: {cards}", "🃏 The card that changed hands: {card}",
                 "📜 Your standing orders: {orders}", "🎭 {role} · 🃏 {hand}",
                 "Standing order: Missed! when it fully dodges",
                 "👉 Your turn: tap a card to read it and play it.")


@dataclass(frozen=True)
class PublicRecord:
    """When each card first became public, each seat's role was revealed, the game ended."""

    cards: dict[str, float]
    roles: dict[int, tuple[str, float]]
    ended: float


def _cards_in(value: Any) -> list[str]:
    known = {card.id for card in CARDS}
    if isinstance(value, str):
        return [value] if value in known else []
    if isinstance(value, list | tuple):
        return [c for item in value for c in _cards_in(item)]
    return []


async def public_record(uow_factory: Any, game_id: int, players: int, options: Any,
                        seed: int) -> PublicRecord:
    """Replay the game's log; return what became public when (times as Unix seconds)."""
    engine = get_game("bang_cards")
    records = await reads.action_log(uow_factory, game_id=game_id)
    step = engine.setup(options, players, seed)
    cards: dict[str, float] = {}
    roles: dict[int, tuple[str, float]] = {}
    state = step.state
    for seat, info in enumerate(state.seats):
        if info.role_revealed:
            roles[seat] = (info.role.value, 0.0)
    for event in step.events:  # the first turn's draws (Black Jack shows his second card)
        if event.visible_to(None):
            for card in (c for value in event.to_json().values() for c in _cards_in(value)):
                cards.setdefault(card, 0.0)
    ended = float("inf")
    for record in records:
        at = record.applied_at.timestamp()
        step = engine.apply(state, record.seat, engine.decode_action(record.action))
        state = step.state
        view = engine.view_json(engine.view(state, None))
        shown = [*view["discard"], *view["table"],
                 *(c for seat in view["seats"] for c in seat["in_play"])]
        for event in step.events:
            if event.visible_to(None):
                shown += [c for value in event.to_json().values() for c in _cards_in(value)]
        for card in shown:
            cards.setdefault(card, at)
        for seat, info in enumerate(state.seats):
            if info.role_revealed and seat not in roles:
                roles[seat] = (info.role.value, at)
        if state.outcome is not None:
            ended = min(ended, at)
    return PublicRecord(cards, roles, ended)


@dataclass
class Checked:
    """How much the check read: message versions, card labels and role words judged."""

    versions: int = 0
    cards: int = 0
    roles: int = 0


def assert_group_kept_secrets(api: FakeBotApi, group: FakeGroup, names: Sequence[str],
                              language: str, record: PublicRecord) -> Checked:
    """Check every group message version against `record`; return how much was read."""
    labels: dict[str, list[str]] = {}
    for card in CARDS:
        labels.setdefault(card_label(language, card.id), []).append(card.id)
    marks = [t(lang, text).split("{")[0].strip() for lang in LANGUAGES for text in PRIVATE_TEXTS]
    secret_words = {role: role_name(language, role) for role in SECRET_ROLES}
    read = Checked()
    for message in api.chat_log(group):
        for version in message.history:
            read.versions += 1
            buttons = [b for row in version.reply_markup or [] for b in row]
            text = html.unescape(version.text or version.caption or "")  # a photo's caption
            shown = "\n".join([text, *(b["text"] for b in buttons)])
            for mark in marks:
                assert mark not in shown, (mark, shown)
            for label, cards in labels.items():
                if label in shown:
                    read.cards += 1
                    assert any(record.cards.get(c, float("inf")) <= version.at
                               for c in cards), (label, shown)
            for button in buttons:
                data = button.get("callback_data", "")
                assert not data.startswith(("k:", "h:")), data  # a hand's card opened
                if data.startswith("p:"):
                    assert GROUP_ACTIONS.match(data.split(":")[3]), data
            if version.at >= record.ended:
                continue  # the result names the winning side
            for line in text.splitlines():
                for role, word in secret_words.items():
                    if word not in line:
                        continue
                    read.roles += 1
                    # a seat's name as the table showed it then (a bot may have taken it later)
                    revealed = [names[seat].removeprefix("🤖 ")
                                for seat, (r, at) in record.roles.items()
                                if r == role and at <= version.at]
                    assert any(name in line for name in revealed), (word, line)
    return read
