"""The terminal front end, driven like a person at the keyboard."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import pty
import random
import re
import select
import signal
import sqlite3
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from bot import __main__ as cli
from bot.console import local_user_id, play_console
from bot.console.io import Keyboard, Stop, pick, plain
from bot.console.play import menu_keys
from bot.db import Database
from bot.games.registry import register, spec_for
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, GameSnapshot, Player
from bot.services.stats import player_stats
from rules.core import Locale, Rng

CHOICE = re.compile(r"^\s*(\d+)\) (?:.*\[([^\]]+)\]$)?")
#: An answer a Person "types" as Ctrl-C: the reader raises KeyboardInterrupt, as ``input`` does.
CTRL_C = "<Ctrl-C>"
ROOT = Path(__file__).resolve().parents[2]


class Person:
    """Reads prompts and answers them: from a script, then from ``policy`` (if any)."""

    def __init__(
        self, answers: Iterable[str], policy: Callable[[Person, str], str] | None = None
    ) -> None:
        self.answers = iter(answers)
        self.policy = policy
        self.output: list[str] = []
        self.prompts: list[tuple[int, str]] = []  # (output length when asked, prompt)

    def read(self, prompt: str) -> str:
        self.prompts.append((len(self.output), prompt))
        answer = next(self.answers, None)
        if answer == CTRL_C:
            raise KeyboardInterrupt
        if answer is not None:
            return answer
        if self.policy is None:
            raise EOFError
        return self.policy(self, prompt)

    @property
    def text(self) -> str:
        return "\n".join(self.output + [p for _, p in self.prompts])

    def last_choices(self) -> list[tuple[str, str]]:
        """The choices listed last: (number, code), the code empty for a step."""
        helps = [i for i, line in enumerate(self.output) if line.startswith("Answer with")]
        block = self.output[helps[-2] + 1 if len(helps) > 1 else 0 : helps[-1]]
        matches = [CHOICE.match(line) for line in block]
        return [(m.group(1), m.group(2) or "") for m in matches if m]

    async def play(
        self, service: GameService, locale: Locale = "en", **kwargs: Any
    ) -> GameSnapshot | None:
        return await play_console(service, self.read, self.output.append, locale, **kwargs)


class Recorder(GameService):
    """A service that remembers the latest game it handed out (to check what is secret)."""

    latest: GameSnapshot | None = None

    def __init__(self, db: Database, **options: Any) -> None:
        super().__init__(db, **options)
        act, accept = self.actions.act, self.starts.accept

        async def recorded_act(
            game_id: int, user_id: int, version: int | None, code: str
        ) -> ActionResult:
            result = await act(game_id, user_id, version, code)
            self.latest = result.game
            return result

        async def recorded_accept(
            game_id: int, user_id: int, version: int | None = None
        ) -> ActionResult:
            result = await accept(game_id, user_id, version)
            self.latest = result.game
            return result

        self.actions.act = recorded_act  # type: ignore[method-assign]
        self.starts.accept = recorded_accept  # type: ignore[method-assign]


def first_choice(person: Person, prompt: str) -> str:
    return "1"


def senretsu_player(limit: int) -> Callable[[Person, str], str]:
    """Place one card then end; random janken; the first choice otherwise; stop at ``limit``."""
    rng = random.Random(4)
    moves = 0

    def answer(person: Person, prompt: str) -> str:
        nonlocal moves
        if "Pass the keyboard" in prompt:
            return ""
        if "to move" not in prompt:
            return "3"  # a joker's range
        moves += 1
        if moves > limit:
            return "q"
        choices = person.last_choices()
        codes = [code for _, code in choices]
        if any(c.startswith("j:") for c in codes):
            return str(rng.randint(1, len(codes)))
        if "end" in codes and any(c.startswith("t:") for c in codes):
            return "END"  # by code, in capitals
        # The first move (a step, a card to place first, only when no move is listed yet).
        playable = [n for n, code in choices if code and not code.startswith("t:")]
        return playable[0] if playable else "1"

    return answer


def board_renders(person: Person, start: int, end: int, marker: str) -> int:
    return sum(marker in line for line in person.output[start:end])


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_two_players_at_one_keyboard(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    # Game, mode, names; bad input and a garbage move; the first drop twice; Black resigns.
    person = Person(["Bushi Shogi", "1", "Aki", "Ben", "zzz", "999", "1", "1", "resign", "y"])
    game = await person.play(service)
    assert game is not None and game.status == "finished"
    assert game.outcome is not None and game.outcome.winner == 1 and game.outcome.reason == "resign"
    assert "Black (先手)" in person.text and "White (後手)" in person.text
    assert "⚠" in person.text  # the garbage answers were refused politely
    assert "Game over: Ben wins (resignation)" in person.text
    assert any("Aki to move" in p for _, p in person.prompts)
    stored = await service.queries.get(game.id)
    assert stored.ply == 3 and await service.queries.rebuild_state(game.id) == stored.state


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_bad_input_asks_again_without_the_board(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    person = Person(["bushi", "1", "Aki", "Ben", "zzz", "999", "", "1", "q"])
    await person.play(service)
    asked = [at for at, p in person.prompts if "Aki to move" in p]
    assert len(asked) == 4  # three refused answers, then the drop
    assert board_renders(person, 0, asked[0], "◀") == 1
    assert board_renders(person, asked[0], asked[-1] + 1, "◀") == 0  # only the error line again
    assert person.text.count("⚠") == 2  # the empty answer just asks again
    assert "⚠ Choose one of the numbers listed (1–16)." in person.output  # 999


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_against_the_bot_in_japanese(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(6))
    person = Person(["武士将棋", "2", "Aki", "1", "", "?"], first_choice)
    game = await person.play(service, "ja")
    assert game is not None and game.status == "finished"
    assert "考えています…" in person.text and "完全解析" in person.text  # the hint was shown
    assert "先手" in person.text and "終局" in person.text
    assert game.outcome is not None and game.outcome.winner != 0  # never beats perfect play
    for english in ("Resign", "resign", "Offer draw", "Draw", "Black", "White", "Thinking", "wins"):
        assert english not in person.text, english
    assert "**" not in person.text and "投了" in person.text


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_resigning_asks_first(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(6))
    person = Person(["bushi", "bot", "Aki", "Black", "", "resign", "n", "投了", "y"])
    game = await person.play(service)
    assert sum("Resign? (y/N)" in p for _, p in person.prompts) == 2
    assert game is not None and game.outcome is not None
    assert game.outcome.reason == "resign" and game.outcome.winner == 1
    assert game.ply == 1  # the bot's drop answered nothing: "n" resigned nothing


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_moves_by_name_or_code_in_any_case(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    person = Person(
        [
            "BUSHI",
            "two",
            "Aki",
            "Ben",
            "d-t0-b",
            "三方払い UP, FACING ↓",
            "TURN",
            "rot",
            "q",
        ]
    )
    game = await person.play(service)
    assert game is not None
    log = [entry.action for entry in await service.queries.event_log(game.id)]
    assert log == ["D-T0-B", "D-T0-B", "ROT", "ROT"]


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
@pytest.mark.parametrize("variant", ["Youscout", "Simplified Youscout"])
async def test_a_solitaire_to_the_end(db: Database, variant: str) -> None:
    service = GameService(db, seed_source=Rng.from_seed(11))
    person = Person([variant, "Aki"], first_choice)
    game = await person.play(service)
    assert game is not None and game.status == "finished" and game.outcome is not None
    assert game.rules.title_for(game.settings).en == variant
    result = next(line for line in person.output if line.startswith("Game over: "))
    if game.outcome.points[0] == 1.0:
        assert result.startswith("Game over: Aki won!")
    elif game.outcome.reason != "no_result":
        assert result.startswith("Game over: Aki lost")
    assert "draw (" not in result


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_a_solitaire_loss_reads_as_a_loss(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(11))
    person = Person(["略式易双六", "Aki", "resign", "y"])
    await person.play(service)
    assert "Game over: Aki lost (resignation)" in person.output
    japanese = Person(["易双六", "Aki", "投了", "y"])
    await japanese.play(service, "ja")
    assert "終局：Aki の負け（投了）" in japanese.output


def hidden_labels(game: GameSnapshot, seat: int) -> set[str]:
    """The cards only the other seat's player may know of: in their hand, never revealed."""
    rules, other = game.rules, 1 - seat
    theirs = rules.view_for(game.state, other)
    mine = rules.view_for(game.state, seat)
    known = {c.label for c in theirs.revealed[other]} | {c.label for c in mine.hand}
    # Both decks have a joker labelled "Jk": it names no particular card.
    return {c.label for c in theirs.hand} - known - {"Jk"}


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_secret_hands_at_one_keyboard(db: Database) -> None:
    service = Recorder(db, seed_source=Rng.from_seed(8))
    screens: list[tuple[int, str, set[str]]] = []
    policy = senretsu_player(limit=40)

    def watch(person: Person, prompt: str) -> str:
        if "Pass the keyboard" in prompt:
            assert service.latest is not None
            seat = 0 if "Aki" in prompt else 1
            screens.append((len(person.output), prompt, hidden_labels(service.latest, seat)))
        return policy(person, prompt)

    person = Person(["Senretsu-fuda", "1", "Aki", "Ben"], watch)
    game = await person.play(service)
    assert game is not None
    assert any("Aki" in p for _, p, _ in screens) and any("Ben" in p for _, p, _ in screens)
    assert len(screens) >= 4 and game.ply >= 8
    assert sum(bool(hidden) for _, _, hidden in screens) >= 3  # once the hands are dealt
    ends = [at for at, _, _ in screens[1:]] + [len(person.output)]
    for (start, prompt, hidden), end in zip(screens, ends, strict=True):
        shown = "\n".join(person.output[start:end])
        leaked = {label for label in hidden if re.search(re.escape(label) + r"(?!\d)", shown)}
        assert not leaked, f"after {prompt!r}: {leaked}"


