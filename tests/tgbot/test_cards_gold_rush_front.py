"""Gold Rush and the Shadow Gunslingers in the card game's front: seeded games with both
options on, played by the engine's bot; at every decision each legal action must be
reachable by a button of the seat's prompt (through the hand's cards and the shop menu),
with callback data within Telegram's 64 bytes and a real label in every language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from core.bang_cards.actions import Buy, Force, Sell, Use, decode
from core.bang_cards.gold_rush.equipment import EQUIPMENT, GEAR, GEAR_OF, Gear
from core.bang_cards.ids import GoldRushCharacter
from core.engine.registry import get_game
from tgbot.i18n import LANGUAGES, t
from tgbot.render.callbacks import MAX_BYTES, Focus, Play, parse
from tgbot.render.cards import CardsFront, cards_character_help
from tgbot.render.cards.gold_rush import gear_label, gear_name, gear_title
from tgbot.render.cards.prompts import SHOP_MENU, SID_MENU, focus_keep
from tgbot.render.glossary import rules_reply

GAME = get_game("bang_cards")
FRONT = CardsFront()
BOTH = {"gold_rush": True, "shadow_gunslingers": True}
NAMES = ["Ana", "Bruno", "Carla", "Davi <&>", "Eva", "Fabio", "Gina", "Hugo"]
CLASS_NAMES = ("Buy(", "Force(", "Sell(", "Use(", "Discard(", "Pick(")


def _states(players: int, seed: int) -> Iterator[Any]:
    """Yield every state of a Gold Rush game the bot plays to the end."""
    state = GAME.setup(BOTH, players, seed).state
    while GAME.to_act(state):
        yield state
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.bot_action(state, seat)).state


def _pressable(rows: Any, language: str, version: int) -> set[str]:
    """Return the action texts of `rows` after checking every button's label and data."""
    found: set[str] = set()
    for row in rows:
        assert len(row) <= 8
        for label, data in row:
            assert label.strip()
            assert not label.startswith(CLASS_NAMES), label
            assert len(data.encode()) <= MAX_BYTES
            pressed = parse(data)
            assert isinstance(pressed, Play | Focus)
            assert pressed.version == version
            if isinstance(pressed, Play):
                found.add(pressed.action)
    return found


def _reachable(state: Any, seat: int, legal: tuple[str, ...], language: str) -> set[str]:
    view = GAME.view(state, seat)
    hand = view.seats[seat].hand or ()
    found: set[str] = set()
    for focus in {0, SID_MENU, SHOP_MENU, *range(1, len(hand) + 1)}:
        rows = FRONT.prompt_buttons(language, view, legal, NAMES, 7, focus_keep(focus))
        assert sum(len(row) for row in rows) <= 100
        found |= _pressable(rows, language, view.version)
        FRONT.private_prompt_text(language, view, NAMES, focus_keep(focus))
    return found


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 3), (8, 5)])
def test_every_gold_rush_action_has_a_button_in_every_language(players: int,
                                                               seed: int) -> None:
    shop_seen = 0
    for index, state in enumerate(_states(players, seed)):
        language = LANGUAGES[index % 3]
        group = GAME.view(state, None)
        assert len(FRONT.table_text(language, group, NAMES, [])) <= 4096
        for prompt in GAME.prompts(state):
            legal = {GAME.encode_action(a) for a in GAME.legal_actions(state, prompt.seat)}
            reach: set[str] = set()
            if prompt.public:
                rows = FRONT.prompt_buttons(language, group, prompt.public, NAMES, 7)
                reach |= _pressable(rows, language, group.version)
            if prompt.private:
                reach |= _reachable(state, prompt.seat, prompt.private, language)
            shop_seen += sum(isinstance(decode(a), Buy | Force | Sell | Use) for a in legal)
            missing = legal - reach
            # Sid Ketchum's pairs are offered once per pair of card kinds
            assert all(action.startswith("s") for action in missing), missing
    assert shop_seen > 0


def test_equipment_names_and_costs_in_every_language() -> None:
    for language in LANGUAGES:
        names = {gear_name(language, kind.value) for kind in Gear}
        assert len(names) == len(Gear)
        for card in EQUIPMENT:
            label = gear_label(language, card)
            assert label.endswith(f" {GEAR[GEAR_OF[card]].cost}💰")
    assert gear_name("it", "pickaxe") != gear_name("en", "pickaxe")
    assert t("pt-BR", "🛒 {card} for {price}💰", card="x", price=1) != "🛒 x for 1💰"


