"""戦列札 end to end through the fake Discord: secret janken, private hands, staging that only
the placer sees, the committed board, casualties, the bot as opponent — and secrecy checked
over every public message and custom_id."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.client import AsobibaBot
from bot.pictures import canvas
from bot.services.snapshots import GameSnapshot
from bot.ui.game_log import log_text
from rules.senretsu.render import ranged_label
from tests.bot.harness import World, click, make_bot
from tests.conftest import FakeClock
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


class Arena:
    def __init__(self, fake: FakeDiscord, bot: AsobibaBot) -> None:
        self.fake = fake
        self.bot = bot
        guild = fake.add_guild("Field")
        self.guild = guild
        self.channel: FakeChannel = fake.add_text_channel(guild, "battle")
        self.alice: FakeUser = fake.add_user("alice")
        self.bob: FakeUser = fake.add_user("bob")
        self.carol: FakeUser = fake.add_user("carol")

    async def settle(self, record: object) -> None:
        await record.wait_response()  # type: ignore[attr-defined]
        await self.bot.asobiba.activity.wait_idle()

    async def click(self, message: FakeMessage, user: FakeUser, **where: str) -> None:
        await self.settle(await self.fake.click(message, user=user, **where))

    async def select(
        self, message: FakeMessage, user: FakeUser, custom_id: str, value: str
    ) -> None:
        await self.settle(await self.fake.select(message, custom_id, [value], user=user))

    async def panel(self, board: FakeMessage, user: FakeUser) -> FakeMessage:
        await self.click(board, user, prefix="hand:")
        return self.fake.ephemeral_messages(user)[-1]

    async def accepted_challenge(self, **options: object) -> FakeMessage:
        """Alice challenges Bob with ``options``; Bob accepts. Returns the board."""
        record = await self.fake.slash(
            "senretsu challenge",
            user=self.alice,
            channel=self.channel,
            options={"opponent": self.bob, **options},
        )
        await record.wait_response()
        board = record.message
        assert board is not None
        await self.click(board, self.bob, label="Accept")
        return board

    async def challenge_the_bot(self) -> FakeMessage:
        """Alice challenges the bot, first player by a coin toss; the bot accepts (and plays
        at once if it goes first). Returns the board."""
        record = await self.fake.slash(
            "senretsu challenge",
            user=self.alice,
            channel=self.channel,
            options={"opponent": self.fake.bot_user, "first": "coin"},
        )
        await record.wait_complete()
        await self.bot.asobiba.activity.wait_idle()
        board = record.message
        assert board is not None
        return board

    async def stage_first_card(self, panel: FakeMessage, placer: FakeUser) -> None:
        """In ``placer``'s panel: one pick places the first card of the hand at its first
        destination (a short hand's cards and places share one menu)."""
        menu = next(s for s in panel.selects() if s["custom_id"].startswith("gs:"))
        await self.select(panel, placer, menu["custom_id"], menu["options"][0]["value"])

    async def game_on(self, board: FakeMessage) -> GameSnapshot:
        [game] = [
            g
            for g in await self.bot.games.queries.list_games(self.alice.id)
            if g.message_id == board.id
        ]
        return await self.bot.games.queries.get(game.id)

    async def game(self) -> GameSnapshot:
        [game] = await self.bot.games.queries.list_games(
            self.alice.id, statuses=("active", "finished")
        )
        return await self.bot.games.queries.get(game.id)


@pytest.fixture
async def arena(discord_fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Arena]:
    bot = make_bot(f"sqlite+aiosqlite:///{tmp_path / 's.sqlite3'}", FakeClock())
    result = Arena(discord_fake, bot)
    await discord_fake.run_client(bot)
    yield result
    await discord_fake.stop_client(bot)


def hidden_labels(game: GameSnapshot, seat: int) -> set[str]:
    """Labels of the cards in ``seat``'s hand that the other player has never seen."""
    view = game.rules.view_for(game.state, seat)
    return {c.label for c in view.hand} - {c.label for c in view.revealed[seat]}


def public_text(arena: Arena) -> str:
    parts = []
    for message in arena.fake.messages_in(arena.channel):
        for version in [*message.history, message]:
            parts.append(version["content"] if isinstance(version, dict) else version.text)
        parts += message.custom_ids()
    return "\n".join(parts)


async def test_janken_hands_staging_and_secrecy(arena: Arena) -> None:
    # This test reads the panels' text; pictures (the default) are checked in their own test.
    for user in (arena.alice, arena.bob):
        await arena.bot.asobiba.services.standings.set_prefs(user.id, pictures=False)
    board = await arena.accepted_challenge(colour="red")
    assert board.buttons()[0]["label"] == "My hand"

    # Carol is not playing: no panel for her.
    await arena.click(board, arena.carol, prefix="hand:")
    assert "not your game" in arena.fake.ephemeral_messages(arena.carol)[-1].text

    # Janken, secretly, until someone wins (a tie repeats).
    for _ in range(10):
        game = await arena.game()
        if game.state.phase != "janken":
            break
        for user, hand in ((arena.alice, "rock"), (arena.bob, "scissors")):
            panel = await arena.panel(board, user)
            await arena.click(
                panel,
                user,
                custom_id=next(c for c in panel.custom_ids() if c.endswith(f"j:{hand}")),
            )
    game = await arena.game()
    assert game.state.phase != "janken"

    # Whoever places first stages a card privately, then commits it.
    placer = arena.alice if game.seats_to_act[0].user_id == arena.alice.id else arena.bob
    seat = game.seat_of(placer.id)
    assert seat is not None
    panel = await arena.panel(board, placer)
    assert "only you can see this" in panel.text
    board_before = board.text
    await arena.stage_first_card(panel, placer)
    game = await arena.game()
    assert game.rules.view_for(game.state, seat).staged  # staged, privately
    assert "+" in panel.text  # the private preview marks staged cards
    staged_label = game.rules.view_for(game.state, seat).staged[0].label
    assert staged_label not in board.text  # …and the board does not show it
    assert board.text == board_before

    # Undo, place again, end the phase: only now does the card reach the board.
    await arena.click(panel, placer, label="↩️ Undo last")
    assert not (await arena.game()).rules.view_for((await arena.game()).state, seat).staged
    await arena.stage_first_card(panel, placer)
    game = await arena.game()
    placed = game.rules.view_for(game.state, seat).staged[0].label
    await arena.click(panel, placer, label="End placement")
    assert placed in board.text

    # Nothing of either hand, ever, in any public message, its history, or a custom_id.
    game = await arena.game()
    text = public_text(arena)
    for s in (0, 1):
        for label in hidden_labels(game, s):
            assert label not in text, f"{label} leaked"


@pytest.mark.slow
async def test_playing_the_bot_with_a_coin_toss(arena: Arena) -> None:
    board = await arena.challenge_the_bot()
    for _ in range(12):
        game = await arena.game()
        if game.status != "active":
            break
        assert [s.is_bot for s in game.seats_to_act] == [False]  # the bot never keeps us waiting
        panel = await arena.panel(board, arena.alice)
        buttons = [b for b in panel.buttons() if b["custom_id"].startswith("g:")]
        selects = [s for s in panel.selects() if s["custom_id"].startswith("gs:")]
        if buttons:
            await arena.click(panel, arena.alice, custom_id=buttons[-1]["custom_id"])
        elif selects:
            await arena.select(
                panel, arena.alice, selects[0]["custom_id"], selects[0]["options"][0]["value"]
            )
    game = await arena.game()
    assert game.ply >= 4
    text = public_text(arena)
    for label in hidden_labels(game, 1):  # the bot's hand stays secret too
        assert label not in text


async def test_two_players_pick_janken_at_the_same_moment(arena: Arena) -> None:
    board = await arena.accepted_challenge()
    alice_panel = await arena.panel(board, arena.alice)
    bob_panel = await arena.panel(board, arena.bob)
    pick = {
        p.id: next(c for c in p.custom_ids() if c.endswith("j:paper"))
        for p in (alice_panel, bob_panel)
    }
    pick_bob = next(c for c in bob_panel.custom_ids() if c.endswith("j:rock"))
    first, second = await asyncio.gather(
        arena.fake.click(alice_panel, pick[alice_panel.id], user=arena.alice),
        arena.fake.click(bob_panel, pick_bob, user=arena.bob),
    )
    await arena.settle(first)
    await arena.settle(second)
    game = await arena.game()
    assert game.state.phase != "janken" and game.state.first_player == 0  # paper beats rock
    assert "has changed" not in "\n".join(m.text for m in arena.fake.ephemeral_messages())


async def test_a_janken_pick_raced_by_its_panels_edit_still_counts(arena: Arena) -> None:
    """Discord sends a click with its message as it is when the click arrives: if the other
    player's pick redrew this panel meanwhile, the pick's button is no longer on it. The pick
    names everything it does, so it still counts (it used to be answered as a stale button)."""
    board = await arena.accepted_challenge()
    alice_panel = await arena.panel(board, arena.alice)
    bob_panel = await arena.panel(board, arena.bob)
    paper = next(c for c in alice_panel.custom_ids() if c.endswith("j:paper"))
    rock = next(c for c in bob_panel.custom_ids() if c.endswith("j:rock"))
    await arena.settle(await arena.fake.click(bob_panel, rock, user=arena.bob))
    record = await arena.fake.raw_interaction(
        user=arena.alice,
        channel=arena.channel,
        data={"custom_id": paper, "component_type": 2},
        source_message=board,  # a message without the pick's button on it
    )
    await arena.settle(record)
    game = await arena.game()
    assert game.state.phase != "janken" and game.state.first_player == 0  # paper beats rock
    said = "\n".join(m.text for m in arena.fake.ephemeral_messages(arena.alice))
    assert "out of date" not in said


async def test_a_joker_asks_for_its_range(arena: Arena) -> None:
    """Find a game whose first placer holds a joker, then place it through the range form."""
    for _ in range(60):
        board = await arena.accepted_challenge(first="coin")
        game = await arena.game_on(board)
        placer_seat = game.seats_to_act[0].seat
        view = game.rules.view_for(game.state, placer_seat)
        if any(card.is_joker for card in view.hand):
            break
        await arena.bot.games.actions.act(game.id, arena.alice.id, None, "resign")
    else:
        pytest.fail("no joker came up")
    placer = arena.alice if game.player(placer_seat).user_id == arena.alice.id else arena.bob
    panel = await arena.panel(board, placer)
    menu = next(s for s in panel.selects() if s["custom_id"].startswith("gs:"))
    joker = next(o for o in menu["options"] if o["label"].startswith("Jk→"))
    assert joker["description"] == "then type its range"

    async def open_form() -> Any:
        opened = await arena.fake.select(panel, menu["custom_id"], [joker["value"]], user=placer)
        await opened.wait_response()
        assert opened.modal is not None
        [label] = opened.modal["components"]  # a Label (18) around the text input (4)
        assert (label["type"], label["component"]["type"]) == (18, 4) and label["label"]
        return opened, label["component"]["custom_id"]

    # A range out of bounds is refused politely; a good one stages the joker.
    opened, text_input = await open_form()
    await arena.settle(await arena.fake.submit_modal(opened, {text_input: "0"}))
    assert "1 to 99" in arena.fake.ephemeral_messages(placer)[-1].text
    opened, text_input = await open_form()
    await arena.settle(await arena.fake.submit_modal(opened, {text_input: "7"}))
    game = await arena.game_on(board)
    staged = game.rules.view_for(game.state, placer_seat).staged
    assert [c.is_joker for c in staged] == [True]


async def test_resigning_after_private_steps_still_works(arena: Arena) -> None:
    """Staging changes the game's version without redrawing the board: the board's Resign
    button must still lead to a confirmation that works."""
    board = await arena.accepted_challenge(first="coin")
    game = await arena.game()
    placer = arena.alice if game.seats_to_act[0].user_id == arena.alice.id else arena.bob
    panel = await arena.panel(board, placer)
    await arena.stage_first_card(panel, placer)
    assert (await arena.game()).version > game.version  # the board was not redrawn
    await arena.click(board, placer, label="Resign")
    confirm = arena.fake.ephemeral_messages(placer)[-1]
    await arena.click(confirm, placer, prefix="g:")
    assert (await arena.game()).status == "finished"


async def test_open_panels_follow_the_game(arena: Arena) -> None:
    """When the turn passes, the other player's open panel redraws itself with its controls;
    a click on an old panel gets the fresh panel; the turn ping carries a way into it."""
    board = await arena.accepted_challenge(first="coin")
    game = await arena.game()
    placer = arena.alice if game.seats_to_act[0].user_id == arena.alice.id else arena.bob
    other = arena.bob if placer is arena.alice else arena.alice
    waiting = await arena.panel(board, other)
    assert "Not your move now" in waiting.text or "相手の番" in waiting.text
    assert not waiting.selects() and not waiting.buttons()
    panel = await arena.panel(board, placer)
    await arena.stage_first_card(panel, placer)
    await arena.click(panel, placer, label="End placement")
    # The other player's panel, opened before, now asks for their first draw (in Japanese
    # for Bob, in English for Alice) and offers the counts — no new click needed.
    await arena.fake.wait_until(lambda: bool(waiting.buttons()))
    assert {b["label"] for b in waiting.buttons()} >= {"Draw 3", "Draw 6"} or {
        b["label"] for b in waiting.buttons()
    } >= {"3枚引く", "6枚引く"}
    # The placer's own panel now waits, with nothing to click.
    assert not panel.buttons() and not panel.selects()
    ping = arena.fake.messages_in(arena.channel)[-1]
    assert f"<@{other.id}>" in ping.text
    assert [b["custom_id"] for b in ping.buttons()] == [f"hand:{game.id}"]


async def test_a_janken_tie_is_told_to_both(arena: Arena) -> None:
    board = await arena.accepted_challenge()
    panels = {user: await arena.panel(board, user) for user in (arena.alice, arena.bob)}
    for user, panel in panels.items():
        assert [b["label"] for b in panel.buttons()][:3] in (
            ["rock ✊", "scissors ✌️", "paper ✋"],
            ["グー ✊", "チョキ ✌️", "パー ✋"],
        )
        rock = next(b for b in panel.buttons() if b["custom_id"].endswith(":j:rock"))
        await arena.click(panel, user, custom_id=rock["custom_id"])
    await arena.fake.wait_until(
        lambda: all("tie" in p.text or "あいこ" in p.text for p in panels.values())
    )
    for panel in panels.values():
        assert "A tie (both played rock" in panel.text or "あいこ（どちらもグー" in panel.text
    assert panels[arena.alice].buttons() and panels[arena.bob].buttons()


async def test_the_panel_shows_the_hand_as_a_picture_by_default(arena: Arena) -> None:
    board = await arena.accepted_challenge(first="coin")
    game = await arena.game()
    placer = arena.alice if game.seats_to_act[0].user_id == arena.alice.id else arena.bob
    panel = await arena.panel(board, placer)
    [picture] = panel.attachments
    assert picture.filename == "hand.png" and picture.data[:4] == b"\x89PNG"
    assert "```" not in panel.text and panel.selects()  # the controls stay
    # The public board's picture never changes with a private step.
    before = board.attachments[0].data
    await arena.stage_first_card(panel, placer)
    assert board.attachments[0].data == before
    assert panel.attachments[0].data != picture.data  # the staged card shows in the panel


async def test_private_steps_leave_no_trace_and_no_replay_before_the_end(arena: Arena) -> None:
    board = await arena.accepted_challenge(colour="red")
    for _ in range(10):  # janken until someone wins
        game = await arena.game()
        if game.state.phase != "janken":
            break
        for user, hand in ((arena.alice, "rock"), (arena.bob, "scissors")):
            panel = await arena.panel(board, user)
            await arena.click(
                panel,
                user,
                custom_id=next(c for c in panel.custom_ids() if c.endswith(f"j:{hand}")),
            )
    game = await arena.game()
    placer = arena.alice if game.seats_to_act[0].user_id == arena.alice.id else arena.bob
    panel = await arena.panel(board, placer)
    await arena.stage_first_card(panel, placer)  # private
    await arena.click(panel, placer, label="↩️ Undo last")  # private
    await arena.stage_first_card(panel, placer)  # private
    await arena.click(panel, placer, label="End placement")

    # While the game runs, forged Replay and Log buttons are refused politely by the service.
    for custom_id in (f"rps:{game.id}", f"log:{game.id}", f"rp:{game.id}:1:n"):
        record = await arena.fake.raw_interaction(
            user=arena.carol,
            channel=arena.channel,
            data={"custom_id": custom_id, "component_type": 2},
            source_message=board,
            shape=lambda payload, cid=custom_id: payload["message"]["components"].append(
                {"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": cid}]}
            ),
        )
        await arena.settle(record)
        assert (
            "available once the game is over" in arena.fake.ephemeral_messages(arena.carol)[-1].text
        )

    await arena.click(board, placer, label="Resign")
    confirm = arena.fake.ephemeral_messages(placer)[-1]
    await arena.click(confirm, placer, prefix="g:")
    game = await arena.game()
    assert game.status == "finished"

    raw = await arena.bot.games.queries.event_log(game.id)
    public = await arena.bot.games.queries.public_log(game.id)
    assert len(raw) - len(public) == 3  # the three private steps
    assert [e.ply for e in public] == list(range(1, len(public) + 1))
    text = log_text(game, public, "en", arena.bot.games.clock().date())
    assert not [line for line in text.splitlines() if line.strip().endswith(". —")]
    numbered = [line.split(".")[0].strip() for line in text.splitlines() if line[:4].strip()]
    assert [n for n in numbered if n.isdigit()] == [str(n) for n in range(1, len(public) + 1)]
    _, final, _, steps = await arena.bot.games.queries.state_at(game.id, 10**6)
    assert steps == len(public)
    assert final == game.state  # the last position is the game's end


