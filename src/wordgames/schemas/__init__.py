"""JSON schemas of the configuration, one file per section (package data)."""
