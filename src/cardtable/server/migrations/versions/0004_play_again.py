""""Play again": a finished table's next match, and the people who have said yes to it.

``tables.next_table`` is the id the next match of the same seats is to have (chosen when the
first person says yes); ``again`` holds each yes: the seat, and the digest of the token that
will open that seat at the next table (derived from the person's own token, never stored).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("next_table", sa.String(32), nullable=True))
    op.create_table(
        "again",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("again")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("next_table")
