"""The card game's front: labels, the group table, the hand as buttons, event lines, help.

Seeded games are played by the engine's bot; at every decision the rendered group table
and prompts are checked against the engine (every legal action reachable by a button,
callback data within Telegram's 64 bytes, no hand card and no secret role in the group).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from core.bang_cards.actions import Pass
from core.bang_cards.cards import CARD, CARDS
from core.bang_cards.ids import Character, Kind
from core.engine.registry import get_game
from tgbot.i18n import LANGUAGES, t
from tgbot.render.callbacks import (
    MAX_BYTES,
    Focus,
    HandMenu,
    Keep,
    LobbyOp,
    Play,
    focus_bits,
    parse,
)
from tgbot.render.cards import CardsFront
from tgbot.render.cards.labels import card_label, kind_name
from tgbot.render.cards.prompts import SID_MENU, action_label, focus_keep, focus_of
from tgbot.render.cards.rules import card_help, cards_character_help, character_ability
from tgbot.render.dice.front import role_name
from tgbot.render.glossary import rules_reply
from tgbot.render.roles import GOALS

GAME = get_game("bang_cards")
FRONT = CardsFront()
NAMES = ["Ana", "Bruno", "Carla", "Davi <&>", "Eva", "Fabio", "Gina", "Hugo"]
LONG = [f"{'Zé' * 30} {i}" for i in range(8)]


def _states(players: int, seed: int) -> Iterator[Any]:
    """Yield every state of a game the bot plays to the end."""
    state = GAME.setup({}, players, seed).state
    while GAME.to_act(state):
        yield state
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.bot_action(state, seat)).state
    yield state


def _all_buttons(rows: Any) -> list[tuple[str, str]]:
    return [button for row in rows for button in row]


def _reachable(state: Any, seat: int, legal: tuple[str, ...], language: str) -> set[str]:
    """Return the actions a seat's DM prompt lets it press, through every card it opens."""
    view = GAME.view(state, seat)
    hand = view.seats[seat].hand
    found: set[str] = set()
    for focus in {0, SID_MENU, *range(1, len(hand) + 1)}:
        rows = FRONT.prompt_buttons(language, view, legal, NAMES, 7, focus_keep(focus))
        assert len(_all_buttons(rows)) <= 100
        assert all(len(row) <= 8 for row in rows)
        for label, data in _all_buttons(rows):
            assert label.strip()
            assert len(data.encode()) <= MAX_BYTES
            pressed = parse(data)
            assert isinstance(pressed, Play | Focus)
            assert pressed.game_id == 7
            assert pressed.version == view.version
            if isinstance(pressed, Play):
                found.add(pressed.action)
    return found


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 3), (7, 11), (8, 5)])
def test_every_legal_action_has_a_button_and_the_group_sees_no_secret(players: int,
                                                                      seed: int) -> None:
    names = LONG if players == 8 else NAMES
    for index, state in enumerate(_states(players, seed)):
        language = LANGUAGES[index % 3]
        group = GAME.view(state, None)
        text = FRONT.table_text(language, group, names, ["x" * 80] * 8)
        text += "\n\n" + FRONT.waiting_line(language, group, names)
        assert len(text) <= 4096
        hidden_roles = {role_name(language, s.role.value) for s in state.seats
                        if not s.role_revealed}
        public = set(group.discard) | set(group.table) | {
            c for seat in group.seats for c in seat.in_play}
        public_labels = {card_label(language, c) for c in public}
        for seat in state.seats:
            for card in seat.hand:
                label = card_label(language, card)
                assert label in public_labels or label not in text, (label, text)
        for line in text.splitlines():
            if "❤️" in line and "💀" not in line:  # a living player's line
                assert not any(f"{role}" in line for role in hidden_roles
                               if role != role_name(language, "sheriff")), line
        for prompt in GAME.prompts(state):
            legal = {GAME.encode_action(a) for a in GAME.legal_actions(state, prompt.seat)}
            reach: set[str] = set()
            if prompt.public:
                rows = FRONT.prompt_buttons(language, group, prompt.public, names, 7)
                plays = [parse(d) for _, d in _all_buttons(rows)]
                reach |= {p.action for p in plays if isinstance(p, Play)}
                assert all(isinstance(p, Play) for p in plays)
            if prompt.private:
                reach |= _reachable(state, prompt.seat, prompt.private, language)
            missing = legal - reach
            # Sid Ketchum's pairs are offered once per pair of card kinds
            assert all(action.startswith("s") for action in missing), missing


