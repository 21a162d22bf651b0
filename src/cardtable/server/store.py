"""The server's database: tables, seats and actions, one schema for SQLite and PostgreSQL.

Every write goes through one writer thread. Actions waiting to be stored when it wakes are
appended in one transaction (group commit), so a burst of moves from many tables costs one
``fsync``; each move is acknowledged only once its transaction has committed. Each append is
fenced: it updates its table's row only if this process still owns the table and the table is
at the version the move was made on, and the actions' primary key ``(table_id, version)`` makes
a duplicate version impossible even if two processes were ever to disagree.

The schema is created and upgraded by Alembic; the migration scripts ship inside the package
(``cardtable/server/migrations``).
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

metadata = sa.MetaData()
tables_t = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=True),
    sa.Column("deals", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("record", sa.Text, nullable=True),
    sa.Column("owner", sa.String(200), nullable=True),
    sa.Column("owner_url", sa.String(300), nullable=True),
    sa.Column("lease_until", sa.Float, nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("next_table", sa.String(32), nullable=True),  # "play again": the next match's id
)
seats_t = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("taken", sa.Boolean, nullable=False),
    sa.Column("away", sa.Boolean, nullable=False),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("invite_hash", sa.String(64), nullable=True),
    sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()),
)
again_t = sa.Table(
    "again", metadata,  # who said yes to "play again" at a finished table
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
classrooms_t = sa.Table(
    "classrooms", metadata,  # a class's tables, made in one go, and its teacher's key
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("tables", sa.Text, nullable=False),  # JSON: [{table, seats: [{seat, name, invite}]}]
)
actions_t = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

PLAYING, OVER, ENDED = "playing", "over", "ended"
"""A table's status: being played, its match over, or ended by the server unfinished (idle for
``--idle-hours``, or at its ``--max-actions``): kept, out of the lobby, never played again."""
WRITE = "cardtable_write"
"""Execution option of the writer's connections (SQLite: their transactions BEGIN IMMEDIATE)."""
MIGRATIONS = Path(__file__).with_name("migrations")
WAL_LIMIT = 8 * 1024 * 1024
"""SQLite: past this many bytes the write-ahead log is emptied (a TRUNCATE checkpoint) after
the writer's next commit. Passive checkpoints alone copy the log into the database but never
start it over while commits keep coming, so at a brisk pace it grew by megabytes a second."""
MIN_FREE = 1024 * 1024
"""SQLite: the least free space on the database's disk with which the server agrees to start."""


class StoreError(Exception):
    """The database refused or failed a write; the sentence is safe to show."""


class LostClaim(StoreError):
    """The table is no longer this process's (another claimed it) or moved on without us."""


def database_url(url: str | None) -> str:
    """The SQLAlchemy URL for ``--db``: the default SQLite file in the user data directory, a
    ``sqlite:///PATH`` as given, and ``postgresql://`` read through psycopg 3."""
    if not url:
        import platformdirs

        folder = Path(platformdirs.user_data_dir("cardtable", appauthor=False))
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / 'server.sqlite3'}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    if not url.startswith(("sqlite:///", "postgresql+psycopg://")):
        raise StoreError(f"--db must be sqlite:///PATH or postgresql://USER@HOST/DB, not "
                         f"{url[:80]!r}")
    return url


def check_database(url: str | None) -> None:
    """Open ``--db`` once, before serving anything, so that a mistyped address, a missing
    folder or a database that is not running is told in one sentence at the command line rather
    than as a traceback after the server has said it is serving."""
    sa_url = database_url(url)
    shown = sa.engine.make_url(url or sa_url).render_as_string(hide_password=True)
    path = sqlite_path(sa_url)
    if path is not None and not path.parent.is_dir():
        raise StoreError(f"cannot open the database {shown}: the folder {path.parent} does "
                         f"not exist")
    if path is not None:  # before opening: SQLite says only "disk I/O error" then
        free = shutil.disk_usage(path.parent).free
        if free < MIN_FREE:
            raise StoreError(f"cannot write to the database {shown}: its disk is full "
                             f"({free // 1024} KB free)")
        if os.statvfs(path.parent).f_flag & os.ST_RDONLY:
            raise StoreError(f"cannot write to the database {shown}: the file system holding "
                             f"it is read-only")
        for needed in (path, path.parent):
            if needed.exists() and not os.access(needed, os.W_OK):
                raise StoreError(f"cannot write to the database {shown}: {needed} is "
                                 f"read-only to this user")
    try:
        engine = make_engine(sa_url)
    except (sa.exc.SQLAlchemyError, ImportError) as exc:
        raise StoreError(f"cannot open the database {shown}: {_first_line(exc)}") from None
    try:
        try:
            with engine.connect() as conn:
                conn.exec_driver_sql("SELECT 1")
        except (sa.exc.SQLAlchemyError, OSError) as exc:
            raise StoreError(f"cannot open the database {shown}: {_first_line(exc)}") from None
        check_writable(engine, shown)
    finally:
        engine.dispose()


