"""The face a 武士将棋 drop or move leaves showing is one of the faces uploaded as emojis, and
the one the drop menu shows for that drop (so the last-move line and the menu agree)."""

from __future__ import annotations

import random

from bot.games.bushi import FACE_KEYS, event_face, face_key
from rules.bushi import BushiRules, Drop

RULES = BushiRules()


def test_every_drop_and_move_names_an_uploaded_face() -> None:
    rnd = random.Random(3)
    named = 0
    for cube in ("seed", "alternate"):
        for seed in range(20):
            state = RULES.new_game({"cube": cube}, seed)
            while state.outcome is None and state.ply < 40:
                seat = state.to_move
                action = rnd.choice(RULES.legal_actions(state, seat))
                state, events = RULES.apply(state, seat, action)
                for event in events:
                    face = event_face(event)
                    if event.kind in ("drop", "move"):
                        assert face in FACE_KEYS, (event, face)
                        named += 1
                    else:
                        assert face is None
                    if isinstance(action, Drop) and event.kind == "drop":
                        assert face == face_key(action, state.cube)
    assert named > 100
