"""A throw-away fifth game, 石取り (Take-away): proves a new game needs only its rules package
and its one module — no other file of the bot is touched to play it in Discord."""
