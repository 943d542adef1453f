"""**Verify** on a finished game, as a player meets it: the reply, and the file that
``python -m rules.verify`` checks on anyone's machine — every game kind played to its real end
through the fake Discord, the file replayed to its recorded result, and tampered files refused."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from bot.client import AsobibaBot
from bot.db import GameRow
from bot.services.errors import WrongStatus
from rules.core.rng import Rng
from rules.senretsu.actions import EndPlacement, Place, TakeBack
from rules.verify import main as verify_main
from tests.bot.harness import make_bot
from tests.conftest import FakeClock
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

ROOT = Path(__file__).resolve().parents[2]


class Room:
    def __init__(self, fake: FakeDiscord, bot: AsobibaBot, clock: FakeClock) -> None:
        self.fake = fake
        self.bot = bot
        self.clock = clock
        self.first_board_text = ""
        self.guild = fake.add_guild("Hall")
        self.channel: FakeChannel = fake.add_text_channel(self.guild, "games")
        self.alice: FakeUser = fake.add_user("alice")
        self.bob: FakeUser = fake.add_user("bob", locale="ja")

    async def settle(self, record: Any) -> None:
        await record.wait_response()
        await self.bot.asobiba.activity.wait_idle()

    async def slash(self, command: str, user: FakeUser, **options: object) -> FakeMessage:
        record = await self.fake.slash(command, user=user, channel=self.channel, options=options)
        await self.settle(record)
        assert record.message is not None
        return record.message

    async def click(self, message: FakeMessage, user: FakeUser, **where: str) -> None:
        await self.settle(await self.fake.click(message, user=user, **where))

    async def game_id(self, board: FakeMessage) -> int:
        games = await self.bot.games.queries.list_games(
            self.alice.id, statuses=("active", "finished")
        )
        [game] = [g for g in games if g.message_id == board.id]
        return game.id

    async def finished_yosukou(self, **options: object) -> FakeMessage:
        """Alice plays a 易双六 from its board to the end, always the first button."""
        board = await self.slash("yosukou start", self.alice, **options)
        self.first_board_text = board.text  # the seal, as shown before the first card
        starts = [b for b in board.buttons() if ":start:" in b["custom_id"]]
        await self.click(board, self.alice, custom_id=starts[0]["custom_id"])
        for _ in range(400):
            moves = [b for b in board.buttons() if b["custom_id"].startswith("g:")]
            if not moves:
                break
            await self.click(board, self.alice, custom_id=moves[0]["custom_id"])
        return board

    async def play_from_panel(self, board: FakeMessage, user: FakeUser, code: str) -> None:
        """Open ``user``'s panel and play ``code`` by its button or menu option."""
        await self.click(board, user, prefix="hand:")
        panel = self.fake.ephemeral_messages(user)[-1]
        if code == "end":
            await self.click(panel, user, label="End placement")
            return
        button = [c for c in panel.custom_ids() if c.endswith(f":{code}")]
        if button:
            await self.click(panel, user, custom_id=button[0])
            return
        [menu] = [m for m in panel.selects() if any(o["value"] == code for o in m["options"])]
        record = await self.fake.select(panel, menu["custom_id"], [code], user=user)
        await self.settle(record)

    async def forged_verify(self, message: FakeMessage, user: FakeUser, game_id: int) -> None:
        """A Verify click on ``game_id`` that no board offered (a crafted interaction)."""
        button = {"type": 2, "style": 2, "label": "x", "custom_id": f"vf:{game_id}"}
        record = await self.fake.raw_interaction(
            user=user,
            channel=self.channel,
            data={"custom_id": f"vf:{game_id}", "component_type": 2},
            source_message=message,
            shape=lambda payload: payload["message"]["components"].append(
                {"type": 1, "components": [button]}
            ),
        )
        await self.settle(record)

    async def verify(self, board: FakeMessage, user: FakeUser, tmp_path: Path) -> tuple[str, Path]:
        """Press Verify as ``user``: the reply's text and the attached file, saved."""
        await self.click(board, user, prefix="vf:")
        reply = self.fake.ephemeral_messages(user)[-1]
        [attachment] = reply.attachments
        path = tmp_path / attachment.filename
        path.write_bytes(attachment.data)
        return reply.text, path


@pytest.fixture
async def room(discord_fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Room]:
    clock = FakeClock()
    bot = make_bot(f"sqlite+aiosqlite:///{tmp_path / 'v.sqlite3'}", clock)
    result = Room(discord_fake, bot, clock)
    await discord_fake.run_client(bot)
    await bot.asobiba.services.servers.update(result.guild.id, pictures=False)
    yield result
    await discord_fake.stop_client(bot)


