"""Fixed positions for the table pictures' golden images: every game, three player counts
each, mid-game and finished. The dice game and Colt Express come from seeded games played
by the bot policy up to a stop condition; the card game from scenario files
(core.scenario's position format), so that its pictures do not move with its bot."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.engine.protocol import apply_checked
from core.engine.registry import get_game

NAMES = ("Ana", "Bruno", "Carla", "Davi", "Eva", "Fernanda Alves de Souza", "Gil", "Hugo")
Stop = Callable[[Any, Any], bool]


@dataclass(frozen=True)
class Position:
    """A named position of one game: a seeded bot game stopped where `stop` first holds
    (None: played to its end), or a scenario `spec`."""

    name: str
    kind: str
    players: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    stop: Stop | None = None
    spec: dict[str, Any] | None = None

    def state(self) -> Any:
        """Return the position's state."""
        game = get_game(self.kind)
        if self.spec is not None:
            state = game.position(self.spec).state  # type: ignore[attr-defined]
            for item in self.spec.get("actions", ()):
                state = apply_checked(game, state, item["seat"], item["action"]).state
            return state
        state = game.setup(self.options, self.players, self.seed).state
        while game.to_act(state) and not (self.stop and self.stop(game, state)):
            seat = min(game.to_act(state))
            state = game.apply(state, seat, game.bot_action(state, seat)).state
        return state


def _rerolling(turn: int) -> Stop:
    def stop(game: Any, state: Any) -> bool:
        view = game.view(state, None)
        return bool(view.turn_number >= turn and view.decision == "reroll"
                    and view.rolls_left < 2)
    return stop


def _colt(round_: int, phase: str) -> Stop:
    def stop(game: Any, state: Any) -> bool:
        view = game.view(state, None)
        return bool(view.round == round_ and view.phase == phase and len(view.pile) >= 3)
    return stop


def _seat(role: str, character: str, **more: Any) -> dict[str, Any]:
    return {"role": role, "character": character, **more}


CARDS_FOUR = {
    "game": "bang_cards", "turn": 1, "phase": "play",
    "discard": ["bang_2d", "missed_3s", "panic_jh"],
    "seats": [
        _seat("sheriff", "slab_the_killer", hand=["bang_as", "beer_6h"],
              in_play=["schofield_ks", "barrel_qs"]),
        _seat("outlaw", "black_jack", life=2, hand=["missed_2s", "duel_js", "bang_qh"],
              in_play=["mustang_8h", "jail_10s"]),
        _seat("renegade", "paul_regret", hand=["beer_7h"], in_play=["dynamite_2h"]),
        _seat("outlaw", "bart_cassidy", life=1, hand=[], in_play=["volcanic_10s", "scope_as"]),
    ],
}
CARDS_FIVE = {
    "game": "bang_cards", "turn": 0, "phase": "play",
    "deck": ["beer_8h", "bang_3d", "missed_4s", "panic_qh", "remington_kc"],
    "discard": ["bang_4d"],
    "seats": [
        _seat("sheriff", "suzy_lafayette", hand=["general_store_qs", "bang_5d"]),
        _seat("deputy", "kit_carlson", in_play=["winchester_8s"], hand=["missed_5s"]),
        _seat("outlaw", "rose_doolan", hand=["bang_6d", "bang_7d"]),
        _seat("outlaw", "jourdonnais", life=2, in_play=["rev_carabine_ac", "mustang_9h"]),
        _seat("renegade", "lucky_duke", alive=False),
    ],
    "actions": [{"seat": 0, "action": "p56"}],
}
CARDS_SEVEN = {
    "game": "bang_cards", "turn": 0, "phase": "play",
    "seats": [
        _seat("sheriff", "willy_the_kid", life=2, hand=["bang_as"], in_play=["remington_kc"]),
        _seat("deputy", "sid_ketchum", alive=False),
        _seat("outlaw", "el_gringo", life=1, hand=[]),
        _seat("outlaw", "vulture_sam", alive=False),
        _seat("outlaw", "calamity_janet", alive=False),
        _seat("renegade", "jesse_jones", alive=False),
        _seat("deputy", "pedro_ramirez", life=3, in_play=["barrel_ks", "scope_as"]),
    ],
    "actions": [{"seat": 0, "action": "p00t2"}],
}

