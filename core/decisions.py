"""Decision requests: what a seat must choose now, with every legal choice listed.

Choices are JSON values (strings, numbers, or small objects). An answer is legal when it
equals one of the listed choices, which makes legality checking, bots and replays uniform
for every rule.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["DecisionRequest", "decision_id", "label_after_rules"]


class DecisionRequest(BaseModel):
    """One open decision.

    :ivar id: unique within the game, stable across replays (``t3.planning.plan.courageuse``).
    :ivar seat: the seat that must answer.
    :ivar kind: a declared decision kind (``plan``, ``fire``, ``load``, ...).
    :ivar rule: the rule that asked; it resolves the answer.
    :ivar ship: the ship concerned, if any.
    :ivar prompt: a short question for people.
    :ivar choices: the legal answers, in a stable order; never empty.
    :ivar labels: optional text for each choice, same order, for people.
    """

    model_config = ConfigDict(extra="forbid")
    id: str
    seat: str
    kind: str
    rule: str
    ship: str | None = None
    prompt: str
    choices: list[Any] = Field(min_length=1)
    labels: list[str] | None = None

    def label(self, index: int) -> str:
        """Text for choice ``index``."""
        if self.labels is not None and index < len(self.labels):
            return self.labels[index]
        return str(self.choices[index])


def decision_id(turn: int, step: str, kind: str, subject: str | None, round_: int = 0) -> str:
    """Build a stable decision id from where and about what it is asked."""
    parts = [f"t{turn}", step, kind] + ([subject] if subject else [])
    if round_:
        parts.append(f"r{round_}")
    return ".".join(parts)


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
