"""Golden renders of the board and event lines, in Japanese and English."""

from __future__ import annotations

import pytest

from rules.cards.tarot import MINOR_CODES
from rules.core.protocol import Event
from rules.core.text import Locale
from rules.yosukou import (
    Draw,
    Move,
    Start,
    WarPlace,
    WarTake,
    YosukouRules,
    YosukouState,
)
from rules.yosukou.render import COMPACT_LINES, WIDTH, width

RULES = YosukouRules()
UPRIGHT = [("A01", True), ("A02", True), ("A03", True), ("A04", True), ("A05", True)]
UPRIGHT += [("A06", True)]


def mid_game() -> YosukouState:
    board = [("A16", False), ("A11", False), ("A06", True), ("A15", True), ("A19", True)]
    board += [("A18", True)]
    piles = {
        "swords_upper": ["S14"],
        "coins_lower": ["D12"],
        "coins_4": ["D06", "D14"],
        "coins_6": ["D01", "D11", "D05"],
        "cups_1": ["H06"],
        "cups_2": ["H02", "H08"],
        "discarded": ["S08", "C12", "C03", "C11", "C01", "C13", "C02", "H09", "S02", "C07"],
    }
    return RULES.new_game_from_position(
        {}, board, start=5, token=6, talon=["S05"], piles=piles, drawn_terminals=1
    )


def simplified_start() -> YosukouState:
    settings = {"variant": "simplified", "rule_determinant": ">=", "rule_court_card": "K10"}
    board = [("A01", True), ("A03", False), ("A05", True), ("A02", True), ("A04", False)]
    return RULES.new_game_from_deal(settings, [*board, ("A06", True)])


MID_JA = """\
易双六  終了札1/3回 山札37枚
設定：終了札3回 K14 x2 固式 戦乱置換なし
           Sw=14
    [6]@        [4]
          [5]
X(13)               D:10
          [2]
    [3]         [1]
           Co=12      T:37
値 x2：Sw攻/守 Co苦/喜 Cu上/下 Wa上/下
[6] (18)月 正位置 ←駒
    Sw 6/14 Co 0/14 Cu 10/10 Wa 6/6
    コイン：♦1 ♦11 ♦5 (計17)
[5] (19)太陽 正位置
    Sw 14/6 Co 0/14 Cu 6/6 Wa 10/10
    コイン：-
[4] (15)悪魔 正位置
    Sw 10/6 Co 6/14 Cu 10/0 Wa 6/14
    コイン：♦6 ♦14 (計20)
[3] (6)恋人 正位置
    Sw 6/6 Co 10/6 Cu 10/14 Wa 14/0
    カップ：-
[2] (11)正義 逆位置
    Sw 10/10 Co 10/10 Cu 6/0 Wa 10/10
    カップ：♥2 ♥8
[1] (16)塔 逆位置
    Sw 14/10 Co 6/10 Cu 0/14 Wa 6/6
    カップ：♥6
Sw：♠14 (計14)
Co：♦12 (計12)
捨て札10枚：… ♣1 ♣13 ♣2 ♥9 ♠2 ♣7
開始5(上卦) 最後に5か6で勝ち
次：カードを引く"""

MID_EN = """\
Youscout  end card 1/3, talon 37
Rules: end x3 K14 x2 solid no war
           Sw=14
    [6]@        [4]
          [5]
X(13)               D:10
          [2]
    [3]         [1]
           Co=12      T:37
x2: Sw atk/def Co pain/joy Cu/Wa up/dn
[6] (18) Moon upright <token
    Sw 6/14 Co 0/14 Cu 10/10 Wa 6/6
    coins: ♦1 ♦11 ♦5 (sum 17)
[5] (19) Sun upright
    Sw 14/6 Co 0/14 Cu 6/6 Wa 10/10
    coins: -
[4] (15) Devil upright
    Sw 10/6 Co 6/14 Cu 10/0 Wa 6/14
    coins: ♦6 ♦14 (sum 20)
[3] (6) Lovers upright
    Sw 6/6 Co 10/6 Cu 10/14 Wa 14/0
    cups: -
[2] (11) Justice reversed
    Sw 10/10 Co 10/10 Cu 6/0 Wa 10/10
    cups: ♥2 ♥8
[1] (16) Tower reversed
    Sw 14/10 Co 6/10 Cu 0/14 Wa 6/6
    cups: ♥6
Sw: ♠14 (sum 14)
Co: ♦12 (sum 12)
Discard 10: … ♣1 ♣13 ♣2 ♥9 ♠2 ♣7
Start 5 (upper): win on 5 or 6
Next: draw a card"""

