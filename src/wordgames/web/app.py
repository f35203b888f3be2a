"""The ASGI app: the games a config builds, loaded once, behind JSON routes and plain HTML pages.

:func:`load_services` reads the artifacts; :func:`create_app` wires them. A game whose artifacts
the config promises but which are missing stops the start with one line naming the file; a game
the config does not build at all is left out, and its API answers 503 saying so.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse
from pydantic import Field

from wordgames import paths, plan
from wordgames.web import errors
from wordgames.web.body import ResponseBody
from wordgames.web.limits import BodyLimit

log = logging.getLogger(__name__)
PAGES = ("wordle", "hangman", "guillotine")  # static pages; /results is written per request


@dataclass
class Services:
    cfg: object
    wordle: object | None = None
    hangman: object | None = None
    guillotine: object | None = None
    load_seconds: dict[str, float] = field(default_factory=dict)
    absent: dict[str, str] = field(default_factory=dict)  # game -> why it is not served


class Served(ResponseBody):
    wordle: bool = Field(description="whether the Wordle routes are served")
    hangman: bool = Field(description="whether the Hangman routes are served")
    guillotine: bool = Field(description="whether the Ghigliottina routes are served")


class Status(ResponseBody):
    config: str | None = Field(description="the config file; null for the default config")
    results_dir: str = Field(description="where the config's artifacts are read")
    games: Served = Field(description="which games are served")
    absent: dict[str, str] = Field(description="per game not served: why (the config lacks it)")
    load_seconds: dict[str, float] = Field(description="per game served: seconds its loading took")
    report: bool = Field(description="whether GET /report has a report to show")


def load_services(cfg, games: tuple[str, ...] = ("wordle", "hangman", "guillotine")) -> Services:
    """Load every game the config builds (those in ``games``); see the module docstring."""
    from wordgames.config import DEFAULT_CONFIGFILE
    from wordgames.web.guillotine import GuillotineSolvers
    from wordgames.web.hangman import HangmanWeb
    from wordgames.web.wordle import WordleWeb

    out = Services(cfg)
    config_name = str(cfg.source or DEFAULT_CONFIGFILE)
    hint = f"build it with the pipeline (snakemake --configfile {config_name}) first"
    serve = cfg.settings.serve
    loaders = {
        "wordle": (
            plan.wordle_enabled(cfg),
            "this config has no Wordle answer and guess lists",
            lambda: WordleWeb.load(cfg, hint, serve.wordle_games, serve.search_seconds),
        ),
        "hangman": (
            plan.hangman_enabled(cfg),
            "this config builds no LM for hangman.collection",
            lambda: HangmanWeb.load(cfg),
        ),
        "guillotine": (
            plan.guillotine_enabled(cfg),
            "this config builds no collection for guillotine.collection",
            lambda: GuillotineSolvers(cfg, config_name),
        ),
    }
    for name in games:
        promised, why, load = loaders[name]
        if not promised:
            out.absent[name] = why
            continue
        t0 = time.perf_counter()
        setattr(out, name, load())
        out.load_seconds[name] = round(time.perf_counter() - t0, 3)
        log.info("%s loaded in %.1f s", name, out.load_seconds[name])
    return out


def _static(name: str) -> Path:
    return Path(str(resources.files("wordgames.web").joinpath("static", name)))


def _unavailable_router(prefix: str, why: str):
    from fastapi import APIRouter

    r = APIRouter(prefix=prefix, include_in_schema=False)

    @r.api_route("/{rest:path}", methods=["GET", "POST"])
    def absent(rest: str):
        raise errors.Unavailable(why)

    return r


def create_app(services: Services):
    """The app, wrapped in the body-size limit (an ASGI callable for uvicorn)."""
    from wordgames.web import evalita, guillotine, hangman, pages, results, wordle

    cfg = services.cfg
    settings = cfg.settings.serve
    app = FastAPI(
        title="wordgames",
        version="1",
        description="Wordle, sentence Hangman and La Ghigliottina solvers over one config's "
        "artifacts, and the Evalita 2020 Ghigliottin-AI game service. Errors are "
        '{"error": "one line"} with a 4xx status.',
        docs_url=None,  # Swagger UI loads its scripts from a CDN: no network here
        redoc_url=None,
    )
    errors.install(app)
    for name, module, service in (
        ("wordle", wordle, services.wordle),
        ("hangman", hangman, services.hangman),
        ("guillotine", guillotine, services.guillotine),
    ):
        if service is not None:
            app.include_router(module.router(service))
        else:
            why = services.absent.get(name, f"{name} is not loaded")
            app.include_router(_unavailable_router(f"/api/{name}", f"{name}: {why}"))
    app.include_router(
        evalita.router(evalita.EvalitaService(services.guillotine, settings.evalita))
    )

    @app.get("/api/status", tags=["server"], response_model=Status)
    def status() -> dict:
        """Which games are served, how long each took to load, and the config."""
        return status_body(services)

    @app.get("/", include_in_schema=False)
    def index():
        return FileResponse(_static("index.html"))

    for page in PAGES:
        app.add_api_route(f"/{page}", _page(page), include_in_schema=False, methods=["GET"])

    @app.get("/static/{name}", include_in_schema=False)
    def static(name: str):
        path = _static(name)
        if "/" in name or name.startswith(".") or not path.is_file():
            raise errors.HTTPException(404, f"no static file {name!r}")
        return FileResponse(path)

    @app.get("/results", include_in_schema=False)
    def results_page():
        body = results.report_page_body(cfg)
        return HTMLResponse(pages.page("Results", body, "results", main_class="report"))

    @app.get(results.FILES_URL + "{rel:path}", include_in_schema=False)
    def results_file(rel: str):
        path = results.figure_file(Path(cfg.results_dir), rel)
        if path is None:
            raise errors.HTTPException(404, f"no figure {rel!r} in the results folder")
        return FileResponse(
            path, media_type=results.FIGURES[path.suffix.lower()], headers=results.FIGURE_HEADERS
        )

    @app.get("/report", include_in_schema=False)
    def report():
        """Snakemake's HTML report when make run wrote it; else the Markdown report's page."""
        path = paths.html_report(cfg)
        if path.is_file():
            return FileResponse(path)
        return RedirectResponse("/results", status_code=307)

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon():
        return JSONResponse({}, status_code=204)

    return BodyLimit(app, settings.max_body)


def status_body(services: Services) -> dict:
    """The answer of GET /api/status."""
    cfg = services.cfg
    return {
        "config": str(cfg.source) if cfg.source else None,
        "results_dir": str(cfg.results_dir),
        "games": {
            name: getattr(services, name) is not None
            for name in ("wordle", "hangman", "guillotine")
        },
        "absent": services.absent,
        "load_seconds": services.load_seconds,
        "report": _report_file(cfg) is not None,
    }


def _page(name: str):
    def page():
        return FileResponse(_static(f"{name}.html"))

    return page


def _report_file(cfg) -> Path | None:
    """The HTML report (snakemake --report) when it exists, else the Markdown report."""
    for path in (paths.html_report(cfg), paths.report_dir(cfg) / "report.md"):
        if path.is_file():
            return path
    return None
