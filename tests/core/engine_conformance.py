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
  (`tgbot.callbacks.action_data` with the largest game id, 2**31 - 1, and the current
  version) fits in 64 bytes and parses back to the same text (`tgbot.callbacks.parse`);
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

Secrecy, by difference. Which facts are secret is game knowledge, so the suite lets the
engine's own views tell it, and then checks that what one seat alone may see reaches
nobody else:

1. Single-fact probes. A state reached in play is dumped to JSON and ONE scalar leaf is
   changed (a bool flipped, a number + 1, a string or null replaced by another value found
   at the same place of a sibling: another seat's role, another card of a hand, ...). If
   the engine loads the result, every audience's view (`view_json`, JSON text) is compared
   with the original. A change the group sees is a public fact; a change nobody sees is
   hidden from all; a change that exactly one seat sees is that seat's secret. A change that
   two or more seats see while the group does not FAILS: a secret reached another seat.
   So for every secret found this way, the group's and every other seat's views do not
   change when only that seat's secret changes.
2. Secret swaps. Two such secrets found in the same place of the state (two unrevealed
   roles, two cards of hands) are exchanged: a consistent state (nothing duplicated or
   lost) in which only their owners' secrets differ. Unless the group sees the exchange
   (a value can mix a secret with a public fact: a card whose bandit everyone sees), the
   views of every seat but the owners must not change, and neither may the legal actions
   (as a set), the `default_action` or the `bot_action` of any other seat owing a
   decision: no policy of one seat reads another seat's secret.
3. Secret choices. For each seat owing a decision, each legal action is applied. Among the
   results the group cannot tell apart (same group view, same public events), every other
   seat must not tell them apart either (same view, same events visible to it): which
   face-down card was played, say, is known to its player only.

What this does NOT check, and why:

- That a fact SHOULD be secret. A hand shown to the group is, to a generic probe, simply
  a public fact. Which facts the rules hide is game knowledge: it stays in each game's own
  conformance file (`test_conformance.py`, `test_colt_conformance.py`).
- Facts shared by a few seats but hidden from the group (a team that knows each other)
  would fail probe 1; no registered game has one. Such a game would need to declare its
  shared secrets to this suite.
- A secret the views never show, or shows only as a consequence of other facts (a leak
  that needs two facts to change together), and secrets leaked only in EVENTS of an
  action (probe 3 covers a seat's choice, not the rest of an action's events: an action
  may rightly reveal a secret, as a resolved card does).
- Policies on single-fact probes: a lone changed leaf can make an impossible state (two
  Sheriffs) in which a policy reading a public fact looks like one reading a secret, so
  policies are checked on swaps only; and facts hidden from everyone (deck order, the
  generator, cached targets) are not checked against policies, since derived caches that
  no view shows legitimately steer the legal actions.
- Mutated states that the engine refuses (`load_state` raises) or cannot show (a view or a
  policy raises) are skipped: they lie outside the states play can reach.
- The probes sample a bounded number of leaves and pairs at a few states per game.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.engine import registry
from core.engine.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from core.engine.protocol import Event, Step
from tgbot.callbacks import MAX_BYTES, BadCallback, action_data, parse

ACTION_LIMIT = 5000  # a generous bound: the real games end in a few hundred actions
SEEDS = (1, 2, 3)
POLICIES = ("default", "bot", "random")
CALLBACK_GAME_ID = 2**31 - 1  # the largest id the games table holds
REMOVAL_TEXT = "~"  # storage.action_log.REMOVAL: never an engine's action text

Game = Any
LeafPath = tuple[str | int, ...]


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
            parsed = parse(data)
        except BadCallback as error:
            raise AssertionError(f"the shell refuses button data {data!r}") from error
        assert (parsed.game_id, parsed.version, parsed.payload) == (
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


# --- secrecy by difference --------------------------------------------------------------------


def _leaves(node: Any, path: LeafPath = ()) -> Iterator[tuple[LeafPath, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _leaves(value, (*path, index))
    else:
        yield path, node


def _shape(path: LeafPath) -> LeafPath:
    return tuple("*" if isinstance(part, int) else part for part in path)


def _with(data: Any, changes: Mapping[LeafPath, Any]) -> str:
    new = copy.deepcopy(data)
    for path, value in changes.items():
        node = new
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return json.dumps(new)


def _view_text(game: Game, state: Any, viewer: int | None) -> str:
    return json.dumps(game.view_json(game.view(state, viewer)), sort_keys=True, default=str)


def _events_text(events: Sequence[Event], viewer: int | None) -> str:
    return json.dumps([e.to_json() for e in events if e.visible_to(viewer)], sort_keys=True,
                      default=str)


def _decisions(game: Game, state: Any, seats: set[int]) -> dict[int, Any]:
    """What each owing seat of `seats` would do: legal texts (as a set), default, bot."""
    owed = game.to_act(state)
    return {seat: (sorted(game.encode_action(a) for a in game.legal_actions(state, seat)),
                   game.encode_action(game.default_action(state, seat)),
                   game.encode_action(game.bot_action(state, seat)))
            for seat in sorted(seats & set(owed))}


def _alternative(value: Any, peers: list[Any], rng: random.Random) -> tuple[bool, Any]:
    """Return (found, another value) for a leaf: flipped, + 1, or a sibling's value."""
    if isinstance(value, bool):
        return True, not value
    if isinstance(value, int | float):
        return True, value + 1
    others = [p for p in peers if p != value and (value is None or p is None
                                                  or type(p) is type(value))]
    if not others:
        return False, None
    return True, rng.choice(others)


@dataclass
class SecretReport:
    """What the probes found at one state: leaf counts by audience, and the pairs swapped."""

    public: int = 0
    hidden: int = 0
    private: dict[LeafPath, int] = field(default_factory=dict)
    swaps: int = 0
    choices: int = 0


def check_secrets(game: Game, state: Any, players: int, rng: random.Random, *,
                  leaves: int = 120, swaps: int = 20,
                  report: SecretReport | None = None) -> SecretReport:
    """Probes 1 and 2 of the module docstring at one state; return what they found."""
    report = report or SecretReport()
    data = json.loads(game.dump_state(state))
    audiences: list[int | None] = [None, *range(players)]
    base = {who: _view_text(game, state, who) for who in audiences}
    all_leaves = list(_leaves(data))
    peers: dict[LeafPath, list[Any]] = {}
    for path, value in all_leaves:
        peers.setdefault(_shape(path), []).append(value)

    def seen_by(text: str) -> set[int | None] | None:
        """Return the audiences whose view changes, or None if the engine cannot show it."""
        try:
            variant = game.load_state(text)
            if _view_text(game, variant, None) != base[None]:
                return {None}
            return {s for s in range(players) if _view_text(game, variant, s) != base[s]}
        except Exception:  # a mutated state outside what play reaches: not this suite's
            return None

    owner: dict[LeafPath, int] = {}  # the secrets found at this state, and whose they are
    for path, value in rng.sample(all_leaves, min(leaves, len(all_leaves))):
        found, other = _alternative(value, peers[_shape(path)], rng)
        if not found:
            continue
        changed = seen_by(_with(data, {path: other}))
        if changed is None:
            continue
        if None in changed:
            report.public += 1
        elif not changed:
            report.hidden += 1
        else:
            assert len(changed) == 1, (
                f"changing {'/'.join(map(str, path))} from {value!r} to {other!r} changes the "
                f"views of seats {sorted(changed)} but not the group's: a seat's secret "
                f"reaches another seat")
            owner[path] = changed.pop()  # type: ignore[assignment]
    report.private.update(owner)

    by_shape: dict[LeafPath, list[LeafPath]] = {}
    for path in owner:
        by_shape.setdefault(_shape(path), []).append(path)
    value_at = dict(all_leaves)
    pairs = [(a, b) for group in by_shape.values() for i, a in enumerate(group)
             for b in group[i + 1:] if value_at[a] != value_at[b]]
    for a, b in rng.sample(pairs, min(swaps, len(pairs))):
        owners = {owner[a], owner[b]}
        text = _with(data, {a: value_at[b], b: value_at[a]})
        changed = seen_by(text)
        if changed is None or None in changed:
            continue  # a value may mix a secret with a public fact (a card and its bandit)
        where = f"swapping {'/'.join(map(str, a))} and {'/'.join(map(str, b))}"
        assert changed <= owners, (
            f"{where} (secrets of seats {sorted(owners)}) changes the views of "
            f"{sorted(changed, key=str)}")
        others = set(range(players)) - owners
        try:
            variant = game.load_state(text)
            after = _decisions(game, variant, others)
        except Exception:  # see seen_by
            continue
        before = _decisions(game, state, others)
        assert after == before, (
            f"{where} (secrets of seats {sorted(owners)}) changes what other seats may or "
            f"would do: {before} -> {after}")
        report.swaps += 1
    return report


def check_secret_choices(game: Game, state: Any, players: int,
                         report: SecretReport | None = None) -> SecretReport:
    """Probe 3 of the module docstring: what the group cannot tell apart, no other seat can."""
    report = report or SecretReport()
    for seat in sorted(game.to_act(state)):
        alike: dict[str, list[Step[Any]]] = {}
        for action in game.legal_actions(state, seat):
            step = game.apply(state, seat, action)
            key = _view_text(game, step.state, None) + _events_text(step.events, None)
            alike.setdefault(key, []).append(step)
        for steps in alike.values():
            if len(steps) < 2:
                continue
            report.choices += 1
            for other in range(players):
                if other == seat:
                    continue
                seen = {_view_text(game, s.state, other) + _events_text(s.events, other)
                        for s in steps}
                assert len(seen) == 1, (
                    f"seat {other} tells apart {len(steps)} choices of seat {seat} that the "
                    f"group cannot")
    return report


def spread(items: Sequence[Any], count: int) -> list[Any]:
    """Return up to `count` items evenly spread over the sequence, first and last included."""
    if len(items) <= count:
        return list(items)
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]
