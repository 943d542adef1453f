"""Card decks shared by the games: import the module you need (``rules.cards.playing`` …)."""
