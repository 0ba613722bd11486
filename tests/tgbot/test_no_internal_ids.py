"""No internal id reaches a player (issue #27): golden playthroughs of every game and
option set, rendered by the real outbox in every language, and every name the engines
define (roles, identities, characters, card kinds, equipment, round cards, decision kinds,
"draw!" purposes) rendered where a player meets it, show no snake_case id, no untranslated
catalog text and no `{placeholder}` (tests/tgbot/leaks.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from core.bang_cards import ids as cards_ids
from core.bang_cards.cards import CARDS
from core.bang_cards.gold_rush.equipment import EQUIPMENT, GEAR_OF, Gear
from core.bang_dice import ids as dice_ids
from core.colt_express import ids as colt_ids
from core.engine.errors import GameOver, IllegalAction, NotYourTurn, StaleVersion
from core.engine.registry import get_game
from tests.tgbot.leaks import leaks
from tests.tgbot.playthroughs import NAMES, TABLES, Table, rendered
from tgbot.handlers.answers import refusal
from tgbot.i18n import LANGUAGES, t
from tgbot.render.cards.prompts import SHOP_MENU, focus_keep
from tgbot.render.colt.prompts import HELP
from tgbot.render.front import front_for

SEEN = {  # what each kind of playthrough must show, so the scan covers it
    "bang_dice": "🔒 Mine",
    "colt_express": "📖 What your cards do:",
    "bang_cards": "👉 Your turn: tap a card to read it and play it.",
}


def _bad(language: str, texts: Iterator[str]) -> list[tuple[str, str]]:
    return [(leak, text) for text in set(texts) for leak in leaks(language, text)]


@pytest.mark.parametrize("table", TABLES, ids=lambda table: table.label)
def test_a_golden_playthrough_shows_no_internal_id(table: Table) -> None:
    for language in LANGUAGES:
        shown = set(rendered(table, language))
        assert _bad(language, iter(shown)) == []
        assert any(t(language, SEEN[table.kind]) in text for text in shown)
    if "special_identities" in table.options.get("modules", ()):
        assert any(t("en", "🤐 Pass keeps your card secret.") in text
                   for text in rendered(table, "en"))
    if table.options.get("gold_rush"):
        assert any(t("en", "👉 Shop · your nuggets: {nuggets}💰").split("{")[0] in text
                   for text in rendered(table, "en"))


def _view(kind: str, options: dict[str, Any], players: int, seat: int | None) -> Any:
    engine = get_game(kind)
    return engine.view(engine.setup(options, players, 1).state, seat)


def _dice_texts(language: str) -> Iterator[str]:
    """Every dice role, identity and decision kind where a player meets it."""
    front = front_for("bang_dice")
    for role in dice_ids.Role:
        for audience in ([0], None):
            yield from front.private_event_texts(language, {
                "kind": "role_dealt", "seat": 0, "role": role.value, "identity": None,
                "audience": audience})
    for identity, role in dice_ids.IDENTITY_ROLE.items():
        yield from front.private_event_texts(language, {
            "kind": "role_dealt", "seat": 0, "role": role.value, "identity": identity.value,
            "audience": [0]})
        yield front.event_line(language, {"kind": "identity_revealed", "seat": 0,
                                          "identity": identity.value}, NAMES, {}) or ""
    view = _view("bang_dice", {"modules": ["special_identities"]}, 5, 0)
    for decision in dice_ids.Decision:
        yield front.waiting_line(language, replace(view, decision=decision.value,
                                                   window=None), NAMES)
    for identity in dice_ids.Identity:
        window = replace(view, decision="window", window=identity.value)
        yield front.private_prompt_text(language, window, NAMES)
        seats = (replace(view.seats[0], identity=identity.value), *view.seats[1:])
        yield front.private_prompt_text(language, replace(view, decision="start_reveal",
                                                          window=None, seats=seats), NAMES)


def _cards_texts(language: str) -> Iterator[str]:
    """Every card-game role, character, card kind, equipment kind, decision kind and
    "draw!" purpose where a player meets it."""
    front = front_for("bang_cards")
    for role in cards_ids.Role:
        yield from front.private_event_texts(language, {"kind": "role_dealt", "seat": 0,
                                                        "role": role.value, "audience": [0]})
    for character in (*cards_ids.Character, *cards_ids.GoldRushCharacter):
        yield from front.private_event_texts(language, {
            "kind": "character_dealt", "seat": 0, "character": character.value, "life": 4})
    view = _view("bang_cards", {"gold_rush": True}, 5, 0)
    bang = next(card.id for card in CARDS if card.kind is cards_ids.Kind.BANG)
    for decision in cards_ids.Decision:
        asked = replace(view, decision=decision.value, source=1, other=2, card=bang, need=2,
                        gear_held=EQUIPMENT[0])
        yield front.waiting_line(language, asked, NAMES)
        yield front.private_prompt_text(language, asked, NAMES)
    for kind in cards_ids.Kind:
        card = next(card.id for card in CARDS if card.kind is kind)
        seats = (replace(view.seats[0], hand=(card,)), *view.seats[1:])
        yield front.private_prompt_text(language, replace(view, seats=seats), NAMES,
                                        focus_keep(1))
    for kind in Gear:
        card = next(card for card in EQUIPMENT if GEAR_OF[card] is kind)
        seats = (view.seats[0], replace(view.seats[1], equipment=(card,)), *view.seats[2:])
        shop = replace(view, shop=(card,), seats=seats)
        yield front.private_prompt_text(language, shop, NAMES, focus_keep(SHOP_MENU))
        yield front.table_text(language, replace(shop, viewer=None), NAMES, [])
        yield from (front.event_line(language, event, NAMES, {}) or "" for event in (
            {"kind": "shop_filled", "card": card},
            {"kind": "gear_bought", "seat": 0, "card": card, "cost": 1, "origin": "shop"}))
    for purpose in (*cards_ids.Purpose, "rum"):
        yield front.event_line(language, {"kind": "check_revealed", "seat": 0,
                                          "purpose": str(purpose), "cards": [bang]},
                               NAMES, {}) or ""


def _colt_texts(language: str) -> Iterator[str]:
    """Every Colt Express bandit, card kind, round card and decision kind where a player
    meets it."""
    front = front_for("colt_express")
    view = _view("colt_express", {"characters": True}, 4, 0)
    hand = tuple(f"0{kind.value}" for kind in colt_ids.CardKind)
    for character in colt_ids.Character:
        bandits = (replace(view.bandits[0], character=character.value), *view.bandits[1:])
        yield front.private_prompt_text(language, replace(view, bandits=bandits,
                                                          hand_keys=hand), NAMES, HELP)
    for card in (*colt_ids.ROUND_CARDS, *colt_ids.STATION_CARDS):
        asked = replace(view, round_card=card)
        yield front.private_prompt_text(language, asked, NAMES, HELP)
        yield front.table_text(language, replace(asked, viewer=None), NAMES, [])
    for decision in colt_ids.Decision:
        yield front.waiting_line(language, replace(view, decision=decision.value), NAMES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_the_engines_define_is_shown_in_words(language: str) -> None:
    texts = [*_dice_texts(language), *_cards_texts(language), *_colt_texts(language)]
    assert len(texts) > 200
    assert all(texts)
    assert _bad(language, iter(texts)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_mine_pop_up_fits_telegrams_200_characters(language: str) -> None:
    engine, front = get_game("bang_dice"), front_for("bang_dice")
    for players, options in ((3, {}), (5, {}), (8, {"modules": ["special_identities"],
                                                    "identity_mode": "mixed"})):
        for seed in range(4):
            state = engine.setup(options, players, seed).state
            for seat in range(players):
                assert len(front.mine_text(language, engine, state, seat)) <= 200


def test_every_refusal_pop_up_is_in_words() -> None:
    errors = [StaleVersion("x"), NotYourTurn("x"), GameOver("x"), IllegalAction("x")]
    for language in LANGUAGES:
        said = [refusal(language, error) for error in errors]
        assert len(set(said)) == len(errors)
        assert _bad(language, iter(said)) == []
