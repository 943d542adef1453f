"""Pure game rules for Asobiba: no Discord, no database, standard library only."""
