"""The bot's message catalogue: every user-facing string, in Japanese and English.

Game boards and move descriptions come from the rules packages (they are bilingual too);
this catalogue holds what the bot itself says. ``tr(key, locale, **fields)`` looks a message up.
Command names and descriptions are translated by ``bot.ui.translator`` from ``COMMAND_JA``.
"""

from __future__ import annotations

from rules.core import Locale, Text, normalize_locale

MESSAGES: dict[str, Text] = {
    # --- challenges ---
    "challenge.header": Text(
        "⚔️ {challenger} が {opponent} に{game}の対局を申し込みました。",
        "⚔️ {challenger} challenges {opponent} to {game}.",
    ),
    "challenge.terms": Text(
        "{challenger_side}: {challenger} ／ {opponent_side}: {opponent} ・ {rated} ・ 期限 {expires}",
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
        "{user} さんの番です — {game} #{id}: {link}", "{user}, your move — {game} #{id}: {link}"
    ),
    "turn.status": Text("手番: {user}", "To move: {user}"),
    "result.win": Text("🏆 {user} の勝ち（{reason}）", "🏆 {user} wins ({reason})"),
    "result.solo_loss": Text("🌑 {user} の負け（{reason}）", "🌑 {user} lost ({reason})"),
    "result.draw": Text("🤝 引き分け（{reason}）", "🤝 Draw ({reason})"),
    "result.announce": Text(
        "{game} #{id} 終局: {result} — {link}", "{game} #{id} is over: {result} — {link}"
    ),
    "clock.deadline": Text(
        "⏳ 持ち時間 {per_move}／手 — 期限 {deadline}", "⏳ {per_move} per move — due {deadline}"
    ),
    "clock.reminder": Text(
        "⏳ {user} さん、{game} #{id} の手番の期限が近づいています（{deadline}）: {link}",
        "⏳ {user}, your move in {game} #{id} is due {deadline}: {link}",
    ),
    "clock.none": Text("持ち時間なし", "no clock"),
    "hours": Text("{n}時間", "{n} h"),
    "days": Text("{n}日", "{n} days"),
    "draw.offer_ping": Text(
        "🤝 {user} さん、{game} #{id} で引き分けが提案されています: {link}",
        "🤝 {user}, you have a draw offer in {game} #{id}: {link}",
    ),
    "challenge.dm": Text(
        "⚔️ {user} さんから{game}の挑戦が届いています: {link}",
        "⚔️ {user} challenges you to {game}: {link}",
    ),
    "draw.offered": Text("🤝 {user} が引き分けを提案しています。", "🤝 {user} offers a draw."),
    "last_move": Text("直前: {text}", "Last: {text}"),
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
    "standings.title": Text(
        "🏆 **{game}** の順位（{page}/{pages}ページ）",
        "🏆 **{game}** standings (page {page}/{pages})",
    ),
    "standings.empty": Text("まだ記録がありません。", "No results yet."),
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
        "**{game}**: {played}局 {won}勝 {lost}敗 {drawn}分（勝率 {rate:.0%}）連勝 {streak}／最高 {best}",
        "**{game}**: {played} played, {won}W {lost}L {drawn}D ({rate:.0%}), streak {streak}, best {best}",
    ),
    "profile.rating": Text("レーティング {rating}（{games}局）", "rating {rating} ({games} rated)"),
    "settings.now": Text(
        "⚙️ 通知: {notify} ／ 成績の非公開: {hidden}",
        "⚙️ Notifications: {notify} / stats hidden: {hidden}",
    ),
    "notify.channel": Text("対局チャンネルでメンション", "a mention in the game's channel"),
    "notify.dm": Text("ダイレクトメッセージ", "a direct message"),
    "notify.none": Text("なし", "none"),
    "yes": Text("はい", "yes"),
    "no": Text("いいえ", "no"),
    "replay.header": Text(
        "⏯ **{game}** #{id} の再生 — {ply}/{plies}手目",
        "⏯ **{game}** #{id} replay — ply {ply}/{plies}",
    ),
    "history.choose": Text("再生する対局を選ぶ…", "Choose a game to replay…"),
    "history.title": Text(
        "📚 **{user}** の終わった対局（新しい順）", "📚 **{user}**'s finished games (newest first)"
    ),
    "history.none": Text("終わった対局はまだありません。", "No finished games yet."),
    "button.replay": Text("再生", "Replay"),
    "daily.again": Text(
        "今日の配札はもう始めています: {link}", "You have already started today's deal: {link}"
    ),
    "daily.title": Text(
        "📅 **{game}** {day} の配札 — 今日の結果", "📅 **{game}** deal of {day} — today's results"
    ),
    "daily.none": Text(
        "今日はまだ誰も遊んでいません。/yosukou daily でどうぞ！",
        "Nobody has played today's deal yet. Try /yosukou daily!",
    ),
    "daily.row_won": Text(
        "🏆 {user} 勝ち（{draws}枚目で終局、開始 {start}）",
        "🏆 {user} won (ended at draw {draws}, started on {start})",
    ),
    "daily.row_lost": Text(
        "🌑 {user} 負け（{draws}枚目で終局、開始 {start}）",
        "🌑 {user} lost (ended at draw {draws}, started on {start})",
    ),
    "daily.row_playing": Text(
        "⏳ {user} 進行中（{draws}枚目）", "⏳ {user} still playing (draw {draws})"
    ),
    "server.now": Text(
        "🛠️ 対局できるチャンネル: {channels} ／ 既定の持ち時間: {clock} ／ 言語: {language}",
        "🛠️ Game channels: {channels} / default clock: {clock} / language: {language}",
    ),
    "server.all_channels": Text("すべて", "all"),
    "server.discord_language": Text("Discordの設定に従う", "the server's Discord language"),
    "server.aborted": Text(
        "対局 #{id} を中止しました（結果なし）。", "Game #{id} was called off (no result)."
    ),
    "rating.change": Text("📈 レーティング: {changes}", "📈 Rating: {changes}"),
    # --- errors ---
    "error.unexpected": Text(
        "予期しないエラーが起きました。対局は変更されていません。もう一度お試しください。",
        "Something went wrong on our side. Nothing was changed; please try again.",
    ),
    "error.bad_button": Text(
        "このボタンは古いか、壊れています。最新の盤面をお使いください。",
        "That button is out of date or broken. Please use the latest board.",
    ),
    "error.guild_only": Text(
        "このコマンドはサーバーのチャンネルで使ってください。",
        "Please use this command in a server channel.",
    ),
    "error.joker_range": Text(
        "射程は1〜99の整数で入力してください。", "The range must be a whole number from 1 to 99."
    ),
    "button.hand": Text("手札・操作", "My hand"),
    "error.permissions": Text(
        "この操作にはサーバーの管理権限が必要です。",
        "You need the Manage Server permission for that.",
    ),
}


