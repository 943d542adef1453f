"""Asobiba on the web: ``python -m bot web`` serves read-only pages of games, players,
standings, tournaments and daily deals from the bot's database (docs/web.md).

Why aiohttp.web and Jinja2: aiohttp is already installed (discord.py is built on it), runs on
the same asyncio stack as the services the pages read through (SQLAlchemy's async sessions),
and its test client runs in-process without a network; Jinja2 escapes every value by default
(``autoescape``), so a player's display name or a tournament's name can never become markup.
The web process is its own process: discord.py's and aiohttp's maintainers both advise against
sharing the bot's event loop with a web server, and a slow page must never delay a click.

- ``settings`` — ``WEB_BASE_URL``, ``WEB_HOST``, ``WEB_PORT``, ``WEB_SECRET``
- ``addresses`` — the signed ids in every address (nothing sequential, nothing guessable)
- ``reading`` — what a page may show, read through the services (secrets stay out)
- ``language`` — the reader's language (``?lang=``, else ``Accept-Language``)
- ``pictures`` — the board pictures and the 1200×630 link previews, cached by game version,
  drawn in processes of their own
- ``ahead`` — each game's page and pictures made as it changes, before anyone asks
- ``pages`` — the handlers: one per kind of page, each with its own link preview
- ``app`` — the aiohttp application: routes, headers, robots
- ``server`` — running it as a process
"""