SIMPLE_START_JA = """\
略式易双六  開始位置を選んでください
設定：終了札3回 K10 x2 記念式 判定>=
    [6]         [4]
          [5]
X                   D:0
          [2]
    [3]         [1]
                      T:57
値 x2：M=Sw攻 F=Co苦
ペイジ10 ナイト10 クイーン10 キング10
[6] (6)恋人 正位置 M6 F10
    コイン：-
[5] (4)皇帝 逆位置 M6 F6
    コイン：-
[4] (2)女教皇 正位置 M0 F14
    コイン：-
[3] (5)法王 正位置 M10 F14
    カップ：-
[2] (3)女帝 逆位置 M6 F6
    カップ：-
[1] (1)魔術師 正位置 M6 F10
    カップ：-
捨て札0枚：-
上卦4-6開始：終了札(0) 5か6で勝ち
下卦1-3開始：終了札(13) 2か5で勝ち
開始できる爻：1,2,3,4,5,6"""

SIMPLE_START_EN = """\
Simplified Youscout  choose the start
Rules: end x3 K10 x2 memorial judge >=
    [6]         [4]
          [5]
X                   D:0
          [2]
    [3]         [1]
                      T:57
x2: M = Sw atk, F = Co pain
Court: Page 10 Knight 10 Queen 10 King 10
[6] (6) Lovers upright M6 F10
    coins: -
[5] (4) Emperor reversed M6 F6
    coins: -
[4] (2) High Priestess upright M0 F14
    coins: -
[3] (5) Hierophant upright M10 F14
    cups: -
[2] (3) Empress reversed M6 F6
    cups: -
[1] (1) Magician upright M6 F10
    cups: -
Discard 0: -
Upper 4-6: end (0), win on 5 or 6
Lower 1-3: end (13), win on 2 or 5
Legal starts: 1,2,3,4,5,6"""


@pytest.mark.parametrize(
    ("make", "locale", "expected"),
    [
        (mid_game, "ja", MID_JA),
        (mid_game, "en", MID_EN),
        (simplified_start, "ja", SIMPLE_START_JA),
        (simplified_start, "en", SIMPLE_START_EN),
    ],
)
def test_golden_boards(make: object, locale: Locale, expected: str) -> None:
    assert callable(make)
    text = RULES.render(RULES.view_for(make(), 0), locale)
    assert text == expected
    assert all(width(line, locale) <= WIDTH for line in text.splitlines())
    assert len(text) < 1500


COMPACT_MID_JA = """\
易双六  終了札1/3 山札37枚
[6] コイン3枚 上♦5 計17 ←駒
[5] コインなし
[4] コイン2枚 上♦14 計20
[3] カップなし
[2] カップ2枚 上♥8
[1] カップ1枚 上♥6
Sw計14 Co計12 捨て札10枚
開始5(上卦) 最後に5か6で勝ち
次：カードを引く"""

COMPACT_MID_EN = """\
Youscout  end card 1/3, talon 37
[6] coins 3: top ♦5, sum 17 <token
[5] coins: none
[4] coins 2: top ♦14, sum 20
[3] cups: none
[2] cups 2: top ♥8
[1] cups 1: top ♥6
Sw 14 · Co 12 · discard 10
Start 5 (upper): win on 5 or 6
Next: draw a card"""


@pytest.mark.parametrize(
    ("make", "locale", "expected"),
    [(mid_game, "ja", COMPACT_MID_JA), (mid_game, "en", COMPACT_MID_EN)],
)
def test_golden_compact_boards(make: object, locale: Locale, expected: str) -> None:
    assert callable(make)
    assert RULES.render_compact(RULES.view_for(make(), 0), locale) == expected


@pytest.mark.parametrize("locale", ["ja", "en"])
@pytest.mark.parametrize("make", [mid_game, simplified_start])
def test_the_compact_board_is_short(make: object, locale: Locale) -> None:
    assert callable(make)
    view = RULES.view_for(make(), 0)
    compact = RULES.render_compact(view, locale)
    full = RULES.render(view, locale)
    assert len(compact.splitlines()) <= COMPACT_LINES and len(compact) < 600
    assert len(compact) * 2 < len(full)
    assert all(width(line, locale) <= WIDTH for line in compact.splitlines())


def test_the_restricted_start_footer() -> None:
    dealt = [("A01", False), ("A03", False), ("A05", False), ("A02", False), ("A04", False)]
    state = RULES.new_game_from_deal({}, [*dealt, ("A06", False)])
    ja = RULES.render(RULES.view_for(state, 0), "ja").splitlines()
    en = RULES.render(RULES.view_for(state, 0), "en").splitlines()
    assert ja[-2:] == ["旋坤(固式)：開始は上卦(4-6)のみ", "開始できる爻：4,5,6"]
    assert en[-3:] == [
        "Field Whirl (solid): start upper trigram",
        "  (4-6) only",
        "Legal starts: 4,5,6",
    ]


