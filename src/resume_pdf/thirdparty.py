"""Third-party imports for a build, made fast: the one place for tricks around other packages.

Importing this module imports PyYAML, and the YAML reader takes it from here
(`from ..thirdparty import yaml`), so no path can import it first without the tricks (a
command-line option's callback once did); a build that makes a PDF calls `import_pdf_side()`
before it imports the reportlab side of the pipeline.

Why: a cold build of the example spends more time importing than building. The module-level
regexes of reportlab and PyYAML in DEFERRED, which a build seldom or never uses, cost ~45 ms
to compile;
Pillow's Image module (~9 ms) is needed only to draw or rasterise an image, `tempfile` (~5 ms)
never (STUBBED_MODULES); and the garbage
collector walks the tens of thousands of import-time objects several times over, then once
more at exit. None of this changes a byte of output. Each trick is checked by
tests/ground/test_thirdparty_tricks_still_apply.py, which fails loudly if an upgrade of
reportlab, PyYAML or Pillow makes one stop applying (a silent no-op would quietly cost the
time again). Installed packages are
never edited: only `re.compile` is wrapped, and only while these imports run.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import re
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# module -> how the deferred patterns begin. Compiled on first use instead of at import.
DEFERRED: dict[str, tuple[str, ...]] = {
    # uri_pat (~30 ms): only for links drawn without a scheme, which we never emit
    "reportlab.platypus.paragraph": ("(^(?:[a-z0-9\\.\\-\\+]*)://)",),
    # the CJK splitting pattern: only for `wordWrap='CJK'` paragraphs
    "reportlab.lib.textsplit": ("([\u2e80-\uffff])",),
    # the timestamp resolver: tried only on an unquoted non-number starting with a digit
    # (`start: 2021-03`); a résumé of years or quoted dates never compiles it
    "yaml.resolver": ("^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]",),
    # the pure-Python reader's printable check (~5 ms): the C loader reads for itself
    "yaml.reader": ("[^\x09\x0a\x0d\x20-\x7e",),
    # the timestamp constructor: we compose nodes and never construct Python values
    "yaml.constructor": ("^(?P<year>[0-9][0-9][0-9][0-9])",),
    # a pattern of unsafe names that reportlab defines and never uses
    "reportlab.lib.rl_safe_eval": ("\\b(?:",),
    # the Python-source colouriser, for PythonPreformatted flowables only
    "reportlab.lib.PyFontify": ("#[^\\n]*|", "[ \t]*[A-Za-z_]"),
}
LAZY_MODULES = ("PIL.Image",)  # loaded on first attribute access
# module -> its functions, which load it on their first call: reportlab's folder for its test
# suite's output imports `tempfile` (~5 ms with the shutil, random and compression modules
# it imports), and a build never calls it (write/output.py makes its own temporary file)
STUBBED_MODULES = {"reportlab.lib.rltempfile": ("get_rl_tempdir", "get_rl_tempfile")}
# reportlab imports HarfBuzz (~15 ms) whenever it is installed, to shape text on request; only
# right-to-left text is shaped, and pdf/rtl.py imports it and hands it to reportlab then
HIDDEN_MODULES = ("uharfbuzz",)
PDF_SIDE = ("reportlab.platypus", "reportlab.pdfbase.ttfonts")

deferred_patterns: list[LazyPattern] = []  # what was deferred, for the tests


class LazyPattern:
    """Stands for a compiled regex and compiles it the first time it is used."""

    __slots__ = ("_args", "_pattern")

    def __init__(self, *args: Any) -> None:
        self._args = args
        self._pattern: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._pattern is None:
            self._pattern = re.compile(*self._args)
        return getattr(self._pattern, name)

    @property
    def compiled(self) -> bool:
        return self._pattern is not None


@contextmanager
def _deferring_regexes() -> Iterator[None]:
    compile_now = re.compile

    def compile_later(pattern: Any, flags: int = 0) -> Any:
        module = sys._getframe(1).f_globals.get("__name__", "")
        prefixes = DEFERRED.get(module, ())
        if isinstance(pattern, str) and pattern.startswith(prefixes):
            lazy = LazyPattern(pattern, flags)
            deferred_patterns.append(lazy)
            return lazy
        return compile_now(pattern, flags)

    re.compile = compile_later  # type: ignore[assignment]
    try:
        yield
    finally:
        re.compile = compile_now


def _install_lazy(name: str) -> None:
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        return
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    setattr(sys.modules[parent], child, module)


def _install_stub(name: str, functions: tuple[str, ...]) -> None:
    """`name` in sys.modules as a module of `functions` that import the real one and call
    its function of the same name."""
    if name in sys.modules:
        return
    stub = types.ModuleType(name)

    def forward(function: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            if sys.modules.get(name) is stub:
                del sys.modules[name]
            return getattr(importlib.import_module(name), function)(*args, **kwargs)

        return call

    for function in functions:
        setattr(stub, function, forward(function))
    stub.__all__ = list(functions)
    sys.modules[name] = stub


def fast_import(*names: str) -> None:
    """Import `names` with the tricks above, then freeze the imported objects.

    `gc.freeze()` moves everything imported so far out of the collector's sight: the build's
    own garbage is still collected, and the exit pass no longer walks every module. The
    collector is on afterwards, also when the entry point (start.py) paused it for start-up.
    """
    if all(name in sys.modules for name in names):
        gc.enable()
        return
    gc.disable()
    hidden = [n for n in HIDDEN_MODULES if n not in sys.modules]
    try:
        for name in LAZY_MODULES:
            _install_lazy(name)
        for name, functions in STUBBED_MODULES.items():
            _install_stub(name, functions)
        for name in hidden:
            sys.modules[name] = None  # type: ignore[assignment]  # `import` raises ImportError
        with _deferring_regexes():
            for name in names:
                importlib.import_module(name)
    finally:
        for name in hidden:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]  # importable again, by the code that needs it
        gc.freeze()
        gc.enable()


def import_pdf_side() -> None:
    """reportlab, before the pipeline's PDF modules import it."""
    fast_import(*PDF_SIDE)


fast_import("yaml")
import yaml  # noqa: E402, F401  (imported above; the reader takes it from here)
