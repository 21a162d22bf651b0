"""The cardtable version, written into every game record so a record says what wrote it."""

__version__ = "0.2.0"
