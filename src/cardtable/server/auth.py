"""Seat tokens: unguessable secrets, stored only as their SHA-256 digests."""

from __future__ import annotations

import base64
import hashlib
import secrets


def new_token() -> str:
    """A fresh seat token (32 random bytes, URL-safe): the invitation link carries it."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps: a stolen database gives no seat away."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def again_token(token: str, table_id: str) -> str:
    """The token that opens a person's seat at the next match of their table ("play again"):
    derived from their own token and the new table's id, so the server can give it again to
    whoever holds the old one (a second tab, a page reloaded) without ever storing it."""
    digest = hashlib.sha256(f"cardtable-again\0{table_id}\0{token}".encode("utf-8", "replace"))
    return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode("ascii")


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def bearer(header: str | None, query: str | None) -> str | None:
    """The token of a request: ``Authorization: Bearer T`` or, for links and WebSockets (which
    browsers cannot give headers), ``?token=T``."""
    if header:
        scheme, _, value = header.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
        return ""  # a malformed header is an unknown token, not a spectator
    return query or None
