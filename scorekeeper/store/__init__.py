"""Storage: every query (sqlite-utils), the per-thread connections and the migrations.

``sqlite`` opens the database, migrates it and runs its transactions (no query of a
table); ``db`` holds the queries of games and hands, ``answers`` the answers kept for
repeated requests, ``transfer`` export, import and backup, ``bulk`` the benchmarks'
bulk loading, ``edit_keys``, ``history``, ``tables`` (practice games too) and ``counters`` their own
tables: every query the app makes, and only queries. ``connections`` keeps one SQLite
connection per worker thread; ``migrations`` is the schema, as named steps.
May import: the standard library, sqlite-utils, Flask (for the request's connection),
and ``scorekeeper.canasta`` for nothing but types. Nothing here scores a game.
"""