async def test_a_joker_form_opened_before_a_restart_works_after_it(world: World) -> None:
    fake = world.fake
    for _ in range(60):
        record = await fake.slash(
            "senretsu challenge",
            user=world.alice,
            channel=world.channel,
            options={"opponent": world.bob, "first": "coin"},
        )
        await record.wait_response()
        board = record.message
        assert board is not None
        await click(world, board, world.bob, label="Accept")
        await world.bot.asobiba.activity.wait_idle()
        [summary] = [g for g in await world.bot.games.queries.list_games(world.alice.id)]
        game = await world.bot.games.queries.get(summary.id)
        seat = game.seats_to_act[0].seat
        if any(c.is_joker for c in game.rules.view_for(game.state, seat).hand):
            break
        await world.bot.games.actions.act(game.id, world.alice.id, None, "resign")
    else:
        pytest.fail("no joker came up")
    placer = world.alice if game.player(seat).user_id == world.alice.id else world.bob
    await click(world, board, placer, prefix="hand:")
    panel = fake.ephemeral_messages(placer)[-1]
    menu = next(s for s in panel.selects() if s["custom_id"].startswith("gs:"))
    joker = next(o for o in menu["options"] if o["label"].startswith("Jk→"))
    opened = await fake.select(panel, menu["custom_id"], [joker["value"]], user=placer)
    await opened.wait_response()
    assert opened.modal is not None
    field = opened.modal["components"][0]["component"]["custom_id"]

    await world.restart()  # the bot that opened the form is gone
    submitted = await fake.submit_modal(opened, {field: "5"})
    await submitted.wait_response()
    await world.bot.asobiba.activity.wait_idle()
    game = await world.bot.games.queries.get(game.id)
    staged = game.rules.view_for(game.state, seat).staged
    assert [(c.is_joker) for c in staged] == [True]


