"""The ONE door from the golden corpus to the code under test: every call into the engine, the players and the coach.

When the engine, the players or the coach move (packages renamed, functions split, words rendered late), change
this module only, so that it answers the same data as before: the recorder (``record.py``) and the test
(``test_golden.py``) know nothing else of the code. Every answer is plain JSON-ready data (dicts, lists, strings,
numbers), so it can be stored and compared.

What each function answers is what a player sees today:

- :func:`deal_lines`: a whole deal played by the computer (or by the random player) at every seat, each move with the
  computer's reason, the practice game's line for the player at seat 0 (``games/practice.py``), the narrated deal's
  line (``/practice/watch``, played face up), and at seat 0's turns the hint, the tip and the mistakes;
- :func:`narrated_lines`: ``/practice/watch``'s lines, as the page builds them;
- :func:`positions`: the positions of a deal replayed from its recorded moves;
- :func:`verdicts`: the referee's verdict on moves in a position (allowed, every refusal, the coach's refusal line);
- :func:`partner_answer_line`: the practice game's line for the partner's answer to "may I go out?";
- :func:`check_answers`: the rules checks (initial meld, pile, going out, a meld) for a hand of a position;
- :func:`api_client` / :func:`api_answer`: the JSON API through Flask's test client;
- :func:`illegal_moves`, :func:`api_requests`: the samples the recorder draws (moves and bodies as JSON data).
"""

from __future__ import annotations

import json
import random
import tempfile
from contextlib import contextmanager
from pathlib import Path

from scorekeeper.api import checks as api_checks
from scorekeeper.canasta import checks
from scorekeeper.canasta.melds import Meld as CheckMeld
from scorekeeper.canasta.play import Deal, apply, deal, judge, legal_moves, move_from_data, replay
from scorekeeper.canasta.play.codec import position_data
from scorekeeper.canasta.coach.words import Reader, reason_clause, render
from scorekeeper.canasta.coach import words as coach_words
from scorekeeper.canasta.coach.lines import answer_line, hint, line, mistakes, refusal_line, tip
from scorekeeper.canasta.coach.names import seat_names
from scorekeeper.canasta.players.levels import LEVEL_NAMES, LEVELS
from scorekeeper.canasta.players.loop import MAX_MOVES
from scorekeeper.canasta.players.random_players import RandomPlayer
from scorekeeper.canasta.play.position import Shuffler
from scorekeeper.canasta.play.referee import pile_check

PRESET_NAMES = ("classic", "classic-2p", "classic-3p", "classic-6p", "classic-6p-3teams", "modern")
COMPUTER_LEVELS = tuple(name for name in LEVEL_NAMES if name != "expert")  # easy, normal, hard: recorded before expert
RANDOM = "random"  # the random player of the tests and the bench (random_play.random_deal)
HUMAN = 0  # the practice game's player


def plain(value):
    """Return ``value`` as JSON gives it back (tuples as lists, keys as strings, other objects as text)."""
    return json.loads(json.dumps(value, default=str))


def _worded(worded) -> dict:
    return plain(worded.as_dict())


# A computer's reason as the corpus recorded it, when its parameters were words: the names of the parameters each
# code had then (the coach's words module makes their words now from the data: numbers and codes).
_OLD_PARAMS = {
    "take_pile": ("size", "what"), "take_pile_first": ("size", "what", "melds", "points", "minimum"),
    "draw": ("why",), "draw_only": ("why",), "go_out": ("why",), "discard_hold": ("why",),
    "meld_first": ("points", "minimum"), "meld_first_threes": ("points", "minimum"), "meld_canasta": ("kind", "rank"),
    "meld_grow": ("rank", "size"), "meld_canasta_grow": ("rank", "size"), "meld_wild": ("rank", "size"),
    "meld_new": ("rank", "points"), "discard_stop": ("next", "size"), "discard_freeze": ("next", "size"),
    "discard_dead": ("rank",), "discard_safe": ("rank",), "discard_single": ("rank",),
    "answer_yes": ("count", "points"), "answer_no": ("count", "points"), "answer_yes_danger": ("fewest",),
}


def _reason(reason) -> dict:
    """Return a computer's reason as the corpus holds it: its code, its parameters in words, its sentence."""
    data = reason.as_dict()
    fields = coach_words._reason_fields(data["code"], data["params"], Reader(None, ()))
    fields.update(next="the next player")
    if data["code"] == "discard_single":
        fields["rank"] = fields["single"]
    params = {key: fields[key] for key in _OLD_PARAMS.get(data["code"], ())}
    return plain({"code": data["code"], "params": params, "sentence": reason_clause(reason)})


