"""The seed post's baseline: vowels by frequency until the first hit, then fill the most revealed word
with the most frequent vocabulary word matching its pattern."""

from __future__ import annotations

from wordgames.hangman.game import MASK, Board
from wordgames.hangman.solvers.base import Decision, Solver, fill


class BaselineSolver(Solver):
    name = "baseline"

    def decide(self, board: Board) -> Decision:
        lex = self.lexicon
        guessed = board.guessed
        slots = board.slots
        best = []
        for s in slots:
            c = lex.candidates(s, guessed, limit=1)
            best.append(c.words[0] if len(c) else None)
        prediction = fill(board.masked, best)
        if not board.right:
            for ch in lex.letters_by_frequency():
                if ch in "aeiou" and ch not in guessed:
                    return Decision(ch, "vowels", prediction)
        order = sorted(
            (i for i, s in enumerate(slots) if MASK in s),
            key=lambda i: (-(1 - slots[i].count(MASK) / len(slots[i])), -len(slots[i]), i),
        )
        for i in order:
            word = best[i]
            if word is None:
                continue
            for ch, w in zip(slots[i], word, strict=True):
                if ch == MASK:
                    return Decision(w, "fill", prediction)
        return Decision(self.fallback_letter(board), "frequency", prediction)
