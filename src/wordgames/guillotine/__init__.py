"""La Ghigliottina: find the one word linked to five clue words.

Modules: :mod:`.games` (readers and the one normalisation), :mod:`.metrics`, :mod:`.lexicon`
(Italian nouns and adjectives), :mod:`.links` (surface-pattern counts, the ``guillotine-links`` stage),
:mod:`.evidence` (every evidence channel, each optional), :mod:`.solvers` (``gullever`` as published and
``links``, the default), :mod:`.model` (the weighting model), :mod:`.evaluate` and :mod:`.cli`.
"""
