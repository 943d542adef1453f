"""Whether a click is fresh: judged by the position it was made against, not by the row.

A game's ``ply`` (how many actions its log holds) moves on exactly when something is played: a
move, an offer or its answer, a forfeit, a private step that changes the state (staging a card,
a janken pick). Much else moves the row's ``version`` on and leaves the position as it was:
away and back, an adjournment's steps and its sealed move, a note or a plan, a reminder, a
snapshot rebuilt on upgrade. A board the bot cannot redraw (a group DM, a DM, a server without
the bot) still shows the position after those, so a click on it is played.

So every control that acts on a game carries what it was drawn against (:class:`Seen`): the
ply, written ``p<ply>`` in its custom_id, and — by the control's kind — the status it was drawn
in (a challenge's answers in a challenge, everything else in a game on). A click is fresh while
no action has been logged since and the game is still in that status (a challenge accepted, a
game ended or called off: stale, though nothing was logged). Controls drawn before carry the
version instead (digits only) and are fresh while it is the same. Either way the write itself is
guarded by the version the service read (:meth:`GuardedWriter.change`), so a change that comes
between the read and the write still wins, once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.services.errors import StaleVersion
from bot.services.snapshots import GameSummary
from bot.statuses import GameStatus

#: What a custom_id carries: ``p<ply>`` (drawn since positions decide), or a version.
SEEN_TOKEN = r"p?[0-9]+"


@dataclass(frozen=True, slots=True)
class Seen:
    """What a click saw of its game: the position (``ply``, in ``status``), or, for controls
    drawn before positions decided, the row's ``version``; neither: anything goes."""

    version: int | None = None
    ply: int | None = None
    status: GameStatus = GameStatus.ACTIVE

    @classmethod
    def at(cls, game: GameSummary) -> Seen:
        """The position ``game`` is at: what a control drawn now carries."""
        return cls(ply=game.ply, status=game.status)

    @classmethod
    def parse(cls, token: str, status: GameStatus = GameStatus.ACTIVE) -> Seen:
        """A custom_id's field (:data:`SEEN_TOKEN`) read back, for a control drawn in
        ``status``."""
        if not re.fullmatch(SEEN_TOKEN, token):
            raise ValueError(f"not a position or version: {token!r}")
        if token.startswith("p"):
            return cls(ply=int(token[1:]), status=status)
        return cls(version=int(token))

    @property
    def token(self) -> str:
        """As a custom_id carries it."""
        if self.ply is not None:
            return f"p{self.ply}"
        assert self.version is not None, "a control carries a position or a version"
        return str(self.version)

    def fresh(self, game: GameSummary) -> bool:
        """Whether ``game`` is still as seen: no action logged since, and the same status (a
        version: the same row)."""
        if self.ply is not None:
            return game.ply == self.ply and game.status == self.status
        return self.version is None or game.version == self.version


#: What services take as what the clicker saw: a :class:`Seen`, a version (the clocks and
#: schedulers, the console, older callers) or ``None`` (whatever the game is now).
Sight = Seen | int | None


def seen_of(sight: Sight) -> Seen:
    if isinstance(sight, Seen):
        return sight
    return Seen(version=sight)


def check_fresh(game: GameSummary, sight: Sight) -> None:
    """Refuse (:class:`StaleVersion`) an action on a game that has moved on since it was
    seen."""
    if not seen_of(sight).fresh(game):
        raise StaleVersion()
