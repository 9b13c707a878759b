"""The Advanced rules (rulebook pp. 28-33), each a plugin on top of the Standard rules.

The rulebook means them as one set, on at the Advanced level only:

* ``crew-actions`` — the action step: action counters planned secretly up to the ship's
  crew actions, revealed together; the combat and reloading actions;
* ``sail-settings`` — full, battle, backing or struck sails select a blue card's line; the
  sail actions; struck sails stop planning;
* ``special-damage`` — the symbols of damage counters: crew, fire, leak, broken mast, sail
  and rudder damage;
* ``repairs`` — pumping water, extinguishing fires and repairing damage.

What the rules share on the ship mat (action counters, the Special Damage box, shifting a
track) is in :mod:`sog.plugins.advanced.mat`, which is no rule. Any Standard or Basic rule
the Advanced rules do not change stays in force.
"""
