"""Schema changes as named sqlite-utils migrations.

A migration that has landed is never edited: add a new one instead, so every
database, old or new, ends up with the same schema.
"""

from sqlite_utils import Migrations

migrations = Migrations("scorekeeper")


@migrations(name="0001_games_and_hands")
def games_and_hands(db):
    db["games"].create(
        {
            "id": str,
            "edit_key_hash": str,
            "rules": str,
            "options": str,  # JSON object of house options
            "names": str,  # JSON list, one name per scorer
            "seats": str,  # JSON list of player names in seating order, may be empty
            "start_totals": str,  # JSON list: totals carried over from paper
            "version": int,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"edit_key_hash", "rules", "options", "names", "seats",
                  "start_totals", "version", "created_at", "updated_at"},
    )
    # Hands are numbered by their order of entry (rowid): hands are only ever
    # appended, so deleting one renumbers the later ones without rewriting them.
    db["hands"].create(
        {
            "id": int,
            "game_id": str,
            "sides": str,  # JSON list of sides, exactly as the API takes them
            "entry": str,  # JSON: how the web form entered them, to reopen it the same way
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "sides", "entry", "created_at", "updated_at"},
    )
    db["hands"].create_index(["game_id", "id"])
    # One row per Idempotency-Key (API) or one-time form token (web): a repeated
    # request gets the first answer again instead of a second hand.
    db["idempotency"].create(
        {
            "scope": str,
            "key": str,
            "request_hash": str,
            "status": int,
            "response": str,
            "created_at": str,
        },
        pk=("scope", "key"),
        not_null={"request_hash", "status", "response", "created_at"},
    )


@migrations(name="0002_answers_expire_by_age")
def answers_expire_by_age(db):
    # Kept answers are let go by age across every game (db.remember_answer), not
    # only when the same game is changed again: this index finds the old ones.
    db["idempotency"].create_index(["created_at"], index_name="idempotency_created_at", if_not_exists=True)


@migrations(name="0003_practice_games")
def practice_games(db):
    # A practice game against the computer: the deal being played is stored as its
    # moves (replayed by canasta.play), each finished deal as a hand of the
    # scorekeeper game ``game_id``. ``log`` keeps the coach's lines of the deal.
    db["practice_games"].create(
        {
            "id": str,
            "game_id": str,
            "rules": str,
            "level": str,
            "seed": str,  # the deals are dealt from this seed and the deal's number
            "deal_number": int,
            "totals_before": str,  # JSON list: the totals before the deal being played (its minimums)
            "moves": str,  # JSON list of the deal's moves, as canasta.play writes them
            "log": str,  # JSON list of the coach's lines of this deal, oldest first
            "hints": int,
            "version": int,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "rules", "level", "seed", "deal_number", "totals_before", "moves", "log", "hints", "version",
                  "created_at", "updated_at"},
    )
