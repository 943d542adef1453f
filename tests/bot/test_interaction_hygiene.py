"""What a player meets when Discord refuses something, or clicks something the bot no longer
knows: the truth, privately, and never "This interaction failed"."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.services.freshness import Seen
from bot.ui.common import ANSWERED, THINKING_PRIVATELY, send_ephemeral
from bot.ui.components import HandButton, number_form_answer
from tests.bot.harness import World, challenge, click, private_reply, until
from tests.fakediscord import FakeMessage

REFUSED_EMOJI = {
    "code": 50035,
    "message": "Invalid Form Body",
    "errors": {
        "components": {
            "0": {
                "components": {
                    "0": {
                        "emoji": {
                            "name": {
                                "_errors": [
                                    {
                                        "code": "BUTTON_COMPONENT_INVALID_EMOJI",
                                        "message": "Invalid emoji",
                                    }
                                ]
                            }
                        }
                    }
                }
            }
        }
    },
}


async def senretsu_challenge(world: World) -> FakeMessage:
    record = await world.fake.slash(
        "senretsu challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": world.carol},
    )
    await record.wait_response()
    assert record.message is not None
    return record.message


async def test_a_refused_board_edit_is_told_truly_and_the_board_shown_privately(
    world: World,
) -> None:
    """Discord refuses the edit once: Carol's Accept counted, she is told so and gets the board
    as a private card with its buttons; the public board follows on the next redraw."""
    board = await senretsu_challenge(world)
    world.fake.inject_error(
        "PATCH", r"/webhooks/\d+/[^/]+/messages/@original", status=400, body=REFUSED_EMOJI
    )
    await click(world, board, world.carol, label="Accept")
    await world.bot.asobiba.activity.wait_idle()
    game = (await world.bot.games.queries.list_games(world.carol.id))[0]
    assert game.status == "active"  # it counted
    private = world.fake.ephemeral_messages(world.carol)
    assert "Recorded: that counted" in private[0].text
    assert "Nothing was changed" not in " ".join(m.text for m in private)
    copy = private[1]
    assert "Senretsu" in copy.text or "戦列札" in copy.text
    assert any(b["custom_id"].startswith("hand:") for b in copy.buttons())
    assert "To move" in copy.text and "Accept" not in str(copy.buttons())  # now, not the challenge
    # She plays on from the copy: its button opens her hand.
    await click(world, copy, world.carol, prefix="hand:")
    await until(world, lambda: "Your hand" in copy.text and "rock" in copy.text)


async def test_a_board_discord_refuses_everywhere_is_shown_in_words(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case: an emoji Discord refuses on every board. Accept still counts, the
    player is told so in her language, and sees the board as text."""
    monkeypatch.setattr(HandButton, "icon", "🂠")
    board = await senretsu_challenge(world)
    await click(world, board, world.carol, label="Accept", locale="ja")
    await world.bot.asobiba.activity.wait_idle()
    game = (await world.bot.games.queries.list_games(world.carol.id))[0]
    assert game.status == "active"
    texts = [m.text for m in world.fake.ephemeral_messages(world.carol)]
    assert len(texts) == 2, texts
    assert "記録しました" in texts[0] and "この操作は有効です" in texts[0]
    assert "```" in texts[1] and "To move" in texts[1]  # the public board, in its language
    violations = world.fake.take_violations()
    assert violations and all("BUTTON_COMPONENT_INVALID_EMOJI" in v.message for v in violations)


@pytest.mark.parametrize(
    ("custom_id", "locale", "words"),
    [
        ("pass:7", "en-US", "no longer exists"),  # a button from a removed feature
        ("g:not-a-number", "ja", "もう使われていない"),  # garbage in a known prefix
        ("x" * 100, "en-US", "Nothing was changed"),
    ],
)
async def test_an_unknown_button_gets_a_friendly_private_answer(
    world: World, custom_id: str, locale: str, words: str
) -> None:
    board = await challenge(world)
    user = world.fake.add_user("dave", locale=locale)
    record = await world.fake.raw_interaction(
        user=user,
        channel=world.channel,
        data={"custom_id": custom_id, "component_type": 2},
        source_message=board,
    )
    await record.wait_response()
    assert record.response_type == 4 and record.ephemeral
    assert words in (await private_reply(world, user, 0))


async def test_an_unknown_form_gets_a_friendly_private_answer(world: World) -> None:
    record = await world.fake.raw_interaction(
        user=world.alice,
        channel=world.channel,
        data={"custom_id": "feedback:1", "components": []},
        itype=5,
    )
    await record.wait_response()
    assert record.ephemeral and "no longer exists" in await private_reply(world, world.alice, 0)


