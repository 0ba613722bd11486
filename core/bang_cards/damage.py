"""Life lost and gained [BC-LIFE], the save window, elimination [BC-ELIM], rewards and
penalties [BC-REW], and the end of the game [BC-END]."""

from __future__ import annotations

from core.bang_cards import events as ev
from core.bang_cards.agenda import Events, ask, schedule
from core.bang_cards.board import living, survivors
from core.bang_cards.characters import ability_at
from core.bang_cards.expansion import EXPANSIONS
from core.bang_cards.frames import AskSave
from core.bang_cards.hooks import rules_at
from core.bang_cards.ids import THREE_PLAYER_TARGET, Role, Side
from core.bang_cards.state import CardsState, Damage, Eliminate, Settle
from core.bang_cards.zones import draw
from core.engine.protocol import Outcome


def heal(state: CardsState, seat: int, amount: int, cause: str, out: Events) -> None:
    """Give a living seat up to `amount` life, never above its maximum [BC-GEN-5]."""
    player = state.seats[seat]
    gained = 0 if player.shadow else max(0, min(amount, player.max_life - player.life))
    player.life += gained
    out.append(ev.LifeChanged(seat=seat, delta=gained, life=player.life, cause=cause))


def beer_heals(state: CardsState) -> bool:
    """Return True while a Beer heals: not with only 2 players left [BC-BEER-2]; a shadow
    never counts [R-GR-14]."""
    return len(survivors(state)) > 2


def beer_played(state: CardsState, out: Events) -> None:
    """A Beer card was played, for life or sold: every living player's character may react
    (Madam Yto [GR-CHAR-YTO-1])."""
    for seat in living(state):
        ability_at(state, seat).beer_played(state, seat, out)


def can_save(state: CardsState, seat: int) -> bool:
    """Return True if a dying seat is asked how to save himself (BC-DEC-9).

    Anyone holding cards is asked while a Beer can heal; with 2 players left only Sid
    Ketchum, whose ability is not a Beer, with 2 cards [BC-CHAR-SID-1]; and anyone a card
    of his can save (a Rucksack [GR-EQ-RUCKSACK-1]).
    """
    hand = state.seats[seat].hand
    if any(rule.saves(state, seat) for rule in rules_at(state, seat)):
        return True
    if not hand:
        return False
    return beer_heals(state) or bool(ability_at(state, seat).life_discards(state, seat))


def run_damage(state: CardsState, task: Damage, out: Events) -> None:
    """Run a life loss: apply it with its draws, then the save window, then elimination."""
    player = state.seats[task.seat]
    if not player.alive or player.shadow:
        return  # [GR-SHADOW-6] a shadow cannot lose life
    if task.stage == "apply":
        _apply(state, task, out)
        schedule(state, Damage(task.seat, task.amount, task.source, "save"))
        return
    if player.life > 0:
        return
    if can_save(state, task.seat):
        # Each Beer puts this stage back (decisions.py), so he is asked until safe or out.
        ask(state, AskSave(task.seat, task.source))
        return
    schedule(state, Eliminate(task.seat, task.source))  # [BC-LIFE-1]


def _apply(state: CardsState, task: Damage, out: Events) -> None:
    player = state.seats[task.seat]
    player.life -= task.amount
    out.append(ev.LifeChanged(seat=task.seat, delta=-task.amount, life=player.life,
                              source=task.source, cause="hit"))
    for expansion in EXPANSIONS:
        expansion.life_lost(state, task.seat, task.amount, player.life + task.amount,
                            task.source, out)
    ability_at(state, task.seat).life_lost(state, task.seat, task.amount,
                                           player.life + task.amount, task.source, out)


