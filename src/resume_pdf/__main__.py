"""`python -m resume_pdf` works like the `resume-pdf` command."""

from .cli import main

main()
