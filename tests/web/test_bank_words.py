"""A time bank in words wherever a game's clock is read: spent and refilled on the game's web
page and in /games (both languages), and named on a tournament's table."""

from __future__ import annotations

from bot.cogs.player import games_text
from bot.services.game_clock import BankRule
from bot.services.snapshots import GameSnapshot
from bot.ui.tournaments import header
from tests.services.tournament_helpers import GUILD, PLAYERS, create, enter
from tests.services.tournament_helpers import services as tournament_services
from tests.web.conftest import ALICE, BOB, Site

DAY = 86400


async def play(site: Site, game: GameSnapshot) -> GameSnapshot:
    seat = game.rules.to_act(game.state)[0]
    code = game.rules.format(game.rules.legal_actions(game.state, seat)[0])
    return (await site.games.actions.act(game.id, game.seats[seat].user_id, None, code)).game


async def test_a_bank_is_spent_and_refilled_in_words(site: Site) -> None:
    bank = BankRule(4 * DAY, 2 * DAY, 8 * DAY)
    challenge = await site.games.starts.challenge(
        "bushi", ALICE, BOB, challenger_seat=0, move_seconds=2 * DAY, bank=bank
    )
    game = (await site.games.starts.accept(challenge.game.id, BOB.user_id)).game
    path = site.game(game.id)
    html = await site.text(f"{path}?lang=en")
    assert "Time left" in html and "+2 d a move, up to 8 d" in html
    # Alice thinks 36 hours: 4 d − 1.5 d + 2 d = 4.5 d.
    site.clock.advance(hours=36)
    game = await play(site, game)
    html = await site.text(f"{path}?lang=en")
    assert "&amp; 4 d 12 h, bob 4 d (+2 d a move" in html  # alice's name is "Alice <b>&"
    listed = games_text([game], BOB.user_id, "en")
    assert "Time left: " in listed and " 4d 12h, bob 4d (+2 days a move" in listed
    # Bob answers at once twice; each answer tops his bank up by 2 days, to the cap.
    game = await play(site, game)
    site.clock.advance(minutes=30)
    game = await play(site, game)
    game = await play(site, game)
    html = await site.text(f"{path}?lang=ja")
    assert "残りの持ち時間" in html and "上限8日" in html
    listed = games_text([game], ALICE.user_id, "ja")
    assert "bob 8日" in listed


async def test_a_tournament_names_its_bank(site: Site) -> None:
    made = tournament_services(site.db, site.clock)
    info = await create(made, format="swiss", bank=BankRule(4 * DAY, 2 * DAY, 8 * DAY))
    assert "bank 4 days + 2 days a move (up to 8 days)" in header(info, "en")
    plain = await create(made, format="swiss")
    assert "1 day per move" in header(plain, "en")


async def test_a_tournament_page_says_which_games_its_deadlines_decided(site: Site) -> None:
    """The web table lists each game a round's deadline decided, with the rule's proof, in
    both languages, as the final table in Discord does."""
    made = tournament_services(site.db, site.clock)
    info = await create(made, "bushi", format="swiss", rounds=1, round_seconds=2 * DAY)
    await enter(made, info.id, 2)
    await made.tournaments.actions.start(info.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    path = site.tournament(info.id)
    assert "Games adjudicated" not in await site.text(f"{path}?lang=en")
    site.clock.advance(days=2, minutes=1)  # nobody moved: the empty board is a proven draw
    await made.tournaments.scheduler.tick()
    english = await site.text(f"{path}?lang=en")
    assert "Games adjudicated at a round&#39;s deadline" in english
    assert "Round 1, board 1:" in english and "Neither side can force mate" in english
    japanese = await site.text(f"{path}?lang=ja")
    assert "ラウンドの期限で裁定した対局" in japanese and "第1回戦 第1局" in japanese
