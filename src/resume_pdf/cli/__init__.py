"""The command line: the only place where problems become text and exit codes.

Exit status: 0 built (warnings allowed), 1 the input or a style has problems, 2 usage.
The build pipeline is imported inside the commands, so `--help` and shell completion stay
fast. `app.py` is the group, `make.py`, `tools.py` and `preview.py` its commands,
`console.py` what they print.
"""

from . import make, preview, tools  # noqa: F401  (each adds its commands to the group)
from .app import main

__all__ = ["main"]
