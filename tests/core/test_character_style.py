"""The three engines hold characters in one style [issue #28 item 3].

Each engine has an `Ability` base class whose hooks change nothing, one subclass per
character naming its `character`, a registry `ABILITIES` keyed by character id, and two
lookups: `ability_of(character)` and `ability_at(state, seat)`. The mechanics call hooks;
they never test for a character by name.
"""

from __future__ import annotations

import ast
import inspect
from enum import Enum
from pathlib import Path
from types import ModuleType

import pytest

import core.bang_cards  # noqa: F401  (registers the card game's characters)
from core.bang_cards import characters as cards_characters
from core.bang_cards.ids import Character as CardCharacter
from core.bang_cards.ids import GoldRushCharacter
from core.bang_dice import characters as dice_characters
from core.bang_dice.characters.ability import Ability as DiceAbility
from core.bang_dice.ids import Character as DiceCharacter
from core.colt_express import characters as colt_characters
from core.colt_express.ids import Character as ColtCharacter

ROOT = Path(__file__).resolve().parents[2]

ENGINES: dict[str, tuple[ModuleType, type, tuple[type[Enum], ...]]] = {
    "bang_dice": (dice_characters, DiceAbility, (DiceCharacter,)),
    "colt_express": (colt_characters, colt_characters.Ability, (ColtCharacter,)),
    "bang_cards": (cards_characters, cards_characters.Ability, (CardCharacter, GoldRushCharacter)),
}


@pytest.mark.parametrize("game", ENGINES)
def test_every_character_is_one_registered_ability(game: str) -> None:
    module, base, enums = ENGINES[game]
    characters = [member for enum in enums for member in enum]
    assert set(module.ABILITIES) == set(characters)
    for character in characters:
        ability = module.ability_of(character)
        assert isinstance(ability, base)
        assert type(ability) is not base, f"{character} has no class of its own"
        assert ability.character is character
    assert base.character is None


@pytest.mark.parametrize("game", ENGINES)
def test_the_lookups_have_the_same_names_and_shape(game: str) -> None:
    module = ENGINES[game][0]
    assert list(inspect.signature(module.ability_of).parameters) == ["character"]
    assert list(inspect.signature(module.ability_at).parameters)[:1] == ["state"]
    assert len(inspect.signature(module.ability_at).parameters) == 2


@pytest.mark.parametrize("game", ENGINES)
def test_no_mechanic_tests_for_a_character_by_name(game: str) -> None:
    """Outside the character modules, no `… is Character.X` / `== Character.X` test."""
    own = {"characters", "character_rules", "characters.py", "ids.py"}
    found = []
    for path in sorted((ROOT / "core" / game).rglob("*.py")):
        if own & set(path.relative_to(ROOT / "core" / game).parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and any(
                isinstance(op, ast.Is | ast.Eq | ast.IsNot | ast.NotEq) for op in node.ops
            ):
                names = [ast.unparse(side) for side in (node.left, *node.comparators)]
                if any(name.startswith(("Character.", "GoldRushCharacter.")) for name in names):
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []
