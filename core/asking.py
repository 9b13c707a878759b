"""How a game asks its seats: building requests and letting every rule have its say.

:class:`Asking` is the part of :class:`sog.game.Game` that collects the requests of a step
(``sog_decisions_needed``), passes each through the rules' ``sog_legal_choices`` pipeline
and labels the choices rules added; rules build their requests with
:meth:`Asking.make_request`, which gives them stable ids. Seats answer with
:meth:`Asking.submit` and may change an answer (``replace``) or take it back
(:meth:`Asking.withdraw`) before the round is revealed.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from sog.decisions import DecisionRequest, NumberRange, decision_id, label_after_rules, trusted_request
from sog.errors import GameOver, IllegalDecision, NotYourDecision, PluginError, UnknownDecision
from sog.hooktypes import Step

__all__ = ["Asking", "copied_answer"]

_IMMUTABLE = (str, int, float, bool, type(None))


def copied_answer(value: Any) -> Any:
    """A deep copy of an answer (a scalar is its own copy)."""
    return value if type(value) in _IMMUTABLE else copy.deepcopy(value)


def _piped(calls: Any, shared: tuple[str, ...] | None, value_name: str, value: Any, available: dict[str, Any], follow: bool) -> Any:
    """Run a pipeline's ``calls`` (:meth:`Asking.pipeline`) on ``available`` arguments; with
    ``follow``, each function gets the current value."""
    if shared is not None:  # the usual case: one argument list, the value's place updated
        args = [available[name] for name in shared]
        at = shared.index(value_name) if follow and value_name in shared else -1
        for function, _names in calls:
            result = function(*args)
            if result is not None:
                value = result
                if at >= 0:
                    args[at] = value
        return value
    for function, names in calls:
        result = function(*[available[name] for name in names])
        if result is not None:
            value = result
            if follow:
                available[value_name] = value
    return value


class Asking:
    """Requests: asking, filtering, labelling, answering (mixed into :class:`sog.game.Game`)."""

    def _ask(self, step: Step) -> list[DecisionRequest]:
        requests: list[DecisionRequest] = []
        seen: set[str] = set()
        for batch in reversed(self.hook.sog_decisions_needed(game=self, step=step)):
            for request in batch or []:
                if request.kind not in self.decision_kinds:
                    raise PluginError(f"rule {request.rule!r} asks an undeclared decision kind {request.kind!r}")
                if request.id in seen:
                    raise PluginError(f"two requests share the id {request.id!r}")
                if request.seat not in self._seats:
                    raise PluginError(f"rule {request.rule!r} asks seat {request.seat!r}, which this game does not have")
                seen.add(request.id)
                filtered = self._filtered(request)
                if filtered is not None:
                    requests.append(filtered)
        return requests

    def _filtered(self, request: DecisionRequest) -> DecisionRequest | None:
        """The request with every rule's say on its choices; ``None`` if none is left."""
        if request.number is not None:
            return request
        calls, shared = self.hook.pipeline_plan("sog_legal_choices", request.kind)
        if not calls:
            return request  # no rule acts on this kind (acts_on): the choices stay as they are
        value = list(request.choices)  # self.pipeline("sog_legal_choices", "choices", value, request=request)
        choices = _piped(calls, shared, "choices", value, {"game": self, "choices": value, "request": request}, True)
        if choices == request.choices:
            return request
        if not choices:
            return None  # the rules withdraw the decision (e.g. an entangled ship plans nothing)
        labels = [self._label(request, c) for c in choices] if request.labels else None
        return request.model_copy(update={"choices": choices, "labels": labels})

    def _label(self, request: DecisionRequest, choice: Any) -> str:
        """A choice's label once the rules changed the list: the rule that added it names it."""
        if choice not in request.choices:
            named = self.hook.sog_choice_label(game=self, request=request, choice=choice)
            if named is not None:
                return named
        return label_after_rules(request, choice)

    def pipeline(self, hook_name: str, value_name: str, value: Any, **kwargs: Any) -> Any:
        """Call a pipeline hook: rules in registration order, each may replace ``value``.

        Each implementation gets ``value_name=<current value>`` plus ``kwargs`` and
        ``game``; a non-None result becomes the current value. With a ``request`` among
        ``kwargs``, an implementation that declared other request kinds
        (:func:`sog.dispatch.acts_on`) is not called.
        """
        request = kwargs.get("request")  # about a request: only the rules acting on its kind (acts_on)
        kind = request.kind if isinstance(request, DecisionRequest) else None
        calls, shared = self.hook.pipeline_plan(hook_name, kind)  # registration order (pluggy calls them reversed)
        if not calls:
            return value
        return _piped(calls, shared, value_name, value, {"game": self, value_name: value, **kwargs}, value_name not in kwargs)

    def make_request(
        self,
        *,
        rule: str,
        kind: str,
        seat: str,
        prompt: str,
        choices: Sequence[Any] = (),
        ship: str | None = None,
        subject: str | None = None,
        labels: Iterable[str] | None = None,
        number: NumberRange | None = None,
    ) -> DecisionRequest:
        """Build a request with a stable id for the current turn, step and round.

        ``subject`` distinguishes several requests of one kind for one ship (e.g. one for
        each of its sides, ``ship.left``); it defaults to the ship, else the seat. Give
        either ``choices`` or ``number`` (a decision with many legal values: a distance, a
        number of men).
        """
        state = self.state
        i = state.step_index
        step = self._schedule[i][0].name if 0 <= i < len(self._schedule) else "setup"  # self.step, inlined
        rid = decision_id(state.turn, step, kind, subject or ship or seat, state.step_round)
        choices = list(choices)
        if bool(choices) == (number is not None):
            raise PluginError(f"rule {rule!r} made request {rid!r} with {'both choices and a number range' if choices else 'no choice'}")
        # Built without validation: every field is set here from trusted values (speed).
        return trusted_request(DecisionRequest, rid, seat, kind, rule, ship, prompt, choices,
                               list(labels) if labels is not None else None, number)

    def _round_request(self, request_id: str) -> DecisionRequest | None:
        """The request of the open round with this id, answered or not."""
        for request in self.state.pending:  # a plain loop: submit is on every game's hot path
            if request.id == request_id:
                return request
        return None

    def submit(self, seat: str, request_id: str, answer: Any, *, replace: bool = False) -> None:
        """Answer an open request for ``seat``. Nothing changes if the answer is illegal.

        With ``replace``, an answer ``seat`` already gave in the open round is changed (its
        mind changed before the reveal); a refused new answer leaves the old one.

        :raises GameOver: the game has ended.
        :raises UnknownDecision: no such open request (or, without ``replace``, it is answered).
        :raises NotYourDecision: the request belongs to another seat.
        :raises IllegalDecision: the answer is not one the request allows, or (``replace``) the
            engine answered it: it had a single choice.
        """
        if self.over:
            raise GameOver("the game is over")
        request = self._round_request(request_id)
        answered = request is not None and request.id in self.state.answers
        if request is None or (answered and not replace):
            open_ids = ", ".join(r.id for r in self.pending(seat)) or "none"
            raise UnknownDecision(f"no open decision {request_id!r} (open for {seat}: {open_ids})")
        if request.seat != seat:
            raise NotYourDecision(f"decision {request_id!r} belongs to seat {request.seat!r}, not {seat!r}")
        if answered and request.count() == 1:
            raise IllegalDecision(f"decision {request_id!r} has a single choice, answered by the engine: nothing to change")
        if not request.allows(answer):
            raise IllegalDecision(f"{answer!r} is not a legal answer to {request_id!r}; choose one of {request.describe()}")
        self.state.answers[request.id] = copied_answer(answer)

    def withdraw(self, seat: str, request_id: str) -> None:
        """Take back ``seat``'s answer to a request of the open round, before its reveal: the
        request is open again. Nothing changes when it is refused.

        :raises GameOver: the game has ended.
        :raises UnknownDecision: no such request in the open round, or it is not answered.
        :raises NotYourDecision: the request belongs to another seat (whether answered or not).
        :raises IllegalDecision: the engine answered it: it had a single choice.
        """
        if self.over:
            raise GameOver("the game is over")
        request = self._round_request(request_id)
        if request is None:
            raise UnknownDecision(f"no decision {request_id!r} in the open round: it is revealed, or never was")
        if request.seat != seat:
            raise NotYourDecision(f"decision {request_id!r} belongs to seat {request.seat!r}, not {seat!r}")
        if request.id not in self.state.answers:
            raise UnknownDecision(f"decision {request_id!r} is not answered: there is nothing to withdraw")
        if request.count() == 1:
            raise IllegalDecision(f"decision {request_id!r} has a single choice, answered by the engine: nothing to change")
        del self.state.answers[request.id]
