"""Gold Rush's help texts: each of the 15 equipment kinds and the 8 characters, in the
project's own short wording of docs/rules/gold_rush.md."""

from __future__ import annotations

from tgbot.i18n import t


def gear_help(language: str, kind: str) -> str | None:
    """Return what an equipment kind does, or None for an unknown kind."""
    texts = {
        "shot": t(language, "Brown. A player you choose, you too, gets back 1 life."),
        "bottle": t(language, "Brown. Used at once as a Panic!, a Beer for you or a BANG!, "
                              "without being that card."),
        "pardner": t(language, "Brown. Used at once as a General Store, a Duel or a Cat "
                               "Balou, without being that card."),
        "rum": t(language, "Brown. Four cards are turned up from the deck: 1 life back for "
                           "each different suit."),
        "union_pacific": t(language, "Brown. Draw 4 cards."),
        "gold_rush": t(language, "Brown. Your turn ends now; you get back all your life and "
                                 "play another turn."),
        "wanted": t(language, "Black, put in front of any player: whoever eliminates him "
                              "draws 2 cards and takes a nugget."),
        "gun_belt": t(language, "Black. At the end of your turn you may keep up to 8 "
                                "cards."),
        "horseshoe": t(language, "Black. Each \"draw!\" of yours turns up one more card and "
                                 "you pick the one that counts."),
        "pickaxe": t(language, "Black. Draw one more card in phase 1."),
        "gold_pan": t(language, "Black. On your turn, pay 1 nugget to draw a card, twice a "
                                "turn at most."),
        "boots": t(language, "Black. Draw a card for each life you lose, but not for your "
                             "last one."),
        "lucky_charm": t(language, "Black. Take a nugget for each life you lose, but not for "
                                   "your last one."),
        "rucksack": t(language, "Black. Pay 2 nuggets for 1 life, on your turn or when "
                                "dying."),
        "calumet": t(language, "Black. Cards of diamonds played by others do not touch you, "
                               "except in a Duel."),
    }
    return texts.get(kind)


def gold_rush_ability(language: str, character: str) -> str | None:
    """Return a Gold Rush character's ability in one sentence, or None if not one."""
    abilities = {
        "don_bell": t(language, "After each normal turn he \"draws!\": a heart or a diamond "
                                "gives him another turn."),
        "dutch_will": t(language, "After drawing in phase 1 he discards one of those cards "
                                  "for a nugget."),
        "jacky_murieta": t(language, "On his turn, pays 2 nuggets for a BANG! at a player in "
                                     "reach, as often as he can pay."),
        "josh_mccloud": t(language, "On his turn, pays 2 nuggets for the top card of the "
                                    "equipment deck."),
        "madam_yto": t(language, "Draws a card whenever anyone plays a Beer card."),
        "pretty_luzena": t(language, "One purchase a turn costs her one nugget less."),
        "raddie_snake": t(language, "On his turn, pays 1 nugget to draw a card, twice a turn "
                                    "at most."),
        "simeon_picos": t(language, "Takes a nugget from the bank for each life he loses."),
    }
    return abilities.get(character)

