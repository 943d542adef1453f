"""Discord components and message builders. Talks to services, never to the database."""
