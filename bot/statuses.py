"""The stored vocabularies: what a game, a tournament, a clock notice can be, and a
tournament's format. Each member's value is the text stored in its column (so rows written
before these existed read as members), and the columns are typed by them (``bot.db.types.StatusType``): a misspelt status fails when
written, not when someone wonders why a game never ends. Plain Python, so the database, the
services and the views all name the same members."""

from __future__ import annotations

from enum import StrEnum


class GameStatus(StrEnum):
    """A game's life: challenge → active → finished; or declined / expired / aborted."""

    #: Issued and waiting for the other seat(s) to accept.
    CHALLENGE = "challenge"
    ACTIVE = "active"
    #: Played to a result (or resigned, or lost on time).
    FINISHED = "finished"
    DECLINED = "declined"
    #: A challenge nobody accepted in time.
    EXPIRED = "expired"
    #: Called off (withdrawn, stuck, or its tournament cancelled): no result.
    ABORTED = "aborted"


#: Games still open: waiting for an answer or being played.
OPEN_GAME_STATUSES = frozenset({GameStatus.CHALLENGE, GameStatus.ACTIVE})
#: Games over, whether played to a result or not.
OVER_GAME_STATUSES = frozenset(
    {GameStatus.FINISHED, GameStatus.DECLINED, GameStatus.EXPIRED, GameStatus.ABORTED}
)
#: Games whose board shows a position (and so a sealed deal, and a move log).
PLAYED_GAME_STATUSES = frozenset({GameStatus.ACTIVE, GameStatus.FINISHED})


class BoardReach(StrEnum):
    """How the bot reaches a game's board: where a board lives decides how it is posted,
    edited and how its players are pinged (``bot.ui.board_places``)."""

    #: The bot posts and edits there itself: a channel of a server that installed it, or
    #: the bot's own DM.
    CHANNEL = "channel"
    #: Only through the interactions on the board (Discord's user installs: DMs and group DMs
    #: between people, servers that did not add the bot): a click redraws it, and for 15
    #: minutes that click can redraw it again; no REST call ever reaches that channel.
    INTERACTION = "interaction"
    #: A private board only its player sees (an ephemeral message: a daily deal, a solitaire
    #: tournament's deal): only through the interactions on it, and never shown to others.
    PRIVATE = "private"


class TournamentStatus(StrEnum):
    """A tournament's life: signup → running → finished, or cancelled."""

    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


#: Tournaments still taking entrants or being played.
OPEN_TOURNAMENT_STATUSES = frozenset({TournamentStatus.SIGNUP, TournamentStatus.RUNNING})
#: Tournaments over, played out or called off.
OVER_TOURNAMENT_STATUSES = frozenset({TournamentStatus.FINISHED, TournamentStatus.CANCELLED})


class TournamentFormat(StrEnum):
    """How a tournament is played: the paired formats (``bot.tournament.Format``'s values), or
    a solitaire event (everyone plays the same deals)."""

    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    SWISS = "swiss"
    SOLITAIRE = "solitaire"


#: Formats of two-player tournaments, paired by ``bot.tournament``.
PAIRED_TOURNAMENT_FORMATS = frozenset(set(TournamentFormat) - {TournamentFormat.SOLITAIRE})


class DeliveryKind(StrEnum):
    """What a committed change owes people (a ``delivery`` row, the outbox)."""

    #: A player (or the bot, or a plan) changed the game: its board is redrawn, and whoever
    #: must act next — or everyone, at the end — is told.
    MOVED = "moved"
    #: Time is running out (a reminder's number says which).
    REMINDER = "reminder"
    #: A player ran out of time and lost.
    TIMEOUT = "timeout"
    #: A challenge nobody accepted in time.
    EXPIRED = "expired"
    #: A game's clock stopped or started again (a player away or back), or a seat handed to a
    #: former player: its board is redrawn.
    REDRAW = "redraw"
