"""A `cardtable serve` process with the browser client mounted, for the browser tests.

Until the server's own app mounts :func:`cardtable.server.client_api.client_routes`, this builds
the server's app with its factory and appends the client's routes, reaching the app's table
registry through its own lobby route (test scaffolding only; ``cardtable serve`` does the same
with one line in ``create_app`` once it is wired)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any


def _find_tables(app: Any) -> Callable[[], Any]:
    seen: set[int] = set()

    def walk(fn: Any) -> Callable[[], Any] | None:
        if id(fn) in seen or not callable(fn):
            return None
        seen.add(id(fn))
        if getattr(fn, "__name__", "") == "tables" and getattr(fn, "__code__", None) \
                and fn.__code__.co_argcount == 0:
            found: Callable[[], Any] = fn
            return found
        for cell in getattr(fn, "__closure__", None) or ():
            try:
                inner = cell.cell_contents
            except ValueError:
                continue
            got = walk(inner)
            if got is not None:
                return got
        return None

    for route in app.router.routes:
        got = walk(getattr(route, "endpoint", None))
        if got is not None:
            return got
    raise RuntimeError("the server's table registry was not found")


def build(args: argparse.Namespace) -> Any:
    from cardtable.server.app import ServerConfig, create_app
    from cardtable.server.client_api import client_routes

    config = ServerConfig(db=args.db, url=f"http://127.0.0.1:{args.port}",
                          node=args.node or f"web:{args.port}", rate=args.rate,
                          hint_bot=args.hint_bot)
    app = create_app(config)
    paths = {getattr(r, "path", None) for r in app.router.routes}
    if "/api/games" not in paths:
        app.router.routes.extend(client_routes(_find_tables(app)))
    return app


def main(argv: list[str]) -> int:
    import uvicorn

    p = argparse.ArgumentParser()
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--db", required=True)
    p.add_argument("--node", default=None)
    p.add_argument("--rate", type=float, default=0.0)
    # The tests play whole matches by the hint: the greedy bot's hint is instant and the same
    # every run (the search's, the server's default, is timed: tests/server checks it).
    p.add_argument("--hint-bot", default="greedy")
    args = p.parse_args(argv)
    app = build(args)
    uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=args.port,
                                  log_level="warning")).run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
