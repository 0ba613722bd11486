"""Whole games through the simulator: every policy at every table size ends without error,
and the 80 cards are all somewhere, once, after every step (`BangCards.check_state`)."""

from __future__ import annotations

import pytest

from core.bang_cards.game import BangCards
from core.bang_cards.state import CardsState
from core.engine.protocol import Step
from core.simulate import POLICIES, play_one, simulate
from tests.core.bang_cards.helpers import GAME, table


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("policy", POLICIES)
def test_simulated_games_end_and_keep_the_80_cards(players: int, policy: str) -> None:
    """[BC-COMP-1, BC-DECKX-1] the simulator checks the card count after every step."""
    for seed in range(100, 108):
        result = play_one(GAME, players, seed, {}, policy)
        assert result.actions > 0


def test_the_conservation_check_catches_a_lost_card() -> None:
    state = table(5, {0: {"hand": ["bang_as"]}})
    state.seats[0].hand.clear()
    with pytest.raises(AssertionError, match="79 cards"):
        GAME.check_state(state)
    doubled = table(5, {0: {"hand": ["bang_as"]}})
    doubled.seats[1].hand.append(doubled.deck.pop(0))
    doubled.seats[2].hand.append("bang_as")
    doubled.deck.pop()
    with pytest.raises(AssertionError, match="two zones"):
        GAME.check_state(doubled)


def test_play_one_reports_the_same_game_for_the_same_seed() -> None:
    first = play_one(GAME, 6, 42, {}, "bot")
    again = play_one(GAME, 6, 42, {}, "bot")
    assert (first.side, first.actions, first.tallies) == (again.side, again.actions,
                                                          again.tallies)


def test_the_simulator_reports_a_lost_card_as_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step that loses a card is caught by the check after that step and counted as an
    error of that game, with its seed, by `python -m core.simulate`."""
    honest = BangCards.apply

    def leaky(self: BangCards, state: CardsState, seat: int, action: object) -> Step[CardsState]:
        step = honest(self, state, seat, action)  # type: ignore[arg-type]
        if step.state.version == 5 and step.state.deck:
            step.state.deck.pop()
        return step

    monkeypatch.setattr(BangCards, "apply", leaky)
    summary = simulate("bang_cards", 5, 3, 70, {}, "default")
    assert summary["errors"] == 3
    assert summary["outcomes"] == {}
    assert [f["seed"] for f in summary["failures"]] == [70, 71, 72]
    assert all("79 cards" in f["error"] for f in summary["failures"])
