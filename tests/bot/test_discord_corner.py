"""A player's corner of a game through the fake Discord: a private note (a form) and, in
武士将棋, planned answers that play themselves — and never reach the opponent."""

from __future__ import annotations

from bot.services.games import GameService
from tests.bot.harness import World, challenge, click, private_count, private_reply, until
from tests.fakediscord import FakeMessage, FakeUser


async def started(world: World) -> FakeMessage:
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    return board


def games(world: World) -> GameService:
    return world.bot.asobiba.services.games


async def open_corner(world: World, board: FakeMessage, user: FakeUser) -> FakeMessage:
    seen = private_count(world, user)
    await click(world, board, user, label="Note & plans")
    await private_reply(world, user, seen)
    return world.fake.ephemeral_messages(user)[-1]


async def choose(world: World, message: FakeMessage, user: FakeUser, prefix: str, n: int) -> str:
    menu = next(s for s in message.selects() if s["custom_id"].startswith(prefix))
    value = str(menu["options"][n]["value"])
    record = await world.fake.select(message, menu["custom_id"], [value], user=user)
    await record.wait_complete()
    return value


async def plan_first_answer(world: World, board: FakeMessage) -> tuple[FakeMessage, str, str]:
    """Bob (Japanese) plans: if Alice plays her first drop, he answers with his first."""
    corner = await open_corner(world, board, world.bob)
    assert "予約手はありません" in corner.text
    theirs = await choose(world, corner, world.bob, "pt:", 0)
    await until(world, lambda: any(s["custom_id"].startswith("pm:") for s in corner.selects()))
    assert "への応手を選んでください" in corner.text
    mine = await choose(world, corner, world.bob, "pm:", 0)
    await until(world, lambda: "予約手を保存しました" in corner.text)
    assert "相手が「" in corner.text and "取り消す" in str(corner.buttons())
    return corner, theirs, mine


async def test_a_planned_answer_plays_itself_after_a_restart(world: World) -> None:
    board = await started(world)
    game_id = int(board.selects()[0]["custom_id"].split(":")[1])
    _, theirs, mine = await plan_first_answer(world, board)
    before = board.text
    alice_private = private_count(world, world.alice)

    await world.restart()
    await choose(world, board, world.alice, "gs:", 0)
    await until(world, lambda: board.text != before)
    game = await games(world).queries.get(game_id)
    assert game.ply == 2  # Alice's drop and Bob's planned answer, nothing more
    moves = await games(world).db.store.read_moves(game_id)
    assert moves == [(0, theirs), (1, mine)]
    assert [s.seat for s in game.seats_to_act] == [0]
    assert await games(world).asides.plan(game_id, world.bob.id) is None
    # Alice saw a board, never a word about a plan.
    assert private_count(world, world.alice) == alice_private
    assert "plan" not in board.text.lower() and "予約" not in board.text


async def test_any_other_move_cancels_the_plan(world: World) -> None:
    board = await started(world)
    game_id = int(board.selects()[0]["custom_id"].split(":")[1])
    await plan_first_answer(world, board)
    before = board.text
    await choose(world, board, world.alice, "gs:", 1)  # not the planned drop
    await until(world, lambda: board.text != before)
    game = await games(world).queries.get(game_id)
    assert game.ply == 1 and [s.seat for s in game.seats_to_act] == [1]
    assert await games(world).asides.plan(game_id, world.bob.id) is None
    corner = await open_corner(world, board, world.bob)
    assert "予約手は相手の手番" in corner.text  # Bob's turn: nothing to plan now


async def test_the_opponent_cannot_see_or_use_a_plan(world: World) -> None:
    board = await started(world)
    corner, _, _ = await plan_first_answer(world, board)
    # Alice (to move) opens her own corner: no plan of Bob's, no planning on her turn.
    hers = await open_corner(world, board, world.alice)
    assert "You can plan answers on your opponent's turn" in hers.text
    assert "if they play" not in hers.text
    # Carol, a bystander, is refused.
    seen = private_count(world, world.carol)
    await click(world, board, world.carol, label="Note & plans")
    assert "not your game" in await private_reply(world, world.carol, seen)
    # Bob cancels his plan from his corner.
    await click(world, corner, world.bob, label="予約手を取り消す")
    await until(world, lambda: "予約手を取り消しました" in corner.text)


