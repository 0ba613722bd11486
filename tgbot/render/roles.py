"""Roles and identities in words: names, each one's side and goal, the Old Saloon powers.

Shared by both BANG! games (their roles win the same way, docs/rules/bang_dice.md BD-COMP-3
and docs/rules/bang_cards.md BC-ROLE-1): the secret role's private message, the "🔒 Mine"
pop-up and `/rules <role>` all explain a role with these texts.
"""

from __future__ import annotations

from collections.abc import Mapping

from tgbot.i18n import N_, t

ROLE_NAMES = {
    "sheriff": N_("Sheriff"), "deputy": N_("Deputy"), "outlaw": N_("Outlaw"),
    "renegade": N_("Renegade"), "the_bear": N_("The Bear"), "the_good": N_("The Good"),
    "the_doctor": N_("The Doctor"), "the_judge": N_("The Judge"),
    "the_gambler": N_("The Gambler"), "the_bad": N_("The Bad"), "the_ugly": N_("The Ugly"),
    "devils_right_hand": N_("The Devil's Right Hand"),
    "devils_left_hand": N_("The Devil's Left Hand"),
}

GOALS = {
    "sheriff": N_("⚖️ Side: the law, with the Deputies. Goal: eliminate every Outlaw and "
                  "every Renegade."),
    "deputy": N_("⚖️ Side: the law. Goal: protect the Sheriff; you win with him when every "
                 "Outlaw and Renegade is out, even if you fell."),
    "outlaw": N_("⚖️ Side: the Outlaws. Goal: eliminate the Sheriff; then every Outlaw wins, "
                 "even those already out."),
    "renegade": N_("⚖️ Side: your own. Goal: be the last one alive, so the Sheriff must "
                   "fall last."),
}
THREE_PLAYERS = N_("⚖️ With three players you hunt the {target}: eliminate him yourself and "
                   "you win at once; if he falls another way, the last one alive wins.")

# What each Old Saloon identity card does [OS-ROLE-0]; the Devil's Right Hand has The Ugly's
# power [OS-ROLE-RIGHT-1].
POWERS = {
    "the_bear": N_("✨ Always on: as Sheriff you have 3 more life than your character, not 2."),
    "the_good": N_("✨ Once per game, as your turn starts, you may reveal this card to become "
                   "the Sheriff: the Sheriff becomes a Deputy and takes this card."),
    "the_doctor": N_("✨ Once per game, right after anyone's roll, you may reveal this card to "
                     "turn one of the dice just rolled to the face you choose."),
    "the_judge": N_("✨ Once per game, right after another player reveals his card to use it, "
                    "you may reveal this one to cancel that effect."),
    "the_gambler": N_("✨ Once per game, when another player has finished rolling, you may "
                      "reveal this card: he rolls all his dice once more and must keep them."),
    "the_bad": N_("✨ Once per game, when a player is about to gain life, you may reveal this "
                  "card to cancel that gain."),
    "the_ugly": N_("✨ Once per game, as your turn starts, you may reveal this card: two other "
                   "players of your choice swap all their arrows."),
    "devils_left_hand": N_("✨ Once per game, when a player (you too) is about to be "
                           "eliminated, you may reveal this card to keep him in at 2 life."),
}
POWERS["devils_right_hand"] = POWERS["the_ugly"]


def role_name(language: str, role: str) -> str:
    """Return the localised name of an identity or role id (an unknown id as it is)."""
    return t(language, ROLE_NAMES[role]) if role in ROLE_NAMES else role


def side_name(language: str, side: str | None) -> str:
    """Return the localised name of a winning side (None: a draw)."""
    names = {"law": t(language, "the Sheriff and the Deputies"),
             "outlaws": t(language, "the Outlaws"), "renegade": t(language, "the Renegade"),
             "deputy": t(language, "the Deputy"), "outlaw": t(language, "the Outlaw")}
    return t(language, "nobody (a draw)") if side is None else names.get(side, side)


def goal_line(language: str, role: str, hunts: str | None = None) -> str:
    """Return a role's side and goal; `hunts` is the role it hunts with three players
    (BD-3P-3, BC-3P-1), where the goals differ."""
    if hunts is not None:
        return t(language, THREE_PLAYERS, target=role_name(language, hunts))
    return t(language, GOALS[role]) if role in GOALS else ""


def power_lines(language: str, identity: str) -> list[str]:
    """Return what an Old Saloon identity card does, and how it is used (empty: none)."""
    if identity not in POWERS:
        return []
    lines = [t(language, POWERS[identity])]
    if identity != "the_bear":  # the only passive card [OS-ROLE-BEAR-1]
        lines.append(t(language, "🤐 Using it shows your card to everyone; whenever you can, "
                                 "I ask you in private."))
    return lines


def sheriff_line(language: str, game: str) -> str:
    """Return what being the Sheriff means besides the goal (BD-SETUP-5, BC-SETUP-3)."""
    if game == "bang_cards":
        return t(language, "⭐ Everyone knows the Sheriff: he plays first and has 1 more life "
                           "than his character.")
    return t(language, "⭐ Everyone knows the Sheriff: he plays first and has 2 more life than "
                       "his character.")


def role_lines(language: str, game: str, role: str, identity: str | None = None,
               hunts: str | None = None) -> list[str]:
    """Return the lines that explain a dealt role (and its Old Saloon card): side, goal,
    what the Sheriff has, the card's power."""
    lines = [goal_line(language, role, hunts)]
    if role == "sheriff" and identity != "the_bear":  # its own line tells its life
        lines.append(sheriff_line(language, game))
    return lines + power_lines(language, identity or "")


def hunted(targets: Mapping[str, str], role: str, event: Mapping[str, object]) -> str | None:
    """Return whom a dealt role hunts when the deal is a three-player one, else None: only
    then is a role other than the Sheriff dealt face up (BD-3P-1, BC-3P-1)."""
    public = event.get("audience") is None
    return targets.get(role) if public and role != "sheriff" else None
