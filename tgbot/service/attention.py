"""Who must be told, at once, that a decision is now his, and how (the `attention` hook).

Each time a decision passes to a human seat that was not already acting (his turn starts,
he is attacked, a window asks him), he is told exactly once; a seat that keeps acting (a
dice player's re-rolls, a turn an identity window interrupted) is not told again
(`to_tell`). Telegram rings a phone only for
a new message, never for an edit, so the channel is:

- a decision made in private (`Prompt.in_private`, or one with only private buttons): his
  private prompt, posted as a new message (`loud`);
- a decision on the group's table: a mention of him in the group (`group`: in the new
  table message when one is posted anyway, else one short message, deleted once he
  answered), or a private note (`dm`) if he asked for that with `/settings notify dm`; his
  private prompt, if the decision also has one, comes as a new message without sound
  (`silent`);
- nothing that rings for a player who chose `/settings notify off` (his prompts still come,
  silently);
- a mention in the group for a player the bot cannot write to in private (he never opened
  the private chat, or blocked it: `User.can_dm`), whatever the decision but a window's
  (whom a window asks stays secret): his private prompt waits for him there, and "🔒 Mine"
  shows it in the group.

In the table's quiet hours nothing rings: prompts come silently and the seats wait in
`lobby["pings_due"]`; the game's reminder moves to the end of the quiet hours, when
`GameService.remind` tells them (`resend`), then goes back to its own time. Which channel a
seat gets depends only on what the group may see of the decision and on the player's own
setting, never on his secrets.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from core.engine.protocol import Clock as DecisionClock
from core.engine.protocol import Prompt
from tgbot.service.deadlines import in_quiet, timers_of
from tgbot.service.outbox_notes import Channels
from tgbot.service.scene import Scene, prompts_of

NOTIFY = "notify"
"""A user setting: "group" (the default), "dm" or "off"."""
NOTIFY_CHOICES = ("group", "dm", "off")
PINGS_DUE = "pings_due"
TOLD = "told"


def notify_setting(scene: Scene, user_id: int) -> str:
    """Return how a seated user wants to be told of his move."""
    user = scene.users.get(user_id)
    wanted = (user.settings or {}).get(NOTIFY) if user is not None else None
    return wanted if wanted in NOTIFY_CHOICES else "group"


def pressable(prompt: Prompt) -> bool:
    """Return True when the seat has something to press (a window's seats without the
    card owe it without a button)."""
    return bool(prompt.public or prompt.private)


def to_tell(scene: Scene) -> list[Prompt]:
    """Return the prompts of the human seats to tell of their move now, and remember who
    was told (`lobby["told"]`).

    A seat asked on a turn or reaction clock is told unless it is among the seats last
    told and nobody else has been asked since: it keeps acting (a dice player's re-rolls; a
    turn an identity window interrupted). A window's holder is told when the window first
    asks him; windows never count as someone else being asked, so a window's shape says
    nothing [OS-ROLE-9].
    """
    engine, state = scene.engine, scene.state
    if state is None or engine.outcome(state) is not None:
        return []
    bots = scene.bots()
    asked = [prompt for prompt in prompts_of(engine, state) if pressable(prompt)
             and prompt.seat not in bots and scene.user_of(prompt.seat) is not None]
    turns = [prompt for prompt in asked if prompt.clock is not DecisionClock.WINDOW]
    told = scene.game.lobby.get(TOLD, [])
    if turns and sorted(prompt.seat for prompt in turns) != told:
        scene.game.lobby = {**scene.game.lobby,
                            TOLD: sorted(prompt.seat for prompt in turns)}
    windows = [prompt for prompt in asked if prompt.clock is DecisionClock.WINDOW]
    if windows and scene.loaded_state is not None:
        before = {prompt.seat for prompt in prompts_of(engine, scene.loaded_state)
                  if pressable(prompt)}
        windows = [prompt for prompt in windows if prompt.seat not in before]
    return [prompt for prompt in turns if prompt.seat not in told] + windows


def channels(scene: Scene, prompts: Iterable[Prompt], *, resend: bool = False) -> Channels:
    """Return the seats to tell, by channel.

    `resend`: the seats' prompts were posted already (silently, in quiet hours), so a seat
    told in private gets a private note instead of its prompt again.
    """
    plan = Channels()
    for prompt in prompts:
        user_id = scene.user_of(prompt.seat)
        if user_id is None:
            continue
        wanted = notify_setting(scene, user_id)
        private = bool(prompt.private) and (prompt.in_private or not prompt.public)
        user = scene.users.get(user_id)
        # a player the bot cannot write to in private is mentioned in the group instead, for
        # a decision the group knows is his: never a window's, whom it asks is a secret
        # [OS-ROLE-9]
        in_group = not (user is not None and user.can_dm) \
            and prompt.clock is not DecisionClock.WINDOW
        if prompt.private and not resend:
            (plan.loud if private and wanted != "off" else plan.silent).append(prompt.seat)
        if wanted == "off" or (private and not resend and not in_group):
            continue
        (plan.dm if (private or wanted == "dm") and not in_group else plan.group).append(
            prompt.seat)
    return plan


def attention(scene: Scene) -> None:
    """Leave in `scene.notes.attention` who the outbox must tell of his move, and how
    (`channels`); in quiet hours, tell nobody now and remember the seats for their end."""
    if not scene.steps and not scene.dealt:
        return  # nothing moved: nobody is newly asked
    owing = to_tell(scene)
    if not owing:
        return
    now = scene.at
    assert now is not None
    game = scene.game
    quiet_until = in_quiet(now, timers_of(game))
    if quiet_until is None:
        scene.notes.attention = channels(scene, owing)
        return
    scene.notes.attention = Channels(silent=[p.seat for p in owing if p.private])
    due = game.lobby.get(PINGS_DUE) or {}
    seats = sorted({*due.get("seats", ()), *(p.seat for p in owing)})
    then = due.get("then") if due else _iso(game.remind_at)
    game.lobby = {**game.lobby, PINGS_DUE: {"seats": seats, "then": then}}
    if game.remind_at is None or game.remind_at > quiet_until:
        game.remind_at = quiet_until


def take_pings_due(scene: Scene) -> tuple[list[Prompt], datetime | None] | None:
    """Return the prompts of the seats whose notice waited for the end of the quiet hours
    (those still owing a decision) and when the game's own reminder is due; None when no
    notice waits. The wait is forgotten."""
    due: dict[str, Any] | None = scene.game.lobby.get(PINGS_DUE)
    if due is None:
        return None
    scene.game.lobby = {k: v for k, v in scene.game.lobby.items() if k != PINGS_DUE}
    wanted = set(due.get("seats", ()))
    prompts = [p for p in prompts_of(scene.engine, scene.state)
               if p.seat in wanted and p.seat not in scene.bots()]
    then = due.get("then")
    return prompts, None if then is None else datetime.fromisoformat(then)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()