def test_the_choice_and_war_footers() -> None:
    state = RULES.new_game_from_position(
        {"rule_replacement": 3}, UPRIGHT, start=1, talon=["S14"], piles={"cups_2": ["H01"]}
    )
    state = RULES.apply(state, 0, Draw()).state
    assert RULES.render(RULES.view_for(state, 0), "en").splitlines()[-1] == (
        "♠14: may move 1->4. MOVE or STAY?"
    )
    assert RULES.render(RULES.view_for(state, 0), "ja").splitlines()[-1] == (
        "♠14：1→4に動ける。動く/留まる?"
    )
    state = RULES.apply(state, 0, Move()).state
    state = RULES.apply(state, 0, WarTake("cups_2", "H01")).state
    assert RULES.render(RULES.view_for(state, 0), "en").splitlines()[-2:] == [
        "War 0/3, Co 0/2; draw to end",
        "Where does ♥1 (from cups 2) go?",
    ]
    assert RULES.render(RULES.view_for(state, 0), "ja").splitlines()[-2:] == [
        "戦乱置換 0/3回 Co 0/2 引くと終了",
        "♥1(2のカップ)の置き場所は?",
    ]


def test_the_game_over_footer() -> None:
    state = RULES.new_game_from_position(
        {"rule_terminals": 1}, UPRIGHT, start=1, token=5, talon=["END"]
    )
    state = RULES.apply(state, 0, Draw()).state
    assert RULES.render(RULES.view_for(state, 0), "ja").splitlines()[-1] == "終了：駒は5で勝ち!"
    assert RULES.render(RULES.view_for(state, 0), "en").splitlines()[-1] == (
        "Over: token on 5, you win!"
    )


def events() -> list[Event]:
    out: list[Event] = []
    state = RULES.new_game_from_deal({"rule_swap_8_11": "memorial"}, UPRIGHT, ["END", *MINOR_CODES])
    out += RULES.apply(state, 0, Start(5)).events
    state = RULES.new_game_from_position(
        {}, UPRIGHT, start=5, talon=["S10"], piles={"coins_5": ["D04"]}
    )
    out += RULES.apply(state, 0, Draw()).events
    state = RULES.new_game_from_position(
        {"rule_replacement": 1},
        UPRIGHT,
        start=1,
        talon=["S14", "D05"],
        piles={"swords_upper": ["S02"], "cups_2": ["H01"]},
    )
    for action in (Draw(), Move(), WarTake("cups_2", "H01"), WarPlace("coins_lower")):
        transition = RULES.apply(state, 0, action)
        state = transition.state
        out += transition.events
    state = RULES.new_game_from_position(
        {}, UPRIGHT, start=2, talon=["C06"], piles={"cups_2": ["H09", "H03"]}
    )
    out += RULES.apply(state, 0, Draw()).events
    state = RULES.new_game_from_position(
        {}, UPRIGHT, start=2, talon=["END"], piles={"discarded": ["S05"]}
    )
    out += RULES.apply(state, 0, Draw()).events
    state = RULES.new_game_from_position(
        {}, UPRIGHT, start=4, token=6, talon=["END"], drawn_terminals=2
    )
    out += RULES.apply(state, 0, Draw()).events
    state = RULES.new_game_from_position(
        {"variant": "simplified", "rule_court_card": "K10"},
        UPRIGHT,
        start=5,
        talon=["S13"],
        piles={"coins_4": ["D12"]},
    )
    out += RULES.apply(state, 0, Draw()).events
    return out


EVENT_LINES = [
    (
        "start",
        "5(上卦)から開始。終了札(0)愚者、X(13)死神。最後に5か6で勝ち。",
        "Start on 5 (upper). End card (0) Fool, X (13) Death; win on 5 or 6.",
    ),
    (
        "draw",
        "♠10を5で受ける(4へ)：5の10対札の10で届かず — 駒は留まる",
        "♠10 against 5, toward 4: 5's 10 does not beat the card's 10 — the token stays",
    ),
    (
        "draw",
        "♠14が1から4へ攻める：20対8で勝ち — 動けます",
        "♠14 attacks from 1 toward 4: 20 beats 8 — you may move",
    ),
    ("choice", "動く：駒は1から4へ", "MOVE: the token goes from 1 to 4"),
    (
        "war_start",
        "戦乱置換：最大1回 (Co<=2、カップ・コイン越境)。次のカードを引くと終了。",
        "War replacement: limit 1 (Co<=2, cups+coins). Drawing ends it.",
    ),
    ("war_take", "戦乱置換：♥1を2のカップから取る。", "War replacement: took ♥1 from cups 2."),
    ("war_place", "戦乱置換：♥1 2のカップ→Co(1回目)", "War replacement: ♥1 cups 2->Co (count 1)"),
    ("war_end", "戦乱置換終了(回数に達した)。", "War replacement over (limit reached)."),
    (
        "draw",
        "♣6が2から1へ：12対9で勝ち — 駒は1へ移る",
        "♣6 from 2 toward 1: 12 beats 9 — the token moves to 1",
    ),
    (
        "terminal",
        "終了札(13)死神 1/3回目：残りの山札・終了札・捨て札をシャッフル(57枚)。",
        "End card (13) Death, 1st of 3: talon, end card and discards reshuffled: 57 cards.",
    ),
    (
        "terminal",
        "終了札(0)愚者 3/3回目：ゲーム終了。駒は6、勝ちは5か6。",
        "End card (0) Fool, 3rd of 3: game over. Token on 6, goal 5 or 6.",
    ),
    ("game_over", "勝ち!(目標の爻に到達)", "You win! (goal reached)"),
    (
        "draw",
        "♠13が5から4へ攻める：24対16で勝ち — 駒は4へ移る",
        "♠13 attacks from 5 toward 4: 24 beats 16 — the token moves to 4",
    ),
]

