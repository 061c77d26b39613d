"""The coach: words about moves, hints, tips and mistakes, for the player who reads them."""