def run_eliminate(state: CardsState, task: Eliminate, out: Events) -> None:
    """Eliminate a seat: role shown, cards to Vulture Sam or the pile, rewards [BC-ELIM-1]."""
    seat, source = task.seat, task.source
    player = state.seats[seat]
    player.alive = False
    player.role_revealed = True
    vulture = next((i for i in living(state)
                    if ability_at(state, i).takes_eliminated_cards), None)
    out.append(ev.PlayerEliminated(seat=seat, role=player.role.value, source=source,
                                   to_seat=vulture))
    in_play = list(player.in_play)
    cards = [*player.hand, *in_play]  # [R-BC-07] hand first, then in play
    player.hand.clear()
    player.in_play.clear()
    if vulture is not None:
        state.seats[vulture].hand.extend(cards)  # [BC-CHAR-VULTURE-1]
        # The cards in play were public; the hand's stay known to the two hands only.
        shown = tuple(c for c in cards if c in in_play)
        out.append(ev.CardsDrawn(seat=vulture, count=len(cards), origin="seat",
                                 from_seat=seat, cards=shown))
        out.append(ev.CardsDrawn(seat=vulture, count=len(cards), origin="seat",
                                 from_seat=seat, cards=tuple(cards),
                                 audience=frozenset({vulture, seat})))
    else:
        for card in cards:
            state.discard.append(card)
            out.append(ev.CardDiscarded(seat=seat, card=card, reason="eliminated"))
    for expansion in EXPANSIONS:
        expansion.eliminated(state, seat, source, out)
    if seat == state.turn.active:
        state.turn.aborted = True  # [BC-TURN-3]
    first_death = not state.deaths and sum(not s.alive or s.shadow for s in state.seats) == 1
    state.deaths.append(seat)
    if source is not None and source != seat and state.seats[source].alive:
        _reward(state, seat, source, first_death, out)  # [BC-REW-3] after Vulture Sam


def _reward(state: CardsState, victim: int, killer: int, first_death: bool,
            out: Events) -> None:
    killed = state.seats[victim].role
    if state.three_player:
        # [BC-3P-2] the first kill wins at once for a hunter who got his own target.
        if first_death and THREE_PLAYER_TARGET[state.seats[killer].role] is killed:
            state.hunter_win = killer
        drawn = draw(state, killer, 3, out)  # [BC-3P-3] any personal kill
        out.append(ev.Rewarded(seat=killer, victim=victim, count=len(drawn)))
        return
    if killed is Role.OUTLAW:
        drawn = draw(state, killer, 3, out)  # [BC-REW-1]
        out.append(ev.Rewarded(seat=killer, victim=victim, count=len(drawn)))
    elif killed is Role.DEPUTY and state.seats[killer].role is Role.SHERIFF:
        sheriff = state.seats[killer]  # [BC-REW-2]
        for card in [*sheriff.hand, *sheriff.in_play]:
            state.discard.append(card)
            out.append(ev.CardDiscarded(seat=killer, card=card, reason="penalty"))
        sheriff.hand.clear()
        sheriff.in_play.clear()
        for expansion in EXPANSIONS:
            expansion.penalty(state, killer, out)
        out.append(ev.Rewarded(seat=killer, victim=victim, penalty=True))


def check_end(state: CardsState) -> Outcome | None:
    """Return the outcome if the game is over now [BC-END-1, BC-3P-2], else None.

    Shadows are never alive here; a Shadow Renegade wins with the side he plays for
    [GR-SHADOW-10, GR-SREN-3].
    """
    alive = survivors(state)
    if state.three_player:
        if state.hunter_win is not None:
            hunter = state.hunter_win
            return Outcome(Side(state.seats[hunter].role.value), frozenset({hunter}),
                           "target_eliminated")
        if len(alive) == 1:
            return Outcome(Side(state.seats[alive[0]].role.value), frozenset(alive),
                           "last_survivor")
        return Outcome(None, frozenset(), "draw") if not alive else None
    roles = {i: seat.role for i, seat in enumerate(state.seats)}
    if not any(state.seats[i].role is Role.SHERIFF for i in alive):
        if len(alive) == 1 and roles[alive[0]] is Role.RENEGADE:
            return Outcome(Side.RENEGADE, frozenset(alive), "last_renegade_standing")
        return Outcome(Side.OUTLAWS, frozenset(i for i, r in roles.items() if r is Role.OUTLAW)
                       | _extra_winners(state, Side.OUTLAWS), "sheriff_eliminated")
    if not any(roles[i] in (Role.OUTLAW, Role.RENEGADE) for i in alive):
        return Outcome(Side.LAW, frozenset(i for i, r in roles.items()
                                           if r in (Role.SHERIFF, Role.DEPUTY))
                       | _extra_winners(state, Side.LAW), "outlaws_and_renegades_eliminated")
    return None


def _extra_winners(state: CardsState, side: Side) -> frozenset[int]:
    """Return who wins with `side` besides its roles (Shadow Renegades [GR-SREN-3])."""
    return frozenset().union(*(e.extra_winners(state, side) for e in EXPANSIONS))


def run_settle(state: CardsState, task: Settle, out: Events) -> None:
    """The card that may have killed has finished: check the end of the game once."""
    if not state.deaths:
        return
    state.deaths.clear()
    outcome = check_end(state)
    if outcome is not None:
        state.outcome = outcome
        out.append(ev.GameEnded(side=None if outcome.side is None else str(outcome.side),
                                winners=tuple(sorted(outcome.winners)),
                                reason=outcome.reason))
