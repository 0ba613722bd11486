"""Colt Express conformance checks: the invariants every state keeps, secrecy of views and
events, and `play_checked`, which plays one game checking them all after every action."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from core.colt_express.actions import ColtAction
from core.colt_express.game import ColtExpress
from core.colt_express.ids import (
    BULLETS_PER_BANDIT,
    JEWELS,
    ROUND_CARDS,
    ROUNDS,
    STATION_CARDS,
    STRONGBOXES,
    CardKind,
    Decision,
    action_card_ids,
    all_purses,
    loot_type,
    loot_value,
)
from core.colt_express.state import ColtState
from core.engine.errors import GameOver, IllegalAction, NotYourTurn
from core.engine.protocol import Event

GAME = ColtExpress()
TOKENS = Counter([*all_purses(), *(f"j{n}" for n in range(1, JEWELS + 1)),
                  *(f"s{n}" for n in range(1, STRONGBOXES + 1))])
# Every well-formed action text (docs in core/colt_express/actions.py).
ALL_ACTIONS = ["d", "k", "y", "n",
               *(f"{verb}{bandit}{kind}" for verb in "pqz" for bandit in "012345"
                 for kind in "mcfrpsb"),
               *(f"m{way}{far}" for way in "fb" for far in "123"),
               *(f"t{bandit}" for bandit in "012345"), "lp", "lj", "ls", "gf", "gb", "sf", "sb",
               *(f"a{m}{c}" for m in "01" for c in "01")]
GARBAGE = ["", " ", "d ", " d", "D", "dd", "x", "p", "p0", "p6f", "p0x", "p0ff", "q9m", "z0",
           "m", "mf", "mf0", "mf4", "mx1", "t", "t6", "t-1", "t01", "l", "lr", "lx", "g", "gx",
           "s", "sx", "a", "a02", "a2", "a000", "yes", "no", "kk", "0m1", "p0m1", "\n", "é"]
# (players, options) for the grid; two players always play expert [CE-2P-5].
GRID = [(players, {"characters": chars, "expert": expert})
        for players in range(2, 7) for chars in (True, False) for expert in (True, False)
        if players > 2 or expert]
PUBLIC_CARD_KINDS = {"card_played", "card_resolved", "no_effect"}
ROUND_CARD_IDS = {*ROUND_CARDS, *STATION_CARDS}


def _grid_id(item: tuple[int, dict[str, bool]]) -> str:
    players, options = item
    return (f"{players}p-{'chars' if options['characters'] else 'nochars'}"
            f"-{'expert' if options['expert'] else 'base'}")


# --- invariants -------------------------------------------------------------------------------


def _check_frame(state: ColtState) -> None:
    owed = GAME.to_act(state)
    assert (not owed) == (GAME.outcome(state) is not None)
    if state.outcome is not None:
        assert state.pending is None
        assert state.phase == "over"
        assert len(state.scores) == state.players
        assert state.outcome.winners
        assert state.outcome.winners <= set(range(state.players))
    else:
        assert owed <= set(range(state.players))
    assert 0 <= state.marshal <= state.train_length
    for bandit in state.bandits:
        assert 0 <= bandit.car <= state.train_length
        assert 0 <= bandit.revolver <= BULLETS_PER_BANDIT


def _check_loot(state: ColtState) -> None:
    """Every purse, jewel and strongbox lies in exactly one place; ransoms are extra credits.

    A purse Cheyenne knocked loose waits in the pending frame until she decides.
    """
    frame = state.pending
    flying = [frame.token] if frame is not None and frame.decision == Decision.CHEYENNE_TAKE else []
    if frame is not None and frame.decision != Decision.CHEYENNE_TAKE:
        assert frame.token == ""
    places = [*(b.loot for b in state.bandits), *state.inside, *state.roof,
              state.aside, state.box, state.removed, flying]
    assert len(state.inside) == len(state.roof) == state.train_length + 1
    found = Counter(t for place in places for t in place if loot_type(t) != "r")
    assert found == TOKENS, (found - TOKENS, TOKENS - found)
    ransoms = [t for b in state.bandits for t in b.loot if loot_type(t) == "r"]
    assert sorted(ransoms) == sorted(f"r{n}" for n in range(1, state.ransoms + 1))
    assert not any(loot_type(t) == "r" for place in places[len(state.bandits):] for t in place)


def _team_set_up(state: ColtState, seat: int) -> bool:
    frame = state.pending
    return not (frame is not None and frame.decision == Decision.TEAM_SETUP
                and seat in frame.owed_by)


def _check_cards(state: ColtState, dealt: dict[int, list[str]]) -> None:
    """Action cards and bullet cards are conserved, each in exactly one seat's place.

    `dealt` remembers each seat's action cards from the first check after they were dealt
    (a 2-player team's deck is only built by its team choice).
    """
    unresolved = state.pile[state.resolving:]
    everywhere: Counter[str] = Counter()
    bullets_seen: list[str] = []
    for seat, player in enumerate(state.seats):
        cards = [*player.deck, *player.hand, *player.discard,
                 *(p.card for p in unresolved if p.seat == seat)]
        everywhere.update(cards)
        actions = sorted(c for c in cards if c[1] != "b")
        bullets = [c for c in cards if c[1] == "b"]
        bullets_seen += bullets
        if state.two_player and not _team_set_up(state, seat):
            assert not cards
            continue
        if state.two_player:  # one of each action per bandit and one Marshal [CE-2P-2]
            assert sorted((c[0], c[1]) for c in actions if c[1] != CardKind.MARSHAL) == sorted(
                (str(b), kind) for b in player.bandits for kind in "mcfrp")
            assert len(actions) == 11
        else:
            assert actions == sorted(action_card_ids(seat))
        marshals = [c for c in actions if c[1] == CardKind.MARSHAL]
        assert len(marshals) == 1
        assert int(marshals[0][0]) in player.bandits
        assert all(int(c[0]) in player.bandits for c in actions)
        assert actions == dealt.setdefault(seat, actions)
        for card in bullets:  # a bullet sits with the seat of the bandit it hit
            assert state.bandits[state.bullet_holder[card]].seat == seat
    assert all(count == 1 for count in everywhere.values()), everywhere.most_common(3)
    for played in state.pile:
        assert played.card[1] != "b"
        assert state.bandits[int(played.card[0])].seat == played.seat
    for index, bandit in enumerate(state.bandits):
        fired = sorted(c for c in bullets_seen if c[0] == str(index))
        assert bandit.revolver + len(fired) == BULLETS_PER_BANDIT
        assert fired == sorted(f"{index}b{n}" for n in range(1, len(fired) + 1))
        assert bandit.received == sum(1 for h in state.bullet_holder.values() if h == index)
    neutral = sorted(c for c in bullets_seen if c[0] == "n")
    assert neutral == sorted(f"nb{n}" for n in range(1, state.neutral + 1))
    assert set(state.bullet_holder) == set(bullets_seen)


def _check_invariants(state: ColtState, dealt: dict[int, list[str]]) -> None:
    _check_frame(state)
    _check_loot(state)
    _check_cards(state, dealt)


# --- secrecy ----------------------------------------------------------------------------------


def _view_text(state: ColtState, viewer: int | None) -> str:
    return json.dumps(GAME.view_json(GAME.view(state, viewer)), sort_keys=True)


def _check_views(state: ColtState, json_for: tuple[int | None, ...] = ()) -> None:
    """Each audience sees its own hand only, no unrevealed face-down card of another seat and
    no purse value of another seat's bandit before scoring."""
    over = state.outcome is not None
    for viewer in [None, *range(state.players)]:
        view = GAME.view(state, viewer)
        if viewer in json_for:  # JSON is slow (dataclasses.asdict): only for some audiences
            json.dumps(GAME.view_json(view))
        assert view.viewer == viewer
        assert view.hand == (() if viewer is None else tuple(state.seats[viewer].hand))
        assert len(view.hand_keys) == len(view.hand)
        for shown, played in zip(view.pile, state.pile, strict=True):
            hidden = played.face_down and not played.revealed and played.seat != viewer
            assert shown.card == (None if hidden else played.card)
            assert shown.face_down == played.face_down
        for shown_bandit, bandit in zip(view.bandits, state.bandits, strict=True):
            if over or bandit.seat == viewer:
                assert shown_bandit.purse_values == tuple(sorted(
                    loot_value(t) for t in bandit.loot if loot_type(t) == "p"))
            else:
                assert shown_bandit.purse_values is None
        assert (view.scores is None) == (not over)


def _scrambled(state: ColtState, keep: int | None, rng: random.Random) -> ColtState:
    """Return a copy that differs from `state` only in what `keep` (None: nobody) cannot see.

    Other seats' hands, decks and discard piles are dealt afresh from the same cards, their
    unrevealed face-down cards swapped for other action cards of the same bandit, and purse
    ids permuted over every place but `keep`'s own bandits.
    """
    variant = state.copy()
    for seat, player in enumerate(variant.seats):
        if seat == keep:
            continue
        pool = [*player.hand, *player.deck, *player.discard]
        for played in variant.pile:
            if played.seat != seat or not played.face_down or played.revealed:
                continue
            swaps = [i for i, c in enumerate(pool) if c[0] == played.card[0] and c[1] != "b"]
            if swaps:
                i = rng.choice(swaps)
                pool[i], played.card = played.card, pool[i]
        rng.shuffle(pool)
        sizes = (len(player.hand), len(player.deck))
        player.hand = pool[:sizes[0]]
        player.deck = pool[sizes[0]:sizes[0] + sizes[1]]
        player.discard = pool[sizes[0] + sizes[1]:]
    places = [*(b.loot for b in variant.bandits if b.seat != keep), *variant.inside,
              *variant.roof, variant.box, variant.removed]
    purses = [t for place in places for t in place if loot_type(t) == "p"]
    rng.shuffle(purses)
    for place in places:
        for i, token in enumerate(place):
            if loot_type(token) == "p":
                place[i] = purses.pop()
    return variant


def _check_scrambled_views(state: ColtState, rng: random.Random,
                           dealt: dict[int, list[str]], keep: int, as_json: bool) -> None:
    """Hidden facts of others change nothing the group or the seat `keep` is shown."""
    if state.outcome is not None:
        return  # every purse value is public at scoring [CE-SCORE-4]
    for who in (None, keep):
        variant = _scrambled(state, who, rng)
        _check_cards(variant, dealt)
        _check_loot(variant)
        assert GAME.view(variant, who) == GAME.view(state, who)
        if who is None and as_json:
            assert _view_text(variant, None) == _view_text(state, None)


def _check_events(events: tuple[Event, ...] | list[Event], state: ColtState) -> None:
    """Public events carry no hand card, no unrevealed face-down card and no purse value."""
    for event in events:
        data = event.to_json()
        json.dumps(data)
        if event.audience is not None:
            assert len(event.audience) == 1
            assert min(event.audience) in range(state.players)
            continue
        if data["kind"] == "cards_drawn":
            assert data["cards"] == []
        elif data["kind"] == "card_played" and data["face_down"]:
            assert data["card"] == ""
        elif data["kind"] == "loot_taken":
            assert data["value"] == 0
        elif data["kind"] == "game_ended":
            assert state.outcome is not None
        if data["kind"] not in PUBLIC_CARD_KINDS:
            assert "card" not in data or data["card"] in ROUND_CARD_IDS
        assert "cards" not in data or data["cards"] == []
        assert "value" not in data or data["value"] == 0


# --- playing ----------------------------------------------------------------------------------


def _choose(state: ColtState, seat: int, policy: str, rng: random.Random) -> ColtAction:
    if policy == "default":
        return GAME.default_action(state, seat)
    if policy == "bot":
        return GAME.bot_action(state, seat)
    return rng.choice(GAME.legal_actions(state, seat))


def _check_step_errors(state: ColtState, seat: int, legal: list[ColtAction],
                       count: int) -> None:
    """An illegal action raises IllegalAction; a seat owing nothing raises NotYourTurn."""
    texts = {GAME.encode_action(a) for a in legal}
    illegal = [a for a in ALL_ACTIONS if a not in texts]
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, GAME.decode_action(illegal[count % len(illegal)]))
    idle = [s for s in range(state.players) if s not in GAME.to_act(state)]
    for other in idle:
        assert GAME.legal_actions(state, other) == []
        with pytest.raises(NotYourTurn):
            GAME.apply(state, other, legal[0])


