"""``cardtable serve``: the multiplayer server (HTTP and WebSocket, see docs/server.md)."""

from __future__ import annotations

import argparse
import errno
import math
import socket
import sys
from typing import Any

from cardtable.engine.errors import OptionError


def add_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="run the multiplayer server (HTTP API and WebSocket)",
                       description="Serve tables to people and bots over HTTP and WebSocket. "
                                   "Tables live in a database: a SQLite file in your user data "
                                   "directory unless --db names another.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--db", default=None,
                   help="database URL: sqlite:///PATH or postgresql://USER@HOST/DB")
    p.add_argument("--url", default=None,
                   help="the address clients reach this process at, http(s)://HOST[:PORT] "
                        "with no path (default http://HOST:PORT; "
                        "with --host 0.0.0.0, this computer's address on the local network)")
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="another host name this server answers to (repeatable; '*' for any). "
                        "It always answers to --url's host and --host's, 127.0.0.1/localhost/"
                        "[::1] on a loopback or every-interface --host, and with --host 0.0.0.0 "
                        "to any IP address and this computer's name; any other name a request "
                        "gives in its Host header is refused (DNS rebinding)")
    p.add_argument("--node", default=None,
                   help="this process's name in table claims (default HOSTNAME:PORT)")
    p.add_argument("--rate", type=float, default=20.0,
                   help="requests a second allowed per client: its address, or the seat its "
                        "token opens (0: no per-client limits at all)")
    p.add_argument("--burst", type=float, default=200.0,
                   help="requests allowed at once per client, 1 or more (default 200)")
    p.add_argument("--trusted-proxy", action="append", default=[], metavar="CIDR",
                   help="a reverse proxy whose X-Forwarded-For / Forwarded header names the "
                        "client (an address or network; repeatable; default none: the "
                        "client is the socket's peer)")
    p.add_argument("--connections-per-client", type=int, default=64, metavar="N",
                   help="WebSockets one client address may hold open at once (default 64)")
    p.add_argument("--tables-per-client", type=int, default=20, metavar="N",
                   help="unfinished tables one client address may have opened here (default "
                        "20; 0: no limit)")
    p.add_argument("--max-tables", type=int, default=10_000, metavar="N",
                   help="unfinished tables in all (default 10000; 0: no limit)")
    p.add_argument("--max-actions", type=int, default=20_000, metavar="N",
                   help="moves one table may make; a match that reaches it is ended "
                        "unfinished (default 20000; 0: no limit)")
    p.add_argument("--idle-hours", type=float, default=48.0, metavar="HOURS",
                   help="a table with no move for this long is ended: kept in the database, "
                        "out of the lobby and of memory (default 48; 0: never)")
    p.add_argument("--body-timeout", type=float, default=10.0, metavar="SECONDS",
                   help="a request whose body has not arrived within this time gets 408 "
                        "(default 10)")
    p.add_argument("--bot-workers", type=int, default=None,
                   help="processes the bots think in (default: cores - 1; 0: threads of this "
                        "process)")
    p.add_argument("--hint-bot", default=None, metavar="BOT",
                   help="the bot behind the hint button (default ismcts:time=0.8, the search "
                        "answered within a second; any bot name simulate knows, within "
                        "--bot-time and --bot-iters)")
    p.add_argument("--bot-time", type=float, default=None, metavar="SECONDS",
                   help="the longest a search may think for one decision, for seats' bots, "
                        "stand-ins and hints alike (default 1; people choose bots by name "
                        "only, never how long they think)")
    p.add_argument("--bot-iters", type=int, default=None, metavar="N",
                   help="the most deals a search may play out for one decision (default 5000)")
    p.add_argument("--classroom", default=None, metavar="NAMES",
                   help="make a class's tables as the server starts: NAMES is a text file with "
                        "one child's name a line ('-': read them from standard input); the "
                        "children sit in tables of --per-table, gentle bots in the seats left "
                        "over, with the game's classroom settings; prints the teacher's secret "
                        "link (every table live, no hand shown) and writes the sheet of QR "
                        "codes with the children's names (--sheet)")
    p.add_argument("--per-table", type=int, default=3, metavar="N",
                   help="children at a table with --classroom: 2, 3 or 4 (default 3)")
    p.add_argument("--classroom-game", default=None, metavar="GAME",
                   help="the game a --classroom plays (default: the one game with a "
                        "classroom mode)")
    p.add_argument("--sheet", default=None, metavar="FILE",
                   help="where --classroom writes the sheet of QR codes to print (default "
                        "classroom-ID.html in the current folder)")
    p.set_defaults(run=run)


