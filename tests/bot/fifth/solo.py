"""一人石取り's one home in the bot, typed by its own state, move and view (no ``cast``): a
daily deal and each player's private panel, where the secret hand is shown and played.
Registered from the test suite alone — no other file of the bot knows it."""

from __future__ import annotations

from bot.games.offers import Offer, Panel, move_choices
from bot.games.spec import CommandGroup, GameSpec, Ranking, Variant
from rules.core import GameRules, Locale, Seat, Text
from tests.bot.fifth.solo_rules import Play, SoloRules, SoloState, SoloView

HAND = Text("🂠 あなたの手札：{cards}", "🂠 Your hand: {cards}")
PLAY = Text("札を1枚出して、その数だけ石を取ってください。", "Play a card to take that many.")
OVER = Text("この配札は終わりました。", "This deal is over.")
LEFT = Text("残り{n}個", "{n} stones left")
ENDED = Text("残り{n}個で終局", "ended with {n} stones left")


def panel(
    rules: GameRules[SoloState, Play, SoloView],
    state: SoloState,
    seat: Seat,
    locale: Locale,
    step: str | None,
) -> Panel:
    view = rules.view_for(state, seat)
    cards = " ".join(f"[{card}]" for card in view.hand or ())
    text = HAND.format(cards=cards or "—")(locale)
    if view.outcome is not None:
        return Panel(text, OVER(locale))
    actions = rules.legal_actions(state, seat)
    return Panel(text, PLAY(locale), (Offer(move_choices(rules, actions, locale)),))


def summary(state: SoloState, locale: Locale) -> str:
    # Never the hand: others are playing the same deal today.
    return (LEFT if state.outcome is None else ENDED).format(n=state.stones)(locale)


SPEC = GameSpec(
    rules=SoloRules(),
    command=CommandGroup(
        Text("一人石取り", "solo"), Text("一人石取りを遊ぶ", "Play Solo Take-away")
    ),
    help_pages=(
        Text(
            "秘密の手札から札を出し、その数だけ石を取る。石を取りきれば勝ち。",
            "Play a card from your secret hand to take that many stones; empty the pile to win.",
        ),
    ),
    variants=(Variant("solo", SoloRules.title),),
    ranking=Ranking.SOLITAIRE,
    panel=panel,
    daily=True,
    summary=summary,
)
