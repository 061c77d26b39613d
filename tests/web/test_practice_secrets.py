"""Issue 20: what a practice game must not give away, and what it must not let one client cost the server.

1. The deal of a game started without a code cannot be computed from anything the browser holds.
2. Starting games and dealing are limited per address; practice games left alone are purged.
3. The narrated deal is played once per deal, and new ones are limited like the PDFs.
5. A line about another seat says only what a player at a real table could see or be told.
7. Every practice page is private, no-cache, like the board.
"""

import re
from datetime import datetime, timedelta, timezone

import pytest

from scorekeeper import create_app
from scorekeeper.canasta.play import AskPartner, apply, deal, legal_moves
from scorekeeper.canasta.coach.words import Reader, reason_clause, render
from scorekeeper.canasta.coach import lines as coach
from scorekeeper.canasta.coach.names import card_name
from scorekeeper.canasta.players.levels import LEVELS, Computer
from scorekeeper.canasta.rules import PRESETS
from scorekeeper.games import practice
from scorekeeper.store import db as store
from scorekeeper.store import sqlite
from scorekeeper.store.migrations import migrations
from scorekeeper.web import practice as practice_web

from .practice_script import LEVEL, SEED, script


def started(client, seed="", rules="classic"):
    """Start a practice game from the page's form; return the page and its game's row."""
    assert client.post("/practice/start", data={"rules": rules, "level": "easy", "seed": seed}).status_code == 303
    html = client.get("/practice").get_data(as_text=True)
    return html, re.search(r'data-practice="([^"]+)"', html).group(1)


def hand_on_page(html):
    return sorted(re.findall(r'name="card" value="([^"]+)"', html))


def codes(cards):
    return sorted(card.code for card in cards)


def cookies_of(app, client):
    """Every cookie this browser holds, the session decoded (it is signed, not encrypted: anyone can read it)."""
    texts = []
    serializer = app.session_interface.get_signing_serializer(app)
    for cookie in client._cookies.values():
        texts.append(cookie.value)
        try:
            texts.append(repr(serializer.loads(cookie.value)))
        except Exception:  # noqa: BLE001 -- not the session cookie
            pass
    return " ".join(texts)


# --- 1. the deal is a secret ------------------------------------------------------------------------------


def test_a_deal_started_without_a_code_cannot_be_computed_from_the_page_or_the_cookie(app, client, db):
    html, shown_id = started(client)
    row = practice.load(db, shown_id).row
    deal_number = re.search(r'data-deal="(\d+)"', html).group(1)
    # The recipe: the shown id as the game's seed gives another deal.
    guessed, _ = deal("classic", None, f"practice:{shown_id}:{deal_number}")
    assert hand_on_page(html) == codes(practice.load(db, shown_id).position.hands[0])
    assert hand_on_page(html) != codes(guessed.hands[0])
    secret = row["seed"]
    assert secret != shown_id and len(secret) >= 20
    assert secret not in html and secret not in cookies_of(app, client)
    for path in ("/practice", "/practice/watch", f"/games/{row['game_id']}"):
        response = client.get(path)
        assert secret not in response.get_data(as_text=True) and secret not in str(response.headers)


def test_typing_another_games_id_as_a_deal_code_does_not_fork_its_deal(app, db):
    first, second = app.test_client(), app.test_client()
    html, shown_id = started(first)
    forked, _ = started(second, seed=shown_id)
    assert hand_on_page(forked) != hand_on_page(html)


def test_a_typed_deal_code_still_replays_its_deal_as_before(app):
    one, two = app.test_client(), app.test_client()
    html_one, _ = started(one, seed="my-code")
    html_two, _ = started(two, seed="my-code")
    expected, _ = deal("classic", None, "practice:my-code:1", (0, 0))
    assert hand_on_page(html_one) == hand_on_page(html_two) == codes(expected.hands[0])


def test_the_narrated_deal_of_a_game_is_not_derived_from_anything_shown(client, db):
    html, shown_id = started(client)
    watched = client.get("/practice/watch?at=0").get_data(as_text=True)
    hands = [sorted(re.findall(r'class="visually-hidden">([^<]+)<', part.split("</section>")[0]))
             for part in watched.split('class="watch-hand"')[1:]]
    assert len(hands) == 4 and all(len(hand) == 11 for hand in hands)
    for seed in (f"watch:{shown_id}:1", "watch:1"):
        public, _ = deal("classic", None, seed)
        assert sorted(card_name(card) for card in public.hands[0]) not in hands


