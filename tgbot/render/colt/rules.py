"""Colt Express's help texts: a character's ability and a summary of the rules."""

from __future__ import annotations

from tgbot.i18n import t


def colt_character_help(language: str, character: str) -> str | None:
    """Return a Colt Express character's name and ability in `language`, or None."""
    abilities = {
        "belle": t(language, "Cannot be the target of a Fire or a Punch when someone else "
                             "could be."),
        "cheyenne": t(language, "When her Punch knocks a purse loose, she may keep it."),
        "django": t(language, "A bandit he shoots is pushed one car further in the "
                              "direction of the shot."),
        "doc": t(language, "Draws 7 cards instead of 6 at the start of each round."),
        "ghost": t(language, "May play his card face down in the first turn of each round."),
        "tuco": t(language, "Can also shoot through the floor or roof of his own car."),
    }
    ability = abilities.get(character)
    return None if ability is None else f"{character.title()} (Colt Express): {ability}"


def colt_rules(language: str) -> str:
    """Return a short summary of Colt Express's rules."""
    return t(language,
             "Colt Express: 5 rounds. Schemin': in turn order, play a card on the common pile "
             "(face down in a tunnel) or draw 3, in private. Stealin': the pile resolves in "
             "order and each owner chooses: move (1 car inside, up to 3 on the roof), change "
             "floor, fire (inside: adjacent cars; roof: the nearest bandits each way), punch "
             "(drops loot, pushes a car), rob, or move the Marshal, who shoots anyone inside "
             "his car. The richest bandit wins; the top shooter earns $1000. /rules <character> "
             "explains a character, e.g. /rules belle.")
