"""Every link between the project's pages reaches its page and heading: a reader following
"see benchmarks" from a bar's figure must land on the section that backs it. Headings become
anchors as GitHub makes them (lower case, punctuation dropped, spaces as hyphens, a repeated
heading numbered)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s#]*)(?:#([^)\s]+))?\)")


def _anchors(text: str) -> set[str]:
    found: set[str] = set()
    repeats: dict[str, int] = {}
    in_code = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        heading = re.match(r"#{1,6} (.*)", line)
        if in_code or heading is None:
            continue
        slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
        n = repeats.get(slug, 0)
        repeats[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def test_links_between_pages_reach_their_page_and_heading() -> None:
    broken: list[str] = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for target, anchor in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue  # another site: not ours to check without the network
            path = (page.parent / target).resolve() if target else page
            if not path.exists():
                broken.append(f"{page.name}: {target} does not exist")
            elif anchor and path.suffix == ".md" and anchor not in _anchors(
                    path.read_text(encoding="utf-8")):
                broken.append(f"{page.name}: {target or page.name}#{anchor} has no such heading")
    assert not broken, "\n".join(broken)
