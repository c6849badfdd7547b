"""Text: inline markup -> spans -> safe reportlab paragraph XML."""
