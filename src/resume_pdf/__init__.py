"""resume-pdf: a structured résumé in YAML -> a one- or two-page PDF that ATS parsers read."""

__version__ = "0.1.0"
