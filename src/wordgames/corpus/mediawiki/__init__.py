"""MediaWiki XML exports (Wikipedia, Wiktionary, Wikiquote): streaming, cleaning, structured tables.

- :mod:`.dump`: the dump decompressed as a stream and cut into well-formed pages (mwxml);
- :mod:`.wikitext`: wikitext to plain text (mwparserfromhell);
- :mod:`.wiktionary`: entries of the corpus language's section of a Wiktionary page;
- :mod:`.wikiquote`: quotes of a Wikiquote page;
- :mod:`.reader`: the ``mediawiki`` kind reader of extraction, which puts them together.
"""
