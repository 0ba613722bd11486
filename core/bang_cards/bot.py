"""The bot: plays its own role to win, knowing of the others only what is public.

- Whom it wants hurt (`enemy_score`): an Outlaw the Sheriff first and spares players who
  attacked the Sheriff (likely fellow Outlaws); the Sheriff and Deputies protect the
  Sheriff and hunt shown Outlaws and Renegades and whoever attacked the Sheriff; a Renegade
  sides with the law while Outlaws live, then removes everyone and the Sheriff last. With
  3 players each hunts its own target, then the last rival. The number of Outlaws still
  alive is public (the role table and the roles of the dead). A hidden seat is as hostile
  to the law as the share of Outlaws and Renegades among the roles still hidden from the
  bot (`hidden_roles`): a 5-player Deputy knows all three are enemies.
- It reasons about reach (`card_plays` already lists what is in reach) and keeps its
  Missed! and a Beer for defence: it drinks only when low, answers a shot only when its
  Missed! cards cancel it fully, and throws away its least useful cards.
"""

from __future__ import annotations

from collections import Counter

from core.bang_cards import frames
from core.bang_cards.actions import (
    CardsAction,
    Discard,
    DrawFrom,
    EndPlay,
    Pass,
    Pick,
    Play,
    Respond,
    Sid,
)
from core.bang_cards.board import has_in_play, living, others_from, reach
from core.bang_cards.cards import KINDS, NUMBER, kind_of
from core.bang_cards.characters import bang_kinds, missed_kinds
from core.bang_cards.damage import beer_heals
from core.bang_cards.decisions import legal_actions, played_kind
from core.bang_cards.gold_rush import bot as gold_rush_bot
from core.bang_cards.ids import ROLES_BY_COUNT, THREE_PLAYER_TARGET, Aim, Kind, Role
from core.bang_cards.policies import lucky_choice, save_action
from core.bang_cards.state import CardsState

VALUE: dict[Kind, float] = {
    Kind.BANG: 5, Kind.MISSED: 6, Kind.BEER: 7, Kind.PANIC: 6, Kind.CAT_BALOU: 5,
    Kind.DUEL: 4, Kind.STAGECOACH: 7, Kind.GENERAL_STORE: 3, Kind.INDIANS: 6, Kind.GATLING: 7,
    Kind.SALOON: 4, Kind.WELLS_FARGO: 8, Kind.BARREL: 8, Kind.MUSTANG: 6, Kind.SCOPE: 5,
    Kind.JAIL: 4, Kind.DYNAMITE: 1, Kind.VOLCANIC: 3, Kind.SCHOFIELD: 3, Kind.REMINGTON: 4,
    Kind.REV_CARABINE: 5, Kind.WINCHESTER: 5,
}
GEAR = (Kind.BARREL, Kind.MUSTANG, Kind.SCOPE)
DRAWS = (Kind.WELLS_FARGO, Kind.STAGECOACH, Kind.GENERAL_STORE)


def _outlaws_left(state: CardsState) -> int:
    """Return how many Outlaws live: dealt Outlaws minus the revealed dead ones (public)."""
    dealt = sum(1 for s in state.seats if s.role is Role.OUTLAW)
    return dealt - sum(1 for s in state.seats if not s.alive and s.role is Role.OUTLAW)


def hidden_roles(state: CardsState, seat: int) -> tuple[Counter[Role], int]:
    """Return the roles `seat` cannot place (the public role table minus his own and every
    shown role) and how many other seats hide them."""
    pool = Counter(ROLES_BY_COUNT[len(state.seats)])
    pool[state.seats[seat].role] -= 1
    hidden = 0
    for index, other in enumerate(state.seats):
        if index == seat:
            continue
        if other.role_revealed:
            pool[other.role] -= 1
        else:
            hidden += 1
    return pool, hidden


def _hostile_share(state: CardsState, seat: int) -> float:
    """Return the chance, from public facts, that a hidden seat is an Outlaw or a Renegade."""
    pool, hidden = hidden_roles(state, seat)
    if hidden == 0:
        return 0.0
    return max(0, pool[Role.OUTLAW] + pool[Role.RENEGADE]) / hidden


