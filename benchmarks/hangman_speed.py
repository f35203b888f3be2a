"""Time of one guess decision per Hangman solver on 10-word phrases: median and worst, side by side.

Every decision of every game counts (the first ones, with the most candidates, are the slowest).
The LM loads memory-mapped; the first decision after loading is timed too (cold pages).

    python benchmarks/hangman_speed.py [--configfile config/local-en.yaml] [--lm X --unigrams Y]
        [--domain]

``--domain`` adds a row per LM solver interpolated with the in-domain LM the pipeline built for the
config, the board shown with the category "Phrase". ``--phrases`` adds a row per solver that reads
the phrase lists' channel the pipeline built (``hangman.phrases``), with every list loaded (and with
``--domain`` also interpolated), and prints the channel's load time and the process's peak resident
memory. ``--variant LABEL=JSON`` (repeatable) adds the
posterior solver with those options over the config's, as ``posterior[LABEL]`` (with ``--domain``
also interpolated), e.g. ``--variant 'bigram={"oov_model": "bigram"}'``.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time

# ten-word phrases written for this benchmark
PHRASES = [
    "old man walked slowly down the long and quiet road",
    "she said it's never too late to learn something new",
    "we should have left the house before the rain started",
    "there was a small boat tied up at the pier",
    "he could not remember where he had put the key",
    "it's a sunny day and the children are playing outside",
    "nobody knows what the members of the supreme court want",
    "the doctor told him to stay in bed all week",
    "a cup of tea is the best thing after dinner",
    "my brother bought a car with the money he saved",
]


def main() -> int:
    from wordgames import paths
    from wordgames.cli import labelled_options
    from wordgames.config import load_config_file
    from wordgames.errors import InputError
    from wordgames.hangman.domain import DomainInfo
    from wordgames.hangman.game import Game
    from wordgames.hangman.lexicon import Lexicon
    from wordgames.hangman.scoring import Domain
    from wordgames.hangman.solvers import SOLVERS, Resources, make_solver
    from wordgames.lm.model import LanguageModel

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configfile", default="config/config.yaml")
    ap.add_argument("--lm")
    ap.add_argument("--unigrams")
    ap.add_argument("--solvers", default=",".join(SOLVERS))
    ap.add_argument("--domain", action="store_true", help="also each LM solver with the domain LM")
    ap.add_argument("--phrases", action="store_true", help="also each solver with the phrase lists")
    ap.add_argument("--variant", action="append", default=[], metavar="LABEL=JSON")
    args = ap.parse_args()
    try:
        given = labelled_options(args.variant, "--variant")
    except InputError as exc:
        ap.error(str(exc))
    cfg = load_config_file(args.configfile)
    section = cfg.section("hangman")
    coll = section["collection"]
    t0 = time.perf_counter()
    lm = LanguageModel(args.lm or paths.lm_binary(cfg, coll))
    load_lm = time.perf_counter() - t0
    t0 = time.perf_counter()
    lexicon = Lexicon.from_parquet(args.unigrams or paths.lm_unigrams(cfg, coll))
    load_lex = time.perf_counter() - t0
    print(
        f"LM {lm.path} loaded (mmap, lazy) in {load_lm * 1000:.1f} ms; "
        f"vocabulary of {len(lexicon)} words in {load_lex * 1000:.0f} ms"
    )
    assert all(len(p.split()) == 10 for p in PHRASES)
    # (row label, solver, its options, in-domain model or None)
    plain = [(n, n, section.get(n, {})) for n in args.solvers.split(",")]
    plain += [
        (f"posterior[{label}]", "posterior", {**section.get("posterior", {}), **options})
        for label, options in given
    ]
    variants = [(label, name, options, None) for label, name, options in plain]
    if args.domain:
        domain = Domain(
            LanguageModel(paths.hangman_domain_lm(cfg)),
            DomainInfo.read(paths.hangman_domain_info(cfg)),
        )
        variants += [
            (f"{label}+domain+category", name, options, domain)
            for label, name, options in plain
            if SOLVERS[name].needs_lm
        ]
    variants = [(*v, None) for v in variants]
    if args.phrases:
        from wordgames.hangman.phrase_channel import PhraseChannel

        t0 = time.perf_counter()
        channel = PhraseChannel.load(
            paths.hangman_phrases_table(cfg), paths.hangman_phrases_info(cfg)
        )
        print(f"phrase lists: {len(channel.index)} rows loaded in {time.perf_counter() - t0:.2f} s")
        variants += [
            (f"{label}+lists", name, options, domain, channel)
            for label, name, options, domain, _ in variants
            if SOLVERS[name].uses_phrases
        ]
    rows = []
    for name, solver_name, options, domain, channel in variants:
        solver = make_solver(solver_name, Resources(lexicon, lm, domain, channel), **options)
        category = None if domain is None else "Phrase"
        times, cpu = [], []
        for phrase in PHRASES:
            # play to the end so every stage is timed
            game = Game(phrase, lives=26, category=category)
            while not game.over:
                t0, c0 = time.perf_counter(), time.process_time()
                d = solver.decide(game.board())
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
                game.guess(d.letter)
        rows.append(
            (
                name,
                len(times),
                statistics.median(times),
                max(times),
                statistics.median(cpu),
                max(cpu),
            )
        )
    base = rows[0][2]
    print(
        f"\n{'solver':<34} {'decisions':>9} {'median ms':>10} {'worst ms':>9} "
        f"{'cpu median':>10} {'cpu worst':>9} {'median/' + rows[0][0]:>16}"
    )
    for name, n, med, worst, cmed, cworst in rows:
        print(
            f"{name:<34} {n:>9} {med * 1000:>10.2f} {worst * 1000:>9.1f} {cmed * 1000:>10.2f} "
            f"{cworst * 1000:>9.1f} {med / base:>16.1f}"
        )
    median = max(r[2] for r in rows)
    print(
        f"\nslowest median decision {median * 1000:.1f} ms wall (target: under 200 ms); worst "
        f"decision {max(r[3] for r in rows) * 1000:.1f} ms wall, "
        f"{max(r[5] for r in rows) * 1000:.1f} ms CPU (wall time includes waiting for a busy CPU)"
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory {peak:.0f} MB (target: under 3 GB)")
    return 0 if median < 0.2 else 1


if __name__ == "__main__":
    sys.exit(main())
