"""``minimax``: play the guess whose largest feedback cell is smallest (worst case first)."""

from __future__ import annotations

from wordgames.wordle.strategies.greedy import GreedyStrategy
from wordgames.wordle.strategies.scoring import PartitionStats


class MinimaxStrategy(GreedyStrategy):
    name = "minimax"
    higher_better = False

    def score(self, stats: PartitionStats):
        # worst case first, expected size as the secondary key (scaled below one cell)
        return stats.worst + stats.expected / (stats.n + 1)
