"""Sphinx configuration of the docs site (`make docs`; `make lint` builds it with -W -n)."""

project = "wordgames"
author = "the wordgames authors"
copyright = "2026, the wordgames authors"

# myst_nb parses Markdown too (it loads myst_parser itself), so the pages stay Markdown and the
# notebook tour is a page; listing myst_parser as well would register .md twice.
extensions = ["myst_nb"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
# the notebook runs in `make test` (a test executes it); the site shows the stored outputs
nb_execution_mode = "off"
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

root_doc = "index"
exclude_patterns = ["_build", "**/.ipynb_checkpoints"]
nitpicky = True

html_theme = "furo"
html_title = "wordgames"
