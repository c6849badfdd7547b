"""The preview's HTTP server: the standard library's, bound to 127.0.0.1 only.

Safe by construction, so that another local user or a web page cannot drive it: every
request must carry the random token and a `Host` of 127.0.0.1:PORT or localhost:PORT (a
DNS-rebinding page sends its own host name); the routes are a fixed table and each answer
is bytes the preview built, so no part of a request ever reaches the file system; the page
is self-contained under a strict Content-Security-Policy. Connections that have not shown
the token are few and short-lived (gate.py); the token is checked on the request line, before
a header is read, and `--open` hands it to the browser through a file only this user can
read, never on the browser's command line.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlencode, urlsplit

from ..batch import variant_names
from ..build import Options
from ..errors import ResumeError
from ..model.resume_schema import load_resume
from . import page
from .events import Previewer
from .gate import QUIET, GatedServer
from .views import TWIN_FORMATS, BadRequest, View, command, home_view, read_view

KEEPALIVE_SECONDS = 15.0
LOCAL = "127.0.0.1"
LAST_PAGE = 9999  # /page.png?n= (a page the build does not have is 404)
FORBIDDEN = (
    b"HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Content-Length: 10\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n"
    b"Connection: close\r\n\r\nforbidden\n"
)


class PreviewServer(GatedServer):
    def __init__(self, previewer: Previewer, port: int = 0) -> None:
        super().__init__((LOCAL, port), Handler)
        self.previewer = previewer
        self.token = secrets.token_urlsafe(24)
        self.port = self.server_address[1]
        self.hosts = {f"{LOCAL}:{self.port}", f"localhost:{self.port}"}
        self.opener: Path | None = None  # --open's page, removed once the browser came

    def shows_token(self, target: str) -> bool:
        """Does a request target (`/path?token=...`) carry the token?"""
        try:
            query = parse_qs(urlsplit(target).query, max_num_fields=20)
        except ValueError:
            return False
        given = query.get("token", [""])[0]
        return hmac.compare_digest(given.encode(), self.token.encode())

    def write_opener(self) -> Path:
        """A page that sends the browser to the preview's address: a file of mode 0600 in
        the private folder (mode 0700), so the token is on no command line."""
        path = self.previewer.folder / f"open-{secrets.token_hex(8)}.html"
        meta = f'<meta http-equiv="refresh" content="0; url={self.url}">'
        text = f"<!doctype html><title>resume-pdf preview</title>{meta}\n"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text.replace("&", "&amp;"))
        self.opener = path
        return path

    def opened(self) -> None:
        if self.opener is not None:
            self.opener.unlink(missing_ok=True)
            self.opener = None

    @property
    def url(self) -> str:
        view = home_view(self.previewer.home)
        return f"http://{LOCAL}:{self.port}/?" + urlencode([("token", self.token), *view.query()])

    def styles(self) -> tuple[str, ...]:
        """Every style the résumé's folder sees (local, then built-in), and --style's."""
        from ..style.theme import builtin_styles, list_styles

        try:
            names = [info.name for info in list_styles(self.previewer.resume.parent)]
        except ResumeError:
            names = builtin_styles()
        except Exception:  # noqa: BLE001 - a bug: the built-in styles still work
            traceback.print_exc()
            names = builtin_styles()
        chosen = self.previewer.home.style
        return tuple(dict.fromkeys([*names, *([chosen] if chosen else [])]))

    def languages(self) -> tuple[str, ...]:
        try:
            return load_resume(self.previewer.resume).languages
        except Exception:  # noqa: BLE001 - a broken résumé (or a bug the build shows)
            return ()

    def variants(self) -> tuple[str, ...]:
        try:
            return tuple(variant_names(self.previewer.resume))
        except Exception:  # noqa: BLE001 - a broken résumé (or a bug the build shows)
            return ()


class Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    protocol_version = "HTTP/1.1"
    server_version = "resume-pdf-preview"
    sys_version = ""

    def handle(self) -> None:
        try:
            super().handle()
        except QUIET:  # the client left before its answer: nothing to tell anyone
            self.close_connection = True

    def parse_request(self) -> bool:
        """The token is checked on the request line, before any header is read: a client
        without it is answered and gone before it can hold the connection open."""
        words = self.raw_requestline.split()
        target = words[1].decode("latin-1") if len(words) >= 2 else ""
        if not self.server.shows_token(target):
            self.close_connection = True
            self.wfile.write(FORBIDDEN)
            return False
        self.server.trust(self.connection)
        return super().parse_request()

    def do_GET(self) -> None:  # noqa: N802 - the standard library's name
        host = self.headers.get("Host", "")
        if host.lower() not in self.server.hosts:
            return self.send(403, b"forbidden\n")
        url = urlsplit(self.path)
        try:
            query = parse_qs(url.query, keep_blank_values=True, max_num_fields=20)
        except ValueError:
            return self.send(400, b"bad query\n")
        route = ROUTES.get(url.path)
        if route is None:
            return self.send(404, b"not found\n")
        try:
            route(self, query)
        except BadRequest as exc:
            self.send(400, f"{exc}\n".encode())
        except QUIET:
            self.close_connection = True
        except Exception:  # noqa: BLE001 - a bug answers 500 and the server stays up
            traceback.print_exc()
            self.send(500, b"internal error (a bug in resume-pdf)\n")

    def do_HEAD(self) -> None:  # noqa: N802
        self.send(405, b"")

    do_POST = do_PUT = do_DELETE = do_HEAD  # noqa: N815

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass  # the terminal shows the build results, not every request

    def send(
        self, status: int, body: bytes, kind: str = "text/plain; charset=utf-8", **extra: str
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", extra.pop("cache", "no-store"))
        for name, text in extra.items():
            self.send_header(name.replace("_", "-"), text)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def view(self, query: dict[str, list[str]]) -> View:
        server = self.server
        return read_view(query, server.styles(), server.variants(), server.languages())

    def page(self, query: dict[str, list[str]], mode: str) -> None:
        self.server.opened()
        view = self.view(query)
        previewer = self.server.previewer
        nonce = secrets.token_urlsafe(16)
        body = page.document(
            nonce=nonce,
            token=self.server.token,
            mode=mode,
            view=view,
            styles=self.server.styles(),
            variants=self.server.variants(),
            languages=self.server.languages(),
            command=command(view, previewer.resume, previewer.home),
            title=previewer.resume.name,
        )
        csp = page.csp(nonce)
        self.send(200, body.encode(), "text/html; charset=utf-8", Content_Security_Policy=csp)

    def events(self, query: dict[str, list[str]]) -> None:
        """Server-Sent Events: the view's state now, then after every build of it."""
        previewer = self.server.previewer
        single = query.get("mode", ["single"])[0] != "compare"
        views, states = self._watched_views(query, single)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        previewer.look(views, +1)
        try:
            seen: list[int] | None = None
            for view in views:  # the first state is a built one
                previewer.shown(view)
            gens = previewer.generations(views)
            while not previewer.stopping.is_set():
                if gens != seen:  # taken before the state: a build in between is sent again
                    data = json.dumps(states(), separators=(",", ":"))
                    self.wfile.write(f"event: state\ndata: {data}\n\n".encode())
                    seen = gens
                else:
                    self.wfile.write(b": keep-alive\n\n")
                self.wfile.flush()
                gens = previewer.wait_newer(views, seen, KEEPALIVE_SECONDS)
        finally:
            previewer.look(views, -1)

    def _watched_views(
        self, query: dict[str, list[str]], single: bool
    ) -> tuple[list[View], Callable[[], dict[str, Any]]]:
        previewer = self.server.previewer
        view = self.view(query)
        if single:
            q = self._query(view)
            return [view], lambda: page.single_state(previewer.shown(view), q)
        styles = self.server.styles()
        same = (view.variant, view.page_size, view.pages, view.letter, view.language)
        views = [View(s, *same) for s in styles]

        def states() -> dict[str, Any]:
            shown = [(v.style or "", previewer.shown(v), self._query(v)) for v in views]
            return page.compare_state(shown)

        return views, states

    def _query(self, view: View) -> str:
        return urlencode([("token", self.server.token), *view.query()])

    def picture(self, query: dict[str, list[str]]) -> None:
        view = self.view(query)
        index = _number(query, "n", 1, LAST_PAGE) - 1
        dpr = _ratio(query)
        png = self.server.previewer.picture(view, index, dpr)
        if png is None:
            return self.send(404, b"no such page\n")
        self.send(200, png, "image/png", cache="private, max-age=3600")

    def download(self, query: dict[str, list[str]]) -> None:
        view = self.view(query)
        fmt = query.get("format", ["pdf"])[0]
        if fmt not in ("pdf", *TWIN_FORMATS):
            raise BadRequest(f"format {fmt!r}: choose pdf, {', '.join(TWIN_FORMATS)}")
        try:
            name, data = self.server.previewer.download(view, fmt)
        except ResumeError as exc:
            text = "".join(page.problem_line(p)[1] + "\n" for p in exc.problems)
            return self.send(409, text.encode())
        kind = {"pdf": "application/pdf", "txt": "text/plain; charset=utf-8"}.get(
            fmt, "application/octet-stream"
        )
        disposition = f"attachment; filename*=UTF-8''{quote(name)}"
        self.send(200, data, kind, Content_Disposition=disposition)