def _words(said, names, seat=HUMAN):
    """Return what the coach said (data) worded for the reader at ``seat`` with the seats' ``names``."""
    if isinstance(said, list):
        return [render(item, Reader(seat, names)) for item in said]
    return None if said is None else render(said, Reader(seat, names))


def _watch_names(seats: int):
    from scorekeeper.web.practice import watch_names
    return watch_names(seats)


# --- whole deals ------------------------------------------------------------------------------------------


def deal_lines(preset: str, seed: str, level: str, coach_every: int = 1) -> list[dict]:
    """Return every move of a whole deal played by ``level`` at every seat, with the words a player sees.

    ``level``: a computer level, or :data:`RANDOM` (moves drawn from the legal ones, as ``random_deal``; no reason).
    ``coach_every``: the hint and the tip (both ask the hard level) at every n-th of seat 0's turns; the
    mistakes at every one of them.
    """
    position, _ = deal(preset, None, seed)
    names = seat_names(position.seats)
    watch = _watch_names(position.seats)
    chance = RandomPlayer(Shuffler(f"moves:{seed}"), meld_bias=3) if level == RANDOM else None  # random_deal's player
    out = []
    human_turns = 0
    while not position.over:
        if len(out) >= MAX_MOVES:
            raise RuntimeError(f"{preset} {seed} {level}: the deal did not end")
        seat = position.to_move
        entry: dict = {"seat": seat, "step": str(position.step)}  # a Step (StrEnum) as the corpus wrote it
        if chance is not None:
            choice = None
            move = chance.draw_move(legal_moves(position))
        else:
            choice = LEVELS[level].choose(position)
            move = choice.move
            entry["reason"] = _reason(choice.reason)
        entry["move"] = plain(move.as_dict())
        coached = seat == HUMAN and human_turns % coach_every == 0
        if seat == HUMAN:
            human_turns += 1
        if coached and position.step != "answer":
            given, words = hint(position)
            entry["hint"] = {"move": plain(given.move.as_dict()), "words": _words(words, names)}
            entry["tip"] = _words(tip(position, move), names)
        after, events = apply(position, move)
        # The practice game: seat 0's own move has no reason; a computer's move says why.
        entry["line"] = _words(line(position, move, events, viewer=HUMAN, choice=None if seat == HUMAN else choice),
                               names)
        entry["watch"] = _words(line(position, move, events, viewer=None, choice=choice), watch, None)
        if seat == HUMAN:
            found = _words(mistakes(position, move, after), names)
            if found:
                entry["mistakes"] = found
        out.append(entry)
        position = after
    return out


def narrated_lines(preset: str, seed: str, level: str) -> list[str]:
    """Return the narrated deal's lines (``/practice/watch``), as the page builds them."""
    from scorekeeper.web.practice import narrated
    positions_played, lines, marks = narrated(preset, seed, level)  # played anew (the page keeps what it played)
    watch = _watch_names(positions_played[0].seats)
    return [_words(said, watch, None) for said in lines] + [f"marks: {json.dumps(marks, sort_keys=True)}"]


def positions(preset: str, seed: str, moves: list[dict]) -> list:
    """Return the positions of the deal replayed from its moves (JSON form): ``[n]`` after n moves."""
    record = Deal(preset, None, seed, None, tuple(move_from_data(move) for move in moves))
    return list(replay(record).positions)


def to_move(position) -> int | None:
    return position.to_move


def step(position) -> str:
    return str(position.step)


# --- the referee -----------------------------------------------------------------------------------------


def legal(position) -> list[dict]:
    """Return the moves the position allows, as JSON data."""
    return [plain(move.as_dict()) for move in legal_moves(position)]


def verdict(position, move: dict, seat: int | None = None) -> dict:
    """Return the referee's verdict on ``move`` (JSON form), and the coach's line for a refusal."""
    ruling = judge(position, move_from_data(move), seat)
    answer = {"allowed": ruling.allowed, "refusals": [_worded(r) for r in ruling.refusals]}
    if not ruling.allowed:
        answer["line"] = refusal_line(ruling)
    return answer


def verdicts(position, moves: list[dict], seats: list[int | None] | None = None) -> list[dict]:
    """Return the verdict on each move (``seats[i]``: the seat that moves, None for the seat to move)."""
    seats = seats or [None] * len(moves)
    return [verdict(position, move, seat) for move, seat in zip(moves, seats)]


