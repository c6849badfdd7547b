"""The value classes behave as the frozen dataclasses they replace."""

from __future__ import annotations

import pickle

import pytest

from resume_pdf.values import astuple, field, replace, value


@value
class Base:
    a: int
    b: str = "x"


@value
class Child(Base):
    c: tuple[int, ...] = ()
    d: list[int] = field(default_factory=list)

    def total(self) -> int:
        return self.a + sum(self.c)


def test_construction_defaults_and_inheritance() -> None:
    child = Child(1, c=(2, 3))
    assert (child.a, child.b, child.c, child.d) == (1, "x", (2, 3), [])
    assert child.total() == 6
    assert Child(1).d is not Child(1).d  # a fresh default each time
    assert repr(Base(1)) == "Base(a=1, b='x')"
    assert Child.__match_args__ == ("a", "b", "c", "d")
    with pytest.raises(TypeError, match="missing 'a'"):
        Base()
    with pytest.raises(TypeError, match="unexpected 'z'"):
        Base(1, z=2)
    with pytest.raises(TypeError):
        Base(1, "x", 3)


def test_frozen_slotted_equal_and_hashed_by_fields() -> None:
    one = Base(1)
    with pytest.raises(AttributeError):
        one.a = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        one.extra = 1  # type: ignore[attr-defined]
    assert not hasattr(one, "__dict__")
    assert one == Base(1, "x") and one != Base(2) and one != Child(1)
    assert hash(one) == hash(Base(1)) and len({one, Base(1)}) == 1


def test_replace_astuple_and_pickle() -> None:
    child = Child(1, "y", (2,))
    assert replace(child, b="z") == Child(1, "z", (2,))
    assert astuple(child) == (1, "y", (2,), [])
    assert pickle.loads(pickle.dumps(child)) == child
    with pytest.raises(TypeError):
        replace(child, nope=1)


def test_super_inside_a_value_class_method() -> None:
    class Describes:
        def describe(self) -> str:
            return "base"

    @value
    class Said(Describes):
        a: int

        def describe(self) -> str:
            return "said " + super().describe()

    assert Said(1).describe() == "said base"
