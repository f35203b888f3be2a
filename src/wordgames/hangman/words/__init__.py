"""Single-word Hangman on the public hangman challenge's protocol (docs/hangman.md, "Single words").

A dictionary of training words, a disjoint set of test words, 6 lives. ``dictionary`` reads and
splits the word list, ``charmodel`` is the smoothed character n-gram model over the training words,
``presence`` the exact probability that each letter is in a masked word under that model,
``solvers`` the pattern baseline and the model solver, ``play`` the games and their records.
"""
