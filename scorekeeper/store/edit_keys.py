"""The queries of the games a browser keeps: its edit keys (sealed) and the games it follows.

A browser is known here only by a hash of the random id its cookie holds; a
key is stored sealed with that id (``games.keyring``), so neither this table
nor a copy of the database opens a game. Nothing here decides what a browser
may do: ``games.access`` does.
"""

from .sqlite import writing


def held(db, browser):
    """Every game the browser keeps or follows: ``{game_id: {"sealed_key", "opened_at"}}``, the latest opened first.

    ``sealed_key`` is None for a game followed through its view link only.
    """
    rows = db.query("select game_id, sealed_key, opened_at from browser_games where browser = ? "
                    "order by opened_at desc, rowid desc", [browser])
    return {row["game_id"]: {"sealed_key": row["sealed_key"], "opened_at": row["opened_at"]} for row in rows}


def keep(db, browser, entries):
    """Keep or follow games for the browser: ``entries`` is a list of ``(game_id, sealed_key or None, opened_at)``.

    A game already kept gets the new key and time; following never drops a key
    the browser holds (a scorekeeper who opens the view link still keeps score).
    """
    with writing(db):
        for game_id, sealed_key, opened_at in entries:
            db.execute(
                "insert into browser_games (browser, game_id, sealed_key, opened_at) values (?, ?, ?, ?) "
                "on conflict (browser, game_id) do update set opened_at = excluded.opened_at, "
                "sealed_key = coalesce(excluded.sealed_key, browser_games.sealed_key)",
                [browser, game_id, sealed_key, opened_at])


def drop(db, browser, game_ids):
    """Let the browser forget these games (its key and its following); the games themselves stay."""
    game_ids = list(game_ids)
    if not game_ids:
        return
    marks = ",".join("?" for _ in game_ids)
    with writing(db):
        db.execute(f"delete from browser_games where browser = ? and game_id in ({marks})", [browser, *game_ids])


def unfollow_oldest(db, browser, keep_at_most):
    """Past ``keep_at_most`` followed games (no key), forget the ones opened longest ago."""
    with writing(db):
        db.execute(
            "delete from browser_games where browser = ? and sealed_key is null and game_id not in "
            "(select game_id from browser_games where browser = ? and sealed_key is null "
            " order by opened_at desc, rowid desc limit ?)", [browser, browser, keep_at_most])


def oldest_kept(db, browser, sparing=None):
    """The game the browser would forget first when it holds too many: the one changed longest ago.

    A game no longer stored goes first; then the least recently changed, then
    the least recently opened; never ``sparing`` (the game being kept now).
    Returns its id, or None when it holds no other key.
    """
    rows = list(db.query(
        "select browser_games.game_id from browser_games left join games on games.id = browser_games.game_id "
        "where browser_games.browser = ? and browser_games.sealed_key is not null and browser_games.game_id != ? "
        "order by games.id is not null, games.updated_at, browser_games.opened_at limit 1", [browser, sparing or ""]))
    return rows[0]["game_id"] if rows else None


def drop_beyond(db, browser, keep_at_most, sparing=None):
    """Past ``keep_at_most`` edit keys, let the browser forget the games ``oldest_kept`` names; return their ids."""
    dropped = []
    with writing(db):
        while kept_count(db, browser) > keep_at_most:
            oldest = oldest_kept(db, browser, sparing)
            if oldest is None:
                break
            drop(db, browser, [oldest])
            dropped.append(oldest)
    return dropped


def kept_count(db, browser):
    """How many edit keys the browser holds."""
    return db.execute("select count(*) from browser_games where browser = ? and sealed_key is not null",
                      [browser]).fetchone()[0]


def seen(db, browser, stamp):
    """Note that the browser came back at ``stamp`` (its cookie was just renewed)."""
    with writing(db):
        db.execute("insert into browsers (id, seen_at) values (?, ?) "
                   "on conflict (id) do update set seen_at = excluded.seen_at", [browser, stamp])


def forget_browsers_before(db, stamp):
    """Drop every browser last seen before ``stamp``, with its games: its cookie expired, nothing can reach them."""
    with writing(db):
        db.execute("delete from browser_games where browser in (select id from browsers where seen_at < ?)", [stamp])
        db.execute("delete from browser_tables where browser in (select id from browsers where seen_at < ?)", [stamp])
        db.execute("delete from browsers where seen_at < ?", [stamp])
