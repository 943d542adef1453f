"""What people do: slash commands (one cog per game plus shared ones) and the clicks on the
controls that ``bot/ui`` draws, each beside the command of its feature."""
