"""The dice bot's choices in positions where an earlier version played badly
(docs/policies.md, "Bot — BANG! The Dice Game")."""

from __future__ import annotations

from typing import Any

from tests.core.scenario_helpers import events, play, run

ONE = ["bullseye_1", "dynamite", "dynamite", "arrow", "arrow"]
TWO = ["bullseye_2", "dynamite", "dynamite", "arrow", "arrow"]


def bot(seat: int) -> dict[str, Any]:
    """Return a scenario action: `seat` plays the bot's answer."""
    return {"seat": seat, "policy": "bot"}


def test_bot_sheriff_wears_down_the_healthiest_suspect() -> None:
    """Three alive: the Sheriff's "1" reaches an Outlaw on 1 life and the Renegade on 8. The
    bot hits the Renegade; finishing the Outlaw would leave the Sheriff alone with the
    healthy Renegade, while the two hidden players keep shooting each other."""
    result = run(4, {1: {"life": 1}, 2: {"alive": False}, 3: {"life": 8}},
                 dice=ONE, actions=[play(0, "s"), bot(0)])
    assert [e["target"] for e in events(result, "hit_assigned")] == [3]


def test_bot_deputy_also_spreads_its_hits() -> None:
    """The Deputy's "2" reaches a suspect on 1 life and one on 8: it hits the healthy one."""
    result = run(5, {3: {"life": 1}, 4: {"life": 8}}, turn=1,
                 dice=TWO, actions=[play(1, "s"), bot(1)])
    assert [e["target"] for e in events(result, "hit_assigned")] == [4]


def test_bot_renegade_spares_the_sheriff_while_an_outlaw_lives() -> None:
    """[BD-END-2] Three alive: the Renegade's "1" reaches the Sheriff on 1 life and an
    Outlaw. Killing the Sheriff now would make the Outlaws win, so the bot hits the Outlaw."""
    result = run(4, {0: {"life": 1}, 2: {"alive": False}}, turn=3,
                 dice=ONE, actions=[play(3, "s"), bot(3)])
    assert [e["target"] for e in events(result, "hit_assigned")] == [1]
    assert result["outcome"] is None


def test_bot_keeps_a_beer_at_full_life() -> None:
    """[BD-RES-1] A beer resolves after the turn's arrows and dynamite, so a healthy bot
    re-rolls the arrow and the lone gatling but keeps the beer."""
    result = run(5, dice=["beer", "arrow", "gatling", "bullseye_1", "bullseye_2"],
                 actions=[bot(0)])
    rerolled = events(result, "dice_rolled")[1]
    assert rerolled["dice"] == [1, 2]
