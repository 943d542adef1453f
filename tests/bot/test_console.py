"""The terminal front end, driven like a person at the keyboard."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.console import play_console
from bot.db import Database
from bot.services.games import GameService
from rules.core import Rng


def scripted(answers: Iterator[str], prompts: list[str]):  # type: ignore[no-untyped-def]
    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    return read


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_two_players_at_one_keyboard(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(5))
    output: list[str] = []
    prompts: list[str] = []
    # Names, then: bad input, a garbage move, the first legal drop twice, then Black resigns.
    answers = iter(["1", "Aki", "Ben", "zzz", "999", "1", "1", "resign"])
    game = await play_console(service, scripted(answers, prompts), output.append, "en")
    text = "\n".join(output)
    assert game.status == "finished"
    assert game.outcome is not None and game.outcome.winner == 1 and game.outcome.reason == "resign"
    assert "Black (先手)" in text and "White (後手)" in text
    assert "⚠" in text  # the garbage answers were refused politely
    assert "Ben wins (resignation)" in text
    assert any("Aki to move" in p for p in prompts)
    stored = await service.get(game.id)
    assert stored.ply == 3 and await service.rebuild_state(game.id) == stored.state


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_against_the_bot_in_japanese(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(6))
    output: list[str] = []
    answers = iter(["2", "Aki", "1", "?"] + ["1"] * 200)
    game = await play_console(service, scripted(answers, []), output.append, "ja")
    text = "\n".join(output)
    assert "完全解析" in text  # the hint was shown
    assert "先手" in text
    assert game.status == "finished"
    assert game.outcome is not None and game.outcome.winner != 0  # never beats perfect play
    assert "終局" in text