def test_stored_games_seeded_by_their_id_keep_the_deal_in_play_and_get_a_secret_for_the_next(tmp_path):
    path = tmp_path / "old.db"
    db = sqlite.connect(path)
    migrations.apply(db, stop_before="0006_practice_deal_secrets")
    game_id, _ = practice.write.new_game(db, rules="classic", names=practice.side_names("classic"))
    for practice_id, seed in (("oldgame12345", "oldgame12345"), ("typedcode123", "t9097")):
        db["practice_games"].insert({
            "id": practice_id, "game_id": game_id, "rules": "classic", "level": "easy", "seed": seed,
            "deal_number": 3, "totals_before": "[0, 0]", "moves": "[]", "log": "[]", "hints": 0, "version": 0,
            "created_at": store.now(), "updated_at": store.now()})
    db.close()
    sqlite.migrate(path)
    db = sqlite.connect(path)
    old = practice.load(db, "oldgame12345")
    assert codes(old.position.hands[0]) == codes(deal("classic", None, "practice:oldgame12345:3")[0].hands[0])
    # Its later deals come from the secret migration 0006 gave it (kept as the table's deal code, never shown).
    assert old.row["deal_code"] != "oldgame12345" and len(old.row["deal_code"]) >= 20
    typed = practice.load(db, "typedcode123")
    assert typed.row["deal_code"] == "t9097"
    assert codes(typed.position.hands[0]) == codes(deal("classic", None, "practice:t9097:3")[0].hands[0])
    practice.next_deal(db, old)
    again = practice.load(db, "oldgame12345")
    assert again.row["deal_number"] == 4
    assert codes(again.position.hands[0]) == codes(deal("classic", None, f"practice:{old.row['deal_code']}:4")[0].hands[0])
    assert codes(again.position.hands[0]) != codes(deal("classic", None, "practice:oldgame12345:4")[0].hands[0])


# --- 2. limits and the purge ------------------------------------------------------------------------------


def limited_app(tmp_path, **config):
    return create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "app.db"),
                       "WTF_CSRF_ENABLED": False, **config})


def test_starting_practice_games_and_dealing_are_limited_per_address(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_PRACTICE="3 per hour")
    client = app.test_client()
    form = {"rules": "classic", "level": "easy"}
    assert client.post("/practice/start", data=form).status_code == 303
    assert client.post("/practice/move", data={"action": "next_deal"}).status_code == 303
    assert client.post("/practice/start", data=form).status_code == 303
    db = sqlite.connect(app.config["DATABASE"])
    before = db["tables"].count, db["games"].count
    for response in (client.post("/practice/start", data=form), client.post("/practice/move", data={"action": "next_deal"})):
        assert response.status_code == 429 and 1 <= int(response.headers["Retry-After"]) <= 3600
        assert re.search(r"Too many new practice games and deals from this address: at most 3 per hour\. Wait \d+ "
                         r"(seconds?|minutes), then try again\.", response.get_data(as_text=True))
    assert (db["tables"].count, db["games"].count) == before
    assert next(db["tables"].rows)["deal_number"] in (1, 2)


def _age(db, practice_id, days):
    stamp = (datetime.now(timezone.utc) - timedelta(days=days)).timestamp()
    db.execute("update tables set touched_at = ? where id = ?", [stamp, practice_id])
    db.conn.commit()


def test_practice_games_untouched_for_the_kept_days_are_purged_with_their_score(app, db, client):
    from tests.helpers import WORKED, new_game

    old = practice.start(db, "classic", "easy")
    table = practice.load(db, old)
    practice.write.add_hand(db, table.row["game_id"], WORKED)  # a hand in its score, and the hand's history
    recent = practice.start(db, "modern", "easy")
    normal_id, _ = new_game(db)
    _age(db, old, 31)
    _age(db, recent, 29)
    runner = app.test_cli_runner()
    result = runner.invoke(args=["purge-practice"])
    assert result.exit_code == 0, result.output
    assert "1 practice game untouched for 30 days deleted" in result.output
    assert practice.load(db, old) is None and store.get_game(db, table.row["game_id"]) is None
    assert not list(db.query("select 1 from hands where game_id = ?", [table.row["game_id"]]))
    assert practice.load(db, recent) is not None and store.get_game(db, normal_id) is not None


def test_a_new_practice_game_purges_old_ones_as_it_starts(app, db, client):
    old = practice.start(db, "classic", "easy")
    _age(db, old, 31)
    app.config["PRACTICE_KEEP_DAYS"] = 30
    started(client)
    assert practice.load(db, old) is None
    assert db["tables"].count == 1


# --- 3. the narrated deal ---------------------------------------------------------------------------------


def test_the_narrated_deal_is_played_once_then_kept(client):
    practice_web.NARRATED.clear()
    played = practice_web.NARRATED.played
    first = client.get("/practice/watch?rules=classic-2p").get_data(as_text=True)
    assert practice_web.NARRATED.played == played + 1
    for query in ("", "?at=3", "?jump=going_out", "?at=0"):
        assert client.get(f"/practice/watch{query.replace('?', '?rules=classic-2p&') or '?rules=classic-2p'}").status_code == 200
    assert practice_web.NARRATED.played == played + 1
    assert client.get("/practice/watch?rules=classic-2p").get_data(as_text=True) == first