def _number(query: dict[str, list[str]], name: str, low: int, high: int) -> int:
    text = query.get(name, [""])[0]
    if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
        raise BadRequest(f"{name}: a whole number from {low} to {high}")
    return int(text)


def _ratio(query: dict[str, list[str]]) -> float:
    """The screen's pixel ratio, in quarter steps from 0.25 to 4 (so the cache stays small)."""
    try:
        ratio = float(query.get("dpr", ["1"])[0])
    except ValueError:
        raise BadRequest("dpr: a number from 0.25 to 4") from None
    if not 0.25 <= ratio <= 4:
        raise BadRequest("dpr: a number from 0.25 to 4")
    return round(ratio * 4) / 4


ROUTES: dict[str, Callable[[Handler, dict[str, list[str]]], None]] = {
    "/": lambda h, q: h.page(q, "single"),
    "/compare": lambda h, q: h.page(q, "compare"),
    "/events": Handler.events,
    "/page.png": Handler.picture,
    "/download": Handler.download,
}


def serve(
    resume: Path,
    options: Options,
    *,
    port: int = 0,
    serve_output: Path | None = None,
    report: Callable[[Any], None] | None = None,
    started: Callable[[str], None],  # what the command prints: the address
    open_browser: Callable[[str], None] | None = None,  # given the page that opens the preview
    **told: Any,  # Previewer's `letter` and `log`: what else the terminal is told
) -> None:
    """Run the preview until Ctrl-C, SIGTERM or SIGHUP (KeyboardInterrupt reaches the
    caller, after the private folder is removed)."""
    previewer = Previewer(resume, options, serve_output=serve_output, report=report, **told)
    try:
        server = PreviewServer(previewer, port)
    except OSError as exc:
        previewer.close()
        raise ResumeError([_port_problem(port, exc)]) from None
    previewer.start()
    with _stopped_by_signals():
        try:
            started(server.url)
            if open_browser is not None:
                open_browser(server.write_opener().as_uri())
            server.serve_forever(poll_interval=0.2)
        finally:
            server.server_close()
            previewer.close()
            sys.stdout.flush()


@contextmanager
def _stopped_by_signals() -> Iterator[None]:
    """SIGTERM (IDE task runners, `timeout`, systemd) and SIGHUP (a closed terminal) stop
    the preview as Ctrl-C does, so its private folder is removed; outside the main thread
    (a test's server) signals are left alone."""

    def interrupt(signum: int, _frame: object) -> None:
        raise KeyboardInterrupt(signal.Signals(signum).name)

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    before = {sig: signal.signal(sig, interrupt) for sig in wanted}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def _port_problem(port: int, exc: OSError) -> Any:
    from ..errors import Problem, os_reason

    return Problem(f"cannot listen on 127.0.0.1:{port}: {os_reason(exc)}", field="--port")