def check_writable(engine: Engine, shown: str) -> None:
    """Refuse to serve from a database that can be read but not written (a read-only file or
    disk, a PostgreSQL standby) or whose disk is full: every move would be refused, and the
    start-up itself (claiming the tables) would fail after "serving on" was printed. (A full
    disk under SQLite is told before this, from the free space.)"""
    try:
        with engine.execution_options(**{WRITE: True}).connect() as conn:
            if conn.dialect.name == "sqlite":
                # Writes the database's header again, as it is: a write that changes nothing
                # but must reach the disk.
                version = conn.exec_driver_sql("PRAGMA user_version").scalar()
                conn.exec_driver_sql(f"PRAGMA user_version={int(version or 0)}")
            elif conn.exec_driver_sql("SHOW transaction_read_only").scalar() == "on":
                raise StoreError(f"cannot write to the database {shown}: it is read-only "
                                 f"(a standby?)")
            conn.commit()
    except (sa.exc.SQLAlchemyError, OSError) as exc:
        raise StoreError(f"cannot write to the database {shown}: {_first_line(exc)}") from None


def sqlite_path(sa_url: str) -> Path | None:
    """The file of a SQLite URL (None: PostgreSQL, or SQLite in memory)."""
    if not sa_url.startswith("sqlite:///"):
        return None
    path = Path(sa_url[len("sqlite:///"):].split("?", 1)[0])
    return None if str(path) in ("", ":memory:") else path


def _first_line(exc: BaseException) -> str:
    cause = getattr(exc, "orig", None) or exc
    text = str(cause).strip()
    return text.splitlines()[0] if text else type(cause).__name__


def why_failed(exc: BaseException) -> str:
    """Why a write failed, in words a player can act on (a full disk is named as such)."""
    text = str(getattr(exc, "orig", None) or exc).lower()
    if any(m in text for m in ("disk is full", "no space left", "could not extend")):
        return "the server's disk is full"
    if "readonly" in text or "read-only" in text:
        return "the server's database is read-only"
    return f"the database failed ({type(exc).__name__})"


