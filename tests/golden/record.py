"""Record the golden corpus: ``python -m tests.golden.record`` (from the worktree root). See README.md here.

Plays the deals of :data:`PLAN` with today's code (through :mod:`.adapter` only) and writes
``deals.json.gz`` (every move, reason and line), ``referee.json.gz`` (verdicts and rules checks at sampled
positions) and ``api.json.gz`` (JSON API requests and their answers). Regenerate ONLY for a deliberate change of
words or verdicts, and say so in the commit message.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
import time
from pathlib import Path

from . import adapter

HERE = Path(__file__).resolve().parent
FORMAT = 1

# preset -> (level, seed, coach_every) of each deal: the hint and the tip at every n-th of seat 0's turns.
# The hard level costs ~2.5 s a deal, the test replays everything: more presets and levels beat more seeds.
PLAN = {
    "classic": [("random", "g1", 4), ("easy", "g1", 3), ("easy", "g2", 3),
                ("normal", "g1", 3), ("hard", "g1", 6)],
    "classic-2p": [("random", "g1", 6), ("easy", "g1", 4), ("normal", "g1", 4), ("hard", "g2", 8)],
    "classic-3p": [("random", "g1", 4), ("easy", "g1", 3), ("normal", "g4", 4), ("hard", "g1", 6)],
    "classic-6p": [("random", "g1", 3), ("easy", "g1", 3), ("normal", "g2", 3), ("hard", "g3", 6)],
    "classic-6p-3teams": [("random", "g1", 3), ("easy", "g2", 3), ("normal", "g1", 4), ("hard", "g1", 6)],
    "modern": [("random", "g1", 4), ("random", "g2", 4), ("easy", "g1", 3), ("normal", "g1", 4), ("hard", "g2", 6)],
}
NARRATED = [(preset, "watch:1", "easy") for preset in ("classic", "classic-3p", "classic-6p-3teams", "modern")]
POSITIONS_PER_DEAL = 10  # sampled positions of each deal for the referee and the checks
ILLEGAL_PER_POSITION = 10
API_EVERY = 6  # the JSON API for every n-th sampled position


def deal_key(preset, seed, level) -> str:
    return f"{preset}/{seed}/{level}"


def record_deals() -> dict:
    deals = []
    for preset, plan in PLAN.items():
        for level, seed, coach_every in plan:
            started = time.perf_counter()
            moves = adapter.deal_lines(preset, seed, level, coach_every)
            deals.append({"preset": preset, "seed": seed, "level": level, "coach_every": coach_every, "moves": moves})
            print(f"  {deal_key(preset, seed, level)}: {len(moves)} moves, {time.perf_counter() - started:.1f} s",
                  file=sys.stderr)
    narrated = [{"preset": preset, "seed": seed, "level": level, "lines": adapter.narrated_lines(preset, seed, level)}
                for preset, seed, level in NARRATED]
    return {"format": FORMAT, "deals": deals, "narrated": narrated}


def record_referee(deals: list[dict]) -> tuple[dict, list]:
    """Return the verdicts and checks at sampled positions, and the API requests to make."""
    samples, requests, answers = [], [], []
    for number, record in enumerate(deals):
        preset, seed, level = record["preset"], record["seed"], record["level"]
        rng = random.Random(f"golden:{deal_key(preset, seed, level)}")
        moves = [entry["move"] for entry in record["moves"]]
        positions = adapter.positions(preset, seed, moves)
        asker = "normal" if level == adapter.RANDOM else level
        for at, position in enumerate(positions):  # every "may I go out?" seat 0 may ask, and the partner's answer
            answered = adapter.partner_answer_line(position, asker)
            if answered is not None:
                answers.append({"preset": preset, "seed": seed, "level": level, "at": at, "asker": asker,
                                "line": answered, "again": adapter.ask_again_verdict(position, asker)})
        count = min(POSITIONS_PER_DEAL, len(positions))
        chosen = sorted(rng.sample(range(len(positions)), count))
        if len(positions) - 1 not in chosen:
            chosen.append(len(positions) - 1)  # the deal's end: every move refused
        for at in chosen:
            position = positions[at]
            legal = adapter.legal(position) if adapter.to_move(position) is not None else []
            illegal = adapter.illegal_moves(position, rng, ILLEGAL_PER_POSITION)
            sample = {
                "preset": preset, "seed": seed, "level": level, "at": at, "step": adapter.step(position),
                "legal": legal,
                "legal_verdicts": adapter.verdicts(position, legal),
                "moves": [move for move, _ in illegal],
                "seats": [seat for _, seat in illegal],
                "verdicts": adapter.verdicts(position, [move for move, _ in illegal], [seat for _, seat in illegal]),
            }
            if adapter.to_move(position) is not None:
                sample["checks"] = adapter.check_answers(position)
            samples.append(sample)
            if len(samples) % API_EVERY == 0 and (adapter.step(position) != "over" or not requests):
                asked = ([legal[rng.randrange(len(legal))]] if legal else []) + [move for move, _ in illegal[:2]]
                requests.extend(adapter.api_requests(preset, position, asked))
    return {"format": FORMAT, "positions": samples, "partner_answers": answers}, requests


def record_api(requests: list) -> dict:
    with adapter.api_client() as client:
        answers = [{"path": path, "request": body, **adapter.api_answer(client, path, body)} for path, body in requests]
    return {"format": FORMAT, "answers": answers}


def write(name: str, data) -> int:
    path = HERE / name
    raw = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    with gzip.GzipFile(path, "wb", mtime=0) as file:  # mtime=0: the same corpus writes the same bytes
        file.write(raw)
    return path.stat().st_size


def main() -> None:
    started = time.perf_counter()
    deals = record_deals()
    referee, requests = record_referee(deals["deals"])
    api = record_api(requests)
    sizes = {name: write(name, data) for name, data in
             (("deals.json.gz", deals), ("referee.json.gz", referee), ("api.json.gz", api))}
    moves = sum(len(d["moves"]) for d in deals["deals"])
    verdicts = sum(len(p["legal_verdicts"]) + len(p["verdicts"]) for p in referee["positions"])
    print(f"{len(deals['deals'])} deals, {moves} moves, {len(referee['positions'])} positions, {verdicts} verdicts, "
          f"{len(api['answers'])} API answers; {sum(sizes.values()) / 1e6:.2f} MB "
          f"({', '.join(f'{k} {v / 1e3:.0f} kB' for k, v in sizes.items())}); "
          f"{time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
