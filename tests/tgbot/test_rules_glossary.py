"""/rules explains every name the three engines define, in every language, whatever game the
chat plays: by id, by its name in any language, in any case, without accents or spaces, or
by a prefix naming one thing; a prefix naming several lists them (issue #27)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator

import pytest

from core.bang_cards.gold_rush.equipment import Gear
from core.bang_cards.ids import Character as CardsCharacter
from core.bang_cards.ids import GoldRushCharacter, Kind
from core.bang_cards.ids import Role as CardsRole
from core.bang_dice.ids import Character as DiceCharacter
from core.bang_dice.ids import Identity, Module
from core.bang_dice.ids import Role as DiceRole
from core.colt_express.ids import ROUND_CARDS, STATION_CARDS, CardKind
from core.colt_express.ids import Character as ColtCharacter
from tests.tgbot.leaks import leaks
from tgbot.i18n import LANGUAGES, t
from tgbot.render.cards.gold_rush import gear_name
from tgbot.render.cards.labels import kind_name
from tgbot.render.colt.labels import kind_name as colt_kind_name
from tgbot.render.colt.labels import round_card_name
from tgbot.render.dice.front import character_name, module_name
from tgbot.render.glossary import GAMES, HOW_TO, dice_rules, rules_reply, title
from tgbot.render.roles import role_name

UNKNOWN = ("I know no role, character, card or equipment by that name. Try /rules bart "
           "cassidy, /rules panic or /rules colt express.")
Namer = Callable[[str, str], str]


def _proper(_: str, key: str) -> str:
    return character_name(key)


def _bandit(_: str, key: str) -> str:
    return key.title()


def engine_names() -> Iterator[tuple[str, str, Namer]]:
    """Yield (game, id, how the front names it) for every name the engines define: roles,
    Old Saloon identities and modules, characters, card kinds, equipment, Colt Express's
    action cards and round cards. A new id in one of these lists is checked at once."""
    named: list[tuple[str, list[str], Namer]] = [
        ("bang_dice", [*DiceRole, *Identity], role_name),
        ("bang_dice", list(DiceCharacter), _proper),
        ("bang_dice", list(Module), module_name),
        ("bang_cards", list(CardsRole), role_name),
        ("bang_cards", [*CardsCharacter, *GoldRushCharacter], _proper),
        ("bang_cards", list(Kind), kind_name),
        ("bang_cards", list(Gear), gear_name),
        ("colt_express", list(ColtCharacter), _bandit),
        ("colt_express", list(CardKind), colt_kind_name),
        ("colt_express", [*ROUND_CARDS, *STATION_CARDS], round_card_name),
    ]
    for game, ids, name_of in named:
        for key in ids:
            yield game, str(key), name_of


def _bare(text: str) -> str:
    """Return text without its accents."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_the_engines_define_is_explained_in_every_language(language: str) -> None:
    checked = 0
    for game, key, name_of in engine_names():
        name = name_of(language, key)
        asked = [name, name.upper(), _bare(name).lower(), name_of("en", key)]
        if len(key) > 1:  # Colt Express's card ids are single letters, named only
            asked.append(key)
        for word in asked:
            for kind in (None, *GAMES):
                reply = rules_reply(language, word, kind)
                assert reply != t(language, UNKNOWN), (word, kind)
                assert name in reply, (word, reply)
                assert title(language, game) in reply or game == "bang_cards", reply
                assert leaks(language, reply) == [], (word, reply)
        checked += 1
    assert checked >= 130  # today: 17 roles and identities, 5 modules, 54 characters,
    # 22 + 7 card kinds, 15 equipment kinds, 10 round cards


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_name_is_found_in_any_of_the_three_languages(language: str) -> None:
    for other in LANGUAGES:
        doctor = rules_reply(language, role_name(other, "the_doctor"), None)
        assert doctor.startswith(role_name(language, "the_doctor"))
        panic = rules_reply(language, kind_name(other, "panic"), "colt_express")
        assert kind_name(language, "panic") in panic


