"""The better solver: a posterior over whole phrases, then the letter most likely to be present.

1. Each masked slot gets its candidate words (vocabulary words that fit, most frequent first).
2. A beam search over the word lattice, carrying the full KenLM state (order n, not just the previous
   word), keeps the best ``beam`` partial phrases; the final beam, weighted by its LM probabilities,
   approximates the posterior over phrases. Its per-slot marginals are smoothed with the independent
   unigram posterior over *all* fitting words, so the beam's overconfidence cannot rule words out.
3. Each slot may also be a word outside the vocabulary: its probability is Bayes' rule between the
   vocabulary words that fit and a model of unknown words, which also gives an unknown slot's
   letters: a Kneser-Ney character model of the vocabulary's word types (``oov_model``, module
   :mod:`~wordgames.hangman.oov`) or the lexicon's letter bigrams. A rare name therefore still
   gets guesses that follow English spelling.
4. The guess is the letter with the highest probability of being present somewhere:
   ``1 - prod_i (1 - P_i(letter))``, which minimises the risk of losing a life.
"""

from __future__ import annotations

import heapq

import numpy as np

from wordgames.config import schema_defaults
from wordgames.hangman.domain import category_key
from wordgames.hangman.endgame import endgame_letter
from wordgames.hangman.game import MASK, Board
from wordgames.hangman.lexicon import ALPHABET
from wordgames.hangman.oov import OovModel
from wordgames.hangman.phrase_channel import BoardPhrases
from wordgames.hangman.scoring import phrase_scorer
from wordgames.hangman.solvers.base import UNK, Decision, Solver, fill

LN10 = 2.302585092994046
BEFORE_AFTER = "before_after"  # the category key of the show's two-phrases-sharing-a-word puzzles
# the options' defaults are the config schema's (hangman.posterior), not repeated here
_DEFAULTS = schema_defaults("hangman.posterior")
# the unknown-word model's dense tables: order 4 is 4 MB; the phrase boards' budget rarely
# affords a forward pass of order 5 (a 115 MB table)
OOV_DENSE_ORDER = 4
#: the least share of the unigram mass a beam is taken to cover (P_LM(board) is its mass over it)
COVER_FLOOR = 1e-6
#: a decision names the listed phrase behind it when the lists hold this much of the posterior
REASON_SHARE = 0.1


