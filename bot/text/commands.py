"""The names and help of the slash commands and options every game shares: a game's group
(challenge, start, hint, daily, today), its common options, /standings and /rules."""

from __future__ import annotations

from rules.core import Text

# --- /<game> … (each game's own command group) ---
CHALLENGE = Text("挑戦", "challenge")
CHALLENGE_HELP = Text(
    "誰か（またはボット）に対局を申し込む", "Challenge someone (or the bot) to a game"
)
START = Text("開始", "start")
START_HELP = Text("このチャンネルで一人遊びを始める", "Start a solitaire in this channel")
HINT = Text("ヒント", "hint")
HINT_HELP = Text("あなたの対局の局面についてのヒント", "A hint about your current game")
DAILY_HELP = Text(
    "今日の配札（このサーバーの全員が同じ一人遊び）",
    "Today's deal: the same solitaire for everyone in this server",
)
TODAY_HELP = Text(
    "このサーバーの今日の配札の結果", "Today's results of the daily deal in this server"
)

# --- Options every game's commands share ---
OPPONENT = Text("相手", "opponent")
OPPONENT_HELP = Text(
    "対戦相手（ボットを選ぶとボットと対戦）", "Who you want to play (pick the bot to play it)"
)
CLOCK = Text("持ち時間", "clock")
CLOCK_HELP = Text(
    "一手あたりの持ち時間（既定はサーバーの設定、通常3日）",
    "Time per move (default: the server's, usually 3 days)",
)
LEVEL = Text("強さ", "level")
LEVEL_HELP = Text(
    "ボットの強さ（ボットと対戦するときだけ・既定はいつもの強さ）",
    "The bot's strength (only when you play the bot; default: its usual strength)",
)
RATED = Text("レート戦", "rated")
RATED_HELP = Text("レーティングに反映する", "Count this game for ratings")
GAME_NUMBER = Text("対局番号", "game")
GAME_NUMBER_HELP = Text(
    "対局番号（省略時はこのチャンネルのあなたの対局）",
    "Game number (default: your game in this channel)",
)
VARIANT = Text("ルール", "variant")
VARIANT_HELP = Text("どのルールで遊ぶか", "Which form of the game")

# --- /standings and /rules ---
STANDINGS = Text("順位", "standings")
STANDINGS_HELP = Text(
    "ゲームごとの順位（このサーバー・どこでも）", "A game's standings: this server's, or everywhere"
)
SCOPE = Text("範囲", "scope")
SCOPE_HELP = Text(
    "このサーバーの順位か、DM やグループ DM など Asobiba のいない所での順位か",
    "This server's table, or the one of games in DMs, group DMs and servers without Asobiba",
)
SCOPE_SERVER = Text("このサーバー", "this server")
SCOPE_EVERYWHERE = Text("どこでも", "everywhere")
RULES = Text("ルール", "rules")
RULES_HELP = Text("ゲームのルールを表示する", "Show the rules of a game")
GAME = Text("ゲーム", "game")
WHICH_STANDINGS = Text("どのゲームの順位か", "Which game's table")
WHICH_RULES = Text("どのゲームのルールか", "Which game's rules")
PAGE = Text("ページ", "page")
PAGE_HELP = Text("ページ番号", "Page number")
# --- the move clocks offered ---
ONE_HOUR = Text("1時間", "1 hour")
SIX_HOURS = Text("6時間", "6 hours")
ONE_DAY = Text("1日", "1 day")
TWO_DAYS = Text("2日", "2 days")
THREE_DAYS = Text("3日", "3 days")
SEVEN_DAYS = Text("7日", "7 days")
FOURTEEN_DAYS = Text("14日", "14 days")
NO_CLOCK = Text("持ち時間なし", "no clock")
