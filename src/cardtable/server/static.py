"""The browser client as static files shipped in the package (``cardtable/web``): the page at
``/``, at ``/t/{table}`` (an invitation link or a spectator's), ``/watch/{table}`` (a
spectator's link) and ``/replay/{table}`` (a finished match), its modules under ``/web/``.
Nothing is built at run time and nothing is fetched from elsewhere."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

# The page may load only what this server serves: no CDN, no third-party request. A word the
# server speaks is fetched with the seat's token in a header and played from a blob: URL.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "media-src 'self' blob:; connect-src 'self'; font-src 'self'; object-src 'none'; "
       "base-uri 'none'; frame-ancestors 'none'")


def web_dir() -> Path:
    return Path(str(resources.files("cardtable").joinpath("web")))


class WebFiles(StaticFiles):
    """Static files with the page's security policy; modules are revalidated, not cached
    blindly, so an upgraded server never runs an old client."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers["cache-control"] = "no-cache"
        response.headers["x-content-type-options"] = "nosniff"
        return response


def static_routes() -> list[BaseRoute]:
    index = web_dir() / "index.html"

    async def page(request: Request) -> Response:
        return FileResponse(index, headers={
            "cache-control": "no-cache", "content-security-policy": CSP,
            "x-content-type-options": "nosniff", "referrer-policy": "no-referrer"})

    return [
        Route("/", page, methods=["GET", "HEAD"]),
        Route("/t/{table_id}", page, methods=["GET", "HEAD"]),
        Route("/watch/{table_id}", page, methods=["GET", "HEAD"]),  # a spectator's, always
        Route("/replay/{table_id}", page, methods=["GET", "HEAD"]),  # a finished match again
        Route("/classroom/{classroom_id}", page, methods=["GET", "HEAD"]),  # a teacher's view
        Mount("/web", app=WebFiles(directory=web_dir()), name="web"),
    ]


__all__ = ["CSP", "static_routes", "web_dir"]