def test_the_group_table_shows_the_shop_nuggets_equipment_and_shadows() -> None:
    shadows = 0
    for index, state in enumerate(_states(5, 3)):
        language = LANGUAGES[index % 3]
        group = GAME.view(state, None)
        lines = FRONT.table_text(language, group, NAMES, []).splitlines()
        shop = [line for line in lines if line.startswith("🛒")]
        assert len(shop) == 1
        assert all(gear_label(language, card) in shop[0] for card in group.shop)
        assert f"{group.bank}💰" in shop[0]
        for seat in group.seats:
            line = lines[1 + seat.seat]
            if seat.nuggets:
                assert f"{seat.nuggets}💰" in line
            assert all(gear_title(language, card) in line for card in seat.equipment)
            if seat.shadow:
                shadows += 1
                assert t(language, "👻 shadow") in line
    assert shadows > 0
    base = GAME.view(GAME.setup({}, 4, 1).state, None)
    assert "🛒" not in FRONT.table_text("en", base, NAMES, [])


def test_my_cards_pop_up_adds_nuggets_and_equipment_with_gold_rush() -> None:
    rich = 0
    for index, state in enumerate(_states(4, 5)):
        language = LANGUAGES[index % 3]
        for seat in range(4):
            mine = FRONT.mine_text(language, GAME, state, seat)
            me = GAME.view(state, seat).seats[seat]
            assert (f"{me.nuggets}💰" in mine) == bool(me.nuggets)
            assert all(gear_title(language, card) in mine for card in me.equipment)
            rich += bool(me.nuggets and me.equipment)
    assert rich > 0
    base = GAME.setup({}, 4, 1).state
    assert "💰" not in FRONT.mine_text("en", GAME, base, 0)


def test_gold_rush_events_get_lines_in_every_language() -> None:
    lined: set[str] = set()
    for players, seed in ((3, 1), (5, 3), (8, 5)):
        step = GAME.setup(BOTH, players, seed)
        events = list(step.events)
        while GAME.to_act(step.state):
            seat = min(GAME.to_act(step.state))
            step = GAME.apply(step.state, seat, GAME.bot_action(step.state, seat))
            events += step.events
        for event in events:
            data = event.to_json()
            for language in LANGUAGES:
                line = FRONT.event_line(language, data, NAMES, {})
                assert line is None or "{" not in line
                if line is not None:
                    lined.add(data["kind"])
    assert {"nuggets_changed", "shop_filled", "gear_bought", "beer_sold",
            "shadow_returned", "shadow_left"} <= lined


def test_a_forced_discard_and_the_shadow_renegades_side_are_told() -> None:
    forced = {"kind": "gear_discarded", "seat": 1, "card": "pickaxe", "reason": "forced",
              "by": 0}
    assert FRONT.event_line("en", forced, NAMES, {}) == (
        "💥 Ana makes Bruno discard ⬛ Pickaxe")
    used = {**forced, "reason": "used", "by": None}
    assert FRONT.event_line("en", used, NAMES, {}) is None
    back = {"kind": "shadow_returned", "seat": 2, "side": "outlaws"}
    line = FRONT.event_line("it", back, NAMES, {})
    assert line is not None
    assert "Carla" in line
    assert t("it", "the Outlaws") in line


def test_an_eliminated_players_nuggets_going_back_to_the_bank_are_told() -> None:
    """[GR-NUG-5] the nuggets leave a dead seat with a line; a purchase's payment has none."""
    back = {"kind": "nuggets_changed", "seat": 1, "delta": -3, "nuggets": 0,
            "cause": "eliminated"}
    assert FRONT.event_line("en", back, NAMES, {}) == "💰 Bruno's 3💰 go back to the bank"
    for language in ("pt-BR", "it"):
        line = FRONT.event_line(language, back, NAMES, {})
        assert line is not None
        assert "Bruno" in line
        assert "3💰" in line
        assert "back" not in line
    paid = {**back, "cause": "buy"}
    assert FRONT.event_line("en", paid, NAMES, {}) is None


def test_rules_explain_every_equipment_kind_and_gold_rush_character() -> None:
    for language in LANGUAGES:
        helps = set()
        for kind in Gear:
            by_id = rules_reply(language, kind.value, "bang_cards")
            by_name = rules_reply(language, gear_name(language, kind.value).lower(), None)
            assert by_id == by_name
            assert f"{GEAR[kind].cost}💰" in by_id
            helps.add(by_id)
        characters = {cards_character_help(language, c.value) for c in GoldRushCharacter}
        assert None not in characters
        assert len(helps) == len(Gear)
        assert len(characters) == len(GoldRushCharacter)
    assert rules_reply("it", "piccone", None) != rules_reply("en", "pickaxe", None)
    assert cards_character_help("pt-BR", "madam_yto") != cards_character_help("en", "madam_yto")