def classroom_start(args: argparse.Namespace) -> Any:
    """What ``--classroom`` does once the server has its tables: make the class's tables,
    write the sheet to print and say where the teacher's page is. The names are read and
    checked now, before anything is served, so a mistake is one sentence at the prompt."""
    from pathlib import Path
    from urllib.parse import urlsplit

    from cardtable.server.classroom import classroom_games, make_classroom, read_names, sheet_html
    from cardtable.server.refusals import Refused

    try:
        text = sys.stdin.read() if args.classroom == "-" else Path(args.classroom).read_text(
            encoding="utf-8")
    except OSError as exc:
        raise OptionError(f"--classroom: cannot read {args.classroom}: {exc.strerror}") from None
    offered = classroom_games()
    game = args.classroom_game or (offered[0] if len(offered) == 1 else None)
    try:
        read_names(text)
        if game is None or game not in offered:
            raise Refused(422, f"--classroom-game must be one of {', '.join(offered)}")
        if not 2 <= args.per_table <= 4:
            raise Refused(422, "--per-table must be 2, 3 or 4 children a table")
    except Refused as exc:
        raise OptionError(f"--classroom: {exc.message}") from None
    body = {"game": game, "names": text, "per_table": args.per_table}

    async def start(tables: Any) -> None:
        made = await make_classroom(tables, body)
        sheet = Path(args.sheet or f"classroom-{made['classroom']}.html")
        sheet.write_text(sheet_html(made, "Your table"), encoding="utf-8")
        children = sum(len(t["seats"]) for t in made["tables"])
        print(f"Classroom made: {children} children at {len(made['tables'])} tables.\n"
              f"The sheet of QR codes to print (each child scans their own): {sheet.resolve()}\n"
              f"The teacher's page, every table live (keep this link to yourself: it is "
              f"the key): {made['teacher']}", flush=True)
        host = urlsplit(made["teacher"]).hostname or ""
        if host in ("localhost", "::1") or host.startswith("127."):
            print("The sheet's codes name this computer only (127.0.0.1): no tablet can open "
                  "them. Start the server with --host 0.0.0.0 (or --url) for a class.",
                  flush=True)

    return start


def check_bot_name(name: str, limits: Any = None) -> None:
    """Refuse a hint bot that no game knows, or one that would think longer than the bot
    limits allow, before serving anything."""
    from cardtable.bots import make_bot
    from cardtable.engine.game import game_names, load_game

    problems = []
    for game_name in game_names():
        try:
            game = load_game(game_name)
            make_bot(name, game, 0)
            over = limits.over(name, game) if limits is not None else None
            if over is not None:
                problems.append(over)
        except OptionError as exc:
            problems.append(str(exc))
    if problems:
        raise OptionError(f"--hint-bot: {problems[0]}")


