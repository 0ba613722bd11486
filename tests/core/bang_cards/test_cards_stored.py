"""Games stored before the card game's frames became one record per decision and its Gold
Rush turn flags a sub-record (#28) load.

`stored/stored_before_28.json` holds snapshots written by the code of that time, one at the
first pending decision of each kind (and one in a turn with Gold Rush's turn flags set),
with the seed, options and action log that lead to it. Each must load into the very state
today's engine reaches by replaying the log, and must play on from there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.bang_cards.frames import AskDodge, AskLuckyPick, AskSave, AskVolley
from core.bang_cards.ids import Purpose
from core.bang_cards.state import CardsState, RushTurn
from tests.core.bang_cards.helpers import GAME

STORED = json.loads((Path(__file__).parent / "stored" / "stored_before_28.json").read_text())


def _replayed(record: dict[str, Any]) -> CardsState:
    state = GAME.setup(record["options"], record["players"], record["seed"]).state
    for seat, text in record["actions"]:
        state = GAME.apply(state, seat, GAME.decode_action(text)).state
    return state


def _old(decision: str) -> dict[str, Any]:
    return next(r for r in STORED if json.loads(r["snapshot"])["pending"]["decision"] == decision)


@pytest.mark.parametrize("record", STORED, ids=lambda r: json.loads(r["snapshot"])["pending"]
                         ["decision"] + f"_seed{r['seed']}_{len(r['actions'])}")
def test_an_old_snapshot_loads_as_the_state_its_log_replays_to(record: dict[str, Any]) -> None:
    old_text = record["snapshot"]
    assert '"other":' in old_text  # written in the old one-record form
    loaded = GAME.load_state(old_text)
    replayed = _replayed(record)
    assert loaded == replayed
    assert GAME.dump_state(loaded) == GAME.dump_state(replayed)
    seat = min(GAME.to_act(loaded))
    action = GAME.default_action(loaded, seat)
    assert GAME.apply(loaded, seat, action).state == GAME.apply(replayed, seat, action).state


def test_old_frames_keep_their_own_fields() -> None:
    dodge = GAME.load_state(_old("dodge")["snapshot"]).pending
    assert dodge == AskDodge(seat=1, source=0, card="bang_3d", need=1)
    volley = GAME.load_state(_old("volley")["snapshot"]).pending
    assert volley == AskVolley(seat=0, source=0, card="gatling_10h", waiting=(1, 2, 3, 4))
    assert volley.owed_by == (1, 2, 3, 4)
    save = GAME.load_state(_old("save")["snapshot"]).pending
    assert save == AskSave(seat=2, source=1)
    lucky = GAME.load_state(_old("lucky_pick")["snapshot"]).pending
    assert lucky == AskLuckyPick(seat=3, purpose=Purpose.JAIL)


def test_a_new_snapshot_stores_only_the_decisions_own_fields() -> None:
    text = GAME.dump_state(_replayed(_old("dodge")))
    assert '"pending":{"seat":1,"source":0,"card":"bang_3d","need":1,"decision":"dodge"}' in text


def test_a_frame_of_an_unknown_decision_is_refused() -> None:
    text = _old("play")["snapshot"].replace('"decision":"play"', '"decision":"nap"')
    with pytest.raises(ValueError, match="Input tag 'nap'"):
        GAME.load_state(text)


def test_old_turns_keep_their_gold_rush_flags_in_the_sub_record() -> None:
    record = next(r for r in STORED if '"raddie":1' in r["snapshot"])
    state = GAME.load_state(record["snapshot"])
    assert state.turn.rush == RushTurn(drawn_from=0, raddie=1)
    assert '"rush":{"extra":false,"drawn_from":0,"pans":0,"raddie":1,' in GAME.dump_state(state)
