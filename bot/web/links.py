"""The pages' addresses, built in one place for both processes: the web process links its pages
to each other with them, and the bot's "🌐 Web" buttons point at them. Both sign ids with the
same secret (``WEB_SECRET``, else the database's ``web`` deployment secret), so a button opens
exactly the page the web process serves.

Whether a page may be linked at all (a deal others may still play, a player who hides their
results, a server that did not publish) is decided here too, for the bot's buttons: a button
never leads to a refusal.
"""

from __future__ import annotations

from datetime import date

from bot.services.secrets import DeploymentSecrets
from bot.services.snapshots import GameSummary
from bot.statuses import GameStatus
from bot.web.addresses import Addresses, Kind
from rules.core import Locale

#: The deployment secret that signs the addresses when WEB_SECRET is not set.
SECRET_NAME = "web"
#: The "everywhere" table's server number (games outside servers that added the bot).
EVERYWHERE = 0


class WebLinks:
    """Paths (for links between pages) and absolute addresses (for buttons and link
    previews) of the pages under ``base_url``."""

    def __init__(self, base_url: str, addresses: Addresses) -> None:
        self.base_url = base_url.rstrip("/")
        self.addresses = addresses

    def game_path(self, game_id: int) -> str:
        return f"/g/{self.addresses.token(Kind.GAME, game_id)}"

    def player_path(self, user_id: int) -> str:
        return f"/p/{self.addresses.token(Kind.PLAYER, user_id)}"

    def tournament_path(self, tournament_id: int) -> str:
        return f"/t/{self.addresses.token(Kind.TOURNAMENT, tournament_id)}"

    def server_path(self, guild_id: int | None) -> str:
        """A server's pages' prefix ("" for the "everywhere" table's)."""
        if not guild_id:
            return ""
        return f"/s/{self.addresses.token(Kind.SERVER, guild_id)}"

    def standings_path(self, guild_id: int | None, game_key: str) -> str:
        return f"{self.server_path(guild_id)}/standings/{game_key}"

    def url(self, path: str, locale: Locale | None = None) -> str:
        """``path`` made absolute, in ``locale`` when one is given."""
        return self.base_url + path + (f"?lang={locale}" if locale else "")

    # The addresses the bot's buttons open, in the reader's language.

    def game(self, game_id: int, locale: Locale) -> str:
        return self.url(self.game_path(game_id), locale)

    def player(self, user_id: int, locale: Locale) -> str:
        return self.url(self.player_path(user_id), locale)

    def tournament(self, tournament_id: int, locale: Locale) -> str:
        return self.url(self.tournament_path(tournament_id), locale)

    def standings(self, guild_id: int | None, game_key: str, locale: Locale) -> str:
        return self.url(self.standings_path(guild_id, game_key), locale)


async def secret_of(given: bytes | None, secrets: DeploymentSecrets) -> bytes:
    """``WEB_SECRET`` where it is set, else the deployment's own (made at first need in the
    database and shared by every process reading it)."""
    if given is not None:
        return given
    return await secrets.get(SECRET_NAME)


class WebLinkSource:
    """The bot's way to the links: ``None`` while ``WEB_BASE_URL`` is unset (no button
    anywhere); otherwise the secret is read once, at the first message that needs it."""

    def __init__(
        self,
        base_url: str | None = None,
        secret: bytes | None = None,
        secrets: DeploymentSecrets | None = None,
    ) -> None:
        self.base_url = base_url
        self.secret = secret
        self.secrets = secrets
        self._links: WebLinks | None = None

    async def links(self) -> WebLinks | None:
        if self.base_url is None:
            return None
        if self._links is None:
            if self.secret is not None:
                secret = self.secret
            elif self.secrets is not None:
                secret = await secret_of(None, self.secrets)
            else:
                return None
            self._links = WebLinks(self.base_url, Addresses(secret))
        return self._links


#: No web pages: no button anywhere.
NO_WEB = WebLinkSource()


def game_page_open(game: GameSummary, today: date) -> bool:
    """Whether anyone holding the game's address may open its page now, as far as the board
    alone can tell: not a challenge still waiting (or one declined or lapsed), not a deal
    others may still be playing (a daily deal before its day is over; a solitaire
    tournament's deal, which stays kept until the tournament ends, is never linked from its
    board)."""
    if game.status not in (GameStatus.ACTIVE, GameStatus.FINISHED, GameStatus.ABORTED):
        return False
    if not game.private_deal:
        return True
    return game.daily_key is not None and not game.daily_deal_open(today)
