"""Live preview in the browser: an application like watch mode, on top of `build.py` and
`watch.py`'s change events. `events` builds the views a browser looks at after every save,
`server` answers the browser (token, Host check, Server-Sent Events), `page` is the one
self-contained page. Nothing below imports this package, so `build` never pays for it.
"""
