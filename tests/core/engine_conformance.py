"""Generic engine conformance: checks that hold for EVERY game, written without game knowledge.

`tests/core/test_engine_conformance.py` runs these checks over every id in
`core.engine.registry.game_ids()`, each valid player count (`min_players..max_players`), a
few seeds and the options the engine declares. An engine declares options by an optional
method `option_sets(players) -> list[dict]` (every set valid for that count); without it,
only the default options (`{}`) are played. No registered engine has one today, so the real
games are played with default options only; their own conformance files cover options.

What is checked generically, at every step of whole games under the default, bot and
uniformly random policies (the random policy picks the seat among `to_act` and the action
among its legal actions with a seeded `random.Random`, on the test side only):

- `to_act` is empty exactly when `outcome` is not None, and holds only seats of the table;
- every owing seat has legal actions, without duplicates; `default_action` and `bot_action`
  are legal for EVERY seat that owes a decision (not only the one that plays);
- every legal action's text round-trips (`decode_action(encode_action(a)) == a`), is never
  the reserved removal text `"~"`, and its button data `p:<game id>:<version>:<text>`
  (`tgbot.render.callbacks.action_data` with the largest game id, 2**31 - 1, and the current
  version) fits in 64 bytes and parses back to the same text (`tgbot.render.callbacks.parse`);
- seats owing nothing have no legal actions; `decode_action` refuses `""` and `"~"` with
  MalformedAction; an action played earlier in the game raises IllegalAction when an
  owing seat may not play it now, NotYourTurn from a seat owing nothing, and GameOver from
  anyone once the game is over;
- `dump_state`/`load_state` round-trip exactly (equal state, identical text);
- `apply` never mutates its input (dump before and after) and adds 1 to `version`;
- every event is JSON-ready and its audience is None or a non-empty set of seats of the
  table; `visible_to` agrees with it (a private event reaches neither the group nor other
  seats);
- games end within `ACTION_LIMIT` actions under each policy;
- determinism: setting up twice with one seed gives the same state, and the same seed and
  action log (of a seeded-random game) give the same events and final `dump_state`.

`tests/core/test_engine_conformance.py` also shows, with a toy engine registered for one
test, that a new game is picked up with no further code and that each check fails on a toy
broken in the matching way.

Secrecy (which facts reach which seat) is checked by difference in
`tests/core/engine_secrecy.py`, whose docstring says how and what it cannot check.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.engine import registry
from core.engine.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from core.engine.protocol import Event, Step
from tgbot.render.callbacks import MAX_BYTES, BadCallback, Play, action_data

ACTION_LIMIT = 5000  # a generous bound: the real games end in a few hundred actions
SEEDS = (1, 2, 3)
POLICIES = ("default", "bot", "random")
CALLBACK_GAME_ID = 2**31 - 1  # the largest id the games table holds
REMOVAL_TEXT = "~"  # storage.action_log.REMOVAL: never an engine's action text

Game = Any


# --- cases ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One table to play: a registered game id, a player count, a seed and options (JSON)."""

    game_id: str
    players: int
    seed: int
    options_json: str = "{}"

    @property
    def options(self) -> dict[str, Any]:
        return dict(json.loads(self.options_json))

    @property
    def game(self) -> Game:
        return registry.get_game(self.game_id)

    def __str__(self) -> str:
        options = "" if self.options_json == "{}" else f"-{self.options_json}"
        return f"{self.game_id}-{self.players}p-seed{self.seed}{options}"

    def setup(self) -> Step[Any]:
        return self.game.setup(self.options, self.players, self.seed)


def option_sets(game: Game, players: int) -> list[dict[str, Any]]:
    """Return the option sets the engine declares for a player count, else the defaults."""
    declared = getattr(game, "option_sets", None)
    if declared is None:
        return [{}]
    sets = [dict(options) for options in declared(players)]
    assert sets, f"{game.name} declares no option set for {players} players"
    return sets


def cases(seeds: Sequence[int] = SEEDS) -> list[Case]:
    """Return every case of every registered game: each player count and option set, the
    first option set an engine declares with every seed and the others with the first seed
    (each option set still meets every count; the suite stays inside CI's time budget)."""
    found = []
    for game_id in registry.game_ids():
        game = registry.get_game(game_id)
        assert 1 <= game.min_players <= game.max_players, game_id
        for players in range(game.min_players, game.max_players + 1):
            for number, options in enumerate(option_sets(game, players)):
                text = json.dumps(options, sort_keys=True, separators=(",", ":"))
                found.extend(Case(game_id, players, seed, text)
                             for seed in (seeds if number == 0 else seeds[:1]))
    return found


