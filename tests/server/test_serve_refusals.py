"""`cardtable serve` started wrongly (a port in use, a mistyped database address, a folder that
is not there, a database that is not running) says so in one sentence and exits, before it
claims to be serving: a person reading "serving on ..." and then a traceback would not know
whether their tables were safe."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from server_kit import SERVE, Server, fill, free_port, open_table, small_disk


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", SERVE, "serve", *args], capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize(("db", "sentence"), [
    ("mysql://me@localhost/cards", "--db must be sqlite:///PATH or postgresql://"),
    ("sqlite:////no/such/folder/tables.db", "the folder /no/such/folder does not exist"),
    ("postgresql://me:secret@127.0.0.1:PORT/cards", "connection failed"),  # nobody listens
])
def test_a_database_that_cannot_be_opened_is_named_in_one_sentence(db: str,
                                                                   sentence: str) -> None:
    done = serve("--port", str(free_port()), "--db", db.replace("PORT", str(free_port())))
    assert done.returncode == 2
    assert "serving on" not in done.stdout
    assert done.stderr.startswith("cardtable: cannot open the database" if "folder" in sentence
                                  or "connection" in sentence else "cardtable: --db")
    assert sentence in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert "secret" not in done.stderr  # the password is not shown


def test_a_port_in_use_or_an_unknown_host_is_named_in_one_sentence(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--port", str(port), "--db", db)
    assert done.returncode == 2 and "serving on" not in done.stdout
    assert done.stderr == (f"cardtable: port {port} on 127.0.0.1 is in use (another cardtable "
                           f"serve, or another program?): choose another with --port\n")
    done = serve("--host", "no-such-host.invalid", "--port", str(free_port()), "--db", db)
    assert done.returncode == 2
    assert done.stderr == ("cardtable: --host: 'no-such-host.invalid' is not an address of "
                           "this computer\n")
    done = serve("--host", "192.0.2.77", "--port", str(free_port()), "--db", db)  # not ours
    assert done.returncode == 2
    assert done.stderr == "cardtable: --host: '192.0.2.77' is not an address of this computer\n"


def test_a_full_disk_or_a_read_only_database_is_refused_in_one_sentence(tmp_path: Path) -> None:
    """Restarted on a disk that filled up, or on a database that can no longer be written,
    the server would claim to serve and then fail on its first write (the claims of its
    tables): it says why and does not start."""
    with small_disk(tmp_path / "disk", "8m") as disk:
        db = f"sqlite:///{disk / 'tables.db'}"
        srv = Server(db).start()  # a database with a table in it, as after a day's play
        open_table(srv, game="daylily", players=2, seats=["human", "human"])
        srv.stop()
        filler = fill(disk)
        done = serve("--port", str(free_port()), "--db", db)
        assert done.returncode == 2 and "serving on" not in done.stdout, done.stderr[-2000:]
        assert done.stderr.startswith(f"cardtable: cannot write to the database {db}: its "
                                      f"disk is full"), done.stderr
        assert done.stderr.count("\n") == 1, done.stderr
        filler.unlink()
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        done = serve("--port", str(free_port()), "--db", db)
        assert done.returncode == 2 and "serving on" not in done.stdout, done.stderr[-2000:]
        assert done.stderr.startswith(f"cardtable: cannot write to the database {db}: "), \
            done.stderr
        assert "readonly" in done.stderr or "read-only" in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1, done.stderr
