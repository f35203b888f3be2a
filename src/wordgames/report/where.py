"""``python -m wordgames.report.where CONFIG``: print where the config's HTML report goes (for
``make report``, which hands it to ``snakemake --report``)."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    from wordgames import paths
    from wordgames.config import load_cli_config
    from wordgames.errors import WordgamesError

    try:
        print(paths.html_report(load_cli_config(argv[0] if argv else "config/config.yaml")))
    except WordgamesError as exc:
        print(f"wordgames: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
