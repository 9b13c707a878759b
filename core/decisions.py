"""Decision requests: what a seat must choose now, with every legal answer described.

A request either lists its choices (JSON values: strings, numbers, small objects; an answer
is legal when it equals one of them) or, for a decision with many legal values (a distance,
an angle, how many men to assign), gives a :class:`NumberRange`. Legality checking, bots
and replays go through :meth:`DecisionRequest.allows`, :meth:`~DecisionRequest.count` and
:meth:`~DecisionRequest.option`, the same for both forms.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = ["DecisionRequest", "NumberRange", "decision_id", "label_after_rules", "trusted_request"]

_EPSILON = 1e-9


class NumberRange(BaseModel):
    """The legal numbers ``min``, ``min + step``, ... up to ``max`` (both ends included).

    :ivar min: the smallest legal answer.
    :ivar max: the largest; ``max >= min``.
    :ivar step: the spacing of legal answers (``> 0``); integers give integer answers.
    :ivar unit: what the number counts, for people (``"in"``, ``"men"``, ``"deg"``).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    min: int | float
    max: int | float
    step: int | float = 1
    unit: str = ""

    @model_validator(mode="after")
    def _ordered(self) -> NumberRange:
        if not self.step > 0 or self.max < self.min or not all(math.isfinite(v) for v in (self.min, self.max, self.step)):
            raise ValueError(f"a number range needs finite min <= max and step > 0, got {self.min}..{self.max} by {self.step}")
        return self

    def count(self) -> int:
        """How many legal answers there are."""
        return math.floor((self.max - self.min) / self.step + _EPSILON) + 1

    def value(self, index: int) -> int | float:
        """The ``index``-th legal answer (0 is ``min``)."""
        value = self.min + index * self.step
        return value if isinstance(value, int) else round(value, 9)

    def contains(self, answer: Any) -> bool:
        """Whether ``answer`` is one of the legal numbers (an int or float, never a bool)."""
        if isinstance(answer, bool) or not isinstance(answer, (int, float)) or not math.isfinite(answer):
            return False
        if not self.min - _EPSILON <= answer <= self.max + _EPSILON:
            return False
        steps = (answer - self.min) / self.step
        return abs(steps - round(steps)) < 1e-6

    def describe(self) -> str:
        """``"0 to 12 in, by 0.5"`` for people."""
        unit = f" {self.unit}" if self.unit else ""
        by = "" if self.step == 1 else f", by {self.step}"
        return f"{self.min} to {self.max}{unit}{by}"


class DecisionRequest(BaseModel):
    """One open decision.

    :ivar id: unique within the game, stable across replays (``t3.planning.plan.courageuse``).
    :ivar seat: the seat that must answer.
    :ivar kind: a declared decision kind (``plan``, ``fire``, ``load``, ...).
    :ivar rule: the rule that asked; it resolves the answer.
    :ivar ship: the ship concerned, if any.
    :ivar prompt: a short question for people.
    :ivar choices: the legal answers, in a stable order; empty only when ``number`` is set.
    :ivar labels: optional text for each choice, same order, for people.
    :ivar number: the range of legal numbers, for a decision with many values; then
        ``choices`` is empty.
    """

    model_config = ConfigDict(extra="forbid")
    id: str
    seat: str
    kind: str
    rule: str
    ship: str | None = None
    prompt: str
    choices: list[Any] = Field(default_factory=list)
    labels: list[str] | None = None
    number: NumberRange | None = None

    @model_validator(mode="after")
    def _one_form(self) -> DecisionRequest:
        if (self.number is None) == (not self.choices):
            raise ValueError(f"request {self.id!r} needs either a non-empty list of choices or a number range, not both")
        return self

    @classmethod
    def trusted(
        cls, *, id: str, seat: str, kind: str, rule: str, ship: str | None, prompt: str,
        choices: list[Any], labels: list[str] | None, number: NumberRange | None,
    ) -> DecisionRequest:
        """A request built without validation from values the caller vouches for: the same
        object as ``model_construct`` with every field given, a few times faster (a game asks
        thousands of requests)."""
        return trusted_request(cls, id, seat, kind, rule, ship, prompt, choices, labels, number)

    def count(self) -> int:
        """How many legal answers there are (1 means there is nothing to decide)."""
        return self.number.count() if self.number is not None else len(self.choices)

    def option(self, index: int) -> Any:
        """The ``index``-th legal answer, in the request's order."""
        return self.number.value(index) if self.number is not None else self.choices[index]

    def allows(self, answer: Any) -> bool:
        """Whether ``answer`` is a legal answer to this request."""
        return self.number.contains(answer) if self.number is not None else answer in self.choices

    def describe(self) -> str:
        """The legal answers in short, for error messages."""
        return self.number.describe() if self.number is not None else repr(self.choices)

    def label(self, index: int) -> str:
        """Text for choice ``index``."""
        if self.labels is not None and index < len(self.labels):
            return self.labels[index]
        return str(self.option(index))


_REQUEST_FIELDS = set(DecisionRequest.model_fields)
# What trusted_request sets an instance's pydantic slots with (BaseModel's own slot descriptors).
_new = object.__new__
_fields_set = _REQUEST_FIELDS.copy
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def trusted_request(
    cls: type[DecisionRequest], id: str, seat: str, kind: str, rule: str, ship: str | None, prompt: str,
    choices: list[Any], labels: list[str] | None, number: NumberRange | None,
) -> DecisionRequest:
    """:meth:`DecisionRequest.trusted` with positional arguments (the core's own fast path)."""
    request = _new(cls)
    d = request.__dict__
    d["id"] = id
    d["seat"] = seat
    d["kind"] = kind
    d["rule"] = rule
    d["ship"] = ship
    d["prompt"] = prompt
    d["choices"] = choices
    d["labels"] = labels
    d["number"] = number
    _set_fields(request, _fields_set())
    _set_extra(request, None)
    _set_private(request, None)
    return request


def decision_id(turn: int, step: str, kind: str, subject: str | None, round_: int = 0) -> str:
    """Build a stable decision id from where and about what it is asked."""
    rid = f"t{turn}.{step}.{kind}.{subject}" if subject else f"t{turn}.{step}.{kind}"
    return f"{rid}.r{round_}" if round_ else rid


def label_after_rules(request: DecisionRequest, choice: Any) -> str:
    """The label of a choice after the rules changed the list.

    A choice the request had keeps its label; one a rule added that extends an original
    choice (a dict with more keys, e.g. ``"aim": "high"``) gets that label plus its extras.
    """
    for index, original in enumerate(request.choices):
        if original == choice:
            return request.label(index)
    if isinstance(choice, dict):
        for index, original in enumerate(request.choices):
            if isinstance(original, dict) and original and original.items() <= choice.items():
                extras = ", ".join(f"{k}: {v}" for k, v in choice.items() if k not in original)
                return f"{request.label(index)} ({extras})"
    return str(choice)
