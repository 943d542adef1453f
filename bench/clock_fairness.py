"""Which correspondence clock is fairest to people with lives: ``python -m bench.clock_fairness``.

Plays simulated two-player games between people who sleep (a time zone each), work, take
weekends off, take a week's holiday at random (announced with /away or not) and forget (a
daily chance of not looking at all), against each clock choice — today's per-move clock, the
same with quiet hours, a time bank, a bank with quiet hours — using the bot's own deadline
arithmetic (:func:`bot.services.game_clock.tick` and :func:`~bot.services.game_clock.resumed`,
which the guarded writer calls on every move). Prints, per clock: the share of games lost on
time, game length, and the share of moves made inside the mover's quiet hours.

Deterministic for a seed (``--seed``); ``--games`` sets how many games each clock plays (the
same people and lives for every clock, so the rows compare like with like).

Then a 6-round Swiss of 16 such people (``--events`` of them), paired by the bot's own Swiss
(:func:`bot.tournament.swiss_pairings`), under today's clock and :data:`RECOMMENDED`, with and
without round deadlines: a game still running at its round's deadline is adjudicated there and
the next round starts from the deadline (:func:`~bot.services.tournament_scheduler.next_deadline`,
the scheduler's own); without deadlines a round waits for its last game. Prints how long each
event took against its scheduled days, the share of its games adjudicated and lost on time.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from bot.services.game_clock import BankRule, GameClock, resumed, tick
from bot.services.quiet_hours import QuietHours, is_quiet
from bot.services.tournament_scheduler import next_deadline
from bot.tournament import ByeRecord, Entrant, GameRecord, Outcome, Record, swiss_pairings

DAY = 86400
ZONES = (
    "Asia/Tokyo",
    "America/New_York",
    "Europe/Berlin",
    "America/Los_Angeles",
    "Australia/Sydney",
    "Europe/London",
    "Asia/Kolkata",
    "America/Sao_Paulo",
)
#: Plies a game lasts if nobody runs out of time (20 moves each).
PLIES = 40
START = datetime(2026, 1, 5, tzinfo=UTC)
#: When a person looks at their games on a working day, and on a day off (local hours).
WORKDAY_LOOKS = (7.5, 12.5, 19.0, 21.5)
DAYOFF_LOOKS = (9.5, 13.0, 17.0, 21.0)
#: A look late at night or early in the morning (inside the usual quiet hours).
NIGHT_LOOKS = (23.5, 6.5)


@dataclass(frozen=True, slots=True)
class Clock:
    name: str
    move_seconds: int
    bank: BankRule | None
    quiet: bool
    #: Those who take weekends off keep them quiet too (``/settings quiet_weekends``).
    weekends: bool = False


#: Today's default clock (DEFAULT_CLOCK_HOURS: 3 days a move) and the new choices.
CLOCKS = (
    Clock("3 days per move (today)", 3 * DAY, None, False),
    Clock("3 days per move + quiet hours", 3 * DAY, None, True),
    Clock("3 days per move + quiet hours and weekends", 3 * DAY, None, True, weekends=True),
    Clock(
        "bank 4 days + 2 days a move (cap 8)", 2 * DAY, BankRule(4 * DAY, 2 * DAY, 8 * DAY), False
    ),
    Clock(
        "bank 4 days + 2 days a move + quiet hours",
        2 * DAY,
        BankRule(4 * DAY, 2 * DAY, 8 * DAY),
        True,
    ),
    # A smaller bank, as /challenge bank_days:2 clock:3 days makes it (cap: twice the start).
    Clock(
        "bank 2 days + 3 days a move (cap 4) + quiet hours",
        3 * DAY,
        BankRule(2 * DAY, 3 * DAY, 4 * DAY),
        True,
    ),
)


@dataclass(slots=True)
class Person:
    zone: ZoneInfo
    quiet: QuietHours
    #: Daily chance of not looking at all.
    forget: float
    #: Chance of a look at night on a given day (a night owl, an early bird).
    night: float
    weekends_off: bool
    holiday: tuple[datetime, datetime]
    announces_holiday: bool
    rng: random.Random
    #: Days decided so far: the local hours the person looks that day.
    days: dict[date, tuple[float, ...]] = field(default_factory=dict)

    def looks_on(self, day: date) -> tuple[float, ...]:
        if day not in self.days:
            weekend = day.weekday() >= 5
            looks: tuple[float, ...] = ()
            if self.rng.random() >= self.forget and not (weekend and self.weekends_off):
                looks = DAYOFF_LOOKS if weekend else WORKDAY_LOOKS
                looks += tuple(h for h in NIGHT_LOOKS if self.rng.random() < self.night)
            self.days[day] = looks
        return self.days[day]

    def next_look(self, after: datetime) -> datetime:
        """When the person next looks at their games, from ``after`` on."""
        day = after.astimezone(self.zone).date()
        while True:
            for hour in sorted(self.looks_on(day)):
                local = datetime.combine(day, time(int(hour), int(hour % 1 * 60)), self.zone)
                at = local.astimezone(UTC)
                if at >= after and not self.holiday[0] <= at < self.holiday[1]:
                    return at
            day += timedelta(days=1)


def person(rng: random.Random) -> Person:
    zone = rng.choice(ZONES)
    bed = rng.choice((22, 23, 0))
    quiet = QuietHours(zone, time(bed), time((bed + 8) % 24))
    off = START + timedelta(days=rng.randrange(0, 120), hours=rng.randrange(24))
    return Person(
        ZoneInfo(zone),
        quiet,
        forget=rng.uniform(0.05, 0.3),
        night=rng.uniform(0.0, 0.3),
        weekends_off=rng.random() < 0.3,
        holiday=(off, off + timedelta(days=7)),
        announces_holiday=rng.random() < 0.5,
        rng=random.Random(rng.random()),
    )


@dataclass(frozen=True, slots=True)
class Played:
    lost_on_time: bool
    days: float
    moves: int
    quiet_moves: int
    #: Who lost on time (the mover when the deadline came), if anyone, and when it ended.
    late: int | None = None
    ended_at: datetime = START


def quiet_of(p: Person, clock: Clock) -> QuietHours:
    """The person's quiet hours under ``clock``: with their weekends if they take them off."""
    return replace(p.quiet, weekends=clock.weekends and p.weekends_off)


