"""戦列札 in the bot: the challenge options, the AI, and each player's private panel, where
everything secret happens — janken, the first draw, placing cards, choosing casualties.

Nothing secret goes into a public message: the panel is drawn only from the player's own view
and lives in their own private (ephemeral) message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.offers import Choice, NumberPrompt, Offer, Panel, move_choices
from bot.games.spec import (
    BotLevel,
    CommandGroup,
    CommandOption,
    FaceSet,
    GameSpec,
    OptionChoice,
    Ranking,
    ReviewStep,
    StartRequest,
    Variant,
    painter,
)
from rules.cards.playing import STANDARD_DECK, Card, sort_key
from rules.core import GameRules, Locale, Rng, Seat, Text
from rules.senretsu import (
    RULES,
    Action,
    Casualty,
    EndPlacement,
    Janken,
    Place,
    SenretsuRules,
    SenretsuState,
    SenretsuView,
    TakeBack,
)
from rules.senretsu.adjudication import ADJUDICATION as SENRETSU_ADJUDICATION
from rules.senretsu.help import RULES_HELP
from rules.senretsu.lesson import LESSON
from rules.senretsu.levels import DEFAULT_LEVEL, LEVELS, SenretsuLevel
from rules.senretsu.mistakes import MISTAKES as SENRETSU_MISTAKES
from rules.senretsu.puzzles import PUZZLES as SENRETSU_PUZZLES
from rules.senretsu.render import destination_label, render_hand, seat_tag
from rules.senretsu.review import disagreements

#: The order the prompt names them in: グー・チョキ・パー.
JANKEN_ORDER = ("rock", "scissors", "paper")
JOKER_RANGE_MAX = 99
#: One menu holds 25 options: a hand whose every card-and-place fits is placed in one pick.
MENU_LIMIT = 25

WAITING = Text(
    "相手の番です。手札はいつでもここで確認できます。",
    "Not your move now. You can check your hand here any time.",
)
FINISHED = Text("この対局は終わりました。", "This game is over.")
JANKEN = Text(
    "じゃんけん！ グー・チョキ・パーから選んでください（相手には見えません）。",
    "Janken! Pick rock, scissors or paper (your opponent can't see it).",
)
JANKEN_TIE = Text(
    "あいこ（どちらも{hand}）— もう一度選んでください。",
    "A tie (both played {hand}) — pick again.",
)
JANKEN_WAIT = Text(
    "選びました。相手が選ぶのを待っています。", "Picked. Waiting for your opponent to pick."
)
DRAW = Text("最初に何枚引きますか？（3〜6枚）", "How many cards do you draw first? (3–6)")
PLACE = Text(
    "カードを置いて（何枚でも、置かなくても可）、最後に「配置終了」。置いた札は終了まで相手に見えません。",
    "Place cards (any number, or none), then End placement. Your opponent sees nothing until you end.",
)
CASUALTIES = Text(
    "攻撃を受けました。失うカードを選んでください。",
    "You were hit. Choose which cards you lose.",
)
PLACE_CARD = Text("カードと置き場所を選ぶ…", "Choose a card and where it goes…")
CHOOSE_CARD = Text("置くカードを選ぶ…", "Choose a card to place…")
CHOOSE_PLACE = Text("{card} をどこに置く？", "Where does {card} go?")
CHOOSE_CASUALTY = Text("失うカードを選ぶ…", "Choose a card to lose…")
THEN_RANGE = Text("射程はこのあと入力", "then type its range")
JOKER_TITLE = Text("ジョーカーの射程", "Joker range")
JOKER_RANGE = Text("射程（1〜99）", "Range (1–99)")
UNDO = Text("最後の1枚を戻す", "Undo last")
LEVEL_NAMES = {
    "random": Text("入門（でたらめに置く）", "beginner (plays at random)"),
    "greedy": Text("初級（一手先だけ読む）", "novice (looks one move ahead)"),
    "sharp": Text(
        "上級（盤上の札を重く見る・既定）", "strong (weighs every card on the field, default)"
    ),
    "sampling": Text(
        "熟考（1ターンを丸ごと計画し、見えない札を引き直して確かめる・1枚に1秒弱）",
        "planner (plans whole turns, tries them on samples of the hidden cards; under a second a card)",
    ),
}
REVIEW_AGREED = Text(
    "🧭 あなたの配置は、最強レベルのボットが選ぶものとほぼ同じでした。",
    "🧭 Your placements were close to what the strongest bot level would have played.",
)
REVIEW_TITLE = Text(
    "🧭 最強レベルのボットと最も意見が分かれた配置：",
    "🧭 Where the strongest bot level disagrees with you most:",
)
REVIEW_LINE = Text(
    "・{turn}ターン目：あなたは「{played}」。ボットなら「{instead}」としたでしょう。",
    "• Turn {turn}: you played {played}; the bot would have played {instead}.",
)
HAND_NAMES = {
    "rock": Text("グー ✊", "rock ✊"),
    "scissors": Text("チョキ ✌️", "scissors ✌️"),
    "paper": Text("パー ✋", "paper ✋"),
}


def settings_from(chosen: Mapping[str, Any]) -> StartRequest:
    # The challenger takes seat 0, so "colour" is seat 0's colour as the rules expect.
    return StartRequest(
        {
            "first_player": chosen.get("first") or "janken",
            "colours": chosen.get("colour") or "random",
        },
        0,
    )


Rules = GameRules[SenretsuState, Action, SenretsuView]
BotPlayer = Callable[[Rules, SenretsuState, Seat, Rng], tuple[Action, Rng]]


def level_player(level: SenretsuLevel) -> BotPlayer:
    def play(rules: Rules, state: SenretsuState, seat: Seat, rng: Rng) -> tuple[Action, Rng]:
        """The AI sees only what its seat may see: the same view a person gets."""
        return level.choose(rules.view_for(state, seat), rules, rng)

    return play


#: The levels a challenge offers; the default one also plays games that name a retired level.
BOT_LEVELS = tuple(BotLevel(lv.key, LEVEL_NAMES[lv.key], level_player(lv)) for lv in LEVELS)


def review(
    rules: Rules, steps: Sequence[ReviewStep[SenretsuState]], seat: Seat, locale: Locale
) -> str:
    """The placements where the strongest level, in ``seat``'s place, would have differed most."""
    found = disagreements(rules, steps, seat)
    if not found:
        return REVIEW_AGREED(locale)
    lines = [REVIEW_TITLE(locale)]
    # The costliest few, told in the order they were played: the game's story.
    for d in sorted(found, key=lambda d: d.turn):
        line = REVIEW_LINE.format(
            turn=d.turn,
            played=rules.action_label(d.played, locale),
            instead=rules.action_label(d.instead, locale),
        )
        lines.append(line(locale))
    return "\n".join(lines)