def make_engine(url: str) -> Engine:
    sa_url = database_url(url)
    if sa_url.startswith("sqlite"):
        engine = sa.create_engine(sa_url, connect_args={"timeout": 30, "check_same_thread": False})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi: sqlite3.Connection, _record: Any) -> None:
            # Python's sqlite3 opens transactions itself; let SQLAlchemy's BEGIN be the only one.
            dbapi.isolation_level = None
            cur = dbapi.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            # Checkpoints run on the store's checkpoint thread, not inside a move's commit.
            cur.execute("PRAGMA wal_autocheckpoint=0")
            # A log emptied by a checkpoint is cut back to this size rather than kept at its
            # largest.
            cur.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")
            cur.close()

        @sa.event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            # Writes take the write lock at BEGIN (no deadlock on upgrading it); reads begin
            # deferred, so in WAL mode they never wait for nor hold up the writer.
            write = conn.get_execution_options().get(WRITE, False)
            conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        return engine
    return sa.create_engine(sa_url, pool_size=8, max_overflow=8, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (Alembic, scripts shipped in the package)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.execution_options(**{WRITE: True}).connect() as conn:
        if conn.dialect.name == "postgresql":  # two servers starting at once migrate in turn
            conn.exec_driver_sql("SELECT pg_advisory_lock(74171)")
            conn.commit()
        try:
            config.attributes["connection"] = conn
            command.upgrade(config, "head")
            conn.commit()
        finally:
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql("SELECT pg_advisory_unlock(74171)")
                conn.commit()


@dataclass(slots=True)
class Append:
    """One action to store: it leads table ``table_id`` to ``version``."""

    table_id: str
    owner: str
    version: int
    seat: int
    action: str
    deals: str | None = None  # the deals, when this action changed them (a new round dealt)
    record: str | None = None  # the final record, when this action ended the match
    future: Future[None] = field(default_factory=Future)


_Job = Callable[[Connection], Any]
_BUMP = (sa.update(tables_t)
         .where(tables_t.c.id == sa.bindparam("b_id"), tables_t.c.owner == sa.bindparam("b_owner"),
                tables_t.c.version == sa.bindparam("b_prev"))
         .values(version=sa.bindparam("b_version")))
"""Move a table on by one version, fenced by its owner and the version before (executemany)."""


class Store:
    """The database, with one writer thread for every write."""

    def __init__(self, url: str | None) -> None:
        self.engine = make_engine(url or "")
        self._write_engine = self.engine.execution_options(**{WRITE: True})
        migrate(self.engine)
        path = sqlite_path(database_url(url or ""))
        self._wal = None if path is None else path.with_name(path.name + "-wal")
        self._truncate_after = 0.0
        self._queue: queue.Queue[tuple[Append | _Job, Future[Any]] | None] = queue.Queue()
        self._writer = threading.Thread(target=self._write_loop, name="store-writer",
                                        daemon=True)
        self._writer.start()
        self._stopping = threading.Event()
        if self.engine.dialect.name == "sqlite":
            threading.Thread(target=self._checkpoint_loop, name="store-checkpoint",
                             daemon=True).start()

    def _checkpoint_loop(self) -> None:
        """Copy SQLite's write-ahead log into the database file every second, beside the
        writer (a passive checkpoint never blocks a commit), so no move's commit pays for it."""
        while not self._stopping.wait(1.0):
            try:
                raw = self.engine.raw_connection()
                try:
                    raw.cursor().execute("PRAGMA wal_checkpoint(PASSIVE)")
                finally:
                    raw.close()
            except Exception:  # retried in a second; the log only grows meanwhile
                continue

    # ---- the writer ----------------------------------------------------------------------
    def close(self) -> None:
        self._stopping.set()
        self._queue.put(None)
        self._writer.join(timeout=10)
        self.engine.dispose()

    def append(self, item: Append) -> Future[None]:
        self._queue.put((item, item.future))
        return item.future

    def write(self, job: _Job) -> Future[Any]:
        """Run ``job(connection)`` in its own transaction on the writer thread."""
        future: Future[Any] = Future()
        self._queue.put((job, future))
        return future

    def _drain(self) -> Iterator[tuple[Append | _Job, Future[Any]]]:
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is None:
                self._queue.put(None)
                return
            yield item

    def _write_loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first, *self._drain()]
            try:
                self._commit_batch(batch)
            except Exception as exc:  # the writer never dies: every waiting caller hears
                error = StoreError(f"the move could not be stored: {why_failed(exc)}")
                for _item, future in batch:
                    _settle(future, error=error)
            self._bound_wal()

    def _bound_wal(self) -> None:
        """Empty SQLite's write-ahead log once it is larger than WAL_LIMIT: a TRUNCATE
        checkpoint copies the rest of it into the database and starts it over. On this thread,
        so that no commit waits on a lock for it (commits wait only while it runs, a few
        milliseconds: most of the log was copied by the passive checkpoints already). On a full
        disk it fails (the database cannot grow) and is tried again a second later; once there
        is space it empties the log, which gives its space back, and commits succeed again."""
        if self._wal is None or time.monotonic() < self._truncate_after:
            return
        try:
            if self._wal.stat().st_size <= WAL_LIMIT:
                return
        except OSError:
            return
        try:
            raw = self.engine.raw_connection()
            try:
                busy = raw.cursor().execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
            finally:
                raw.close()
        except Exception:  # a full disk: a second later
            self._truncate_after = time.monotonic() + 1.0
            return
        if busy:  # the passive checkpoint was running, or a reader held on: soon again
            self._truncate_after = time.monotonic() + 0.05

    def _commit_batch(self, batch: list[tuple[Append | _Job, Future[Any]]]) -> None:
        """Everything waiting, in one transaction (one ``fsync``): the appends first, then each
        other job in a savepoint of its own, so a failing job undoes only itself. Callers hear
        only after the commit."""
        now = time.time()
        appends = [(a, f) for a, f in batch if isinstance(a, Append)]
        jobs = [(j, f) for j, f in batch if not isinstance(j, Append)]
        outcomes: list[tuple[Future[Any], Any, BaseException | None]] = []
        try:
            with self._write_engine.begin() as conn:
                if appends:
                    outcomes += self._appends(conn, appends, now)
                for job, future in jobs:
                    try:
                        with conn.begin_nested():
                            result = job(conn)
                    except Exception as exc:
                        outcomes.append((future, None, exc))
                    else:
                        outcomes.append((future, result, None))
        except Exception as exc:
            error = StoreError(f"the move could not be stored: {why_failed(exc)}")
            for _item, future in batch:
                _settle(future, error=error)
            return
        for future, result, failure in outcomes:
            _settle(future, result, failure)

    def _appends(self, conn: Connection, appends: list[tuple[Append, Future[None]]],
                 now: float) -> list[tuple[Future[Any], Any, BaseException | None]]:
        """Store the actions whose tables this process owns at the version before theirs; the
        others are refused (LostClaim). A handful of statements for the whole batch: one read of
        the tables' rows (locked), one update of their versions, one insert of the actions."""
        ids = sorted({item.table_id for item, _ in appends})
        query = sa.select(tables_t.c.id, tables_t.c.owner, tables_t.c.version).where(
            tables_t.c.id.in_(ids))
        if conn.dialect.name != "sqlite":  # SQLite's BEGIN IMMEDIATE already holds the lock
            query = query.with_for_update()
        current = {r.id: (r.owner, r.version) for r in conn.execute(query)}
        outcomes: list[tuple[Future[Any], Any, BaseException | None]] = []
        plain: list[dict[str, Any]] = []
        rows: list[dict[str, Any]] = []
        for item, future in appends:
            owner, version = current.get(item.table_id, (None, None))
            if owner != item.owner or version != item.version - 1:
                outcomes.append((future, None,
                                 LostClaim("this table is now played by another server")))
                continue
            current[item.table_id] = (owner, item.version)
            if item.deals is None and item.record is None:
                plain.append({"b_id": item.table_id, "b_owner": item.owner,
                              "b_prev": item.version - 1, "b_version": item.version})
            else:
                values: dict[str, Any] = {"version": item.version, "updated": now}
                if item.deals is not None:
                    values["deals"] = item.deals
                if item.record is not None:
                    values["record"] = item.record
                    values["status"] = OVER
                moved = conn.execute(
                    sa.update(tables_t)
                    .where(tables_t.c.id == item.table_id, tables_t.c.owner == item.owner,
                           tables_t.c.version == item.version - 1)
                    .values(**values)).rowcount
                if moved != 1:
                    raise StoreError("a table changed under the writer")
            rows.append({"table_id": item.table_id, "version": item.version, "seat": item.seat,
                         "action": item.action, "at": now})
            outcomes.append((future, None, None))
        if plain:
            moved = conn.execute(_BUMP.values(updated=now), plain).rowcount
            if moved != len(plain):
                raise StoreError("a table changed under the writer")
        if rows:
            conn.execute(sa.insert(actions_t), rows)
        return outcomes

    # ---- reads (any thread) --------------------------------------------------------------
    def table_row(self, table_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).first()
            return None if row is None else dict(row._mapping)

    def classroom(self, classroom_id: str) -> dict[str, Any] | None:
        """A classroom's row (its ``tables`` still JSON text), or None."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(classrooms_t)
                               .where(classrooms_t.c.id == classroom_id)).first()
        return dict(row._mapping) if row is not None else None

    def seat_rows(self, table_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(seats_t).where(seats_t.c.table_id == table_id)
                                .order_by(seats_t.c.seat))
            return [dict(r._mapping) for r in rows]

    def actions(self, table_id: str) -> list[list[Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(actions_t.c.version, actions_t.c.seat,
                                          actions_t.c.action)
                                .where(actions_t.c.table_id == table_id)
                                .order_by(actions_t.c.version))
            out: list[list[Any]] = []
            for version, seat, action in rows:
                if version != len(out) + 1:
                    raise StoreError(f"table {table_id} is missing action {len(out) + 1}")
                out.append([seat, action])
            return out

    def lobby(self, offset: int = 0, limit: int = 50,
              ids: list[str] | None = None) -> tuple[list[dict[str, Any]], int]:
        """One page of the unfinished tables, newest first, and how many there are in all; with
        ``ids``, those of them only. Two bounded queries whatever the number of tables."""
        where = [tables_t.c.status == PLAYING]
        if ids is not None:
            where.append(tables_t.c.id.in_(ids))
        with self.engine.connect() as conn:
            total = conn.execute(sa.select(sa.func.count()).select_from(tables_t)
                                 .where(*where)).scalar_one()
            tables = conn.execute(sa.select(tables_t.c.id, tables_t.c.game, tables_t.c.players,
                                            tables_t.c.version, tables_t.c.owner_url,
                                            tables_t.c.created)
                                  .where(*where)
                                  .order_by(tables_t.c.created.desc(), tables_t.c.id)
                                  .offset(offset).limit(limit)).all()
            seats = conn.execute(sa.select(seats_t.c.table_id, seats_t.c.seat, seats_t.c.kind,
                                           seats_t.c.taken, seats_t.c.away, seats_t.c.name,
                                           seats_t.c.open)
                                 .where(seats_t.c.table_id.in_([t.id for t in tables]))
                                 ).all() if tables else []
        by_table: dict[str, list[dict[str, Any]]] = {}
        for s in seats:
            by_table.setdefault(s.table_id, []).append(
                {"seat": s.seat, "kind": s.kind, "taken": bool(s.taken) or s.kind != "human",
                 "away": bool(s.away), "chosen": s.name,
                 "open": bool(s.open) and s.kind == "human"})
        out = []
        for t in tables:
            table_seats = sorted(by_table.get(t.id, []), key=lambda s: s["seat"])
            # A free seat is one anyone may take from the lobby: its table's maker opened it.
            # A seat kept for an invited person is neither free nor taken until they come.
            free = [s["seat"] for s in table_seats if s["open"] and not s["taken"]]
            out.append({"table": t.id, "game": t.game, "players": t.players,
                        "version": t.version, "seats": table_seats, "free": free,
                        "taken": [s["seat"] for s in table_seats if s["taken"]],
                        "invited": [s["seat"] for s in table_seats
                                    if not s["taken"] and not s["open"]],
                        "server": t.owner_url})
        return out, int(total)

    def again(self, table_id: str) -> tuple[str | None, list[int]]:
        """A finished table's "play again": the next match's id (None: nobody said yes yet)
        and the seats that said yes."""
        with self.engine.connect() as conn:
            chosen = conn.execute(sa.select(tables_t.c.next_table)
                                  .where(tables_t.c.id == table_id)).scalar()
            seats = [int(r.seat) for r in conn.execute(
                sa.select(again_t.c.seat).where(again_t.c.table_id == table_id)
                .order_by(again_t.c.seat))]
        return chosen, seats

    def finished(self, limit: int = 20) -> list[dict[str, Any]]:
        """The matches finished most recently, newest first, with their seats: what the lobby
        offers to replay. One bounded query for the tables, one for their seats."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(tables_t.c.id, tables_t.c.game, tables_t.c.players,
                                          tables_t.c.version, tables_t.c.updated)
                                .where(tables_t.c.status == OVER)
                                .order_by(tables_t.c.updated.desc(), tables_t.c.id)
                                .limit(limit)).all()
            seats = conn.execute(sa.select(seats_t.c.table_id, seats_t.c.seat, seats_t.c.kind,
                                           seats_t.c.name)
                                 .where(seats_t.c.table_id.in_([r.id for r in rows]))
                                 ).all() if rows else []
        by_table: dict[str, list[dict[str, Any]]] = {}
        for s in seats:
            by_table.setdefault(s.table_id, []).append(
                {"seat": s.seat, "kind": s.kind, "chosen": s.name})
        return [{"table": r.id, "game": r.game, "players": r.players, "moves": r.version,
                 "finished": r.updated,
                 "seats": sorted(by_table.get(r.id, []), key=lambda s: s["seat"])}
                for r in rows]


