"""Tests of reading and changing stored games (scorekeeper/games/)."""
