"""What the group sees of undo by consent (tgbot/service/undo.py): the "↩️ Undo" button on
the table after a move that may be taken back, the request with its two buttons, and the
request's last words once it ends.

The request is a delivery row of its own, `undo:<version>:<seat>` (the move it is about):
posted when asked (mentioning the players who must answer), edited as they agree, and left
without buttons, saying how it ended, by the first command after it ends (taken back,
refused, time up, or the game went on).
"""

from __future__ import annotations

import html
from datetime import datetime

from tgbot.i18n import t
from tgbot.render.callbacks import undo_data
from tgbot.render.front import front_for
from tgbot.render.notices import chat_language, mention, plain_name
from tgbot.render.rendered import Buttons
from tgbot.service.payloads import Payload
from tgbot.service.scene import Outbound, Scene
from tgbot.service.undo_offer import (
    ASKED,
    EXPIRED,
    OFFERED,
    REFUSED,
    REQUEST_WINDOW,
    UNDONE,
    Offer,
    live_offer,
    offer_of,
)

PREFIX = "undo:"


def undo_key(offer: Offer) -> str:
    """Return the delivery key of the request about an offer's move."""
    return f"{PREFIX}{offer.version}:{offer.seat}"


def undo_button(scene: Scene, language: str) -> Buttons:
    """Return the table's "↩️ Undo" row while its last move may still be asked back (none
    once asked: the request has its own buttons)."""
    offer = live_offer(scene.game)
    if offer is None or offer.status != OFFERED or scene.game.id is None:
        return ()
    name = plain_name(scene, offer.seat)[:24]
    return (((t(language, "↩️ Undo {name}'s move", name=name),
              undo_data(scene.game.id, offer.version, "a")),),)


def undo_rows(scene: Scene, at: datetime) -> list[Outbound]:
    """Return the request's message while it waits for answers, and the last words of
    every request message that still has buttons but is over."""
    game = scene.game
    live = pending_request(scene, at)
    out = []
    if live is not None:
        out.append(Outbound(undo_key(live), game.chat_id, question(scene, live),
                            topic_id=game.topic_id))
    for key, row in scene.deliveries.items():
        if key.startswith(PREFIX) and row.payload.get("buttons") \
                and (live is None or key != undo_key(live)):
            text = ended_text(scene, key, offer_of(game), at)
            out.append(Outbound(key, row.chat_id, {"text": text, "buttons": []},
                                topic_id=row.topic_id))
    return out


def pending_request(scene: Scene, at: datetime) -> Offer | None:
    """Return the request about the game's last move while it waits for answers at `at`."""
    live = live_offer(scene.game)
    return live if live is not None and live.status == ASKED and live.pending(at) else None


def question(scene: Scene, offer: Offer) -> Payload:
    """Return the request: who asks, who must answer (mentioned), and its two buttons."""
    language, game = chat_language(scene), scene.game
    assert game.id is not None
    title = html.escape(front_for(game.kind).title(language))
    waiting = ", ".join(mention(scene.user_of(seat) or 0, plain_name(scene, seat))
                        for seat in offer.waiting_for())
    lines = [t(language, "↩️ <b>{game}</b>: {name} asks to take back their last move.",
               game=title, name=html.escape(plain_name(scene, offer.seat))),
             t(language, "{players}: tap ✅ to agree or ✖️ to refuse. One refusal keeps the "
                         "move, and so does silence for {minutes} minutes.",
               players=waiting, minutes=int(REQUEST_WINDOW.total_seconds() // 60))]
    if offer.agreed:
        lines.append(t(language, "✅ Agreed: {names}", names=", ".join(
            html.escape(plain_name(scene, seat)) for seat in offer.agreed)))
    buttons = [[t(language, "✅ Agree"), undo_data(game.id, offer.version, "y")],
               [t(language, "✖️ Refuse"), undo_data(game.id, offer.version, "n")]]
    return {"text": "\n".join(lines), "buttons": [buttons]}


def ended_text(scene: Scene, key: str, offer: Offer | None, at: datetime) -> str:
    """Return how the request of the row `key` ended, naming the game and the player."""
    language = chat_language(scene)
    title = html.escape(front_for(scene.game.kind).title(language))
    version, seat = (int(part) for part in key.removeprefix(PREFIX).split(":"))
    name = html.escape(plain_name(scene, seat))
    status = None if offer is None or (offer.version, offer.seat) != (version, seat) \
        else offer.status
    if status == ASKED and scene.game.version == version:  # nobody moved: time ran out
        status = EXPIRED
    if status == UNDONE:
        return t(language, "↩️ <b>{game}</b>: everyone agreed, so {name}'s move was taken "
                           "back. {name} plays again, on the clock as it was before.",
                 game=title, name=name)
    if status == REFUSED and offer is not None and offer.by is not None:
        return t(language, "✖️ <b>{game}</b>: {refuser} refused, so {name}'s move stands.",
                 game=title, name=name, refuser=html.escape(plain_name(scene, offer.by)))
    if status == EXPIRED:
        return t(language, "⌛ <b>{game}</b>: not everyone answered in time, so {name}'s "
                           "move stands.", game=title, name=name)
    return t(language, "⏭ <b>{game}</b>: the game went on, so {name}'s move stands.",
             game=title, name=name)
