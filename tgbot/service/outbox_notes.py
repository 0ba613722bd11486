"""What a command tells the outbox beside the actions it applied, as typed records: a
misspelt note fails the type check instead of leaving a message unsent.

A command fills its scene's `Notes`; the outbox (tgbot/render/outbox.py,
tgbot/render/notices.py) reads them once, when it renders what every audience should see
after the command.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Channels:
    """The seats to tell of their move, by the way each is told (tgbot/service/attention.py)."""

    group: list[int] = field(default_factory=list)
    """Mentioned in the group: in a new table message, else in a ping."""
    dm: list[int] = field(default_factory=list)
    """Told by a private "your move" note."""
    loud: list[int] = field(default_factory=list)
    """Their private prompt is posted anew, ringing."""
    silent: list[int] = field(default_factory=list)
    """Their private prompt is posted anew without sound (quiet hours, notify off)."""


@dataclass(frozen=True)
class PromptMarks:
    """A prompt's own state set by a press, the game unchanged: `keep` as the game's front
    reads it (the dice marked for a re-roll, Colt Express's help shown, the card game's open
    card as `callbacks.focus_bits`), on `seat`'s prompt (None: every owing seat's)."""

    keep: frozenset[int]
    seat: int | None = None

    def for_seat(self, seat: int) -> frozenset[int] | None:
        """Return the marks on `seat`'s prompt (None: that prompt keeps its plain state)."""
        return self.keep if self.seat in (None, seat) else None


@dataclass
class Notes:
    """What one command wants said, beside its steps; every field defaults to "nothing"."""

    dirty: bool = False
    """Something shown changed though no action was applied: save the renderings."""
    fresh: bool = False
    """Post the lobby or table anew at the bottom of the chat."""
    options: bool = False
    """The lobby shows its option toggles."""
    prompt_for: int | None = None
    """The seat whose private prompt is posted anew (his /status)."""
    marks: PromptMarks | None = None
    """The marks a press put on a prompt (the dice to re-roll, a card opened)."""
    settle: bool = False
    """Only marks changed (a die marked for a re-roll): the table's edit may wait a moment,
    so that the next press (another mark, the re-roll) makes it instead."""
    attention: Channels | None = None
    """Who to tell of his move, and how."""
    timeouts: list[int] = field(default_factory=list)
    """Seats whose clock ran out: their default move was played."""
    skipped: list[int] = field(default_factory=list)
    """Seats an admin skipped (/skip)."""
    taken_over: list[int] = field(default_factory=list)
    """Seats just handed to the bot."""
    moved_here: bool = False
    """The game's forum topic was closed or deleted: it goes on in the main thread."""
    remind: list[int] = field(default_factory=list)
    """Seats to remind privately that their move is waiting."""
    mention: bool = False
    """The reminder also mentions them in the group (once per turn)."""
    unreachable: int | None = None
    """A user the bot cannot write to privately: the group is told."""
    left: int | None = None
    """A seat whose player left the group."""
    removed: bool = False
    """`left`'s seat was removed from the game, not handed to the bot."""
    returned: int | None = None
    """A seat whose player came back to the group."""
    undone: int | None = None
    """A seat whose last move the table let him take back (/undo)."""
