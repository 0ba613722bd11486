"""The "🔒 Mine" button (`m:<game>`): the presser's secrets and private choices.

Where they go follows `/settings secrets` (tgbot/service/secrets.py):

- **group** (the default): an ephemeral message in the group that only he sees, answering
  his press: his secrets, then his live private prompt with its buttons, edited in place
  from then on (tgbot/delivery/views.py); a press on it is his private press;
- when Telegram refuses it (a chat that takes none, the press too old), when the group's
  flood budget would hold it back over `GROUP_WAIT_SECONDS`, or when his secrets go to
  his **private** chat, the same content comes there;
- when the bot cannot write to him in private either (he never started it, or blocked
  it), a pop-up shows his secrets (200 characters) with a link that opens the private
  chat, explained the first time only.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from telegram import CallbackQuery, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter
from telegram.ext import ContextTypes

from tgbot.botapi.ephemeral import EphemeralRefused
from tgbot.botapi.rate_limit import ChatRateLimiter
from tgbot.delivery.markup import markup
from tgbot.handlers.context import services
from tgbot.i18n import t
from tgbot.render.callbacks import Mine
from tgbot.render.front import front_for
from tgbot.render.secrets_view import head, nothing_owed, view_text
from tgbot.service import secrets
from tgbot.service.secrets import GROUP, PrivateView

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE
GROUP_WAIT_SECONDS = 8.0
"""The longest a press waits for its ephemeral message: an ephemeral message counts against
the group's 20 a minute, and when the group's budget and queue would hold it back longer
(several players pressing at once) the secrets go to the private chat at once rather than
after the press is too old to answer."""


@dataclass
class _Memory:
    """What this bot remembers about Mine presses (one per application, in bot_data)."""

    showing: set[tuple[int, int]] = field(default_factory=set)
    """(game, user) whose secrets are being shown: a press repeated meanwhile is answered
    at once and shows nothing more (Mine presses run unordered)."""
    told: set[tuple[int, int, str]] = field(default_factory=set)
    """(game, user, what) explanations already given: each is said once."""


def _memory(context: Context) -> _Memory:
    """Return this application's Mine memory."""
    memory = context.bot_data.get("mine")
    if not isinstance(memory, _Memory):
        memory = context.bot_data["mine"] = _Memory()
    return memory


def _once(context: Context, game_id: int, user_id: int, what: str) -> bool:
    """Return True the first time `what` is said to a player about a game."""
    told = _memory(context).told
    if (game_id, user_id, what) in told:
        return False
    if len(told) > 100_000:
        told.clear()
    told.add((game_id, user_id, what))
    return True


async def mine_pressed(update: Update, context: Context, press: Mine, language: str) -> None:
    """Show the presser his secrets where his setting says (see the module's docstring)."""
    query = update.callback_query
    assert query is not None
    key, showing = (press.game_id, query.from_user.id), _memory(context).showing
    if key in showing:  # tapped again while his secrets are on their way: they come once
        await query.answer()
        return
    showing.add(key)
    try:
        await _show(context, query, press, language)
    finally:
        showing.discard(key)


async def _show(context: Context, query: CallbackQuery, press: Mine, language: str) -> None:
    """Answer the press with the presser's secrets: in the group, in private, or a pop-up.
    Raise TelegramError when the press cannot be answered."""
    view = await _view(context, press, query)
    if view is None:
        await query.answer(t(language, "You are not at this table."), show_alert=True)
        return
    game = view.scene.game
    in_group = query.message is not None and query.message.chat.id == game.chat_id
    not_shown: str | None = None
    if view.place == GROUP and in_group:
        not_shown = await _in_group(context, query, view, language)
        if not_shown is None:
            return
        if not_shown == "refused":  # a send was tried: the game may have moved meanwhile
            view = await _view(context, press, query) or view
    if view.place == GROUP and await _in_private(context, query, view, language,
                                                 not_shown=not_shown):
        return
    await _pop_up(context, query, view, language)


async def _view(context: Context, press: Mine, query: CallbackQuery) -> PrivateView | None:
    """Return the presser's secrets and prompt as they are now (None: not at the table)."""
    return await services(context).games.run(secrets.private_view, game_id=press.game_id,
                                             user_id=query.from_user.id)