async def _words_only(arena: Arena, *users: FakeUser) -> None:
    """Boards and panels as text, to read what they say."""
    await arena.bot.asobiba.services.servers.update(arena.guild.id, pictures=False)
    for user in users:
        await arena.bot.asobiba.services.standings.set_prefs(user.id, pictures=False)


async def _play_a_turn(arena: Arena, board: FakeMessage, user: FakeUser) -> str | None:
    """``user`` does what their panel asks: picks the largest first draw, loses the first
    card offered, or places the first card of the hand and ends. Returns the placed label."""
    panel = await arena.panel(board, user)
    draws = [b for b in panel.buttons() if b["label"] in ("Draw 6", "6枚引く")]
    if draws:
        await arena.click(panel, user, custom_id=draws[0]["custom_id"])
        return None
    lose = [b for b in panel.buttons() if b["label"].startswith(("Lose ", "を失う"))]
    lose += [b for b in panel.buttons() if b["label"].endswith("を失う")]
    if lose:
        await arena.click(panel, user, custom_id=lose[0]["custom_id"])
        return None
    menus = [s for s in panel.selects() if s["custom_id"].startswith("gs:")]
    if menus and menus[0]["options"][0].get("description") is None:
        await arena.stage_first_card(panel, user)
    [listed] = [
        g for g in await arena.bot.games.queries.list_games(user.id) if g.message_id == board.id
    ]
    game = await arena.bot.games.queries.get(listed.id)
    staged = game.rules.view_for(game.state, game.seat_of(user.id)).staged
    end = next(b for b in panel.buttons() if b["label"] in ("End placement", "配置終了"))
    await arena.click(panel, user, custom_id=end["custom_id"])
    return staged[0].label if staged else None


