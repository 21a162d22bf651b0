"""Who a request comes from, and how much each client may ask of the server.

A limit keyed by anything the client writes (an ``Authorization`` header it made up) is no
limit, so every request is charged to the client's address, the socket's peer, or behind a
reverse proxy the address the proxy saw (``X-Forwarded-For`` or ``Forwarded``, believed only
when the peer is one of the operator's ``--trusted-proxy`` networks). A request carrying a
token that opens a seat at a table this process holds is charged to that seat instead, so the
people of a classroom behind one address do not share one budget; how many seats one address
can hold is bounded by the tables it may open (``--tables-per-client``).

The counting is the ``limits`` library's sliding-window counter in memory: ``--burst``
requests in any ``--burst / --rate`` seconds, about ``--rate`` a second sustained. What costs
the server more costs the client more (:data:`COSTS`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import math
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter
from starlette.datastructures import Headers, QueryParams
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

CLIENT = "cardtable.client"
"""The scope key under which the middleware leaves the client's address for the routes."""

CREATE_COST = 10
"""Opening a table is charged as ten requests: it writes a table and its seats to disk and
keeps a match in memory with its bots' timers, where a read answers from memory; a family opens
a table an evening, a script opening them as fast as reads would fill the server."""

QR_COST = 5
"""A QR code costs about 30 ms of CPU to draw, a read well under one."""

_TABLE_PATH = re.compile(r"^/(?:api|ws)/tables/([^/]{1,64})")


def cost_of(method: str, path: str) -> int:
    """What one request is charged, in requests."""
    if method == "POST" and path.rstrip("/") == "/api/tables":
        return CREATE_COST
    if path == "/api/qr":
        return QR_COST
    return 1


def parse_networks(texts: Iterable[str]) -> tuple[Network, ...]:
    """The ``--trusted-proxy`` networks (``10.0.0.0/8``, ``127.0.0.1``, ``::1``); ValueError
    with the sentence for one that is not a network."""
    out = []
    for text in texts:
        try:
            out.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError:
            raise ValueError(f"--trusted-proxy: {text!r} is not an address or a network "
                             "(e.g. 127.0.0.1 or 10.0.0.0/8)") from None
    return tuple(out)


def _address(text: str) -> Address | None:
    text = text.strip().strip('"')
    if text.startswith("["):  # Forwarded: for="[2001:db8::1]:4711"
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:  # 192.0.2.1:4711
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _forwarded_chain(headers: Headers) -> list[str]:
    """The addresses a chain of proxies saw, nearest last: the standard ``Forwarded`` header's
    ``for=`` entries when there are any, otherwise ``X-Forwarded-For``."""
    chain: list[str] = []
    for value in headers.getlist("forwarded"):
        for element in value.split(","):
            for pair in element.split(";"):
                name, _, found = pair.partition("=")
                if name.strip().lower() == "for":
                    chain.append(found)
    if chain:
        return chain
    for value in headers.getlist("x-forwarded-for"):
        chain += value.split(",")
    return chain


def client_address(scope: Scope, trusted: Sequence[Network]) -> str:
    """The address a request comes from, as limits count it: the socket's peer; behind a
    trusted proxy, the nearest address in the forwarded chain that is not itself a trusted
    proxy (what the client wrote further left is not believed). IPv6 clients are counted by
    their /64, the block one subscriber is given, so that one machine cannot be many."""
    peer_text = (scope.get("client") or ("unknown", 0))[0]
    peer = _address(str(peer_text))
    if peer is None:
        return str(peer_text)[:64]
    found: Address = peer
    if trusted and any(peer in net for net in trusted if net.version == peer.version):
        for text in reversed(_forwarded_chain(Headers(scope=scope))):
            hop = _address(text)
            if hop is None:
                break  # garbage a proxy passed on: stop at the last address believed
            found = hop
            if not any(hop in net for net in trusted if net.version == hop.version):
                break
    if isinstance(found, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((found, 64), strict=False))
    return str(found)


