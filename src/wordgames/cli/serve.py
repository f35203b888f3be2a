"""``wordgames serve``: the web app and JSON API over one config's artifacts (docs/web.md)."""

from __future__ import annotations

import sys

from wordgames.errors import WordgamesError


def _serve(args) -> int:
    import logging

    import uvicorn

    from wordgames.config import load_cli_config
    from wordgames.web.app import create_app, load_services

    cfg = load_cli_config(args.configfile)
    settings = cfg.settings.serve
    host = args.host or settings.host
    port = args.port if args.port is not None else settings.port
    if port > 65535:
        raise WordgamesError(f"port {port}: a port is a number from 0 to 65535")
    services = load_services(cfg)
    for name, why in services.absent.items():
        print(f"wordgames serve: {name} not served: {why}", file=sys.stderr)
    logging.getLogger("wordgames").info("games loaded: %s", services.load_seconds)
    uvicorn.run(
        create_app(services),
        host=host,
        port=port,
        log_level=args.log_level,
        access_log=args.access_log,
    )
    return 0


def register(commands) -> None:
    p = commands.games.add_parser(
        "serve",
        parents=[commands.config_parent],
        help="web app and JSON API for the three games, the report and the Evalita service",
        description="Load the config's artifacts once and serve the games over HTTP "
        "(pages at /, API documented at /openapi.json).",
    )
    p.add_argument("--host", help="address to listen on (default: serve.host, 127.0.0.1)")
    p.add_argument("--port", type=int, help="port (default: serve.port, 8000; 0 = any free port)")
    p.add_argument(
        "--log-level", default="info", choices=("critical", "error", "warning", "info", "debug")
    )
    p.add_argument("--access-log", action="store_true", help="log every request")
    p.set_defaults(handler=_serve)
