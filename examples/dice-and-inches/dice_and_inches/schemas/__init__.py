"""JSON Schemas of the dice-and-inches content kinds (``dice-ship.json``)."""
