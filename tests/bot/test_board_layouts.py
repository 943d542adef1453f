"""Boards and panels are Components V2 cards: one container holding the heading, the picture
(or the text board), the status with the button it acts on beside it, and the rows of actions.
A board posted the old way (content + rows) turns into a card on its next edit."""

from __future__ import annotations

import discord

from bot.services.freshness import Seen
from bot.ui.components import GameActionButton
from tests.bot.harness import World, challenge, click, until
from tests.fakediscord import FakeMessage
from tests.fakediscord.models import FLAG_COMPONENTS_V2


def kinds(message: FakeMessage) -> list[int]:
    """The types inside the message's one container, in order."""
    [container] = message.components
    assert container["type"] == 17
    return [c["type"] for c in container["components"]]


def pictures(message: FakeMessage) -> list[str]:
    return [
        item["media"]["url"]
        for c in message.iter_components()
        if c.get("type") == 12
        for item in c["items"]
    ]


async def test_a_challenge_then_a_board_then_a_result_are_one_card(world: World) -> None:
    board = await challenge(world)
    assert board.flags & FLAG_COMPONENTS_V2 and board.content == ""
    assert kinds(board)[:2] == [10, 10]  # heading, then the text board of the empty dojo
    assert "```" in board.text and f"<@{world.bob.id}>" in board.text
    assert [u["id"] for u in board["mentions"]] == [str(world.alice.id), str(world.bob.id)]
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.attachments))
    # Accepted: the picture replaces the text board; the moves are a menu under the status.
    assert pictures(board) == ["attachment://board.png"]
    assert [a.filename for a in board.attachments] == ["board.png"]
    assert kinds(board) == [10, 12, 10, 1, 1] and "```" not in board.text
    alt = next(c for c in board.iter_components() if c.get("type") == 12)["items"][0]
    assert "not placed yet" in alt["description"]  # the picture's words for screen readers
    await click(world, board, world.alice, prefix="rs:")
    confirm = world.fake.ephemeral_messages(world.alice)[-1]
    await click(world, confirm, world.alice, prefix="g:")
    await until(world, lambda: "🏆" in board.text)
    assert board.flags & FLAG_COMPONENTS_V2 and board.content == ""
    labels = [b["label"] for b in board.buttons()]
    assert "Game log" in labels and "Rematch" in labels


async def test_text_boards_are_cards_too_and_drop_the_picture(world: World) -> None:
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.attachments))
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    await click(world, board, world.alice, prefix="rs:")
    confirm = world.fake.ephemeral_messages(world.alice)[-1]
    await click(world, confirm, world.alice, prefix="g:")
    await until(world, lambda: "🏆" in board.text)
    assert not board.attachments and pictures(board) == []
    assert "```" in board.text and board.flags & FLAG_COMPONENTS_V2


async def test_a_board_posted_the_old_way_becomes_a_card_on_its_next_edit(world: World) -> None:
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.attachments))
    game_id = int(board.custom_ids()[0].split(":")[1])
    game = await world.bot.games.queries.get(game_id)
    # Bob asks to resign (he confirms once the game's board is another message).
    await click(world, board, world.bob, prefix="rs:")
    confirm = world.fake.ephemeral_messages(world.bob)[-1]
    # The board as an older release posted it: words in the content, classic button rows.
    classic = discord.ui.View(timeout=None)
    classic.add_item(GameActionButton(game.id, Seen.at(game), "resign-nothing", "Old button"))
    channel = world.bot.get_partial_messageable(world.channel.id)
    old = await channel.send("**Bushi Shogi** (an old board)", view=classic)
    await world.bot.games.messages.attach_message(game.id, world.channel.id, old.id)
    message = world.fake.messages[old.id]
    assert not message.flags & FLAG_COMPONENTS_V2 and message.content
    # Bob resigns: the old message (the game's board now) is redrawn.
    await click(world, confirm, world.bob, prefix="g:")
    await until(world, lambda: "🏆" in message.text)
    assert message.flags & FLAG_COMPONENTS_V2 and message.content == ""
    assert kinds(message)[0] == 10 and world.fake.take_violations() == []


