"""Fonts: bundled families, per-character fallback, glyph checks."""