def unfinished(conn: Connection) -> int:
    """How many tables are being played (the bound of ``--max-tables``)."""
    return int(conn.execute(sa.select(sa.func.count()).select_from(tables_t)
                            .where(tables_t.c.status == PLAYING)).scalar_one())


def insert_table(conn: Connection, row: dict[str, Any], seat_rows: list[dict[str, Any]],
                 most: int) -> bool:
    """Store a new table and its seats, unless ``most`` (non-zero) unfinished tables are stored
    already (``--max-tables``): counted on the writer, so no two slip past. Whether stored."""
    if most and unfinished(conn) >= most:
        return False
    conn.execute(tables_t.insert().values(**row))
    conn.execute(seats_t.insert(), seat_rows)
    return True


def insert_classroom(conn: Connection, row: dict[str, Any]) -> None:
    """Store a classroom (its tables are stored already, each by :func:`insert_table`)."""
    conn.execute(classrooms_t.insert().values(**row))


def say_again(conn: Connection, table_id: str, seat: int, next_id: str,
              token_hash: Callable[[str], str]) -> tuple[str, dict[int, str], bool]:
    """Seat ``seat`` of finished table ``table_id`` says yes to playing again: the next match's
    id is reserved (``next_id`` if none was yet: one conditional update, so two processes agree),
    the yes stored with the digest ``token_hash(id)`` of the token that will open the seat there.
    The id, every yes so far (seat: digest), and whether the next table is stored already."""
    conn.execute(sa.update(tables_t).where(tables_t.c.id == table_id,
                                           tables_t.c.next_table.is_(None))
                 .values(next_table=next_id))
    chosen = conn.execute(sa.select(tables_t.c.next_table)
                          .where(tables_t.c.id == table_id)).scalar_one()
    known = conn.execute(sa.select(again_t.c.seat).where(again_t.c.table_id == table_id,
                                                         again_t.c.seat == seat)).first()
    if known is None:
        conn.execute(sa.insert(again_t).values(table_id=table_id, seat=seat,
                                               token_hash=token_hash(chosen), at=time.time()))
    yes = {int(r.seat): str(r.token_hash) for r in conn.execute(
        sa.select(again_t.c.seat, again_t.c.token_hash).where(again_t.c.table_id == table_id))}
    made = conn.execute(sa.select(tables_t.c.id).where(tables_t.c.id == chosen)).first()
    return str(chosen), yes, made is not None


