"""Every relative link in the README and the guides beside it (``docs/*.md``) leads somewhere:
the file exists, and an anchor names a heading of that file as the forge slugs it. The README
was cut into guides; a link left pointing at a section that moved would break silently."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_IMG = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"")


def prose(text: str) -> str:
    """The page without its code: a ``#`` or a ``](`` in a code block is neither a heading nor
    a link."""
    return _INLINE_CODE.sub("", _FENCE.sub("", text))


def slug(heading: str) -> str:
    """The forge's anchor for a heading (GitHub's: formatting and punctuation dropped, letters
    of every script kept, spaces to hyphens)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its words
    text = text.replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading's anchor; a repeated heading gets ``-1``, ``-2`` … as on GitHub."""
    seen: dict[str, int] = {}
    found = set()
    headings = re.findall(r"^#{1,6} (.+?)\s*#*$", _FENCE.sub("", page.read_text("utf-8")), re.M)
    for heading in headings:
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[str]:
    text = prose(page.read_text(encoding="utf-8"))
    return _LINK.findall(text) + _IMG.findall(text)


def test_the_slugs_are_the_forges() -> None:
    assert slug("Time off: away, adjournment, sealed moves") == (
        "time-off-away-adjournment-sealed-moves"
    )
    assert slug("Your data: /privacy") == "your-data-privacy"
    assert slug("Play anywhere (user install)") == "play-anywhere-user-install"
    assert slug("The clock / 持ち時間") == "the-clock--持ち時間"
    assert slug("`python -m bot web`") == "python--m-bot-web"


def test_code_is_neither_heading_nor_link() -> None:
    text = "```text\n# HELP metric\n[a](nowhere.md)\n```\nsee `[x](y.md)` and [z](z.md)\n"
    assert prose(text).strip() == "see  and [z](z.md)"
    assert _LINK.findall(prose(text)) == ["z.md"]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …: not ours to check
            continue
        file, _, anchor = target.partition("#")
        where = (page.parent / file).resolve() if file else page
        relative = where.relative_to(ROOT).as_posix() if where.is_relative_to(ROOT) else file
        if not where.exists():
            broken.append(f"{target}: no such file")
            continue
        if anchor and where.suffix == ".md" and anchor not in anchors(where):
            broken.append(f"{target}: no heading #{anchor} in {relative}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_pages_are_found() -> None:
    """The check reads every guide, and finds links in them (a regex gone wrong finds none)."""
    names = {p.name for p in PAGES}
    assert {"README.md", "playing.md", "operating.md", "development.md"} <= names
    assert len(links(ROOT / "README.md")) >= 10