class PosteriorSolver(Solver):
    name = "posterior"
    needs_lm = True
    uses_phrases = True

    def __init__(
        self,
        resources,
        beam: int = _DEFAULTS["beam"],
        candidates: int = _DEFAULTS["candidates"],
        max_queries: int = _DEFAULTS["max_queries"],
        smoothing: float = _DEFAULTS["smoothing"],
        oov_rate: float = _DEFAULTS["oov_rate"],
        temperature: float = _DEFAULTS["temperature"],
        adaptive: bool = _DEFAULTS["adaptive"],
        before_after: bool = _DEFAULTS["before_after"],
        rescore: int = _DEFAULTS["rescore"],
        rescore_hyps: int = _DEFAULTS["rescore_hyps"],
        endgame: int = _DEFAULTS["endgame"],
        endgame_cover: float = _DEFAULTS["endgame_cover"],
        word_classes: bool = _DEFAULTS["word_classes"],
        oov_model: str = _DEFAULTS["oov_model"],
        oov_order: int = _DEFAULTS["oov_order"],
        oov_budget: int = _DEFAULTS["oov_budget"],
        oov_enumerate: int = _DEFAULTS["oov_enumerate"],
    ):
        super().__init__(resources)
        self.beam = beam
        self.k = candidates
        self.max_queries = max_queries
        self.smoothing = smoothing
        self.oov_rate = oov_rate
        self.temperature = temperature
        self.adaptive = adaptive
        self.before_after = before_after
        self.rescore = rescore
        self.rescore_hyps = rescore_hyps
        self.endgame = endgame
        self.endgame_cover = endgame_cover
        self.word_classes = word_classes
        self.oov_model = oov_model
        self.oov_order = oov_order
        self.oov_budget = oov_budget
        self.oov_enumerate = oov_enumerate
        self._oov: OovModel | None = None

    def decide(self, board: Board) -> Decision:
        domain = self.res.domain
        key = None if domain is None else domain.category(board.category)
        lam_domain = 0.0 if domain is None else domain.prior_weight(key)
        # the category's word classes reweight the prose word prior and the prose LM's words
        classes = self.word_classes and domain is not None
        lex = domain.class_lexicon(self.lexicon, key) if classes else self.lexicon
        guessed = board.guessed
        slots = board.slots
        open_mask = np.array([ch not in guessed for ch in ALPHABET])
        # per slot: candidate words for the beam, unigram letter probabilities, OOV probability
        beam_words: list[list[str]] = []
        uni_letters: list[np.ndarray] = []
        cand_letters: list[np.ndarray] = []
        cand_share: list[np.ndarray] = []  # each beam candidate's share of the fitting unigram mass
        oov: list[float] = []
        char_letters: list[np.ndarray] = []
        n_fitting: list[int] = []
        extra: list[list[str] | None] = []  # in-domain words added to a slot's prose candidates
        for slot in slots:
            n_fitting.append(0)
            if MASK not in slot:
                extra.append(None)
                beam_words.append([slot])
                uni_letters.append(np.zeros(26))
                cand_letters.append(np.zeros((1, 26)))
                cand_share.append(np.ones(1))
                oov.append(0.0)
                char_letters.append(np.zeros(26))
                continue
            full = lex.candidates(slot, guessed, limit=self.k)
            n_fitting[-1] = full.n
            unknown_letters, unknown_likelihood = self._unknown(lex, slot, guessed)
            char_letters.append(unknown_letters)
            dom = None if domain is None else domain.fitting(slot, guessed, key, self.k)
            if not full.n and dom is None:
                beam_words.append([UNK])
                uni_letters.append(np.zeros(26))
                cand_letters.append(np.zeros((1, 26)))
                cand_share.append(np.ones(1))
                oov.append(1.0)
                extra.append(None)
                continue
            words, letters = list(full.words), full.letters.astype(np.float64)
            share = full.counts / full.mass if full.mass else np.zeros(len(words))
            uni = full.uni_letters
            match_mass = full.mass / full.total if full.total else 0.0
            if dom is not None:
                # the beam also expands the in-domain prior's likeliest words, and the letter odds
                # of the slot mix both word priors by the interpolation weight
                known = set(words)
                new = [j for j, word in enumerate(dom.words) if word not in known]
                words += [dom.words[j] for j in new]
                letters = np.vstack([letters, dom.letters[new]])
                counts = np.array([lex.counts.get(dom.words[j], 0) for j in new], np.float64)
                share = np.concatenate([share, counts / full.mass if full.mass else counts * 0])
                prose, indomain = (1 - lam_domain) * match_mass, lam_domain * dom.mass
                both = prose + indomain
                # no prior mass at all (no prose word fits, in-domain weight 0): the slot is OOV
                uni = (prose * uni + indomain * dom.uni_letters) / both if both > 0 else uni
                match_mass = both
                extra.append([dom.words[j] for j in new])
            else:
                extra.append(None)
            uni_letters.append(uni)
            beam_words.append(words)
            cand_letters.append(letters)
            cand_share.append(share)
            f = self.oov_rate * unknown_likelihood
            oov.append(f / (f + (1 - self.oov_rate) * match_mass))
        scorer = phrase_scorer(self.res.lm, self.res.domain, board.category, classes)
        hyps = self._beam(beam_words, board.category, scorer)
        scores = np.array([h[0] for h in hyps])
        w = np.exp((scores - scores.max()) * LN10 / self.temperature)
        w /= w.sum()
        present_not = np.ones(26)
        # per open slot, the words it may be and their posterior (what the endgame must cover)
        marginals: dict[int, dict[str, float]] = {}
        for i, slot in enumerate(slots):
            if MASK not in slot:
                continue
            if beam_words[i] == [UNK]:
                marginals[i] = {}
                p_slot = char_letters[i]
            elif 0 < n_fitting[i] <= self.rescore:
                every = lex.candidates(slot, guessed)
                words, letters = every.words, every.letters.astype(np.float64)
                if extra[i]:
                    words = words + extra[i]
                    letters = np.vstack([letters, cand_letters[i][-len(extra[i]) :]])
                probs = self._slot_posterior(scorer, hyps, w, i, words)
                lm_letters = probs @ letters
                # every fitting word is weighed by the LM here: the unigram keeps its base say only
                lam = self.smoothing
                p_vocab = (1 - lam) * lm_letters + lam * uni_letters[i]
                p_slot = (1 - oov[i]) * p_vocab + oov[i] * char_letters[i]
                if self.endgame:
                    share = np.zeros(len(words))
                    share[: len(every.counts)] = every.counts / every.mass if every.mass else 0
                    mix = (1 - oov[i]) * ((1 - lam) * probs + lam * share)
                    marginals[i] = dict(zip(words, mix.tolist(), strict=True))
            else:
                index = {word: j for j, word in enumerate(beam_words[i])}
                q = np.zeros(len(beam_words[i]))
                for weight, (_, words, _) in zip(w, hyps, strict=True):
                    q[index[words[i]]] += weight
                lm_letters = q @ cand_letters[i]
                lam = self.smoothing
                if self.adaptive:
                    # the beam speaks only for the words it holds: the unigram mass of the words
                    # outside it keeps the unigram posterior's say (early in a game, most of it)
                    lam = max(lam, 1.0 - float(cand_share[i][q > 0].sum()))
                p_vocab = (1 - lam) * lm_letters + lam * uni_letters[i]
                p_slot = (1 - oov[i]) * p_vocab + oov[i] * char_letters[i]
                if self.endgame:
                    mix = (1 - oov[i]) * ((1 - lam) * q + lam * cand_share[i])
                    marginals[i] = dict(zip(beam_words[i], mix.tolist(), strict=True))
            present_not *= 1.0 - np.clip(p_slot, 0.0, 1.0)
        present = (1.0 - present_not) * open_mask
        listed, rho = self._listed(board, hyps, beam_words, cand_share)
        if listed is not None:
            present = (1.0 - rho) * present + rho * listed.present * open_mask
        if present.max() <= 0:
            letter = self.fallback_letter(board)
        else:
            # ties (e.g. all zero but one) broken by text frequency
            key = present + 1e-9 * lex.letter_freq
            letter = ALPHABET[int(np.argmax(np.where(open_mask, key, -1.0)))]
            # the endgame searches the LM's beam: not when the lists hold most of the posterior
            if self.endgame and rho < 0.5:
                letter = self._endgame(board, hyps, w, marginals, letter)
        order = np.argsort(-w)[:5]
        preds = [(fill(board.masked, hyps[j][1]), (1.0 - rho) * float(w[j])) for j in order]
        reason = None
        if listed is not None:
            preds = self._with_listed(board, preds, listed, rho)
            reason = self._reason(listed, rho, letter)
        return Decision(
            letter,
            "posterior",
            preds[0][0],
            letter_scores={
                ALPHABET[j]: float(present[j]) for j in np.argsort(-present)[:5] if present[j] > 0
            },
            predictions=preds,
            reason=reason,
        )

    def _listed(
        self, board: Board, hyps, beam_words, cand_share
    ) -> tuple[BoardPhrases | None, float]:
        """The listed phrases fitting the board and the posterior probability ρ that the answer
        is one of them (:mod:`wordgames.hangman.phrase_channel`): Bayes' rule between
        λ P_list(board) and (1 - λ) P_LM(board). P_LM(board) is the beam's LM mass over the share
        of the slots' unigram mass its hypotheses cover (a beam early in a game holds a sliver
        of the phrases that fit; counted alone it would hand the lists every early board)."""
        channel = self.res.phrases
        if channel is None or board.hidden == 0:
            return None, 0.0
        listed = channel.board(board.slots, board.guessed, board.category)
        if listed is None:
            return None, 0.0
        logs = np.array([h[0] for h in hyps]) * LN10
        top = logs.max()
        lm_mass = top + np.log(np.exp(logs - top).sum())
        cover = 0.0
        for _, words, _ in hyps:
            share = 1.0
            for i, word in enumerate(words):
                if len(beam_words[i]) > 1 and cand_share[i].sum() > 0:
                    share *= float(cand_share[i][beam_words[i].index(word)])
            cover += share
        lm_mass -= np.log(min(1.0, max(cover, COVER_FLOOR)))
        lam = listed.lam
        log_list = np.log(lam) + np.log(listed.mass)
        log_lm = np.log1p(-lam) + lm_mass
        rho = float(1.0 / (1.0 + np.exp(np.clip(log_lm - log_list, -700, 700))))
        return listed, rho

    @staticmethod
    def _with_listed(board: Board, preds, listed: BoardPhrases, rho: float):
        """The beam's predictions and the likeliest listed phrases, by posterior, best first."""
        best = {}
        for phrase, p in preds:
            best[phrase] = best.get(phrase, 0.0) + p
        for j in np.argsort(-listed.probs)[:5]:
            phrase = fill(board.masked, listed.norms[j].split(" "))
            best[phrase] = best.get(phrase, 0.0) + rho * float(listed.probs[j])
        return sorted(best.items(), key=lambda kv: -kv[1])[:5]

    def _reason(self, listed: BoardPhrases, rho: float, letter: str) -> str | None:
        """The listed phrase likeliest to hold the letter, and its list, if the lists weigh in
        the decision (ρ of at least ``REASON_SHARE``)."""
        if rho < REASON_SHARE:
            return None
        has = listed.present_of(letter)
        if not has.any():
            return None
        j = int(np.argmax(np.where(has, listed.probs, -1.0)))
        return f"{listed.norms[j]}: {self.res.phrases.describe(listed.sources[j])}"

    def _unknown(self, lex, slot: str, guessed: frozenset[str]) -> tuple[np.ndarray, float]:
        """An unknown word in ``slot``: P(letter at some hidden position) and P(the board | a
        word of its length), from the Kneser-Ney character model of the vocabulary's words
        (``oov_model: kneser_ney``, the lexicon's, fitted on first use) or the lexicon's letter
        bigrams."""
        if self.oov_model == "kneser_ney" and OovModel.handles(slot):
            if self._oov is None:
                model = self.lexicon.kneser_ney(
                    self.oov_order, min(self.oov_order, OOV_DENSE_ORDER)
                )
                self._oov = OovModel(model, self.oov_budget, self.oov_enumerate)
            return self._oov.board(slot, guessed)
        return lex.char_letter_probs(slot, guessed), lex.oov_likelihood(slot, guessed)

    def _beam(
        self, beam_words: list[list[str]], category: str | None = None, scorer=None
    ) -> list[tuple[float, list[str], int | None]]:
        """Left-to-right beam over the slots with full LM states; LM queries capped per decision.
        Each hypothesis: (log10 score, its words, the slot its first phrase ended at or None).
        ``scorer``: the board's (:func:`~wordgames.hangman.scoring.phrase_scorer`), if built.

        On a "Before & After" board (two phrases sharing a word, the show's rule) a hypothesis may
        end its first phrase once, after a word of an inner slot: ``</s>`` is scored there and the
        second phrase starts afresh with that same word (scored as given: it is the shared word).
        """
        if scorer is None:
            scorer = phrase_scorer(self.res.lm, self.res.domain, category)
        advance = scorer.advance
        junction = self.before_after and category_key(category) == BEFORE_AFTER
        open_slots = sum(len(ws) > 1 for ws in beam_words) or 1
        per_slot = max(self.beam, self.max_queries // open_slots // (2 if junction else 1))
        last = len(beam_words) - 1
        # a hypothesis: (log10 score, LM state, back pointer (parent hypothesis, word), the slot
        # where its first phrase ended or None)
        hyps: list[tuple] = [(0.0, scorer.start, None, None)]
        for i, words in enumerate(beam_words):
            words = words[: max(1, min(len(words), per_slot // len(hyps)))]
            may_join = junction and 0 < i < last
            new = []
            for hyp in hyps:
                score, state, joined = hyp[0], hyp[1], hyp[3]
                for word in words:
                    lp, st = advance(state, word)
                    new.append((score + lp, st, (hyp, word), joined))
                    if may_join and joined is None:
                        again = advance(scorer.start, word)[1]
                        new.append((score + lp + scorer.end(st), again, (hyp, word), i))
            hyps = (
                heapq.nlargest(self.beam, new, key=lambda h: h[0]) if len(new) > self.beam else new
            )
        out = []
        for score, state, back, joined in hyps:
            seq = []
            while back is not None:
                seq.append(back[1])
                back = back[0][2]
            seq.reverse()
            out.append((score + scorer.end(state), seq, joined))
        out.sort(key=lambda h: -h[0])
        return out

    def _endgame(
        self, board: Board, hyps, w: np.ndarray, marginals: dict[int, dict[str, float]], greedy: str
    ) -> str:
        """The best letter to win with over the beam's likeliest phrases
        (:mod:`wordgames.hangman.endgame`), or ``greedy`` unless, in every open slot, their words
        hold ``endgame_cover`` of the slot's posterior (the beam is a sample early in a game, and
        a search over a sample would trust it)."""
        top = np.argsort(-w)[: self.endgame]
        for i, probs in marginals.items():
            held = {hyps[j][1][i] for j in top}
            if sum(probs.get(word, 0.0) for word in held) < self.endgame_cover:
                return greedy
        fills = [fill(board.masked, hyps[j][1]) for j in top]
        if len(set(fills)) < 2 or any(MASK in f for f in fills):
            return greedy
        misses = board.lives - len(board.wrong) - 1
        return endgame_letter(board.masked, fills, w[top], misses, greedy, board.guessed)

    def _slot_posterior(self, scorer, hyps, w, i: int, words: list[str]) -> np.ndarray:
        """P(slot i = word) over every fitting word: each of the best hypotheses with slot i
        replaced by each word, rescored whole (so the words the beam cut are weighed by the LM
        in their context, not only by their frequency), mixed by the hypotheses' weights."""
        advance, end, start = scorer.advance, scorer.end, scorer.start
        top = np.argsort(-w)[: self.rescore_hyps]
        weights = w[top] / w[top].sum()
        probs = np.zeros(len(words))
        scores = np.empty(len(words))
        for h, weight in zip(top, weights, strict=True):
            seq, joined = hyps[h][1], hyps[h][2]
            state = start
            for k in range(i):  # the prefix is the same for every word of slot i
                state = advance(state, seq[k])[1]
                if k == joined:
                    state = advance(start, seq[k])[1]
            rest = range(i + 1, len(seq))
            for j, word in enumerate(words):
                lp, st = advance(state, word)
                total = lp
                if joined == i:
                    total += end(st)
                    st = advance(start, word)[1]
                for k in rest:
                    lp, st = advance(st, seq[k])
                    total += lp
                    if k == joined:
                        total += end(st)
                        st = advance(start, seq[k])[1]
                scores[j] = total + end(st)
            p = np.exp((scores - scores.max()) * LN10 / self.temperature)
            probs += weight * (p / p.sum())
        return probs
