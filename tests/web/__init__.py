"""Tests of the pages (scorekeeper/web/)."""
