"""axe-core in the browser tests: the engine installed from npm by the set-up (package.json,
`npm ci` from `make test`; node_modules/axe-core/axe.min.js) is evaluated in a page, which it
then checks as a screen-reader user, a keyboard user and a reader of low contrast would meet it.

    from axe_kit import assert_no_violations
    assert_no_violations(page, "the lobby on a phone")

Every rule axe runs by default is run (``color-contrast`` included), and a few it keeps off by
default that name problems people met at the tables (a button whose words differ from its name
for a screen reader). Nothing is fetched: the script comes from node_modules and is evaluated
over the DevTools protocol, which the page's Content-Security-Policy does not govern."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# Off in axe by default (experimental or best-practice-only), on here: the problems they find
# were met at the tables (the "label/content mismatches").
EXTRA_RULES = ("label-content-name-mismatch",)


@cache
def axe_source() -> str:
    assert AXE_JS.exists(), (
        f"{AXE_JS} is missing: run `npm ci --no-audit --no-fund` in {ROOT} (make test does)")
    return AXE_JS.read_text(encoding="utf-8")


def axe_violations(page: Any, include: str | None = None) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now (or inside the element ``include`` selects):
    each ``{id, impact, help, nodes: [{target, summary}]}``."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    got: list[dict[str, Any]] = page.evaluate(
        """async ([include, extra]) => {
            const rules = Object.fromEntries(extra.map((id) => [id, {enabled: true}]));
            const result = await window.axe.run(include ? {include: [include]} : document,
                                                {rules, resultTypes: ["violations"]});
            return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => ({target: n.target.join(" "),
                                            summary: n.failureSummary}))}));
        }""", [include, list(EXTRA_RULES)])
    return got


def violation_count(violations: list[dict[str, Any]]) -> int:
    """How many elements fail, over all rules (what a before/after comparison counts)."""
    return sum(len(v["nodes"]) for v in violations)


def describe(violations: list[dict[str, Any]], limit: int = 6) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} ({len(v['nodes'])} elements)")
        for n in v["nodes"][:limit]:
            summary = " ".join(str(n["summary"]).split())[:300]
            lines.append(f"    {n['target']}: {summary}")
    return "\n".join(lines)


def assert_no_violations(page: Any, where: str, include: str | None = None) -> None:
    """Fail with every violation axe finds on the page, each rule with its elements."""
    found = axe_violations(page, include)
    assert not found, (f"axe finds {violation_count(found)} problems on {where}:\n"
                       + describe(found))