#: The "Why?" detail of the same events: the full formula and every card moved.
EVENT_DETAILS = [
    (
        "draw",
        "♠10 @5: ♦4(5) + 守(4)6 = 10 <= ♠10 + 苦(4)0 = 10 → 5に留まる(4へ動けず); ♠10→捨て札, ♦4 5のコイン→6のコイン",
        "♠10 @5: ♦4(5) + def(4) 6 = 10 <= ♠10 + pain(4) 0 = 10 → stays on 5 (no move to 4); ♠10→discard, ♦4 coins 5→coins 6",
    ),
    (
        "draw",
        "♠14 @1: ♠14 + 攻(1)6 + Co計0 = 20 > 守(4)6 + Sw計2 + コイン計(4)0 = 8 → 1→4へ動ける：動く/留まる?",
        "♠14 @1: ♠14 + atk(1) 6 + Co 0 = 20 > def(4) 6 + Sw 2 + coins(4) 0 = 8 → may move 1->4: MOVE or STAY?",
    ),
    ("choice", "動く：1→4; ♠2 Sw→捨て札, ♠14→Sw", "MOVE: 1->4; ♠2 Sw→discard, ♠14→Sw"),
    (
        "draw",
        "♣6 @2: ♣6 + Wa下(2)6 = 12 > ♥3(2) + Cu下(1)6 = 9 → 2→1へ移動; ♣6→捨て札, ♥3 2のカップ→捨て札",
        "♣6 @2: ♣6 + Wa down(2) 6 = 12 > ♥3(2) + Cu down(1) 6 = 9 → moves 2->1; ♣6→discard, ♥3 cups 2→discard",
    ),
    (
        "draw",
        "♠13 @5: ♠13(10) + F Major(5)14 = 24 > M Major(4)6 + F Minor(4)♦12(10) = 16 → 5→4へ移動; ♠13→捨て札",
        "♠13 @5: ♠13(10) + F Major(5) 14 = 24 > M Major(4) 6 + F Minor(4) ♦12(10) = 16 → moves 5->4; ♠13→discard",
    ),
]


def test_golden_event_lines() -> None:
    lines = [
        (e.kind, RULES.describe_event(e, "ja"), RULES.describe_event(e, "en")) for e in events()
    ]
    assert lines == EVENT_LINES


def test_golden_event_details() -> None:
    details = [
        (e.kind, RULES.explain_event(e, "ja"), RULES.explain_event(e, "en")) for e in events()
    ]
    assert [d for d in details if d[1] is not None] == EVENT_DETAILS
    assert all(d[2] is None for d in details if d[1] is None)


@pytest.mark.parametrize("locale", ["ja", "en"])
def test_sentences_hide_the_formula_and_details_keep_it(locale: Locale) -> None:
    for event in events():
        line = RULES.describe_event(event, locale)
        detail = RULES.explain_event(event, locale)
        assert "atk(" not in line and "def(" not in line and "攻(" not in line, line
        assert " = " not in line, line
        if event.kind == "draw":
            assert detail is not None and " = " in detail


def test_a_sentence_for_a_card_that_only_goes_to_a_pile() -> None:
    state = RULES.new_game_from_position({}, UPRIGHT, start=5, talon=["D03"])
    (event,) = RULES.apply(state, 0, Draw()).events
    assert RULES.describe_event(event, "en") == "♦3 goes to coins 5 — the token stays on 5"
    assert RULES.describe_event(event, "ja") == "♦3は5のコインへ — 駒は5のまま"
    assert RULES.explain_event(event, "en") == "♦3 @5: stays on 5; ♦3→coins 5"
