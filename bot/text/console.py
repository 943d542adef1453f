"""The terminal console (python -m bot.console): its menus and prompts."""

from __future__ import annotations

from rules.core import Text

PASS_KEYBOARD = Text(
    "━━━━ キーボードを {name} さんに渡して、Enter を押してください ━━━━ ",
    "━━━━ Pass the keyboard to {name} — press Enter ━━━━ ",
)
YES_NO = Text("（y/N）", "(y/N)")
CTRL_C_DISCARDED = Text(
    "Ctrl-C：入力中の行は取り消しました。もう一度 Ctrl-C で中断します（対局は保存されています）。",
    "Ctrl-C: the line was discarded. Ctrl-C again stops (the game is saved).",
)
CTRL_C_BUSY = Text(
    "Ctrl-C：この処理が終わったら中断します（すぐに止めるにはもう一度 Ctrl-C）。",
    "Ctrl-C: stopping once this step is done (Ctrl-C again stops at once).",
)
#: ``python -m bot --list``: the console's options given without ``console``.
CONSOLE_ONLY = Text(
    "--list/--resume/--lang は `{command}` のオプションです（終了コード {code}）",
    "--list/--resume/--lang belong to `{command}` (exit code {code})",
)

# --- The menu ---
BOT_NAME = Text("遊び場ボット", "Asobiba bot")
WELCOME = Text("遊び場コンソール", "Asobiba console")
CHOOSE_GAME = Text(
    "遊ぶゲームを選んでください（番号か名前）> ", "Choose a game (number or name) > "
)
RESUME_ENTRY = Text("保存された対局を再開（{n}局）", "Resume a saved game ({n})")
RESUME_WORD = Text("再開", "resume")
MODE = Text(
    "1) ここで二人で対局  2) ボットと対局 > ", "1) two players at this keyboard  2) play the bot > "
)
MODE_WORDS = (Text("二人", "two"), Text("ボット", "bot"))

NAME = Text("{side}の名前 > ", "Name of {side} > ")
YOUR_NAME = Text("あなたの名前 > ", "Your name > ")
DEFAULT_NAME = Text("プレイヤー", "Player")
SAME_NAME = Text(
    "その名前はもう使われています。別の名前にしてください。",
    "That name is taken at this table: choose another.",
)
SIDE = Text("あなたの側：{sides} > ", "Your side: {sides} > ")
LEVEL_TITLE = Text("ボットの強さ：", "The bot's level:")
LEVEL = Text(
    "ボットの強さ（番号か名前、Enter で「{default}」）> ",
    "Bot level (number or name; Enter: {default}) > ",
)
#: The players' line above the board: who plays which side, and the bot's level.
SEAT_PLAYER = Text("{side}：{name}", "{side}: {name}")
BOT_AT_LEVEL = Text("{name}（{level}）", "{name} ({level})")
NOT_UNDERSTOOD = Text("番号か名前で選んでください。", "Please answer with a number or a name.")
SAVED_TITLE = Text("再開できる対局：", "Games you can resume:")
SAVED_NONE = Text("再開できる対局はありません。", "There are no games to resume.")
SAVED_LINE = Text(
    "  #{id}  {title}  {players} — {turn} の番", "  #{id}  {title}  {players} — {turn} to move"
)
WHICH_GAME = Text("再開する対局の番号（#のあとの数）> ", "Game to resume (the number after #) > ")
VERSUS = Text(" 対 ", " vs ")
RESUMING = Text("対局 #{id}（{title}）を再開します。", "Resuming game #{id} ({title}).")
NOT_FOUND = Text("対局 #{id} は見つかりません。", "There is no game #{id}.")
NOT_LOCAL = Text(
    "対局 #{id} は Discord の対局なので、コンソールでは再開できません。",
    "Game #{id} is a Discord game: the console can only resume its own games.",
)
NOT_ACTIVE = Text("対局 #{id} は終わっています（{result}）。", "Game #{id} is over ({result}).")

# --- Playing ---
RESIGN_WORD = Text("投了", "resign")
DRAW_WORD = Text("引き分け", "draw")
TO_MOVE = Text("{name} の番 > ", "{name} to move > ")
#: When there is one choice, an empty line takes it.
TO_MOVE_ONLY = Text("{name} の番（Enter で「{label}」）> ", "{name} to move [Enter: {label}] > ")
NO_SUCH_NUMBER = Text(
    "一覧の番号（{keys}）から選んでください。", "Choose one of the numbers listed ({keys})."
)
HOW_TO_ANSWER = Text(
    "番号・名前・[コード]のどれかで選べます（大文字小文字は区別しません）。",
    "Answer with a number, a name or a [code] (any case).",
)
ALSO = Text("ほかに：{words}", "Also: {words}")
WORD_RESIGN = Text("「投了」で投了", "'resign' to resign")
WORD_DRAW = Text("「引き分け」で引き分けを提案", "'draw' to offer a draw")
WORD_HINT = Text("「?」でヒント", "'?' for a hint")
WORD_RULES = Text("「ルール」でルール", "'rules' for the rules")
WORD_QUIT = Text("「q」で中断（保存されます）", "'q' to stop (the game is saved)")
CONFIRM_RESIGN = Text("投了しますか？", "Resign?")
ANSWER_DRAW = Text(
    "{offerer} さんが引き分けを提案しています。{name} さん、受けますか？",
    "{offerer} offers a draw. {name}, do you accept?",
)
NUMBER = Text("{title}：{label} > ", "{title}: {label} > ")
NUMBER_RANGE = Text("{low}〜{high}の数を入力してください。", "Enter a number from {low} to {high}.")
THINKING = Text("考えています…", "Thinking…")
NO_HINT = Text("今はヒントがありません。", "No hint is available now.")
STUCK = Text(
    "ボットが指せませんでした。対局 #{id} は保存されています。",
    "The bot could not move. Game #{id} is saved.",
)
BYE = Text(
    "中断しました。対局 #{id} は保存されています。続きは：{resume}",
    "Stopped. Game #{id} is saved. To go on: {resume}",
)
OVER = Text("終局：{result}", "Game over: {result}")
DRAW = Text("引き分け（{reason}）", "draw ({reason})")
WIN = Text("{name} の勝ち（{reason}）", "{name} wins ({reason})")
SOLO_WON = Text("{name} の勝ち！（{reason}）", "{name} won! ({reason})")
SOLO_LOST = Text("{name} の負け（{reason}）", "{name} lost ({reason})")
NO_RESULT = Text("結果なし（{reason}）", "no result ({reason})")
STATUS = Text("対局の状態：{status}", "game status: {status}")
