"""Short, localised help for each character of BANG! The Dice Game (for `/rules <name>`)."""

from __future__ import annotations

from tgbot.i18n import t
from tgbot.render.dice.front import character_name


def character_help(language: str, character: str) -> str | None:
    """Return a character's name, life and ability in `language`, or None if unknown."""
    abilities = {
        "bart_cassidy": (8, t(language, "May take an arrow instead of losing 1 life to a hit "
                                        "or the Gatling (never the last arrow).")),
        "black_jack": (8, t(language, "May re-roll dynamite (unless 3 or more show).")),
        "calamity_janet": (8, t(language, "May use a ① as a ② and a ② as a ①.")),
        "el_gringo": (7, t(language, "A player whose hits or Gatling make him lose life takes "
                                     "an arrow.")),
        "jesse_jones": (9, t(language, "With 4 life or less, each beer on himself heals 2.")),
        "jourdonnais": (7, t(language, "Loses at most 1 life to an Indian attack.")),
        "kit_carlson": (7, t(language, "Each gatling lets him discard one arrow of any "
                                       "player.")),
        "lucky_duke": (8, t(language, "One extra re-roll.")),
        "paul_regret": (9, t(language, "Never loses life to the Gatling.")),
        "pedro_ramirez": (8, t(language, "For each life he loses he may return one of his "
                                         "arrows.")),
        "rose_doolan": (9, t(language, "Her ① and ② reach one seat further.")),
        "sid_ketchum": (8, t(language, "At the start of his turn, any player gains 1 life.")),
        "slab_the_killer": (8, t(language, "Once per turn, a beer may double a ① or ②.")),
        "suzy_lafayette": (8, t(language, "Gains 2 life if her final dice show no ① or ②.")),
        "vulture_sam": (9, t(language, "Gains 2 life each time another player is "
                                       "eliminated.")),
        "willy_the_kid": (8, t(language, "Two gatlings are enough to fire the Gatling.")),
        "jose_delgado": (7, t(language, "May roll the Loudmouth die as a 6th die.")),
        "tequila_joe": (7, t(language, "May roll the Coward die as a 6th die.")),
        "apache_kid": (9, t(language, "An arrow he rolls may take the Chief's Arrow from its "
                                      "holder.")),
        "bill_noface": (9, t(language, "Takes his arrows only after his last roll.")),
        "elena_fuente": (7, t(language, "Each roll with arrows: may give one of them to "
                                        "another player.")),
        "vera_custer": (7, t(language, "Loses 1 life less each time ① or ② hit her.")),
        "doc_holyday": (8, t(language, "With 3 or more ① / ② he also gains 2 life.")),
        "molly_stark": (8, t(language, "May take another player's life loss instead of "
                                       "them.")),
    }
    found = abilities.get(character)
    if found is None:
        return None
    life, ability = found
    game = t(language, "BANG! The Dice Game")
    return f"{character_name(character)} ({game}, ❤️{life}): {ability}"
