"""Every ruling of the dice-and-inches system, in one place.

The source text (a 1970s home-made game, seed 004) leaves much to the players. Where it is
unclear or silent, the system decides here, once, by name. The rulings of the system, its
turn, damage and victory are defined in this module (constants and functions, each with its
reason); the movement, fire and boarding rules keep theirs in a ``# Rulings`` section of
their own module, and :data:`INDEX` lists them all: ``(name, module, one line)``.

The turn (ruling TURN_PARTS)
----------------------------
"Players move alternately. Both movement and firing take place during your own portion of
the turn. Defender removes all casualties before beginning his move and fire." Each turn,
each side in the scenario's order plays its *part*, made of these per-side steps:

====  ============  =====================================================================
100   casualties    the side's ships take off pending hits; fires burn or are fought;
                    morale checks (dice-damage)
150   anchoring     announce anchoring, rig a spring (dice-movement)
200   fire-1        fire before moving (dice-fire)
300   first-leg     the first half move, then a turn (dice-movement)
400   fire-2        fire after the first half move (dice-fire)
500   second-leg    the second half move, then a turn (dice-movement)
600   fire-3        fire after the move (dice-fire)
700   boarding      grapple, cut, defensive fire, three melee rounds (dice-boarding)
====  ============  =====================================================================

"Fire at any time during own move" is read as the three fire windows; each gun fires at
most once a part. Hits go to the target's ``pending`` and come off in its side's next
casualties step, except in a boarding, where the defender's come off first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "TURN_PARTS", "INCH_MM", "FOREMAST_FRACTION", "HULL_LIMIT", "RIGGING_LIMIT",
    "JURY_MAST_LIMIT", "DISMASTED_PARTS", "CREW_LOSS_ORDER", "OFFICER_HIT_FALLBACK",
    "lost_gun_index", "MIN_GUN_CREW", "FIRE_FIGHTERS_BUSY", "FIRE_DAMAGE", "MORALE_FIGHT_ON",
    "MORALE_REPLACEMENT", "BATTERY_DAMAGE", "NO_MEN_NO_GUNS", "BATTERY_GUNS_SEAWARD",
    "VICTORY_KIND", "BATTERIES_DO_NOT_HOLD_THE_SEA", "LOSS_POINTS", "SHIP_LOST_POINTS",
    "INDEX",
]

# --------------------------------------------------------------------------- the system

#: The order of the per-side steps of a part (see the module docstring).
TURN_PARTS: tuple[tuple[int, str], ...] = (
    (100, "casualties"), (150, "anchoring"), (200, "fire-1"), (300, "first-leg"),
    (400, "fire-2"), (500, "second-leg"), (600, "fire-3"), (700, "boarding"),
)

#: One inch is 25.4 mm: the text's inches are laid on the core's table frame in mm.
INCH_MM = 25.4

#: "Always use the foremast as the pivot or point of measurement": the foremast stands this
#: fraction of the hull length forward of the hull's centre (the model's masts are not
#: described further; a two-master's foremast sits about midway between centre and bow). A
#: land battery has no mast: it measures from the centre of its frontage
#: (:func:`dice_and_inches.units.foremast_offset` is 0 for it).
FOREMAST_FRACTION = 0.25

# --------------------------------------------------------------------------- damage (dice-damage)

#: Damage limit: the ship sinks when her hull hits reach 8.
HULL_LIMIT = 8

#: Damage limit: all rigging is lost at 3 hits. The text also speaks of "about 5 or 6" sail
#: and mast pieces on the model; that is how hits are shown on the model, the table's 3 is
#: the rule.
RIGGING_LIMIT = 3

#: Damage limit: one rigging hit brings a jury mast down; another may be rigged, as often
#: as needed, each time with a part dead in the water.
JURY_MAST_LIMIT = 1

#: "Loss of all rigging means dead in the water for one turn while a jury mast is rigged":
#: the ship does not move in the part in which she takes the loss off (her casualties step
#: comes before her move); the movement rule counts ``Handling.dead_in_water`` down when it
#: skips a move, and moves her at half speed while ``Handling.jury_mast`` is set.
DISMASTED_PARTS = 1

#: Crew hits from fire kill sailors first, then marines, officers last (officers are hit by
#: their own results: the swivel's 6 and the sharpshooter). The text only says men are
#: "removed as lost"; the gun crews and boarders at the rail are sailors.
CREW_LOSS_ORDER: tuple[str, ...] = ("sailors", "marines", "officers")

#: An officer hit on a ship with no officer left kills a man instead (a hit is never lost).
OFFICER_HIT_FALLBACK = "crew"


def lost_gun_index(guns: Sequence[Any]) -> int | None:
    """Which gun a "1 gun" hit dismounts (ruling GUN_LOSS): a great gun (cannon or carronade)
    of the side with more great guns left (the left side on a tie), the last one listed;
    swivels only once no great gun is left. ``None`` when there is no gun at all.

    The text says only "guns are removed as lost"; a ball dismounts a carriage gun first, and
    a fixed choice keeps the bots' games and replays free of one more decision.
    """
    if not guns:
        return None
    great = [i for i, g in enumerate(guns) if g.kind != "swivel"]
    pool = great or list(range(len(guns)))
    left = [i for i in pool if guns[i].side == "left"]
    right = [i for i in pool if guns[i].side == "right"]
    side = left if len(left) >= len(right) else right
    return (side or pool)[-1]


#: "Minimum gun crew = 1 man": a gun fires only if a man serves it; men fighting fire serve
#: no gun (:func:`dice_and_inches.damage.guns_served`).
MIN_GUN_CREW = 1

#: Men set to fight fire in a ship's casualties step "may do nothing else this turn": they
#: stay busy until her side's next casualties step (through the enemy's part too: they
#: neither fire, nor grapple, nor fight a melee).
FIRE_FIGHTERS_BUSY = "until the ship's next casualties step"

#: A fire not put out in the ship's next part does one hit each to hull, rigging and men
#: (taken off at once), then a die is thrown for each fire: a 1 and she explodes. A fire
#: burns on until it is put out.
FIRE_DAMAGE = 1

#: Morale check on losing the last officer: these results fight on (1-4 surrender).
MORALE_FIGHT_ON: frozenset[int] = frozenset({5, 6})

#: "Fight on, replace 1 officer": a sailor (or, with none left, a marine) becomes the officer;
#: the number of men aboard does not change.
MORALE_REPLACEMENT = "a sailor, else a marine, is promoted"

#: A land battery has no hull and no rigging: the hit results against land cannon leave only
#: gun and crew hits (4-6 miss), and any hull or rigging hit on a battery is ignored. A
#: battery never sinks.
BATTERY_DAMAGE = "guns and men only"

#: A ship with no man aboard leaves play ``abandoned``; a battery with no gun or no man is
#: ``silenced``. The text does not say; neither can do anything any more.
NO_MEN_NO_GUNS = ("abandoned", "silenced")

#: A land battery's guns all stand on its right side, which the scenario turns seaward (its
#: pose's heading runs along the shore); it never moves.
BATTERY_GUNS_SEAWARD = "right"

# --------------------------------------------------------------------------- victory (dice-victory)

#: The victory kind of the system's scenarios: the last side with a ship afloat wins.
VICTORY_KIND = "last-side-afloat"

#: A side with no *ship* in play has lost even if its land batteries still fire: the text's
#: battles are fought between ships; a battery cannot hold the sea.
BATTERIES_DO_NOT_HOLD_THE_SEA = True

#: At the scenario's turn limit the side whose pieces suffered the fewest loss points wins
#: (for two sides: the side that inflicted the most damage); equal losses are a draw. Each
#: hull hit, rigging hit (jury masts included), man lost and gun lost is a point, and so is
#: each hit scored but not yet taken off when the game stops (it was inflicted)...
LOSS_POINTS = ("hull", "rigging", "men", "guns")

#: ... and a ship or battery out of play (sunk, exploded, surrendered, captured, abandoned,
#: silenced, off the table) counts this many points more.
SHIP_LOST_POINTS = 10

# --------------------------------------------------------------------------- the index

#: Every ruling of the system: ``(name, module, one line)``, ``module`` relative to the
#: package. The movement, fire and boarding entries name constants in those modules'
#: ``# Rulings`` sections (tests check that each exists, and that each constant of those
#: sections is listed here).
INDEX: tuple[tuple[str, str, str], ...] = (
    ("TURN_PARTS", "rulings", "a part per side: casualties, anchoring, fire, half move, fire, half move, fire, boarding"),
    ("INCH_MM", "rulings", "1 inch = 25.4 mm on the core's table frame"),
    ("FOREMAST_FRACTION", "rulings", "the foremast, pivot and point of measurement, is 1/4 of the length forward of centre; a battery measures from its centre"),
    ("HULL_LIMIT", "rulings", "8 hull hits sink a ship"),
    ("RIGGING_LIMIT", "rulings", "3 rigging hits dismast her (the table's 3, not the model's 5-6 pieces)"),
    ("JURY_MAST_LIMIT", "rulings", "1 rigging hit brings a jury mast down; another is rigged"),
    ("DISMASTED_PARTS", "rulings", "dismasted or jury mast lost: no move in that part, half speed after"),
    ("CREW_LOSS_ORDER", "rulings", "crew hits kill sailors, then marines, officers last"),
    ("OFFICER_HIT_FALLBACK", "rulings", "an officer hit with no officer aboard kills a man"),
    ("lost_gun_index", "rulings", "a gun hit dismounts a great gun of the fuller side; swivels last"),
    ("MIN_GUN_CREW", "rulings", "one man per gun fired; fire fighters serve no gun"),
    ("FIRE_FIGHTERS_BUSY", "rulings", "fire fighters are busy until their ship's next casualties step"),
    ("FIRE_DAMAGE", "rulings", "a fire not put out: 1 hull, 1 rigging, 1 man, then a die per fire, 1 explodes"),
    ("MORALE_FIGHT_ON", "rulings", "last officer lost: 5-6 fight on, 1-4 surrender"),
    ("MORALE_REPLACEMENT", "rulings", "the replacement officer is a promoted sailor (else marine)"),
    ("BATTERY_DAMAGE", "rulings", "a land battery loses guns and men only, never sinks"),
    ("NO_MEN_NO_GUNS", "rulings", "no man aboard: abandoned; battery with no gun or man: silenced"),
    ("BATTERY_GUNS_SEAWARD", "rulings", "a battery's guns stand on its right side, turned seaward"),
    ("VICTORY_KIND", "rulings", "last-side-afloat: the last side with a ship in play wins"),
    ("BATTERIES_DO_NOT_HOLD_THE_SEA", "rulings", "a side with batteries but no ship has lost"),
    ("LOSS_POINTS", "rulings", "at the turn limit the side with the fewest loss points wins; equal: draw"),
    ("SHIP_LOST_POINTS", "rulings", "a piece out of play is 10 loss points more"),
    # ----------------------------------------------------------------- movement (dice-movement)
    ("HEAD_TO_WIND", "handling", "the bow is in the wind's eye within 22.5 degrees of the wind"),
    ("WIND_AHEAD", "handling", "wind 'from ahead' up to 67.5 degrees off the bow"),
    ("WIND_REAR", "handling", "wind 'from the rear' beyond 112.5 degrees off the bow; between, 'from the side'"),
    ("RIG_SPEEDS", "handling", "whole move by rig and point of sail: fore and aft faster into the wind, square faster running"),
    ("JURY_MAST_SPEED", "handling", "a jury mast gives half speed"),
    ("DRIFT_INCHES", "handling", "a ship left in the wind's eye drifts 3 inches downwind a part"),
    ("TACK_STALL", "handling", "a tack stalls on a 6"),
    ("TURN", "handling", "45 degrees of turn after each half move"),
    ("MOVE_STEP", "handling", "distances are chosen by quarter inches"),
    ("FORCED_FIRST_HALF", "movement", "exactly half a move first, no decision; 0 up to another half move second"),
    ("STOP_ENDS_MOVE", "movement", "a luff, tack, pointing, drift, collision, rock or the edge ends the part's movement"),
    ("LASHED_HOLDS", "movement", "a lashed ship neither sails nor turns (she may cut loose when boarding)"),
    ("BLOCKED_AT_START", "movement", "a ship barred at the start of a run does not move nor strike again; she may turn instead"),
    ("ROCK_DELAY_PARTS", "movement", "running onto a rock or battery: a hull hit, hauled off 1 inch astern, the next part's movement lost, then a turn before her half move"),
    ("COLLISION_HITS", "movement", "a ship running into another stops at contact; a hull hit each (a wreck takes none)"),
    ("ANCHORING", "movement", "announced a part ahead; the anchor goes down after that part's move, she swings to face the wind"),
    ("SPRING", "movement", "a spring is rigged in a part and ready at the next"),
    ("SPRING_TURNS", "movement", "a ship on a spring may turn to any multiple of 45 degrees"),
    ("TACK_BLOCKED", "movement", "a tack whose second 45 degrees would sweep into a hull or rock stays stalled"),
    ("EDGE_SLIDE_BLOCKED", "movement_table", "when the world cannot slide, the ship that reached the edge stops flush with it"),
    ("EDGE_TURN", "movement_table", "an edge-stopped ship makes her helm order at once: any 45-degree heading she can sail on from"),
    ("POSE_ROUNDING", "movement_table", "poses are stored to 0.001 mm and 0.001 degree, never rounded into the edge, a hull or a rock"),
    ("BOW_FRACTION", "collision", "the bow is the fore quarter of the hull (bow to beam entangles)"),
    ("DEFLECT_ANGLE", "collision", "under 45 degrees between the hulls a collision deflects"),
    ("DEFLECT_ASIDE", "collision", "a deflected ship is set alongside, clear along her course"),
    ("SWEEP_STEP", "collision", "turn and swing sweeps are checked every 5 degrees"),
    ("EDGE_SLIDE", "collision", "at the edge every ship slides alike, square to the edge; rocks and batteries stay"),
    # ----------------------------------------------------------------- fire (dice-fire)
    ("GUN_CREW", "fire", "each gun fired in a part takes one man for the part"),
    ("GUN_CREW_FROM", "fire", "guns are served by sailors, then officers, marines last"),
    ("MUSKETEERS", "fire", "small arms are the free marines', one die each, within 3 inches, once a part"),
    ("DOUBLINGS_STACK", "fire", "carronade, large land gun and raking doublings multiply"),
    ("RAKING_DOUBLES", "fire", "raking doubles cannon and carronade hits, not swivels or muskets"),
    ("HOT_SHOT_HEATING_PARTS", "fire", "hot shot is heated two parts, then fired; a 5-6 on a third die sets a fire"),
    ("CARRONADE_MAX_RANGE", "fire_tables", "carronades fire in the 3 and 6 inch bands only"),
    ("LAND_LONG_RANGE_BONUS", "fire_tables", "land cannon add 6 inches to the long band only"),
    ("LAND_HIT_BONUS", "fire_tables", "land cannon add 1 to the to-hit die in every band"),
    ("BATTERY_MISSES", "fire_tables", "fire at a battery: results 4-6 miss in every column"),
    ("MUSKET_HIT", "fire_tables", "a musket hit kills one man, no hit-result die"),
    ("SHARPSHOOTER_RANGE", "fire_tables", "the sharpshooter shoots up to 6 inches"),
    ("SHARPSHOOTER_NEEDS", "fire_tables", "the sharpshooter hits on a 6"),
    ("SHARPSHOOTER_HIT", "fire_tables", "a sharpshooter's hit kills an officer"),
    ("HOT_SHOT_FIRE_ON", "fire_tables", "hot shot sets a fire on 5-6 of the third die"),
    ("ARC_FROM", "fire_geometry", "a broadside bears from 45 degrees off the bow..."),
    ("ARC_TO", "fire_geometry", "... to 135 degrees: nothing bears dead ahead or astern"),
    ("BATTERY_ARC", "fire_geometry", "a battery's guns traverse the whole seaward side"),
    ("RAKING", "fire_geometry", "a shot rakes from inside the wedge of the target's extended hull diagonals"),
    ("LINE_OF_SIGHT", "fire_geometry", "fire needs a clear line foremast to foremast: no other hull (friend, foe or wreck) nor rock across it"),
    # ----------------------------------------------------------------- boarding (dice-boarding)
    ("GRAPPLES_BEFORE_BOARDING", "boarding", "grapples at each enemy in reach first, then the boarding decision"),
    ("MEN_ASSIGNED_ARE_BUSY", "boarding", "grapple throwers and cutters do not fight in the melee"),
    ("FIRE_FIGHTERS_DO_NOT_BOARD", "boarding", "fire fighters neither grapple, cut, shoot nor fight"),
    ("ONE_BOARDING_PER_SHIP", "boarding", "a ship boards at most one enemy a part; batteries are never boarded"),
    ("DECK_LOST_CONSECUTIVE", "boarding", "a lost round loses the deck; the next loss without a win between loses the ship"),
    ("MELEE_CASUALTIES_AT_ONCE", "boarding", "melee losses come off at once, with a morale check at once"),
    ("DEFENDER_WITHOUT_MEN_CAPTURED", "boarding", "a defender left with no man after a lost round is captured"),
    ("LASHED_UNTIL_ONE_LEAVES", "boarding", "lashed ships stay lashed until one cuts loose or leaves play"),
    ("CUT_LOOSE", "boarding", "in her own part a lashed ship not boarding may set men to cut loose from a friend or foe: a 6 per man frees her"),
    ("DEFENSIVE_GUN_READY", "boarding_fire", "defensive fire by guns that did not fire in the defender's latest part"),
    ("DEFENSIVE_GUNS_ONCE_PER_PART", "boarding_fire", "a gun gives defensive fire once in an attacker's part"),
    ("DEFENSIVE_FIRE_SIDE", "boarding_fire", "the broadside facing the boarder gives defensive fire"),
    ("DEFENSIVE_GUN_CREW", "boarding_fire", "each defensive gun needs a free man"),
    ("DEFENSIVE_SMALL_ARMS", "boarding_fire", "small arms of survivors: the surviving free marines, at every boarding"),
    ("DEFENSIVE_CANNON_COLUMN", "boarding_fire", "great guns firing at boarders read the grape column"),
    ("DEFENSIVE_FIRE_MEN_AT_ONCE", "boarding_fire", "boarders hit by defensive fire fall at once; other hits wait"),
    ("GRAPPLE_ON", "grappling", "a grapple holds on a 5 or 6"),
    ("CUT_ON", "grappling", "a 6 cuts one grapple; extra sixes are wasted"),
    ("GRAPPLE_REACH_INCHES", "grappling", "grapples reach an enemy hull within 1 inch"),
    ("MELEE_VALUES", "melee", "a sailor is worth 1, a marine or officer 2"),
    ("MELEE_ROUNDS_PER_PART", "melee", "three melee rounds in the attacker's part"),
    ("MELEE_LOSSES_ROUND_DOWN", "melee", "points kept exact; the difference rounds down to the men lost"),
    ("MELEE_DRAW_NOBODY_LOSES", "melee", "equal points: a drawn round, nobody loses"),
    ("MELEE_LOSS_ORDER", "melee", "the loser removes marines first, then sailors, officers last, among the fighters"),
    ("ASSIGN_ORDER", "melee", "men set to grapple or cut are sailors first, officers last"),
)
