"""Corpus statistics: vocabulary, co-occurrence counts, PMI and IDF tables, the DuckDB catalog."""
