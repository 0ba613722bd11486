"""What each table option does, for `/rules <option>`: the Old Saloon modules of the dice
game, Colt Express's characters and expert variant, the card game's Gold Rush and Shadow
Gunslingers (docs/rules/: OS-MOD, CE-CHAR-0, CE-EXPERT, GR-NUG, GR-SHADOW)."""

from __future__ import annotations

from tgbot.i18n import t


def module_help(language: str, module: str) -> str | None:
    """Return what an Old Saloon module adds, or None for an unknown module."""
    texts = {
        "saloon_dice": t(language, "Before rolling, a player may swap one die for the "
                                   "Loudmouth (double ① ② and gatling, and a 💥 bullet that "
                                   "costs him 1 life) or the Coward (💔 broken arrow: a "
                                   "player gives back an arrow; double beer)."),
        "chief_arrow": t(language, "A special arrow 🪶 joins the pile and counts as two. In "
                                   "an Indian attack it costs its holder 2 life, or nothing "
                                   "when he holds more arrows than anyone else."),
        "special_identities": t(language, "Every identity card has a power its holder may "
                                          "use once, by revealing it (/rules the doctor, "
                                          "/rules the judge…)."),
        "new_characters": t(language, "Eight more characters join the deal (/rules molly "
                                      "stark…)."),
        "ghost": t(language, "From five players: the first one eliminated, unless he is the "
                             "Sheriff, keeps his turns as the Ghost. He rolls two dice and "
                             "gives one face to another player, whose next roll starts with "
                             "a die showing it; he still wins with his side."),
    }
    return texts.get(module)


def colt_option_help(language: str, option: str) -> str | None:
    """Return what a Colt Express table option does, or None for an unknown option."""
    texts = {
        "characters": t(language, "Each bandit has an ability of his own (/rules belle, "
                                  "/rules django…)."),
        "expert": t(language, "Decks are not reshuffled each round: when Schemin' ends you "
                              "discard the cards you do not want and keep the rest on top of "
                              "your deck; played cards go to your own discard pile."),
    }
    return texts.get(option)


def cards_option_help(language: str, option: str) -> str | None:
    """Return what a card game's table option does, or None for an unknown option."""
    texts = {
        "gold_rush": t(language, "Making a player lose life earns a nugget per life. On your "
                                 "turn you may buy equipment from the shop (three cards, "
                                 "/rules boots…), pay a card's price + 1 to make a player "
                                 "discard his, or sell a Beer for a nugget. Eight more "
                                 "characters join the deal."),
        "shadow_gunslingers": t(language, "An eliminated player, unless he is the Sheriff, "
                                          "comes back for each of his turns as a shadow who "
                                          "cannot be hurt, and still wins with his side."),
    }
    return texts.get(option)
