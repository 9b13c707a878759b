"""Evaluate a random masked policy in the PettingZoo environment of sog (``pip install 'sog[rl]'``).

The policy picks uniformly among the actions its observation's mask allows, for one seat
against a bot of the game (the captain by default) or for every seat (``--opponent self``).
It prints the policy's wins, losses and draws over the episodes with the 95% Wilson interval
of its win rate: the floor any learnt policy should rise above. A learning agent plugs into
the same loop: it reads ``observations[agent]["observation"]`` and the mask, and learns from
the rewards (+1 win, -1 loss, 0 draw or truncated, at the end).

    python examples/rl_random_policy.py --episodes 50 --opponent captain
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

import numpy as np

from sog.env import SogParallelEnv
from sog.packs.loader import load_library
from sog.simulate import wilson_interval


def evaluate(env: SogParallelEnv, episodes: int, seed: int) -> Counter[str]:
    """Play ``episodes`` games (from ``seed``, then the seeds ``sog simulate`` derives) with the
    random masked policy for every agent; count each agent's ``win``, ``loss``, ``draw``."""
    rng = np.random.default_rng(seed)
    tally: Counter[str] = Counter()
    for episode in range(episodes):
        observations, _ = env.reset(seed=seed) if episode == 0 else env.reset()
        rewards: dict[str, float] = {}
        while env.agents:
            actions = {agent: int(rng.choice(np.flatnonzero(obs["action_mask"]))) for agent, obs in observations.items()}
            observations, rewards, _, _, _ = env.step(actions)
        for agent, reward in rewards.items():
            tally[f"{agent} {'win' if reward > 0 else 'loss' if reward < 0 else 'draw'}"] += 1
    return tally


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="enemy-in-sight")
    parser.add_argument("--rules", default=None, help="rules level (default: the scenario's)")
    parser.add_argument("--episodes", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=60, help="an episode is truncated after this turn")
    parser.add_argument("--seat", default=None, help="the policy's seat (default: the first); the others are the opponent's")
    parser.add_argument("--opponent", default="captain", help="a bot name (captain, random, ...) or 'self'")
    args = parser.parse_args(argv)

    library = load_library()  # loaded once for both environments
    seats = SogParallelEnv(args.scenario, level=args.rules, library=library).possible_agents
    seat = args.seat or seats[0]
    bots = {} if args.opponent == "self" else {s: args.opponent for s in seats if s != seat}
    env = SogParallelEnv(args.scenario, level=args.rules, library=library, max_turns=args.max_turns, bots=bots)
    tally = evaluate(env, args.episodes, args.seed)
    print(f"{args.scenario}, {args.episodes} episodes, random masked policy"
          + (f" as {seat} against the {args.opponent} bot" if bots else " on every seat"))
    for agent in env.possible_agents:
        wins, losses, draws = (tally[f"{agent} {k}"] for k in ("win", "loss", "draw"))
        low, high = wilson_interval(wins, args.episodes)
        print(f"  {agent}: {wins} wins, {losses} losses, {draws} draws or unfinished; "
              f"win rate {wins / args.episodes:.2f} (95% interval {low:.2f}-{high:.2f})")


if __name__ == "__main__":
    main()