def claim_seat(conn: Connection, table_id: str, seat: int, token_hash: str) -> None:
    """A person's late yes to playing again: their seat at the next table opens with
    ``token_hash`` from now on (it stays played by the stand-in until they open it)."""
    conn.execute(seats_t.update().where(seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                                        seats_t.c.token_hash.is_(None))
                 .values(token_hash=token_hash, taken=True))


def set_seat(conn: Connection, table_id: str, seat: int, **values: Any) -> None:
    """Change one seat's row: its token's digest, whether taken or away, its chosen name."""
    conn.execute(seats_t.update().where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                 .values(**values))


def end_idle(conn: Connection, owner: str, idle: float) -> list[str]:
    """End every unfinished table without a move for ``idle`` seconds that no other live
    process holds: kept in the database, out of the lobby. The ids ended."""
    now = time.time()
    ids = [r.id for r in conn.execute(sa.select(tables_t.c.id).where(
        tables_t.c.status == PLAYING, tables_t.c.updated < now - idle,
        sa.or_(tables_t.c.owner == owner, tables_t.c.owner.is_(None),
               tables_t.c.lease_until < now)))]
    for start in range(0, len(ids), 500):
        conn.execute(sa.update(tables_t).where(tables_t.c.id.in_(ids[start:start + 500]),
                                               tables_t.c.status == PLAYING)
                     .values(status=ENDED, owner=None, lease_until=None))
    return ids