def _secret_from(game: GameSnapshot, seat: int, text: str) -> None:
    for label in hidden_labels(game, seat):
        assert label not in text, f"{label} leaked"


async def test_the_opponents_last_turn_is_told_on_the_board_and_in_the_panel(
    arena: Arena,
) -> None:
    """Alice (English) and Dan (Japanese): each, at the start of their turn, reads what the
    other just did — the attack, the draw, the cards placed — on the board and in their own
    panel; never a card still hidden."""
    dan = arena.fake.add_user("dan", locale="ja")
    await _words_only(arena, arena.alice, dan)
    record = await arena.fake.slash(
        "senretsu challenge",
        user=arena.alice,
        channel=arena.channel,
        options={"opponent": dan, "first": "coin"},
    )
    await record.wait_response()
    board = record.message
    assert board is not None
    await arena.click(board, dan, label="Accept")
    game = await arena.game_on(board)
    users = {game.seat_of(u.id): u for u in (arena.alice, dan)}
    first = game.seats_to_act[0].seat
    placed = await _play_a_turn(arena, board, users[first])
    assert placed is not None
    tag = f"P{first + 1}"

    # The second player's turn: the board says what the first did, in the server's English …
    await arena.fake.wait_until(lambda: f"{tag}'s last turn (turn 1):" in board.text)
    assert f"{tag} drew 3" in board.text and f"{tag} placed {placed}→L1" in board.text
    # … and so does the second player's own panel, in their language.
    second = users[1 - first]
    panel = await arena.panel(board, second)
    if second is dan:
        assert f"{tag}の前のターン（1ターン目）：" in panel.text
        assert f"{tag}が3枚引いた" in panel.text and f"{tag}の配置：{placed}→1列" in panel.text
    else:
        assert f"{tag}'s last turn (turn 1):" in panel.text
        assert f"{tag} placed {placed}→L1" in panel.text

    # The second player draws, places and ends: the first reads all of it at their turn.
    await _play_a_turn(arena, board, second)  # the first draw
    placed_second = await _play_a_turn(arena, board, second)
    other = f"P{2 - first}"
    await arena.fake.wait_until(lambda: f"{other}'s last turn (turn 2):" in board.text)
    assert f"{other} drew 6" in board.text
    if placed_second is not None:
        assert f"{other} placed {placed_second}→" in board.text
    game = await arena.game_on(board)
    if game.state.phase == "place":
        panel = await arena.panel(board, users[first])
        words = "の前のターン（2ターン目）：" if users[first] is dan else "'s last turn (turn 2):"
        assert other + words in panel.text

    # Secrecy: no public message, and neither panel, shows a card its reader may not know.
    game = await arena.game_on(board)
    text = public_text(arena)
    for seat in (0, 1):
        _secret_from(game, seat, text)
        reader = users[1 - seat]
        _secret_from(game, seat, "\n".join(m.text for m in arena.fake.ephemeral_messages(reader)))


