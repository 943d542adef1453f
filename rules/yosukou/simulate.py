"""Monte Carlo play of both variants: win rates per start position.

``python -m rules.yosukou.simulate --variant original --games 2000 --seed 1`` deals random
boards and plays each from every legal start (or a random or fixed one) with the chosen choice
policies, then prints the win rate per start with a 95% Wilson interval and the speed. The same
seed always gives the same numbers.

:func:`estimate_start_win_rates` is the cheap call for the bot: the estimated chance of each
legal start of one dealt board.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.rng import Rng
from rules.yosukou.engine import (
    POSITIONS,
    Config,
    Table,
    board_values,
    compile_settings,
    goal_of,
    new_talon,
    terminal_of,
)
from rules.yosukou.game import YosukouRules
from rules.yosukou.settings import YosukouSettings, parse_settings
from rules.yosukou.state import START, YosukouState, YosukouView

#: Lower-sword choice: always MOVE (the reference traces' policy), always STAY, a coin toss,
#: or ``goal``: STAY only when the token already stands on a goal and the move would leave it.
SWORD_POLICIES: tuple[str, ...] = ("move", "stay", "random", "goal")
#: 戦乱置換: ``skip`` draws at once; ``random`` makes random legal moves until it stops.
WAR_POLICIES: tuple[str, ...] = ("skip", "random")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _below(state: int, n: int) -> tuple[int, int]:
    """SplitMix64, as :meth:`rules.core.Rng.below`, on a raw state."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state = (state + _GAMMA) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        if z < limit:
            return z % n, state


