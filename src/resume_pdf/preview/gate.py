"""The preview server's door: who may hold a connection, and for how long.

Every client is 127.0.0.1 (another local user too), so the server cannot tell the token
holder by address; it tells them by the token, and keeps everyone else from holding it up:

- a connection that has not shown the token is *pending*: at most MAX_PENDING are kept,
  and a new one beyond that closes the oldest (a browser sends its request as soon as it
  connects, so the token holder's new connection is the newest, never the one dropped);
- a pending connection has HEADER_SECONDS to send its request line (checked at once:
  a wrong token is answered 403 before a header is read), and every read waits at most
  that long, so a half-sent request holds a thread for seconds, not for ever;
- when the process runs out of file descriptors (EMFILE), `accept` backs off and the
  oldest pending connection is closed, so the server neither spins nor stops serving;
- a client that hangs up early ends its connection quietly (no traceback on the terminal).
"""

from __future__ import annotations

import contextlib
import errno
import socket
import sys
import threading
import time
import traceback
from collections import OrderedDict
from http.server import ThreadingHTTPServer
from typing import Any

MAX_PENDING = 32  # connections without the token held at once
HEADER_SECONDS = 5.0  # to send the request line and each read of it after
TRUSTED_SECONDS = 60.0  # a read or write on a connection that showed the token
BACKOFF_SECONDS = 0.05  # after accept() failed for want of descriptors
QUIET = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError)


class GatedServer(ThreadingHTTPServer):
    """A threading HTTP server that keeps connections without the token few and short."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 128  # the listen backlog: a burst of connections waits, not retries

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.pending: OrderedDict[socket.socket, float] = OrderedDict()
        self.pending_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def get_request(self) -> tuple[socket.socket, Any]:
        try:
            return super().get_request()
        except OSError as exc:
            if exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                self.drop_oldest()  # frees a descriptor for the next accept
                time.sleep(BACKOFF_SECONDS)  # and the listening socket stays readable
            raise

    def process_request(self, request: Any, client_address: Any) -> None:
        request.settimeout(HEADER_SECONDS)
        with self.pending_lock:
            while len(self.pending) >= MAX_PENDING:
                _hang_up(self.pending.popitem(last=False)[0])
            self.pending[request] = time.monotonic()
        super().process_request(request, client_address)

    def trust(self, request: socket.socket) -> None:
        """The connection showed the token: it is no longer pending."""
        with self.pending_lock:
            self.pending.pop(request, None)
        request.settimeout(TRUSTED_SECONDS)

    def drop_oldest(self) -> None:
        with self.pending_lock:
            if self.pending:
                _hang_up(self.pending.popitem(last=False)[0])

    def service_actions(self) -> None:
        """Between polls: close pending connections that had their HEADER_SECONDS."""
        late = time.monotonic() - HEADER_SECONDS
        with self.pending_lock:
            while self.pending and next(iter(self.pending.values())) < late:
                _hang_up(self.pending.popitem(last=False)[0])

    def shutdown_request(self, request: Any) -> None:
        with self.pending_lock:
            self.pending.pop(request, None)
        super().shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that left early is no error; anything else is a bug, shown once."""
        if isinstance(sys.exc_info()[1], OSError):
            return
        traceback.print_exc()


def _hang_up(request: socket.socket) -> None:
    """End a connection whose thread may be blocked reading it: shutdown wakes that read
    (the thread then closes the socket as usual)."""
    with contextlib.suppress(OSError):
        request.shutdown(socket.SHUT_RDWR)
