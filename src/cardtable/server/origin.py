"""Which names the server answers to, and which sites' pages may change anything on it.

A server on 127.0.0.1 is not private to this computer's own programs: any web page a person has
open can make their browser send requests to it, in two ways this module stops.

- **DNS rebinding.** A site points its own name at 127.0.0.1 (or at the server's address on the
  local network); the browser then takes the server for that site and lets the site's page read
  every answer, seat tokens and hands included. Such a request always names the site in its
  ``Host`` header, so only names the server is known by are served (421 otherwise).
- **Cross-site requests.** A page of any site may send a form, or a ``fetch`` with a
  ``text/plain`` body, to any address, and open a WebSocket to any address. The browser says
  which page sent it (``Origin``), so a POST or a WebSocket from another site's page is refused
  (403). A POST without an ``Origin`` (a program, or a browser too old to send one) must send
  JSON (415 otherwise): a page of another site cannot send ``application/json`` without asking
  the server first, and this server never answers that question.

A WebSocket without an ``Origin`` is let through: every browser sends one with its handshake,
so one without comes from a program (a bot, ``benchmarks/server_load.py``), which could send any
``Origin`` it liked anyway; it still needs a seat's token to move.
"""

from __future__ import annotations

import ipaddress
import json
import re
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from cardtable.engine.text import quoted
from cardtable.server.addresses import WILDCARDS, is_loopback, lan_address

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
"""The names of this computer that a browser on it may use for a server on loopback."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing here; every other one (every POST) is checked."""

HOST_NAME = re.compile(r"[a-z0-9_-]+(\.[a-z0-9_-]+)*")
"""A DNS name as a Host header gives it (lower case, letters of other scripts in punycode)."""

DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}


def host_name(text: str) -> str | None:
    """The host a ``Host`` header (or a URL's authority) names, lower case, without its port,
    brackets or trailing dot; None when it is not a host name at all."""
    try:
        parts = urlsplit("//" + text.strip())
        _ = parts.port  # a port that is not a number makes the whole header unusable
    except ValueError:
        return None
    name = (parts.hostname or "").rstrip(".")
    if not name or parts.username is not None or parts.path or parts.query:
        return None
    if not (HOST_NAME.fullmatch(name) or _is_address(name)):
        return None
    return name


def check_allowed_host(text: str) -> str:
    """An ``--allowed-host`` value as the server will compare it: a bare host name or address
    (``cards.example``, ``192.168.1.23``, ``[fe80::1]``), or ``*`` for any. ValueError with
    one sentence for anything else (a URL, a port)."""
    text = text.strip()
    if text == "*":
        return text
    if _is_address(text):  # a bare IPv6 address, or any other
        return str(ipaddress.ip_address(text))
    if "/" not in text and "@" not in text and (":" not in text or text.startswith("[")):
        try:
            parts = urlsplit("//" + text)
            port = parts.port
        except ValueError:
            port = -1
        name = (parts.hostname or "").rstrip(".")
        if name and port is None:
            return name
    raise ValueError(f"--allowed-host takes a host name or address without a scheme or port "
                     f"(cards.example, 192.168.1.23), not {text!r}")


def check_url(text: str) -> str:
    """A ``--url`` value as the server writes it into links (no trailing slash), or ValueError
    with one sentence. Seat links, QR codes and the allowed ``Host`` and ``Origin`` are all
    made from it, so a value that is no address would start a server whose every link is
    dead. It has no path: the pages ask for ``/api/...`` at the root of their host, and the QR
    route draws only ``/t/ID`` there, so a proxy must serve it at a host's root."""
    raw = text.strip()
    example = "e.g. https://cards.example.org or http://192.168.1.23:8000"
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError:
        parts, port = None, -1
    if parts is None or port == 0 or parts.scheme not in ("http", "https") \
            or host_name(parts.netloc) is None:
        raise ValueError(f"--url must be an http:// or https:// address with a host (and "
                         f"port), {example}, not {quoted(raw)}")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"--url takes nothing after the host and port: the server's pages ask "
                         f"for /api/... at the root of the host, so write {example[5:]}, "
                         f"not {quoted(raw)}")
    return f"{parts.scheme}://{parts.netloc}"


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Hosts:
    """The host names a request may name in its ``Host`` header."""

    names: frozenset[str]
    any_address: bool = False  # every IP address (a server on every interface)
    anything: bool = False  # ``--allowed-host '*'``: the operator checks names elsewhere

    def allows(self, name: str) -> bool:
        if self.anything or name in self.names:
            return True
        return self.any_address and _is_address(name)


