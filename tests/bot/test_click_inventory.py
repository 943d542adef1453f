"""The inventory of controls (``click_inventory.py``) is whole: every component the bot can
put on a message has a test that clicks it, and every test named there exists. (That each
named test really clicks its control is checked as it runs: see ``conftest.py``.)"""

from __future__ import annotations

import importlib
import re
from typing import Any

import discord

import bot.client
from tests.bot.click_inventory import CONTROLS, FORM_PREFIXES, Control


def component_classes() -> set[type[Any]]:
    """Every restart-proof component class of the bot, found by walking the subclasses of
    discord.py's ``DynamicItem`` once the client (which wires all of them) is imported."""
    assert bot.client.AsobibaBot  # imported for its side effect: every ui module loaded
    found: set[type[Any]] = set()
    todo: list[type[Any]] = [discord.ui.DynamicItem]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("bot.") and hasattr(
                sub, "__discord_ui_compiled_template__"
            ):
                found.add(sub)
    return found


def prefix_of(cls: type[Any]) -> str:
    template: re.Pattern[str] = cls.__discord_ui_compiled_template__
    head = re.match(r"[a-z]+:", template.pattern)
    assert head is not None, f"{cls.__name__}'s custom_id does not start with a prefix"
    return head.group()[:-1]


def test_every_component_has_a_test_that_clicks_it() -> None:
    classes = component_classes()
    assert len(classes) >= 15  # the walk found the components (not an empty set)
    prefixes = {prefix_of(cls): cls.__name__ for cls in classes}
    assert len(prefixes) == len(classes), "two components share a custom_id prefix"
    listed = {control.prefix for control in CONTROLS}
    unlisted = sorted(f"{name} ({p}:…)" for p, name in prefixes.items() if p not in listed)
    assert not unlisted, f"no test in click_inventory.CONTROLS clicks {unlisted}"
    stale = listed - set(prefixes) - FORM_PREFIXES
    assert not stale, f"click_inventory.CONTROLS lists controls no component makes: {stale}"


def test_every_component_is_answered_by_the_bot() -> None:
    registered = set(bot.client.COMPONENTS)
    missing = sorted(cls.__name__ for cls in component_classes() - registered)
    assert not missing, f"components the client never registers (clicks go unanswered): {missing}"


def test_every_listed_test_exists() -> None:
    for control in CONTROLS:
        assert control.tests, control.label
        for test in control.tests:
            file, name = test.split("::")
            module = importlib.import_module(f"tests.bot.{file.removesuffix('.py')}")
            assert callable(getattr(module, name, None)), f"{control.label}: no test {test}"


#: A click each control matches, as Discord would deliver it.
EXAMPLES = {
    "Note & plans": "cn:12",
    "Write note": "nt:12",
    "the note form": "ntf:12",
    "If they play…": "pt:12:3:0:1=D-T0-B",
    "…I answer with": "pm:12:3:0:D-T0-B=D-F1-R",
    "Cancel plan": "pc:12",
    "Accept": "ch:12:3:accept",
    "Decline": "ch:12:3:decline",
    "Withdraw": "ch:12:3:cancel",
    "a move from a menu": "gs:12:3:0=d:b2:n",
    "a move button": "g:12:3:m:b2:c3",
    "Resign": "rs:12:3",
    "Adjourn": "adj:12:3:ask",
    "Accept adjournment": "adj:12:3:yes",
    "Decline (adjournment)": "adj:12:3:no",
    "Resume": "adj:12:3:resume",
    "I'm back now (/away)": "away:back:99",
    "Resign (confirm)": "g:12:3:resign",
    "Offer draw": "g:12:3:draw-offer",
    "Accept draw": "g:12:3:draw-accept",
    "Decline draw": "g:12:3:draw-decline",
    "Hint": "hint:12",
    "Why?": "why:12",
    "My hand": "hand:12",
    "a panel step (a card, then where it goes)": "gs:12:3:0=~c1",
    "a joker (asks for its range)": "gs:12:3:1=#p:Jk:1:n:",
    "the joker's range form": "nm:12:3:p:Jk:1:n:",
    "Game log": "log:12",
    "Rematch": "rm:12",
    "Replay": "rps:12",
    "Share": "sh:12",
    "Verify": "vf:12",
    "Review": "rv:12",
    "⏮": "rp:12:0:f",
    "◀": "rp:12:4:p",
    "▶": "rp:12:6:n",
    "⏭": "rp:12:9:l",
    "a game in /history": "hs:99=12",
    "/history ◀ ▶": "hp:99:1:o:1795348800000000:12",
    "Show a game's board here (/games)": "games:reopen=12",
    "/standings ◀ ▶": "stp:1:bushi:1",
    "/tournament show ◀ ▶": "tpg:5:1",
    "a puzzle's answer menu": "pza:yosukou:simplified:s-start-03:20261122=start:4",
    "Show as text / Show as picture": "pzv:bushi:w7-002:-:t",
    "Next puzzle": "pzn:senretsu",
    "Review my mistakes / Next mistake": "mkn:n",
    "a mistake card's answer menu": "mka:12:0=p:5H:new-front",
    "a lesson's move button": "lm:bushi:5:ROT",
    "a lesson's move from a menu": "lms:bushi:1:0=D-T0-B",
    "Next (a lesson)": "ln:yosukou:simplified:0",
    "a lesson's joker (asks for its range)": "lms:senretsu:2:0=#p:JR:+2:",
    "a lesson's range form": "lnum:senretsu:2:p:JR:+2:",
    "Export my data": "pv:export",
    "Delete my data…": "pv:delete",
    "Yes, continue…": "pv:continue:1795348800",
    "Delete everything now": "pv:now:1795348800",
    "Keep my data": "pv:keep",
}


def test_every_control_pattern_fits_its_components_custom_ids() -> None:
    """Each control matches a real click, whose custom_id its component's template answers."""
    templates = {
        prefix_of(cls): cls.__discord_ui_compiled_template__ for cls in component_classes()
    }
    assert set(EXAMPLES) == {control.label for control in CONTROLS}
    for control in CONTROLS:
        key = EXAMPLES[control.label]
        assert control.matches(key), (control.label, key)
        others = [c.label for c in CONTROLS if c is not control and c.matches(key)]
        assert not others, f"{key} would count as {control.label} and {others}"
        custom_id = key.split("=")[0]
        if control.prefix not in FORM_PREFIXES:
            assert templates[control.prefix].fullmatch(custom_id), (control.label, custom_id)


def test_a_control_knows_a_click_from_another() -> None:
    decline = next(c for c in CONTROLS if c.label == "Decline")
    assert decline.matches("ch:1:2:decline") and not decline.matches("ch:1:2:cancel")
    move = next(c for c in CONTROLS if c.label == "a move button")
    assert move.matches("g:1:2:d:a1") and not move.matches("g:1:2:resign")
    step = next(c for c in CONTROLS if c.label.startswith("a panel step"))
    assert step.matches("gs:1:2:0=~c3") and not step.matches("gs:1:2:0=p:A:1")
    assert isinstance(step, Control)
