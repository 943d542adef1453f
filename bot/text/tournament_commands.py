"""The names and help of the /tournament commands and their options."""

from __future__ import annotations

from rules.core import Text

CREATE = Text("作成", "create")
CREATE_HELP = Text(
    "このチャンネルで大会を開く（ゲームを選ぶ）", "Open a tournament in this channel (pick a game)"
)
CREATE_GAME_HELP = Text("このチャンネルで{game}の大会を開く", "Open a {game} tournament here")
NAME = Text("大会名", "name")
NAME_HELP = Text("大会の名前", "The tournament's name")
FORMAT = Text("形式", "format")
FORMAT_HELP = Text(
    "総当たり（既定）・二回総当たり・スイス式", "Round robin (default), double, Swiss"
)
ROUNDS = Text("回戦数", "rounds")
ROUNDS_HELP = Text(
    "スイス式の回戦数（既定5。総当たりは必要なだけ）",
    "Swiss rounds (default 5; a round robin has as many as it needs)",
)
DEALS = Text("配札数", "deals")
DEALS_HELP = Text("全員が遊ぶ配札の数（既定5）", "How many deals everyone plays (default 5)")
SIGNUP = Text("受付期間", "signup")
SIGNUP_HELP = Text("参加受付の期間（既定1日）", "How long sign-up stays open (default 1 day)")
LIMIT = Text("定員", "max_players")
LIMIT_HELP = Text("参加人数の上限（既定なし）", "The most players who may join (default: no limit)")
ROUND_DAYS = Text("ラウンド日数", "round_days")
ROUND_DAYS_HELP = Text(
    "1回戦の日数：期限に終わっていない対局は事前に示す規則で裁定（既定：期限なし）",
    "Days per round: games unfinished at the deadline are adjudicated by a stated rule",
)
DAYS = Text("日数", "days")
DAYS_HELP = Text("配札を遊べる日数（既定7日）", "Days to play the deals (default 7)")
GROUP = Text("大会", "tournament")
GROUP_HELP = Text(
    "サーバーの大会（総当たり・スイス式・一人遊びの配札戦）",
    "Server tournaments: round robins, Swiss events and solitaire deal contests",
)
TOURNAMENT = Text("大会番号", "tournament")
TOURNAMENT_HELP = Text(
    "大会の番号（省略時はこのサーバーの該当する大会）",
    "The tournament's number (default: this server's one that fits)",
)
JOIN = Text("参加", "join")
JOIN_HELP = Text("大会に参加する（開始まで）", "Join a tournament (until it starts)")
LEAVE = Text("取消", "leave")
LEAVE_HELP = Text("大会への参加を取り消す（開始まで）", "Leave a tournament (until it starts)")
START = Text("開始", "start")
START_HELP = Text(
    "受付を締め切って大会を始める（主催者）", "Close sign-up and start now (organiser)"
)
CANCEL = Text("中止", "cancel")
CANCEL_HELP = Text(
    "大会を中止する（主催者・サーバー管理者。対局中のゲームは結果なしで打ち切り）",
    "Cancel a tournament (organiser or server managers; games in progress end with no result)",
)
WITHDRAW = Text("棄権", "withdraw")
WITHDRAW_HELP = Text(
    "進行中の大会を棄権する（残りの対局は不戦敗）",
    "Withdraw from a running tournament (your remaining games are forfeited)",
)
PLAY = Text("配札", "play")
PLAY_HELP = Text("一人遊びの大会で次の配札を遊ぶ", "Play your next deal of a solitaire tournament")
SHOW = Text("表示", "show")
SHOW_HELP = Text("大会の順位表と組み合わせ", "A tournament's table and pairings")
LIST = Text("一覧", "list")
LIST_HELP = Text("このサーバーの大会", "This server's tournaments")
ROUND_ROBIN = Text("総当たり", "round robin")
DOUBLE_ROUND_ROBIN = Text("二回総当たり", "double round robin")
SWISS = Text("スイス式", "Swiss")
