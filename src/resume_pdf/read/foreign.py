"""Which format a file is in, by its shape, and the reader that maps it onto ours.

JSON Resume has `basics`, RenderCV `cv`, YAMLResume `content`; anything else is read as
ours. Each reader keeps the user's own lines and paths (see mapping.py).
"""

from __future__ import annotations

from .source import Source

SHAPES = {"basics", "cv", "content"}  # a key that our format does not have


def read_foreign(source: Source, references: bool = True) -> Source:
    """`source` mapped onto our format when it is another tool's; else unchanged. JSON Resume
    and YAMLResume `references` are shown unless `--no-references` leaves them out."""
    if not isinstance(source.data, dict) or not SHAPES & source.data.keys():
        return source  # ours: the readers are not even imported (~8 ms of a cold build)
    from . import jsonresume, rendercv, yamlresume

    if jsonresume.is_json_resume(source.data):
        return jsonresume.convert(source, references=references)
    if rendercv.is_rendercv(source.data):
        return rendercv.convert(source)
    if yamlresume.is_yamlresume(source.data):
        return yamlresume.convert(source, references)
    return source
