"""The arithmetic of the boarding melee (dice_and_inches.melee), as the text gives it."""

from __future__ import annotations

from fractions import Fraction

from dice_and_inches.melee import (
    ASSIGN_ORDER,
    MELEE_LOSS_ORDER,
    fight_round,
    melee_points,
    melee_strength,
    take_men,
)


def test_sailors_count_one_marines_and_officers_two() -> None:
    assert melee_strength({"sailors": 1, "marines": 0, "officers": 0}) == 1
    assert melee_strength({"sailors": 0, "marines": 1, "officers": 0}) == 2
    assert melee_strength({"sailors": 0, "marines": 0, "officers": 1}) == 2
    assert melee_strength({"sailors": 8, "marines": 2, "officers": 1}) == 8 + 4 + 2


def test_points_are_men_times_value_times_die_over_ten_kept_exact() -> None:
    # strength 13 (say 7 sailors, 2 marines, 1 officer) x die 4 / 10 = 5.2 exactly
    assert melee_points(13, 4) == Fraction(52, 10)
    assert melee_points(9, 3) == Fraction(27, 10)
    assert melee_points(0, 6) == 0


def test_loser_removes_the_difference_rounded_down() -> None:
    result = fight_round(13, 4, 9, 3)  # 5.2 against 2.7: difference 2.5
    assert result.loser == "defender"
    assert result.losses == 2
    assert result.attacker_points == Fraction(26, 5)


def test_the_attacker_loses_when_his_points_are_lower() -> None:
    result = fight_round(10, 1, 10, 6)  # 1.0 against 6.0
    assert result.loser == "attacker"
    assert result.losses == 5


def test_fractions_are_kept_until_the_difference() -> None:
    # 7 x 3 = 2.1 and 3 x 6 = 1.8: rounding each side first would give 2 - 1 = 1 man;
    # keeping the fractions the difference is 0.3, a lost round costing no man.
    result = fight_round(7, 3, 3, 6)
    assert result.loser == "defender"
    assert result.losses == 0


def test_equal_points_are_a_drawn_round() -> None:
    result = fight_round(6, 2, 4, 3)  # 1.2 against 1.2
    assert result.loser is None
    assert result.losses == 0


def test_men_with_no_fighters_score_nothing_and_lose() -> None:
    result = fight_round(1, 1, 0, 6)  # 0.1 against 0
    assert result.loser == "defender"
    assert result.losses == 0


def test_losses_come_off_marines_first() -> None:
    left, taken = take_men({"sailors": 5, "marines": 2, "officers": 1}, 3, MELEE_LOSS_ORDER)
    assert taken == {"sailors": 1, "marines": 2, "officers": 0}
    assert left == {"sailors": 4, "marines": 0, "officers": 1}


def test_officers_fall_last() -> None:
    left, taken = take_men({"sailors": 2, "marines": 1, "officers": 2}, 4, MELEE_LOSS_ORDER)
    assert taken == {"sailors": 2, "marines": 1, "officers": 1}
    assert left == {"sailors": 0, "marines": 0, "officers": 1}


def test_losses_cannot_exceed_the_men_there_are() -> None:
    left, taken = take_men({"sailors": 1, "marines": 1, "officers": 0}, 9, MELEE_LOSS_ORDER)
    assert sum(taken.values()) == 2
    assert left == {"sailors": 0, "marines": 0, "officers": 0}


def test_men_set_to_other_tasks_are_sailors_first() -> None:
    left, taken = take_men({"sailors": 2, "marines": 2, "officers": 1}, 3, ASSIGN_ORDER)
    assert taken == {"sailors": 2, "marines": 1, "officers": 0}
    assert left == {"sailors": 0, "marines": 1, "officers": 1}
