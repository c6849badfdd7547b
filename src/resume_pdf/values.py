"""Frozen value classes — the values passed between stages — without import-time code generation.

Why not `@dataclass(frozen=True, slots=True)`: dataclasses write and `exec` the source of six
methods per class, and rebuild the class for its slots, ~0.5 ms a class; with 50-odd classes
that was a tenth of a cold build. `@value` builds the same kind of class — slotted, frozen,
compared and hashed by its fields in order, with keyword or positional construction, defaults,
`field(default_factory=...)` and inherited fields — from shared functions instead. Instances
cost ~1 µs more to make, which a build never notices. `replace` and `astuple` work as the
dataclasses functions of those names do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
_MISSING: Any = object()
_set = object.__setattr__


class Factory:
    """A default made afresh for each instance (a list, a nested value)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], Any]) -> Any:
    return Factory(default_factory)


def value(cls: type[T]) -> type[T]:
    """Make `cls` a frozen, slotted value class of its annotated fields (in order)."""
    annotations = cls.__dict__.get("__annotations__", {})
    own = tuple(name for name, kind in annotations.items() if "ClassVar" not in str(kind))
    fields = (*getattr(cls, "__fields__", ()), *own)
    defaults = {**getattr(cls, "__defaults__", {})}
    defaults.update((name, cls.__dict__[name]) for name in own if name in cls.__dict__)
    body = {k: v for k, v in cls.__dict__.items() if k not in own}
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body.update(
        __slots__=own,
        __fields__=fields,
        __defaults__=defaults,
        __match_args__=fields,
        __setattr__=_refuse,
        __delattr__=_refuse,
        __getstate__=astuple,
        __setstate__=_setstate,
    )
    body.setdefault("__init__", _make_init(cls.__name__, fields, defaults))
    for name, method in (("__repr__", _repr), ("__eq__", _eq), ("__hash__", _hash)):
        body.setdefault(name, method)
    made = type(cls)(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    _point_super_at(made, cls)
    return made  # type: ignore[return-value]


def _point_super_at(made: type, old: type) -> None:
    """Methods using `super()` hold the class they were written in; give them the new one."""
    for member in made.__dict__.values():
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        functions = (
            (member.fget, member.fset, member.fdel) if isinstance(member, property) else (member,)
        )
        for function in functions:
            code = getattr(function, "__code__", None)
            if code is None or "__class__" not in code.co_freevars:
                continue
            cell = function.__closure__[code.co_freevars.index("__class__")]
            if cell.cell_contents is old:
                cell.cell_contents = made


def _make_init(name: str, fields: tuple[str, ...], defaults: dict[str, Any]) -> Callable[..., None]:
    count = len(fields)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) == count and not kwargs:  # every field given in order: the usual case
            for field_name, arg in zip(fields, args, strict=True):
                _set(self, field_name, arg)
            return
        if len(args) > count:
            raise TypeError(f"{name}() takes {count} arguments, got {len(args)}")
        for field_name, arg in zip(fields, args, strict=False):
            _set(self, field_name, arg)
        for field_name in fields[len(args) :]:
            given = kwargs.pop(field_name, _MISSING)
            if given is _MISSING:
                given = defaults.get(field_name, _MISSING)
                if given is _MISSING:
                    raise TypeError(f"{name}() is missing {field_name!r}")
                if isinstance(given, Factory):
                    given = given.make()
            _set(self, field_name, given)
        if kwargs:
            raise TypeError(f"{name}() got unexpected {', '.join(map(repr, kwargs))}")

    return __init__


def astuple(obj: Any) -> tuple[Any, ...]:
    """The field values in order (not recursive: values here nest only frozen values)."""
    return tuple(getattr(obj, name) for name in obj.__fields__)


def field_names(cls_or_obj: Any) -> tuple[str, ...]:
    """The field names in order (what `dataclasses.fields` gives, names only)."""
    return cls_or_obj.__fields__


def replace(obj: T, **changes: Any) -> T:
    """A copy of `obj` with some fields changed."""
    current = {name: getattr(obj, name) for name in obj.__fields__}  # type: ignore[attr-defined]
    return type(obj)(**{**current, **changes})


def _refuse(self: Any, *_: Any) -> None:
    raise AttributeError(f"{type(self).__name__} is frozen")


def _setstate(self: Any, state: tuple[Any, ...]) -> None:
    for name, item in zip(self.__fields__, state, strict=True):
        _set(self, name, item)


def _repr(self: Any) -> str:
    inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__fields__)
    return f"{type(self).__qualname__}({inner})"


def _eq(self: Any, other: Any) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return astuple(self) == astuple(other)


def _hash(self: Any) -> int:
    return hash(astuple(self))
