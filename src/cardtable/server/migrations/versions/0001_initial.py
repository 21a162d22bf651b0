"""The first schema: tables, their seats and their actions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
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
    )
    op.create_index("tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("taken", sa.Boolean, nullable=False),
        sa.Column("away", sa.Boolean, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("tables_status", "tables")
    op.drop_table("tables")