CARDS_SHADOWS = {
    "game": "bang_cards", "turn": 3, "phase": "start",
    "options": {"gold_rush": True, "shadow_gunslingers": True},
    "shop": ["pickaxe", "bottle_1", "wanted_1"],
    "seats": [
        _seat("sheriff", "pretty_luzena", life=3, in_play=["volcanic_10s"], nuggets=4,
              equipment=["gun_belt"], hand=["bang_as", "missed_2s"]),
        _seat("deputy", "simeon_picos", alive=False, nuggets=2),
        _seat("outlaw", "jacky_murieta", life=2, in_play=["barrel_qs"], nuggets=5,
              equipment=["boots"], hand=["beer_6h"]),
        _seat("renegade", "josh_mccloud", alive=False, nuggets=3),
        _seat("outlaw", "dutch_will", nuggets=1, equipment=["lucky_charm"],
              hand=["bang_qh", "panic_jh"]),
        _seat("outlaw", "madam_yto", alive=False),
    ],
}

POSITIONS = (
    Position("dice_4p_reroll", "bang_dice", 4, seed=1, stop=_rerolling(3)),
    Position("dice_6p_old_saloon", "bang_dice", 6, seed=2, stop=_rerolling(9),
             options={"modules": ["chief_arrow", "ghost", "special_identities"]}),
    Position("dice_8p_finished", "bang_dice", 8, seed=3, options={"modules": ["saloon_dice"]}),
    Position("colt_2p_scheming", "colt_express", 2, seed=1, stop=_colt(1, "scheme")),
    Position("colt_4p_stealing", "colt_express", 4, seed=3, stop=_colt(2, "steal")),
    Position("colt_6p_finished", "colt_express", 6, seed=5),
    Position("cards_4p_play", "bang_cards", 4, spec=CARDS_FOUR),
    Position("cards_5p_store", "bang_cards", 5, spec=CARDS_FIVE),
    Position("cards_7p_finished", "bang_cards", 7, spec=CARDS_SEVEN),
    Position("cards_6p_gold_rush_shadows", "bang_cards", 6, spec=CARDS_SHADOWS),
)

CARDS_GOLD_RUSH = {
    "game": "bang_cards", "turn": 0, "phase": "play", "options": {"gold_rush": True},
    "seats": [
        _seat("sheriff", "calamity_janet", life=3,
              hand=["bang_as", "missed_2s", "beer_6h", "panic_jh", "mustang_8h",
                    "general_store_qs", "stagecoach_9s_1"],
              in_play=["winchester_8s", "barrel_qs"], nuggets=3,
              equipment=["rum_1", "shot_1"]),
        _seat("outlaw", "black_jack", hand=["bang_qh"], nuggets=1),
        _seat("renegade", "paul_regret", hand=["beer_7h"]),
        _seat("deputy", "bart_cassidy", hand=["missed_3s"]),
        _seat("outlaw", "el_gringo", hand=["duel_js"]),
    ],
}


@dataclass(frozen=True)
class HandPosition:
    """One seat's hand at a position, drawn for its private prompt."""

    name: str
    position: Position
    seat: int


HAND_POSITIONS = (
    HandPosition("hand_colt_2p", POSITIONS[3], 0),
    HandPosition("hand_colt_4p_bullets",
                 Position("colt_4p_round3", "colt_express", 4, seed=2,
                          stop=_colt(3, "scheme")), 2),
    HandPosition("hand_cards_4p", POSITIONS[6], 1),
    HandPosition("hand_cards_5p_gold_rush",
                 Position("cards_5p_gold_rush", "bang_cards", 5, spec=CARDS_GOLD_RUSH), 0),
)