def served_hosts(listen: str, url: str, extra: Iterable[str] = ()) -> Hosts:
    """The names a server listening on ``listen`` and giving out ``url`` answers to.

    Always the name in ``url`` (what the seat links say) and every ``--allowed-host``. A server
    on a loopback address also answers to this computer's loopback names. A server on a named
    address answers to that address. A server on every interface (``0.0.0.0``) answers to the
    loopback names, to the address it found on the local network, to any IP address (it cannot
    know in advance every address it will be reached at: a second network, IPv6, a new lease),
    and to this computer's name (``laptop``, ``laptop.local``). An IP address is safe to allow:
    rebinding needs a name its attacker controls, and a page opened at an address belongs to
    whatever serves that address, which is this server.
    """
    names = {name for name in (host_name(urlsplit(url).netloc),) if name}
    wanted = list(extra)
    anything = "*" in wanted
    names.update(check_allowed_host(x) for x in wanted if x != "*")
    any_address = False
    if listen in WILDCARDS:
        any_address = True
        names.update(LOOPBACK_NAMES)
        found = lan_address()
        if found:
            names.add(found)
        computer = socket.gethostname().lower().rstrip(".")
        if computer:
            names.add(computer)
            if "." not in computer:
                names.add(computer + ".local")
    else:
        name = host_name(listen if ":" not in listen or listen.startswith("[")
                         else f"[{listen}]")
        if name:
            names.add(name)
        if is_loopback(listen):
            names.update(LOOPBACK_NAMES)
    return Hosts(frozenset(names), any_address=any_address, anything=anything)


def _authority(host: str, port: int | None, scheme: str) -> str:
    """``host[:port]`` with the scheme's own port left out, for comparing two authorities."""
    host = f"[{host}]" if ":" in host else host
    if port is None or port == DEFAULT_PORTS.get(scheme) or (
            scheme == "" and port in (80, 443)):
        return host
    return f"{host}:{port}"


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of a URL as browsers write an Origin, or None."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return f"{parts.scheme}://{_authority(parts.hostname.rstrip('.'), port, parts.scheme)}"


@dataclass(frozen=True, slots=True)
class Served:
    """Whether an ``Origin`` is one of this server's own pages."""

    url_origin: str | None

    def own(self, origin: str, host: str | None, scheme: str) -> bool:
        """The page at ``origin`` is this server's when it is the origin of the server's
        ``--url`` or the very host (and port) the request was sent to. Behind a proxy that
        speaks HTTPS to browsers and HTTP to this process, the page is ``https`` though the
        request here is not; the reverse (an ``http`` page sending to an ``https`` server)
        is a page anyone on the way could have written, and is refused."""
        seen = origin_of(origin)
        if seen is None:
            return False  # "null" (a sandboxed frame, a file), or not a web page at all
        if seen == self.url_origin:
            return True
        if host is None:
            return False
        try:
            sent = urlsplit("//" + host.strip())
            sent_port = sent.port
        except ValueError:
            return False
        page = urlsplit(seen)
        if _authority(page.hostname or "", page.port, page.scheme) != _authority(
                (sent.hostname or "").rstrip("."), sent_port, ""):
            return False
        return page.scheme == "https" or scheme in ("http", "ws")


def _is_json(content_type: str | None) -> bool:
    return (content_type or "").split(";")[0].strip().lower() == "application/json"


def _empty_body(headers: Headers) -> bool:
    return headers.get("content-length", "0").strip() == "0" and \
        "transfer-encoding" not in headers


class SameOrigin:
    """ASGI middleware: refuse a ``Host`` the server is not known by (421), a POST or a
    WebSocket from another site's page (403), and a POST of anything but JSON that does not say
    which page sent it (415), each in one sentence, before any route runs."""

    def __init__(self, app: ASGIApp, hosts: Hosts, url: str) -> None:
        self.app = app
        self.hosts = hosts
        self.served = Served(origin_of(url))

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        headers = Headers(scope=scope)
        host = headers.get("host")
        if host is not None:
            name = host_name(host)
            if name is None or not self.hosts.allows(name):
                return 421, (f"this server does not answer to the name {host!r} (a page of "
                             f"another site may be trying to reach it); its operator can "
                             f"allow the name with cardtable serve --allowed-host")
        origin = headers.get("origin")
        websocket = scope["type"] == "websocket"
        if not websocket and scope.get("method", "GET") in SAFE_METHODS:
            return None
        if origin is not None:
            if not self.served.own(origin, host, str(scope.get("scheme", "http"))):
                what = "a WebSocket" if websocket else "a request that changes something"
                return 403, (f"{what} from a page of another site ({origin}) is refused; "
                             f"open this server's own page instead")
            return None
        if not websocket and not _is_json(headers.get("content-type")) and \
                not _empty_body(headers):
            return 415, ("a request that changes something must send its body as JSON "
                         "(Content-Type: application/json)")
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refused = self.refusal(scope)
        if refused is None:
            await self.app(scope, receive, send)
            return
        status, sentence = refused
        body = json.dumps({"error": sentence}).encode()
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(body)).encode())]
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await receive()  # the handshake's "websocket.connect"
        if "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", "status": status,
                        "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:  # a server that cannot answer a handshake with a body refuses it with 403
            await send({"type": "websocket.close", "code": 1008})


__all__ = ["Hosts", "SameOrigin", "Served", "check_allowed_host", "check_url", "host_name",
           "origin_of", "served_hosts"]
