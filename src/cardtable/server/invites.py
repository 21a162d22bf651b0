"""Invitations a phone can scan: a seat's link drawn as a QR code.

At a real table the person who made it shows each relative a code to point their phone's camera
at, rather than sending six links round a family chat. The code is drawn by the server (segno,
no JavaScript library shipped to the browser) as a scalable SVG on a white ground, so it scans
from a dark screen too. Only links to a table on a web address are drawn: the route is for
invitations, not a general QR service.
"""

from __future__ import annotations

import io
from functools import lru_cache
from urllib.parse import urlsplit

MAX_LINK = 500  # a table link with its token is about 90 characters


class BadLink(ValueError):
    """A link the QR route will not draw, with the sentence saying why."""


def check_link(text: object, own_url: str) -> tuple[str, str]:
    """The link to draw and the id of the table it opens, or :class:`BadLink` saying what is
    wrong with it. Only links to this server (``own_url``, its ``--url``) are drawn; whether
    the table exists is the caller's to ask."""
    if not isinstance(text, str) or not text:
        raise BadLink("'text' must be the table link to draw, e.g. ?text=http://HOST/t/ID")
    if len(text) > MAX_LINK:
        raise BadLink(f"'text' is {len(text)} characters long; a table link has at most "
                      f"{MAX_LINK}")
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BadLink("'text' must be a web address (http:// or https://)")
    if not parts.path.startswith("/t/"):
        raise BadLink("'text' must be a link to a table (its path starts with /t/)")
    own = urlsplit(own_url)
    if (parts.scheme, parts.netloc.lower()) != (own.scheme, own.netloc.lower()):
        raise BadLink(f"'text' must be a link to this server ({own.scheme}://{own.netloc}/t/...)")
    table_id = parts.path[len("/t/"):]
    if not table_id or "/" in table_id or len(table_id) > 32:
        raise BadLink("'text' must be a link to a table: /t/ and the table's id")
    return text, table_id


@lru_cache(maxsize=256)
def qr_svg(link: str, title: str = "") -> bytes:
    """The link as a QR code: an SVG that scales to any size, dark modules on white. Drawing one
    takes about 13 ms of CPU, so the route draws it in a thread, and a code opened again (the
    same seat's, shown to a second person) is remembered."""
    import segno

    code = segno.make(link, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", border=4, xmldecl=False, omitsize=True, dark="#000",
              light="#fff", title=title or None)
    return out.getvalue()


__all__ = ["BadLink", "check_link", "qr_svg"]
