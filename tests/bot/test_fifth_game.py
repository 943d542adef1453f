"""A fifth game, registered from the test suite alone, is offered everywhere games are listed
and plays through the fake Discord from challenge to result — with no file of the bot edited.

Grown (一人石取り): hidden chance sealed before play and checked by Verify after the end, a
daily deal with its own commands, and a secret hand played from a private panel; its rules say
which ending is no result. Still nothing outside its home (``tests/bot/fifth``) names it."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.games import registry
from bot.games.offers import Panel
from bot.games.spec import SpecError
from bot.services.snapshots import Player
from rules import registry as rules_registry
from rules.verify import main as verify_main
from tests.bot.fifth import solo
from tests.bot.fifth.game import SPEC
from tests.bot.fifth.rules import PileRules
from tests.bot.harness import make_bot
from tests.conftest import FakeClock
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fifth_game() -> Iterator[None]:
    registry.register(SPEC)
    yield
    registry.unregister(SPEC.game_type)


async def test_a_fifth_game_plays_through_discord(
    fifth_game: None, discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    fake = discord_fake
    guild = fake.add_guild("Dojo", locale="en-US")
    channel = fake.add_text_channel(guild, "games")
    alice, bob = fake.add_user("alice"), fake.add_user("bob", locale="ja")
    bot = make_bot(f"sqlite+aiosqlite:///{tmp_path / 'fifth.sqlite3'}", FakeClock())
    await fake.run_client(bot)
    try:
        # Registered once, offered everywhere games are listed, in both languages.
        pile = fake.command("pile")
        assert pile["name_localizations"]["ja"] == "石取り"
        for listing in ("rules", "standings"):
            [game_option] = [o for o in fake.command(listing)["options"] if o["name"] == "game"]
            assert "pile" in {c["value"] for c in game_option["choices"]}

        record = await fake.slash(
            "pile challenge",
            user=alice,
            channel=channel,
            options={"opponent": bob, "stones": "5", "rated": True},
        )
        await record.wait_response()
        board = record.message
        assert board is not None and "Take-away" in board.text
        clicked = await fake.click(board, user=bob, label="Accept")
        await clicked.wait_complete()
        await until_idle(bot)
        turns = [alice, bob]
        for turn in range(10):
            if "wins" in board.text:
                break
            mover = turns[turn % 2]
            clicked = await fake.click(board, user=mover, label="Take 2" if turn < 2 else "Take 1")
            await clicked.wait_complete()
            await until_idle(bot)
        # 5 stones: alice 2, bob 2, alice takes the last one.
        assert f"<@{alice.id}> wins" in board.text
        record = await fake.slash("rules", user=bob, channel=channel, options={"game": "pile"})
        await record.wait_response()
        assert "最後の石" in str(record.embeds)
        record = await fake.slash("standings", user=bob, channel=channel, options={"game": "pile"})
        await record.wait_response()
        assert record.message is not None and f"<@{alice.id}>" in record.message.text
    finally:
        await fake.stop_client(bot)


async def until_idle(bot: object) -> None:
    await bot.asobiba.activity.wait_idle()  # type: ignore[attr-defined]


@pytest.fixture
def solo_game() -> Iterator[None]:
    registry.register(solo.SPEC)  # the one line that adds the game: its rules come along
    yield
    registry.unregister(solo.SPEC.game_type)


def test_the_grown_fifth_game_is_named_nowhere_but_its_home() -> None:
    # Before it is registered neither the bot nor rules.verify knows it…
    with pytest.raises(KeyError):
        registry.spec_for("solo")
    with pytest.raises(KeyError):
        rules_registry.rules_for("solo")
    # …and no file of the bot or the rules names it: hidden chance, the daily deal, the panel
    # and its no-result ending needed no edit outside tests/bot/fifth.
    for path in [*(ROOT / "bot").rglob("*.py"), *(ROOT / "rules").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        for name in ("一人石取り", "SoloRules", "fifth", '"solo"'):
            assert name not in text, f"{path} names {name}"
    registry.register(solo.SPEC)
    try:
        assert rules_registry.rules_for("solo") is solo.SPEC.rules
        assert solo.SPEC.hidden_randomness and solo.SPEC.secret_hands
    finally:
        registry.unregister("solo")
    with pytest.raises(KeyError):
        rules_registry.rules_for("solo")


class Table:
    """The fake Discord with the bot running, and a way to click and wait."""

    def __init__(self, fake: FakeDiscord, tmp_path: Path) -> None:
        self.fake = fake
        self.clock = FakeClock()
        self.guild = fake.add_guild("Dojo", locale="en-US")
        self.channel = fake.add_text_channel(self.guild, "games")
        self.alice, self.bob = fake.add_user("alice"), fake.add_user("bob", locale="ja")
        self.bot = make_bot(f"sqlite+aiosqlite:///{tmp_path / 'solo.sqlite3'}", self.clock)

    async def slash(self, command: str, user: FakeUser) -> FakeMessage:
        record = await self.fake.slash(command, user=user, channel=self.channel)
        await record.wait_response()
        await until_idle(self.bot)
        assert record.message is not None
        return record.message

    async def click(self, message: FakeMessage, user: FakeUser, **where: str) -> None:
        clicked = await self.fake.click(message, user=user, **where)
        await clicked.wait_complete()
        await until_idle(self.bot)

    async def play_from_panel(self, board: FakeMessage, user: FakeUser) -> FakeMessage:
        """Open the private panel from the board and play its first card until the deal
        ends; the panel, as its player last saw it."""
        await self.click(board, user, prefix="hand:")
        panel = self.fake.ephemeral_messages(user)[-1]
        assert panel.ephemeral_for is not None and panel.ephemeral_for.id == user.id
        for _ in range(10):
            plays = [c for c in panel.custom_ids() if c.startswith("g:")]
            if not plays:
                break
            await self.click(panel, user, custom_id=plays[0])
        return panel


async def test_hidden_chance_and_a_secret_hand_play_sealed_and_verify_after_the_end(
    solo_game: None, discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    table = Table(discord_fake, tmp_path)
    await discord_fake.run_client(table.bot)
    try:
        await table.bot.asobiba.services.servers.update(table.guild.id, pictures=False)
        board = await table.slash("solo start", table.alice)
        assert not board.ephemeral and "Solo Take-away" in board.text
        [game] = await table.bot.games.queries.list_games(table.alice.id, statuses=("active",))
        full = await table.bot.games.queries.get(game.id)
        hand = " ".join(f"[{card}]" for card in full.state.hand)
        # Sealed before the first card (the rules hide chance); the hand is not on the board,
        # which offers no move — the game is played from the panel.
        assert f"Deal sealed `{full.commitment[:16]}…`" in board.text
        assert hand not in board.text and "7 stones, 4 cards in the deck" in board.text
        assert not [c for c in board.custom_ids() if c.startswith("g:")]
        # Bob may not open Alice's hand.
        await table.click(board, table.bob, prefix="hand:")
        assert hand not in table.fake.ephemeral_messages(table.bob)[-1].text

        panel = await table.play_from_panel(board, table.alice)
        assert "Your hand:" in panel.text and "This deal is over." in panel.text
        assert "drew a" not in board.text  # the draws were Alice's alone
        finished = await table.bot.games.queries.get(game.id)
        assert finished.status == "finished" and finished.outcome is not None

        await table.click(board, table.alice, prefix="vf:")
        reply = table.fake.ephemeral_messages(table.alice)[-1]
        assert reply.text.startswith(f"✅ The seal `{full.commitment[:16]}…` matches")
        [attachment] = reply.attachments
        path = tmp_path / attachment.filename
        path.write_bytes(attachment.data)
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["game"] == "solo" and record["outcome"] == finished.outcome.dump()
        # rules.verify finds the game through the rules registry: the deal is the whole
        # shuffled deck, the first two cards the hand Alice was dealt.
        assert verify_main([str(path), "--json"]) == 0
    finally:
        await discord_fake.stop_client(table.bot)


async def test_a_daily_deal_named_by_its_own_commands_and_results_counted_as_the_rules_say(
    solo_game: None, discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    table = Table(discord_fake, tmp_path)
    alice, bob = table.alice, table.bob
    await discord_fake.run_client(table.bot)
    try:
        await table.bot.asobiba.services.servers.update(table.guild.id, pictures=False)
        # Nobody has played: /today names this game's own daily command, in each language.
        # Named as a mention of the game's own command, which each client shows in its
        # reader's language (/一人石取り 今日の配札 in Japanese).
        (command,) = [c for c in table.fake.commands() if c["name"] == "solo"]
        daily = f"</solo daily:{command['id']}>"
        today = await table.slash("solo today", alice)
        assert "Solo Take-away" in today.text and f"Try {daily}!" in today.text
        today = await table.slash("solo today", bob)
        assert f"{daily} でどうぞ" in today.text

        await table.slash("solo daily", alice)
        board = table.fake.ephemeral_messages(alice)[-1]  # answered after the deal is made
        assert board.ephemeral and "📅 Daily deal of 2026-11-22" in board.text
        assert f"{daily} shows it again" in board.text
        assert "the seed is revealed when the day is over" in board.text
        panel = await table.play_from_panel(board, alice)
        assert "This deal is over." in panel.text
        [summary] = await table.bot.games.queries.finished_games(alice.id)
        game = await table.bot.games.queries.get(summary.id)
        assert game.daily_key == "2026-11-22:solo" and game.outcome is not None
        # The hand opened beside the private board, which followed every card to the end.
        ending_text = game.rules.reason_text(game.outcome.reason)("en")
        assert board.id != panel.id and f"({ending_text})" in board.text
        today = await table.slash("solo today", alice)
        left = game.state.stones
        row = "won" if game.outcome.winner == 0 else "lost"
        if not game.rules.counts(game.outcome):  # stuck: neither won nor lost
            row = "ended with no result"
        assert f"<@{alice.id}> {row} (ended with {left} stones left)" in today.text

        # The rules say a stuck deal is no result: a win counts, a stuck deal counts nothing
        # (not a loss), whatever its reason is called.
        rules = solo.SPEC.rules
        for reason in ("emptied", "stuck"):
            seed = next(s for s in range(100) if ending(s) == reason)
            started = await table.bot.games.starts.start_solitaire(
                "solo", player(bob), seed=seed, guild_id=table.guild.id
            )
            state, version = started.game.state, started.game.version
            while state.outcome is None:
                code = rules.format(rules.legal_actions(state, 0)[0])
                played = await table.bot.games.actions.act(started.game.id, bob.id, version, code)
                state, version = played.game.state, played.game.version
            assert state.outcome.reason == reason
        [stat] = await table.bot.asobiba.services.standings.profile(
            bob.id, table.guild.id, viewer_id=bob.id
        )
        assert (stat.game_key, stat.played, stat.won, stat.lost) == ("solo", 1, 1, 0)
    finally:
        await discord_fake.stop_client(table.bot)


def ending(seed: int) -> str:
    """How a deal ends when its player always plays the lowest card that fits."""
    rules = solo.SPEC.rules
    state = rules.new_game({}, seed)
    while state.outcome is None:
        state = rules.apply(state, 0, rules.legal_actions(state, 0)[0]).state
    return state.outcome.reason


def player(user: FakeUser) -> Player:
    return Player(user.id, user.username)


def test_game_homes_are_typed_by_their_own_rules_without_cast() -> None:
    for path in sorted((ROOT / "bot" / "games").glob("*.py")):
        assert "cast(" not in path.read_text(encoding="utf-8"), path


MISTYPED = """
from bot.games.spec import CommandGroup, GameSpec, Ranking, Variant
from rules.core import Locale, Text
from tests.bot.fifth.rules import PileState
from tests.bot.fifth.solo_rules import SoloRules


