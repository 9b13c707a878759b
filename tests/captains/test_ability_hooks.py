"""New effects come from plugins, new abilities from data: a test-only rule declares an effect
(sog_ability_effects), says when and how it may be used (sog_ability_options) and makes it
happen (sog_ability_used); an ability document naming it is dealt, offered and played."""

from __future__ import annotations

from captains_pack import SCENARIO, Bench, ability, captain, write_pack
from sog import hookimpl, testing
from sog.lineup import Lineup
from sog.packs.loader import load_library
from sog.plugins.system import ALL_LEVELS, NAME as SAILS
from sog.plugins.system.hooktypes import AbilityEffect, AbilityOption
from sog.pluginmanager import content_kinds, create_catalogue
from sog.setup import new_game


class Signals:
    """A house rule's effect: hoist signal flags (one way per flag), which the effect records."""

    NAME = "signal-flags"

    def __init__(self) -> None:
        self.used: list[tuple[str, str, object]] = []
        self.asked: list[str] = []

    @hookimpl
    def sog_ability_effects(self) -> list[AbilityEffect]:
        return [AbilityEffect("hoist", "Hoist a signal.", ("end-of-turn",),
                              {"type": "object", "additionalProperties": False,
                               "properties": {"flags": {"type": "array", "items": {"type": "string"}}}})]

    @hookimpl
    def sog_ability_options(self, game, ship, ability):
        if ability.effect != "hoist":
            return None
        self.asked.append(ship.id)
        return [AbilityOption(flag, f"hoist {flag}") for flag in ability.params["flags"]]

    @hookimpl
    def sog_ability_used(self, game, ship, ability, choice):
        if ability.effect == "hoist":
            self.used.append((ship.id, ability.id, choice))


def _game(tmp_path, catalogue_extra):
    folder = write_pack(tmp_path / "signals",
                        abilities=[ability("england-expects", "hoist", "{flags: [engage, close-action]}", 2, "end-of-turn")],
                        captains=[captain("nelson", "england-expects")], crew_cards=[])
    catalogue = create_catalogue(entry_point_plugins=False, extra=catalogue_extra)
    library = load_library([folder], on_demand=True, kinds=content_kinds(catalogue))
    options = [Signals.NAME] if catalogue_extra else []
    game = new_game(SCENARIO, library=library, catalogue=catalogue, options=options, blocked=["movement"],
                    lineup=Lineup(attach={"terpsichore": {"captain": ("nelson",)}}))
    return Bench(game)


def test_an_effect_a_plugin_declares_is_offered_with_its_options_and_played(tmp_path):
    signals = Signals()
    b = _game(tmp_path, [testing.RuleProvider(Signals.NAME, signals, ALL_LEVELS, system=SAILS)])
    assert b.events("abilities-left-out") == []
    b.until(1, "abilities-end-of-turn")
    (request,) = b.pending("ability", "terpsichore")
    assert (request.choices, request.labels) == ([False, "engage", "close-action"], ["keep", "hoist engage", "hoist close-action"])
    b.script[("ability", "terpsichore")] = ["close-action", "engage"]
    b.play(b.game.state.turn + 1)
    assert signals.used == [("terpsichore", "england-expects", "close-action"), ("terpsichore", "england-expects", "engage")]
    assert b.cards("terpsichore")["england-expects"]["state"] == "discarded"


def test_without_the_plugin_the_ability_is_left_out(tmp_path):
    b = _game(tmp_path, [])
    ((out,),) = [e["data"]["abilities"] for e in b.events("abilities-left-out")]
    assert out["ability"] == "england-expects" and "'hoist'" in out["reason"]
