"""Asobiba's Discord bot: thin cogs and views over a service layer with no Discord in it."""
