"""The messages around a game that are not its table or its prompts: who is told what, once.

Rendered by the outbox (tgbot/render/outbox.py) from the notes a command left on its scene:

- **pings**: "your move" for a seat the attention hook (tgbot/service/attention.py) named. The group
  ping (`ping`) is one short message mentioning the seats, deleted once none of them owes
  the decision any more; a private ping (`ping:<seat>`) likewise in the player's chat;
- **reminders** by DM, and once per turn as a mention in the group;
- **personal notices**: a player whose clock ran out, or whose seat a bot now plays, is
  told in private, once, with a button to take his seat back;
- **unreachable**: a player the bot cannot write to in private is named in the group once
  per game, with a button that opens the bot's private chat;
- **left**: the group is told that a player left it and what happens to his seat.

Every private message names its game and group, so a player of several tables knows which
one it is about.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from storage.models import GameStatus
from tgbot.i18n import DEFAULT_LANGUAGE, t
from tgbot.render.callbacks import back_data, mine_data
from tgbot.render.front import front_for
from tgbot.service.deadlines import local_clock
from tgbot.service.payloads import CLOSE, closed
from tgbot.service.scene import NOTE, Outbound, Scene
from tgbot.service.secrets import GROUP, secrets_place

GROUP_PING = "ping"


def ping_key(seat: int) -> str:
    """Return the delivery key of a seat's private "your move" note."""
    return f"{GROUP_PING}:{seat}"


def chat_language(scene: Scene) -> str:
    """Return the language of the game's group."""
    return scene.chat.language if scene.chat is not None else DEFAULT_LANGUAGE


def user_language(scene: Scene, user_id: int) -> str:
    """Return a seated user's language (the default when unknown)."""
    user = scene.users.get(user_id)
    return user.language if user is not None and user.language else DEFAULT_LANGUAGE


def mention(user_id: int, name: str) -> str:
    """Return an HTML mention that notifies the user (a plain name notifies nobody)."""
    return f'<a href="tg://user?id={user_id}">{html.escape(name)}</a>'


def plain_name(scene: Scene, seat: int) -> str:
    """Return the seat's player's name without the bot mark."""
    return scene.names()[seat].removeprefix("🤖 ")


def deadline_text(scene: Scene, language: str) -> str:
    """Return "⏰ until …" for the game's running clock in the chat's time zone ("" when no
    clock runs)."""
    moment = scene.game.deadline_at
    if moment is None:
        return ""
    zone = (scene.chat.timer_settings or {}).get("timezone") if scene.chat else None
    table = scene.game.lobby.get("timers") or {}  # the table's copy, read without validating
    return t(language, "⏰ until {when}",
             when=local_clock(moment, zone or table.get("timezone") or "UTC"))


def table_link(scene: Scene) -> str | None:
    """Return a link to the game's live table message, where Telegram has one (a
    supergroup's messages; a basic group's have none)."""
    row = scene.deliveries.get("table")
    chat = str(scene.game.chat_id)
    if row is None or row.message_id is None or not chat.startswith("-100"):
        return None
    return f"https://t.me/c/{chat[4:]}/{row.message_id}"


def where(scene: Scene, language: str) -> str:
    """Return which game and group a private message is about: "BANG! … in Saloon"."""
    title = front_for(scene.game.kind).title(language)
    group = scene.chat.title if scene.chat is not None and scene.chat.title else None
    if group is None:
        return t(language, "{game} (your group)", game=title)
    return t(language, "{game} in {group}", game=title, group=html.escape(group))


def context_line(scene: Scene, language: str) -> str:
    """Return the line naming a private message's game and group, linked to its table."""
    link, icon = table_link(scene), front_for(scene.game.kind).icon
    place = where(scene, language)
    return f'{icon} <a href="{link}">{place}</a>' if link else f"{icon} {place}"


def pings(scene: Scene, unmentioned: Sequence[int]) -> list[Outbound]:
    """Return the "your move" pings the attention notes ask for (the group's, for the seats
    the new table message does not mention), and delete those no longer owed."""
    engine, state, game = scene.engine, scene.state, scene.game
    owing = set(engine.to_act(state)) - scene.bots() if engine.outcome(state) is None else set()
    out = []
    if unmentioned:
        language = chat_language(scene)
        names = ", ".join(mention(scene.user_of(s) or 0, plain_name(scene, s))
                          for s in unmentioned)
        text = " ".join(filter(None, [
            t(language, "🔔 {names}: your move in {game}.", names=names,
              game=front_for(game.kind).title(language)), deadline_text(scene, language)]))
        out.append(Outbound(GROUP_PING, game.chat_id, {"text": text, "seats": list(unmentioned)},
                            topic_id=game.topic_id, fresh=True))
    else:
        row = scene.deliveries.get(GROUP_PING)
        if row is not None and not closed(row.payload) \
                and not owing & set(row.payload.get("seats", [])):
            out.append(Outbound(GROUP_PING, row.chat_id, CLOSE, topic_id=row.topic_id))
    told = scene.notes.attention.dm if scene.notes.attention is not None else []
    for seat in told:
        user = scene.user_of(seat)
        if user is not None:
            out.append(Outbound(ping_key(seat), user, {"text": dm_ping(scene, seat, user),
                                                       "seats": [seat]}, fresh=True))
    for key, row in scene.deliveries.items():
        if key.startswith(GROUP_PING + ":") and not closed(row.payload) \
                and int(key.split(":")[1]) not in owing | set(told):
            out.append(Outbound(key, row.chat_id, CLOSE))
    return out


