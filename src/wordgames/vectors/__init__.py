"""Word vectors: the GloVe trainer, gensim KeyedVectors export and load, quality evaluation."""