async def test_a_private_note_is_kept_escaped_and_shown_to_its_author_only(world: World) -> None:
    board = await started(world)
    game_id = int(board.selects()[0]["custom_id"].split(":")[1])
    corner = await open_corner(world, board, world.alice)
    assert "No note yet" in corner.text
    opened = await world.fake.click(corner, user=world.alice, label="Write note")
    await opened.wait_response()
    assert opened.modal is not None
    [label] = opened.modal["components"]
    typed = "watch the **left** file @everyone <@1>"
    submitted = await world.fake.submit_modal(opened, {label["component"]["custom_id"]: typed})
    await submitted.wait_complete()
    await until(world, lambda: "Note saved" in corner.text)
    assert "\\*\\*left\\*\\*" in corner.text  # markup shown as typed, not applied
    assert "@everyone" not in corner.text.replace("@\u200beveryone", "")
    assert await games(world).asides.note(game_id, world.alice.id) == typed
    # Bob's corner shows no note of Alice's; the board and log never do.
    bobs = await open_corner(world, board, world.bob)
    assert "left" not in bobs.text and "メモはまだありません" in bobs.text
    assert "left" not in board.text
    assert all("left" not in m.text for m in world.fake.messages_in(world.channel))

    # After the game, Alice's replay shows her note; Bob's replay of the same game does not.
    await click(world, board, world.bob, label="Resign")
    confirm = world.fake.ephemeral_messages(world.bob)[-1]
    await click(world, confirm, world.bob, prefix="g:")
    await until(world, lambda: "🏆" in board.text)
    seen = private_count(world, world.alice)
    await click(world, board, world.alice, label="Replay")
    assert "Your note" in await private_reply(world, world.alice, seen)
    assert "\\*\\*left\\*\\*" in world.fake.ephemeral_messages(world.alice)[-1].text
    seen = private_count(world, world.bob)
    await click(world, board, world.bob, label="Replay")
    assert "left" not in await private_reply(world, world.bob, seen)


async def test_an_answer_a_crash_left_owed_is_played_at_the_next_start(world: World) -> None:
    board = await started(world)
    game_id = int(board.selects()[0]["custom_id"].split(":")[1])
    _, theirs, mine = await plan_first_answer(world, board)
    # Alice's move is committed, and the process dies before the planned answer.
    game = await games(world).queries.get(game_id)
    await games(world).actions._act_once(game_id, game.version, theirs, user_id=world.alice.id)
    before = board.text
    await world.restart()
    await until(world, lambda: board.text != before)
    assert await games(world).db.store.read_moves(game_id) == [(0, theirs), (1, mine)]
    assert "Black to move" in board.text or "◀ to move" in board.text


async def test_a_line_of_two_pairs_is_built_in_the_corner(world: World) -> None:
    board = await started(world)
    game_id = int(board.selects()[0]["custom_id"].split(":")[1])
    corner, theirs, mine = await plan_first_answer(world, board)
    menu = next(s for s in corner.selects() if s["custom_id"].startswith("pt:"))
    assert menu["custom_id"].split(":")[3] == "2"  # after the two codes kept
    assert menu["placeholder"] == "さらに相手がこう指したら…"
    then = await choose(world, corner, world.bob, "pt:", 0)
    await until(world, lambda: any(s["custom_id"].startswith("pm:") for s in corner.selects()))
    answer = await choose(world, corner, world.bob, "pm:", 0)
    await until(world, lambda: corner.text.count("相手が「") == 2)
    plan = await games(world).asides.plan(game_id, world.bob.id)
    assert plan is not None and plan.line == (theirs, mine, then, answer)
