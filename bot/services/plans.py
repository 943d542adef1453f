"""Planned moves: "if they play X, I answer Y" (or a short line of such pairs), left by a
player on the opponent's turn, played by itself the moment the opponent's move matches.

A plan is kept as the codes of the line and the ply it was planned at. What is due is read
from the game's own log each time (:func:`follow`), never from a flag: the answer is played by
the action pipeline as an ordinary move at the version it read, so it is played once however
many processes or restarts look at it, and any other move lets the plan go.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.spec import AnyRules
from bot.services.asides import GameAsides, StoredPlan
from bot.services.base import GameLoader
from bot.services.errors import NotAParticipant, ServiceError, StaleVersion, WrongStatus
from bot.services.freshness import Seen
from bot.services.snapshots import GameSnapshot
from bot.statuses import GameStatus
from bot.text.errors import PLAN_NOT_LEGAL, PLAN_ON_YOUR_TURN, PLAN_TOO_LONG, PLANS_NOT_HERE
from rules.core import RulesError, Seat

#: The longest plan, in pairs of (their move, my answer).
MAX_PLAN_PAIRS = 3


class PlanRefused(ServiceError):
    default = PLAN_NOT_LEGAL


@dataclass(frozen=True, slots=True)
class PlanStep:
    """What a plan asks for now: an ``answer`` to play; or what is ``left`` of it from ``ply``
    (empty: forget it)."""

    answer: str | None
    left: tuple[str, ...]
    ply: int


def opponent_of(game: GameSnapshot, seat: Seat) -> Seat:
    return next(s.seat for s in game.seats if s.seat != seat)


def checked_line(
    rules: AnyRules, state: object, planner: Seat, opponent: Seat, line: Sequence[str]
) -> tuple[str, ...]:
    """``line`` in the rules' own codes, if it can be played from ``state``: the opponent's
    move, the planner's answer, and so on, each legal where it stands."""
    if not line or len(line) % 2:
        raise PlanRefused()
    if len(line) > 2 * MAX_PLAN_PAIRS:
        raise PlanRefused(PLAN_TOO_LONG.format(pairs=MAX_PLAN_PAIRS))
    codes = []
    for index, code in enumerate(line):
        seat = opponent if index % 2 == 0 else planner
        if getattr(state, "outcome", None) is not None or rules.to_act(state) != (seat,):
            raise PlanRefused()
        try:
            action = rules.parse(code)
            if action not in rules.legal_actions(state, seat):
                raise PlanRefused()
            state, _ = rules.apply(state, seat, action)
        except RulesError:
            raise PlanRefused() from None
        codes.append(rules.format(action))
    return tuple(codes)


def follow(plan: StoredPlan, planner: Seat, moves: Sequence[tuple[Seat | None, str]]) -> PlanStep:
    """Where ``plan`` stands after the game's logged ``moves`` (all of them, from the first)."""
    since = moves[plan.ply :]
    for index, (seat, code) in enumerate(since):
        mine = index % 2 == 1
        if index >= len(plan.line) or (seat == planner) != mine or code != plan.line[index]:
            return PlanStep(None, (), plan.ply)  # another move: the plan lapses
    done = len(since)
    left = plan.line[done:]
    if done % 2 == 1 and left:
        return PlanStep(left[0], left[1:], plan.ply + done + 1)
    return PlanStep(None, left, plan.ply + done)


class Plans:
    """Leaving, reading and cancelling one's own plan (the pipeline plays what is due)."""

    def __init__(self, asides: GameAsides, loader: GameLoader) -> None:
        self.asides = asides
        self.loader = loader

    async def leave(self, game: GameSnapshot, user_id: int, line: Sequence[str]) -> StoredPlan:
        """Keep ``line`` as ``user_id``'s plan in ``game`` (replacing any earlier one)."""
        planner = self._planner(game, user_id)
        opponent = opponent_of(game, planner)
        if planner in game.rules.to_act(game.state):
            raise PlanRefused(PLAN_ON_YOUR_TURN)
        codes = checked_line(game.rules, game.state, planner, opponent, line)
        await self.asides.set_plan(game.id, user_id, codes, game.ply)
        plan = await self.asides.plan(game.id, user_id)
        assert plan is not None
        if not Seen.at(game).fresh(await self.loader.read(game.id)):
            # The opponent moved while the plan was being kept, and their move's write may not
            # have seen it: the plan was made for a position that is gone (unless that move's
            # own pipeline already answered it, and moved it on).
            await self.asides.drop_plan(plan)
            raise StaleVersion()
        return plan

    async def mine(self, game: GameSnapshot, user_id: int) -> StoredPlan | None:
        """The player's plan in ``game`` while it is played (the pipeline keeps it current:
        moved on after each answer, dropped by any other move)."""
        if not game.spec.planned_moves or game.status != GameStatus.ACTIVE:
            return None
        return await self.asides.plan(game.id, user_id)

    async def cancel(self, game: GameSnapshot, user_id: int) -> bool:
        self._planner(game, user_id, active=False)
        return await self.asides.cancel_plan(game.id, user_id)

    @staticmethod
    def _planner(game: GameSnapshot, user_id: int, *, active: bool = True) -> Seat:
        if not game.spec.planned_moves:
            raise PlanRefused(PLANS_NOT_HERE)
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAParticipant()
        if active and game.status != GameStatus.ACTIVE:
            raise WrongStatus()
        return seat
