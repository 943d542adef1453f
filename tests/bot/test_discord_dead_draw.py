"""The dead-draw rule through the fake Discord: a careful player's game against the bot on the
seed cube reaches the rule, the bot offers the draw once (the board says so, in words and with
Accept and Decline), playing on declines it, the player to move gets a Claim button, and the
claim ends the game as a draw by dead draw."""

from __future__ import annotations

from rules.bushi import RULES as BUSHI
from rules.bushi.dead_draw import DEAD_DRAW_RUN
from rules.core import Rng
from tests.bot.harness import World, click, until
from tests.bot.test_discord_levels import bot_game, only_game_id
from tests.rules.bushi.test_bushi_dead_draw import careful_action


async def test_the_bot_offers_a_dead_draw_and_the_player_claims_it(world: World) -> None:
    fake = world.fake
    board = await bot_game(world, level="perfect")
    game_id = await only_game_id(world)
    rng = Rng.from_seed(5)
    offered = claimable = ""
    for _ in range(3 * DEAD_DRAW_RUN):
        game = await world.bot.games.queries.get(game_id)
        assert game.state.outcome is None
        if game.state.draw_offer is not None and not offered:
            offered = board.text
            labels = [b["label"] for b in board.buttons()]
            assert {"Accept draw", "Decline draw"} <= set(labels)
        if game.state.may_claim_draw and not claimable:
            claimable = board.text  # Alice's turn first: she plays on
            assert "Claim a draw (dead draw)" in [b["label"] for b in board.buttons()]
        elif offered and game.state.draw_offer is None:
            break  # her move declined the bot's offer; now she claims
        action, rng = careful_action(game.state, rng)
        code = BUSHI.format(action)
        if board.selects():
            menu = board.selects()[0]["custom_id"]
            record = await fake.select(board, menu, [code], user=world.alice)
        else:
            record = await fake.click(board, f"g:{game_id}:p{game.ply}:{code}", user=world.alice)
        await record.wait_complete()
        await world.bot.asobiba.activity.wait_idle()
    assert "🤝 Asobiba 🤖 offers a draw." in offered
    assert "Claim a draw (dead draw)" in [b["label"] for b in board.buttons()]
    await click(world, board, world.alice, label="Claim a draw (dead draw)")
    await until(world, lambda: "dead draw" in board.text.lower() and "Claim" not in board.text)
    game = await world.bot.games.queries.get(game_id)
    assert game.state.outcome is not None and game.state.outcome.reason == "dead_draw"
    assert "White claimed a dead draw (neither side could force a win for 20 moves each)." in (
        board.text
    )
    assert "🤝 Draw (dead draw)" in board.text
