"""Everything that happens when someone clicks or commands, by job: starting games
(:mod:`starting`), playing (:mod:`playing`), private panels (:mod:`panel_flows`) and notices
(:mod:`notices`). Messages go out only after the service has committed."""

from __future__ import annotations

from bot.ui.starting import Starting


class GameFlows(Starting):
    """All flows over one Discord client and one set of services."""
