"""A database made by an older cardtable keeps its tables when a newer server opens it: the
schema is upgraded in place (Alembic), on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from cardtable.server.store import MIGRATIONS, WRITE, Store, make_engine


def test_a_table_stored_before_seats_had_names_keeps_its_seats(db: str) -> None:
    engine = make_engine(db)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.execution_options(**{WRITE: True}).connect() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")  # the schema of the first server
        conn.commit()
        conn.execute(sa.text(
            "INSERT INTO tables (id, game, players, options, settings, seed, deals, version, "
            "status, created, updated) VALUES ('old', 'daylily', 2, '{}', '{}', 1, '[]', 0, "
            "'playing', 0, 0)"))
        conn.execute(sa.text(
            "INSERT INTO seats (table_id, seat, kind, token_hash, taken, away) VALUES "
            "('old', 0, 'human', 'abc', true, false), ('old', 1, 'greedy', NULL, true, false)"))
        conn.commit()
    engine.dispose()
    store = Store(db)  # upgrades to the newest schema
    try:
        rows = store.seat_rows("old")
        assert [(r["kind"], r["token_hash"], r["name"]) for r in rows] == [
            ("human", "abc", None), ("greedy", None, None)]
        assert [s["chosen"] for s in store.lobby()[0][0]["seats"]] == [None, None]
    finally:
        store.close()