def reads_only(update: object) -> bool:
    """Return True for a "🔒 Mine" press: it changes nothing, so it runs beside its group's
    other updates instead of holding them while it waits for the group's flood budget
    (tgbot/botapi/chat_order.py)."""
    query = update.callback_query if isinstance(update, Update) else None
    return query is not None and Mine.PATTERN.match(query.data or "") is not None


def _body(view: PrivateView, language: str) -> dict[str, object]:
    return view.prompt if view.prompt is not None else {"text": nothing_owed(language)}


async def _in_group(context: Context, query: CallbackQuery, view: PrivateView,
                    language: str) -> str | None:
    """Show the secrets as an ephemeral message answering the press; return None when
    shown, else why not: "busy" (the group's flood budget would hold it back over
    GROUP_WAIT_SECONDS) or "refused" (Telegram refused it, or failed)."""
    views = services(context).deliverer.views
    game = view.scene.game
    if views is None or game.id is None:
        return "refused"
    limiter = getattr(context.bot, "rate_limiter", None)
    if isinstance(limiter, ChatRateLimiter) \
            and limiter.queued_wait(game.chat_id) > GROUP_WAIT_SECONDS:
        return "busy"  # asked before sending: a send under way is never cut short
    shown = (head(view.scene, view.seat, language), _body(view, language))
    try:
        await views.show(game.id, query.from_user.id, chat_id=game.chat_id,
                         topic_id=game.topic_id, head=shown[0], body=shown[1],
                         query_id=query.id)
    except (EphemeralRefused, NetworkError, RetryAfter) as error:
        log.info("no ephemeral message for %s in game %s: %s", query.from_user.id, game.id,
                 error)
        return "refused"
    await query.answer()
    now = await _view(context, Mine(game.id), query)  # a move made while it was sent
    newer = None if now is None else (head(now.scene, now.seat, language), _body(now, language))
    if newer is not None and newer != shown:
        views.refresh(game.id, query.from_user.id, head=newer[0], body=newer[1])
    return None


async def _in_private(context: Context, query: CallbackQuery, view: PrivateView,
                      language: str, *, not_shown: str | None) -> bool:
    """Send the secrets and prompt to the presser's private chat (`not_shown`: why the
    group did not show them, said once); return False when the bot cannot write to him
    there."""
    body = _body(view, language)
    text = view_text({**body, "ephemeral": {"head": head(view.scene, view.seat, language)}})
    buttons = body.get("buttons") if isinstance(body.get("buttons"), list) else []
    try:
        await context.bot.send_message(query.from_user.id, text, parse_mode=ParseMode.HTML,
                                       reply_markup=markup(buttons or []))  # type: ignore[arg-type]
    except (Forbidden, BadRequest, NetworkError, RetryAfter) as error:
        log.info("no private message for %s: %s", query.from_user.id, error)
        return False
    game_id = view.scene.game.id or 0
    # The first fallback says why in a pop-up, whatever the reason; after that, a toast.
    if not_shown is not None and _once(context, game_id, query.from_user.id, "private"):
        await query.answer(_why_private(not_shown, language), show_alert=True)
    else:
        await query.answer(t(language, "Sent to our private chat."))
    return True


def _why_private(not_shown: str, language: str) -> str:
    """Return the pop-up that says why the secrets went to the private chat."""
    if not_shown == "busy":
        return t(language, "Your group is busy with many messages right now, so I sent your "
                           "secrets to our private chat.")
    return t(language, "Telegram would not show your secrets in the group, so I sent them to "
                       "our private chat.")


async def _pop_up(context: Context, query: CallbackQuery, view: PrivateView,
                  language: str) -> None:
    """Show the secrets in a pop-up; the first time, with the link to the private chat."""
    scene = view.scene
    mine = front_for(scene.game.kind).mine_text(language, scene.engine, scene.state,
                                                view.seat)
    game_id = scene.game.id or 0
    if view.place == GROUP and _once(context, game_id, query.from_user.id, "pop-up"):
        note = t(language, "Open my private chat for your buttons.")
        await query.answer(f"{mine[:200 - len(note) - 1]}\n{note}", show_alert=True,
                           url=services(context).join_url(game_id))
        return
    await query.answer(mine[:200], show_alert=True)
