"""Slash commands, one cog per game plus shared ones."""
