"""Matches: the same two players in two games, their seats swapped, and who won the series.

A match is made of games of one game system with two seats each. In the first game player 1
holds the first seat (scenario order) and player 2 the second; in each later game they swap.
A scenario played twice is its sides played once by each player; two scenarios (e.g. one
and its variant) are played in that order.

Before anything is played, :func:`match_issues` says what makes no match: a game without
exactly two seats, games of different systems, and what the first game's rules say
(``sog_match_issues``). When every game is over, :func:`match_outcome` asks the first
game's rules (``sog_match_result``); without an answer the player who won more games takes
the match (a game's winning side gives the win to the player at its seat), else it is a draw.
"""

from __future__ import annotations

from collections.abc import Sequence

from sog.game import Game
from sog.hooktypes import Outcome

__all__ = ["PLAYERS", "match_issues", "match_outcome", "match_players"]

PLAYERS = ("player 1", "player 2")
"""The players of a match, by the seat they hold first (player 1: the first game's first seat)."""


def match_players(games: Sequence[Game]) -> list[dict[str, str]]:
    """For each game, ``{seat: player}``: game 1's seats in order to players 1 and 2, swapped in each next game.

    :raises ValueError: a game without exactly two seats.
    """
    out = []
    for index, game in enumerate(games):
        seats = game.seats()
        if len(seats) != len(PLAYERS):
            raise ValueError(f"{game.state.scenario} has {len(seats)} seats ({', '.join(seats)}); a match needs two")
        out.append({seat: PLAYERS[(k + index) % len(PLAYERS)] for k, seat in enumerate(seats)})
    return out


def match_issues(games: Sequence[Game]) -> list[str]:
    """What makes these games no match (module docstring); an empty list when they make one."""
    issues = []
    for game in games:
        if len(game.seats()) != len(PLAYERS):
            issues.append(f"{game.state.scenario} has {len(game.seats())} seats ({', '.join(game.seats())}); a match needs two")
    systems = {game.system.name for game in games}
    if len(systems) > 1:
        issues.append(f"the games are of different game systems ({', '.join(sorted(systems))})")
    if issues or not games:
        return issues
    players = match_players(games)
    for found in games[0].hook.sog_match_issues(games=list(games), players=players):
        issues.extend(found or [])
    return issues


def _games_won(games: Sequence[Game], players: list[dict[str, str]]) -> dict[str, int]:
    won = {name: 0 for name in PLAYERS}
    for game, seats in zip(games, players):
        outcome = game.state.outcome
        if outcome is None or outcome.winner is None:
            continue
        for seat in game.state.sides.get(outcome.winner, ()):
            won[seats[seat]] += 1
    return won


def match_outcome(games: Sequence[Game]) -> Outcome:
    """Who won the match (module docstring); every game must be over."""
    players = match_players(games)
    answer = games[0].hook.sog_match_result(games=list(games), players=players)
    if answer is not None:
        return answer
    won = _games_won(games, players)
    told = ", ".join(f"{name} {count}" for name, count in won.items())
    best = max(won.values())
    leaders = [name for name, count in won.items() if count == best]
    if len(leaders) == 1:
        return Outcome(winner=leaders[0], reason=f"more games won: {told}")
    return Outcome(winner=None, reason=f"a draw: as many games won ({told})")
