"""Generic engine conformance, secrecy by difference: no seat sees another seat's secret,
checked without game knowledge (probes 1-3 below).

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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.engine.protocol import Event, Step
from tests.core.engine_conformance import Game

LeafPath = tuple[str | int, ...]


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
