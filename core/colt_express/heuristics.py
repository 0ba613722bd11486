"""What the policies weigh, shared by the cards' defaults and bot choices (docs/policies.md)."""

from __future__ import annotations

from core.colt_express.actions import ColtAction, Target
from core.colt_express.ids import JEWEL, PURSE, RANSOM, STRONGBOX, loot_type
from core.colt_express.state import ColtState

# What a loot type is worth on average, for choosing (purse values are hidden).
WORTH = {STRONGBOX: 1000, JEWEL: 500, PURSE: 350, RANSOM: 250}


def worth(tokens: list[str]) -> int:
    """Return the expected worth of some loot tokens."""
    return sum(WORTH[loot_type(t)] for t in tokens)


def target_order(state: ColtState, bandit: int, options: list[ColtAction]) -> list[ColtAction]:
    """Return Target answers ordered: opponents first (2 players), most loot tokens, nearest
    the locomotive, lowest seat (§16 CE-DEC-6, CE-DEC-7)."""
    seat = state.bandits[bandit].seat

    def rank(option: ColtAction) -> tuple[int, int, int, int]:
        assert isinstance(option, Target)
        target = state.bandits[option.bandit]
        return (target.seat == seat, -len(target.loot), target.car, target.seat)
    return sorted(options, key=rank)


def richness(state: ColtState, shooter: int, target: int) -> int:
    """Return how attractive a target is: its loot's worth, teammates last."""
    mine = state.bandits[shooter].seat == state.bandits[target].seat
    return worth(state.bandits[target].loot) - (10_000 if mine else 0)


def best_target(state: ColtState, bandit: int, options: list[ColtAction]) -> ColtAction:
    """Return the bot's target: the richest, ties in the timeout default's order."""
    def rich(option: ColtAction) -> int:
        assert isinstance(option, Target)
        return richness(state, bandit, option.bandit)
    return max(target_order(state, bandit, options), key=rich)


def opponents(state: ColtState, bandit: int, targets: list[int]) -> list[int]:
    """Return the targets that are not the bandit's teammates (2 players: friendly fire)."""
    seat = state.bandits[bandit].seat
    return [t for t in targets if state.bandits[t].seat != seat]
