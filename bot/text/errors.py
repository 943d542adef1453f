"""Refusals: why an action changed nothing (shown ephemerally)."""

from __future__ import annotations

from rules.core import Text

#: A button or menu that is out of date, or whose custom_id names what the clicker can't reach
#: from where they clicked (another server's table, a game that lives in another channel).
BAD_BUTTON = Text(
    "このボタンは古いか、壊れています。最新の盤面をお使いください。",
    "That button is out of date or broken. Please use the latest board.",
)

#: Messages, looked up by key with ``bot.i18n.tr``.
ERROR_MESSAGES: dict[str, Text] = {
    "error.number": Text(
        "{low}〜{high}の整数で入力してください。",
        "Please type a whole number from {low} to {high}.",
    ),
    "error.unexpected": Text(
        "予期しないエラーが起きました。対局は変更されていません。もう一度お試しください。",
        "Something went wrong on our side. Nothing was changed; please try again.",
    ),
    "error.bad_button": BAD_BUTTON,
    "error.unknown_component": Text(
        "このボタンはもう使われていない機能のものか、壊れています。何も変更していません。"
        "対局は最新の盤面か </games> からどうぞ。",
        "That button belongs to a feature that no longer exists, or it is broken. Nothing was "
        "changed; play on from the latest board, or find your games with </games>.",
    ),
    "error.cooldown": Text(
        "ちょっと速すぎます！何も変更していません。{seconds}秒ほど待ってから、もう一度どうぞ。",
        "Whoa, that's a lot of clicks! Nothing was changed; please try again in about {seconds} s.",
    ),
    "error.guild_only": Text(
        "このコマンドはサーバーのチャンネルで使ってください。",
        "Please use this command in a server channel.",
    ),
    "external_apps.private": Text(
        "このサーバーでは外部アプリが許可されていないので、Asobiba の返事はあなたにだけ"
        "見えます。誰かと遊ぶなら DM かグループ DM で挑戦するか、サーバーの管理者に "
        "Asobiba の追加を頼んでください。",
        "This server does not allow external apps, so Asobiba's answers here are seen by you "
        "alone. To play someone, challenge them in a DM or group DM, or ask an admin to add "
        "Asobiba to the server.",
    ),
    "error.permissions": Text(
        "この操作にはサーバーの管理権限が必要です。",
        "You need the Manage Server permission for that.",
    ),
}


# --- Hints, seals and daily deals ---
HINT_RATED = Text(
    "レート戦の対局中はヒントを使えません。",
    "Hints are not available in a rated game in progress.",
)
ANSWERS_FORCED_PRIVATE = Text(
    "このサーバーは外部アプリの公開の返答を許可していないため、Asobiba の返答はここではあなたにしか"
    "見えません。相手に盤面が見えないので、ここでは対局を申し込めません。相手との DM か"
    "グループ DM で申し込むか、サーバーの管理者に Asobiba をサーバーに追加してもらってください。"
    "ひとり遊びはここでもできます（盤面はあなたにだけ見えます）。",
    "This server doesn't let outside apps answer in public, so here only you can see what "
    "Asobiba says — your opponent couldn't see the board, so a challenge can't start here. "
    "Challenge them in a DM or group DM instead, or ask a server admin to add Asobiba to the "
    "server. Solitaires still work here (only you see the board).",
)
NO_HINTS = Text("このゲームにはヒントがありません。", "This game has no hints.")
NO_SEAL = Text(
    "この対局には隠れた配札がないので、封印もありません。",
    "This game deals nothing hidden, so it has no seal to check.",
)
SEAL_KEPT_FOR_DAY = Text(
    "今日の配札はまだ他の人が遊んでいるかもしれないので、シードは明日公開されます。",
    "Others may still be playing today's deal: its seed is revealed tomorrow (UTC).",
)
DAILY_DEAL_KEPT = Text(
    "今日の配札はこのサーバーの全員に同じなので、その日が終わる（UTC の0時、{opens}）まで"
    "遊んだ本人にしか見せられません。",
    "Today's deal is the same for everyone in this server, so each game of it stays with its "
    "player until the day is over (midnight UTC, {opens}).",
)
STILL_PLAYING_DEAL = Text(
    "あなたはまだこの配札を遊んでいます（#{id}）。ほかの人の対局は、あなたの対局が終わってから"
    "見られます。",
    "You are still playing this deal (#{id}): others' games of it open to you once yours is over.",
)
SHARE_NOT_FINISHED = Text(
    "共有できるのは終局した対局だけです。",
    "Only a finished game can be shared.",
)
SHARE_PLAYERS_ONLY = Text(
    "共有できるのはこの対局を遊んだ人だけです。⏯️「再生」ならあなたにだけ見せられます。",
    "Only the players can share this game — ⏯️ Replay shows it to you alone.",
)
NOT_OVER = Text(
    "リプレイと記録は対局が終わってから見られます。",
    "Replays and logs are available once the game is over.",
)

# --- Starting and calling off games ---
TOO_MANY_CHALLENGES = Text(
    "返事を待っている挑戦が{cap}件あります。どれかが受けられるか断られるか、取り消してから"
    "新しく挑戦してください（</games> で一覧できます）。",
    "You already have {cap} challenges waiting for an answer. Once one is accepted, declined "
    "or cancelled you can send another (see them with </games>).",
)
SELF_CHALLENGE = Text("自分自身には挑戦できません。", "You can't challenge yourself.")
ONLY_CHALLENGED = Text(
    "この挑戦を受けられるのは挑戦された人だけです。",
    "Only the challenged player can answer this challenge.",
)
ABORT_TOO_LATE = Text(
    "最初の手が指された後は中止できません。投了はできます。",
    "A game can only be aborted before the first move. You can still resign.",
)
LEVEL_NEEDS_BOT = Text(
    "強さ（level）はボットと対戦するときだけ選べます。",
    "A level is only for games against the bot: pick the bot as your opponent, or leave level out.",
)
NO_REVIEW = Text(
    "振り返りは、ボットと最後まで指した対局を、指した本人だけが見られます。",
    "A review is for a finished game against the bot, and only for the person who played it.",
)
BOT_CANNOT_PLAY = Text(
    "このゲームではボットと対戦できません。", "The bot can't play this game yet."
)

