"""Wordle: word lists, the feedback matrix, the game, strategies and their evaluation."""