def bot_limits(args: argparse.Namespace) -> Any:
    """The operator's bounds on bots' thinking (``--bot-time``, ``--bot-iters``)."""
    from cardtable.server.thinkers import BOT_ITERS, BOT_TIME, BotLimits

    seconds = BOT_TIME if args.bot_time is None else args.bot_time
    if not 0.01 <= seconds <= 600:  # also refuses nan
        raise OptionError(f"--bot-time must be from 0.01 to 600 seconds, not {seconds:g}")
    iters = BOT_ITERS if args.bot_iters is None else args.bot_iters
    if not 1 <= iters <= 10_000_000:
        raise OptionError(f"--bot-iters must be from 1 to 10000000, not {iters}")
    return BotLimits(float(seconds), iters)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from cardtable.cli.exposure import exposure, interface_addresses
        from cardtable.server.addresses import reachable_url, welcome
        from cardtable.server.app import MAX_BODY, ServerConfig, create_app
        from cardtable.server.limits import TableLimits, parse_networks
        from cardtable.server.origin import check_allowed_host, check_url
        from cardtable.server.store import StoreError, check_database
        from cardtable.server.thinkers import HINT_BOT
    except ImportError as exc:  # pragma: no cover - the server extra is missing
        raise OptionError(f"the server needs its packages: pip install 'cardtable[server]' "
                          f"({exc.name} is missing)") from None
    if not 0 < args.port < 65536:
        raise OptionError(f"--port must be from 1 to 65535, not {args.port}")
    # Before anything is opened or bound: a rate below 0 would quietly turn the limits off
    # and a burst below one request would refuse nearly everything once the server is up.
    if not 0 <= args.rate < math.inf:  # also refuses nan
        raise OptionError(f"--rate must be 0 (no per-client limits) or more requests a second, "
                          f"not {args.rate:g}")
    if not 1 <= args.burst < math.inf:
        raise OptionError(f"--burst must be 1 or more requests a client may make at once, "
                          f"not {args.burst:g}")
    try:
        url = check_url(args.url) if args.url is not None else reachable_url(args.host, args.port)
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    node = args.node or f"{socket.gethostname()}:{args.port}"
    if args.bot_workers is not None and args.bot_workers < 0:
        raise OptionError(f"--bot-workers must be 0 or more, not {args.bot_workers}")
    hint_bot = HINT_BOT if args.hint_bot is None else args.hint_bot
    limits = bot_limits(args)
    check_bot_name(hint_bot, limits)
    try:
        allowed_hosts = tuple(check_allowed_host(name) for name in args.allowed_host)
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    try:
        check_database(args.db)
    except StoreError as exc:
        raise OptionError(str(exc)) from None
    try:
        parse_networks(args.trusted_proxy)
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    if args.connections_per_client < 0:
        raise OptionError("--connections-per-client must be 0 (no limit) or more")
    for flag in ("tables_per_client", "max_tables", "max_actions"):
        if getattr(args, flag) < 0:
            raise OptionError(f"--{flag.replace('_', '-')} must be 0 (no limit) or more")
    if not 0 <= args.idle_hours <= 24 * 3650:
        raise OptionError("--idle-hours must be 0 (never) or a number of hours")
    if not 0 < args.body_timeout <= 3600:
        raise OptionError("--body-timeout must be a number of seconds above 0, at most 3600")
    on_start = classroom_start(args) if args.classroom else None
    sock = listening_socket(args.host, args.port)
    config = ServerConfig(db=args.db, url=url.rstrip("/"), node=node, rate=args.rate,
                          on_start=on_start,
                          burst=args.burst, bot_workers=args.bot_workers, hint_bot=hint_bot,
                          connections=args.connections_per_client,
                          trusted_proxies=tuple(args.trusted_proxy),
                          body_timeout=args.body_timeout,
                          bot_time=limits.time, bot_iters=limits.iters,
                          host=args.host, allowed_hosts=allowed_hosts,
                          tables=TableLimits(
                              args.tables_per_client if args.rate > 0 else 0,
                              args.max_tables, args.max_actions, args.idle_hours * 3600))
    app = create_app(config)
    # The store's writer thread waits on the disk and hands acknowledgements back to the event
    # loop; a short switch interval keeps it from queueing 5 ms for the GIL at every step.
    sys.setswitchinterval(0.001)
    server = uvicorn.Server(uvicorn.Config(
        app, host=args.host, port=args.port, log_level="warning", ws_max_size=MAX_BODY,
        ws_per_message_deflate=False,
        # The client's address is the limits' business (cardtable.server.limits, which believes
        # a forwarded address only from a --trusted-proxy), not uvicorn's, which by default
        # takes X-Forwarded-For from anyone on 127.0.0.1.
        proxy_headers=False,
        timeout_graceful_shutdown=5, server_header=False))
    said = [f"cardtable serving on {url} (node {node})", welcome(url.rstrip("/")),
            *exposure(args.host, args.port, interface_addresses(args.host))]
    print("\n".join(said), flush=True)
    server.run(sockets=[sock])
    return 0


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is printed: a port another program holds is
    told in one sentence, not after "serving on"."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except socket.gaierror:
        raise OptionError(f"--host: {host!r} is not an address of this computer") from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise OptionError(f"port {port} on {host} is in use (another cardtable serve, or "
                              f"another program?): choose another with --port") from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise OptionError(f"--host: {host!r} is not an address of this computer") from None
        if exc.errno == errno.EACCES:
            raise OptionError(f"port {port} needs administrator rights here: choose one above "
                              f"1023 with --port") from None
        raise OptionError(f"cannot listen on {host} port {port}: {exc.strerror}") from None
    sock.set_inheritable(True)
    return sock
