"""The phrases the Hangman page hides for a player (GET /api/hangman/info's ``puzzles``): drawn from
the config's phrase sets on disk, as the game plays them, the same sample on every start."""

from __future__ import annotations

from wordgames.hangman.game import normalise
from wordgames.hangman.puzzles import read_puzzles
from wordgames.plan import hangman_phrase_sets
from wordgames.web.hangman import PUZZLES, _puzzles


def test_puzzles_come_from_the_phrase_sets_as_the_game_plays_them(client, cfg):
    offered = client.get("/api/hangman/info").json()["puzzles"]
    read = {
        (normalise(p.phrase), p.category)
        for path in hangman_phrase_sets(cfg).values()
        for p in read_puzzles(path)
    }
    phrases = {phrase for phrase, _ in read}
    assert len(offered) == min(PUZZLES, len(phrases)) > 0
    assert len({p["phrase"] for p in offered}) == len(offered), "each phrase once"
    for p in offered:
        assert (p["phrase"], p["category"]) in read
    # a categorised set (the tiny TSV) keeps its categories for the page to show
    assert any(p["category"] for p in offered)


def test_the_sample_is_the_same_on_every_start(cfg):
    assert _puzzles(cfg) == _puzzles(cfg)
    assert len(_puzzles(cfg, 2)) == 2