def seat_labels(rules: Rules, seat: Seat, locale: Locale) -> tuple[str, str]:
    """How the text names a seat: ``Player 1`` (events), ``P1`` (the board and the hand)."""
    return rules.seat_name(seat, locale), seat_tag(seat)


def panel(
    rules: Rules, state: SenretsuState, seat: Seat, locale: Locale, step: str | None
) -> Panel:
    """``step``: the hand card (``c<index>`` in the sorted hand) picked first, when a hand's
    placements don't fit one menu."""
    view = rules.view_for(state, seat)
    text = render_hand(view, locale)
    if view.outcome is not None:
        return Panel(text, FINISHED(locale))
    actions = rules.legal_actions(state, seat)
    if view.phase == "janken":
        return Panel(text, *_janken(rules, view, actions, locale))
    if not actions:
        return Panel(text, WAITING(locale))
    if view.phase == "draw":
        return Panel(text, DRAW(locale), (Offer(move_choices(rules, actions, locale)),))
    if view.phase == "casualties":
        choices = move_choices(rules, [a for a in actions if isinstance(a, Casualty)], locale)
        many = len(choices) > 5
        offer = Offer(choices, as_select=many, placeholder=CHOOSE_CASUALTY(locale), style="danger")
        return Panel(text, CASUALTIES(locale), (offer,))
    return Panel(text, PLACE(locale), _placement_offers(rules, view, actions, locale, step))


def _janken(
    rules: Rules, view: SenretsuView, actions: tuple[Action, ...], locale: Locale
) -> tuple[str, tuple[Offer, ...]]:
    tie = view.janken_rounds > 0 and view.janken_last is not None
    if not actions:
        return JANKEN_WAIT(locale), ()
    picks = {a.hand: a for a in actions if isinstance(a, Janken)}
    choices = tuple(
        Choice(HAND_NAMES[hand](locale), rules.format(picks[hand]))
        for hand in JANKEN_ORDER
        if hand in picks
    )
    prompt = JANKEN(locale)
    if tie and view.janken_last is not None:
        hand = HAND_NAMES[view.janken_last[0]](locale)
        prompt = JANKEN_TIE.format(hand=hand)(locale) + "\n" + prompt
    return prompt, (Offer(choices),)


