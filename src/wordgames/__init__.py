"""wordgames: language resources from text corpora, and solvers for three word games."""

__version__ = "0.1.0"
