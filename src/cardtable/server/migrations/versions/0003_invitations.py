"""Seats are given by invitation: the digest of each seat's one-time invitation code, whether
the table's maker opened the seat to anyone, and whether the table's seed was chosen (a chosen
deal is told to every seat; a drawn one is secret).

Tables made before this revision keep their seats' tokens (their ``?token=`` links go on
working); they have no invitations, no open seats, and their seed counts as drawn.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (no table rebuilt): on SQLite the seats' and actions' foreign keys to
    # ``tables`` forbid dropping it, and a column with a default needs no rebuild anyway.
    op.add_column("seats", sa.Column("invite_hash", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("open", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.add_column("tables", sa.Column("seed_chosen", sa.Boolean, nullable=False,
                                      server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("open")
        batch.drop_column("invite_hash")
    op.drop_column("tables", "seed_chosen")