def _placement_offers(
    rules: Rules,
    view: SenretsuView,
    actions: tuple[Action, ...],
    locale: Locale,
    step: str | None,
) -> tuple[Offer, ...]:
    """Card and place in one menu when they fit (one pick per card), else card then place."""
    places = [a for a in actions if isinstance(a, Place)]
    hand = sorted({a.card for a in places}, key=sort_key)
    per_card = {card: _place_choices(rules, card, places, locale) for card in hand}
    offers: list[Offer] = []
    every = [c for card in hand for c in per_card[card]]
    if every and len(every) <= MENU_LIMIT:
        offers.append(Offer(tuple(every), as_select=True, placeholder=PLACE_CARD(locale)))
    elif hand:
        chosen = int(step[1:]) if step and step[1:].isdigit() else -1
        cards = [
            Choice(card.label, step=f"c{i}", selected=i == chosen, face=card_face(card))
            for i, card in enumerate(hand)
        ]
        # A hand longer than one menu (deck hits can swell it) gets a second menu.
        for start in range(0, min(len(cards), 2 * MENU_LIMIT), MENU_LIMIT):
            part = tuple(cards[start : start + MENU_LIMIT])
            offers.append(Offer(part, as_select=True, placeholder=CHOOSE_CARD(locale)))
        if 0 <= chosen < len(hand):
            card = hand[chosen]
            where = CHOOSE_PLACE.format(card=card.label)(locale)
            offers.append(Offer(per_card[card][:MENU_LIMIT], as_select=True, placeholder=where))
    buttons: list[Choice] = []
    undo = [a for a in actions if isinstance(a, TakeBack)]
    if undo and view.staged:
        last = next((a for a in undo if a.card == view.staged[-1]), undo[-1])
        buttons.append(Choice("↩️ " + UNDO(locale), rules.format(last)))
    if buttons:
        offers.append(Offer(tuple(buttons), style="secondary"))
    end = [a for a in actions if isinstance(a, EndPlacement)]
    if end:
        offers.append(Offer(move_choices(rules, end, locale), style="success"))
    return tuple(offers)


def card_face(card: Card) -> str:
    """A card's emoji (its face, as the board draws it)."""
    return f"sr_{card.code}"


def _place_choices(
    rules: Rules, card: Card, places: list[Place], locale: Locale
) -> tuple[Choice, ...]:
    """Each place ``card`` may go, in the board's words; a joker asks for its range after."""
    if not card.is_joker:
        return tuple(
            Choice(rules.action_label(a, locale), rules.format(a), face=card_face(card))
            for a in places
            if a.card == card
        )
    out: list[Choice] = []
    seen: set[tuple[int, bool]] = set()
    for a in places:
        if a.card != card or (a.line, a.new) in seen:
            continue
        seen.add((a.line, a.new))
        where = destination_label(a.line, a.new, locale)
        prefix = rules.format(Place(card, a.line, a.new))
        out.append(
            Choice(
                f"{card.label}→{where}",
                face=card_face(card),
                number=NumberPrompt(
                    prefix + ":", 1, JOKER_RANGE_MAX, JOKER_TITLE(locale), JOKER_RANGE(locale)
                ),
                description=THEN_RANGE(locale),
            )
        )
    return tuple(out)


SPEC = GameSpec(
    rules=RULES,
    command=CommandGroup(
        Text("戦列札", "senretsu"),
        Text(
            "秘密の手札で戦う戦列札を遊ぶ",
            "Play 戦列札 (Senretsu-fuda), the line battle with secret hands",
        ),
    ),
    help_pages=(RULES_HELP,),
    variants=(Variant("senretsu", SenretsuRules.title),),
    ranking=Ranking.RATED,
    options=(
        CommandOption(
            "first",
            Text("先攻", "first"),
            Text("先攻の決め方", "How the first player is decided"),
            choices=(
                OptionChoice(Text("じゃんけん（既定）", "janken (じゃんけん, default)"), "janken"),
                OptionChoice(Text("コイントス", "coin toss"), "coin"),
            ),
        ),
        CommandOption(
            "colour",
            Text("色", "colour"),
            Text("あなたの札の色（既定はランダム）", "Your colour (default: random)"),
            choices=(
                OptionChoice(Text("ランダム", "random"), "random"),
                OptionChoice(Text("赤（♥♦）", "red (♥♦)"), "red"),
                OptionChoice(Text("黒（♠♣）", "black (♠♣)"), "black"),
            ),
            # The starter's own seat: tournaments seat their players themselves.
            picks_seat=True,
        ),
    ),
    settings_from=settings_from,
    panel=panel,
    bot_player=next(lv.player for lv in BOT_LEVELS if lv.key == DEFAULT_LEVEL),
    levels=BOT_LEVELS,
    default_level=DEFAULT_LEVEL,
    reviewer=review,
    board_picture=painter("bot.pictures.senretsu", "draw_board"),
    panel_picture=painter("bot.pictures.senretsu", "draw_hand"),
    faces=FaceSet(
        tuple(card_face(c) for c in STANDARD_DECK), painter("bot.pictures.emojis", "senretsu_emoji")
    ),
    puzzles=SENRETSU_PUZZLES,
    mistakes=SENRETSU_MISTAKES,
    adjudication=SENRETSU_ADJUDICATION,
    lessons=(LESSON,),
    # Seats are only numbers: the console's text names the players instead.
    seat_labels=seat_labels,
)
