"""Timeouts that leak nothing [R-BC-09, BC-TO-PRIN, BC-TO-ORD, BC-TO table], standing
orders, and the prompts (who is asked what, on which clock)."""

from __future__ import annotations

import json

from core.bang_cards.state import CardsState
from core.engine.protocol import Clock, Event
from tests.core.bang_cards.helpers import GAME, act, decision, lives, n, table, timeout

BANG, MISSED, MISSED2, BEER = "bang_as", "missed_2s", "missed_3s", "beer_6h"


def _seen(state: CardsState, events: list[Event], viewer: int | None) -> str:
    view = GAME.view_json(GAME.view(state, viewer))
    told = [e.to_json() for e in events if e.visible_to(viewer)]
    return json.dumps([view, told], sort_keys=True, default=str)


def test_R_BC_09_a_timed_out_target_looks_the_same_with_or_without_a_missed() -> None:
    """[R-BC-09, BC-TO-PRIN] the two tables differ only in the target's Missed!; after he
    times out, the group and every other seat see exactly the same thing, prompts
    included."""
    seen: list[dict[int | None, str]] = []
    prompts = []
    for card in (MISSED, "bang_2c"):
        state = table(5, {0: {"hand": [BANG]}, 1: {"hand": [card, BEER]}})
        state, first = act(state, 0, "p" + n(BANG) + "t1")
        assert decision(state) == ("dodge", (1,))  # asked whatever the hand holds
        prompt = GAME.prompts(state)[0]
        prompts.append((prompt.seat, prompt.public, prompt.clock, bool(prompt.private)))
        before = {who: _seen(state, first, who) for who in (None, 0, 2, 3, 4)}
        state, events = timeout(state, 1)
        assert lives(state)[1] == 3  # took the hit: public facts only
        after = {who: _seen(state, events, who) for who in (None, 0, 2, 3, 4)}
        seen.append({who: before[who] + after[who] for who in before})
    assert seen[0] == seen[1]
    assert prompts[0] == prompts[1] == (1, (), Clock.REACTION, True)


def test_BC_TO_ORD_a_standing_order_plays_the_missed() -> None:
    """[BC-TO-ORD] set privately (logged as an action, told to him alone); a timeout then
    plays Missed! when it fully cancels."""
    state = table(5, {0: {"hand": [BANG]}, 1: {"hand": [MISSED], "order_missed": True}})
    state, _ = act(state, 0, "p" + n(BANG) + "t1")
    state, _ = timeout(state, 1)
    assert lives(state)[1] == 4
    assert MISSED in state.discard
    own = table(5, {0: {"hand": [BANG]}})
    own, events = act(own, 0, "om1")
    assert own.seats[0].order_missed
    assert decision(own) == ("play", (0,))
    assert [e.audience for e in events] == [frozenset({0})]
    assert GAME.view(own, 0).seats[0].orders == ("missed",)
    assert GAME.view(own, None).seats[0].orders is None


def test_BC_TO_ORD_never_a_useless_single_missed_against_slab() -> None:
    """[BC-TO table, BC-DEC-6] one Missed! cannot cancel Slab's BANG!: the default keeps it."""
    state = table(5, {0: {"hand": [BANG], "character": "slab_the_killer"},
                      1: {"hand": [MISSED], "order_missed": True}})
    state, _ = act(state, 0, "p" + n(BANG) + "t1")
    state, _ = timeout(state, 1)
    assert lives(state)[1] == 3
    assert state.seats[1].hand == [MISSED]
    both = table(5, {0: {"hand": [BANG], "character": "slab_the_killer"},
                     1: {"hand": [MISSED, MISSED2], "order_missed": True}})
    both, _ = act(both, 0, "p" + n(BANG) + "t1")
    both, _ = timeout(both, 1)
    both, _ = timeout(both, 1)
    assert lives(both)[1] == 4


def test_BC_TO_ORD_bang_order_in_duels_and_against_indians() -> None:
    """[BC-TO table] BC-DEC-7/8: lose 1 life, unless the BANG! order is set."""
    for order, life in ((False, 3), (True, 4)):
        state = table(5, {0: {"hand": ["indians_kd"]}, 1: {"hand": [BANG], "order_bang": order}})
        state, _ = act(state, 0, "p" + n("indians_kd"))
        state, _ = timeout(state, 1)
        assert lives(state)[1] == life


def test_BC_TO_table_defaults_of_the_active_player() -> None:
    """[BC-TO table] BC-DEC-1/2 draw from the deck; BC-DEC-3 puts back the third card;
    BC-DEC-5 takes the first revealed card."""
    jesse = table(5, {0: {"character": "jesse_jones"}, 1: {"hand": [BEER]}}, phase="start",
                  deck=["bang_2c", "bang_3c"])
    jesse, _ = timeout(jesse, 0)
    assert jesse.seats[0].hand == ["bang_2c", "bang_3c"]
    kit = table(5, {0: {"character": "kit_carlson"}}, phase="start",
                deck=["bang_2c", "bang_3c", "bang_4c"])
    kit, _ = timeout(kit, 0)
    assert kit.deck[-1] == "bang_4c"
    store = table(4, {0: {"hand": ["general_store_qs"]}}, deck=["bang_2c", "bang_3c",
                                                                 "bang_4c", "bang_5c"])
    store, _ = act(store, 0, "p" + n("general_store_qs"))
    store, _ = timeout(store, 0)
    assert "bang_2c" in store.seats[0].hand


def test_BC_DEC_11_phase_3_timeout_discards_at_random_and_replays() -> None:
    """[BC-DEC-11, R-BC-09] random (seeded by the game's generator), hence replayable."""
    hand = ["bang_2c", "bang_3c", "bang_4c", "bang_5c", "bang_6c", "bang_7c", "bang_8c"]
    picks = set()
    for seed in range(6):
        state = table(5, {0: {"hand": hand, "life": 2}}, seed=seed)
        state, _ = act(state, 0, "e")
        again = GAME.default_action(state, 0)
        assert GAME.default_action(state, 0) == again
        picks.add(GAME.encode_action(again))
    assert len(picks) > 1


def test_R_BC_09_only_an_empty_hand_skips_the_prompt() -> None:
    """[R-BC-09] Gatling: every target holding a card is prompted, the empty-handed ones
    take the hit without a prompt, Barrel checks are automatic."""
    state = table(5, {0: {"hand": ["gatling_10h"]}, 1: {"hand": [BEER]},
                      2: {"in_play": ["barrel_qs"]}, 3: {"hand": [MISSED]}},
                  deck=["beer_7h"])
    state, _ = act(state, 0, "p" + n("gatling_10h"))
    assert decision(state) == ("volley", (1, 3))  # seat 2's Barrel drew a heart
    prompts = GAME.prompts(state)
    assert [(p.seat, p.clock, p.independent, p.public) for p in prompts] == [
        (1, Clock.REACTION, True, ()), (3, Clock.REACTION, True, ())]
    assert all(p.private for p in prompts)


def test_prompts_of_the_active_player_keep_his_hand_private() -> None:
    """[BC-INFO-2, BC-DEC-4] the group sees only "end phase 2"; the rest goes by DM."""
    state = table(5, {0: {"hand": [BANG, BEER]}})
    (prompt,) = GAME.prompts(state)
    assert prompt.public == ("e",)
    assert prompt.clock is Clock.TURN
    assert "p" + n(BANG) + "t1" in prompt.private
    pedro = table(5, {0: {"character": "pedro_ramirez"}}, phase="start", discard=[BEER])
    (choice,) = GAME.prompts(pedro)
    assert choice.public == ("dd", "dp")
    assert not choice.private
