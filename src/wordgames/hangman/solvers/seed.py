"""The seed post's method.

Stage 1 guesses letters in dictionary frequency order (e, a, i, s, r, n, t, o, ...) until the first miss
or until more than four letters are revealed. Stage 2 decodes the phrase with Viterbi: the hidden states
are words, the emission of a masked slot is the normalised unigram probability of the vocabulary words
that fit it (and hold none of the wrong letters), the transitions are the n-gram LM's word-to-word
probabilities. The guess is the unrevealed letter that appears in most words of the best path.
"""

from __future__ import annotations

import numpy as np

from wordgames.config import schema_defaults
from wordgames.hangman.game import MASK, Board
from wordgames.hangman.lexicon import ALPHABET
from wordgames.hangman.scoring import phrase_scorer
from wordgames.hangman.solvers.base import UNK, Decision, Solver, fill

SEED_ORDER = "eaisrntolcudpmhgbfywkvxzjq"
# the options' defaults are the config schema's (hangman.seed), not repeated here
_DEFAULTS = schema_defaults("hangman.seed")


class SeedSolver(Solver):
    name = "seed"
    needs_lm = True

    def __init__(
        self,
        resources,
        candidates: int = _DEFAULTS["candidates"],
        stage1_reveal: int = _DEFAULTS["stage1_reveal"],
    ):
        super().__init__(resources)
        self.k = candidates
        self.stage1_reveal = stage1_reveal

    def decide(self, board: Board) -> Decision:
        if not board.wrong and board.revealed_letters <= self.stage1_reveal:
            for ch in SEED_ORDER:
                if ch not in board.guessed:
                    return Decision(ch, "1", board.masked)
        path = self.viterbi(board)
        counts = dict.fromkeys(ALPHABET, 0)
        for slot, word in zip(board.slots, path, strict=True):
            if word == UNK:
                continue
            for ch in {w for s, w in zip(slot, word, strict=True) if s == MASK}:
                counts[ch] += 1
        prediction = fill(board.masked, path)
        best = max(counts.values())
        if best == 0:
            return Decision(self.fallback_letter(board), "2", prediction)
        for ch in SEED_ORDER:  # ties broken by the stage-1 order
            if counts[ch] == best and ch not in board.guessed:
                return Decision(
                    ch, "2", prediction, letter_scores={c: n for c, n in counts.items() if n}
                )
        raise AssertionError("unreachable")

    def viterbi(self, board: Board) -> list[str]:
        scorer = phrase_scorer(self.res.lm, self.res.domain, board.category)
        lex = self.lexicon
        guessed = board.guessed
        states: list[list[str]] = []
        emissions: list[np.ndarray] = []
        for slot in board.slots:
            if MASK not in slot:
                states.append([slot])
                emissions.append(np.zeros(1))
                continue
            top = lex.candidates(slot, guessed, limit=self.k)
            if not top.n:
                states.append([UNK])
                emissions.append(np.zeros(1))
                continue
            states.append(top.words)
            emissions.append(np.log10(top.counts / top.mass))
        begin, null, advance = scorer.start, scorer.null, scorer.advance
        delta = np.array([advance(begin, w)[0] for w in states[0]]) + emissions[0]
        back: list[np.ndarray] = []
        for i in range(1, len(states)):
            prev_states = [advance(null, v)[1] for v in states[i - 1]]
            trans = np.empty((len(states[i - 1]), len(states[i])))
            for a, st in enumerate(prev_states):
                for b, w in enumerate(states[i]):
                    trans[a, b] = advance(st, w)[0]
            total = delta[:, None] + trans
            arg = total.argmax(axis=0)
            back.append(arg)
            delta = total[arg, np.arange(len(states[i]))] + emissions[i]
        end = np.array([scorer.end(advance(null, w)[1]) for w in states[-1]])
        j = int(np.argmax(delta + end))
        path = [j]
        for arg in reversed(back):
            j = int(arg[j])
            path.append(j)
        path.reverse()
        return [states[i][j] for i, j in enumerate(path)]
