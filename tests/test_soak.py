"""The soak test: the real bot process is SIGKILLed 12 times while players act through the fake
Discord (``bench/soak.py``, also a script; ``--kills 50`` for a longer run). After each restart the game goes on; at the end every
snapshot equals the replay of its log, no ply is doubled or missing, and every answered move is
in the log. Meanwhile 武士将棋 games run on a move clock whose time the soak moves on: every
reminder that fell due is posted exactly once and every game whose deadline passed is lost on
time exactly once (one event, one result message, the board updated) — kills between a claim
and its announcement included: half the rounds move the time past the next reminder or deadline
and end the moment the bot has claimed it (50 kills at random moments made 5 such cases; these
12 make several by design). Quiet hours are in play: the clocked players keep Tokyo's nights,
Berlin's (across a change to summer time) or none, set with ``/settings``; the director's own
arithmetic counts the clock outside them, and no reminder may be posted in its recipient's
night (by the fake time at posting). ``bench/soak_clocks.py`` checks it and fails otherwise."""

from __future__ import annotations

import pytest

from bench.soak import soak


@pytest.mark.slow
async def test_sigkills_lose_and_double_nothing() -> None:
    result = await soak(kills=12, seed=1)
    assert result["kills"] == 12 and result["games"] > 0
    # Everything the players saw answered is in the logs; nothing beyond what they clicked.
    assert 0 < result["answered"] <= result["plies"] <= result["clicks"]
    # The clocks had work: reminders went out and every clocked game ran out of time.
    assert result["clocked_games"] >= 8
    assert result["reminders"] >= result["clocked_games"]
    assert result["timeouts"] == result["clocked_games"]
    # Kills fell between a claim and its announcement, and the next process told it.
    assert result["cut_short"] >= 1
    # Quiet hours were in play: the time moved into movers' nights, and a night held back a
    # reminder until it ended (none was posted in one: ``ClockDirector.check``).
    assert result["night_moves"] >= 1 and result["held_by_night"] >= 1
    # A Berlin turn stood through the night the clocks went forward (its deadline checked).
    assert result["summer_time_turns"] >= 1
