"""``sog serve``: the browser as a playing surface.

A Starlette app (:func:`sog.serve.app.create_app`) on uvicorn drives the same
:class:`~sog.game.Game` API as the command line: games are created from the lobby, stored
in SQLite (:mod:`sog.serve.store`), reached through one secret link per seat and one for
spectators (:mod:`sog.serve.tokens`), played by people and bots (:mod:`sog.serve.sessions`),
and shown to each seat only through ``game.view(seat)`` and ``game.events_for(seat)``
(:mod:`sog.serve.payloads`). The server holds no rule.
"""
