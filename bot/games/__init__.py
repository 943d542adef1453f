"""One home per game: each module here declares everything the bot knows about one game (its
rules, titles and help, commands, how its moves are offered, its private panel, bot player,
hints, ranking and daily deal) and is registered once in :mod:`bot.games.registry`."""
