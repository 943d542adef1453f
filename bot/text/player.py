"""The words of /games, /profile, /history and /settings: the commands, their options and what they say."""

from __future__ import annotations

from rules.core import Text

#: Messages, looked up by key with ``bot.i18n.tr``.
PLAYER_MESSAGES: dict[str, Text] = {
    "games.title": Text(
        "**あなたの対局**（あなたの番のもの・期限の近い順が先）",
        "**Your games** (waiting on you first, soonest due first)",
    ),
    "games.none": Text(
        "このサーバーで進行中の対局はありません。", "You have no games going in this server."
    ),
    "games.none_anywhere": Text("進行中の対局はありません。", "You have no games going."),
    "games.your_turn": Text("**あなたの番**", "**your move**"),
    "games.waiting": Text("相手の番", "their move"),
    "games.challenge": Text("返事待ち", "challenge pending"),
    "games.solo": Text("一人遊び", "solitaire"),
    "games.due": Text("期限 {time}", "due {time}"),
    "games.open": Text("盤面へ", "board"),
    "games.reopen": Text("盤面をここに出し直す…", "Show a game's board here…"),
    "games.reopen_option": Text("{game} #{id}", "{game} #{id}"),
    "games.private": Text(
        "🔒 あなたにだけ見える盤面（始めたコマンドでもう一度）",
        "🔒 a board only you see (the command that dealt it shows it again)",
    ),
    "standings.title": Text(
        "🏆 **{game}** の順位（{page}/{pages}ページ）",
        "🏆 **{game}** standings (page {page}/{pages})",
    ),
    "standings.title_everywhere": Text(
        "🌐 **{game}** の順位 — どこでも（DM・グループ DM・Asobiba のいないサーバー）"
        "（{page}/{pages}ページ）",
        "🌐 **{game}** standings — everywhere (DMs, group DMs and servers without Asobiba) "
        "(page {page}/{pages})",
    ),
    "standings.no_server": Text(
        "「このサーバー」の順位は Asobiba を追加したサーバーでだけ見られます。ここでは"
        "「どこでも」の順位をどうぞ（DM・グループ DM・Asobiba のいないサーバーでの対局）。",
        "“This server” standings exist only in a server that added Asobiba. Here, choose "
        "“everywhere”: the games played in DMs, group DMs and servers without Asobiba.",
    ),
    "standings.empty": Text("まだ記録がありません。", "No results yet."),
    "standings.empty_rated": Text(
        "まだ順位はありません。順位表に載るのはレート戦だけです（挑戦するときに rated を選んでください）。",
        "No one is ranked yet. Only rated games count here: pick rated when you challenge.",
    ),
    "standings.provisional": Text(
        "? = 暫定レーティング（レート戦が少ないため、まだ確かではありません）",
        "? = provisional rating (too few rated games to be sure yet)",
    ),
    "standings.rated_row": Text(
        "{rank}. {user} — レーティング {rating}（{won}勝 {lost}敗 {drawn}分）",
        "{rank}. {user} — rating {rating} ({won}W {lost}L {drawn}D)",
    ),
    "standings.solo_row": Text(
        "{rank}. {user} — {won}勝／{played}回（勝率 {rate:.0%}、最高連勝 {best}）",
        "{rank}. {user} — {won} won of {played} ({rate:.0%}, best streak {best})",
    ),
    "profile.title": Text("📇 **{user}** の成績", "📇 **{user}**'s results"),
    "profile.section_server": Text("🏠 **このサーバー**", "🏠 **This server**"),
    "profile.section_everywhere": Text(
        "🌐 **どこでも**（DM・グループ DM・Asobiba のいないサーバー）",
        "🌐 **Everywhere** (DMs, group DMs and servers without Asobiba)",
    ),
    "profile.empty": Text("まだ終わった対局がありません。", "No finished games yet."),
    "profile.hidden": Text(
        "{user} さんは成績を非公開にしています。", "{user} keeps their results private."
    ),
    "profile.row": Text(
        "**{game}**：{played}局 {won}勝 {lost}敗 {drawn}分（勝率 {rate:.0%}）連勝 {streak}／最高 {best}",
        "**{game}**: {played} played, {won}W {lost}L {drawn}D ({rate:.0%}), streak {streak}, best {best}",
    ),
    "profile.rating": Text("レーティング {rating}（{games}局）", "rating {rating} ({games} rated)"),
    "profile.section_puzzles": Text("🧩 **パズル**", "🧩 **Puzzles**"),
    "profile.puzzle_row": Text(
        "**{game}**：パズルレーティング {rating}（{solved}／{attempted}問正解）",
        "**{game}**: puzzle rating {rating} ({solved} of {attempted} solved)",
    ),
    "profile.puzzle_streak": Text(
        "デイリーパズル連続 {streak}日（最高 {best}日）",
        "daily puzzle streak {streak} day(s), best {best}",
    ),
    "settings.now": Text(
        "⚙️ 通知：{notify} ／ 成績の非公開：{hidden} ／ パネル：{boards}",
        "⚙️ Notifications: {notify} / stats hidden: {hidden} / panels: {boards}",
    ),
    "boards.pictures": Text("画像", "pictures"),
    "boards.text": Text("文字だけ", "text only"),
    "notify.channel": Text("対局チャンネルでメンション", "a mention in the game's channel"),
    "notify.dm": Text("ダイレクトメッセージ", "a direct message"),
    "notify.none": Text("なし", "none"),
    "yes": Text("はい", "yes"),
    "no": Text("いいえ", "no"),
    "history.choose": Text("再生する対局を選ぶ…", "Choose a game to replay…"),
    "history.title": Text(
        "📚 **{user}** の終わった対局（新しい順）", "📚 **{user}**'s finished games (newest first)"
    ),
    "history.none": Text("終わった対局はまだありません。", "No finished games yet."),
}


