"""The dice-and-inches content pack (``pack.yaml``): ships, land batteries, scenarios.

Published through the ``sog.packs`` entry point; this package's folder is the pack.
"""
