"""Pairing and tables for tournaments: pure code, no database and no Discord."""
