"""The exact Wordle search: proved optimal trees and openers (docs/wordle-optimal.md).

Bottom to top:

- :mod:`~wordgames.wordle.exact.scan`: numba scans of how each guess splits a candidate set;
- :mod:`~wordgames.wordle.exact.kernels`: the branch and bound (``solve(S, A, depth, beta, ctx)``),
  its transposition table, hard-mode filters, and :class:`~wordgames.wordle.exact.kernels.Context`,
  the one argument that carries the matrix, keys, table and counters to every kernel;
- :mod:`~wordgames.wordle.exact.bounds`: admissible lower bounds on an opener's total;
- :mod:`~wordgames.wordle.exact.solver`: :class:`~wordgames.wordle.exact.solver.Solver`, the Python
  face of the kernels for one set of lists and one mode;
- :mod:`~wordgames.wordle.exact.tree`: optimal decision trees (``solve_tree``, ``OptimalTree``, the
  tree file) and ``best_openers``;
- :mod:`~wordgames.wordle.exact.openers` (with ``opener_table`` and ``opener_worker``): the proof
  over every allowed opener, resumable, over worker processes.

The optimal strategy (:mod:`wordgames.wordle.strategies.optimal`) is the player over this package.
"""
