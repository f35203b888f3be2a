"""KenLM n-gram language models: training with lmplz/build_binary and querying with the kenlm module."""
