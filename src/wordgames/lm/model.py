"""Query a KenLM model, loaded memory-mapped (the binary format maps lazily; ARPA also works)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from wordgames.artifacts import require
from wordgames.errors import InputError

LN10 = 2.302585092994046


class LanguageModel:
    """A thin wrapper over ``kenlm.Model``: states, word scores (log10) and whole-sentence scores."""

    def __init__(self, path: str | os.PathLike, load: str = "lazy"):
        import kenlm

        self.path = require(path, "train the language model first (wordgames build lm)")
        config = kenlm.Config()
        methods = {
            "lazy": kenlm.LoadMethod.LAZY,
            "populate": kenlm.LoadMethod.POPULATE_OR_READ,
            "read": kenlm.LoadMethod.READ,
        }
        if load not in methods:
            raise InputError(f"unknown KenLM load method {load!r}: use one of {sorted(methods)}")
        config.load_method = methods[load]
        try:
            self.model = kenlm.Model(str(self.path), config)
        except (OSError, RuntimeError) as exc:
            raise InputError(f"{self.path}: not a KenLM model ({exc})") from None
        self.order = self.model.order
        self._kenlm = kenlm

    def begin(self):
        """The state after ``<s>``."""
        state = self._kenlm.State()
        self.model.BeginSentenceWrite(state)
        return state

    def null(self):
        """The empty context."""
        state = self._kenlm.State()
        self.model.NullContextWrite(state)
        return state

    def new_state(self):
        return self._kenlm.State()

    def advance(self, state, word: str):
        """(log10 p(word | state), new state)."""
        out = self._kenlm.State()
        return self.model.BaseScore(state, word, out), out

    def score_sentence(self, words: list[str], bos: bool = True, eos: bool = True) -> float:
        return self.model.score(" ".join(words), bos=bos, eos=eos)

    def __contains__(self, word: str) -> bool:
        return word in self.model


@cache
def load_model(path: str, load: str = "lazy") -> LanguageModel:
    """One LanguageModel per path and process."""
    return LanguageModel(Path(path), load=load)
