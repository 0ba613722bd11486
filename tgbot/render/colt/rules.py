"""Colt Express's help texts: a character's ability and a summary of the rules."""

from __future__ import annotations

from core.colt_express.ids import CardKind
from tgbot.i18n import t
from tgbot.render.colt.labels import card_label, round_card_name


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


def card_help(language: str, kind: str) -> str | None:
    """Return what an action card (or a bullet card) does, or None for an unknown kind."""
    texts: dict[str, str] = {
        CardKind.MOVE: t(language, "Inside: go to the next car, either way. On the roof: go "
                                   "1 to 3 cars, all the same way."),
        CardKind.FLOOR: t(language, "Climb onto your car's roof, or go down inside it."),
        CardKind.FIRE: t(language, "Shoot a bandit: from inside, one inside a next car; from a "
                                   "roof, the nearest bandits on a roof each way. He gets one "
                                   "of your bullet cards."),
        CardKind.ROB: t(language, "Take a loot token of your choice where you stand: a purse, "
                                  "a jewel or the strongbox."),
        CardKind.PUNCH: t(language, "Punch a bandit where you stand: he drops a loot token "
                                    "you choose and is knocked into a next car."),
        CardKind.MARSHAL: t(language, "Move the Marshal one car. Bandits inside his car get a "
                                      "neutral bullet and flee to the roof."),
        CardKind.BULLET: t(language, "A bullet you were shot with: it cannot be played and "
                                     "takes room in your hand."),
    }
    return texts.get(kind)


def round_help(language: str, card: str) -> str | None:
    """Return what a round or station card does at the end of its round, or None."""
    texts = {
        "angry_marshal": t(language, "At the end of the round, whoever is on the roof above "
                                     "the Marshal gets a neutral bullet; then the Marshal "
                                     "moves one car toward the caboose."),
        "swivel_arm": t(language, "At the end of the round, every bandit on a roof is swept "
                                  "to the caboose's roof."),
        "braking": t(language, "At the end of the round, every bandit on a roof moves one car "
                               "toward the locomotive."),
        "take_it_all": t(language, "At the end of the round, the second strongbox is put "
                                   "inside the Marshal's car."),
        "passengers_rebellion": t(language, "At the end of the round, every bandit inside a "
                                            "car gets a neutral bullet."),
        "tunnels": t(language, "Nothing happens at the end of the round; several of its "
                               "turns are played face down."),
        "bridge": t(language, "Nothing happens at the end of the round; in one of its turns "
                              "each player plays twice in a row."),
        "marshals_revenge": t(language, "Last round. At its end, whoever is on the roof above "
                                        "the Marshal loses his cheapest purse."),
        "pickpocketing": t(language, "Last round. At its end, a bandit alone where he stands "
                                     "may pick up a purse lying there."),
        "hostage_taking": t(language, "Last round. At its end, every bandit at the "
                                      "locomotive, inside or on the roof, earns a $250 "
                                      "ransom."),
    }
    return texts.get(card)


def colt_card_help(language: str, kind: str) -> str | None:
    """Return an action card's name and effect for /rules, or None if unknown."""
    text = card_help(language, kind)
    return None if text is None else f"{card_label(language, kind)} (Colt Express): {text}"


def colt_round_help(language: str, card: str) -> str | None:
    """Return a round or station card's name and event for /rules, or None if unknown."""
    text = round_help(language, card)
    return None if text is None else f"{round_card_name(language, card)} (Colt Express): {text}"


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