def test_the_hand_opens_one_card_at_a_time_with_its_help_and_targets() -> None:
    state = next(s for s in _states(5, 3) if any(
        getattr(a, "target", None) is not None and CARD[a.card].kind is Kind.BANG
        for seat in GAME.to_act(s) for a in GAME.legal_actions(s, seat)))
    seat = GAME.view(state, None).active
    view = GAME.view(state, seat)
    [prompt] = GAME.prompts(state)
    hand = view.seats[seat].hand
    closed = FRONT.prompt_buttons("en", view, prompt.private, NAMES, 1)
    cards = [label for label, data in _all_buttons(closed) if data.startswith("h:")]
    assert cards == [card_label("en", c) for c in hand]
    assert "tap a card" in FRONT.private_prompt_text("en", view, NAMES)
    bang = next(i for i, c in enumerate(hand) if any(
        getattr(a, "card", None) == c and CARD[c].kind is Kind.BANG
        for a in GAME.legal_actions(state, seat)))
    opened = FRONT.prompt_buttons("en", view, prompt.private, NAMES, 1, focus_keep(bang + 1))
    text = FRONT.private_prompt_text("en", view, NAMES, focus_keep(bang + 1))
    assert f": {card_help('en', 'bang')}" in text
    plays = [Play.decode(d).action for _, d in _all_buttons(opened) if d.startswith("p:")]
    expected = [GAME.encode_action(a) for a in GAME.legal_actions(state, seat)
                if getattr(a, "card", None) == hand[bang]]
    assert plays == expected
    assert _all_buttons(opened)[-1] == ("◀️ Back to the hand", f"h:1:{view.version}:-")
    assert "🎭" in text
    assert role_name("en", view.role) in text


def test_a_focus_press_opens_what_an_old_keep_press_opened() -> None:
    # Before the `h:` form a card was opened by `k:` data carrying the focus as bits; a
    # keyboard of that time still opens the same card or menu.
    presses = [Focus(1, 2), *(Focus(1, 2, card) for card in range(1, 61)),
               Focus(1, 2, menu=HandMenu.SHOP), Focus(1, 2, menu=HandMenu.SID)]
    for press in presses:
        assert focus_of(press.keep()) == press.value
        assert Focus.decode(press.data()) == press
        old = f"k:1:2:{''.join(str(d) for d in sorted(focus_bits(press.value)))}"
        assert Keep.decode(old).keep == press.keep()
    assert [p.data()[6:] for p in presses[:2] + presses[-2:]] == ["-", "c1", "shop", "sid"]


def test_labels_help_and_rules_in_every_language() -> None:
    for language in LANGUAGES:
        for kind in Kind:
            assert kind_name(language, kind.value) != kind.value
            assert card_help(language, kind.value)
            found = rules_reply(language, kind_name(language, kind.value), "bang_cards")
            assert found.endswith(card_help(language, kind.value) or "")
        for character in Character:
            assert cards_character_help(language, character.value)
    assert card_label("pt-BR", "missed_10c") == "💨 Errou! 10♣"
    assert card_label("it", "beer_6h") == "🍺 Birra 6♥"
    assert rules_reply("pt-BR", "panico", None) == rules_reply("pt-BR", "Pânico!", None)
    assert rules_reply("en", "rev_carabine", None).startswith("🔫 Rev. Carabine")
    assert t("it", "BANG! card game") != "BANG! card game"
    assert len(CARDS) == 80


