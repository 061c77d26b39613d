"""Tests of the JSON API (scorekeeper/api/)."""
