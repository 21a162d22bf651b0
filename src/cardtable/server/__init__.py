"""The multiplayer server: ``cardtable serve`` (see docs/server.md)."""