def play(
    clock: Clock, people: tuple[Person, Person], seed: int, start: datetime | None = None
) -> Played:
    """One game under ``clock``: each turn's deadline from the bot's own arithmetic; the mover
    moves at their next look (a few minutes' thought), or loses when the deadline comes first.
    ``start``: when it begins (by default on the first simulated day, at an hour set by the
    seed); its length in days counts from then."""
    for p in people:
        p.rng.seed(seed * 2 + people.index(p))
        p.days.clear()
    state = GameClock(
        quiet={s: quiet_of(p, clock) for s, p in enumerate(people)} if clock.quiet else {},
        bank=GameClock.with_bank(clock.bank, (0, 1)).bank,
    )
    begun = now = start or START + timedelta(hours=seed % 24)
    ticked = tick(
        state, running=True, was_running=False, to_act=frozenset({0}), acting=frozenset(),
        humans=frozenset({0, 1}), actors=(), planned=False, move_seconds=clock.move_seconds,
        deadline_at=None, held_since=None, now=now,
    )  # fmt: skip
    quiet_moves = 0
    for ply in range(PLIES):
        mover = ply % 2
        state, deadline = ticked.clock, ticked.deadline_at
        assert deadline is not None
        # Announced holidays stop the clock (/away), from their start to their end.
        for p in people:
            start, end = p.holiday
            if p.announces_holiday and start < deadline and end > now:
                state, deadline = resumed(state, deadline, [mover], max(start, now), end)
                assert deadline is not None
        moved_at = people[mover].next_look(now) + timedelta(minutes=5)
        if moved_at > deadline:
            days = (deadline - begun).total_seconds() / DAY
            return Played(True, days, ply, quiet_moves, mover, deadline)
        quiet_moves += is_quiet(people[mover].quiet, moved_at)
        now = moved_at
        ticked = tick(
            state, running=True, was_running=True, to_act=frozenset({1 - mover}),
            acting=frozenset({mover}), humans=frozenset({0, 1}), actors=(mover,), planned=False,
            move_seconds=clock.move_seconds, deadline_at=deadline, held_since=None, now=now,
        )  # fmt: skip
    return Played(False, (now - begun).total_seconds() / DAY, PLIES, quiet_moves, None, now)


