"""Sentence Hangman: the game, solvers behind one interface, and their evaluation."""
