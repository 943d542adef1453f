"""Each game's faces (the app's emojis): every face its menus name is one it declares and can
draw, as a 128×128 PNG, and a game whose rules say what its faces are spells none it lacks."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

from bot.games.offers import Choice
from bot.games.registry import spec_for
from bot.games.spec import AnySpec
from bot.ui.app_emojis import OURS, emoji_name


def choices_while_playing(spec: AnySpec, plies: int = 12) -> list[Choice]:
    """Every choice the game's board offers or panels show over a few random plies."""
    rules = spec.rules
    state: Any = rules.new_game(None, 5)
    rng = random.Random(3)
    seen: list[Choice] = []
    for _ in range(plies):
        if state.outcome is not None:
            break
        for seat in rules.to_act(state):
            actions = rules.legal_actions(state, seat)
            if spec.panel is not None:
                panel = spec.panel(rules, state, seat, "en", None)
                seen += [c for offer in panel.offers for c in offer.choices]
            elif spec.board_offers is not None:
                offers = spec.board_offers(rules, state, seat, actions, "en")
                seen += [c for offer in offers for c in offer.choices]
        seat = rules.to_act(state)[0]
        actions = rules.legal_actions(state, seat)
        state, _ = rules.apply(state, seat, rng.choice(actions))
    return seen


def test_every_face_a_menu_names_is_declared_and_drawn() -> None:
    for game in ("bushi", "senretsu"):
        spec = spec_for(game)
        assert spec.faces is not None
        named = {c.face for c in choices_while_playing(spec) if c.face}
        assert named, game  # the menus do name faces
        assert named <= set(spec.faces.keys), named - set(spec.faces.keys)
        for face in sorted(named)[:3]:
            png = spec.faces.draw(face)
            assert Image.open(io.BytesIO(png)).size == (128, 128)
            assert len(png) < 256 * 1024  # Discord's limit for an emoji
            assert OURS.fullmatch(emoji_name(face, png))


def test_every_declared_face_draws_a_distinct_picture() -> None:
    for game in ("bushi", "senretsu", "yosukou"):
        faces = spec_for(game).faces
        assert faces is not None
        pictures = [faces.draw(face) for face in faces.keys]
        assert len(set(pictures)) == len(pictures), game
        assert all(len(emoji_name(f, p)) <= 32 for f, p in zip(faces.keys, pictures, strict=True))
