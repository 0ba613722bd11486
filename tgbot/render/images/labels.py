"""The pictures' own localised words (names of cards, roles and cars come from the text
fronts' label modules, so a picture and its caption say the same)."""

from __future__ import annotations

from tgbot.i18n import t


def rolls_left(language: str, count: int) -> str:
    """Return "Rolls left: n"."""
    return t(language, "Rolls left: {count}", count=count)


def kept(language: str) -> str:
    """Return the legend word for dice kept (that cannot be re-rolled now)."""
    return t(language, "kept")


def in_the_pile(language: str) -> str:
    """Return the caption under the arrow pile's count."""
    return t(language, "in the pile")


def ghost(language: str) -> str:
    """Return the label of a seat that came back as the Ghost."""
    return t(language, "Ghost")


def eliminated(language: str) -> str:
    """Return the label of a seat out of the game."""
    return t(language, "Eliminated")


def winner(language: str) -> str:
    """Return the label of a winning seat."""
    return t(language, "Winner")


def game_over(language: str, side: str) -> str:
    """Return the closing banner naming the winning side (already localised)."""
    return t(language, "Game over — victory for {side}", side=side)


def hand(language: str, count: int) -> str:
    """Return the size of a hand ("Hand: 4")."""
    return t(language, "Hand: {count}", count=count)


def deck(language: str, count: int) -> str:
    """Return the size of the draw pile ("Deck: 47")."""
    return t(language, "Deck: {count}", count=count)


def discard(language: str) -> str:
    """Return the caption over the discard pile's top card."""
    return t(language, "Discard")


def on_the_table(language: str) -> str:
    """Return the caption over the cards turned up on the table."""
    return t(language, "On the table")


def scheming(language: str) -> str:
    """Return the name of Colt Express's first phase."""
    return t(language, "Schemin'")


def stealing(language: str) -> str:
    """Return the name of Colt Express's second phase."""
    return t(language, "Stealin'")


def pile(language: str) -> str:
    """Return the caption of Colt Express's pile of played cards."""
    return t(language, "Played cards")


def score(language: str, dollars: int) -> str:
    """Return a final score in dollars."""
    return t(language, "${amount}", amount=dollars)


def nuggets(language: str, count: int) -> str:
    """Return a seat's gold nuggets (the Gold Rush expansion)."""
    return t(language, "Nuggets: {count}", count=count)


def shop(language: str) -> str:
    """Return the caption over the Gold Rush shop."""
    return t(language, "Shop")


def bullets(language: str, count: int) -> str:
    """Return a Colt Express bandit's bullets left ("Bullets: 5")."""
    return t(language, "Bullets: {count}", count=count)


def in_play(language: str) -> str:
    """Return the caption over a player's own cards in play."""
    return t(language, "In play")


def bank(language: str, count: int) -> str:
    """Return the Gold Rush bank's nuggets ("Bank: 27")."""
    return t(language, "Bank: {count}", count=count)


def shadow(language: str) -> str:
    """Return the label of a player playing his shadow turn (the text front's words,
    without their icon)."""
    word = t(language, "👻 shadow").split(" ", 1)[-1]
    return word[:1].upper() + word[1:]


def with_side(language: str, side: str) -> str:
    """Return a Shadow Renegade's current side ("with the Outlaws"), without the icon."""
    return t(language, "⚖️ with {side}", side=side).split(" ", 1)[-1]