def enemy_score(state: CardsState, seat: int, other: int) -> float:
    """Return how much `seat` wants `other` hurt (negative: protect him)."""
    me, them = state.seats[seat], state.seats[other]
    if state.three_player:
        if len(living(state)) == 2:
            return 10.0
        return 10.0 if them.role is THREE_PLAYER_TARGET[me.role] else 2.0
    shown = them.role if them.role_revealed else None
    if me.role is Role.OUTLAW:
        if shown is Role.SHERIFF:
            return 10.0
        if shown is not None:
            return -6.0 if shown is Role.OUTLAW else 4.0
        return -3.0 if them.sheriff_attacks > 0 else 2.0
    if me.role is Role.RENEGADE and _outlaws_left(state) == 0:
        if shown is Role.SHERIFF:
            return 10.0 if len(living(state)) == 2 else -2.0
        return 6.0
    if shown is Role.SHERIFF:
        return -10.0
    if shown is not None:
        return -6.0 if shown is Role.DEPUTY else 8.0
    if them.sheriff_attacks > 0:
        return 5.0 + them.sheriff_attacks
    # A hidden seat: as hostile as the share of Outlaws and Renegades among the hidden
    # (a 5-player Deputy knows every hidden seat is one; a Sheriff, three in four).
    return -6.0 + 14.0 * _hostile_share(state, seat)


def _value(state: CardsState, seat: int, card: str) -> float:
    kind = kind_of(card)
    if KINDS[kind].color.value == "blue" and has_in_play(state, seat, kind):
        return 1.0
    return VALUE.get(kind, 3.0)


def _cheapest(state: CardsState, seat: int, cards: list[str]) -> str:
    return min(cards, key=lambda c: (_value(state, seat, c), NUMBER[c]))


def _aim(state: CardsState, seat: int, plays: list[Play], least: float = 0.5) -> Play | None:
    """Return the play aimed at the most wanted target (low life first), if wanted enough."""
    def score(play: Play) -> tuple[float, int]:
        target = play.target if play.target is not None else seat
        them = state.seats[target]
        bonus = 2.0 if them.life <= 1 else 0.0
        bonus -= 1.0 if has_in_play(state, target, Kind.BARREL) else 0.0
        return enemy_score(state, seat, target) + bonus, -them.life
    best = max(plays, key=score, default=None)
    if best is None or best.target is None or score(best)[0] < least:
        return None
    return best


def _steal_pick(state: CardsState, seat: int, plays: list[Play]) -> Play | None:
    """Panic!/Cat Balou: an ally's Jail or Dynamite, else an enemy's best card."""
    for play in plays:
        assert play.target is not None
        if (enemy_score(state, seat, play.target) < 0 and play.pick not in (None, Aim.HAND)
                and kind_of(play.pick) in (Kind.JAIL, Kind.DYNAMITE)):
            return play
    hostile = [p for p in plays if p.target is not None
               and enemy_score(state, seat, p.target) > 1
               and (p.pick == Aim.HAND or kind_of(p.pick or "") not in (Kind.JAIL, Kind.DYNAMITE))]
    if not hostile:
        return None
    def worth(play: Play) -> float:
        assert play.target is not None
        gain = 4.0 if play.pick == Aim.HAND else VALUE.get(kind_of(play.pick or ""), 3.0)
        return enemy_score(state, seat, play.target) + gain
    return max(hostile, key=worth)


