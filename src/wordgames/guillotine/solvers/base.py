"""What every solver returns: a ranked list of answers, each with a score, a confidence and the
evidence found for each clue (the service adds the real evidence in words, :class:`Link`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Link:
    """One piece of real evidence (:mod:`wordgames.guillotine.explain`): the clue (as shown) and
    the answer in ``text``, from ``source``."""

    clue: str
    text: str
    source: str
    pattern: str = ""  # the links pattern, "past" for a past game (for developers)
    count: int = 0

    def to_dict(self) -> dict:
        return {"clue": self.clue, "text": self.text, "source": self.source}


@dataclass
class Answer:
    word: str
    score: float
    confidence: float = 0.0
    # clue -> the raw link counts found ("adj x2, cos 0.41"; "" if none): for developers
    evidence: dict[str, str] = field(default_factory=dict)
    # the real evidence in words, filled by the service (GuillotineService.solve)
    links: list[Link] = field(default_factory=list)

    @property
    def linked(self) -> int:
        """How many clues real evidence links to this answer."""
        return len({link.clue for link in self.links})

    def to_dict(self) -> dict:
        return {
            "word": self.word,
            "score": round(float(self.score), 6),
            "confidence": round(float(self.confidence), 6),
            "evidence": self.evidence,
            "linked": self.linked,
            "links": [link.to_dict() for link in self.links],
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