# --- Player settings ---
BAD_NOTIFY = Text(
    "通知先は channel / dm / none のどれかです。", "Notifications go to channel, dm or none."
)

# --- Server settings ---
CHANNEL_NOT_ALLOWED = Text(
    "このチャンネルでは対局できません。使えるチャンネル：{channels}",
    "Games can't be played in this channel. Try: {channels}",
)

# --- Actions ---
SOLITAIRE_NOT_YOURS = Text(
    "これは他の人の一人遊びです。見るのは自由です — 自分のゲームも始められます！",
    "This solitaire belongs to someone else. You are welcome to watch — or start your own!",
)

# --- What each kind of refusal says by default ---
#: What ``GameNotFound`` says.
GAME_NOT_FOUND = Text("その対局は見つかりません。", "That game could not be found.")

#: What ``NotAParticipant`` says.
NOT_A_PARTICIPANT = Text(
    "これはあなたの対局ではありません。見るのは自由です！",
    "This is not your game — but you are welcome to watch!",
)

#: What ``StaleVersion`` says.
STALE_VERSION = Text(
    "盤面が更新されています。最新の盤面を見てからもう一度どうぞ。",
    "The board has changed since you looked. Check the latest board and try again.",
)

#: What ``StaleVersion`` says when the game has ended since the board was drawn (a clock ran
#: out, the other player resigned): the board where it was clicked now shows the result.
ENDED_MEANWHILE = Text(
    "この対局はもう終わっています。盤面に結果を表示しました。",
    "This game has ended since you looked: the board now shows how.",
)

#: What a click on an older copy of a board says (``{link}``: the newest board); the copy it
#: was made on is closed. Nothing was played.
OLDER_COPY = Text(
    "これは古い盤面なので閉じました（何も変更していません）。対局の最新の盤面はこちら："
    "{link}（</games> でここに出し直すこともできます）",
    "This was an older copy of the board, so it is closed now (nothing was changed). The "
    "game's newest board is here: {link} (or bring it here again with </games>).",
)

#: What ``WrongStatus`` says.
WRONG_STATUS = Text(
    "この対局ではもうその操作はできません。", "That is no longer possible in this game."
)

#: What ``ChallengeExpired`` says.
CHALLENGE_EXPIRED = Text("この挑戦は期限切れです。", "This challenge has expired.")

#: What ``InvalidChallenge`` says.
INVALID_CHALLENGE = Text("その挑戦はできません。", "That challenge is not possible.")

#: What ``GameDamaged`` says.
GAME_DAMAGED = Text(
    "この対局の保存データが壊れていて、記録からも復元できませんでした。ほかの対局には影響"
    "ありません。管理者は </server abort> で中止できます。",
    "This game's saved position is damaged and could not be rebuilt from its record. No "
    "other game is affected; an admin can call it off with </server abort>.",
)

#: What ``FriendlyError`` says.
CANNOT = Text("その操作はできません。", "That can't be done.")

#: What ``DatabaseUnavailable`` says.
DATABASE_UNAVAILABLE = Text(
    "いまゲームの記録にアクセスできません（データベースが混雑しているか停止中です）。何も"
    "変わっていません。少し待ってからもう一度どうぞ。",
    "The game records can't be reached right now (the database is busy or down). Nothing "
    "was changed — please try again in a moment.",
)

#: A form that could not open in time (its contents wait on a slow database): Discord only
#: takes a form as the first answer, so the click is answered with this instead.
FORM_TOO_SLOW = Text(
    "いまゲームの記録の読み込みに時間がかかっていて、入力欄を開けませんでした。何も変わって"
    "いません。少し待ってからもう一度押してください。",
    "The game records are slow to read right now, so the form couldn't open. Nothing was "
    "changed — please press it again in a moment.",
)

# --- Typed text longer than it may be (refused whole, never cut) ---
NOTE_TOO_LONG = Text(
    "メモは{limit}文字までです（入力は{length}文字でした）。何も保存していません。",
    "A note holds at most {limit} characters; yours has {length}. Nothing was saved.",
)
OPTION_TOO_LONG = Text(
    "「{option}」は{limit}文字までです（入力は{length}文字でした）。何も変更していません。",
    '"{option}" takes at most {limit} characters; yours has {length}. Nothing was changed.',
)

PLANS_NOT_HERE = Text(
    "この対局では予約手は使えません。",
    "Planned moves are not available in this game.",
)
PLAN_ON_YOUR_TURN = Text(
    "いまはあなたの手番です。予約手は相手の手番のあいだに残せます。",
    "It is your turn now: plan answers while your opponent is to move.",
)
PLAN_NOT_LEGAL = Text(
    "その予約手は指せない手を含んでいます。何も保存していません。",
    "That plan contains a move that cannot be played. Nothing was saved.",
)
PLAN_TOO_LONG = Text(
    "予約手は相手の手と応手の組を{pairs}組までです。",
    "A plan holds at most {pairs} pairs of their move and your answer.",
)
