"""Server settings: what /server settings and /server abort (for admins) say, and the names and help of their options."""

from __future__ import annotations

from rules.core import Text

#: Messages, looked up by key with ``bot.i18n.tr``.
SERVER_MESSAGES: dict[str, Text] = {
    "server.now": Text(
        "🛠️ 対局できるチャンネル：{channels} ／ 既定の持ち時間：{clock} ／ 言語：{language} ／ 盤面：{boards} ／ 大会の作成：{tournaments}",
        "🛠️ Game channels: {channels} / default clock: {clock} / language: {language} / boards: {boards} / tournaments by: {tournaments}",
    ),
    "server.tournaments_managers": Text("サーバー管理者", "server managers"),
    "server.tournaments_everyone": Text("全員", "everyone"),
    "server.all_channels": Text("すべて", "all"),
    "server.discord_language": Text("Discordの設定に従う", "the server's Discord language"),
    "server.web_on": Text(
        "🌐 ウェブ：このサーバーの順位表と日替わり配りの結果を「{name}」として公開中",
        "🌐 Web: this server's standings and daily results are published as “{name}”",
    ),
    "server.web_off": Text(
        "🌐 ウェブ：このサーバーの順位表は公開していません（対局のページはそのリンクからだけ開けます）",
        "🌐 Web: this server's standings are not published (a game's page opens only from its own link)",
    ),
    "server.aborted": Text(
        "対局 #{id} を中止しました（結果なし）。", "Game #{id} was called off (no result)."
    ),
}


SERVER = Text("サーバー", "server")
SERVER_HELP = Text("遊び場のサーバー設定（管理者用）", "Server settings for Asobiba (admins)")
SETTINGS = Text("設定", "settings")
SETTINGS_HELP = Text(
    "対局できるチャンネル、既定の持ち時間と言語",
    "Where games may be played, the default clock and language",
)
ALLOW_CHANNEL = Text("許可するチャンネル", "allow_channel")
DISALLOW_CHANNEL = Text("許可を外すチャンネル", "disallow_channel")
CLEAR_CHANNELS = Text("チャンネル制限を解除", "clear_channels")
DEFAULT_CLOCK = Text("既定の持ち時間", "default_clock")
LANGUAGE = Text("言語", "language")
BOARDS = Text("盤面", "boards")
TOURNAMENTS = Text("大会の作成", "tournaments")
ALLOW_CHANNEL_HELP = Text(
    "このチャンネルで対局を許可（一つでも設定すると、それだけ）",
    "Allow games in this channel (once any is set, only those)",
)
DISALLOW_CHANNEL_HELP = Text("このチャンネルの許可を外す", "Stop allowing games in this channel")
CLEAR_CHANNELS_HELP = Text("すべてのチャンネルで再び許可する", "Allow games in every channel again")
DEFAULT_CLOCK_HELP = Text(
    "挑戦者が選ばないときの持ち時間", "The move clock when a challenger picks none"
)
LANGUAGE_HELP = Text("公開の盤面の言語", "The language of public boards")
BOARDS_HELP = Text(
    "公開の盤面を画像で見せるか、文字だけにするか", "Public boards as pictures or text only"
)
TOURNAMENTS_HELP = Text(
    "大会を作れる人（既定：サーバー管理権限のある人）",
    "Who may create tournaments (default: members with Manage Server)",
)
JAPANESE = Text("日本語", "Japanese")
ENGLISH = Text("英語", "English")
DISCORD_LANGUAGE = Text("Discordのサーバー言語", "Discord's server language")
BOARDS_PICTURES = Text("画像（既定）", "pictures (default)")
BOARDS_TEXT = Text("文字だけ", "text only")
MANAGERS = Text("サーバー管理者（既定）", "server managers (default)")
EVERYONE = Text("全員", "everyone")
WEB = Text("ウェブ公開", "web")
WEB_HELP = Text(
    "順位表と日替わり配りの結果をウェブのページで公開する（サーバー名つき）",
    "Publish the standings and daily results on the web pages (with the server's name)",
)
WEB_PUBLISH = Text("公開する", "publish")
WEB_PRIVATE = Text("公開しない（既定）", "don't publish (default)")
ABORT = Text("中止", "abort")
ABORT_HELP = Text(
    "止まった対局を中止する（結果なし、レーティング変化なし）",
    "Call off a stuck game (no result, no rating change)",
)
GAME = Text("対局番号", "game")
GAME_HELP = Text("対局番号", "Game number")
