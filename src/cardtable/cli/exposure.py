"""What `cardtable serve` tells the person who started it when it listens beyond this computer.

`--host 0.0.0.0` is one flag away from the default and opens the server to every network the
computer is on: the family's Wi-Fi, but also a café's, or the internet on a rented host. The
operator should read, in the lines they already look at, which addresses now answer, what anyone
reaching them can see without a link, and what to do before facing the internet.
"""

from __future__ import annotations

import ipaddress
import socket

import psutil

from cardtable.server.addresses import WILDCARDS, is_loopback

IPV6_WILDCARDS = frozenset({"::", "[::]"})


def interface_addresses(host: str) -> list[tuple[str, str]]:
    """The (interface, address) pairs a server bound to ``host`` accepts connections on.

    An IPv4 wildcard takes every interface's IPv4 address; the IPv6 wildcard takes their IPv6
    addresses as well (Linux serves both on one socket); a named address is itself.
    """
    if host not in WILDCARDS:
        name = host.strip("[]")
        for interface, entries in psutil.net_if_addrs().items():
            if any(entry.address.split("%")[0] == name for entry in entries):
                return [(interface, name)]
        return [("", name)]
    families = {socket.AF_INET}
    if host in IPV6_WILDCARDS:
        families.add(socket.AF_INET6)
    found = []
    for interface, entries in sorted(psutil.net_if_addrs().items()):
        for entry in entries:
            if entry.family in families:
                found.append((interface, entry.address.split("%")[0]))
    return found


def exposure(host: str, port: int, addresses: list[tuple[str, str]]) -> list[str]:
    """The lines that say what a server listening on ``host`` exposes (none on loopback).

    ``addresses`` are the (interface, address) pairs it answers on, as `interface_addresses`
    gives them."""
    if host not in WILDCARDS and is_loopback(host):
        return []

    def order(pair: tuple[str, str]) -> tuple[bool, int, str]:
        address = ipaddress.ip_address(pair[1])
        return (not address.is_loopback, address.version, pair[0])

    named = ", ".join(f"{address} ({interface})" if interface else address
                      for interface, address in sorted(addresses, key=order))
    where = (f"every interface ({host or '0.0.0.0'})" if host in WILDCARDS
             else host.strip("[]"))
    return [
        f"Listening on {where}, port {port}: {named or 'no address found'}.",
        f"Anyone who can reach one of these addresses on port {port} can open the lobby and "
        f"watch any table (its spectator view) without a link.",
        "On the internet, do not open this port: keep the server on 127.0.0.1 and put a reverse "
        "proxy with HTTPS in front of it (docs/deploy.md).",
    ]


__all__ = ["exposure", "interface_addresses"]
