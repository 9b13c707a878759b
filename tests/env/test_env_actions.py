"""Actions stand for legal answers: every masked-in action is accepted, the rest wraps or is refused."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from sog.decisions import DecisionRequest, NumberRange
from sog.env.actions import action_mask, answer_for, offered
from sog.errors import IllegalDecision


def _request(count=None, number=None):
    if number is not None:
        return DecisionRequest(id="r", seat="s", kind="k", rule="x", prompt="?", number=number)
    return DecisionRequest(id="r", seat="s", kind="k", rule="x", prompt="?", choices=[f"c{i}" for i in range(count)])


def test_every_masked_in_action_is_an_answer_the_engine_accepts(make_env, masked_random):
    env = make_env(level="advanced", max_turns=3)
    observations, _ = env.reset(seed=11)
    rng = np.random.default_rng(0)
    checked = set()
    while env.agents:
        for agent in env.agents:
            request = next(iter(env.game.pending(agent)), None)
            mask = observations[agent]["action_mask"]
            if request is None:
                assert mask.tolist() == [1] + [0] * (env.max_actions - 1)
                continue
            answers = [answer_for(request, int(a), env.max_actions)[0] for a in np.flatnonzero(mask)]
            assert all(request.allows(answer) for answer in answers)
            assert len(answers) == min(request.count(), env.max_actions)
            checked.add(request.kind)
        observations, *_ = env.step(masked_random(observations, rng))
    assert {"plan", "load", "action"} <= checked


def test_a_wide_number_range_is_offered_end_to_end():
    request = _request(number=NumberRange(min=0, max=900, step=1, unit="mm"))
    indexes = offered(request, 8)
    assert indexes[0] == 0 and indexes[-1] == 900 and len(set(indexes)) == 8
    assert [answer_for(request, a, 8)[0] for a in (0, 7)] == [0, 900]


def test_a_long_list_of_choices_is_offered_spread_over_its_order():
    request = _request(count=40)
    assert offered(request, 4) == [0, 13, 26, 39]
    assert action_mask(request, 4).tolist() == [1, 1, 1, 1]
    assert offered(request, 1) == [0]


def test_a_short_request_masks_the_actions_past_its_answers():
    assert action_mask(_request(count=3), 6).tolist() == [1, 1, 1, 0, 0, 0]
    assert action_mask(None, 4).tolist() == [1, 0, 0, 0]


def test_an_agent_answers_its_requests_one_a_step_and_then_has_only_the_no_op(make_env):
    env = make_env(max_turns=2)
    observations, infos = env.reset(seed=2)
    first = infos["british"]["request"]
    observations, _, _, _, infos = env.step({"british": 0})
    assert infos["british"]["request"] not in (None, first)  # its second ship's plan
    assert infos["french"]["request"] is not None  # left out: still open
    observations, _, _, _, infos = env.step({"british": 0})
    assert infos["british"]["request"] is None
    assert observations["british"]["action_mask"].tolist() == [1] + [0] * (env.max_actions - 1)


def test_a_masked_out_action_is_taken_modulo_the_offered_answers_and_flagged(make_env):
    env = make_env(max_turns=2)
    env.reset(seed=2)
    request = env.game.pending("british")[0]
    _, _, _, _, infos = env.step({"british": request.count() + 1})
    assert env.game.state.answers == {request.id: request.option(1)}
    assert infos["british"]["illegal_action"] is True and infos["french"]["illegal_action"] is False


def test_an_agent_with_nothing_to_decide_ignores_any_action_unless_strict(make_env):
    for strict in (False, True):
        env = make_env(max_turns=2, strict=strict)
        env.reset(seed=2)
        env.step({"british": 0})
        env.step({"british": 0})
        if strict:
            with pytest.raises(IllegalDecision, match="nothing to decide"):
                env.step({"british": 3})
        else:
            _, _, _, _, infos = env.step({"british": 3})
            assert infos["british"]["illegal_action"] is True and infos["french"]["request"] is not None


def test_strict_refuses_a_masked_out_action_and_changes_nothing(make_env):
    env = make_env(max_turns=2, strict=True)
    _, infos = env.reset(seed=2)
    legal = infos["british"]["legal_answers"]
    with pytest.raises(IllegalDecision, match="masked out"):
        env.step({"british": legal})
    assert env.game.state.answers == {}
