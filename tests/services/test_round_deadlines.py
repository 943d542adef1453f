"""Tournament rounds with deadlines: at a round's deadline the games still running are decided
by the rule stated before the event (武士将棋 by the solver's exact value, with its proof; 戦列札
by our decks-ahead rule; a game with no rule drawn), the next round starts on time, and the
final table says which games were decided and how — once, however many schedulers race and
whenever a process restarts."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db import Database, GameEventRow, TournamentPairingRow, TournamentRow
from bot.services.errors import StaleVersion
from bot.services.tournament_errors import TournamentError
from bot.services.tournament_snapshots import Finished, GameEnded, RoundStarted
from bot.ui.tournaments import created_text, final_blocks, status_label
from rules.bushi.adjudication import judge as bushi_judge
from rules.bushi.game import BushiRules, BushiState
from rules.core import Adjudicate, IllegalActionError, Rng
from rules.core.adjudication import DRAW_ADJUDICATION
from rules.senretsu.adjudication import judge as senretsu_judge
from rules.senretsu.game import SenretsuRules
from tests.conftest import FakeClock
from tests.services.tournament_helpers import (
    GUILD,
    HOUR,
    PLAYERS,
    Services,
    active_games,
    create,
    end_game,
    enter,
    services,
    two_processes,
)

DAY = 24 * HOUR
BUSHI = BushiRules()


@pytest.fixture
def s(db: Database, clock: FakeClock) -> Services:
    return services(db, clock)


def winning_line(seed: int = 0) -> list[str]:
    """Codes of a short game of 武士将棋 that leaves the side to move a forced mate in one,
    played by seeded random moves that never end the game (the solver says when it is won)."""
    state: BushiState = BUSHI.new_game({}, seed)
    codes: list[str] = []
    rng = Rng.from_seed(seed)
    for _ in range(200):
        if bushi_judge(state).winner is not None:
            return codes
        going = [
            a
            for a in BUSHI.legal_actions(state, state.to_move)
            if BUSHI.apply(state, state.to_move, a).state.outcome is None
        ]
        index, rng = rng.below(len(going))
        state = BUSHI.apply(state, state.to_move, going[index]).state
        codes.append(BUSHI.format(going[index]))
    raise AssertionError("no won position reached")


async def start(s: Services, game_type: str = "bushi", players: int = 4, rounds: int = 2) -> int:
    t = await create(s, game_type, format="swiss", rounds=rounds, round_seconds=2 * DAY)
    await enter(s, t.id, players)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    return t.id


async def tournament(db: Database, tournament_id: int) -> TournamentRow:
    async with db.read() as session:
        row = await session.get(TournamentRow, tournament_id)
        assert row is not None
        return row


async def pairings(db: Database, tournament_id: int) -> list[TournamentPairingRow]:
    async with db.read() as session:
        return list(
            await session.scalars(
                select(TournamentPairingRow)
                .where(TournamentPairingRow.tournament_id == tournament_id)
                .order_by(TournamentPairingRow.round_no, TournamentPairingRow.board)
            )
        )


async def adjudications_logged(db: Database, game_id: int) -> int:
    async with db.read() as session:
        codes = await session.scalars(
            select(GameEventRow.action).where(GameEventRow.game_id == game_id)
        )
        return sum(1 for code in codes if code.startswith("adjudicate:"))


# --- the rules ------------------------------------------------------------------------------


def test_an_adjudication_is_the_platforms_alone_and_replays() -> None:
    state = BUSHI.new_game({}, 1)
    action = BUSHI.parse("adjudicate:1:solver")
    assert action == Adjudicate(1, "solver")
    with pytest.raises(IllegalActionError):
        BUSHI.apply(state, 0, action)  # a player cannot adjudicate their own game
    after = BUSHI.apply(state, None, action).state
    assert after.outcome is not None and after.outcome.winner == 1
    assert after.outcome.reason == "adjudicated"
    drawn = BUSHI.replay({}, 1, [(None, "adjudicate:draw:solver")])
    assert drawn.outcome is not None and drawn.outcome.is_draw


def test_the_solver_proves_a_won_position_with_its_line() -> None:
    state = BUSHI.replay({}, 0, [(None, c) for c in []])
    assert bushi_judge(state).winner is None  # the empty board is a draw with best play
    assert "16" in bushi_judge(state).proof.en
    state = BUSHI.new_game({}, 0)
    for code in winning_line():
        state = BUSHI.apply(state, state.to_move, BUSHI.parse(code)).state
    verdict = bushi_judge(state)
    assert verdict.winner == state.to_move and verdict.rule == "solver"
    assert "wins by force in 1" in verdict.proof.en and "(mate)" in verdict.proof.en
    assert "必勝" in verdict.proof.ja and "詰み" in verdict.proof.ja


def test_senretsu_is_won_by_the_deck_ahead_and_other_games_drawn() -> None:
    rules = SenretsuRules()
    state = rules.new_game({}, 3)
    even = senretsu_judge(state)
    assert even.winner is None and "our added rule" in even.proof.en
    decks = state.decks
    behind = dataclasses.replace(state, decks=(decks[0][:-4], decks[1]))
    verdict = senretsu_judge(behind)
    assert verdict.winner == 1 and verdict.rule == "deck_ahead"
    assert f"Player 1 {len(decks[0]) - 4}" in verdict.proof.en
    assert DRAW_ADJUDICATION.judge(None).winner is None


# --- the service ----------------------------------------------------------------------------


async def test_a_round_is_adjudicated_at_its_deadline_and_the_next_starts_on_time(
    s: Services, db: Database, clock: FakeClock
) -> None:
    t = await start(s)
    first = await tournament(db, t)
    assert first.round_deadline_at == clock() + timedelta(days=2)
    finished, running = await active_games(s.games, t)
    await end_game(s.games, finished, "1-0")
    # Play the other game into a position the mover wins by force.
    game = await s.games.queries.get(running)
    for code in winning_line():
        mover = game.player(game.rules.to_act(game.state)[0]).user_id
        game = (await s.games.actions.act(running, mover, None, code)).game
    winner_seat = game.rules.to_act(game.state)[0]
    clock.advance(days=1)
    assert [n for n in await s.tournaments.scheduler.tick() if isinstance(n, GameEnded)] == []
    clock.advance(days=1, hours=3)  # the tick comes three hours late
    notices = await s.tournaments.scheduler.tick()
    [ended] = [n for n in notices if isinstance(n, GameEnded)]
    assert ended.result.game.id == running
    assert ended.result.game.outcome is not None
    assert ended.result.game.outcome.reason == "adjudicated"
    assert ended.result.game.outcome.winner == winner_seat
    [started] = [n for n in notices if isinstance(n, RoundStarted)]
    assert started.round_no == 2
    # On time: two days from the last deadline, not from the late tick.
    second = await tournament(db, t)
    assert second.round_deadline_at == first.round_deadline_at + timedelta(days=2)
    rows = {p.game_id: p for p in await pairings(db, t)}
    note = rows[running].adjudication
    assert note is not None and note["rule"] == "solver"
    assert "wins by force" in note["proof"]["en"] and "必勝" in note["proof"]["ja"]
    assert rows[running].result == ("1-0" if winner_seat == 0 else "0-1")
    assert rows[finished].adjudication is None  # ended on the board: no note
    # Round 2: nobody moves; at the deadline both games are drawn by the solver (the empty
    # board is a draw), and the event finishes.
    clock.advance(days=2)
    notices = await s.tournaments.scheduler.tick()
    assert len([n for n in notices if isinstance(n, GameEnded)]) == 2
    [done] = [n for n in notices if isinstance(n, Finished)]
    assert len(done.standing.adjudicated) == 3
    assert {a.result for a in done.standing.adjudicated if a.round_no == 2} == {"½-½"}
    english = "\n".join(final_blocks(done.standing, "en"))
    japanese = "\n".join(final_blocks(done.standing, "ja"))
    assert "Games adjudicated at a round's deadline" in english
    assert "Neither side can force mate" in english and "wins by force" in english
    assert "ラウンドの期限で裁定した対局" in japanese and "引き分け" in japanese


async def test_the_rule_is_stated_when_the_event_is_made(s: Services, clock: FakeClock) -> None:
    bushi = await create(s, "bushi", format="swiss", round_seconds=3 * DAY)
    senretsu = await create(s, "senretsu", format="swiss", round_seconds=3 * DAY)
    plain = await create(s, "bushi", format="swiss")
    assert "Each round lasts 3 days" in created_text(bushi, "@o", "en")
    assert "solver's exact value" in created_text(bushi, "@o", "en")
    assert "完全解析" in created_text(bushi, "@o", "ja")
    assert "Our addition" in created_text(senretsu, "@o", "en")
    assert "追加ルール" in created_text(senretsu, "@o", "ja")
    assert "⚖️" not in created_text(plain, "@o", "en")
    t = await start(s)
    info = (await s.tournaments.queries.show(t)).tournament
    assert "round 1 of 2, ends <t:" in status_label(info, "en")


async def test_a_bad_round_length_is_refused_and_nothing_is_made(s: Services, db: Database) -> None:
    with pytest.raises(TournamentError) as refused:
        await create(s, format="swiss", round_seconds=HOUR)
    assert "1 to 60 days" in refused.value.message("en")
    async with db.read() as session:
        assert (await session.scalars(select(TournamentRow))).all() == []


async def test_a_move_after_the_judgement_makes_it_judge_again(
    s: Services, clock: FakeClock
) -> None:
    t = await start(s, players=2, rounds=1)
    [game_id] = await active_games(s.games, t)
    game = await s.games.queries.get(game_id)
    mover = game.player(game.rules.to_act(game.state)[0]).user_id
    await s.games.actions.act(game_id, mover, None, winning_line()[0])
    with pytest.raises(StaleVersion):  # judged on the version before the move: refused
        await s.games.actions.adjudicate(game_id, game.version, None, "solver")


async def test_two_schedulers_racing_at_the_deadline_decide_each_game_once(
    db: Database, clock: FakeClock
) -> None:
    async with two_processes(db, clock) as (first, second):
        t = await start(first, players=6, rounds=2)
        games = await active_games(first.games, t)
        clock.advance(days=2)
        a, b = await asyncio.gather(
            first.tournaments.scheduler.tick(), second.tournaments.scheduler.tick()
        )
        ended = [n.result.game.id for n in a + b if isinstance(n, GameEnded)]
        assert sorted(ended) == sorted(games)
        assert [n.round_no for n in a + b if isinstance(n, RoundStarted)] == [2]
        for game_id in games:
            assert await adjudications_logged(db, game_id) == 1
        rows = await pairings(db, t)
        assert all(p.adjudication is not None for p in rows if p.round_no == 1)
        assert len([p for p in rows if p.round_no == 2]) == 3


async def test_a_restart_after_the_adjudication_records_it_once(
    db: Database, clock: FakeClock
) -> None:
    before = services(db, clock, seed=5)
    t = await start(before, players=4, rounds=2)
    games = await active_games(before.games, t)
    clock.advance(days=2, minutes=1)
    # The process decides the games, then stops before recording the results.
    ended = await before.tournaments.scheduler.adjudicate_due(t)
    assert len(ended) == 2
    after = services(db, clock, seed=6)
    notices = await after.tournaments.scheduler.tick()
    assert [n.round_no for n in notices if isinstance(n, RoundStarted)] == [2]
    assert not [n for n in notices if isinstance(n, GameEnded)]  # nothing decided twice
    rows = [p for p in await pairings(db, t) if p.round_no == 1]
    assert all(p.result == "½-½" and p.adjudication is not None for p in rows)
    for game_id in games:
        assert await adjudications_logged(db, game_id) == 1
    assert await after.tournaments.scheduler.tick() == []


async def test_senretsu_rounds_are_decided_by_our_rule(s: Services, clock: FakeClock) -> None:
    await start(s, "senretsu", players=2, rounds=1)
    clock.advance(days=2)
    notices = await s.tournaments.scheduler.tick()
    [done] = [n for n in notices if isinstance(n, Finished)]
    [decided] = done.standing.adjudicated
    assert decided.rule == "deck_ahead" and decided.result == "½-½"
    assert "our added rule" in decided.proof.en and "追加ルール" in decided.proof.ja
