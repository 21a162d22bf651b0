"""The OpenAPI description served at ``/openapi.json`` (the shapes docs/server.md explains)."""

from __future__ import annotations

from typing import Any

_ERROR = {"type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}
_ERR = {"description": "refused, with one sentence",
        "content": {"application/json": {"schema": _ERROR}}}
_BEARER: list[dict[str, list[str]]] = [{"seat": []}]
_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}


def _ok(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_TABLE_VIEW: dict[str, Any] = {
    "type": "object",
    "properties": {
        "version": {"type": "integer"}, "seat": {"type": ["integer", "null"]},
        "actors": {"type": "array", "items": {"type": "integer"}},
        "legal": {"type": "array", "items": {"type": "string"}},
        "window": {"type": "boolean"},
        "view": {"type": "object"}, "events": {"type": "array", "items": {"type": "object"}},
        "over": {"type": "boolean"}, "scores": {"type": "array", "items": {"type": "integer"}},
        "chosen_seed": {"type": ["integer", "null"],
                        "description": "the seed, when whoever made the table chose it; null "
                                       "when the server drew it (secret)"},
    },
    "required": ["version", "seat", "actors", "legal", "window", "view", "events", "over",
                 "chosen_seed"],
}

_UPDATE = {
    "type": "object",
    "description": "WS /ws/tables/{table_id}: after every move, one message per connection "
                   "with everything its seat draws: the seat's state (as GET "
                   "/api/tables/{table_id}) and the page's fields (as GET "
                   "/api/tables/{table_id}/client), events and log lines since the version the "
                   "connection was last sent",
    "properties": {
        "type": {"const": "update"},
        **_TABLE_VIEW["properties"],
        "table": {"type": "string"},
        "winners": {"type": "array", "items": {"type": "integer"}},
        "game": {"type": "object"},
        "seats": {"type": "array", "items": {"type": "object"}},
        "names": {"type": "array", "items": {"type": "string"}},
        "log": {"type": "array", "items": {"type": "object", "properties": {
            "version": {"type": "integer"}, "kind": {"type": "string"},
            "seat": {"type": ["integer", "null"]}, "text": {"type": "string"}}}},
        "timer": {"type": ["object", "null"], "properties": {
            "kind": {"enum": ["window", "turn"]}, "seconds": {"type": "number"},
            "limit": {"type": "number"}}},
        "settings": {"type": "object"},
    },
    "required": ["type", *_TABLE_VIEW["required"], "seats", "names", "log"],
}
_SOCKET_MESSAGES = {
    "update": _UPDATE,
    "ack": {"type": "object", "description": "your move sent on this socket is stored",
            "properties": {"type": {"const": "ack"}, "version": {"type": "integer"}}},
    "error": {"type": "object",
              "description": "refused: the status and sentence the HTTP route gives",
              "properties": {"type": {"const": "error"}, "status": {"type": "integer"},
                             "error": {"type": "string"}, "version": {"type": "integer"}}},
    "seats": {"type": "object",
              "description": "the seats changed (a name, a person's page opened or closed)",
              "properties": {"type": {"const": "seats"}, "version": {"type": "integer"},
                             "seats": {"type": "array", "items": {"type": "object"}},
                             "names": {"type": "array", "items": {"type": "string"}}}},
}

OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "cardtable server", "version": "1", "description": (
        "Every route: 421 for a Host the server is not known by. Every POST and WebSocket: 403 "
        "for an Origin that is not one of the server's pages; a POST without Origin must send "
        "Content-Type: application/json (415), unless its body is empty.")},
    "components": {"securitySchemes": {"seat": {"type": "http", "scheme": "bearer"}},
                   # The WebSocket's messages, which OpenAPI has no paths for (docs/server.md).
                   "schemas": {f"socket_{name}": schema
                               for name, schema in _SOCKET_MESSAGES.items()}},
    "paths": {
        "/api/tables": {
            "post": {
                "summary": "Open a table",
                "requestBody": {"content": {"application/json": {"schema": {
                    "type": "object", "required": ["game", "players"],
                    "properties": {
                        "game": {"type": "string"}, "players": {"type": "integer"},
                        "seats": {"type": "array", "items": {"oneOf": [
                            {"type": "string", "description": "'human' or a bot's name as GET "
                                                               "/api/games lists it (no "
                                                               "parameters)"},
                            {"type": "object", "properties": {
                                "kind": {"type": "string"},
                                "name": {"type": ["string", "null"], "maxLength": 20,
                                         "description": "a person's seat only"},
                                "open": {"type": "boolean",
                                         "description": "anyone may take the seat from the "
                                                        "lobby (a person's seat only)"}}}]}},
                        "options": {"type": "object"}, "seed": {"type": "integer"},
                        "table": {"type": "object", "properties": {
                            "think": {"type": "number"}, "window": {"type": "number"},
                            "turn": {"type": ["number", "null"]},
                            "stand_in": {"type": "string",
                                         "description": "a bot's name from GET /api/games"}}}}}}}},
                "responses": {"201": _ok("the table, an invitation and its link per person's "
                                         "seat (no seat's token: each is made when its "
                                         "invitation is first opened)", {
                    "type": "object", "properties": {
                        "table": {"type": "string"},
                        "spectate": {"type": "string",
                                     "description": "a spectator's state, for programs"},
                        "watch": {"type": "string",
                                  "description": "the table's page in a browser, to watch"},
                        "websocket": {"type": "string"},
                        "chosen_seed": {"type": ["integer", "null"]},
                        "seats": {"type": "array", "items": {"type": "object", "properties": {
                            "seat": {"type": "integer"}, "kind": {"type": "string"},
                            "title": {"type": "string"}, "name": {"type": "string"},
                            "invite": {"type": ["string", "null"],
                                       "description": "the seat's one-time invitation code"},
                            "open": {"type": "boolean"},
                            "url": {"type": ["string", "null"],
                                    "description": "for programs: POST {\"invite\": CODE} "
                                                   "here for the seat's token"},
                            "link": {"type": ["string", "null"],
                                     "description": "the table's page with the invitation: "
                                                    "what to send the person"}},
                            "required": ["seat", "kind", "title", "name", "invite", "url",
                                         "link"]}}},
                    "required": ["table", "seats", "spectate", "watch", "websocket",
                                 "chosen_seed"]}),
                    "422": _ERR},
            },
            "get": {"summary": "The lobby: open tables with their seats free and taken, newest "
                               "first, 50 a page",
                    "parameters": [
                        {"name": "page", "in": "query", "required": False,
                         "schema": {"type": "integer", "minimum": 1, "default": 1}},
                        {"name": "ids", "in": "query", "required": False,
                         "description": "comma-separated table ids: only those (at most 50)",
                         "schema": {"type": "string"}}],
                    "responses": {"200": _ok("one page of the lobby", {
                        "type": "object", "properties": {
                            "tables": {"type": "array", "items": {"type": "object"}},
                            "games": {"type": "array", "items": {"type": "string"}},
                            "page": {"type": "integer"}, "pages": {"type": "integer"},
                            "per_page": {"type": "integer"}, "total": {"type": "integer"},
                            "next": {"type": ["string", "null"]}},
                        "required": ["tables", "games", "page", "pages", "per_page", "total",
                                     "next"]}),
                        "400": _ERR}},
        },
        "/api/tables/{table_id}": {"get": {
            "summary": "What the token's seat (or, without one, a spectator) may know",
            "parameters": [_ID, {"name": "since", "in": "query", "schema": {"type": "integer"}}],
            "security": [*_BEARER, {}],
            "responses": {"200": _ok("the seat's state", _TABLE_VIEW), "401": _ERR, "404": _ERR,
                          "307": _ERR}}},
        "/api/tables/{table_id}/actions": {"post": {
            "summary": "Make a move; acknowledged once stored",
            "parameters": [_ID], "security": _BEARER,
            "description": "The move in the game's notation (`action`), or as a person typed it "
                           "by the game's keys (`typed`, read as the terminal reads its command "
                           "line; refused with 422, naming them, when several moves answer it)",
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "required": ["version"],
                "properties": {"action": {"type": "string"},
                               "typed": {"type": "string", "maxLength": 200},
                               "version": {"type": "integer"}}}}}},
            "responses": {"200": _ok("stored", {"type": "object", "properties": {
                "version": {"type": "integer"}}}),
                "401": _ERR, "409": _ERR, "422": _ERR}}},
        "/api/tables/{table_id}/leave": {"post": {
            "summary": "Leave the seat to the stand-in bot until the same link is used again",
            "parameters": [_ID], "security": _BEARER,
            "responses": {"200": _ok("left", {"type": "object"}), "401": _ERR}}},
        "/api/tables/{table_id}/stand-in": {"post": {
            "summary": "Another person lets the stand-in bot play a seat nobody is at, until "
                       "its link is used again",
            "parameters": [_ID], "security": _BEARER,
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "required": ["seat"],
                "properties": {"seat": {"type": "integer", "minimum": 0}}}}}},
            "responses": {"200": _ok("handed over", {"type": "object"}), "401": _ERR,
                          "409": _ERR, "422": _ERR}}},
        "/api/tables/{table_id}/name": {"post": {
            "summary": "The seat's person chooses the name everyone sees (empty: 'Player N')",
            "parameters": [_ID], "security": _BEARER,
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "required": ["name"],
                "properties": {"name": {"type": ["string", "null"], "maxLength": 20}}}}}},
            "responses": {"200": _ok("named", {"type": "object", "properties": {
                "seat": {"type": "integer"}, "name": {"type": "string"},
                "chosen": {"type": ["string", "null"]}}}),
                "401": _ERR, "422": _ERR}}},
        "/api/tables/{table_id}/seat": {"post": {
            "summary": "Exchange a seat's invitation for the seat's own token (once: the "
                       "invitation then stops working)",
            "parameters": [_ID],
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "required": ["invite"],
                "properties": {"invite": {"type": "string"}}}}}},
            "responses": {"200": _ok("seated", {"type": "object", "properties": {
                "table": {"type": "string"}, "seat": {"type": "integer"},
                "token": {"type": "string"}, "name": {"type": "string"},
                "link": {"type": "string"}},
                "required": ["table", "seat", "token", "link"]}),
                "403": _ERR, "410": _ERR, "422": _ERR}}},
        "/api/tables/{table_id}/join": {"post": {
            "summary": "Take a seat the table's maker opened to anyone",
            "parameters": [_ID],
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "required": ["seat"],
                "properties": {"seat": {"type": "integer", "minimum": 0}}}}}},
            "responses": {"200": _ok("seated", {"type": "object", "properties": {
                "table": {"type": "string"}, "seat": {"type": "integer"},
                "token": {"type": "string"}}}),
                "403": _ERR, "409": _ERR, "422": _ERR}}},
        "/api/tables/{table_id}/record": {"get": {
            "summary": "Once the match is over: with a seat's token the record (format 2); "
                       "without, what a spectator saw (format 'spectator')",
            "parameters": [_ID], "security": [*_BEARER, {}],
            "responses": {"200": _ok("the record", {"type": "object"}), "401": _ERR,
                          "403": _ERR, "404": _ERR}}},
        "/api/server": {"get": {
            "summary": "The address seat links should name (--url; with --host 0.0.0.0 this "
                       "computer's address on the local network)",
            "responses": {"200": _ok("the server", {"type": "object", "properties": {
                "url": {"type": "string"}}})}}},
        "/api/classrooms": {"post": {
            "summary": "A class's tables made in one go: the children's names in tables of "
                       "per_table (2-4), each a named seat with its own invitation, the game's "
                       "classroom bot in the seats left over; the answer holds the teacher's "
                       "key, given once",
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "required": ["names"],
                "properties": {"game": {"type": "string"},
                               "names": {"type": ["array", "string"],
                                         "items": {"type": "string"}},
                               "per_table": {"type": "integer", "minimum": 2, "maximum": 4},
                               "options": {"type": "object"}}}}}},
            "responses": {"201": _ok("made", {"type": "object", "properties": {
                "classroom": {"type": "string"}, "key": {"type": "string"},
                "teacher": {"type": "string"}, "tables": {"type": "array"}},
                "required": ["classroom", "key", "teacher", "tables"]}),
                "422": _ERR, "429": _ERR}}},
        "/api/classrooms/{classroom_id}": {"get": {
            "summary": "The teacher's view (the key as a bearer token, never in the address): "
                       "every table as a spectator sees it, whose turn, who is stuck, and the "
                       "sheet's invitation links; 404 without the key",
            "parameters": [{"name": "classroom_id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "security": _BEARER,
            "responses": {"200": _ok("the class", {"type": "object", "properties": {
                "tables": {"type": "array"}, "sheet": {"type": "array"}}}),
                "404": _ERR}}},
        "/api/qr": {"get": {
            "summary": "A table link drawn as a QR code (SVG), for a phone to scan",
            "parameters": [{"name": "text", "in": "query", "required": True,
                            "schema": {"type": "string", "maxLength": 500}}],
            "responses": {"200": {"description": "the QR code",
                                  "content": {"image/svg+xml": {}}},
                          "400": _ERR}}},
    },
}