# --- checks on one state ----------------------------------------------------------------------


def check_to_act(game: Game, state: Any, players: int) -> frozenset[int]:
    """`to_act` is empty exactly when the game is over, and names seats of the table."""
    owed = frozenset(game.to_act(state))
    over = game.outcome(state) is not None
    assert (not owed) == over, f"to_act {sorted(owed)} but outcome {game.outcome(state)}"
    assert owed <= set(range(players)), f"to_act {sorted(owed)} outside {players} seats"
    return owed


def check_action_texts(game: Game, state: Any, seat: int) -> list[Any]:
    """The seat's legal actions are distinct; each text round-trips and fits a button."""
    legal = list(game.legal_actions(state, seat))
    assert legal, f"seat {seat} owes a decision but has no legal action"
    texts = [game.encode_action(action) for action in legal]
    assert len(set(texts)) == len(texts), f"duplicate legal actions {texts}"
    version = game.version(state)
    for action, text in zip(legal, texts, strict=True):
        assert isinstance(text, str)
        assert text != REMOVAL_TEXT, "the removal text '~' is reserved"
        assert game.decode_action(text) == action, f"{text!r} does not round-trip"
        data = f"p:{CALLBACK_GAME_ID}:{version}:{text}"
        assert len(data.encode()) <= MAX_BYTES, f"button data {data!r} is over {MAX_BYTES} bytes"
        assert action_data(CALLBACK_GAME_ID, version, text) == data
        try:
            parsed = Play.decode(data)
        except BadCallback as error:
            raise AssertionError(f"the shell refuses button data {data!r}") from error
        assert (parsed.game_id, parsed.version, parsed.action) == (
            CALLBACK_GAME_ID, version, text), f"{data!r} does not parse back"
    return legal


def check_policies(game: Game, state: Any, owed: frozenset[int]) -> None:
    """Every owing seat has legal actions, and its default and bot actions are among them."""
    for seat in sorted(owed):
        legal = check_action_texts(game, state, seat)
        default = game.default_action(state, seat)
        assert default in legal, f"default action {default!r} of seat {seat} is illegal"
        bot = game.bot_action(state, seat)
        assert bot in legal, f"bot action {bot!r} of seat {seat} is illegal"


def check_refusals(game: Game, state: Any, owed: frozenset[int], players: int,
                   seen: Mapping[str, Any]) -> None:
    """Seats owing nothing have no legal action; the typed errors refuse what is not allowed.

    `seen` maps the texts of actions played earlier in the game to their actions: one that
    is not legal now must raise IllegalAction for an owing seat, NotYourTurn for a seat
    owing nothing, and GameOver for everybody once the game is over.
    """
    for text in ("", REMOVAL_TEXT):
        try:
            game.decode_action(text)
        except MalformedAction:
            pass
        else:
            raise AssertionError(f"decode_action({text!r}) does not raise MalformedAction")
    if not seen:
        return
    probe_text, probe = next(iter(seen.items()))
    for seat in range(players):
        expected: type[Exception]
        if not owed:
            expected = GameOver
        elif seat not in owed:
            expected = NotYourTurn
            assert not game.legal_actions(state, seat), f"idle seat {seat} has legal actions"
        else:
            legal = {game.encode_action(a) for a in game.legal_actions(state, seat)}
            illegal = [(t, a) for t, a in seen.items() if t not in legal]
            if not illegal:
                continue
            expected = IllegalAction
            probe_text, probe = illegal[0]
        try:
            game.apply(state, seat, probe)
        except expected:
            continue
        except Exception as error:
            raise AssertionError(f"seat {seat} playing {probe_text!r} raised {error!r}, not "
                                 f"{expected.__name__}") from error
        raise AssertionError(f"seat {seat} could play {probe_text!r}: expected "
                             f"{expected.__name__}")


