"""Adjournment: two players agree to pause a game; its clocks stand and no move is played
until either of them resumes it. The player whose move it is may meanwhile **seal** a move:
played as usual, it is checked, then kept encrypted in the game's ``pause`` with a public seal
(:func:`rules.core.fairness.move_commitment`) and played — revealed — when the game resumes.

Each step is one guarded write of the game (:meth:`GuardedWriter.change`: a click made before
a move changes nothing, and a double click finds the step taken — see
:mod:`bot.services.freshness`), the pause travelling with the state: resuming
and playing the sealed move are one write, so a crash can neither lose the move nor play it
twice. Only two-player games between people, outside tournaments (a round waits on every
board), may be adjourned.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.db.records import EventRecord
from bot.services.base import GuardedWriter, Planned, logged_step
from bot.services.errors import NotAParticipant, WrongStatus
from bot.services.freshness import Sight, check_fresh
from bot.services.games import GameService
from bot.services.holds import Hold
from bot.services.secrets import DeploymentSecrets
from bot.services.snapshots import ActionResult, GameSnapshot
from bot.statuses import GameStatus
from bot.text.away import (
    ADJOURN_ALREADY,
    ADJOURN_CANNOT,
    ADJOURN_NOT_ADJOURNED,
    ADJOURN_NOT_ASKED,
    ADJOURN_ONLY_OPPONENT,
    SEAL_ALREADY,
    SEAL_NOT_YOURS,
    SEAL_WHOLE_MOVE,
)
from rules.core import Event, Seat
from rules.core.fairness import move_commitment, new_salt

#: The deployment secret that encrypts sealed moves at rest.
SEAL_SECRET = "sealed-moves"


def _keystream(key: bytes, label: bytes, size: int) -> bytes:
    out = b""
    counter = 0
    while len(out) < size:
        out += hmac.new(key, label + counter.to_bytes(4, "big"), hashlib.sha256).digest()
        counter += 1
    return out[:size]


def _crypt(key: bytes, game_id: int, ply: int, salt: bytes, data: bytes) -> bytes:
    """XOR with a keystream only this deployment can make, unique per game, ply and salt."""
    label = b"asobiba-sealed-box-v1" + game_id.to_bytes(8, "big") + ply.to_bytes(4, "big") + salt
    return bytes(a ^ b for a, b in zip(data, _keystream(key, label, len(data)), strict=True))


@dataclass(frozen=True, slots=True)
class Revealed:
    """A sealed move as played on resumption: anyone can check ``move_commitment(code, ply,
    bytes.fromhex(salt)) == commitment``."""

    code: str
    ply: int
    salt: str
    commitment: str


def can_adjourn(game: GameSnapshot) -> bool:
    return (
        game.status == GameStatus.ACTIVE
        and len(game.seats) == 2
        and not any(s.is_bot for s in game.seats)
        and game.tournament_id is None
    )


class Adjournments:
    def __init__(self, games: GameService, secrets: DeploymentSecrets) -> None:
        self.writer: GuardedWriter = games.writer
        self.secrets = secrets

    async def ask(self, game_id: int, user_id: int, version: Sight) -> GameSnapshot:
        def plan(game: GameSnapshot) -> Planned:
            seat = self._seat(game, user_id, version)
            hold = Hold.load(game.pause)
            if hold.adjourned or hold.asked is not None:
                raise WrongStatus(ADJOURN_ALREADY)
            return self._held(game, replace(hold, asked=seat))

        return (await self.writer.change(game_id, version, plan)).after

    async def answer(
        self, game_id: int, user_id: int, version: Sight, accept: bool
    ) -> GameSnapshot:
        def plan(game: GameSnapshot) -> Planned:
            seat = self._seat(game, user_id, version)
            hold = Hold.load(game.pause)
            if hold.asked is None:
                raise WrongStatus(ADJOURN_NOT_ASKED)
            if hold.asked == seat and accept:  # the asker may only take the request back
                raise NotAParticipant(ADJOURN_ONLY_OPPONENT)
            return self._held(game, replace(hold, asked=None, adjourned=accept))

        return (await self.writer.change(game_id, version, plan)).after

    async def seal(self, game_id: int, user_id: int, version: Sight, code: str) -> GameSnapshot:
        """Seal ``code`` as the player's move: legal, a whole move, and theirs to make."""
        key = await self.secrets.get(SEAL_SECRET)
        salt = new_salt()

        def plan(game: GameSnapshot) -> Planned:
            seat = self._seat(game, user_id, version)
            hold = Hold.load(game.pause)
            if not hold.adjourned:
                raise WrongStatus(ADJOURN_NOT_ADJOURNED)
            if hold.sealed is not None:
                raise WrongStatus(SEAL_ALREADY)
            rules = game.rules
            if set(rules.to_act(game.state)) != {seat}:
                raise NotAParticipant(SEAL_NOT_YOURS)
            action = rules.parse(code)  # a bad or illegal move is refused as usual
            after, _ = rules.apply(game.state, seat, action)
            if seat in rules.to_act(after) and rules.outcome(after) is None:
                raise WrongStatus(SEAL_WHOLE_MOVE)
            plain = rules.format(action)
            sealed = {
                "seat": seat,
                "ply": game.ply,
                "salt": salt.hex(),
                "box": _crypt(key, game.id, game.ply, salt, plain.encode()).hex(),
                "commitment": move_commitment(plain, game.ply, salt),
            }
            return self._held(game, replace(hold, sealed=sealed))

        return (await self.writer.change(game_id, version, plan)).after

    async def resume(
        self, game_id: int, user_id: int, version: Sight
    ) -> tuple[ActionResult, Revealed | None]:
        """Either player ends the adjournment: the clocks run again (moved on by the pause) and
        a sealed move is played, in the same write; the move revealed, with its salt."""
        key = await self.secrets.get(SEAL_SECRET)
        revealed: Revealed | None = None

        def plan(game: GameSnapshot) -> Planned:
            nonlocal revealed
            self._seat(game, user_id, version)
            hold = Hold.load(game.pause)
            if not hold.adjourned:
                raise WrongStatus(ADJOURN_NOT_ADJOURNED)
            state: Any = game.state
            events: Sequence[Event] = ()
            logged: list[EventRecord] = []
            sealed = hold.sealed
            if sealed is not None and sealed["ply"] == game.ply:
                salt = bytes.fromhex(sealed["salt"])
                code = _crypt(key, game.id, game.ply, salt, bytes.fromhex(sealed["box"])).decode()
                rules = game.rules
                state, events = rules.apply(state, sealed["seat"], rules.parse(code))
                revealed = Revealed(code, game.ply, sealed["salt"], sealed["commitment"])
                logged = [logged_step(rules, game.ply + 1, sealed["seat"], code, events)]
            resumed = Hold(away=hold.away)
            write, to_act = self.writer.write_for(
                game,
                state,
                status=game.status,
                events=logged,
                expires_at=game.expires_at,
                hold=resumed,
            )
            return Planned(write, state, to_act, tuple(events))

        changed = await self.writer.change(game_id, version, plan)
        result = ActionResult(
            changed.after, changed.planned.events, changed.before.version, changed.deliveries
        )
        return result, revealed

    def _seat(self, game: GameSnapshot, user_id: int, version: Sight) -> Seat:
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAParticipant()
        check_fresh(game, version)
        if not can_adjourn(game):
            raise WrongStatus(ADJOURN_CANNOT)
        return seat

    def _held(self, game: GameSnapshot, hold: Hold) -> Planned:
        write, to_act = self.writer.write_for(
            game, game.state, status=game.status, expires_at=game.expires_at, hold=hold
        )
        return Planned(write, game.state, to_act)