@pytest.mark.slow
@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_secret_hands_against_the_bot(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(9))
    person = Person(["senretsu", "2", "Aki", ""], senretsu_player(limit=400))
    game = await person.play(service)
    assert game is not None
    assert "Pass the keyboard" not in person.text  # one person: nothing to hide from anyone
    assert game.status == "finished" and game.outcome is not None  # played to the end
    winner = game.player(game.outcome.winner or 0).display_name
    assert f"Game over: {winner} wins" in person.text


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_a_draw_offer_to_the_bot_is_answered(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(6))
    person = Person(["bushi", "2", "Aki", "1", "", "draw", "q"])
    game = await person.play(service)
    assert game is not None
    answered = "declined the draw" in person.text or "accepted the draw" in person.text
    assert answered and game.state.draw_offer is None


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_a_bot_without_a_judge_declines_a_draw(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(6))
    bushi = spec_for("bushi")
    register(dataclasses.replace(bushi, accepts_draw=None))
    try:
        start = await service.starts.challenge(
            "bushi", Player(-5, "Aki"), Player(0, "bot", is_bot=True), challenger_seat=0
        )
        result = await service.actions.act(start.game.id, -5, None, "draw-offer")
    finally:
        register(bushi)
    assert [e.kind for e in result.events] == ["draw_offer", "draw_decline"]
    assert result.game.status == "active" and result.game.state.draw_offer is None


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_the_bot_takes_a_draw_when_it_cannot_win(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(6))
    bushi = spec_for("bushi")
    register(dataclasses.replace(bushi, accepts_draw=lambda rules, state, seat: True))
    try:
        start = await service.starts.challenge(
            "bushi", Player(-5, "Aki"), Player(0, "bot", is_bot=True), challenger_seat=0
        )
        result = await service.actions.act(start.game.id, -5, None, "draw-offer")
    finally:
        register(bushi)
    assert result.game.outcome is not None and result.game.outcome.is_draw


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_a_draw_offer_at_one_keyboard_is_answered_there(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    person = Person(["bushi", "1", "Aki", "Ben", "draw", "y"])
    game = await person.play(service)
    assert any("Aki offers a draw. Ben, do you accept?" in p for _, p in person.prompts)
    assert game is not None and game.outcome is not None and game.outcome.is_draw
    assert "Game over: draw (draw by agreement)" in person.text


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_each_name_is_its_own_local_player(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    await Person(["bushi", "1", "Aki", "Ben", "resign", "y"]).play(service)
    await Person(["bushi", "1", "aki ", "Chie", "resign", "y"]).play(service)
    aki, ben, chie = (local_user_id(n) for n in ("Aki", "Ben", "Chie"))
    assert len({aki, ben, chie, 0}) == 4 and max(aki, ben, chie) < 0
    assert local_user_id(" AKI") == aki  # the same person in every session
    [aki_stats] = await player_stats(db, aki)
    [ben_stats] = await player_stats(db, ben)
    assert (aki_stats.played, aki_stats.lost) == (2, 2)
    assert (ben_stats.played, ben_stats.won) == (1, 1)
    same = Person(["bushi", "1", "Aki", "AKI", "Ben", "q"])
    await same.play(service)
    assert "That name is taken" in same.text


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_saved_games_are_listed_and_resumed(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    bushi = await Person(["bushi", "1", "Aki", "Ben", "1", "q"]).play(service)
    solo = await Person(["Youscout", "Chie", "q"]).play(service)
    assert bushi is not None and solo is not None
    listing = Person([])
    assert await listing.play(service, list_only=True) is None
    assert f"  #{bushi.id}  Bushi Shogi  Aki vs Ben — Ben to move" in listing.output
    assert f"  #{solo.id}  Youscout  Chie — Chie to move" in listing.output

    resumed = Person(["1", "resign", "y"])
    game = await resumed.play(service, resume=bushi.id)
    assert f"Resuming game #{bushi.id} (Bushi Shogi)." in resumed.output
    assert game is not None and game.outcome is not None and game.outcome.winner == 1
    assert any("Ben to move" in p for _, p in resumed.prompts)

    # From the menu, in Japanese: the last entry resumes, and the list shows first.
    menu = Person(["再開", str(solo.id), "q"])
    assert await menu.play(service, "ja") is not None
    assert f"対局 #{solo.id}（易双六）を再開します。" in menu.output
    assert not any(f"#{bushi.id} " in line for line in menu.output)  # finished: not listed


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_resume_refuses_politely(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    finished = await Person(["bushi", "1", "Aki", "Ben", "resign", "y"]).play(service)
    discord = await service.starts.challenge("bushi", Player(11, "alice"), Player(12, "bob"))
    assert finished is not None
    for game_id, expected in (
        (999, "There is no game #999."),
        (discord.game.id, f"Game #{discord.game.id} is a Discord game"),
        (finished.id, f"Game #{finished.id} is over (Ben wins (resignation))."),
    ):
        person = Person([])
        assert await person.play(service, resume=game_id) is None
        assert any(line.startswith(expected) for line in person.output), person.output


# --- Ctrl-C, Ctrl-D ----------------------------------------------------------------------------

DISCARDED = "Ctrl-C: the line was discarded. Ctrl-C again stops (the game is saved)."


async def actions(service: GameService, game_id: int) -> list[str]:
    return [entry.action for entry in await service.queries.event_log(game_id)]


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_ctrl_c_discards_the_line_and_a_second_one_stops(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(11))
    person = Person(["Youscout", "Aki", "1", CTRL_C, CTRL_C, "never read"])
    game = await person.play(service)
    assert game is not None and game.status == "active"
    assert await actions(service, game.id) == ["start:1"]  # nothing typed was submitted
    assert person.output.count(DISCARDED) == 1
    assert person.output[-1] == (
        f"Stopped. Game #{game.id} is saved. To go on: python -m bot console --resume {game.id}"
    )
    assert next(person.answers) == "never read"

    # An answer between two Ctrl-Cs: each only discards its line; the answer is played.
    again = Person([CTRL_C, "", CTRL_C, "q"])
    assert await again.play(service, resume=game.id) is not None
    assert await actions(service, game.id) == ["start:1", "draw"]
    assert again.output.count(DISCARDED) == 2


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_ctrl_c_before_a_game_ends_the_session(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    for answers in ([CTRL_C, "never read"], ["bushi", "1", "Aki", CTRL_C, "never read"]):
        person = Person(answers)
        assert await person.play(service) is None
        assert next(person.answers) == "never read"
        assert not any("Stopped" in line or "Ctrl-C" in line for line in person.output)
    assert await service.queries.list_local_games() == []


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_the_end_of_the_input_stops_and_says_how_to_resume(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    person = Person(["武士将棋", "1", "Aki", "Ben"])  # then Ctrl-D: the reader raises EOFError
    game = await person.play(service, "ja")
    assert game is not None and game.status == "active"
    assert person.output[-1] == (
        f"中断しました。対局 #{game.id} は保存されています。"
        f"続きは：python -m bot console --lang ja --resume {game.id}"
    )


async def test_ctrl_c_while_busy_stops_at_the_next_prompt_or_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    asked: list[str] = []

    def reader(prompt: str) -> str:
        asked.append(prompt)
        if prompt == "ctrl-c > ":
            keyboard.on_ctrl_c(signal.SIGINT, None)  # the signal, arriving while input() waits
        return "answer"

    keyboard = Keyboard("en", reader)
    with pytest.raises(KeyboardInterrupt):
        keyboard.read("ctrl-c > ")
    assert keyboard.read("next > ") == "answer" and not keyboard.stop_asked
    keyboard.on_ctrl_c(signal.SIGINT, None)  # while the bot thinks: kept, and said
    assert keyboard.stop_asked
    with pytest.raises(Stop):
        keyboard.read("never shown > ")
    assert asked == ["ctrl-c > ", "next > "]
    assert "Ctrl-C: stopping once this step is done" in capsys.readouterr().out
    # A second one while busy stops the session at once.
    busy = asyncio.create_task(asyncio.sleep(60))
    keyboard.serving(busy)
    keyboard.on_ctrl_c(signal.SIGINT, None)
    with pytest.raises(asyncio.CancelledError):
        await busy


class Screen:
    """A pseudo-terminal's output, read until what we wait for shows."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.text = ""

    def wait_for(self, wanted: str, seconds: float = 90.0) -> None:
        deadline = time.monotonic() + seconds
        while wanted not in self.text:
            left = deadline - time.monotonic()
            assert left > 0, f"no {wanted!r} in:\n{self.text}"
            ready, _, _ = select.select([self.fd], [], [], min(left, 1.0))
            if ready:
                try:
                    self.text += os.read(self.fd, 65536).decode(errors="replace")
                except OSError:  # the process ended
                    assert wanted in self.text, f"no {wanted!r} in:\n{self.text}"

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())
        time.sleep(0.3)  # as a person types: the terminal takes each key before the next


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_ctrl_c_in_a_real_terminal(tmp_path: Path) -> None:
    """In the real process (asyncio.run once turned the first Ctrl-C into a cancellation that
    came only after the next line had been played, and then ended without a word)."""
    database = tmp_path / "console.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["SQLITE_PATH"] = str(database)
    pid, fd = pty.fork()
    if pid == 0:  # the child: only exec
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "bot", "console"], env)
    screen = Screen(fd)
    try:
        screen.wait_for("Choose a game")
        for answer, then in (("bushi", "1) two"), ("1", "Name of Black"), ("Aki", "Name of")):
            screen.type(answer + "\r")
            screen.wait_for(then)
        screen.type("Ben\r")
        screen.wait_for("Aki to move > ")
        screen.type("1")
        screen.type("\x03")
        screen.wait_for(DISCARDED)
        screen.type("2\r")  # "2", not "12": the 1 typed before Ctrl-C is gone
        screen.wait_for("Ben to move > ")
        screen.type("\x03")
        screen.type("\x03")
        screen.wait_for("To go on: ")
        _, status = os.waitpid(pid, 0)
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise
    finally:
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    assert "Traceback" not in screen.text
    with sqlite3.connect(database) as connection:
        played = [row[0] for row in connection.execute("SELECT action FROM game_event")]
    assert played == ["D-F1-R"]


# --- Menus, words, names, levels, exit codes ---------------------------------------------------


def test_a_menu_of_counts_is_keyed_by_its_numbers() -> None:
    assert menu_keys(["Draw 3", "Draw 4", "Draw 5", "Draw 6"]) == [3, 4, 5, 6]
    assert menu_keys(["3枚引く", "4枚引く", "5枚引く", "6枚引く"]) == [3, 4, 5, 6]
    assert menu_keys(["Start on 4 (upper)", "Start on 5 (upper)"]) == [4, 5]
    assert menu_keys(["4から開始(上卦)", "6から開始(上卦)"]) == [4, 6]
    # A card's rank or a line's number is not a count: the lines are numbered from 1.
    assert menu_keys(["Lose ♣3", "Lose ♠5"]) == [1, 2]
    assert menu_keys(["♦2→L1", "♦2→new back line"]) == [1, 2]
    assert menu_keys(["Draw 3", "Draw 3"]) == [1, 2]
    assert menu_keys(["Draw 3", "End placement"]) == [1, 2]
    assert menu_keys([]) == []
    draws = ["Draw 3", "Draw 4"]
    assert pick("３", draws, lambda o: (o,), [3, 4]) == "Draw 3"  # typed on a Japanese keyboard
    assert pick("1", draws, lambda o: (o,), [3, 4]) is None
    assert pick("²", draws, lambda o: (o,)) is None


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_typing_3_at_the_first_draw_draws_three(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(3))
    drawn: list[str] = []

    def rock_then_three(person: Person, prompt: str) -> str:
        if drawn or len(person.prompts) > 30:
            return "q"
        if "Draw 3" in "\n".join(person.output[-6:]):
            drawn.append(prompt)
            return "3"
        return "rock" if any("rock" in line for line in person.output[-6:]) else "end"

    person = Person(["senretsu", "2", "Aki", ""], rock_then_three)
    game = await person.play(service)
    assert game is not None and drawn, person.text
    assert [line for line in person.output if "Draw " in line] == [
        f"   {n}) Draw {n}  [draw:{n}]" for n in (3, 4, 5, 6)
    ]
    assert "draw:3" in await actions(service, game.id)
    assert "Aki drew 3" in person.text


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_enter_takes_the_only_choice(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(11))
    person = Person(["Youscout", "Aki", "", "1", "", "", "q"])
    game = await person.play(service)
    assert game is not None
    assert await actions(service, game.id) == ["start:1", "draw", "draw"]
    assert sum(p == "Aki to move [Enter: Draw] > " for _, p in person.prompts) == 3
    assert (
        sum(p == "Aki to move > " for _, p in person.prompts) == 2
    )  # six starts: Enter asks again


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
@pytest.mark.parametrize("locale", ["en", "ja"])
async def test_rules_and_help_show_the_rules(db: Database, locale: Locale) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    person = Person(["bushi", "1", "Aki", "Ben", "rules", "help", "ルール", "ヘルプ", "?", "q"])
    await person.play(service, locale)
    first_line = plain(spec_for("bushi").help_pages[0](locale).splitlines()[0])
    assert person.text.count(first_line) == 4
    assert "could not be read" not in person.text and "読み取れ" not in person.text
    assert "Thinking…" in person.text or "考えています…" in person.text  # ? is still the hint
    assert ("'rules' for the rules" if locale == "en" else "「ルール」でルール") in person.text


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_senretsu_names_the_players_not_the_seats(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(9))
    person = Person(["senretsu", "2", "Aki", ""], senretsu_player(limit=12))
    game = await person.play(service)
    assert game is not None and game.ply >= 6
    assert not re.search(r"\bP[12]\b|Player [12]|Your side", person.text), person.text
    assert "Hand of Aki (" in person.text and "Aki vs Asobiba bot (strong)" in person.text
    assert re.search(r"^discard Asobiba bot: ", person.text, re.MULTILINE)
    japanese = Person(["戦列札", "2", "Aki", "", "グー", "q"])
    await japanese.play(service, "ja")
    assert "Akiの手札" in japanese.text and "Aki 対 遊び場ボット（上級）" in japanese.text
    assert not re.search(r"\bP[12]\b|プレイヤー[12]", japanese.text), japanese.text


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_the_bot_level_is_chosen_by_number_or_name(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(6))
    person = Person(["bushi", "bot", "Aki", "Black", "5", "beginner", "resign", "y"])
    game = await person.play(service)
    assert game is not None and game.settings["level"] == "beginner"
    assert "  4) perfect (never errs, default; a draw at best)" in person.output
    assert any("Bot level (number or name; Enter: perfect)" in p for _, p in person.prompts)
    assert "⚠ Please answer with a number or a name." in person.output  # there is no 5
    assert "Black: Aki vs White: Asobiba bot (beginner)" in person.output
    japanese = Person(["武士将棋", "2", "Aki", "1", "初級", "投了", "y"])
    game = await japanese.play(service, "ja")
    assert game is not None and game.settings["level"] == "novice"
    assert "先手：Aki 対 後手：遊び場ボット（初級）" in japanese.output
    default = Person(["senretsu", "2", "Aki", "", "q"])
    game = await default.play(service)
    assert game is not None and game.settings["level"] == spec_for("senretsu").default_level


def test_console_options_belong_to_the_console(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--list"], ["run", "--resume", "3"], ["migrate", "--lang", "en"]):
        assert cli.main(args) == 2  # before anything starts: the bot is not run
        (line,) = capsys.readouterr().err.splitlines()
        assert (
            line.startswith("error: --list/--resume/--lang belong to `")
            and "-m bot console`" in line
        )
    assert cli.main(["health", "--lang", "ja"]) == 2
    assert "のオプションです（終了コード 2）" in capsys.readouterr().err
    assert cli.main(["console", "backup.db"]) == 2
    assert "console takes no PATH ('backup.db')" in capsys.readouterr().err


def test_resuming_no_game_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.config import Settings
    from bot.console import main as console_main

    settings = Settings.from_env({"SQLITE_PATH": str(tmp_path / "console.sqlite3")})
    assert console_main(settings, "en", resume=99) == 2
    assert "There is no game #99." in capsys.readouterr().out.splitlines()
    assert console_main(settings, "en", list_only=True) == 0
