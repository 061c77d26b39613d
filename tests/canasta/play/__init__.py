"""Tests of a deal as moves (scorekeeper/canasta/play/)."""