@dataclass(frozen=True, slots=True)
class Row:
    clock: str
    lost_on_time: float
    median_days: float
    finished_median_days: float
    quiet_share: float
    #: The games finished under both this clock and today's: their total length against
    #: today's (the clock never slows a player here, so any growth is games saved, not slowed).
    same_games: float
    #: Of the losses on time, the share that fell in the late player's unannounced week away.
    in_holiday: float


def in_unannounced_holiday(clock: Clock, pair: tuple[Person, Person], played: Played) -> bool:
    """Whether the late player's silent week away covers the turn they lost on time."""
    if played.late is None:
        return False
    late = pair[played.late]
    start, end = late.holiday
    lost_at = played.ended_at
    return (
        not late.announces_holiday
        and start < lost_at
        and end > lost_at - timedelta(seconds=clock.move_seconds)
    )


def simulate(games: int, seed: int) -> list[Row]:
    rng = random.Random(seed)
    pairs = [(person(rng), person(rng)) for _ in range(games)]
    rows = []
    today: list[Played] = []
    for clock in CLOCKS:
        played = [play(clock, pair, n) for n, pair in enumerate(pairs)]
        today = today or played
        finished = [p.days for p in played if not p.lost_on_time] or [0.0]
        both = [
            (a.days, b.days)
            for a, b in zip(today, played, strict=True)
            if not a.lost_on_time and not b.lost_on_time
        ]
        lost = [(pair, p) for pair, p in zip(pairs, played, strict=True) if p.lost_on_time]
        holiday = sum(in_unannounced_holiday(clock, pair, p) for pair, p in lost)
        rows.append(
            Row(
                clock.name,
                len(lost) / games,
                statistics.median(p.days for p in played),
                statistics.median(finished),
                sum(p.quiet_moves for p in played) / max(sum(p.moves for p in played), 1),
                sum(b for _, b in both) / max(sum(a for a, _ in both), 1e-9),
                holiday / max(len(lost), 1),
            )
        )
    return rows


#: The goal (issue 32): losses on time at most a third of today's, games at most 25 % longer —
#: read plainly, the median of all games and of finished games each.
GOAL_LOST = 1 / 3
GOAL_LONGER = 1.25


def goal_marks(row: Row, today: Row) -> str:
    """Which of the goal's three measures ``row`` meets against today's: lost on time, median
    length of all games, finished games' median (✓ or ✗ each)."""
    met = (
        row.lost_on_time <= GOAL_LOST * today.lost_on_time,
        row.median_days <= GOAL_LONGER * today.median_days,
        row.finished_median_days <= GOAL_LONGER * today.finished_median_days,
    )
    return " ".join("✓" if m else "✗" for m in met)


