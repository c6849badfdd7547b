"""Readers: a résumé file (ours, JSON Resume, ...) -> plain data with source positions."""
