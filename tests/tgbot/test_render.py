"""Rendering: tables show public facts only, prompts carry the right buttons."""

from __future__ import annotations

from dataclasses import replace

from core.bang_dice.ids import Character
from core.bang_dice.view import DiceView
from core.engine.registry import get_game
from tgbot.render.callbacks import Die, Play, parse
from tgbot.render.dice.characters import character_help
from tgbot.render.dice.front import event_line, prompt_buttons, table, waiting_line

GAME = get_game("bang_dice")
NAMES = ["Ana", "Bruno", "Carla", "Davi", "Eva"]


def _group_view(seed: int = 1) -> tuple[DiceView, object]:
    state = GAME.setup({}, 5, seed).state
    return GAME.view(state, None), state


def test_table_never_names_a_hidden_role() -> None:
    for language, hidden in (("en", ("Outlaw", "Renegade", "Deputy")),
                             ("pt-BR", ("Fora-da-lei", "Renegado", "Assistente")),
                             ("it", ("Fuorilegge", "Rinnegato", "Vice"))):
        view, _ = _group_view()
        text = table(language, view, NAMES, [], "BANG!")
        for word in hidden:
            assert word not in text
        assert {"en": "Sheriff", "pt-BR": "Xerife", "it": "Sceriffo"}[language] in text


def test_reroll_prompt_has_a_button_per_die_then_reroll_and_done() -> None:
    view, state = _group_view()
    seat = min(GAME.to_act(state))
    legal = [GAME.encode_action(a) for a in GAME.legal_actions(state, seat)]
    rows = prompt_buttons("en", view, legal, NAMES, 42)
    assert len(rows[0]) == 5
    # "Re-roll" is there before any mark, so a player can mark and roll without waiting
    # for the table's edit (pressed with nothing marked, it is refused with a word)
    assert [label for label, _ in rows[-1]] == [
        f"🎲 Re-roll ({view.rolls_left} left)", "✅ Done"]
    # a die's button marks that die (relative to the marks kept with the game)
    assert [Die.decode(data).die for _, data in rows[0]] == [0, 1, 2, 3, 4]
    marked = prompt_buttons("en", view, legal, NAMES, 42, keep=frozenset({0}))
    reroll = [data for label, data in marked[-1] if "Re-roll" in label]
    dynamite = view.dice[0].face == "dynamite"
    if not dynamite:  # "Re-roll" rolls the dice marked when it is pressed
        assert Die.decode(reroll[0]).die is None
    for row in rows:
        for _, data in row:
            parsed = parse(data)
            assert isinstance(parsed, Play | Die)
            assert parsed.game_id == 42
            assert parsed.version == view.version


def test_waiting_line_names_who_decides_but_never_window_owers() -> None:
    view, _ = _group_view()
    assert NAMES[view.to_act[0]] in waiting_line("en", view, NAMES)
    view = replace(view, window="the_doctor", to_act=())
    assert waiting_line("en", view, NAMES) == "⏳ Waiting for reactions…"


def test_event_lines_in_each_language() -> None:
    event = {"kind": "eliminated", "seat": 1, "role": "outlaw", "audience": None}
    assert event_line("en", event, NAMES) == "💀 Bruno is out: Outlaw"
    assert event_line("pt-BR", event, NAMES) == "💀 Bruno está fora: Fora-da-lei"
    assert event_line("it", event, NAMES) == "💀 Bruno è fuori: Fuorilegge"
    assert event_line("en", {"kind": "role_dealt", "seat": 1, "role": "x"}, NAMES) is None


def test_every_character_has_localised_help() -> None:
    for character in Character:
        for language in ("pt-BR", "en", "it"):
            text = character_help(language, character.value)
            assert text is not None
            assert "❤️" in text
    assert character_help("en", "nobody") is None
    assert "Xerife" not in (character_help("pt-BR", "bart_cassidy") or "")
    assert "flecha" in (character_help("pt-BR", "bart_cassidy") or "")