@pytest.mark.parametrize(
    "components",
    [
        [{"type": 18, "component": {"type": 4, "custom_id": "f", "value": "12"}}],
        # A form opened before forms used Labels answers with an action row.
        [{"type": 1, "components": [{"type": 4, "custom_id": "f", "value": "12"}]}],
    ],
)
def test_a_number_form_is_read_from_a_label_or_an_old_row(components: list[object]) -> None:
    def form(custom_id: str) -> SimpleNamespace:
        return SimpleNamespace(
            type=discord.InteractionType.modal_submit,
            data={"custom_id": custom_id, "components": components},
        )

    answer = number_form_answer(form("nm:3:p4:Jk"))  # type: ignore[arg-type]
    assert answer == (3, Seen(ply=4), "Jk", "12")
    # A form opened before positions decided freshness carries the version it was drawn at.
    old = number_form_answer(form("nm:3:9:Jk"))  # type: ignore[arg-type]
    assert old == (3, Seen(version=9), "Jk", "12")


async def test_a_deferred_answer_edits_the_original_response(world: World) -> None:
    """Hint, the log and replay think first, then answer by editing that response (a
    follow-up filling it is deprecated; the fake flags it)."""
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: any(b.get("label") == "Hint" for b in board.buttons()))
    record = await world.fake.click(board, user=world.alice, label="Hint")
    await record.wait_complete()
    assert record.response_type == 5 and record.ephemeral and record.followups == []
    assert record.message is not None and "draw" in record.message.text.lower()


async def test_a_refused_panel_redraw_still_tells_the_truth(world: World) -> None:
    board = await senretsu_challenge(world)
    await click(world, board, world.carol, label="Accept")
    await world.bot.asobiba.activity.wait_idle()
    await click(world, board, world.carol, prefix="hand:")
    panel = world.fake.ephemeral_messages(world.carol)[-1]
    before = (await world.bot.games.queries.list_games(world.carol.id))[0].version
    world.fake.inject_error(
        "PATCH", r"/webhooks/\d+/[^/]+/messages/@original", status=400, body=REFUSED_EMOJI
    )
    rock = next(c for c in panel.custom_ids() if c.endswith("j:rock"))
    await click(world, panel, world.carol, custom_id=rock)
    await world.bot.asobiba.activity.wait_idle()
    assert (await world.bot.games.queries.list_games(world.carol.id))[
        0
    ].version > before  # it counted
    told = world.fake.ephemeral_messages(world.carol)[-1].text
    assert "Recorded: that counted" in told and "My hand" in told
    assert "Nothing was changed" not in told


class Stub:
    """Just enough of an interaction to see what ``send_ephemeral`` calls."""

    def __init__(self, response_type: discord.InteractionResponseType | None) -> None:
        self.calls: list[str] = []
        self.extras: dict[str, object] = {}
        self.response = SimpleNamespace(
            type=response_type, is_done=lambda: response_type is not None
        )
        self.followup = SimpleNamespace(send=self._record("followup"))

    def _record(self, name: str) -> Any:
        async def call(*args: object, **kwargs: object) -> None:
            self.calls.append(f"{name} ephemeral={kwargs.get('ephemeral')}")

        return call

    async def edit_original_response(self, **kwargs: object) -> None:
        self.calls.append("edit original")

    async def delete_original_response(self) -> None:
        self.calls.append("delete original")


THINKING = discord.InteractionResponseType.deferred_channel_message


async def test_an_answer_after_thinking_edits_it_or_replaces_a_public_one() -> None:
    private = Stub(THINKING)
    private.extras[THINKING_PRIVATELY] = True
    await send_ephemeral(private, "hint")  # type: ignore[arg-type]
    await send_ephemeral(private, "and more")  # type: ignore[arg-type]
    assert private.calls == ["edit original", "followup ephemeral=True"]
    public = Stub(THINKING)
    public.extras[THINKING_PRIVATELY] = False
    await send_ephemeral(public, "refused")  # type: ignore[arg-type]
    assert public.calls == ["delete original", "followup ephemeral=True"]
    shown = Stub(THINKING)  # the board already replaced a public "thinking…"
    shown.extras[ANSWERED] = True
    await send_ephemeral(shown, "oops")  # type: ignore[arg-type]
    assert shown.calls == ["followup ephemeral=True"]