def partner_answer_line(position, level: str) -> str | None:
    """Return the practice game's line when seat 0 asks "may I go out?" and the computer partner answers.

    None when seat 0 may not ask here. (games/practice.py words the answer itself.)
    """
    from scorekeeper.canasta.play import AskPartner
    if position.to_move != HUMAN or not judge(position, AskPartner()).allowed:
        return None
    after, _ = apply(position, AskPartner())
    if after.over:
        return None
    # As recorded: the partner's whole reason (viewer None), as its own seat would read it.
    return _words(answer_line(after, LEVELS[level].choose(after), viewer=None), seat_names(position.seats))


def ask_again_verdict(position, level: str) -> dict | None:
    """Return the referee's verdict when seat 0, answered by its computer partner, asks "may I go out?" again."""
    from scorekeeper.canasta.play import AskPartner
    if position.to_move != HUMAN or not judge(position, AskPartner()).allowed:
        return None
    after, _ = apply(position, AskPartner())
    if after.over:
        return None
    answered, _ = apply(after, LEVELS[level].choose(after).move)
    if answered.over or answered.to_move is None:
        return None
    return verdict(answered, {"kind": "ask_partner"})


def _codes(cards) -> list[str]:
    return [card.code for card in cards]


def illegal_moves(position, rng: random.Random, count: int = 8) -> list[tuple[dict, int | None]]:
    """Return a sample of moves the referee should refuse (most of them) in ``position``, with the seat that moves.

    Drawn from ``rng`` at recording time only: the corpus stores the moves as JSON data.
    """
    seat = position.to_move
    if seat is None:
        return [({"kind": "draw"}, None), ({"kind": "discard", "card": "5H"}, None)]
    hand = list(position.hands[seat])
    codes = _codes(hand)
    others = [c for s, h in enumerate(position.hands) if s != seat for c in _codes(h)] + _codes(position.stock)
    naturals = [c for c in hand if c.is_natural]
    wilds = [c for c in hand if c.is_wild]
    side = position.side_of(seat)
    theirs = [meld for s in position.sides() if s != side for meld in position.melds[s]]
    mine = list(position.melds[side])
    top = position.pile_top
    pool: list[tuple[dict, int | None]] = [
        ({"kind": "draw"}, None),
        ({"kind": "end_deal"}, None),
        ({"kind": "ask_partner"}, None),
        ({"kind": "answer", "yes": bool(rng.getrandbits(1))}, None),
        ({"kind": "take_pile", "cards": ""}, None),
    ]
    if others:
        pool.append(({"kind": "discard", "card": rng.choice(others)}, None))
    if codes:
        pool.append(({"kind": "discard", "card": rng.choice(codes)}, None))
        pool.append(({"kind": "meld", "melds": [{"cards": rng.choice(codes)}]}, None))
        pool.append(({"kind": "discard", "card": rng.choice(codes)}, (seat + 1) % position.seats))
    if len(wilds) >= 2:
        pool.append(({"kind": "meld", "melds": [{"cards": " ".join(_codes(wilds[:3]))}]}, None))
    if naturals:
        card = rng.choice(naturals)
        same = [c for c in hand if c.rank is card.rank]
        pool.append(({"kind": "meld", "melds": [{"cards": " ".join(_codes(same[:2] + wilds[:2]))}]}, None))
        if len(same) >= 2:
            pool.append(({"kind": "meld", "melds": [{"cards": " ".join(_codes(same))}]}, None))
    if top is not None:
        matching = [c for c in hand if c.rank is top.rank]
        if matching:
            pool.append(({"kind": "take_pile", "cards": matching[0].code}, None))
            if wilds:
                pool.append(({"kind": "take_pile", "cards": f"{matching[0].code} {wilds[0].code}"}, None))
        if wilds:
            pool.append(({"kind": "take_pile", "cards": " ".join(_codes(wilds[:2]))}, None))
    if theirs and hand:
        meld = rng.choice(theirs)
        fit = [c for c in hand if meld.key is not None and c.rank is meld.key] or wilds or hand[:1]
        onto = meld.key.symbol if meld.key is not None else "wild"
        pool.append(({"kind": "meld", "melds": [{"cards": fit[0].code, "onto": onto}]}, None))
    if mine and wilds:
        meld = rng.choice(mine)
        onto = meld.key.symbol if meld.key is not None else "wild"
        pool.append(({"kind": "meld", "melds": [{"cards": " ".join(_codes(wilds)), "onto": onto}]}, None))
    if position.ruleset.id == "modern":
        pool.append(({"kind": "special_hand", "name": rng.choice(["garbage", "pairs"])}, None))
    for move in legal_moves(position)[:40]:
        data = plain(move.as_dict())
        if data["kind"] == "meld" and data["melds"]:
            lay = dict(data["melds"][0])
            cards = lay["cards"].split()
            if len(cards) > 1:
                lay["cards"] = " ".join(cards[:-1])
                pool.append(({"kind": "meld", "melds": [lay] + data["melds"][1:]}, None))
        elif data["kind"] == "take_pile" and data.get("cards"):
            pool.append(({"kind": "take_pile", "cards": data["cards"].split()[0]}, None))
    rng.shuffle(pool)
    seen, sample = set(), []
    for move, mover in pool:
        key = json.dumps([move, mover], sort_keys=True)
        if key not in seen:
            seen.add(key)
            sample.append((move, mover))
        if len(sample) >= count:
            break
    return sample


