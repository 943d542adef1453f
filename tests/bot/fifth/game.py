"""石取り's one home in the bot: everything the bot needs to know, registered once."""

from __future__ import annotations

from bot.games.spec import (
    CommandGroup,
    CommandOption,
    GameSpec,
    OptionChoice,
    Ranking,
    StartRequest,
    Variant,
)
from rules.core import Text
from tests.bot.fifth.rules import PileRules

SPEC = GameSpec(
    rules=PileRules(),
    command=CommandGroup(Text("石取り", "pile"), Text("石取りを遊ぶ", "Play Take-away")),
    help_pages=(
        Text("石を1個か2個取る。最後の石を取った人の勝ち。", "Take 1 or 2; taking the last wins."),
    ),
    variants=(Variant("pile", PileRules.title),),
    ranking=Ranking.RATED,
    options=(
        CommandOption(
            "stones",
            Text("石の数", "stones"),
            Text("最初の石の数", "How many stones to start with"),
            choices=(OptionChoice(Text("5個", "5"), "5"), OptionChoice(Text("7個", "7"), "7")),
        ),
    ),
    settings_from=lambda chosen: StartRequest({"stones": int(chosen.get("stones") or 5)}, 0),
)
