"""The card game's help texts: each card kind, each character, and a summary of the rules.

Every text is the project's own short wording of docs/rules/bang_cards.md.
"""

from __future__ import annotations

from core.bang_cards.cards import KINDS
from core.bang_cards.ids import CHARACTER_LIFE, PRINTED_LIFE, Character, GoldRushCharacter, Kind
from tgbot.i18n import t
from tgbot.render.cards.gold_rush_rules import gold_rush_ability
from tgbot.render.cards.labels import character_name


def card_help(language: str, kind: str) -> str | None:
    """Return what a card kind does, in one or two sentences, or None for an unknown kind."""
    texts = {
        "bang": t(language, "Shoot a player within your reach: he loses 1 life unless he "
                            "dodges with a Missed!. Only one per turn."),
        "missed": t(language, "Dodges one shot aimed at you (a BANG! or the Gatling). You "
                              "play it only in answer to a shot."),
        "beer": t(language, "Get back 1 life, never above your maximum. At 0 life you may "
                            "drink it at once to stay in. Useless when only two are left."),
        "panic": t(language, "Take a card from a player at distance 1: a random one from "
                             "his hand, or one he has in play."),
        "cat_balou": t(language, "Make any other player discard a card: a random one from "
                                 "his hand, or one he has in play."),
        "duel": t(language, "Challenge any player: you take turns discarding a BANG!, "
                            "he first; whoever cannot loses 1 life."),
        "stagecoach": t(language, "Draw 2 cards."),
        "wells_fargo": t(language, "Draw 3 cards."),
        "general_store": t(language, "Turn up one card per living player; starting with "
                                     "you, each one takes a card."),
        "indians": t(language, "Every other player discards a BANG! or loses 1 life."),
        "gatling": t(language, "Shoots every other player at once: each one dodges with a "
                               "Missed! or loses 1 life."),
        "saloon": t(language, "Every living player gets back 1 life."),
        "barrel": t(language, "Stays in front of you. When you are shot, \"draw!\": a heart "
                              "dodges the shot."),
        "mustang": t(language, "Stays in front of you: the others see you 1 farther."),
        "scope": t(language, "Stays in front of you: you see the others 1 closer."),
        "jail": t(language, "Put it in front of another player (never the Sheriff). At the "
                            "start of his turn he \"draws!\": a heart frees him, anything "
                            "else makes him skip the turn."),
        "dynamite": t(language, "Stays in front of you. At the start of your turn, "
                                "\"draw!\": a spade from 2 to 9 blows up for 3 life; "
                                "otherwise it moves to the next player."),
        "volcanic": t(language, "A weapon of reach 1 that lets you play any number of "
                                "BANG! cards in a turn."),
    }
    if kind in texts:
        return texts[kind]
    if kind in {k.value for k in Kind} and KINDS[Kind(kind)].weapon_range:
        return t(language, "A weapon: your BANG! cards reach {reach}. A new weapon replaces "
                           "the old one.", reach=KINDS[Kind(kind)].weapon_range)
    return None


def character_ability(language: str, character: str) -> str | None:
    """Return a character's ability in one sentence, or None for an unknown character."""
    abilities = {
        "bart_cassidy": t(language, "Draws a card for each life he loses."),
        "black_jack": t(language, "Shows the second card he draws in phase 1; a heart or a "
                                  "diamond gives him one more."),
        "calamity_janet": t(language, "Uses her BANG! cards as Missed! and her Missed! "
                                      "cards as BANG!."),
        "el_gringo": t(language, "Each time a player makes him lose life, he takes a random "
                                 "card from that player's hand."),
        "jesse_jones": t(language, "May draw his first card from another player's hand."),
        "jourdonnais": t(language, "Has a Barrel of his own, on top of any real one."),
        "kit_carlson": t(language, "Looks at the top three cards in phase 1, keeps two and "
                                   "puts one back."),
        "lucky_duke": t(language, "Turns up two cards for each \"draw!\" and picks the one "
                                  "that counts."),
        "paul_regret": t(language, "The others see him 1 farther, like a Mustang of his "
                                   "own."),
        "pedro_ramirez": t(language, "May draw his first card from the top of the discard "
                                     "pile."),
        "rose_doolan": t(language, "Sees the others 1 closer, like a Scope of her own."),
        "sid_ketchum": t(language, "May discard two cards to get back 1 life, also when he "
                                   "is dying."),
        "slab_the_killer": t(language, "Dodging his BANG! cards takes two Missed!."),
        "suzy_lafayette": t(language, "Draws a card whenever her hand is empty."),
        "vulture_sam": t(language, "Takes every card of each player who is eliminated."),
        "willy_the_kid": t(language, "May play any number of BANG! cards in a turn."),
    }
    return abilities.get(character) or gold_rush_ability(language, character)


def cards_character_help(language: str, character: str) -> str | None:
    """Return a card-game character's name, life and ability, or None if unknown."""
    ability = character_ability(language, character)
    if ability is None:
        return None
    if character in set(GoldRushCharacter):
        life = PRINTED_LIFE[GoldRushCharacter(character)]
        title = t(language, "Gold Rush")
    else:
        life = CHARACTER_LIFE[Character(character)]
        title = t(language, "BANG! card game")
    return f"{character_name(character)} ({title}, ❤️{life}): {ability}"


def cards_rules(language: str) -> str:
    """Return a short summary of the card game's rules."""
    return t(language,
             "BANG! card game: the Sheriff (shown to all) and his Deputies hunt the Outlaws "
             "and the Renegade; the Outlaws want the Sheriff dead; the Renegade wants to be "
             "the last one standing. On your turn: draw 2 cards, then play as many as you "
             "like (one BANG! a turn), then discard down to your life. Your hand comes to "
             "you in private; tap a card to read it and choose its target. Attacks are "
             "answered in private. /rules <card> or /rules <character> explains one, e.g. "
             "/rules panic or /rules calamity janet.")