async def test_a_japanese_server_reads_its_card_in_japanese(world: World) -> None:
    guild = world.fake.add_guild("道場", locale="ja")
    channel = world.fake.add_text_channel(guild, "対局")
    for user in (world.alice, world.bob):
        world.fake.add_member(guild, user)
    record = await world.fake.slash(
        "bushi challenge", user=world.alice, channel=channel, options={"opponent": world.bob}
    )
    await record.wait_response()
    assert record.message is not None
    board = record.message
    await click(world, board, world.bob, label="受ける")
    await until(world, lambda: bool(board.attachments))
    assert "武士将棋" in board.text and "手番" in board.text
    menu = board.selects()[0]
    assert any("三方払い" in o["label"] for o in menu["options"])


def test_a_lone_action_stands_beside_the_status_it_acts_on() -> None:
    """One button alone in the first row (易双六's Draw, 戦列札's My hand) is the status'
    accessory in a Section, not a row of its own; two buttons stay a row."""
    from bot.ui.layout import Card

    def card(buttons: int) -> discord.ui.Container[discord.ui.LayoutView]:
        row = [
            GameActionButton(7, Seen(ply=3), f"d{n}", f"Draw {n}", discord.ButtonStyle.primary)
            for n in range(buttons)
        ]
        view = Card(heading="### 易双六", status="Your draw.", rows=[row]).view()
        [container] = view.children
        assert isinstance(container, discord.ui.Container)
        return container

    alone = card(1).children
    assert isinstance(alone[-1], discord.ui.Section)
    assert isinstance(alone[-1].accessory, GameActionButton)
    two = card(2).children
    assert isinstance(two[-2], discord.ui.TextDisplay) and isinstance(two[-1], discord.ui.ActionRow)


def test_a_web_link_gives_way_before_the_controls_beside_it() -> None:
    """The 🌐 Web link joins the last row where there is room; on a card already holding all
    the components Discord allows, the link goes, never the controls it was put beside."""
    from bot.ui.layout import MAX_COMPONENTS, Card
    from bot.ui.web_links import with_web_link

    def row(n: int, start: int) -> list[discord.ui.Item[discord.ui.LayoutView]]:
        return [
            GameActionButton(7, Seen(ply=3), f"m{k}", f"Move {k}", discord.ButtonStyle.primary)
            for k in range(start, start + n)
        ]

    def buttons(rows: list[list[discord.ui.Item[discord.ui.LayoutView]]]) -> list[str | None]:
        view = Card(heading="### 武士将棋", status="Your move.", rows=rows).view()
        assert sum(1 for _ in view.walk_children()) <= MAX_COMPONENTS
        return [b.label for b in view.walk_children() if isinstance(b, discord.ui.Button)]

    roomy = with_web_link([row(5, 0), row(3, 5)], "https://example.org/g/x", "en")
    assert len(roomy) == 2 and buttons(roomy)[-1] == "Web"
    # Container, heading and status (3), five full rows (30) and a row of four (5) leave room
    # for a row of one: its control stays, and the link beside it goes.
    rows = [row(5, 5 * n) for n in range(5)] + [row(4, 25), row(1, 29)]
    shown = buttons(with_web_link(rows, "https://example.org/g/x", "en"))
    assert "Web" not in shown and "Move 29" in shown and len(shown) == 30


def test_menu_options_keep_to_discords_hundred_characters() -> None:
    """A label or description longer than Discord takes is cut at 100 characters, not
    refused, and not cut shorter."""
    from bot.games.offers import Choice, Offer
    from bot.ui.layout import menu_options

    long = "戦" * 150
    [option] = menu_options(Offer((Choice(long, "c1", description=long),), as_select=True))
    assert option.label == long[:100] and option.description == long[:100]
    [plain] = menu_options(Offer((Choice("Draw", "d"),), as_select=True))
    assert plain.description is None and plain.value == "d"
