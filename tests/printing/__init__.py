"""Tests of PDFs and charts (scorekeeper/printing/)."""
