"""Rule options: declared once per game, validated once, recorded with every match.

House rules are data, not code: a game lists its options with defaults and limits, and every
front end (command line, record files, later the server) goes through :func:`validate_options`,
so a typo in an option name is an error rather than a silently ignored rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.engine.errors import OptionError
from cardtable.engine.text import quoted, shown, whole_number


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option: its name, type, default and the values it accepts."""

    name: str
    kind: type
    default: Any
    doc: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] | None = None
    nullable: bool = False
    ends_match: bool = False
    """The option only decides when a match ends, and a larger value never ends it sooner: the
    match under a smaller value is the same match, stopped earlier. A balance comparison of
    such an option plays each seed once and replays it for the other values (``sim.balance``),
    as long as every bot says it does not look at when the match will end."""

    def check(self, value: Any) -> Any:
        """Return ``value`` if this option accepts it, else raise OptionError."""
        if value is None:
            if self.nullable:
                return None
            raise OptionError(f"option {self.name} needs a value")
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise OptionError(f"option {self.name} must be a whole number, not {shown(value)}")
        if self.kind is bool and not isinstance(value, bool):
            raise OptionError(f"option {self.name} must be true or false, not {shown(value)}")
        if self.kind is str and not isinstance(value, str):
            raise OptionError(f"option {self.name} must be text, not {shown(value)}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(
                f"option {self.name} must be at least {self.minimum}, not {shown(value)}"
            )
        if self.maximum is not None and value > self.maximum:
            raise OptionError(
                f"option {self.name} must be at most {self.maximum}, not {shown(value)}"
            )
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name} must be one of {allowed}, not {shown(value)}")
        return value

    def parse(self, text: str) -> Any:
        """Read a value typed on a command line (``key=value``) and check it."""
        raw = text.strip()
        if self.nullable and raw.lower() in ("none", "null", "off", ""):
            return None
        if self.kind is bool:
            low = raw.lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
            raise OptionError(f"option {self.name} must be true or false, not {quoted(raw)}")
        if self.kind is int:
            number = whole_number(raw, signed=True)
            if number is None:
                raise OptionError(f"option {self.name} must be a whole number, not {quoted(raw)}")
            return self.check(number)  # its own sentence when out of range
        return self.check(raw)

    def describe_default(self) -> str:
        if self.default is None:
            return "none"
        if isinstance(self.default, bool):
            return "true" if self.default else "false"
        return str(self.default)


def validate_options(specs: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Fill in defaults and check every given option; unknown names are errors."""
    by_name = {spec.name: spec for spec in specs}
    for name in given:
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"unknown option {quoted(name)} (options: {known})")
    return {
        spec.name: spec.check(given[spec.name]) if spec.name in given else spec.default
        for spec in specs
    }


def parse_option_assignments(specs: tuple[Option, ...], items: list[str]) -> dict[str, Any]:
    """Turn command-line ``key=value`` strings into typed option values."""
    by_name = {spec.name: spec for spec in specs}
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise OptionError(f"option {quoted(item)} must be written as name=value")
        name, _, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"unknown option {quoted(name)} (options: {known})")
        out[name] = by_name[name].parse(value)
    return out
