"""Classrooms: the tables a teacher made for a class in one go, and the teacher's key.

``classrooms`` holds a class's id, the digest of the teacher's token (the key of the teacher's
page; the token itself is never stored), the game, when it was made, and its tables as JSON:
each table's id and its seats' children's names with their one-time invitations, so the sheet
of QR codes can be printed again (only with the teacher's token; an invitation opens its seat
once and then nothing).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classrooms",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("tables", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("classrooms")
