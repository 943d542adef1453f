"""The private 戦列札 panel, built directly: a long hand needs two menus, within Discord's
limits; a short one places a card in one pick; the panel never names a card in a custom_id."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.db import Database
from bot.services.games import GameService
from bot.services.snapshots import GameSnapshot, Player
from bot.ui.panel_flows import panel_card
from rules.core import Rng


async def placing_game(db: Database) -> tuple[GameSnapshot, int]:
    service = GameService(db, seed_source=Rng.from_seed(8))
    challenge = await service.starts.challenge(
        "senretsu", Player(1, "a"), Player(2, "b"), settings={"first_player": 0}
    )
    game = (await service.starts.accept(challenge.game.id, 2)).game
    assert game.state.phase == "place"
    return game, game.seats_to_act[0].seat


def panel_message(
    game: GameSnapshot, seat: int, locale: str, step: str | None = None
) -> tuple[str, Any]:
    """The text panel's words (heading, hand, prompt) and its V2 view."""
    card = panel_card(game, seat, locale, step)  # type: ignore[arg-type]
    view = card.view()
    texts = [c.content for c in view.walk_children() if hasattr(c, "content")]
    return "\n".join(texts), view


def items(view: Any) -> list[Any]:
    return list(view.walk_children())


def menus(view: Any) -> list[Any]:
    return [c for c in items(view) if getattr(c, "custom_id", "").startswith("gs:")]


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_a_long_hand_gets_two_menus(db: Database) -> None:
    game, seat = await placing_game(db)
    # A hand of 26 (rare but possible: deck hits move cards from the deck to the hand).
    state = game.state
    deck, hand = state.decks[seat], state.hands[seat]
    hands = list(state.hands)
    decks = list(state.decks)
    hands[seat], decks[seat] = hand + deck[:-1], deck[-1:]
    game = dataclasses.replace(
        game, state=dataclasses.replace(state, hands=tuple(hands), decks=tuple(decks))
    )
    long_hand = game.rules.view_for(game.state, seat).hand
    assert len(long_hand) == 26
    _, view = panel_message(game, seat, "en")
    cards = menus(view)
    assert len(cards) == 2
    offered = [o.value for menu in cards for o in menu.options]
    assert offered == [f"~c{i}" for i in range(26)]
    # Picking a card adds the menu of where it may go, still within five rows.
    _, view = panel_message(game, seat, "en", "c25")
    assert len(menus(view)) == 3
    custom_ids = [c.custom_id for c in items(view) if getattr(c, "custom_id", None)]
    assert len(set(custom_ids)) == len(custom_ids)
    assert all(len(c) <= 100 for c in custom_ids)
    assert not any(card.code in cid.split(":") for cid in custom_ids for card in long_hand)
    assert view.content_length() <= 4000
    assert sum(1 for _ in view.walk_children()) + 1 <= 40


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_a_short_hand_places_a_card_in_one_pick_in_the_order_shown(db: Database) -> None:
    game, seat = await placing_game(db)
    content, view = panel_message(game, seat, "en")
    [menu] = menus(view)
    labels = [o.label for o in menu.options]
    # "card→place" in the board's words, the cards in the order the hand is shown.
    assert all("→" in label for label in labels)
    shown = content.split("\nhand (")[1].split("\n")[0]
    order = [label.split("→")[0] for label in labels]
    firsts = list(dict.fromkeys(order))
    assert [c for c in shown.split() if c in firsts] == firsts
    assert any(label.endswith("new front line") for label in labels)
    buttons = [c for c in items(view) if getattr(c, "custom_id", "").startswith("g:")]
    assert [b.label for b in buttons] == ["End placement"]
