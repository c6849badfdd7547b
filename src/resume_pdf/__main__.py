"""`python -m resume_pdf` works like the `resume-pdf` command.

`python -m` puts the current folder first on sys.path; a résumé folder holding `yaml.py` or
`click.py` would then be imported in place of the real package. The package itself is
already imported, so the entry can go before anything else is.
"""

import os
import sys

_cwd = os.getcwd()
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _cwd]

from .start import main  # noqa: E402

main()