def tr(key: str, locale: Locale | str, **fields: object) -> str:
    text = MESSAGES[key]
    loc = normalize_locale(locale)
    return text.format(**fields)(loc) if fields else text(loc)


#: Japanese names and descriptions of slash commands, options and choices, keyed by the
#: English text used in the command definitions.
COMMAND_JA: dict[str, str] = {
    "bushi": "武士将棋",
    "Play 武士将棋 (Bushi Shogi), the one-cube samurai duel": "武士将棋（一つの駒で戦うサムライの決闘）を遊ぶ",
    "challenge": "挑戦",
    "Challenge someone (or the bot) to a game": "誰か（またはボット）に対局を申し込む",
    "opponent": "相手",
    "Who you want to play (pick the bot to play it)": "対戦相手（ボットを選ぶとボットと対戦）",
    "colour": "手番",
    "Your side: Black moves first": "あなたの手番（先手が先に指す）",
    "cube": "駒",
    "Which reading of the cube's faces to use": "駒の面の解釈",
    "rated": "レート戦",
    "Count this game for ratings": "レーティングに反映する",
    "random": "ランダム",
    "black (先手, moves first)": "先手（黒）",
    "white (後手)": "後手（白）",
    "seed reading (default)": "標準の解釈（既定）",
    "alternate reading": "別の解釈",
    "clock": "持ち時間",
    "Time per move (default: the server's, usually 3 days)": "一手あたりの持ち時間（既定はサーバーの設定、通常3日）",
    "1 hour": "1時間",
    "6 hours": "6時間",
    "1 day": "1日",
    "3 days": "3日",
    "7 days": "7日",
    "14 days": "14日",
    "no clock": "なし",
    "hint": "ヒント",
    "What perfect play says about your current game": "完全解析による現局面の評価",
    "game": "対局",
    "Game number (default: your game in this channel)": "対局番号（省略時はこのチャンネルの対局）",
    "yosukou": "易双六",
    "Play 易双六 (Youscout), the tarot solitaire": "タロットの一人遊び、易双六を遊ぶ",
    "start": "開始",
    "Start a solitaire in this channel": "このチャンネルで一人遊びを始める",
    "variant": "ルール",
    "end_cards": "終了札",
    "court": "人物札",
    "influence": "大アルカナ倍率",
    "swap": "入替え",
    "war": "戦乱置換",
    "cross_border": "越境",
    "co_limit": "co上限",
    "judgement": "判定",
    "Original rules, or the simplified 略式 rules": "本来のルールか、略式ルールか",
    "The game ends at this appearance of the end card (default 3)": "終了札が何回目に出たら終わるか（既定3）",
    "Values of the court cards (default K14)": "人物札の数値（既定K14）",
    "Major arcana multiplier (default ×2)": "大アルカナの影響（既定×2）",
    "How (8) and (11) are swapped (default: solid; memorial in 略式)": "(8)と(11)の入替え方（既定: 固式、略式では記念式）",
    "戦乱置換 war replacement moves per MOVE (original only; default 0)": "「動く」ごとの戦乱置換の回数（本来のルールのみ、既定0）",
    "Where war replacement may move cards (original only)": "戦乱置換でカードを動かせる範囲（本来のルールのみ）",
    "War replacement placements into Co (original only; default 2)": "戦乱置換で下卦のコイン置き場へ置ける回数（本来のルールのみ、既定2）",
    "略式 judgement: win on > (default) or ≥": "略式の判定: 「>」（既定）か「≥」",
    "original (易双六)": "本来のルール（易双六）",
    "simplified (略式易双六)": "略式（略式易双六）",
    "solid (固式)": "固式",
    "memorial (記念式)": "記念式",
    "expansive (開式)": "開式",
    "unlimited": "無制限",
    "cups and coins (default)": "カップとコイン（既定）",
    "none": "越境なし",
    "all": "すべて",
    "greater than (>)": "より大きい（>）",
    "greater or equal (≥)": "以上（≥）",
    "senretsu": "戦列札",
    "Play 戦列札 (Senretsu-fuda), the line battle with secret hands": "秘密の手札で戦う戦列札を遊ぶ",
    "first": "先攻",
    "How the first player is decided": "先攻の決め方",
    "Your colour (default: random)": "あなたの色（既定はランダム）",
    "janken (じゃんけん, default)": "じゃんけん（既定）",
    "coin toss": "コイントス",
    "red (♥♦)": "赤（♥♦）",
    "black (♠♣)": "黒（♠♣）",
    "games": "対局一覧",
    "Your games in this server, the ones waiting on you first": "このサーバーでのあなたの対局（あなたの番が先）",
    "standings": "順位",
    "This server's standings for a game": "このサーバーでのゲームごとの順位",
    "page": "ページ",
    "Page number": "ページ番号",
    "profile": "成績",
    "A player's results in this server": "このサーバーでのプレイヤーの成績",
    "user": "ユーザー",
    "Whose card (default: yours)": "誰の成績か（既定はあなた）",
    "history": "対局履歴",
    "Finished games, to replay or download": "終わった対局の再生とダウンロード",
    "Whose games (default: yours)": "誰の対局か（既定はあなた）",
    "daily": "今日の配札",
    "Today's deal: the same solitaire for everyone in this server": "今日の配札（このサーバーの全員が同じ一人遊び）",
    "today": "今日の結果",
    "Today's results of the daily deal in this server": "このサーバーの今日の配札の結果",
    "server": "サーバー",
    "Server settings for Asobiba (admins)": "遊び場のサーバー設定（管理者用）",
    "Where games may be played, the default clock and language": "対局できるチャンネル、既定の持ち時間と言語",
    "allow_channel": "許可するチャンネル",
    "disallow_channel": "許可を外すチャンネル",
    "clear_channels": "チャンネル制限を解除",
    "default_clock": "既定の持ち時間",
    "language": "言語",
    "Allow games in this channel (once any is set, only those)": "このチャンネルで対局を許可（一つでも設定すると、それだけ）",
    "Stop allowing games in this channel": "このチャンネルの許可を外す",
    "Allow games in every channel again": "すべてのチャンネルで再び許可する",
    "The move clock when a challenger picks none": "挑戦者が選ばないときの持ち時間",
    "The language of public boards": "公開の盤面の言語",
    "Japanese": "日本語",
    "English": "英語",
    "Discord's server language": "Discordのサーバー言語",
    "abort": "中止",
    "Call off a stuck game (no result, no rating change)": "止まった対局を中止する（結果なし、レーティング変化なし）",
    "Game number": "対局番号",
    "settings": "設定",
    "Your notifications and privacy": "通知とプライバシーの設定",
    "notify": "通知",
    "hide_stats": "成績を隠す",
    "Where your turn notifications go": "手番の通知の送り先",
    "Hide your results from standings and other players": "順位表や他の人から成績を隠す",
    "a mention in the game's channel (default)": "対局チャンネルでメンション（既定）",
    "a direct message": "ダイレクトメッセージ",
    "no notifications": "通知しない",
    "rules": "ルール",
    "Show the rules of a game": "ゲームのルールを表示する",
    "Which game": "どのゲーム",
}
