"""Which format a file is in, by its shape, and the reader that maps it onto ours.

JSON Resume has `basics`, RenderCV `cv`, YAMLResume `content`; anything else is read as
ours. Each reader keeps the user's own lines and paths (see mapping.py).
"""

from __future__ import annotations

from . import jsonresume, rendercv, yamlresume
from .source import Source


def read_foreign(source: Source) -> Source:
    """`source` mapped onto our format when it is another tool's; else unchanged."""
    if jsonresume.is_json_resume(source.data):
        return jsonresume.convert(source)
    if rendercv.is_rendercv(source.data):
        return rendercv.convert(source)
    if yamlresume.is_yamlresume(source.data):
        return yamlresume.convert(source)
    return source
