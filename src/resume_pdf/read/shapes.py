"""The types another format's keys must have, checked before a reader maps anything.

Each reader declares its format's shape (text, a list of texts, a list of entries, a mapping
of known keys) after that format's schema; `conform` walks the document once against it. A
value of the wrong type is a located error in the user's own file
(`w.json:1:47: work[0].name: expected text, got a list`) and is taken out of the data the
reader maps, so the mapping never meets a type it does not expect. Choices made once, here:

- a lone text where a list of texts is expected is that one-item list (nothing is lost);
- a list where text is expected is an error, never joined or printed as `['x', 'y']`;
  keywords (WORDS) alone are flattened: lists in them are more keywords, a mapping `k: words`;
- `null` for a key is the key left out; `null` as an item of a list is an error;
- keys the shape does not name are left for the reader, which warns about them.
"""

from __future__ import annotations

from typing import Any

from ..errors import Problem, field_path
from ..values import replace, value
from .source import Path_, Source


@value
class Text:
    """Text (JSON numbers and booleans arrive as their text)."""


@value
class Texts:
    """A list of texts, or one text standing for a one-item list."""


@value
class Words:
    """Keywords: a text or a list of them, where a list inside is more keywords and a
    mapping is `key: its words` (`{frontend: [React, Vue]}` is "frontend: React, Vue") —
    flattened to a list of texts, never dropped."""


@value
class Anything:
    """Not checked: what the reader does not use (and warns about)."""


@value
class Fields:
    """A mapping whose named keys have these shapes; `text`: a lone text is allowed too
    (JSON Resume's legacy `location: "Oslo"`)."""

    fields: dict[str, Any]
    text: bool = False


@value
class Items:
    """A list of items of one shape; `what` names the list in messages."""

    item: Any
    what: str = "a list"


@value
class Titled:
    """A mapping of free keys (RenderCV's section titles), each value of one shape."""

    item: Any


@value
class TextOr:
    """Text, or a mapping of these fields (a RenderCV entry)."""

    fields: Fields


TEXT, TEXTS, WORDS, ANYTHING = Text(), Texts(), Words(), Anything()
Shape = Text | Texts | Words | Anything | Fields | Items | Titled | TextOr


def conform(source: Source, shape: Shape) -> tuple[Source, list[Problem]]:
    """`source` with every value of the wrong type taken out (and lone texts made lists),
    and a located error for each value taken out."""
    problems: list[Problem] = []
    data = _check(source.data, shape, (), source, problems)
    return replace(source, data=None if data is _DROP else data), problems


def _describe(node: Any) -> str:
    if node is None:
        return "nothing"
    if isinstance(node, dict):
        return "a mapping"
    return "a list" if isinstance(node, list) else "text"


_DROP = object()  # marks a value taken out


def _check(node: Any, shape: Shape, path: Path_, source: Source, out: list[Problem]) -> Any:
    kind = _describe(node)
    if node is None or isinstance(shape, Anything):
        return node
    if isinstance(shape, Words):
        return _words(node, path, source, out)
    if isinstance(shape, Texts):  # one text, or a list of them
        if kind == "text":
            return [node]
        shape = Items(TEXT, "a list of texts")
    if kind == "text" and (isinstance(shape, TextOr) or (isinstance(shape, Fields) and shape.text)):
        return node
    if isinstance(shape, TextOr):
        shape = Fields(shape.fields.fields, text=True)
    wanted = "a list" if isinstance(shape, Items) else "text" if shape == TEXT else "a mapping"
    if kind != wanted:
        out.append(
            Problem(
                f"expected {_expected(shape)}, got {kind}", source.locate(path), field_path(path)
            )
        )
        return _DROP
    if isinstance(shape, Items):
        return [_item(item, shape, (*path, i), source, out) for i, item in enumerate(node)]
    if isinstance(shape, Fields | Titled):
        result = {}
        for key, item in node.items():
            inner = shape.item if isinstance(shape, Titled) else shape.fields.get(key)
            checked = item if inner is None else _check(item, inner, (*path, key), source, out)
            if checked is not _DROP:
                result[key] = checked
        return result
    return node


def _words(node: Any, path: Path_, source: Source, out: list[Problem]) -> list[str]:
    """Keywords flattened (see Words); a `null` among them is an error, as in any list."""
    if isinstance(node, dict):
        words = []
        for key, inner in node.items():
            flat = [] if inner is None else _words(inner, (*path, key), source, out)
            words.append(f"{key}: {', '.join(flat)}" if flat else str(key))
        return words
    if not isinstance(node, list):
        return [node]
    words = []
    for i, item in enumerate(node):
        if item is None:
            where = (*path, i)
            out.append(
                Problem("expected text, got nothing", source.locate(where), field_path(where))
            )
        else:
            words += _words(item, (*path, i), source, out)
    return words


def _item(item: Any, shape: Items, path: Path_, source: Source, out: list[Problem]) -> Any:
    """One item of a list; a refused one is None, so the others keep their places."""
    if item is None:  # `- ` with nothing after it
        what = "an entry" if shape.what == "a list of entries" else "text"
        out.append(Problem(f"expected {what}, got nothing", source.locate(path), field_path(path)))
        return None
    checked = _check(item, shape.item, path, source, out)
    return None if checked is _DROP else checked


def _expected(shape: Shape) -> str:
    if isinstance(shape, Items):
        return shape.what
    if isinstance(shape, Fields) and shape.text:
        return "text or a mapping"
    return "text" if shape == TEXT else "a mapping"
