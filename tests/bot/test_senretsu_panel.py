"""The private 戦列札 panel, built directly: a long hand needs two menus, within Discord's
limits, and the panel never names a card in a custom_id."""

from __future__ import annotations

import dataclasses

import pytest

from bot.db import Database
from bot.services.games import GameService
from bot.services.snapshots import Player
from bot.ui.senretsu import panel_message
from rules.core import Rng


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_a_long_hand_gets_two_menus(db: Database) -> None:
    service = GameService(db, seed_source=Rng.from_seed(8))
    challenge = await service.challenge(
        "senretsu", Player(1, "a"), Player(2, "b"), settings={"first_player": 0}
    )
    game = (await service.accept(challenge.game.id, 2)).game
    seat = game.seats_to_act[0].seat
    assert game.state.phase == "place"
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
    content, view = panel_message(game, seat, "en")
    menus = [c for c in view.children if getattr(c, "custom_id", "").startswith("hc:")]
    assert len(menus) == 2
    offered = [o.value for menu in menus for o in menu.item.options]  # type: ignore[attr-defined]
    assert offered == [str(i) for i in range(26)]
    custom_ids = [getattr(c, "custom_id", "") for c in view.children]
    assert len(set(custom_ids)) == len(custom_ids)
    assert all(len(c) <= 100 for c in custom_ids)
    assert not any(card.code in cid.split(":") for cid in custom_ids for card in long_hand)
    assert len(content) <= 2000
    assert len(view.to_components()) <= 5