GAMES = Text("対局一覧", "games")
GAMES_HELP = Text(
    "あなたの対局（サーバーではそのサーバーのもの。あなたの番が先）",
    "Your games (in a server, that server's), the ones waiting on you first",
)
PROFILE = Text("成績", "profile")
PROFILE_HELP = Text(
    "プレイヤーの成績（このサーバーとどこでも）", "A player's results: this server and everywhere"
)
USER = Text("ユーザー", "user")
PROFILE_USER_HELP = Text("誰の成績か（既定はあなた）", "Whose card (default: yours)")
HISTORY = Text("対局履歴", "history")
HISTORY_HELP = Text("終わった対局の再生とダウンロード", "Finished games, to replay or download")
PAGE = Text("ページ", "page")
HISTORY_USER_HELP = Text("誰の対局か（既定はあなた）", "Whose games (default: yours)")
PAGE_HELP = Text("ページ番号", "Page number")
SETTINGS = Text("設定", "settings")
SETTINGS_HELP = Text("通知とプライバシーの設定", "Your notifications and privacy")
NOTIFY = Text("通知", "notify")
HIDE_STATS = Text("成績を隠す", "hide_stats")
BOARDS = Text("盤面", "boards")
NOTIFY_HELP = Text("手番の通知の送り先", "Where your turn notifications go")
HIDE_STATS_HELP = Text(
    "順位表や他の人から成績を隠す", "Hide your results from standings and other players"
)
BOARDS_HELP = Text(
    "自分の手札・操作パネルを画像で見せるか、文字だけにするか",
    "Your private panels as pictures or text only",
)
NOTIFY_CHANNEL = Text(
    "対局チャンネルでメンション（既定）", "a mention in the game's channel (default)"
)
NOTIFY_DM = Text("ダイレクトメッセージ", "a direct message")
NOTIFY_NONE = Text("通知しない", "no notifications")
BOARDS_PICTURES = Text("画像（既定）", "pictures (default)")
BOARDS_TEXT = Text("文字だけ", "text only")
