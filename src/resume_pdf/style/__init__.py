"""The style chain: a style's name or path, `extends:` merged, checked into a frozen Theme;
the built-in styles, and what a style decides of the résumé's words (dates, author lists)."""
