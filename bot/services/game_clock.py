"""A game's clock as its ``clock`` column holds it, and the pure arithmetic each change of the
game does with it.

The column keeps what the game's deadline is worked out from, so that every process (and the
scheduler after a restart) reaches the same deadline from the row alone:

- ``quiet``: each seat's quiet hours (:mod:`bot.services.quiet_hours`), copied from the
  player's ``/settings`` when the game starts and when they change them;
- ``bank``: a time bank (Fischer for correspondence): each player starts with ``start``
  seconds, the time a move takes is spent from it, ``add`` seconds come back after each move,
  never beyond ``cap``; ``left`` per seat;
- ``turn``: the turn now running: when it began, the clock's time it was given (``allowed``,
  what reminders count fractions of), the stretches its clock stood (``stood``: away,
  adjourned) and the seats whose thinking time was already logged (``timed``).

A seat's *thinking time* in a turn is the time since the turn began less its nights and the
stretches its clock stood: what a bank spends and what ``/profile``'s pace shows.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from bot.services.quiet_hours import QuietHours, active_between, deadline_after
from rules.core import Seat


@dataclass(frozen=True, slots=True)
class BankRule:
    """A bank clock as a challenge or tournament asks for it (seconds)."""

    start: int
    add: int
    cap: int

    def __post_init__(self) -> None:
        if self.start <= 0 or self.add < 0 or self.cap < self.start:
            raise ValueError("a bank needs time to start with and a cap not below it")


#: Days a bank holds at most, unless asked: twice what it starts with.
CAP_TIMES = 2


def bank_of_days(days: int | None, add_seconds: int | None) -> BankRule | None:
    """The bank a command asks for: ``days`` to start with, ``add_seconds`` (the clock's time
    per move) added after each move, up to twice the start. None: no bank asked for."""
    if not days:
        return None
    if not add_seconds:
        raise ValueError("a bank needs a time per move")
    start = days * 86400
    return BankRule(start, add_seconds, max(CAP_TIMES * start, add_seconds))


@dataclass(frozen=True, slots=True)
class Bank:
    rule: BankRule
    left: dict[Seat, int]

    def after_move(self, seat: Seat, spent: timedelta) -> Bank:
        """The bank once ``seat`` moved after thinking ``spent``: spent, then topped up."""
        left = max(self.left.get(seat, self.rule.start) - int(spent.total_seconds()), 0)
        return replace(self, left={**self.left, seat: min(left + self.rule.add, self.rule.cap)})


@dataclass(frozen=True, slots=True)
class Turn:
    began: datetime
    #: The clock's seconds this turn's deadline was given (None: the game has no clock).
    allowed: int | None
    stood: tuple[tuple[datetime, datetime], ...] = ()
    timed: frozenset[Seat] = frozenset()


@dataclass(frozen=True, slots=True)
class GameClock:
    quiet: dict[Seat, QuietHours] = field(default_factory=dict)
    bank: Bank | None = None
    turn: Turn | None = None

    @classmethod
    def load(cls, raw: dict[str, Any] | None) -> GameClock:
        if not raw:
            return cls()
        quiet = {int(s): QuietHours.load(q) for s, q in (raw.get("quiet") or {}).items()}
        bank = None
        if raw.get("bank"):
            b = raw["bank"]
            rule = BankRule(int(b["start"]), int(b["add"]), int(b["cap"]))
            bank = Bank(rule, {int(s): int(v) for s, v in (b.get("left") or {}).items()})
        turn = None
        if raw.get("turn"):
            t = raw["turn"]
            turn = Turn(
                datetime.fromisoformat(t["began"]),
                t.get("allowed"),
                tuple(
                    (datetime.fromisoformat(a), datetime.fromisoformat(b))
                    for a, b in t.get("stood") or ()
                ),
                frozenset(int(s) for s in t.get("timed") or ()),
            )
        return cls(quiet, bank, turn)

    def dump(self) -> dict[str, Any] | None:
        out: dict[str, Any] = {}
        if self.quiet:
            out["quiet"] = {str(s): q.dump() for s, q in sorted(self.quiet.items())}
        if self.bank is not None:
            rule = self.bank.rule
            out["bank"] = {
                "start": rule.start,
                "add": rule.add,
                "cap": rule.cap,
                "left": {str(s): v for s, v in sorted(self.bank.left.items())},
            }
        if self.turn is not None:
            turn = self.turn
            out["turn"] = {
                "began": turn.began.isoformat(),
                "allowed": turn.allowed,
                "stood": [[a.isoformat(), b.isoformat()] for a, b in turn.stood],
                "timed": sorted(turn.timed),
            }
        return out or None

    @classmethod
    def with_bank(cls, rule: BankRule | None, seats: Collection[Seat]) -> GameClock:
        """A new game's clock: a full bank for each seat, if it has one."""
        return cls(bank=None if rule is None else Bank(rule, {s: rule.start for s in seats}))

    def quiet_of(self, seat: Seat) -> QuietHours | None:
        return self.quiet.get(seat)

    def thinking(self, seat: Seat, now: datetime, held_since: datetime | None) -> timedelta:
        """The seat's thinking time in the running turn: since it began, less the seat's
        nights and the stretches the clock stood (one still standing: up to ``now``)."""
        turn = self.turn
        if turn is None:
            return timedelta(0)
        quiet = self.quiet_of(seat)
        stood = list(turn.stood)
        if held_since is not None:
            stood.append((max(held_since, turn.began), now))
        spent = active_between(quiet, turn.began, now)
        for since, until in stood:
            spent -= active_between(quiet, max(since, turn.began), min(until, now))
        return max(spent, timedelta(0))

    def allowed(self, seat: Seat, move_seconds: int | None) -> int | None:
        """The clock's seconds a turn of ``seat`` starts with: its bank, or the time per move."""
        if self.bank is not None:
            return self.bank.left.get(seat, self.bank.rule.start)
        return move_seconds or None


