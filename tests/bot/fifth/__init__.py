"""Throw-away fifth games: 石取り (Take-away, two players) and 一人石取り (a solitaire with a
shuffled deck, a daily deal and a secret hand). Each proves a new game needs only its rules
and its one module — no other file of the bot is touched to play it in Discord."""
