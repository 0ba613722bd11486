"""Explained where met (issue #27): a dealt role says its side, goal and power; a prompt with
many buttons says what they mean (The Doctor: which die, which face); a card's effect is told
where it is offered (Colt Express's ❓ row, the Gold Rush shop); every price shown is the
one paid."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from core.bang_cards.actions import Buy, Force
from core.bang_dice.actions import SetFace
from core.bang_dice.actions import decode as decode_dice
from core.bang_dice.ids import DIE_FACES, IDENTITY_ROLE, DieKind, Identity
from core.engine.registry import get_game
from tests.tgbot.playthroughs import OUTBOX, Table, scene_of
from tgbot.i18n import LANGUAGES, t
from tgbot.render.cards.prompts import SHOP_MENU, focus_keep
from tgbot.render.colt.labels import card_label as colt_card_label
from tgbot.render.colt.prompts import HELP
from tgbot.render.colt.rules import card_help as colt_card_help
from tgbot.render.dice.front import face_icon
from tgbot.render.front import front_for
from tgbot.render.roles import GOALS, POWERS, THREE_PLAYERS, role_name
from tgbot.service.outbox_notes import Notes, PromptMarks

NAMES = ["Ana", "Bruno", "Carla", "Davi", "Eva", "Fabio", "Gil", "Helena"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_dealt_identity_says_its_side_goal_and_power(language: str) -> None:
    front = front_for("bang_dice")
    for identity, role in IDENTITY_ROLE.items():
        (text,) = front.private_event_texts(language, {
            "kind": "role_dealt", "seat": 0, "role": role.value, "identity": identity.value,
            "audience": [0]})
        assert role_name(language, identity.value) in text
        assert t(language, GOALS[role.value]) in text
        assert t(language, POWERS[identity.value]) in text
    for role in ("deputy", "outlaw", "renegade"):  # three players: whom one hunts
        (text,) = front.private_event_texts(language, {
            "kind": "role_dealt", "seat": 0, "role": role, "identity": None, "audience": None})
        hunted = {"deputy": "renegade", "outlaw": "deputy", "renegade": "outlaw"}[role]
        assert t(language, THREE_PLAYERS, target=role_name(language, hunted)) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_dealt_role_and_character_in_the_card_game_say_what_they_mean(language: str) -> None:
    game, front = get_game("bang_cards"), front_for("bang_cards")
    step = game.setup({"gold_rush": True}, 5, 2)
    told: dict[int, list[str]] = {seat: [] for seat in range(5)}
    for event in step.events:
        data = event.to_json()
        for seat in front.dm_seats(data):
            told[seat] += front.private_event_texts(language, data)
    for seat, texts in told.items():
        role = game.view(step.state, seat).role
        assert any(t(language, GOALS[role]) in text for text in texts)
        character = game.view(step.state, seat).seats[seat].character
        assert any(text.startswith(t(language, "🤠 Your character: <b>{character}</b> "
                                                "(❤️{life}): {ability}").split("<b>")[0])
                   and len(text) > 40 for text in texts), character


def _doctor_windows() -> Iterator[tuple[dict[str, Any], tuple[str, ...]]]:
    """Yield (the holder's view, its private actions) at The Doctor's windows."""
    game = get_game("bang_dice")
    for seed in range(12):
        state = game.setup({"modules": ["special_identities", "saloon_dice"]}, 5, seed).state
        for _ in range(120):
            if not game.to_act(state):
                break
            for prompt in game.prompts(state):
                view = game.view(state, prompt.seat)
                if prompt.private and view.window == Identity.THE_DOCTOR:
                    yield view, prompt.private
            seat = min(game.to_act(state))
            state = game.apply(state, seat, game.default_action(state, seat)).state


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_doctors_buttons_say_which_die_and_which_faces(language: str) -> None:
    front = front_for("bang_dice")
    seen = 0
    for view, private in _doctor_windows():
        text = front.private_prompt_text(language, view, NAMES)
        assert role_name(language, "the_doctor") in text
        assert t(language, POWERS["the_doctor"]) in text
        rows = front.prompt_buttons(language, view, private, NAMES, 1)
        assert all(len(row) <= 3 for row in rows)
        for row in rows:
            for label, data in row:
                action = decode_dice(data.rsplit(":", 1)[1])
                if not isinstance(action, SetFace):
                    continue
                die = view.dice[action.die]
                new = DIE_FACES[DieKind(die.kind)][action.face]
                assert label == f"🎲{action.die + 1} {face_icon(die.face)}→{face_icon(new)}"
                seen += 1
    assert seen >= 30


def _shop_presses(seeds: range) -> Iterator[tuple[Any, int, dict[str, Any], tuple[str, ...]]]:
    """Yield (state, seat, its view, its legal texts) wherever a Gold Rush shop is open."""
    game = get_game("bang_cards")
    for seed in seeds:
        state = game.setup({"gold_rush": True}, 7, seed).state
        for _ in range(2500):
            if not game.to_act(state):
                break
            seat = min(game.to_act(state))
            view = game.view(state, seat)
            legal = tuple(game.encode_action(a) for a in game.legal_actions(state, seat))
            if view.decision == "play" and any(a[0] in "bf" for a in legal):
                yield state, seat, view, legal
            state = game.apply(state, seat, game.bot_action(state, seat)).state


def _paid(state: Any, seat: int, text: str) -> int:
    """Return the nuggets a seat pays for an action, as the engine takes them."""
    step = get_game("bang_cards").apply(state, seat, get_game("bang_cards").decode_action(text))
    return -sum(e.delta for e in step.events if e.kind == "nuggets_changed"
                and e.seat == seat and e.delta < 0 and e.cause in ("buy", "force"))


def test_every_shop_price_is_the_price_paid() -> None:
    game, front = get_game("bang_cards"), front_for("bang_cards")
    kinds: set[str] = set()
    for state, seat, view, legal in _shop_presses(range(6)):
        rows = front.prompt_buttons("en", view, legal, NAMES, 1, focus_keep(SHOP_MENU))
        for row in rows:
            for label, data in row:
                text = data.rsplit(":", 1)[1]
                if not data.startswith("p:") or text[0] not in "bf":
                    continue
                action = game.decode_action(text)
                shown = [int(n) for n in re.findall(r"(\d+)💰", label)]
                assert shown == [_paid(state, seat, text)], label
                if isinstance(action, Buy):
                    kinds.add("full" if action.full else "🏷" if "🏷" in label else "buy")
                    assert ("(full price)" in label) == action.full
                elif isinstance(action, Force):
                    kinds.add("force")
    assert {"buy", "🏷", "full", "force"} <= kinds


def test_colt_express_hands_explain_their_cards_on_demand() -> None:
    game, front = get_game("colt_express"), front_for("colt_express")
    state = game.setup({"characters": True}, 4, 3).state
    prompt = next(p for p in game.prompts(state) if p.private)
    view = game.view(state, prompt.seat)
    for language in LANGUAGES:
        closed = front.prompt_buttons(language, view, prompt.private, NAMES, 1)
        assert closed[-1][0][0] == t(language, "❓ What do my cards do?")
        assert t(language, "📖 What your cards do:") not in front.private_prompt_text(
            language, view, NAMES)
        opened = front.private_prompt_text(language, view, NAMES, HELP)
        for key in set(view.hand_keys):
            kind = key[1]
            assert f"{colt_card_label(language, kind)}: {colt_card_help(language, kind)}" \
                in opened
        assert front.prompt_buttons(language, view, prompt.private, NAMES, 1, HELP)[-1][0][0] \
            == t(language, "❓ Hide the help")
        group = game.view(state, None)
        assert all("❓" not in label for row in front.prompt_buttons(
            language, group, prompt.private, NAMES, 1) for label, _ in row)


def test_a_prompts_own_state_changes_only_the_pressers_prompt() -> None:
    """Two Colt Express players discard at once (expert): one opens his help, the other's
    prompt stays as it was."""
    table = Table("colt_express", {"expert": True}, 3, 1)
    game = get_game("colt_express")
    state = game.setup(table.options, table.players, table.seed).state
    while len(game.to_act(state)) < 2:
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.default_action(state, seat)).state
    first, second = sorted(game.to_act(state))[:2]
    rows = {row.key: row.payload["text"] for row in OUTBOX.prompts(
        scene_of(table, "en", state, (), Notes(marks=PromptMarks(HELP, first))))}
    assert t("en", "📖 What your cards do:") in rows[f"prompt:{first}"]
    assert t("en", "📖 What your cards do:") not in rows[f"prompt:{second}"]
