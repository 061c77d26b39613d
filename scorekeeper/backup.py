"""Command-line export, import and online backup of the database (being built)."""


def init_app(app):
    """Register the backup commands on ``flask --app scorekeeper``."""
