"""``wordgames serve``: the three games, the report and the Evalita 2020 game service over HTTP.

One ASGI app (FastAPI on uvicorn) loads one config's artifacts once (:mod:`.services`) and serves
plain HTML pages written for this project (``static/``, no build step), each backed by a JSON API
documented in OpenAPI (``/openapi.json``) that works with curl alone. The web layer only translates
HTTP to the solver modules' calls; bad input gets a 4xx with a one-line ``{"error": ...}``.
"""