def check_round_trip(game: Game, state: Any) -> str:
    """`dump_state`/`load_state` round-trip exactly; return the dump."""
    text = game.dump_state(state)
    assert isinstance(text, str)
    loaded = game.load_state(text)
    assert loaded == state, "load_state(dump_state(s)) != s"
    assert game.dump_state(loaded) == text, "dump_state(load_state(t)) != t"
    return text


def check_events(events: Sequence[Event], players: int) -> list[dict[str, Any]]:
    """Every event is JSON-ready and reaches exactly its audience; return them as JSON."""
    seats = set(range(players))
    out = []
    for event in events:
        data = event.to_json()
        json.dumps(data)
        audience = event.audience
        if audience is None:
            assert event.visible_to(None)
            assert all(event.visible_to(seat) for seat in seats)
        else:
            assert audience, f"event {data} has an empty audience"
            assert set(audience) <= seats, f"event {data} names seats outside the table"
            assert not event.visible_to(None), f"private event {data} reaches the group"
            for seat in seats:
                assert event.visible_to(seat) == (seat in audience)
        out.append(data)
    return out


def apply_pure(game: Game, state: Any, seat: int, action: Any) -> Step[Any]:
    """Apply an action checking that the input state is untouched and the version grows."""
    before = game.dump_state(state)
    step = game.apply(state, seat, action)
    assert game.dump_state(state) == before, "apply mutated its input state"
    assert game.version(step.state) == game.version(state) + 1
    return step


# --- playing ----------------------------------------------------------------------------------


Chooser = Callable[[Game, Any, frozenset[int]], tuple[int, Any]]


def chooser(policy: str, seed: int) -> Chooser:
    """Return a policy: (game, state, owing seats) -> (seat, action)."""
    rng = random.Random(f"random-policy:{seed}")

    def choose(game: Game, state: Any, owed: frozenset[int]) -> tuple[int, Any]:
        if policy == "random":
            seat = rng.choice(sorted(owed))
            return seat, rng.choice(list(game.legal_actions(state, seat)))
        seat = min(owed)
        if policy == "default":
            return seat, game.default_action(state, seat)
        assert policy == "bot", policy
        return seat, game.bot_action(state, seat)

    return choose


@dataclass
class Played:
    """A finished game: the final state, every state on the way, the log and the events."""

    state: Any
    states: list[Any] = field(default_factory=list)
    log: list[tuple[int, str]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)


def play(case: Case, policy: str, *, checked: bool = True,
         limit: int = ACTION_LIMIT) -> Played:
    """Play a case to its end with one policy for every seat, checking every step."""
    game, players = case.game, case.players
    step = case.setup()
    state = step.state
    played = Played(state, [state], [], check_events(step.events, players))
    choose = chooser(policy, case.seed)
    seen: dict[str, Any] = {}  # text -> action, of the actions played so far
    for _ in range(limit + 1):
        owed = check_to_act(game, state, players)
        if checked:
            check_round_trip(game, state)
            check_policies(game, state, owed)
            check_refusals(game, state, owed, players, seen)
        if not owed:
            break
        seat, action = choose(game, state, owed)
        step = apply_pure(game, state, seat, action) if checked else game.apply(
            state, seat, action)
        played.events.extend(check_events(step.events, players))
        played.log.append((seat, game.encode_action(action)))
        seen.setdefault(played.log[-1][1], action)
        state = step.state
        played.states.append(state)
    else:
        raise AssertionError(f"{case} under the {policy} policy did not end in {limit} actions")
    played.state = state
    return played


def replay(case: Case, log: Sequence[tuple[int, str]]) -> Played:
    """Replay an action log from the case's setup."""
    game = case.game
    step = case.setup()
    played = Played(step.state, [step.state], [], [e.to_json() for e in step.events])
    for seat, text in log:
        step = game.apply(played.state, seat, game.decode_action(text))
        played.state = step.state
        played.log.append((seat, text))
        played.events.extend(e.to_json() for e in step.events)
    return played


def check_replay(case: Case, played: Played) -> None:
    """The same seed and action log give the same events and the same final dump."""
    again = replay(case, played.log)
    game = case.game
    assert game.dump_state(again.state) == game.dump_state(played.state), "replay diverged"
    assert again.events == played.events, "replay gave other events"


def spread(items: Sequence[Any], count: int) -> list[Any]:
    """Return up to `count` items evenly spread over the sequence, first and last included."""
    if len(items) <= count:
        return list(items)
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]