def dm_ping(scene: Scene, seat: int, user: int) -> str:
    """Return a seat's private "your move" note: which game, what to do, until when."""
    language = user_language(scene, user)
    view = scene.engine.view(scene.state, None)
    what = front_for(scene.game.kind).waiting_line(language, view, scene.names())
    return "\n".join(filter(None, [
        t(language, "🔔 Your move!"), context_line(scene, language), what,
        deadline_text(scene, language)]))


def reminders(scene: Scene) -> list[Outbound]:
    """Return the reminder DMs, and the group mention once per turn, a reminder asks."""
    owed = scene.notes.remind
    if not owed:
        return []
    game = scene.game
    out = []
    for seat in owed:
        user = scene.user_of(seat)
        if user is None:
            continue
        language = user_language(scene, user)
        out.append(Outbound(NOTE, user, {"text": "\n".join(filter(None, [
            t(language, "⏳ Your move is still waiting."), context_line(scene, language),
            deadline_text(scene, language)]))}))
    if scene.notes.mention:
        language = chat_language(scene)
        names = ", ".join(mention(scene.user_of(s) or 0, plain_name(scene, s)) for s in owed)
        out.append(Outbound(NOTE, game.chat_id, {"text": " ".join(filter(None, [
            t(language, "⏳ {names}: your move is waiting.", names=names),
            deadline_text(scene, language)]))}, topic_id=game.topic_id))
    return out


def personal(scene: Scene) -> list[Outbound]:
    """Return the private notices of this command's timeouts and bot takeovers: each player
    is told once what happened to his seat, with a button to take it back."""
    game = scene.game
    assert game.id is not None
    out = []
    taken = set(scene.notes.taken_over)
    for seat in sorted({*scene.notes.timeouts, *taken}):
        user = scene.user_of(seat)
        if user is None:
            continue
        language = user_language(scene, user)
        if seat in taken:
            said = t(language, "🤖 You missed your move several times in a row, so a bot "
                               "now plays your seat.")
        else:
            said = t(language, "⏰ Your time ran out: the default move was played for you, "
                               "and the rest of this turn is played the same way.")
        out.append(Outbound(NOTE, user, {
            "text": "\n".join([said, context_line(scene, language)]),
            "buttons": [[[t(language, "🙋 I'm here: give me my seat back"),
                          back_data(game.id)]]]}))
    return out


def unreachable(scene: Scene, open_chat: str) -> list[Outbound]:
    """Return the group note for a player (the user id in the notes) whose private chat
    refused a message, with a button opening the bot's private chat (the service asks for
    it once per game and player)."""
    user = scene.notes.unreachable
    seat = None if user is None else scene.seat_of(user)
    if user is None or seat is None:
        return []
    game = scene.game
    language = chat_language(scene)
    name, title = mention(user, plain_name(scene, seat)), front_for(game.kind).title(language)
    stored = scene.users.get(user)
    options = scene.chat.default_options if scene.chat is not None else None
    if secrets_place(options, stored.settings if stored else None) == GROUP:
        text = t(language, "📭 {name}, I cannot write to you in private: press 🔒 Mine to see "
                           "your secrets and your private choices in {game} here, in a "
                           "message only you see.", name=name, game=title)
    else:
        text = t(language, "📭 {name}, I cannot write to you in private, so your secrets "
                           "and your private choices in {game} wait for you there. Open a "
                           "chat with me and press Start.", name=name, game=title)
    return [Outbound(NOTE, game.chat_id, {"text": text, "buttons": [
        [[t(language, "🔒 Mine"), mine_data(game.id or 0)]],
        [[t(language, "💬 Open my private chat"), open_chat]]]}, topic_id=game.topic_id)]


def left(scene: Scene) -> list[Outbound]:
    """Return the group note for a player who left the group, or came back (the seat in
    the notes)."""
    game = scene.game
    language = chat_language(scene)
    if scene.notes.left is not None:
        name = html.escape(plain_name(scene, scene.notes.left))
        text = t(language, "🚪 {name} left the group and was removed from the game.",
                 name=name) if scene.notes.removed else \
            t(language, "🚪 {name} left the group: a bot plays the seat until the player "
                        "comes back.", name=name)
    elif scene.notes.returned is not None:
        text = t(language, "🙋 {name} is back in the group and plays the seat again.",
                 name=html.escape(plain_name(scene, scene.notes.returned)))
    else:
        return []
    return [Outbound(NOTE, game.chat_id, {"text": text}, topic_id=game.topic_id)]


def table_line(scene: Scene, language: str) -> str:
    """Return one table of /mygames: where it is, and where it stands."""
    game = scene.game
    place = context_line(scene, language)
    if game.status is GameStatus.LOBBY:
        return "\n".join([place, t(language, "In the lobby: {count} seated.",
                                   count=len(scene.seats))])
    engine, state = scene.engine, scene.state
    view = engine.view(state, None)
    waiting = front_for(game.kind).waiting_line(language, view, scene.names())
    return "\n".join([place, t(language, "Turn {turn}", turn=engine.turn_marker(state)),
                      " · ".join(filter(None, [waiting,
                                               deadline_text(scene, language)]))])
