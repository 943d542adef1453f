"""Everything that happens when someone clicks or commands, by job: starting games
(:mod:`starting`), playing (:mod:`playing`), private panels (:mod:`panel_flows`), notices
(:mod:`notices`) and tournaments (:mod:`tournament_flows`). Messages go out only after the
service has committed."""

from __future__ import annotations

from bot.ui.starting import Starting
from bot.ui.tournament_flows import TournamentFlows


class GameFlows(Starting, TournamentFlows):
    """All flows over one Discord client and one set of services."""
