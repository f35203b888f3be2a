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

    def ranked_words(self) -> list[str]:
        return [a.word for a in self.answers]