@dataclass(frozen=True, slots=True)
class WinRate:
    position: int
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def wilson_interval(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a binomial proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _war_random(table: Table, stop_per_mille: int, cancel_per_mille: int) -> None:
    """Random legal 戦乱置換 until it stops; the next draw ends a phase still running."""
    while table.war:
        roll, table.rng = _below(table.rng, 1000)
        if roll < stop_per_mille:
            return
        cards = [(pile, card) for pile in table.war_sources() for card in table.piles[pile]]
        index, table.rng = _below(table.rng, len(cards))
        table.war_take(*cards[index])
        roll, table.rng = _below(table.rng, 1000)
        if roll < cancel_per_mille:
            table.war_cancel()
            continue
        dests = table.war_destinations(cards[index][0])
        index, table.rng = _below(table.rng, len(dests))
        table.war_place(dests[index])


def play_out(
    cfg: Config,
    vals: list[tuple[int, ...]],
    start: int,
    rng: int,
    sword: str = "move",
    war: str = "skip",
) -> tuple[bool, int, int]:
    """One whole game from ``start`` with a fresh talon: (won, draws, next rng state)."""
    terminal = terminal_of(start)[0]
    talon, rng = new_talon(terminal, rng)
    talon.reverse()
    table = Table(cfg, vals, start=start, token=start, stack=talon, terminal=terminal, rng=rng)
    if cfg.terminals == 0:
        return False, 0, table.rng
    return play_on(table, sword, war)


def play_on(table: Table, sword: str = "move", war: str = "skip") -> tuple[bool, int, int]:
    """Play a game in progress to its end with the chosen policies: (won, draws, rng state)."""
    goal = goal_of(table.start)
    draws = 0
    draw = table.draw
    while not table.over:
        draw()
        draws += 1
        if table.pending is not None:
            if sword == "move":
                move = True
            elif sword == "stay":
                move = False
            elif sword == "goal":
                move = not (table.token in goal and table.token + 3 not in goal)
            else:
                bit, table.rng = _below(table.rng, 2)
                move = bit == 1
            table.choose(move)
            if table.war and war == "random":
                _war_random(table, 250, 50)
    return table.won, draws, table.rng


def estimate_start_win_rates(
    game: YosukouState | YosukouView,
    games_per_start: int = 200,
    rng: Rng | None = None,
    *,
    sword: str = "goal",
    war: str = "skip",
) -> dict[int, WinRate]:
    """Estimated win chance of each legal start of a dealt board (a state before the start, or
    its view), from ``games_per_start`` random talons each. Deterministic for a given ``rng``;
    never looks at the game's own talon."""
    if isinstance(game, YosukouState):
        starts = YosukouRules().legal_starts(game) if game.phase == START else ()
    else:
        starts = game.legal_starts
    if not starts:
        starts = game.restriction.positions if game.restriction else POSITIONS
    cfg = compile_settings(game.settings)
    vals = board_values(game.board, cfg.multiplier)
    raw = (rng or Rng.from_seed(0)).state
    out: dict[int, WinRate] = {}
    for start in starts:
        wins = 0
        for _ in range(games_per_start):
            won, _, raw = play_out(cfg, vals, start, raw, sword, war)
            wins += won
        out[start] = WinRate(start, games_per_start, wins)
    return out


# --- the command line ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Report:
    settings: YosukouSettings
    boards: int
    rates: dict[int, WinRate]
    skipped: int
    elapsed: float

    @property
    def games(self) -> int:
        return sum(r.games for r in self.rates.values())


def simulate(
    settings: Mapping[str, Any] | None,
    boards: int,
    seed: int,
    start: str = "each",
    sword: str = "move",
    war: str = "skip",
) -> Report:
    """Deal ``boards`` random boards and play them; ``start`` is ``each``, ``random`` or 1–6."""
    rules = YosukouRules()
    parsed = parse_settings(settings)
    normalized = parsed.as_dict()
    cfg = compile_settings(parsed)
    master = Rng.from_seed(seed)
    wins = dict.fromkeys(POSITIONS, 0)
    games = dict.fromkeys(POSITIONS, 0)
    skipped = 0
    began = time.perf_counter()
    for _ in range(boards):
        deal_seed, master = master.next_u64()
        state = rules.new_game(normalized, deal_seed)
        legal = rules.legal_starts(state)
        vals = board_values(state.board, cfg.multiplier)
        raw = state.rng.state
        if start == "each":
            chosen: Sequence[int] = legal
        elif start == "random":
            index, master = master.below(len(legal))
            chosen = (legal[index],)
        elif int(start) in legal:
            chosen = (int(start),)
        else:
            skipped += 1
            continue
        for p in chosen:
            won, _, raw = play_out(cfg, vals, p, raw, sword, war)
            games[p] += 1
            wins[p] += won
    elapsed = time.perf_counter() - began
    rates = {p: WinRate(p, games[p], wins[p]) for p in POSITIONS if games[p]}
    return Report(parsed, boards, rates, skipped, elapsed)


def format_report(report: Report, seed: int, start: str, sword: str, war: str) -> str:
    s = report.settings
    title = "略式易双六 Simplified Youscout" if s.simplified else "易双六 Youscout"
    settings = " ".join(f"{k}={v}" for k, v in s.as_dict().items())
    lines = [
        f"{title}: {report.boards} boards, seed {seed}, start {start}, sword {sword}, war {war}",
        f"settings: {settings}",
        f"{'start':>5} {'games':>7} {'wins':>7} {'win %':>6}  95% CI (Wilson)",
    ]
    total_games = total_wins = 0
    for p, rate in sorted(report.rates.items()):
        low, high = rate.interval
        lines.append(
            f"{p:>5} {rate.games:>7} {rate.wins:>7} {100 * rate.rate:>6.2f}"
            f"  [{100 * low:5.2f}, {100 * high:5.2f}]"
        )
        total_games += rate.games
        total_wins += rate.wins
    total = WinRate(0, total_games, total_wins)
    low, high = total.interval
    lines.append(
        f"{'all':>5} {total.games:>7} {total.wins:>7} {100 * total.rate:>6.2f}"
        f"  [{100 * low:5.2f}, {100 * high:5.2f}]"
    )
    if report.skipped:
        lines.append(f"skipped {report.skipped} boards where start {start} was not legal")
    speed = report.games / report.elapsed if report.elapsed > 0 else float("inf")
    lines.append(f"{report.games} games in {report.elapsed:.2f} s: {speed:.0f} games/s")
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules.yosukou.simulate", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--variant", choices=("original", "simplified"), default="original")
    parser.add_argument("--games", type=int, default=2000, help="boards to deal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--start", default="each", help="each (every legal start), random, or a position 1-6"
    )
    parser.add_argument("--sword", choices=SWORD_POLICIES, default="move")
    parser.add_argument("--war", choices=WAR_POLICIES, default="skip")
    parser.add_argument("--terminals", help="rule_terminals (default 3)")
    parser.add_argument("--court", help="rule_court_card: K14, K13a, K13b, K10")
    parser.add_argument("--influence", help="rule_major_influence: 3, 2.5, 2, 1.5, 1")
    parser.add_argument("--swap", help="rule_swap_8_11: memorial, expansive, solid")
    parser.add_argument("--replacement", help="rule_replacement: 0-5 or infinity (original)")
    parser.add_argument("--cross-border", help="rule_cross_border: none, cups_and_coins, all")
    parser.add_argument("--co-limit", help="rule_replacement_coins_lower: 0-5 or infinity")
    parser.add_argument("--determinant", help="rule_determinant: greater, greater_equal (略式)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.start not in ("each", "random", "1", "2", "3", "4", "5", "6"):
        print("--start must be each, random or 1-6", file=sys.stderr)
        return 2
    settings: dict[str, Any] = {"variant": args.variant}
    for key, value in (
        ("rule_terminals", args.terminals),
        ("rule_court_card", args.court),
        ("rule_major_influence", args.influence),
        ("rule_swap_8_11", args.swap),
        ("rule_replacement", args.replacement),
        ("rule_cross_border", args.cross_border),
        ("rule_replacement_coins_lower", args.co_limit),
        ("rule_determinant", args.determinant),
    ):
        if value is not None:
            settings[key] = value
    try:
        report = simulate(settings, args.games, args.seed, args.start, args.sword, args.war)
    except Exception as exc:  # invalid settings: show the message, not a traceback
        text = getattr(exc, "text", None)
        print(text.en if text is not None else exc, file=sys.stderr)
        return 2
    print(format_report(report, args.seed, args.start, args.sword, args.war))
    return 0


if __name__ == "__main__":
    sys.exit(main())

__all__ = [
    "SWORD_POLICIES",
    "WAR_POLICIES",
    "Report",
    "WinRate",
    "estimate_start_win_rates",
    "format_report",
    "play_on",
    "play_out",
    "simulate",
    "wilson_interval",
]