def end_table(conn: Connection, table_id: str) -> None:
    """End one unfinished table (it reached ``--max-actions``)."""
    conn.execute(sa.update(tables_t).where(tables_t.c.id == table_id,
                                           tables_t.c.status == PLAYING)
                 .values(status=ENDED, owner=None, lease_until=None))


def _settle(future: Future[Any], result: Any = None, error: BaseException | None = None) -> None:
    """Give a waiting caller its outcome; a caller that stopped waiting (a cancelled future)
    is skipped, and must never stop the writer."""
    if future.done():
        return
    try:
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
    except InvalidStateError:
        pass


def claim(conn: Connection, table_id: str, owner: str, url: str, lease: float) -> bool:
    """Take (or keep) the table for ``owner`` unless another process holds a live lease."""
    now = time.time()
    moved = conn.execute(
        sa.update(tables_t)
        .where(tables_t.c.id == table_id, tables_t.c.status == PLAYING,
               sa.or_(tables_t.c.owner == owner, tables_t.c.owner.is_(None),
                      tables_t.c.lease_until < now))
        .values(owner=owner, owner_url=url, lease_until=now + lease)
    ).rowcount
    return bool(moved == 1)


def renew(conn: Connection, owner: str, lease: float) -> int:
    """Extend every lease this process holds (the heartbeat)."""
    return int(conn.execute(
        sa.update(tables_t).where(tables_t.c.owner == owner, tables_t.c.status == PLAYING)
        .values(lease_until=time.time() + lease)
    ).rowcount)


def release(conn: Connection, owner: str) -> None:
    """Let go of every table on a clean shutdown, so another process may take them at once."""
    conn.execute(sa.update(tables_t).where(tables_t.c.owner == owner)
                 .values(owner=None, lease_until=None))


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))
