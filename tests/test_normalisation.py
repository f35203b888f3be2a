"""One apostrophe folding for the corpora, hangman phrases and guillotine clues."""

from __future__ import annotations


def test_apostrophe_variants_fold_alike_in_corpus_hangman_and_guillotine():
    from wordgames.corpus.tokenize import APOSTROPHES, tokenize_phrase
    from wordgames.guillotine.games import normalize
    from wordgames.hangman.game import normalise

    for variant in APOSTROPHES:
        assert tokenize_phrase(f"it{variant}s", "en") == ["it's"]
        assert normalise(f"it{variant}s") == "it's"
        assert normalize(f"l{variant}amore") == "l'amore"
