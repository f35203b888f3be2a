# The get_* functions of the corpus statistics rules (stats.smk): the inputs, content digests and params
# of its rules, from the config (through wordgames.plan and wordgames.paths). No rules here:
# Snakemake's linter wants rules and functions in separate files. See docs/pipeline.md.


def get_cooccur_spills(wildcards):
    n = int(CFG.settings.cooccur.shards)
    return [str(paths.cooccur_spill(CFG, wildcards.coll, k, n)) for k in range(n)]


def get_catalog_tables(wildcards):
    c = wildcards.coll
    tables = {
        "vocab": paths.vocab(CFG, c),
        "cooccur": paths.cooccur(CFG, c),
        "sentences": paths.collection_sentences(CFG, c),
    }
    if c in plan.table_collections(CFG):
        tables.update(pmi=paths.pmi(CFG, c), idf=paths.idf(CFG, c))
    return {name: str(path) for name, path in tables.items()}
