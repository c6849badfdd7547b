"""Close the doors through which the current folder or the home folder reach a build.

Why: reportlab, on import, runs code and reads settings from places the user never named.
- `import reportlab_mods` and `from reportlab_settings import *` search sys.path, whose first
  entry under `python -m resume_pdf` is the current folder: a résumé folder received from
  someone else holding `reportlab_settings.py` would have that file executed.
- Failing those, it executes `~/.reportlab_mods` and `~/.reportlab_settings`.
- `reportlab.rl_settings` walks /usr/share/fonts/{truetype,TTF,type1,Type1} at import (a
  desktop has hundreds of folders there) to build font search paths that also name
  `./fonts`, `~/fonts`, `~/.fonts` and `~/.local/share/fonts`. Our fonts are opened by
  absolute path, so those paths could only ever let a relative name pick up a stranger's file.

Importing this module (`resume_pdf/__init__.py` does, before anything else) puts empty modules
in place of `reportlab_mods` and `reportlab_settings`, and wraps the import of
`reportlab.rl_settings` so that its font-folder walk finds nothing and its search paths keep
no folder under the current or the home folder. Nothing is imported here and no installed
file is edited; `tests/ground/test_isolation_from_cwd_and_home.py` plants canary files
that would write if they ran, and watches the build's file accesses for the home folder and
the font walk.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

SETTINGS_HOOKS = ("reportlab_settings", "reportlab_mods")  # looked up on sys.path, then in ~
WALKING_MODULE = "reportlab.rl_settings"
SEARCH_PATHS = ("T1SearchPath", "TTFSearchPath", "CMapSearchPath")
FOREIGN = ("%(CWD)s", "~", "%(XDG_DATA_HOME)s", "%(disk)s")  # templates of cwd/home folders


def _no_walk(top: Any, *args: Any, **kwargs: Any) -> Iterator[tuple[str, list[str], list[str]]]:
    return iter(())


class _QuietLoader:  # a loader by its methods; importlib.abc would cost ~10 ms at start-up
    """Runs rl_settings with `os.walk` finding nothing, then drops cwd/home search paths."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.real.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        walk = os.walk
        os.walk = _no_walk  # type: ignore[assignment]
        try:
            self.real.exec_module(module)
        finally:
            os.walk = walk
        for name in SEARCH_PATHS:
            paths = getattr(module, name, ())
            kept = tuple(p for p in paths if not any(t in p for t in FOREIGN))
            setattr(module, name, kept)


class _Finder:  # a meta path finder by its find_spec
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != WALKING_MODULE:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _QuietLoader(spec.loader)  # type: ignore[arg-type]
        return spec


def close_hooks() -> None:
    """Idempotent; a no-op for what reportlab already imported (a test process may)."""
    for name in SETTINGS_HOOKS:
        if name not in sys.modules:
            stub = ModuleType(name, "stands in for a settings file resume-pdf never reads")
            stub.__all__ = []  # type: ignore[attr-defined]  # `from x import *` adds nothing
            sys.modules[name] = stub
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


close_hooks()
