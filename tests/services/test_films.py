"""A shared game's film: made only of what everyone saw — 戦列札's hands never enter it — and
refused before the end and to anyone but the players."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

from bot.services.errors import NotAParticipant, WrongStatus
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, Player
from bot.ui.easel import Easel, Painter
from bot.ui.films import draw_film
from rules.cards.playing import Card
from rules.core import Rng
from tests.conftest import FakeClock

ALICE = Player(101, "alice")
BOB = Player(202, "bob")
CAROL = Player(303, "carol")


@pytest.fixture
def service(db: Any, clock: FakeClock) -> GameService:
    return GameService(db, clock=clock, seed_source=Rng.from_seed(7))


class RecordingEasel(Easel):
    """Draws in a thread, and keeps every argument any painter was handed."""

    def __init__(self) -> None:
        super().__init__(0)
        self.handed: list[tuple[Painter, tuple[Any, ...], bytes]] = []

    async def draw(self, paint: Painter, *args: Any, remember: bool = True) -> bytes:
        drawn = await super().draw(paint, *args, remember=remember)
        self.handed.append((paint, args, drawn))
        return drawn


async def senretsu_played(service: GameService, actions: int) -> ActionResult:
    challenge = await service.starts.challenge(
        "senretsu", ALICE, BOB, settings={"first_player": "coin"}
    )
    result = await service.starts.accept(challenge.game.id, BOB.user_id)
    rng = Rng.from_seed(41)
    for _ in range(actions):
        game = result.game
        seat = game.seats_to_act[0].seat
        action, rng = rng.choice(game.rules.legal_actions(game.state, seat))
        user = game.player(seat).user_id
        result = await service.actions.act(game.id, user, game.version, game.rules.format(action))
    return result


async def test_a_senretsu_film_holds_no_hand(service: GameService) -> None:
    running = (await senretsu_played(service, 14)).game
    with pytest.raises(WrongStatus):
        await service.queries.film(running.id, ALICE.user_id)
    await service.actions.act(running.id, ALICE.user_id, None, "resign")
    with pytest.raises(NotAParticipant):
        await service.queries.film(running.id, CAROL.user_id)

    film = await service.queries.film(running.id, BOB.user_id)
    game = await service.queries.get(running.id)
    rules = game.rules
    hidden = set()
    for seat in (0, 1):
        own = rules.view_for(game.state, seat)
        hidden |= set(own.hand) - set(own.revealed[seat])
    assert hidden  # cards still secret at the end: the film must not know them
    assert len(film.steps) >= 3
    # Each frame's view is the spectator's view of the replay at that step, as the replay
    # button shows it; no event in it is addressed to one seat.
    for number, step in enumerate(film.steps, start=1):
        _, state, _, _ = await service.queries.state_at(game.id, number, None)
        assert step.view == rules.view_for(state, None)
        assert step.view.viewer is None and step.view.hand == ()
        assert all(event.visible_to is None for event in step.events)
    assert film.end == rules.view_for(game.state, None)

    easel = RecordingEasel()
    shared = await draw_film(film, "en", easel)
    assert shared is not None
    spectator = game.spec.board_picture
    assert spectator is not None
    boards = [(args, drawn) for paint, args, drawn in easel.handed if paint == spectator]
    assert len(boards) == len(film.steps) + 2  # the start, every step, the end
    assert all(args[0].viewer is None and args[0].hand == () for args, _ in boards)
    # No hidden card is among anything handed to any painter (views, events, words).
    codes = {card.code for card in hidden}
    for _, args, _ in easel.handed:
        cards, words = _contents(args)
        assert not hidden & cards
        assert not codes & words
    # Each move's frame is the board drawn from the spectator's view of the replay.
    for number, step in enumerate(film.steps, start=1):
        _, state, _, _ = await service.queries.state_at(game.id, number, None)
        names = [seat.display_name for seat in film.game.seats]  # the frames name the players
        expected = spectator(rules.view_for(state, None), "en", step.events, names)
        [drawn] = [d for args, d in boards if args[0] is step.view]  # drawn in any order
        assert drawn == expected
    animation = Image.open(io.BytesIO(shared.animation))
    assert animation.format == "GIF"
    assert animation.n_frames == len(film.steps) + 3  # title, start, steps, result
    assert len(shared.animation) <= 2_000_000


def _contents(value: Any) -> tuple[set[Any], set[str]]:
    """Every card object and every word (strings split at punctuation) reachable from
    ``value``: views, events and their data, tuples, lists and dicts."""
    cards: set[Any] = set()
    words: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            cards.add(item)
        elif isinstance(item, str):
            words |= set(re.split(r"[^0-9A-Za-z]+", item))
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif hasattr(item, "__dataclass_fields__"):
            stack.extend(getattr(item, name) for name in item.__dataclass_fields__)
    return cards, words