def run_verify(path: Path) -> subprocess.CompletedProcess[str]:
    """``python -m rules.verify FILE`` as a player would run it in a checkout."""
    return subprocess.run(
        [sys.executable, "-m", "rules.verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def verdict(record: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The last line ``rules.verify`` prints for ``record`` (exit status checked against it)."""
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    status = verify_main([str(path)])
    last = capsys.readouterr().out.splitlines()[-1]
    assert (status == 0) == (last == "verified: yes")
    return last


def assert_tampering_is_caught(
    record: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert verdict(record, tmp_path, capsys) == "verified: yes"
    actions = record["actions"]
    changed = [list(a) for a in actions]
    seat, code = changed[len(changed) // 2]
    changed[len(changed) // 2] = [seat, "draw:3" if code != "draw:3" else "draw:4"]
    cases = {
        "an action changed": dict(record, actions=changed),
        "the last move left out": dict(record, actions=actions[:-1]),
        "no moves": dict(record, actions=[]),
        "another seed": dict(record, seed=record["seed"] ^ 1),
        "another result": dict(
            record, outcome={"points": record["outcome"]["points"][::-1], "reason": "resign"}
        ),
        "no result": {k: v for k, v in record.items() if k != "outcome"},
    }
    for case, tampered in cases.items():
        last = verdict(tampered, tmp_path, capsys)
        assert last.startswith("NOT verified: "), case
    assert "commitment" in verdict(cases["another seed"], tmp_path, capsys)
    assert "recorded result" in verdict(cases["another result"], tmp_path, capsys)
    assert "no result" in verdict(cases["no result"], tmp_path, capsys)


@pytest.mark.parametrize("variant", ["original", "simplified"])
async def test_a_yosukou_record_replays_to_its_result_on_anyones_machine(
    room: Room, tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    board = await room.finished_yosukou(variant=variant)
    game = await room.bot.games.queries.get(await room.game_id(board))
    assert game.status == "finished" and game.outcome is not None

    text, path = await room.verify(board, room.alice, tmp_path)
    log = await room.bot.games.queries.event_log(game.id)
    assert text.startswith(f"✅ The seal `{game.commitment[:16]}…` matches")
    assert f"Deal sealed `{game.commitment[:16]}…`" in room.first_board_text  # as first shown
    assert f"the {len(log)} moves in the file" in text
    assert f"python -m rules.verify {path.name}" in text
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["actions"] == [[r.seat, r.action] for r in log]  # 易双六 hides no move
    assert record["settings"]["variant"] == variant
    assert record["outcome"] == {"points": list(game.outcome.points), "reason": game.outcome.reason}

    result = run_verify(path)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert f"replay: {len(log)} actions replayed legally" in lines
    assert "outcome: null" not in lines
    assert any(line.startswith(f'outcome: {{"points": [{game.outcome.points[0]}') for line in lines)
    talon = next(line for line in lines if line.startswith("  talon (top first): "))
    assert len(talon.split(": ")[1].split()) > 10  # the talon the start card was chosen from
    assert lines[-1] == "verified: yes"
    assert_tampering_is_caught(record, tmp_path, capsys)

    japanese, _ = await room.verify(board, room.bob, tmp_path)  # anyone may check a finished game
    assert (
        japanese.startswith(f"✅ 封印 `{game.commitment[:16]}…` と一致しました")
        and f"ファイルの{len(log)}手順" in japanese
    )
    await room.click(board, room.bob, prefix="log:")
    log_file = room.fake.ephemeral_messages(room.bob)[-1].attachments[0].data.decode()
    assert f"シード：{game.seed}\nソルト：{game.salt}" in log_file  # 「：」, and no 塩
    assert f"封印（シードとソルトのSHA-256）：{game.commitment}" in log_file


async def test_a_senretsu_record_shows_placements_not_take_backs(
    room: Room, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = await room.slash(
        "senretsu challenge", room.alice, opponent=room.bob, first="coin", colour="red"
    )
    await room.click(board, room.bob, label="Accept")
    game_id = await room.game_id(board)
    users = {0: room.alice, 1: room.bob}
    rng = Rng.from_seed(17)
    took_back = False
    for _ in range(3000):
        game = await room.bot.games.queries.get(game_id)
        if game.status != "active":
            break
        rules, state = game.rules, game.state
        seat = rules.to_act(state)[0]
        legal = rules.legal_actions(state, seat)
        staged = state.staging.staged if state.staging is not None else ()
        if any(isinstance(a, EndPlacement) for a in legal):
            # Stage a card or two, take one back now and then (private for good), then end.
            backs = [a for a in legal if isinstance(a, TakeBack)]
            places = [a for a in legal if isinstance(a, Place) and a.joker_range in (None, 3)]
            if backs and not took_back:
                action: Any = backs[0]
                took_back = True
            elif places and len(staged) < 2:
                action, rng = rng.choice(places)
            else:
                action, took_back = EndPlacement(), False
        else:
            action, rng = rng.choice(legal)
        if rules.apply(state, seat, action).state.outcome is None:
            await room.bot.games.actions.act(game_id, users[seat].id, None, rules.format(action))
            continue
        # The move that ends the game is made from the panel, as a player makes it.
        await room.play_from_panel(board, users[seat], rules.format(action))
        break
    game = await room.bot.games.queries.get(game_id)
    assert game.status == "finished" and game.outcome is not None

    text, path = await room.verify(board, room.alice, tmp_path)
    assert text.startswith("✅ The seal `"), text
    record = json.loads(path.read_text(encoding="utf-8"))
    log = await room.bot.games.queries.event_log(game_id)
    codes = [code for _, code in record["actions"]]
    assert any(r.action.startswith("t:") for r in log)  # the game had take-backs…
    assert not any(code.startswith("t:") for code in codes)  # …which the file does not show
    assert sum(code.startswith("p:") for code in codes) > 5  # the placements it does
    result = run_verify(path)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith("  deck of seat 1 (top first): ") for line in lines)
    # The coin toss's winner drew before the first action: those cards are shown too.
    [hand] = [line for line in lines if line.startswith("  hand of seat ")]
    assert len(hand.split(": ")[1].split()) == 3
    assert f"replay: {len(codes)} actions replayed legally" in lines
    assert lines[-1] == "verified: yes"
    assert_tampering_is_caught(record, tmp_path, capsys)


async def test_bushi_deals_nothing_hidden_so_offers_no_seal_to_verify(room: Room) -> None:
    board = await room.slash("bushi challenge", room.alice, opponent=room.bob, colour="black")
    await room.click(board, room.bob, label="Accept")
    await room.click(board, room.alice, label="Resign")
    await room.click(room.fake.ephemeral_messages(room.alice)[-1], room.alice, prefix="g:")
    game_id = await room.game_id(board)
    assert (await room.bot.games.queries.get(game_id)).status == "finished"
    assert [b["label"] for b in board.buttons()] == ["Share", "Game log", "Replay", "Rematch"]
    # A forged Verify click is answered plainly: the whole game is in its log.
    for user, expected in ((room.alice, "deals nothing hidden"), (room.bob, "隠れた配札がない")):
        await room.forged_verify(board, user, game_id)
        reply = room.fake.ephemeral_messages(user)[-1]
        assert expected in reply.text and not reply.attachments


async def test_a_daily_deals_record_waits_for_the_day_to_close(
    room: Room,
) -> None:
    record = await room.fake.slash("yosukou daily", user=room.alice, channel=room.channel)
    await room.settle(record)
    assert record.message is not None
    [game] = await room.bot.games.queries.list_games(room.alice.id)
    await room.bot.games.actions.act(game.id, room.alice.id, None, "resign")
    # Others may still be playing today's deal: neither the service nor a forged click gives
    # the seed or the moves away.
    with pytest.raises(WrongStatus):
        await room.bot.games.queries.verification(game.id)
    await room.forged_verify(record.message, room.bob, game.id)
    reply = room.fake.ephemeral_messages(room.bob)[-1]
    assert "明日公開" in reply.text and not reply.attachments
    room.clock.advance(days=1)
    checked = await room.bot.games.queries.verification(game.id)
    assert checked.ok and checked.record.actions[-1] == (0, "resign")


async def test_a_record_that_does_not_match_is_told_plainly(room: Room, tmp_path: Path) -> None:
    board = await room.finished_yosukou()
    game_id = await room.game_id(board)
    db = room.bot.asobiba.services.games.db
    async with db.transaction() as session:  # the stored result no longer what the moves give
        await session.execute(
            update(GameRow)
            .where(GameRow.id == game_id)
            .values(outcome={"points": [1.0], "reason": "goal"})
        )
    text, path = await room.verify(board, room.alice, tmp_path)
    assert (
        text == "❌ Replaying the moves from the seed does not give this end. Please tell an admin."
    )
    assert run_verify(path).stdout.splitlines()[-1] == (
        "NOT verified: the replay does not reach the recorded result"
    )
