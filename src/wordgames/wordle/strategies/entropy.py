"""``entropy``: play the guess whose feedback carries the most information (Shannon entropy in bits)."""

from __future__ import annotations

from wordgames.wordle.strategies.greedy import GreedyStrategy
from wordgames.wordle.strategies.scoring import PartitionStats


class EntropyStrategy(GreedyStrategy):
    name = "entropy"
    higher_better = True

    def score(self, stats: PartitionStats):
        return stats.entropy