def bot_play(state: CardsState, seat: int, legal: list[CardsAction]) -> CardsAction:
    """Return the bot's next phase-2 play."""
    me = state.seats[seat]
    plays = [a for a in legal if isinstance(a, Play)]

    def of(*kinds: Kind) -> list[Play]:
        return [p for p in plays if played_kind(state, seat, p.card) in kinds]

    beers = of(Kind.BEER)
    if beers and beer_heals(state) and (me.life <= 2 or me.life <= me.max_life - 2):
        return beers[0]
    for kind in GEAR + DRAWS:
        if of(kind):
            return of(kind)[0]
    bang_count = sum(1 for c in me.hand if kind_of(c) is Kind.BANG)
    for play in of(Kind.VOLCANIC, Kind.SCHOFIELD, Kind.REMINGTON, Kind.REV_CARABINE,
                   Kind.WINCHESTER):
        volcanic = kind_of(play.card) is Kind.VOLCANIC
        if (volcanic and bang_count >= 2) or (
                not volcanic and KINDS[kind_of(play.card)].weapon_range > reach(state, seat)):
            return play
    steal = _steal_pick(state, seat, of(Kind.PANIC, Kind.CAT_BALOU))
    if steal is not None:
        return steal
    jail = _aim(state, seat, of(Kind.JAIL), least=3.0)
    if jail is not None:
        return jail
    real_bangs = [p for p in of(Kind.BANG) if kind_of(p.card) is Kind.BANG] or of(Kind.BANG)
    shot = _aim(state, seat, real_bangs)
    if shot is not None:
        return shot
    duel = _aim(state, seat, of(Kind.DUEL), least=2.0)
    if duel is not None and bang_count >= 1:
        return duel
    others = others_from(state, seat)
    for play in of(Kind.GATLING, Kind.INDIANS):
        scores = [enemy_score(state, seat, t) for t in others]
        fragile_friend = any(enemy_score(state, seat, t) < 0 and state.seats[t].life <= 1
                             for t in others)
        if sum(scores) > 0 and not fragile_friend:
            return play
    for play in of(Kind.SALOON):
        balance = sum(-enemy_score(state, seat, t) for t in others
                      if state.seats[t].life < state.seats[t].max_life)
        if balance + (5.0 if me.life < me.max_life else 0.0) > 0:  # heals more friends
            return play
    sids = [a for a in legal if isinstance(a, Sid)]
    if sids and len(me.hand) > me.life:
        return min(sids, key=lambda s: _value(state, seat, s.first) + _value(state, seat, s.second))
    return EndPlay()


def bot_action(state: CardsState, frame: frames.Frame, seat: int) -> CardsAction:
    """Return the bot's answer of `seat` to a frame."""
    me = state.seats[seat]
    legal = legal_actions(state, frame, seat)
    planned = gold_rush_bot.choose(state, frame, seat, legal, bot_play, enemy_score, _value)
    if planned is not None:  # Gold Rush and the shadows: gold_rush/bot.py
        return planned
    match frame:
        case frames.AskPlay():
            return bot_play(state, seat, legal)
        case frames.AskDodge():
            missed = [c for c in me.hand if kind_of(c) in missed_kinds(me.character)]
            missed.sort(key=lambda c: kind_of(c) is not Kind.MISSED)  # spend Missed! first
            return Respond(missed[0]) if len(missed) >= frame.need else Pass()
        case frames.AskVolley() | frames.AskDuel():
            gatling = kind_of(frame.card) is Kind.GATLING
            kinds = missed_kinds(me.character) if gatling else bang_kinds(me.character)
            cards = [c for c in me.hand if kind_of(c) in kinds]
            return Respond(cards[0]) if cards else Pass()
        case frames.AskSave():
            return save_action(state, seat)
        case frames.AskLuckyPick(purpose=purpose):
            return Pick(lucky_choice(state, purpose))
        case frames.AskKitReturn():
            return Pick(_cheapest(state, seat, list(state.table)))
        case frames.AskStorePick():
            return Pick(max(state.table, key=lambda c: (_value(state, seat, c), -NUMBER[c])))
        case frames.AskDrawSource():
            if DrawFrom("discard") in legal and _value(state, seat, state.discard[-1]) >= 6:
                return DrawFrom("discard")
            victims = [a for a in legal if isinstance(a, DrawFrom) and isinstance(a.origin, int)]
            if victims:
                best = max(victims, key=lambda a: (enemy_score(state, seat, int(a.origin)),
                                                   len(state.seats[int(a.origin)].hand)))
                if enemy_score(state, seat, int(best.origin)) > 0:
                    return best
            return DrawFrom("deck")
        case frames.AskDiscard():
            return Discard(_cheapest(state, seat, list(me.hand)))
    return legal[0]