async def test_after_the_bots_turn_you_read_what_it_did(arena: Arena) -> None:
    """Against the bot, its whole turn happens between two of yours: the board and your
    panel tell it (its placements, attack and draw), and never a card of its hand."""
    await _words_only(arena, arena.alice)
    board = await arena.challenge_the_bot()
    game = await arena.game()
    bot_seat = next(s.seat for s in game.seats if s.is_bot)
    tag = f"P{bot_seat + 1}"
    for _ in range(8):
        game = await arena.game()
        previous = game.state.previous_turn
        if previous is not None and previous.seat == bot_seat and game.state.phase == "place":
            break
        await _play_a_turn(arena, board, arena.alice)
        await arena.bot.asobiba.activity.wait_idle()
    else:
        pytest.fail("the bot never finished a turn")
    heading = f"{tag}'s last turn (turn {previous.turn}):"
    said = [f"{tag} drew {previous.drawn}"] if previous.drawn else []
    said += [
        f"{tag} placed "
        + ", ".join(f"{ranged_label(p.card, p.range)}→L{p.line + 1}" for p in previous.placed)
        if previous.placed
        else f"{tag} placed nothing"
    ]
    await arena.fake.wait_until(lambda: heading in board.text)
    panel = await arena.panel(board, arena.alice)
    for text in (board.text, panel.text):
        assert heading in text
        for sentence in said:
            assert sentence in text.replace("\n    ", " "), sentence
    game = await arena.game()
    _secret_from(game, bot_seat, public_text(arena))
    _secret_from(
        game, bot_seat, "\n".join(m.text for m in arena.fake.ephemeral_messages(arena.alice))
    )