def summary(state: PileState, locale: Locale) -> str:  # another game's state
    return str(state.stones)


SPEC = GameSpec(
    rules=SoloRules(),
    command=CommandGroup(Text("x", "x"), Text("x", "x")),
    help_pages=(),
    variants=(Variant("x", Text("x", "x")),),
    ranking=Ranking.SOLITAIRE,
    summary=summary,
)
"""


@pytest.mark.slow
def test_a_callback_for_another_games_state_is_a_type_error(tmp_path: Path) -> None:
    """``GameSpec[S, A, V]`` takes its types from its rules: mypy (strict) accepts the fifth
    game's homes and refuses a callback written for another game's state."""
    mistyped = tmp_path / "mistyped.py"
    mistyped.write_text(MISTYPED, encoding="utf-8")
    mypy = [sys.executable, "-m", "mypy", "--strict", "--explicit-package-bases"]
    homes = ["tests/bot/fifth/game.py", "tests/bot/fifth/solo.py"]
    good = subprocess.run([*mypy, *homes], cwd=ROOT, capture_output=True, text=True)
    assert good.returncode == 0, good.stdout + good.stderr
    bad = subprocess.run([*mypy, str(mistyped)], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 1 and '"summary"' in bad.stdout, bad.stdout + bad.stderr
    assert "PileState" in bad.stdout and "SoloState" in bad.stdout


def test_a_spec_that_contradicts_its_rules_is_refused_when_built() -> None:
    pile, grown = SPEC, solo.SPEC
    with pytest.raises(SpecError, match="secret hands"):
        dataclasses.replace(grown, panel=None)  # secret hands, yet no panel to play them
    with pytest.raises(SpecError, match="secret hands"):
        dataclasses.replace(pile, panel=lambda rules, state, seat, locale, step: Panel("", ""))
    with pytest.raises(SpecError, match="daily deal"):
        dataclasses.replace(pile, daily=True)  # two players: a daily deal is a solitaire's
    assert not PileRules.hidden_randomness and not pile.hidden_randomness
