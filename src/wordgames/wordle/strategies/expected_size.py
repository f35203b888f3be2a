"""``expected-size``: play the guess that minimises the expected number of candidates left.

With ``n`` candidates split into cells of sizes ``c``, the answer falls in a cell with probability
``c / n`` and leaves ``c`` candidates, so the expectation is ``sum c^2 / n``.
"""

from __future__ import annotations

from wordgames.wordle.strategies.greedy import GreedyStrategy
from wordgames.wordle.strategies.scoring import PartitionStats


class ExpectedSizeStrategy(GreedyStrategy):
    name = "expected-size"
    higher_better = False

    def score(self, stats: PartitionStats):
        return stats.expected
