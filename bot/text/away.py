"""The words of away mode (/away): the command, its options, what it says, its refusals."""

from __future__ import annotations

from rules.core import Text

AWAY = Text("不在", "away")
AWAY_HELP = Text(
    "不在にする：あなたの全対局の持ち時間を止めます（年間の日数に上限あり）",
    "Take time off: the clocks of all your games stop (a yearly allowance of days)",
)
AWAY_DAYS = Text("日数", "days")
AWAY_DAYS_HELP = Text("何日間不在にするか（例：7）", "How many days you will be away (e.g. 7)")
AWAY_UNTIL = Text("まで", "until")
AWAY_UNTIL_HELP = Text(
    "戻る日（例：2026-12-24 または 12/24。その日の終わり UTC まで）",
    "The day you are back (e.g. 2026-12-24 or 12/24; away until the end of that day, UTC)",
)
AWAY_TOO_LONG = Text(
    "そんなに長くは不在にできません：{year}年の残りは **{left}日** です（期限は未来の日付で）。",
    "You cannot be away that long: **{left} days** of {year}'s allowance are left "
    "(and the end must be in the future).",
)
AWAY_NOT_AWAY = Text("今は不在にしていません。", "You are not away.")
AWAY_BAD_DATE = Text(
    "日付が読めません。`7`（日数）か `2026-12-24`、`12/24` のように入力してください。",
    "That date did not make sense. Give a number of days (`7`) or a date like `2026-12-24` "
    "or `12/24`.",
)
AWAY_BACK_BUTTON = Text("今すぐ戻る", "I'm back now")

ADJOURNED = Text(
    "この対局は中断中です。再開してから指してください（手番の人は封じ手ができます：いつも通りに"
    "指すと、その手は再開まで封じられます）。",
    "This game is adjourned. Resume it to play on (the player to move may seal a move: play it "
    "as usual and it stays sealed until the game resumes).",
)
ADJOURN_ALREADY = Text(
    "もう中断中か、中断の申し出に返事待ちです。",
    "The game is already adjourned, or an adjournment is waiting for an answer.",
)
ADJOURN_CANNOT = Text(
    "中断できるのは、人同士の二人対局（大会以外）で進行中のものだけです。",
    "Only a game in progress between two people (outside tournaments) can be adjourned.",
)
ADJOURN_NOT_ADJOURNED = Text("この対局は中断していません。", "This game is not adjourned.")
ADJOURN_NOT_ASKED = Text("中断の申し出はありません。", "Nobody has asked to adjourn.")
ADJOURN_ONLY_OPPONENT = Text(
    "中断の申し出に答えられるのは相手だけです。", "Only your opponent can answer your request."
)
SEAL_ALREADY = Text("封じ手はもう済んでいます。", "A move is already sealed.")
SEAL_NOT_YOURS = Text(
    "封じ手ができるのは手番の人だけです。", "Only the player to move can seal a move."
)
SEAL_WHOLE_MOVE = Text(
    "封じ手は一手まるごとでなければなりません。この手順は再開してから指してください。",
    "Only a whole move can be sealed; play this step once the game resumes.",
)

#: Messages, looked up by key with ``bot.i18n.tr``.
AWAY_MESSAGES: dict[str, Text] = {
    "away.set": Text(
        "🌴 {until} まで不在にしました。その間、あなたの対局の持ち時間は止まり、相手には"
        "「不在」と表示されます。今年の残り：**{left}日**（{allowance}日中）。",
        "🌴 You are away until {until}. Meanwhile the clocks of your games stand still and "
        "your opponents see that you are away. Left this year: **{left} days** (of "
        "{allowance}).",
    ),
    "away.games": Text("止めた対局：{count}", "Games paused: {count}"),
    "away.tournament_games": Text(
        "⚠️ 大会の対局 {count} 局は持ち時間が止まりません（ラウンドは全員の対局を待つため）。",
        "⚠️ {count} tournament game(s) keep their clocks (a round waits on every board).",
    ),
    "away.back": Text(
        "👋 おかえりなさい！持ち時間は止まっていた分だけ延びて、再び動き出しました。",
        "👋 Welcome back! Your clocks run again, moved on by the time they stood.",
    ),
    "away.already_back": Text("今は不在にしていません。", "You are not away."),
    "away.status": Text("🌴 {until} まで不在です。", "🌴 You are away until {until}."),
    "away.profile": Text(
        "🌴 不在の日数：今年 {used}/{allowance}日 使用（残り {left}日）",
        "🌴 Days away: {used}/{allowance} used this year ({left} left)",
    ),
    "away.profile_away": Text("🌴 {until} まで不在", "🌴 Away until {until}"),
    "away.board": Text(
        "🌴 {user} は {until} まで不在 — 持ち時間は止まっています",
        "🌴 {user} is away until {until} — the clock is stopped",
    ),
    "away.games_line": Text("🌴 {user} は {until} まで不在", "🌴 {user} away until {until}"),
    "away.howto": Text(
        "</away> の `days`（日数）か `until`（日付）で不在にできます。",
        "Take time off with </away> and `days` (a number) or `until` (a date).",
    ),
    "adjourn.ping": Text(
        "⏸ {user} さん、{game} #{id} で対局の中断が申し出られています：{link}",
        "⏸ {user}, your opponent asks to adjourn {game} #{id}: {link}",
    ),
    "adjourn.button": Text("中断を申し出る", "Adjourn"),
    "adjourn.accept": Text("中断を受ける", "Accept adjournment"),
    "adjourn.decline": Text("断る", "Decline"),
    "adjourn.resume": Text("再開する", "Resume"),
    "adjourn.asked": Text(
        "⏸ {user} が対局の中断を申し出ています（{other} が受けるか断る）",
        "⏸ {user} asks to adjourn the game ({other} may accept or decline)",
    ),
    "adjourn.status": Text(
        "⏸ 中断中 — 持ち時間は止まっています。どちらかが「再開する」を押すと続きます。",
        "⏸ Adjourned — the clocks stand. Either player may press Resume to play on.",
    ),
    "adjourn.may_seal": Text(
        "✉️ {user} は封じ手ができます：いつも通りに指すと、再開まで誰にも見えません。",
        "✉️ {user} may seal a move: play it as usual; nobody sees it until the game resumes.",
    ),
    "adjourn.sealed": Text(
        "✉️ {user} の封じ手あり（封印 `{seal}`）— 再開時に公開されます",
        "✉️ {user} has sealed a move (seal `{seal}`) — revealed when the game resumes",
    ),
    "adjourn.you_sealed": Text(
        "✉️ 封じ手 **{move}** を封じました（封印 `{seal}`）。再開時に指されます。",
        "✉️ You sealed **{move}** (seal `{seal}`). It is played when the game resumes.",
    ),
    "adjourn.declined": Text(
        "中断の申し出はなくなりました（断った、または取り下げた）。",
        "No adjournment: the request was declined (or taken back).",
    ),
    "adjourn.revealed_hidden": Text(
        "✉️ 封じ手を公開：{move}（封印 `{seal}`、ソルト `{salt}`。手の記号は終局後の棋譜で確かめられます）",
        "✉️ The sealed move, revealed: {move} (seal `{seal}`, salt `{salt}`; its code is in the "
        "game's log once the game is over, to check the seal)",
    ),
    "adjourn.revealed": Text(
        "✉️ 封じ手を公開：{move}（封印 `{seal}`、ソルト `{salt}`）",
        "✉️ The sealed move, revealed: {move} (seal `{seal}`, salt `{salt}`)",
    ),
}
