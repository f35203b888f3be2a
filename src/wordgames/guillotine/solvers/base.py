"""What every solver returns: a ranked list of answers, each with a score, a confidence and the
evidence found for each clue."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Answer:
    word: str
    score: float
    confidence: float = 0.0
    evidence: dict[str, str] = field(default_factory=dict)  # clue -> the link found ("" if none)

    def to_dict(self) -> dict:
        return {
            "word": self.word,
            "score": round(float(self.score), 6),
            "confidence": round(float(self.confidence), 6),
            "evidence": self.evidence,
        }


@dataclass
class Result:
    answers: list[Answer]
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    # a top answer whose confidence is below this is "no confident answer" (None: not calibrated)
    threshold: float | None = None
    # the first stage's whole candidate pool, best first (before the cut to max_candidates)
    pool: list[str] = field(default_factory=list)
    # the candidates linked to every clue, in the ranker's order (Il Mago's "linked to all five")
    full: list[str] = field(default_factory=list)

    @property
    def confident(self) -> bool:
        if not self.answers:
            return False
        return self.threshold is None or self.answers[0].confidence >= self.threshold

    def ranked_words(self) -> list[str]:
        return [a.word for a in self.answers]
