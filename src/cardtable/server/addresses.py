"""Where people reach this server.

The address a server listens on is not always one another device can open: ``0.0.0.0`` means
"every interface" and no phone can browse to it, and ``127.0.0.1`` is this computer alone. The
seat links the server hands out (and the browser's invitations and QR codes) must name an
address the family's phones can open, so a server listening on every interface names this
computer's address on the local network instead.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

WILDCARDS = frozenset({"", "0.0.0.0", "::", "[::]"})


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this computer only (127.x, ::1, localhost)."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This computer's IPv4 address on its local network, or None when it has none.

    Connecting a UDP socket sends nothing: it only asks the kernel which interface would carry
    packets to a private address, and that interface's address is the one phones on the same
    network can reach.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        address = ""
    finally:
        probe.close()
    if address and not is_loopback(address) and address != "0.0.0.0":
        return address
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    return None if is_loopback(address) else address


def reachable_url(host: str, port: int) -> str:
    """The address to give out for a server listening on ``host``:``port``."""
    if host in WILDCARDS:
        host = lan_address() or "127.0.0.1"
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address in a URL
    return f"http://{host}:{port}"


def welcome(url: str) -> str:
    """What ``cardtable serve`` tells the person who started it about who can join."""
    if is_loopback(urlsplit(url).hostname or ""):
        return (f"Open {url}/ in a browser on this computer. Only this computer can reach it: "
                f"to play with phones on your network, start it with --host 0.0.0.0.")
    return f"People on your network open {url}/ (or scan a seat's QR code in the lobby)."


__all__ = ["is_loopback", "lan_address", "reachable_url", "welcome"]
