"""YAMLResume input: a document with `content:` (JSON-Resume-shaped, its own key names,
dates like `Sep 1, 2016`, Markdown lists in summaries), read by the JSON Resume mapping in
its YAMLResume dialect. `layouts` (its typesetting settings) are reported as unused."""

from __future__ import annotations

from typing import Any

from . import jsonresume
from .source import Source


def is_yamlresume(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("content"), dict)


def convert(source: Source, references: bool = True) -> Source:
    return jsonresume.convert(source, jsonresume.YAMLRESUME, references)
