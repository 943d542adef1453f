"""Big tournaments lose nothing: ``/tournament show`` pages with ◀ ▶ (still working after a
restart), and a round's pairings and the final table are posted whole, card after card —
through the fake Discord with sixty entrants."""

from __future__ import annotations

from bot.services.snapshots import Player
from bot.ui.tournament_pages import PAGE_CHARS, PAGE_LINES, paginate
from rules.core import Resign
from tests.bot.harness import World
from tests.bot.test_discord_tournament import make_admin, private, slash
from tests.fakediscord import FakeMessage

ENTRANTS = 60


def test_pages_keep_blocks_whole_and_within_limits() -> None:
    blocks = [f"line {n}" for n in range(70)] + ["title\nfirst of a section", "x" * 5000]
    pages = paginate(blocks)
    assert [b for page in pages for b in page][:71] == blocks[:71]  # nothing lost, in order
    for page in pages:
        text = "\n".join(page)
        assert len(text) <= PAGE_CHARS and text.count("\n") + 1 <= PAGE_LINES
    assert any("title\nfirst of a section" in page for page in pages)
    assert len(pages[-1][0]) == PAGE_CHARS  # a block longer than a page is cut, not lost
    assert paginate([]) == [[]]


def cards_since(world: World, seen: int, marker: str) -> list[FakeMessage]:
    return [m for m in world.fake.messages_in(world.channel)[seen:] if marker in m.text]


async def test_sixty_entrants_see_every_line(world: World) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    make_admin(world, world.carol)
    await slash(
        world,
        "tournament create bushi",
        world.carol,
        name="Big league",
        format="swiss",
        rounds=1,
    )
    users = [world.fake.add_user(f"entrant-with-a-long-name-{n:02}") for n in range(ENTRANTS)]
    tournaments = world.bot.asobiba.services.tournaments
    for user in users:
        await tournaments.actions.join(1, world.guild.id, Player(user.id, user.username))

    # Sign-up: every entrant is listed, on lines of a readable length.
    shown = await slash(world, "tournament show", world.alice)
    assert shown.message is not None
    listed = shown.message.text
    assert all(user.username in listed for user in users)
    assert max(len(line) for line in listed.splitlines()) < 300

    # Round 1: thirty boards, and pairings linking to every one of them.
    seen = len(world.fake.messages_in(world.channel))
    await private(world, "tournament start", world.carol)
    pairings = cards_since(world, seen, "Big league** — round 1 of 1")
    assert len(pairings) >= 2  # more than one card
    links = "\n".join(m.text for m in pairings)
    assert links.count("Board ") == ENTRANTS // 2
    standing = await tournaments.queries.show(1)
    for pairing in standing.pairings:
        game = await world.bot.games.queries.get(pairing.game_id or 0)
        assert f"/{game.message_id})" in links

    # /tournament show: page 1 with ◀ (disabled) and ▶; ▶ through every page shows all the
    # rows and all the boards — in the tournament's language, even the page Japanese Bob draws
    # (the table is public: one reader's language must not become everyone's).
    shown = await slash(world, "tournament show", world.alice)
    assert shown.message is not None
    card = shown.message
    pages = int(card.text.split("-# page 1 of ")[1].split()[0])
    assert pages >= 3
    previous, following = card.buttons()
    assert previous["disabled"] and not following.get("disabled")
    texts = [card.text]
    for page in range(2, pages + 1):
        if page == 3:
            await world.restart()  # the buttons outlive the process
        clicker = world.bob if page == 2 else world.alice
        next_id = world.fake.message(card.id).buttons()[1]["custom_id"]
        record = await world.fake.click(card, user=clicker, custom_id=next_id)
        await record.wait_complete()
        await world.bot.asobiba.activity.wait_idle()
        texts.append(world.fake.message(card.id).text)
    assert f"page 2 of {pages}" in texts[1] and "ページ" not in texts[1]
    assert f"page {pages} of {pages}" in texts[-1]
    assert world.fake.message(card.id).buttons()[1]["disabled"]  # ▶ at the end
    everything = "\n".join(texts)
    assert all(f"**{user.username}**" in everything for user in users)
    assert everything.count("Board ") >= ENTRANTS // 2

    # Everyone's game ends; the final table names all sixty, across several cards.
    seen = len(world.fake.messages_in(world.channel))
    for pairing in standing.pairings:
        if pairing.game_id is not None and pairing.black is not None:
            await world.bot.games.actions.act(pairing.game_id, pairing.black, None, Resign.code)
    await world.bot.tournament_tick()
    final = cards_since(world, seen, "is over!")
    assert len(final) >= 2 and "page 1 of" in final[0].text
    table = "\n".join(m.text for m in final)
    for user in users:
        assert f"**{user.username}**" in table
    assert table.count(". **entrant-with-a-long-name-") == ENTRANTS  # one row each
    assert world.fake.client_error_messages() == []


async def test_the_list_of_tournaments_is_whole(world: World) -> None:
    tournaments = world.bot.asobiba.services.tournaments
    for n in range(25):
        await tournaments.actions.create(
            guild_id=world.guild.id,
            channel_id=world.channel.id,
            organiser=Player(world.alice.id, "alice"),
            manages_server=True,
            name=f"{n:02} " + "a very long tournament name " * 3,
            game_type="bushi",
            settings={},
            format="swiss",
            rounds=3,
            move_seconds=None,
            rated=False,
            signup_seconds=3600,
            max_players=None,
            play_seconds=3600,
            locale="en",
        )
    seen = len(world.fake.ephemeral_messages(world.alice))
    await slash(world, "tournament list", world.alice)
    listed = "\n".join(m.text for m in world.fake.ephemeral_messages(world.alice)[seen:])
    assert all(f"#{n} **{n - 1:02} a very long" in listed for n in range(1, 26))