def table(rows: list[Row]) -> str:
    lines = [
        "| clock | lost on time | of them in a silent week away | median length (days) "
        "| finished games' median | same games vs today | moves in quiet hours "
        "| goal: lost · median · finished |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for n, r in enumerate(rows):
        # The first row is today's clock, the one the goal measures against.
        marks = goal_marks(r, rows[0]) if n else "(the baseline)"
        lines.append(
            f"| {r.clock} | {r.lost_on_time:.1%} | {r.in_holiday:.0%} | {r.median_days:.1f} | "
            f"{r.finished_median_days:.1f} | {r.same_games - 1:+.0%} | {r.quiet_share:.1%} "
            f"| {marks} |"
        )
    return "\n".join(lines)


# --- a Swiss of 16 with round deadlines ----------------------------------------------------

SWISS_PLAYERS = 16
SWISS_ROUNDS = 6
#: The recommended clock: today's 3 days a move, with quiet hours (and quiet weekends for those
#: who take weekends off) — the one choice that meets the goal on all three measures (the bank
#: cuts losses further but makes the median game over 25 % longer).
RECOMMENDED = CLOCKS[2]
SWISS_CLOCKS = (CLOCKS[0], RECOMMENDED)
#: Round lengths to compare (None: a round waits for its last game, as before deadlines).
ROUND_DAYS: tuple[int | None, ...] = (None, 21, 28)


@dataclass(frozen=True, slots=True)
class Event:
    days: float
    games: int
    adjudicated: int
    lost_on_time: int


def swiss_event(clock: Clock, round_days: int | None, people: list[Person], seed: int) -> Event:
    """One Swiss: each round's games start together; a game whose end falls after the round's
    deadline is adjudicated there; a finished game's winner is a coin toss, a loss on time goes
    against the late player.

    An adjudicated game is scored a draw. That is the bot's rule for games other than 武士将棋
    and 戦列札; those two it decides by the position (the solver's value; cards left in the
    decks), which this simulation does not play — it has no positions, only times. The
    assumption moves only later rounds' pairings (who meets whom), never when a round ends:
    each round ends at its deadline whatever the verdicts."""
    coin = random.Random(seed)
    entrants = [Entrant(n, n + 1) for n in range(len(people))]
    history: list[Record] = []
    now = START
    deadline: datetime | None = None
    games = adjudicated = late = 0
    for round_no in range(1, SWISS_ROUNDS + 1):
        deadline = next_deadline(round_days and round_days * DAY, deadline, now)
        paired = swiss_pairings(entrants, history, round_no)
        if paired.bye is not None:
            history.append(ByeRecord(round_no, paired.bye))
        ended = now
        for n, pairing in enumerate(paired.pairings):
            pair = (people[pairing.white], people[pairing.black])
            played = play(clock, pair, seed * 1000 + round_no * 50 + n, now)
            end = played.ended_at
            games += 1
            if deadline is not None and end > deadline:
                adjudicated += 1
                outcome, end = Outcome.DRAW, deadline
            elif played.late is not None:
                late += 1
                outcome = Outcome.BLACK_WINS if played.late == 0 else Outcome.WHITE_WINS
            else:
                outcome = coin.choice((Outcome.WHITE_WINS, Outcome.BLACK_WINS, Outcome.DRAW))
            history.append(GameRecord(round_no, pairing.white, pairing.black, outcome))
            ended = max(ended, end)
        now = ended
    return Event((now - START).total_seconds() / DAY, games, adjudicated, late)


@dataclass(frozen=True, slots=True)
class SwissRow:
    clock: str
    round_days: int | None
    median_days: float
    longest_days: float
    adjudicated: float
    lost_on_time: float


def simulate_swiss(events: int, seed: int) -> list[SwissRow]:
    rng = random.Random(seed + 1)
    fields = [[person(rng) for _ in range(SWISS_PLAYERS)] for _ in range(events)]
    rows = []
    for clock in SWISS_CLOCKS:
        for round_days in ROUND_DAYS:
            held = [swiss_event(clock, round_days, f, n) for n, f in enumerate(fields)]
            games = sum(e.games for e in held)
            rows.append(
                SwissRow(
                    clock.name,
                    round_days,
                    statistics.median(e.days for e in held),
                    max(e.days for e in held),
                    sum(e.adjudicated for e in held) / games,
                    sum(e.lost_on_time for e in held) / games,
                )
            )
    return rows


def swiss_table(rows: list[SwissRow]) -> str:
    lines = [
        "| clock | round length | scheduled | median event (days) | longest | adjudicated | lost on time |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        length = "no deadline" if r.round_days is None else f"{r.round_days} days"
        scheduled = "—" if r.round_days is None else f"{r.round_days * SWISS_ROUNDS} days"
        lines.append(
            f"| {r.clock} | {length} | {scheduled} | {r.median_days:.1f} | "
            f"{r.longest_days:.1f} | {r.adjudicated:.1%} | {r.lost_on_time:.1%} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--seed", type=int, default=32)
    args = parser.parse_args()
    print(table(simulate(args.games, args.seed)))
    print()
    print(
        f"A {SWISS_ROUNDS}-round Swiss of {SWISS_PLAYERS} ({args.events} events, "
        f"{args.events * SWISS_ROUNDS * SWISS_PLAYERS // 2} games per row):"
    )
    print(swiss_table(simulate_swiss(args.events, args.seed)))


if __name__ == "__main__":
    main()
