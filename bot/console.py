"""Play without Discord: a terminal front end over the same services and database.

    python -m bot console            # two players at one keyboard, or against the bot

Input and output are injectable so the tests can drive it like a person would.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.config import Settings
from bot.db import Database
from bot.services.errors import ServiceError
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, GameSnapshot, Player
from rules.core import Locale, RulesError, Text

Reader = Callable[[str], str]
Writer = Callable[[str], None]

CONSOLE_BOT_ID = 0
T = {
    "welcome": Text("遊び場コンソール — 武士将棋", "Asobiba console — 武士将棋 Bushi Shogi"),
    "mode": Text("1) 二人で対局  2) ボットと対局 > ", "1) two players here  2) play the bot > "),
    "name": Text("{side}の名前 > ", "Name of {side} > "),
    "side": Text(
        "あなたの手番: 1) 先手  2) 後手 > ", "Your side: 1) Black (moves first)  2) White > "
    ),
    "to_move": Text(
        "{name} の番。番号か手を入力（?でヒント、qで中断）> ",
        "{name} to move. Number or move (? hint, q quit) > ",
    ),
    "bad": Text("番号か手を入力してください。", "Please enter a number or a move."),
    "bye": Text("中断しました。対局 #{id} は保存されています。", "Stopped. Game #{id} is saved."),
    "over": Text("終局: {result}", "Game over: {result}"),
    "draw": Text("引き分け（{reason}）", "draw ({reason})"),
    "win": Text("{name} の勝ち（{reason}）", "{name} wins ({reason})"),
}


def result_line(game: GameSnapshot, locale: Locale) -> str:
    outcome = game.outcome
    if outcome is None:
        return game.status
    reason = game.rules.reason_text(outcome.reason)(locale)
    if outcome.winner is None:
        return T["draw"].format(reason=reason)(locale)
    return T["win"].format(name=game.player(outcome.winner).display_name, reason=reason)(locale)


async def play_console(
    service: GameService, read: Reader = input, write: Writer = print, locale: Locale = "en"
) -> GameSnapshot:
    write(T["welcome"](locale))
    mode = read(T["mode"](locale)).strip()

    def rules_seat_name(seat: int) -> str:
        return service_rules_seat(seat, locale)

    if mode == "2":
        name = read(T["name"].format(side=rules_seat_name(0))(locale)).strip() or "Player"
        side = read(T["side"](locale)).strip()
        result = await service.challenge(
            "bushi",
            Player(1, name),
            Player(CONSOLE_BOT_ID, "Asobiba", is_bot=True),
            challenger_seat=1 if side == "2" else 0,
        )
    else:
        first = read(T["name"].format(side=rules_seat_name(0))(locale)).strip() or "Black"
        second = read(T["name"].format(side=rules_seat_name(1))(locale)).strip() or "White"
        challenge = await service.challenge(
            "bushi", Player(1, first), Player(2, second), challenger_seat=0
        )
        result = await service.accept(challenge.game.id, 2)
    return await _loop(service, result, read, write, locale)


def service_rules_seat(seat: int, locale: Locale) -> str:
    from bot.games.registry import spec_for

    return spec_for("bushi").rules.seat_name(seat, locale)


async def _loop(
    service: GameService, result: ActionResult, read: Reader, write: Writer, locale: Locale
) -> GameSnapshot:
    game = result.game
    rules = game.rules
    while game.status == "active":
        for event in result.events:
            line = rules.describe_event(event, locale) if event.visible_to is None else ""
            if line:
                write(line)
        write(rules.render(rules.view_for(game.state, None), locale))
        mover = next(s for s in game.seats_to_act if not s.is_bot)
        actions = rules.legal_actions(game.state, mover.seat)
        metas = rules.meta_actions(game.state, mover.seat)
        choices = [*actions, *metas]
        for number, action in enumerate(choices, 1):
            label = (
                rules.action_label(action, locale) if action in actions else rules.format(action)
            )
            write(f"  {number:>2}) {label}  [{rules.format(action)}]")
        answer = read(T["to_move"].format(name=mover.display_name)(locale)).strip()
        if answer.lower() in {"q", "quit", "exit"}:
            write(T["bye"].format(id=game.id)(locale))
            return game
        if answer == "?":
            write(await service.hint(game.id, locale))
            continue
        code = (
            rules.format(choices[int(answer) - 1])
            if answer.isdigit() and 0 < int(answer) <= len(choices)
            else answer
        )
        try:
            result = await service.act(game.id, mover.user_id, game.version, code)
        except (RulesError, ServiceError) as error:
            write("⚠ " + error.message(locale))
            continue
        game = result.game
    for event in result.events:
        line = rules.describe_event(event, locale) if event.visible_to is None else ""
        if line:
            write(line)
    write(rules.render(rules.view_for(game.state, None), locale))
    write(T["over"].format(result=result_line(game, locale))(locale))
    return game


async def run_console(settings: Settings, locale: Locale = "en") -> None:
    db = Database(settings.database_url)
    try:
        await db.migrate()
        await play_console(GameService(db), locale=locale)
    finally:
        await db.dispose()


def main(settings: Settings, locale: Locale) -> None:
    try:
        asyncio.run(run_console(settings, locale))
    except (EOFError, KeyboardInterrupt):
        print()