# --- the rules checks --------------------------------------------------------------------------------------


def _meld_json(ruleset, check):
    return plain(api_checks.meld_check_json(check, {"ruleset": ruleset}))


def check_answers(position, seat: int | None = None) -> dict:
    """Return the rules checks' answers (the functions behind /api/v1/check/*) for the hand of ``seat``."""
    seat = position.to_move if seat is None else seat
    ruleset, options = position.ruleset, position.options
    hand = position.hands[seat]
    side = position.side_of(seat)
    melds = position.melds[side]
    answers: dict = {}
    if not position.melded[side] and hand:
        total = position.total_of(seat)
        check = checks.check_initial_meld(ruleset, options, total, list(hand), pile_top=position.pile_top,
                                          dead_ranks=position.dead)
        answers["initial_meld"] = plain(api_checks.initial_meld_json(check, {"ruleset": ruleset}))
    if position.pile and hand:
        check = pile_check(position, seat)
        answers["pile"] = plain(api_checks.pile_json(check, {"ruleset": ruleset}))
    if hand:
        side_melds = []
        for meld in melds:
            try:
                side_melds.append(CheckMeld.from_cards(list(meld.cards)))
            except Exception as error:  # a meld of wild cards alone, in modern: the check cannot hold it
                answers.setdefault("unreadable_melds", []).append(str(error))
        try:
            check = checks.check_going_out(ruleset, options, list(hand), canastas=position.canastas(side),
                                           side_has_melded=position.melded[side], side_melds=side_melds,
                                           dead_ranks=position.dead)
            answers["going_out"] = plain(api_checks.going_out_json(check, {"ruleset": ruleset}))
        except Exception as error:
            answers["going_out_error"] = f"{type(error).__name__}: {error}"
    for meld in melds[:2]:
        check = checks.check_meld(ruleset, options, list(meld.cards), going_out=False, initial=False,
                                  dead_ranks=position.dead)
        answers.setdefault("melds", []).append(_meld_json(ruleset, check))
    return answers


# --- the JSON API through Flask ----------------------------------------------------------------------------


@contextmanager
def api_client():
    """Yield a Flask test client of the app on a fresh SQLite file, rate limits off (as tests/conftest.py)."""
    from scorekeeper import create_app
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({
            "TESTING": True, "SECRET_KEY": "test", "DATABASE": str(Path(folder) / "golden.db"),
            "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
        })
        yield app.test_client()


def api_answer(client, path: str, body) -> dict:
    """Return the status and the JSON body of a POST."""
    response = client.post(path, json=body)
    return {"status": response.status_code, "body": response.get_json()}


def api_requests(preset: str, position, moves: list[dict]) -> list[tuple[str, dict]]:
    """Return POST requests (address, body) about ``position``, written with every hand as cards."""
    data = plain(position_data(position))
    requests = [("/api/v1/play/moves", {"rules": preset, "position": data})]
    for move in moves:
        requests.append(("/api/v1/play/check", {"rules": preset, "position": data, "move": move}))
    seat = position.to_move
    if seat is None:
        return requests
    hand = " ".join(_codes(position.hands[seat]))
    side = position.side_of(seat)
    if not hand:
        return requests
    if position.pile_top is not None:
        counts = {meld.key.symbol: len(meld.cards) for meld in position.melds[side]
                  if meld.key is not None and meld.key.is_natural}
        body = {"rules": preset, "pile_top": position.pile_top.code, "hand": hand, "frozen": position.pile_frozen,
                "side_has_melded": position.melded[side], "pile_size": len(position.pile)}
        if counts:
            body["side_meld_counts"] = counts
        requests.append(("/api/v1/check/pile", body))
        requests.append(("/api/v1/check/initial-meld", {"rules": preset, "cards": hand,
                                                         "pile_top": position.pile_top.code, "total": 1500}))
    melds = " | ".join(" ".join(_codes(meld.cards)) for meld in position.melds[side] if meld.key is not None)
    body = {"rules": preset, "hand": hand, "canastas": position.canastas(side),
            "side_has_melded": position.melded[side]}
    if melds:
        body["side_melds"] = melds
    requests.append(("/api/v1/check/going-out", body))
    return requests
