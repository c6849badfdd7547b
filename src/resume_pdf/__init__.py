"""resume-pdf: a structured résumé in YAML -> a one- or two-page PDF that ATS parsers read."""

from . import isolation as _isolation  # noqa: F401  (first: no code from cwd or ~, see there)

__version__ = "0.1.0"
