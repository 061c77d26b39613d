"""Tests of the game engine (scorekeeper/canasta/)."""
