"""Tests of the storage layer (scorekeeper/store/)."""
