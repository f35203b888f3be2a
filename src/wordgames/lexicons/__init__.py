"""Lexicons shipped by dependencies, read as data (below the games, which share them)."""