def test_new_narrated_deals_are_limited_like_the_sheets(tmp_path):
    practice_web.NARRATED.clear()
    app = limited_app(tmp_path, RATELIMIT_WATCH="1 per hour")  # a minute's window may end while the deal is played
    client = app.test_client()
    assert client.get("/practice/watch?rules=classic-2p").status_code == 200
    refused = client.get("/practice/watch?rules=modern")
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 3600
    assert re.search(r"Too many deals watched from this address: at most 1 per hour\. Wait \d+ (seconds?|minutes), then ask "
                     r"for it again\.", refused.get_data(as_text=True))
    assert "<title>" in refused.get_data(as_text=True)  # the project's limit page, not a bare text
    assert client.get("/practice/watch?rules=classic-2p&at=2").status_code == 200  # kept: costs nothing


# --- 5. what the coach says about other seats -------------------------------------------------------------

# Reasons that tell what a hand holds (or what it could have done): never said of another seat in a live game.
HAND_REASONS = {"draw", "draw_only", "end_deal", "discard_safe", "discard_single", "discard_low", "discard_risky",
                "discard_hold", "discard_wild_only", "discard_frozen", "discard_unmelded", "discard_to_partner",
                "answer_yes", "answer_no"}


@pytest.mark.parametrize("rules", list(PRESETS))
def test_lines_about_other_seats_tell_nothing_of_their_hands(db, monkeypatch, rules):
    made = []
    choose = Computer.choose

    def recording(player, position):
        choice = choose(player, position)
        if position.to_move != practice.HUMAN:  # a computer seat's move (not the tip's look at the player's)
            made.append((position, choice))
        return choice

    monkeypatch.setattr(Computer, "choose", recording)
    seen = set()
    checked = 0
    for seed, level in (("a", "easy"), ("b", "normal")):
        practice_id = practice.start(db, rules, level, f"talk-{seed}")
        table = practice.load(db, practice_id)
        asked = False
        made.clear()
        done = len(table.row["log"])
        while True:
            position = table.position
            if position.over:
                break
            if position.step == "play" and not asked and AskPartner() in legal_moves(position):
                move, asked = AskPartner(), True
            else:
                move = choose(LEVELS["easy"], position).move
            assert practice.play(db, table, move).refused is None
            table = practice.load(db, practice_id)
            lines = [entry for entry in table.row["log"][done:] if entry["kind"] == "computer"]
            done = len(table.row["log"])
            assert len(lines) == len(made), (rules, seed)
            for entry, (before, choice) in zip(lines, made):
                seen.add(choice.reason.code)
                if choice.reason.code not in HAND_REASONS:
                    continue
                checked += 1
                text = render(entry["said"], Reader(0, table.names))
                assert reason_clause(choice.reason) not in text, entry
                # Not in the data either: the log keeps no word, and no number, of the hand.
                told = entry["said"]["params"]["reason"]
                if choice.reason.code.startswith("answer"):
                    assert "points" not in text and "hold" not in text, entry
                    assert told == {"code": choice.reason.code, "params": {}}, entry
                else:
                    assert told is None, entry
                    after, events = apply(before, choice.move)
                    assert entry["said"] == coach.line(before, choice.move, events, viewer=0, choice=choice).as_dict()
            made.clear()
    assert checked >= 10 and len(seen & HAND_REASONS) >= 3, seen  # the deals did reach the reasons checked


def test_the_partner_answers_may_i_go_out_without_its_points(client):
    steps, _ = script()
    client.post("/practice/start", data={"rules": "classic", "level": LEVEL, "seed": SEED})
    for _, cards, action in steps:
        html = client.post("/practice/move", data={"action": action, "card": list(cards)},
                           follow_redirects=True).get_data(as_text=True)
    answer = re.search(r"North says yes: ([^<]*)<", html).group(1)
    assert "points" not in answer and "hold" not in answer and answer.strip()


def test_the_narrated_deal_keeps_every_reason(monkeypatch):
    made = []
    choose = Computer.choose

    def recording(player, position):
        choice = choose(player, position)
        made.append(choice)
        return choice

    monkeypatch.setattr(Computer, "choose", recording)
    practice_web.NARRATED.clear()
    positions, said, _ = practice_web.narrated("classic", "watch:reasons")
    onlooker = Reader(None, practice_web.watch_names(positions[0].seats))
    lines = [render(line, onlooker) for line in said]
    hidden = [reason_clause(choice.reason, "after") for choice in made if choice.reason.code in HAND_REASONS]
    assert hidden and all(any(clause in text for text in lines) for clause in hidden if clause)


# --- 7. private pages --------------------------------------------------------------------------------------


def test_every_practice_page_is_private_and_not_cached(client):
    assert client.get("/practice").headers["Cache-Control"] == "private, no-cache"  # no game yet
    started(client)
    for path in ("/practice", "/practice/watch", "/practice/watch?at=2&rules=classic"):
        assert client.get(path).headers["Cache-Control"] == "private, no-cache", path
    for response in (client.post("/practice/move", data={"action": "hint"}),
                     client.post("/practice/move", data={"action": "hint"}, follow_redirects=True)):
        assert response.headers["Cache-Control"] == "private, no-cache"
