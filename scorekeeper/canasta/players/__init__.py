"""The computer players: given what a seat sees, choose a move and say why."""