def test_event_lines_and_private_news() -> None:
    kinds: set[str] = set()
    for players, seed in ((4, 2), (6, 9), (8, 4)):
        state = GAME.setup({}, players, seed).state
        steps = [GAME.setup({}, players, seed)]
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            steps.append(GAME.apply(state, seat, GAME.bot_action(state, seat)))
            state = steps[-1].state
        for step in steps:
            for event in step.events:
                data = event.to_json()
                for language in LANGUAGES:
                    line = FRONT.event_line(language, data, NAMES, {})
                    if event.visible_to(None):
                        kinds.add(data["kind"])
                    for seat in FRONT.dm_seats(data):
                        assert event.audience is None or seat in event.audience
                    texts = FRONT.private_event_texts(language, data)
                    if not event.visible_to(None):
                        assert texts or data["kind"] in ("cards_seen", "card_returned",
                                                         "order_set")
                    assert line is None or "{" not in line
    assert {"turn_started", "card_played", "life_changed", "player_eliminated",
            "game_ended", "cards_drawn"} <= kinds
    dealt = {"kind": "role_dealt", "seat": 2, "role": "renegade", "audience": [2]}
    assert FRONT.dm_seats(dealt) == (2,)
    assert FRONT.private_event_texts("en", dealt) == [  # the side and the goal come along
        "🤫 Your role: <b>Renegade</b>\n" + t("en", GOALS["renegade"])]
    character = {"kind": "character_dealt", "seat": 2, "character": "jourdonnais", "life": 4}
    assert FRONT.dm_seats(character) == (2,)
    assert FRONT.private_event_texts("it", character) == [
        "🤠 Il tuo personaggio: <b>Jourdonnais</b> (❤️4): "
        + (character_ability("it", "jourdonnais") or "")]
    taken = {"kind": "card_taken", "seat": 1, "from_seat": 4, "zone": "hand",
             "card": "beer_6h", "audience": [1, 4]}
    assert FRONT.dm_seats(taken) == (1, 4)
    public = {**taken, "card": None, "audience": None}
    assert FRONT.dm_seats(public) == ()
    line = FRONT.event_line("en", public, NAMES, {})
    assert line == "Bruno takes a card from the hand of Eva"


def test_the_lobby_toggles_gold_rush_and_the_shadow_gunslingers() -> None:
    assert FRONT.options_lines("en", {}) == []
    assert FRONT.toggle_option({}, "timer") is None
    options = FRONT.toggle_option({}, "gold_rush")
    assert options == {"gold_rush": True}
    options = FRONT.toggle_option(options, "shadow_gunslingers")
    assert options == {"gold_rush": True, "shadow_gunslingers": True}
    assert FRONT.toggle_option(options, "gold_rush") == {"gold_rush": False,
                                                         "shadow_gunslingers": True}
    assert FRONT.options_lines("en", options) == [
        "Expansions: Gold Rush, Shadow Gunslingers"]
    GAME.setup(options, 3, 1)  # the engine takes the options the lobby builds
    for language in LANGUAGES:
        rows = FRONT.option_buttons(language, 9, {"shadow_gunslingers": True})
        ops = [LobbyOp.decode(data).op for row in rows for _, data in row]
        assert ops == ["gold_rush", "shadow_gunslingers"]
        labels = [label for row in rows for label, _ in row]
        assert labels[0].startswith("▫️")
        assert labels[1].startswith("✅")
        assert all(len(label) > 3 for label in labels)


def test_at_zero_life_the_pass_button_says_it_means_elimination() -> None:
    """A player at 0 life is asked to save himself; declining must not read as quitting."""
    for seed in range(1, 40):
        saving = next((state for state in _states(4, seed)
                       if GAME.view(state, None).decision == "save"), None)
        if saving is None:
            continue
        seat = min(GAME.to_act(saving))
        view = GAME.view(saving, seat)
        assert Pass() in GAME.legal_actions(saving, seat)
        for language in LANGUAGES:
            label = action_label(language, Pass(), view, NAMES)
            assert label == t(language, "💀 Accept elimination")
        assert "eliminated" in FRONT.waiting_line("en", GAME.view(saving, None), NAMES)
        return
    raise AssertionError("no game reached a save at 0 life")
