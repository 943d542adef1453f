"""The action pipeline: a player's move (or a meta action), the platform's forfeits and
timeout defaults, and the bot's replies — each one transaction: load → check → apply → save.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from bot.db.records import DeliveryWrite, EventRecord
from bot.games.registry import spec_for
from bot.games.spec import AnyRules, AnySpec
from bot.services.asides import GameAsides
from bot.services.base import GameLoader, GuardedWriter, Planned, logged_step
from bot.services.errors import GameAdjourned, NotAParticipant, StaleVersion, WrongStatus
from bot.services.freshness import Seen, Sight, check_fresh, seen_of
from bot.services.holds import Hold
from bot.services.plans import MAX_PLAN_PAIRS, follow
from bot.services.snapshots import ActionResult, GameSnapshot, GameSummary
from bot.statuses import OPEN_GAME_STATUSES, GameStatus
from bot.text.errors import ENDED_MEANWHILE, SOLITAIRE_NOT_YOURS
from rules.core import (
    AcceptDraw,
    Adjudicate,
    DeclineDraw,
    Event,
    Resign,
    Rng,
    RulesError,
    Seat,
)

log = logging.getLogger(__name__)

#: Bot moves that may follow one human action (a solitaire never has bot seats).
MAX_BOT_PLIES = 200
#: Planned answers that may follow one move (a line is played one answer per move).
MAX_PLAN_PLIES = 2 * MAX_PLAN_PAIRS


class ActionPipeline:
    """Players' moves and the platform's verdicts, each one guarded write through ``writer``
    (``loader`` reads a game the pipeline must look at first)."""

    def __init__(
        self, loader: GameLoader, writer: GuardedWriter, asides: GameAsides | None = None
    ) -> None:
        self.loader = loader
        self.writer = writer
        #: Where players' planned answers are kept (none: no game plays them).
        self.asides = asides

    async def act(
        self,
        game_id: int,
        user_id: int,
        seen: Sight,
        code: str,
        *,
        where: Callable[[GameSummary], None] | None = None,
    ) -> ActionResult:
        """Play ``code`` (a move or a meta action such as ``resign``) for ``user_id``, who saw
        the game as ``seen`` (:mod:`bot.services.freshness`). ``where`` sees the game first, as
        read for this very move, and may refuse it (raise): the front end's check that the
        game is played where it lives, and on its newest board."""
        try:
            result = await self._act_once(game_id, seen, code, user_id=user_id, where=where)
        except StaleVersion:
            # Lost a race. Once more against the new state: played if what came first moved
            # nothing (time off, a note), else refused unless the phase is simultaneous (both
            # janken picks at the same instant must both count).
            result = await self._act_once(game_id, seen, code, user_id=user_id, where=where)
        return await self.play_bot_turns(await self.play_planned(result))

    async def forfeit(
        self,
        game_id: int,
        loser: Seat,
        reason: str = "timeout",
        *,
        version: int | None = None,
        delivery: DeliveryWrite | None = None,
    ) -> ActionResult:
        """The platform ends a game against ``loser`` (a clock ran out). With ``version``, only
        if nothing happened since it was read (so two schedulers cannot both do it). With
        ``notice``, the clock's notice is written in the same transaction (its id in the
        result)."""
        code = f"forfeit:{loser}:{reason}"
        return await self._act_steps(
            game_id, version, [(None, code)], user_id=None, delivery=delivery
        )

    async def adjudicate(
        self, game_id: int, version: int, winner: Seat | None, rule: str
    ) -> ActionResult:
        """A tournament round's deadline decides the game by ``rule``: ``winner`` wins (None:
        a draw) — only if nothing happened since ``version`` was read, so two schedulers, or
        one before and after a restart, decide it once."""
        code = Adjudicate(winner, rule).code
        return await self._act_steps(game_id, version, [(None, code)], user_id=None)

    async def abort_by_platform(self, game_id: int, version: int) -> GameSnapshot:
        """Call a game off with no result (nobody acted in time, or a moderator stopped it)."""
        return (await self.abort_by_clock(game_id, version)).game

    async def abort_by_clock(
        self, game_id: int, version: int, delivery: DeliveryWrite | None = None
    ) -> ActionResult:
        """:meth:`abort_by_platform`, with the clock's ``notice`` written in the same
        transaction (its id in the result)."""

        def plan(game: GameSnapshot) -> Planned:
            # Version first: a scheduler that lost the race to end this game sees a stale
            # version (the normal race), not a "wrong status" error.
            check_fresh(game, version)
            if game.status not in OPEN_GAME_STATUSES:
                raise WrongStatus()
            write, to_act = self.writer.write_for(
                game, game.state, status=GameStatus.ABORTED, finished=True, delivery=delivery
            )
            return Planned(write, game.state, to_act)

        changed = await self.writer.change(game_id, version, plan)
        return ActionResult(changed.after, (), changed.before.version, changed.deliveries)

    async def _act_once(
        self,
        game_id: int,
        seen: Sight,
        code: str,
        *,
        user_id: int | None,
        as_seat: Seat | None = None,
        where: Callable[[GameSummary], None] | None = None,
        planned: bool = False,
    ) -> ActionResult:
        return await self._act_steps(
            game_id, seen, [(as_seat, code)], user_id=user_id, where=where, planned=planned
        )

    async def _act_steps(
        self,
        game_id: int,
        seen: Sight,
        steps: Sequence[tuple[Seat | None, str]],
        *,
        user_id: int | None,
        delivery: DeliveryWrite | None = None,
        where: Callable[[GameSummary], None] | None = None,
        planned: bool = False,
    ) -> ActionResult:
        """Apply ``steps`` (seat, action code) as one change, each logged as its own ply.
        With ``user_id`` the seat is that user's (the seat given in ``steps`` is ignored).

        One guarded write (:meth:`GuardedWriter.change`): the game's UPDATE, its event rows and
        its seats — and, when it finishes the game, the results and ratings it counts — in one
        transaction, the rules applied before it with no lock held. A clock's ``notice`` goes in
        the same write."""
        changed = await self.writer.change(
            game_id,
            seen,
            lambda game: self._plan(
                game,
                seen,
                steps,
                user_id=user_id,
                delivery=delivery,
                where=where,
                planned=planned,
            ),
        )
        return ActionResult(
            changed.after,
            changed.planned.events,
            changed.before.version,
            changed.deliveries,
        )

    def _plan(
        self,
        game: GameSnapshot,
        sight: Sight,
        steps: Sequence[tuple[Seat | None, str]],
        *,
        user_id: int | None,
        delivery: DeliveryWrite | None = None,
        where: Callable[[GameSummary], None] | None = None,
        planned: bool = False,
    ) -> Planned:
        seen = seen_of(sight)
        if where is not None:
            where(game)
        user_seat = self._seat_of(game, user_id)
        self._check_status(game, seen)
        rules = game.rules
        state = game.state
        if not seen.fresh(game):
            self._allow_simultaneous(rules, state, user_seat, steps)
        all_events: list[Event] = []
        logged: list[EventRecord] = []
        for step_seat, code in steps:
            seat = user_seat if user_id is not None else step_seat
            action = rules.parse(code)
            state, events = rules.apply(state, seat, action)
            logged.append(
                logged_step(rules, game.ply + len(logged) + 1, seat, rules.format(action), events)
            )
            all_events += events
        if game.pause is not None:  # only a stopped clock can be an adjournment
            self._check_adjourned(game, user_seat, steps, state, all_events)
        write, to_act = self.writer.write_for(
            game,
            state,
            status=game.status,
            events=logged,
            expires_at=game.expires_at,
            delivery=delivery,
            actor_id=user_id,
            planned=planned,
        )
        return Planned(write, state, to_act, tuple(all_events))

    @staticmethod
    def _seat_of(game: GameSnapshot, user_id: int | None) -> Seat | None:
        if user_id is None:
            return None
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAParticipant(SOLITAIRE_NOT_YOURS if len(game.seats) == 1 else None)
        return seat

    @staticmethod
    def _check_adjourned(
        game: GameSnapshot,
        seat: Seat | None,
        steps: Sequence[tuple[Seat | None, str]],
        state: Any,
        events: Sequence[Event],
    ) -> None:
        """An adjourned game takes no move: resigning is always possible, and the player to
        move may prepare a turn privately (staging cards, seen by them alone) until they seal
        it — a whole move is sealed instead (:mod:`bot.services.adjournment`)."""
        hold = Hold.load(game.pause)
        if not hold.adjourned:
            return
        rules = game.rules
        # Resigning ends an adjournment, and so does the round's deadline.
        if all(isinstance(rules.parse(code), Resign | Adjudicate) for _, code in steps):
            return
        private = (
            hold.sealed is None
            and seat is not None
            and seat in rules.to_act(state)
            and rules.outcome(state) is None
            and all(e.visible_to == seat for e in events)
        )
        if not private:
            raise GameAdjourned()

    @staticmethod
    def _check_status(game: GameSnapshot, seen: Seen) -> None:
        # A click on a game that has ended since (a late click, a board out of reach, a second
        # clock scheduler) is the normal race: StaleVersion, so the caller refreshes the board.
        if game.status != GameStatus.ACTIVE and not seen.fresh(game):
            raise StaleVersion(ENDED_MEANWHILE if game.status not in OPEN_GAME_STATUSES else None)
        if game.status != GameStatus.ACTIVE:
            raise WrongStatus()

    @staticmethod
    def _allow_simultaneous(
        rules: AnyRules, state: Any, seat: Seat | None, steps: Sequence[tuple[Seat | None, str]]
    ) -> None:
        """A stale click is refused — except in a phase where several seats act at once
        (janken): the other player's pick moved the game on, not what this player sees, so
        their own pick, still legal, goes through."""
        to_act = rules.to_act(state)
        if (
            seat is None
            or not rules.is_simultaneous(state)
            or seat not in to_act
            or len(steps) != 1
        ):
            raise StaleVersion()
        if rules.parse(steps[0][1]) not in rules.legal_actions(state, seat):
            raise StaleVersion()

    async def play_timeout_defaults(
        self, game_id: int, version: int, *, delivery: DeliveryWrite | None = None
    ) -> ActionResult | None:
        """When a game defines what the clock plays instead of a forfeit (戦列札's default
        casualties), play it for the late seat; ``None`` if the game has no such default."""
        game = await self.loader.get(game_id)
        if game.version != version:
            raise StaleVersion()  # another scheduler or a move came first
        steps = game.rules.timeout_actions(game.state)
        if not steps:
            return None
        codes = [(seat, game.rules.format(action)) for seat, action in steps]
        return await self._act_steps(game_id, version, codes, user_id=None, delivery=delivery)

    async def play_bot_turns(self, result: ActionResult) -> ActionResult:
        """Let the bot answer while it is its turn (or a draw offer waits on it); each bot
        action is its own transaction."""
        game = result.game
        if not any([s.is_bot for s in game.seats]):
            return result  # nobody to answer for (people's games: the most of them)
        events = list(result.events)
        owed = list(result.deliveries)
        spec = spec_for(game.game_type)
        for _ in range(MAX_BOT_PLIES):
            if game.status != GameStatus.ACTIVE:
                break
            try:
                answer = await self._bot_draw_answer(spec, game)
                if answer is None:
                    bot_seats = [s for s in game.seats_to_act if s.is_bot]
                    # The level the challenger picked, kept in the settings across restarts.
                    player = spec.bot_player_for(game.settings)
                    if player is None or not bot_seats:
                        break
                    seat = bot_seats[0].seat
                    rng = Rng.from_seed(game.seed ^ (0x9E37 * (game.ply + 1)))
                    # Searching takes a while (戦列札's AI samples hidden hands): off the loop.
                    action, _ = await asyncio.to_thread(player, game.rules, game.state, seat, rng)
                    answer = seat, game.rules.format(action)
                seat, code = answer
                step = await self._act_once(game.id, game.version, code, user_id=None, as_seat=seat)
            except (RulesError, StaleVersion):
                log.exception("bot move failed in game %s", game.id)
                break
            step = await self.play_planned(step)
            events += step.events
            owed += step.deliveries
            game = step.game
        return ActionResult(game, tuple(events), result.previous_version, tuple(owed))

    async def play_planned(self, result: ActionResult) -> ActionResult:
        """Play the answers players planned for the move just made, each as its own
        transaction at the version it read (so once only, whoever gets there first), and let
        every plan that another move contradicts lapse."""
        game = result.game
        if self.asides is None or not game.planners:
            return result  # read back by the move's own write: no plan, nothing more to read
        events = list(result.events)
        owed = list(result.deliveries)
        for _ in range(MAX_PLAN_PLIES):
            plans = await self.asides.plans_in(game.id)
            if not plans:
                break
            moves = await self.loader.db.store.read_moves(game.id)
            answered = False
            for plan in plans:
                planner = game.seat_of(plan.user_id)
                step = follow(plan, planner, moves) if planner is not None else None
                if step is None or game.status != GameStatus.ACTIVE:
                    await self.asides.drop_plan(plan)
                    continue
                if step.answer is None:
                    if step.ply != plan.ply or not step.left:
                        await self.asides.move_plan_on(plan, step.left, step.ply)
                    continue
                try:
                    played = await self._act_once(
                        game.id,
                        game.version,
                        step.answer,
                        user_id=None,
                        as_seat=planner,
                        planned=True,
                    )
                except StaleVersion:
                    return ActionResult(game, tuple(events), result.previous_version, tuple(owed))
                except (RulesError, WrongStatus):
                    log.warning("a planned answer no longer fits game %s", game.id)
                    await self.asides.drop_plan(plan)
                    continue
                await self.asides.move_plan_on(plan, step.left, step.ply)
                events += played.events
                owed += played.deliveries
                game = played.game
                answered = True
                break
            if not answered:
                break
        return ActionResult(game, tuple(events), result.previous_version, tuple(owed))

    async def resume_planned(self, game_id: int) -> ActionResult | None:
        """At start-up: an answer a crash left owed is played now (``None`` if nothing was)."""
        game = await self.loader.get(game_id)
        after = await self.play_planned(ActionResult(game, (), game.version))
        return after if after.game.version != game.version else None

    @staticmethod
    async def _bot_draw_answer(spec: AnySpec, game: GameSnapshot) -> tuple[Seat, str] | None:
        """A draw offered to a bot seat is answered at once: the bot is usually not the seat
        to move, so otherwise the offer would wait for an answer that never comes."""
        offered_by = game.state.draw_offer
        bot = next((s.seat for s in game.seats if s.is_bot and s.seat != offered_by), None)
        if offered_by is None or bot is None:
            return None
        judge = spec.accepts_draw
        accepts = judge is not None and await asyncio.to_thread(judge, game.rules, game.state, bot)
        return bot, (AcceptDraw.code if accepts else DeclineDraw.code)
