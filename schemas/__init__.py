"""JSON Schemas (draft 2020-12) of the content kinds, read with importlib.resources."""