async def test_the_pictures_name_the_players(arena: Arena) -> None:
    """The board's and the hand's pictures say the players' display names, not P1/P2: an
    emoji the font lacks is left out, the rest drawn as typed."""
    arena.fake.add_member(arena.guild, arena.alice, nick="Alice 🌸 **A**")
    with canvas.watching() as canvases:
        board = await arena.accepted_challenge(first="coin")
        game = await arena.game()
        placer = arena.alice if game.seats_to_act[0].user_id == arena.alice.id else arena.bob
        panel = await arena.panel(board, placer)
    assert board.attachments and panel.attachments
    drawn = " ".join(t.text for c in canvases for t in c.texts)
    assert "Alice **A**" in drawn and "bob" in drawn
    assert "P1" not in drawn and "P2" not in drawn and "🌸" not in drawn


async def test_the_status_names_the_players_as_the_pictures_do(arena: Arena) -> None:
    """Beside pictures that name the players, the board's status line and the panel's prompt
    name them too (issue 31): never ``Player 1``/``P2`` — only the heading keeps each seat's
    name beside its player, which the text board (words only) goes by."""
    board = await arena.challenge_the_bot()
    seen: list[str] = []
    for _ in range(12):
        game = await arena.game()
        if game.state.outcome is not None:
            break
        panel = await arena.panel(board, arena.alice)
        seen.append(panel.text)
        await _play_a_turn(arena, board, arena.alice)
        await arena.bot.asobiba.activity.wait_idle()
        seen.append(board.text)
    said = [
        line
        for text in seen
        for line in text.splitlines()
        if not line.startswith(("### ", "casual · "))
    ]
    numbered = re.compile(r"Player [12]|(?<![A-Za-z0-9])P[12](?![0-9])")
    assert not [line for line in said if numbered.search(line)]
    assert any(line.startswith("Last: ") and "Asobiba" in line for line in said)