@dataclass(slots=True)
class ClientLimits:
    """The operator's limits per client: requests, WebSocket handshakes and messages (one
    budget per client however many sockets it opens), and open sockets per address. A rate of
    0 turns every per-client limit off (tests and benchmarks run many clients from one
    address)."""

    rate: float
    burst: float
    connections: int = 64
    trusted: tuple[Network, ...] = ()
    seat_of: Callable[[str, str], int | None] = lambda table_id, token: None
    """The seat a token opens at a table this process holds (None: no such seat)."""
    _limiter: SlidingWindowCounterRateLimiter = field(init=False)
    _item: RateLimitItemPerSecond = field(init=False)
    _sockets: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._limiter = SlidingWindowCounterRateLimiter(MemoryStorage())
        window = max(1, math.ceil(self.burst / self.rate)) if self.rate > 0 else 1
        amount = max(1, round(self.burst)) if self.rate > 0 else 1
        self._item = RateLimitItemPerSecond(amount, window)

    @property
    def on(self) -> bool:
        return self.rate > 0

    def key(self, scope: Scope, address: str) -> str:
        """Whose budget a request spends: the seat its token opens, else its address."""
        match = _TABLE_PATH.match(scope.get("path", ""))
        if match is not None:
            token = _token(scope)
            if token:
                seat = self.seat_of(match.group(1), token)
                if seat is not None:
                    return f"seat:{match.group(1)}:{seat}"
        return f"address:{address}"

    def allow(self, key: str, cost: int = 1) -> bool:
        if not self.on:
            return True
        return bool(self._limiter.hit(self._item, key, cost=min(cost, self._item.amount)))

    def open_socket(self, address: str) -> bool:
        """Count a WebSocket from ``address``; False (not counted) when it holds too many."""
        held = self._sockets.get(address, 0)
        if self.on and self.connections > 0 and held >= self.connections:
            return False
        self._sockets[address] = held + 1
        return True

    def close_socket(self, address: str) -> None:
        held = self._sockets.get(address, 0) - 1
        if held > 0:
            self._sockets[address] = held
        else:
            self._sockets.pop(address, None)


@dataclass(slots=True, frozen=True)
class TableLimits:
    """How many tables, how long: unfinished tables one client address may have made (0: any
    number), unfinished tables in all, actions one table may store, and the seconds without a
    move after which a table is ended (0: never)."""

    per_client: int = 20
    total: int = 10_000
    actions: int = 20_000
    idle: float = 48 * 3600.0


def _token(scope: Scope) -> str | None:
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            scheme, _, token = value.decode("latin-1").partition(" ")
            return token.strip() if scheme.lower() == "bearer" else None
    return QueryParams(scope.get("query_string", b"")).get("token")


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class Limits:
    """ASGI middleware: before any route runs, find the client's address (left in the scope
    under :data:`CLIENT`), refuse too many requests (429) or sockets, oversized bodies (413)
    and bodies that do not arrive in time (408), each in one sentence."""

    def __init__(self, app: ASGIApp, limits: ClientLimits, max_body: int,
                 body_timeout: float) -> None:
        self.app = app
        self.limits = limits
        self.max_body = max_body
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        address = scope[CLIENT] = client_address(scope, self.limits.trusted)
        key = self.limits.key(scope, address)
        if not self.limits.allow(key, cost_of(scope.get("method", "GET"), scope["path"])):
            await error(429, "too many requests; slow down")(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await error(413, f"the request body is larger than {self.max_body} bytes")(
                scope, receive, send)
            return
        seen = 0
        deadline = time.monotonic() + self.body_timeout
        complete = False

        async def limited() -> Message:
            nonlocal seen, complete
            if complete:  # the body is in: what is left to hear is the client going away
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                raise HTTPException(408, f"the request body did not arrive within "
                                         f"{self.body_timeout:g} s") from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise HTTPException(413, f"the request body is larger than "
                                             f"{self.max_body} bytes")
                complete = not message.get("more_body", False)
            return message

        await self.app(scope, limited, send)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        address = scope[CLIENT] = client_address(scope, self.limits.trusted)
        if not self.limits.allow(f"address:{address}"):
            await _refuse_socket(receive, send, 429, "too many connections opened; slow down")
            return
        if not self.limits.open_socket(address):
            await _refuse_socket(receive, send, 429, f"your address holds "
                                 f"{self.limits.connections} connections already; close some")
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.limits.close_socket(address)


async def _refuse_socket(receive: Receive, send: Send, status: int, message: str) -> None:
    """Answer a WebSocket handshake with the error as its only message, as the table's own
    refusals are (close code 4000 + status)."""
    import json

    first = await receive()
    if first["type"] != "websocket.connect":
        return
    with contextlib.suppress(Exception):
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send",
                    "text": json.dumps({"type": "error", "status": status, "error": message})})
        await send({"type": "websocket.close", "code": 4000 + status})


__all__ = ["CLIENT", "CREATE_COST", "QR_COST", "ClientLimits", "Limits", "TableLimits",
           "client_address", "cost_of", "parse_networks"]
