"""The Standard rules (rulebook pp. 22-27), each a plugin on top of the Basic rules.

The rulebook means them as one set, on at the Standard and Advanced levels:

* ``time-to-react`` — two planned cards: the one revealed this turn and the next one;
* ``veer`` — consecutive cards may differ in veer by at most the ship's veer rating;
* ``taken-aback`` — a ship taken aback at movement executes the red card of its card's veer;
* ``friendly-collisions`` — friendly ships that overlap damage one another;
* ``raking`` — central-arc fire entering the target's base through bow or stern;
* ``ammunition`` — ball, chain and grapeshot when firing (loading is the reloading rule's).

Any Basic rule the Standard rules do not change stays in force. The modules share nothing
but the game state and hooks; the ``sog_modify_movement`` pipeline needs veer before taken
aback, which ``taken-aback`` declares by requiring ``veer`` (rules of one level are
otherwise registered in alphabetical order).
"""
