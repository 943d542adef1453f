"""Why a tournament action is refused."""

from __future__ import annotations

from rules.core import Text

UNKNOWN_TOURNAMENT = Text(
    "その番号の大会はこのサーバーにありません。</tournament list> で確かめてください。",
    "There is no tournament with that number in this server. See </tournament list>.",
)
WHICH_TOURNAMENT = Text(
    "大会がいくつかあります。番号を指定してください：{ids}",
    "There are several tournaments; please give its number: {ids}",
)
NO_TOURNAMENT = Text(
    "このサーバーには該当する大会がありません。</tournament create> で作れます。",
    "There is no such tournament in this server. </tournament create> makes one.",
)
NOT_ALLOWED_TO_CREATE = Text(
    "このサーバーで大会を作れるのは「サーバー管理」権限のある人だけです。",
    "In this server only members with Manage Server may create tournaments.",
)
NOT_ORGANISER = Text(
    "それができるのは大会の主催者（かサーバー管理者）だけです。",
    "Only the tournament's organiser (or a server manager) can do that.",
)
BAD_FORMAT = Text(
    "この形式はこのゲームでは選べません。二人用のゲームは総当たり（一回・二回）かスイス式です。",
    "That format does not fit this game: two-player games play a round robin (single or "
    "double) or a Swiss.",
)
BAD_ROUNDS = Text(
    "回戦数（配札の数）は1から{most}までです。",
    "The number of rounds (or deals) must be from 1 to {most}.",
)
BAD_ROUND_LENGTH = Text(
    "1回戦の長さは{least}日から{most}日までです。",
    "A round lasts from {least} to {most} days.",
)
BAD_LIMIT = Text(
    "参加人数の上限は{least}から{most}までです。",
    "The player limit must be from {least} to {most}.",
)
BAD_NAME = Text("大会名は1〜{most}文字です。", "A tournament's name is 1 to {most} characters.")
ALREADY_JOINED = Text("もう参加しています。", "You have already joined this tournament.")
NOT_JOINED = Text("この大会に参加していません。", "You are not in this tournament.")
FULL = Text("この大会は満員です（{limit}人）。", "This tournament is full ({limit} players).")
SIGNUP_CLOSED = Text(
    "この大会の受付は締め切られました。", "Sign-up for this tournament has closed."
)
ALREADY_STARTED = Text("この大会はもう始まっています。", "This tournament has already started.")
NOT_STARTED = Text(
    "この大会はまだ始まっていません。抜けるなら </tournament leave> をどうぞ。",
    "This tournament has not started yet: use </tournament leave> to drop out.",
)
DEALS_NOT_OPEN = Text(
    "この大会はまだ始まっていません。受付が締め切られると配札を遊べます。",
    "This tournament has not started yet: the deals open when sign-up closes.",
)
OVER = Text("この大会はもう終わっています。", "This tournament is over.")
CALLED_OFF = Text("この大会は中止されました。", "This tournament has been cancelled.")
ALREADY_WITHDRAWN = Text(
    "この大会からはもう棄権しています。", "You have already withdrawn from this tournament."
)
NOT_SOLITAIRE = Text(
    "この大会の対局は各回戦で自動的に始まります。",
    "This tournament's games start by themselves, round by round.",
)
ALL_DEALS_PLAYED = Text(
    "配札はすべて遊び終えました（{deals}回）。結果は </tournament show> で。",
    "You have played all {deals} deals. See </tournament show> for the table.",
)
THE_DEAL_PLAYED = Text(
    "配札はもう遊び終えました。結果は </tournament show> で。",
    "You have played the deal. See </tournament show> for the table.",
)
CLOSED = Text("この大会の締め切りは過ぎました。", "This tournament's playing time is over.")
DEAL_KEPT = Text(
    "大会の配札は、大会が終わるまで他の人には見せられません。",
    "A tournament's deals stay private until the tournament is over.",
)
NO_TOURNAMENT_HINTS = Text(
    "大会の対局ではヒントは使えません。", "Hints are not available in tournament games."
)

#: What ``TournamentError`` says.
NOT_IN_THIS_TOURNAMENT = Text(
    "その大会ではそれはできません。", "That is not possible in this tournament."
)
#: Why tournaments stay in servers that added the bot: it posts each round's boards and
#: pairings in the tournament's channel on a schedule, long after any interaction's token has
#: expired, and only a member of the server may post there.
NEEDS_SERVER = Text(
    "大会は Asobiba を追加したサーバーで開かれます。Bot が大会のチャンネルに回戦ごとの盤面と"
    "組み合わせを自分で投稿するためです。サーバーの管理者に Asobiba の追加を頼むか、"
    "参加した大会は </tournament show> と </tournament list> でここからも見られます。",
    "Tournaments run in servers that added Asobiba: the bot posts each round's boards and "
    "pairings in the tournament's channel by itself, which it can do only there. Ask a "
    "server's admin to add Asobiba; tournaments you entered can be seen from here with "
    "</tournament show> and </tournament list>.",
)
NOT_ENTERED = Text(
    "あなたが参加した大会にその番号はありません。</tournament list> で確かめてください。",
    "None of the tournaments you entered has that number. See </tournament list>.",
)
NONE_ENTERED = Text(
    "まだどの大会にも参加していません。大会は Asobiba を追加したサーバーで開かれます。",
    "You have not entered any tournament yet. Tournaments run in servers that added Asobiba.",
)
