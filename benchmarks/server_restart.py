"""How long `cardtable serve` takes to come up with many unfinished tables stored.

    .venv/bin/python benchmarks/server_restart.py --tables 2000 --moves 30 [--db URL]

Writes N unfinished Daylily tables (two people, the same deal and the same first moves each, as
if left mid-match) straight into a fresh SQLite file (or the --db given), then starts the
server on it and reports the seconds until `/api/health` answers, and how many tables it holds
in memory then. The server run is whatever `cardtable` is on PYTHONPATH, so the same script
measures an older checkout against this one.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "server"))

import httpx
from server_kit import Server

from cardtable.engine.game import load_game
from cardtable.server import auth
from cardtable.server.store import PLAYING, Store, actions_t, dumps, seats_t, tables_t


def fill(db: str, tables: int, moves: int) -> None:
    game = load_game("daylily", 2)
    state = game.new_state(7)
    played: list[tuple[int, str]] = []
    rng = random.Random(7)
    while len(played) < moves and not state.is_over:
        seat = state.actors[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        played.append((seat, str(action)))
    store = Store(db)
    now = time.time()
    settings = dumps({"think": 0.8, "window": 20.0, "turn": None, "stand_in": "greedy"})
    try:
        with store.engine.begin() as conn:
            for start in range(0, tables, 500):
                rows, seats, actions = [], [], []
                for _ in range(start, min(tables, start + 500)):
                    tid = auth.new_table_id()
                    rows.append({"id": tid, "game": "daylily", "players": 2,
                                 "options": dumps(game.options), "settings": settings,
                                 "seed": 7, "deals": dumps(state.deals), "version": len(played),
                                 "status": PLAYING, "record": None, "owner": None,
                                 "owner_url": None, "lease_until": None, "created": now,
                                 "updated": now})
                    seats += [{"table_id": tid, "seat": n, "kind": "human",
                               "token_hash": auth.token_hash(auth.new_token()), "taken": True,
                               "away": False, "name": None} for n in range(2)]
                    actions += [{"table_id": tid, "version": v + 1, "seat": seat,
                                 "action": text, "at": now}
                                for v, (seat, text) in enumerate(played)]
                conn.execute(tables_t.insert(), rows)
                conn.execute(seats_t.insert(), seats)
                conn.execute(actions_t.insert(), actions)
    finally:
        store.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=2000)
    p.add_argument("--moves", type=int, default=30)
    p.add_argument("--db", default=None)
    args = p.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="cardtable-restart-"))
    db = args.db or f"sqlite:///{folder / 'server.sqlite3'}"
    fill(db, args.tables, args.moves)
    srv = Server(db, log=folder / "server.log")
    began = time.monotonic()
    srv.start(timeout=600)
    up = time.monotonic() - began
    try:
        health = httpx.get(srv.url + "/api/health", timeout=30).json()
    finally:
        srv.stop()
    print(json.dumps({"tables_stored": args.tables, "moves_each": args.moves,
                      "seconds_to_serve": round(up, 2), "tables_in_memory": health["tables"]}))


if __name__ == "__main__":
    main()
