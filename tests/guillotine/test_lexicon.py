from __future__ import annotations

from wordgames.guillotine.lexicon import load_lexicon, read_word_list
from wordgames.lexicons.morphit import unmangle as _unmangle


def test_morphit_nouns_adjectives_and_closed_classes(tmp_path):
    black = tmp_path / "black.txt"
    black.write_text("# comment\nstesso\n")
    white = tmp_path / "white.txt"
    white.write_text("meteo  # a noun Morph-it! lacks\n")
    lex = load_lexicon(blacklist=black, whitelist=white)
    assert lex.is_candidate("cervello") and lex.is_candidate("duro") and lex.is_candidate("dura")
    assert lex.lemma("dura") == "duro"
    assert lex.is_adjective_only("artificiale") and not lex.is_adjective_only("legale")
    assert not lex.is_candidate("stesso")  # black list
    assert lex.is_candidate("meteo")  # white list
    assert not lex.is_candidate("sopra")  # a preposition, not a noun
    assert not lex.is_candidate("nessuno")  # pronoun / determiner
    assert lex.is_candidate("citta") and lex.is_candidate("virtu")  # accents folded, repaired


def test_mojibake_repair_and_word_lists(tmp_path):
    assert _unmangle("virt\u00c3\u00b9") == "virt\u00f9"
    assert _unmangle("casa") == "casa"
    p = tmp_path / "l.txt"
    p.write_text("Città\n\n# x\n")
    assert read_word_list(p) == {"citta"}
    assert read_word_list(tmp_path / "missing.txt") == set()