def play_checked(players: int, seed: int, policy: str, options: dict[str, Any] | None = None,
                 limit: int = 2000) -> tuple[ColtState, list[str], list[dict[str, Any]]]:
    """Play one game checking every invariant after every action; return state, actions,
    events (as JSON)."""
    rng = random.Random(seed)
    step = GAME.setup(options or {}, players, seed)
    state = step.state
    _check_events(step.events, state)
    events = [e.to_json() for e in step.events]
    played: list[str] = []
    dealt: dict[int, list[str]] = {}
    for count in range(limit):
        _check_invariants(state, dealt)
        # the JSON of one audience every other step, each audience in turn
        audiences = [None, *range(players)]
        _check_views(state, (audiences[count // 2 % len(audiences)],) if count % 2 == 0 else ())
        text = GAME.dump_state(state)
        loaded = GAME.load_state(text)
        assert loaded == state
        assert GAME.dump_state(loaded) == text
        if count % 4 == 0:
            _check_scrambled_views(state, rng, dealt, count // 4 % players, count % 12 == 0)
        owed = GAME.to_act(state)
        if not owed:
            break
        seat = min(owed)
        legal = GAME.legal_actions(state, seat)
        assert legal, "a seat that must act has no legal action"
        assert len(set(legal)) == len(legal)
        for action in legal:
            assert GAME.decode_action(GAME.encode_action(action)) == action
        assert GAME.default_action(state, seat) in legal
        assert GAME.bot_action(state, seat) in legal
        _check_step_errors(state, seat, legal, count)
        action = _choose(state, seat, policy, rng)
        result = GAME.apply(state, seat, action)
        assert GAME.dump_state(state) == text, "apply mutated its input"
        assert GAME.version(result.state) == GAME.version(state) + 1
        state = result.state
        _check_events(result.events, state)
        played.append(GAME.encode_action(action))
        events.extend(e.to_json() for e in result.events)
    else:
        pytest.fail(f"game with seed {seed} did not end in {limit} actions")
    return state, played, events


def _check_finished(state: ColtState, events: list[dict[str, Any]]) -> None:
    started = [e for e in events if e["kind"] == "round_started"]
    assert len(started) == ROUNDS
    assert [e["round"] for e in started] == list(range(ROUNDS))
    assert all(e["audience"] is None for e in started)
    assert sum(1 for e in events if e["kind"] == "game_ended") == 1
    assert state.round == ROUNDS - 1
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason
    assert max(state.scores) == min(state.scores[s] for s in outcome.winners)
    for seat in range(state.players):
        assert GAME.legal_actions(state, seat) == []
        with pytest.raises(GameOver):
            GAME.apply(state, seat, GAME.decode_action("d"))
        with pytest.raises(GameOver):
            GAME.default_action(state, seat)
