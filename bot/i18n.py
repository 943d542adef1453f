"""The bot's message catalogue: every user-facing string, in Japanese and English.

Game boards and move descriptions come from the rules packages (they are bilingual too);
this catalogue holds what the bot itself says. ``tr(key, locale, **fields)`` looks a message up.
Command names and descriptions are translated by ``bot.ui.translator`` from ``COMMAND_JA``.
"""

from __future__ import annotations

from bot.command_mentions import resolve
from bot.i18n_tournaments import TOURNAMENT_MESSAGES
from rules.core import Locale, Text, normalize_locale

MESSAGES: dict[str, Text] = {
    # --- challenges ---
    "challenge.header": Text(
        "⚔️ {challenger} が {opponent} に{game}の対局を申し込みました。",
        "⚔️ {challenger} challenges {opponent} to {game}.",
    ),
    "challenge.terms": Text(
        "{challenger_side}：{challenger} ／ {opponent_side}：{opponent} ・ {rated} ・ 期限 {expires}",
        "{challenger_side}: {challenger} / {opponent_side}: {opponent} · {rated} · expires {expires}",
    ),
    "challenge.accept": Text("受ける", "Accept"),
    "challenge.decline": Text("断る", "Decline"),
    "challenge.cancel": Text("取り下げる", "Withdraw"),
    "challenge.declined": Text("{user} が挑戦を断りました。", "{user} declined the challenge."),
    "challenge.expired": Text("この挑戦は期限切れになりました。", "This challenge has expired."),
    "challenge.aborted": Text("この対局は中止されました。", "This game was called off."),
    "challenge.not_a_bot": Text(
        "ほかのボットとは対戦できません。人か、このボット自身を選んでください。",
        "You can't play another bot. Choose a person, or this bot itself.",
    ),
    "rated": Text("レート戦", "rated"),
    "casual": Text("非レート戦", "casual"),
    # --- turns and results ---
    "turn.ping": Text(
        "{user} さんの番です — {game} #{id}：{link}", "{user}, your move — {game} #{id}: {link}"
    ),
    "turn.status": Text("手番：{user}", "To move: {user}"),
    "result.win": Text("🏆 {user} の勝ち（{reason}）", "🏆 {user} wins ({reason})"),
    "result.solo_loss": Text("🌑 {user} の負け（{reason}）", "🌑 {user} lost ({reason})"),
    "result.draw": Text("🤝 引き分け（{reason}）", "🤝 Draw ({reason})"),
    "result.announce": Text(
        "{game} #{id} 終局：{result} — {link}", "{game} #{id} is over: {result} — {link}"
    ),
    "clock.deadline": Text(
        "⏳ 持ち時間 {per_move}／手 — 期限 {deadline}", "⏳ {per_move} per move — due {deadline}"
    ),
    "clock.reminder": Text(
        "⏳ {user} さん、{game} #{id} の手番の期限が近づいています（{deadline}）：{link}",
        "⏳ {user}, your move in {game} #{id} is due {deadline}: {link}",
    ),
    "clock.none": Text("持ち時間なし", "no clock"),
    "hour": Text("{n}時間", "{n} hour"),
    "hours": Text("{n}時間", "{n} hours"),
    "day": Text("{n}日", "{n} day"),
    "days": Text("{n}日", "{n} days"),
    "draw.offer_ping": Text(
        "🤝 {user} さん、{game} #{id} で引き分けが提案されています：{link}",
        "🤝 {user}, you have a draw offer in {game} #{id}: {link}",
    ),
    "challenge.dm": Text(
        "⚔️ {user} さんから{game}の挑戦が届いています：{link}",
        "⚔️ {user} challenges you to {game}: {link}",
    ),
    "draw.offered": Text("🤝 {user} が引き分けを提案しています。", "🤝 {user} offers a draw."),
    "last_move": Text("直前：{text}", "Last: {text}"),
    # --- buttons ---
    "button.resign": Text("投了", "Resign"),
    "button.offer_draw": Text("引き分け提案", "Offer draw"),
    "button.accept_draw": Text("引き分けに合意", "Accept draw"),
    "button.decline_draw": Text("提案を断る", "Decline draw"),
    "button.hint": Text("ヒント", "Hint"),
    "button.log": Text("棋譜・記録", "Game log"),
    "button.rematch": Text("再戦", "Rematch"),
    "button.confirm_resign": Text("本当に投了する", "Yes, resign"),
    "confirm.resign": Text(
        "本当に投了しますか？（このメッセージはあなたにだけ見えています）",
        "Do you really want to resign? (Only you can see this.)",
    ),
    "done.ok": Text("了解しました。", "Done."),
    "board.refused": Text(
        "✅ 記録しました。この操作は有効です。ただしDiscordが盤面メッセージの書き換えを"
        "受け付けなかったため、いまの盤面をここに表示します。",
        "✅ Recorded: that counted. Discord refused to redraw the board message, so here is "
        "the board as it stands now.",
    ),
    "hint.no_game": Text(
        "このチャンネルに進行中の{game}の対局がありません。",
        "You have no {game} game in progress in this channel.",
    ),
    # --- my games, standings, profile, settings ---
    "games.title": Text(
        "**あなたの対局**（あなたの番のものが先）", "**Your games** (waiting on you first)"
    ),
    "games.none": Text(
        "このサーバーで進行中の対局はありません。", "You have no games going in this server."
    ),
    "games.your_turn": Text("**あなたの番**", "**your move**"),
    "games.waiting": Text("相手の番", "their move"),
    "games.challenge": Text("返事待ち", "challenge pending"),
    "games.solo": Text("一人遊び", "solitaire"),
    "games.due": Text("期限 {time}", "due {time}"),
    "games.open": Text("盤面へ", "board"),
    "games.private": Text(
        "🔒 あなたにだけ見える盤面（始めたコマンドでもう一度）",
        "🔒 a board only you see (the command that dealt it shows it again)",
    ),
    "panel.title": Text(
        "🎴 あなたの手札（あなたにだけ見えています）", "🎴 Your hand (only you can see this)"
    ),
    "log.attached": Text(
        "📜 対局 #{id} の記録（全{lines}行）をファイルで添付しました。",
        "📜 The whole log of game #{id} ({lines} lines) is attached as a file.",
    ),
    "error.number": Text(
        "{low}〜{high}の整数で入力してください。",
        "Please type a whole number from {low} to {high}.",
    ),
    "standings.title": Text(
        "🏆 **{game}** の順位（{page}/{pages}ページ）",
        "🏆 **{game}** standings (page {page}/{pages})",
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
    "profile.empty": Text("まだ終わった対局がありません。", "No finished games yet."),
    "profile.hidden": Text(
        "{user} さんは成績を非公開にしています。", "{user} keeps their results private."
    ),
    "profile.row": Text(
        "**{game}**：{played}局 {won}勝 {lost}敗 {drawn}分（勝率 {rate:.0%}）連勝 {streak}／最高 {best}",
        "**{game}**: {played} played, {won}W {lost}L {drawn}D ({rate:.0%}), streak {streak}, best {best}",
    ),
    "profile.rating": Text("レーティング {rating}（{games}局）", "rating {rating} ({games} rated)"),
    "settings.now": Text(
        "⚙️ 通知：{notify} ／ 成績の非公開：{hidden} ／ パネル：{boards}",
        "⚙️ Notifications: {notify} / stats hidden: {hidden} / panels: {boards}",
    ),
    "fair.sealed": Text(
        "🔒 配札の封印 `{code}…`（終局後にシードを公開。だれでも確かめられます）",
        "🔒 Deal sealed `{code}…` (the seed is revealed at the end: anyone can check it)",
    ),
    "fair.sealed_daily": Text(
        "🔒 配札の封印 `{code}…`（今日が終わったらシードを公開。だれでも確かめられます）",
        "🔒 Deal sealed `{code}…` (the seed is revealed when the day is over: anyone can check "
        "it then)",
    ),
    "fair.revealed": Text(
        "🔓 シードを公開しました — 「検証」で封印と照らし合わせられます。",
        "🔓 The seed is revealed — press Verify to check it against the seal.",
    ),
    "fair.tomorrow": Text(
        "🔒 今日の配札のシードは明日（UTC）公開されます。",
        "🔒 Today's deal's seed is revealed tomorrow (UTC).",
    ),
    "fair.ok": Text(
        "✅ 封印 `{seal}…` と一致しました。配札は最初の一枚より前に決まっていて（シード {seed}）、その"
        "シードからファイルの{moves}手順を再生するとこの結果になります。自分で確かめるには、添付の"
        "ファイルを保存して `python -m rules.verify {file}` を実行してください。",
        "✅ The seal `{seal}…` matches: the deal was fixed before the first card (seed {seed}), and "
        "replaying the {moves} moves in the file from that seed gives this very end. To check it "
        "yourself, save the attached file and run `python -m rules.verify {file}`.",
    ),
    "fair.bad": Text(
        "❌ シードから手順を再生しても、この結果になりません。管理者に知らせてください。",
        "❌ Replaying the moves from the seed does not give this end. Please tell an admin.",
    ),
    "button.verify": Text("検証", "Verify"),
    "button.why": Text("なぜ？", "Why?"),
    "why.title": Text("❓ 直前の一手の理由（数字つき）", "❓ Why the last move went as it did"),
    "log.seal": Text("封印（シードとソルトのSHA-256）", "Seal (SHA-256 of seed and salt)"),
    "log.seed": Text("シード", "Seed"),
    "log.salt": Text("ソルト", "Salt"),
    "boards.pictures": Text("画像", "pictures"),
    "boards.text": Text("文字だけ", "text only"),
    "notify.channel": Text("対局チャンネルでメンション", "a mention in the game's channel"),
    "notify.dm": Text("ダイレクトメッセージ", "a direct message"),
    "notify.none": Text("なし", "none"),
    "yes": Text("はい", "yes"),
    "no": Text("いいえ", "no"),
    "replay.header": Text(
        "⏯️ **{game}** #{id} の再生 — {ply}/{plies}手目",
        "⏯️ **{game}** #{id} replay — ply {ply}/{plies}",
    ),
    "history.choose": Text("再生する対局を選ぶ…", "Choose a game to replay…"),
    "history.title": Text(
        "📚 **{user}** の終わった対局（新しい順）", "📚 **{user}**'s finished games (newest first)"
    ),
    "history.none": Text("終わった対局はまだありません。", "No finished games yet."),
    "button.replay": Text("再生", "Replay"),
    "daily.board": Text("📅 {day} の今日の配札", "📅 Daily deal of {day}"),
    "daily.private": Text(
        "今日はサーバーの全員が同じ配札なので、この盤面は今日が終わるまであなたにだけ見えます。"
        "見失ったら {command} でもう一度。",
        "Everyone here is dealt the same cards today, so only you see this board until the day "
        "is over; {command} shows it again.",
    ),
    "daily.title": Text(
        "📅 **{game}** {day} の配札 — 今日の結果", "📅 **{game}** deal of {day} — today's results"
    ),
    "daily.none": Text(
        "今日はまだ誰も遊んでいません。{command} でどうぞ！",
        "Nobody has played today's deal yet. Try {command}!",
    ),
    "daily.row_won": Text("🏆 {user} 勝ち（{summary}）", "🏆 {user} won ({summary})"),
    "daily.row_lost": Text("🌑 {user} 負け（{summary}）", "🌑 {user} lost ({summary})"),
    "daily.row_playing": Text(
        "⏳ {user} 進行中（{summary}）", "⏳ {user} still playing ({summary})"
    ),
    "server.now": Text(
        "🛠️ 対局できるチャンネル：{channels} ／ 既定の持ち時間：{clock} ／ 言語：{language} ／ 盤面：{boards} ／ 大会の作成：{tournaments}",
        "🛠️ Game channels: {channels} / default clock: {clock} / language: {language} / boards: {boards} / tournaments by: {tournaments}",
    ),
    "server.tournaments_managers": Text("サーバー管理者", "server managers"),
    "server.tournaments_everyone": Text("全員", "everyone"),
    "server.all_channels": Text("すべて", "all"),
    "server.discord_language": Text("Discordの設定に従う", "the server's Discord language"),
    "server.aborted": Text(
        "対局 #{id} を中止しました（結果なし）。", "Game #{id} was called off (no result)."
    ),
    "rating.change": Text("📈 レーティング：{changes}", "📈 Rating: {changes}"),
    # --- errors ---
    "error.unexpected": Text(
        "予期しないエラーが起きました。対局は変更されていません。もう一度お試しください。",
        "Something went wrong on our side. Nothing was changed; please try again.",
    ),
    "error.bad_button": Text(
        "このボタンは古いか、壊れています。最新の盤面をお使いください。",
        "That button is out of date or broken. Please use the latest board.",
    ),
    "panel.refused": Text(
        "✅ 記録しました。この操作は有効です。ただしDiscordがパネルの書き換えを受け付けなかった"
        "ため、盤面の「手札・操作」からもう一度開いてください。",
        "✅ Recorded: that counted. Discord refused to redraw your panel; open it again with "
        "**My hand** on the board.",
    ),
    "error.unknown_component": Text(
        "このボタンはもう使われていない機能のものか、壊れています。何も変更していません。"
        "対局は最新の盤面か </games> からどうぞ。",
        "That button belongs to a feature that no longer exists, or it is broken. Nothing was "
        "changed; play on from the latest board, or find your games with </games>.",
    ),
    "error.guild_only": Text(
        "このコマンドはサーバーのチャンネルで使ってください。",
        "Please use this command in a server channel.",
    ),
    "button.hand": Text("手札・操作", "My hand"),
    "error.permissions": Text(
        "この操作にはサーバーの管理権限が必要です。",
        "You need the Manage Server permission for that.",
    ),
}

MESSAGES.update(TOURNAMENT_MESSAGES)


def tr(key: str, locale: Locale | str, **fields: object) -> str:
    text = MESSAGES[key]
    loc = normalize_locale(locale)
    # Commands named as </path> become mentions in the reader's language (bot.command_mentions).
    return resolve(text.format(**fields)(loc) if fields else text(loc), loc)


#: Japanese names and descriptions of slash commands, options and choices, keyed by the
#: English text used in the command definitions.
