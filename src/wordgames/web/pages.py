"""HTML pages the server writes itself (the Results pages, the not-found page) in the same shell as
the static pages: the stylesheet, common.js's header, one ``<main>``."""

from __future__ import annotations

from html import escape

#: The pages a browser is offered on a not-found page (path, name).
LINKS = (
    ("/", "Home"),
    ("/wordle", "Wordle"),
    ("/hangman", "Sentence Hangman"),
    ("/guillotine", "La Ghigliottina"),
    ("/results", "Results"),
)


def page(
    title: str, body: str, here: str = "", styles: tuple[str, ...] = (), main_class: str = ""
) -> str:
    """A whole HTML page around ``body`` (HTML, already escaped); ``here`` names the page the
    navigation marks as current."""
    main = f' class="{escape(main_class)}"' if main_class else ""
    links = "".join(f'<link rel="stylesheet" href="/static/{s}">' for s in ("style.css", *styles))
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{escape(title)} - wordgames</title>\n{links}\n"
        '<script src="/static/common.js"></script>\n</head>\n<body>\n'
        f'<main id="main"{main}>\n{body}\n</main>\n'
        f"<script>navigation({here!r});</script>\n</body>\n</html>\n"
    )


def not_found(path: str, message: str) -> str:
    """The page a browser gets for a path the server does not have."""
    if message.strip().lower() == "not found":  # the router's own word for an unknown path
        message = "Check the address, or go on from one of these pages."
    items = "".join(f'<li><a href="{href}">{name}</a></li>' for href, name in LINKS)
    body = (
        "<h1>Page not found</h1>\n"
        f"<p>There is no page at <code>{escape(path)}</code>.</p>\n"
        f'<p class="muted">{escape(message)}</p>\n'
        f'<nav aria-label="Pages"><ul>{items}</ul></nav>'
    )
    return page("Not found", body)


def wants_html(path: str, accept: str) -> bool:
    """Whether an error on ``path`` goes to a browser as a page: the JSON API (/api/, /evalita,
    /openapi.json) always answers JSON, whatever the client accepts."""
    if path.startswith(("/api/", "/evalita", "/openapi")) or path == "/api":
        return False
    return "text/html" in accept