@dataclass(frozen=True, slots=True)
class Ticked:
    """A game's clock after a change: its deadline, whether that is a new one (its reminders
    count from zero), the column, and each logged action's thinking time (None: not timed)."""

    clock: GameClock
    deadline_at: datetime | None
    reset_reminders: bool
    thought: tuple[int | None, ...]


def turn_deadline(
    clock: GameClock, seats: Collection[Seat], move_seconds: int | None, now: datetime
) -> tuple[datetime | None, int | None]:
    """A turn beginning ``now`` for ``seats`` (the people to act): its deadline — each seat's
    time counted outside its nights, the latest of theirs — and the time it was given."""
    allowed = {s: a for s in seats if (a := clock.allowed(s, move_seconds)) is not None}
    if not allowed:
        return None, None
    deadline = max(deadline_after(clock.quiet_of(s), now, a) for s, a in allowed.items())
    return deadline, max(allowed.values())


def tick(
    clock: GameClock,
    *,
    running: bool,
    was_running: bool,
    to_act: frozenset[Seat],
    acting: frozenset[Seat],
    humans: frozenset[Seat],
    actors: Sequence[Seat | None],
    planned: bool,
    move_seconds: int | None,
    deadline_at: datetime | None,
    held_since: datetime | None,
    now: datetime,
) -> Ticked:
    """The clock after a change that leaves the game ``running`` (or not) with ``to_act`` to
    act, ``acting`` having had to act before and ``actors`` the seats of the actions logged
    (a ``planned`` answer is not timed: nobody thought it now).

    A new turn begins when someone new must act (the same player acting again — staging cards,
    a second janken pick — keeps the running turn, so nobody can stall by fiddling). A seat
    whose turn ends by its own action spends its thinking time from its bank."""
    turn = clock.turn if was_running else None
    clocked = bool(move_seconds) or clock.bank is not None
    if was_running and turn is None and deadline_at is not None and move_seconds:
        # A game begun before its clock was kept: its turn as its deadline tells it.
        turn = Turn(deadline_at - timedelta(seconds=move_seconds), move_seconds)
    timed = set(turn.timed) if turn is not None else set()
    thought: list[int | None] = []
    for seat in actors:
        if turn is None or seat is None or planned or seat not in acting or seat in timed:
            thought.append(None)
            continue
        thought.append(int(clock.thinking(seat, now, held_since).total_seconds()))
        timed.add(seat)
    new_turn = turn is None or not to_act <= acting or (clocked and deadline_at is None)
    bank = clock.bank
    if bank is not None and turn is not None:
        for seat in sorted(acting & humans):
            if seat in actors and (new_turn or seat not in to_act):
                bank = bank.after_move(seat, clock.thinking(seat, now, held_since))
    if bank is not clock.bank:  # spent and topped up (no copy for a clock with no bank)
        clock = replace(clock, bank=bank)
    if not running:
        return Ticked(replace(clock, turn=None), None, True, tuple(thought))
    if not new_turn:
        assert turn is not None
        kept = replace(clock, turn=replace(turn, timed=frozenset(timed)))
        return Ticked(kept, deadline_at, False, tuple(thought))
    people = to_act & humans
    deadline, allowed = turn_deadline(clock, people, move_seconds, now) if people else (None, None)
    return Ticked(replace(clock, turn=Turn(now, allowed)), deadline, True, tuple(thought))


def resumed(
    clock: GameClock,
    deadline_at: datetime | None,
    movers: Collection[Seat],
    held_since: datetime,
    now: datetime,
) -> tuple[GameClock, datetime | None]:
    """A clock that stood since ``held_since`` runs again at ``now``: the stretch is kept
    (thinking time leaves it out), and the deadline moves on so that the clock's time left —
    counted outside the movers' nights — is what it was when it stopped (or when the turn
    began, if a move made meanwhile began it later)."""
    turn = clock.turn
    assert turn is not None
    since = max(held_since, turn.began)
    stood = (*turn.stood, (since, now)) if now > since else turn.stood
    clock = replace(clock, turn=replace(turn, stood=stood))
    if deadline_at is None:
        return clock, None
    quiets = [clock.quiet_of(s) for s in movers] or [None]
    return clock, max(
        deadline_after(q, now, active_between(q, since, deadline_at).total_seconds())
        for q in quiets
    )