def test_names_with_spaces_accents_any_case_or_a_prefix() -> None:
    for word in ("the doctor", "THE DOCTOR", "the_doctor", "The Doctor"):
        assert rules_reply("en", word, None).startswith(
            "The Doctor (BANG! The Dice Game, Old Saloon, Deputy)")
    for word in ("José Delgado", "jose delgado", "JOSÉ_DELGADO", "josé"):
        assert rules_reply("en", word, "bang_cards").startswith("José Delgado")
    jourdonnais = rules_reply("en", "jour", "bang_cards").split("\n\n")
    assert [text.split(" (")[1].split(",")[0] for text in jourdonnais] == [
        "BANG! card game", "BANG! The Dice Game"]  # the chat's game first
    assert rules_reply("en", "jour", "bang_dice").split("\n\n")[0].startswith(
        "Jourdonnais (BANG! The Dice Game")
    assert rules_reply("it", "pânico", None).startswith("😱 Panico!")


def test_an_ambiguous_prefix_lists_the_names() -> None:
    reply = rules_reply("en", "the", None)
    assert reply.startswith("Several names begin with “the”: ")
    for identity in ("The Bad", "The Doctor", "The Good", "The Devil's Left Hand"):
        assert identity in reply
    pt = rules_reply("pt-BR", "o", None)
    assert pt.startswith(t("pt-BR", "Several names begin with “{word}”: {names}. Which one? "
                                    "e.g. /rules {first}", word="o", names="", first="")
                         .split(":")[0])
    assert role_name("pt-BR", "the_doctor") in pt


@pytest.mark.parametrize("kind", [None, *GAMES])
def test_each_games_summary_whatever_the_chat_plays(kind: str | None) -> None:
    for language in LANGUAGES:
        for game in GAMES:
            for word in (game, game.replace("_", " "), title(language, game)):
                reply = rules_reply(language, word, kind)
                assert reply.startswith(rules_reply(language, "", game).split("\n\n")[0])
                assert leaks(language, reply) == []
        if kind is not None:
            assert rules_reply(language, "", kind).startswith(
                rules_reply(language, kind, None).split("\n\n")[0])
            continue
        overview = rules_reply(language, "", None)  # no game here: the three, and how to ask
        assert all(title(language, game) in overview for game in GAMES)
        assert "/newgame" in overview
        assert t(language, HOW_TO) in overview
        assert leaks(language, overview) == []
    assert not rules_reply("en", "", None).startswith(dice_rules("en"))


def test_in_private_the_overview_says_games_are_opened_in_a_group() -> None:
    for language in LANGUAGES:
        private = rules_reply(language, "", None, private=True)
        assert private != rules_reply(language, "", None)  # not "no game in this chat"
        assert private.startswith(t(language, "I host three games: {games}. They are played "
                                              "in groups: add me to a group and send /newgame "
                                              "there.", games="").split(":")[0])
        assert all(title(language, game) in private for game in GAMES)
        assert t(language, HOW_TO) in private
        assert leaks(language, private) == []


def test_the_one_word_players_say_for_a_game_sums_it_up() -> None:
    """`/rules dados` is the dice game, not the Old Saloon dice whose name begins so."""
    for word, game in (("dados", "bang_dice"), ("Dadi", "bang_dice"), ("dice", "bang_dice"),
                       ("cartas", "bang_cards"), ("carte", "bang_cards"),
                       ("trem", "colt_express"), ("treno", "colt_express")):
        for language in LANGUAGES:
            summary = rules_reply(language, "", game).split("\n\n")[0]
            assert rules_reply(language, word, None).startswith(summary), (word, language)


def test_an_unknown_name_says_how_to_ask() -> None:
    for language in LANGUAGES:
        reply = rules_reply(language, "zzz", None)
        assert reply == t(language, UNKNOWN)
        assert leaks(language, reply) == []
