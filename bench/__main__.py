"""``python -m bench`` (``make bench``): run every benchmark, print the table, write bench/out/results.json.

Options: ``--only throughput,sheet,weight,scale,engine,strength,facts,live`` runs some steps;
``--quick`` shrinks every step (a smoke run, numbers not worth keeping);
``--markdown`` prints the table as Markdown too (for the README);
``--strict`` exits 1 when an aim is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from datetime import datetime, timezone
from pathlib import Path

from . import OUT, ROOT, Line, markdown_table, table, unavailable

STEPS = ("throughput", "sheet", "weight", "scale", "engine", "strength", "facts", "live")


def _settings(quick: bool) -> dict:
    """Each step's keyword arguments: the full run, or a quick one."""
    if quick:
        return {
            "throughput": {"seconds": 0.3, "rounds": 1, "warmup": 0.1, "processes": 1, "hands": 3},
            "sheet": {"renders": 1, "asks": 5, "hands": 3},
            "weight": {"hands": 3},
            "scale": {"games": 60, "runs": 3, "reads": 5},
            "engine": {"hand_number": 20, "game_number": 2, "request_number": 20, "repeat": 2,
                       "play": {"deals": 6, "rounds": 2, "request_number": 20}},
            "strength": {"deals": 3, "budget_seconds": 30, "lines": (0, 2, 5), "min_seeds": 1},
            "facts": {"seeds": 1, "expert_every": 20},
            "live": {"tables": 3, "phones": 4, "moves": 2, "compare": False},
        }
    return {"throughput": {}, "sheet": {}, "weight": {}, "scale": {}, "engine": {}, "strength": {}, "facts": {},
            "live": {}}


def run_step(name: str, workdir: Path, settings: dict) -> list[Line]:
    """Run one step; a step that fails gives one line saying why, instead of stopping the others."""
    from . import engine, facts, live, scale, sheet, strength, throughput, weight

    step = {"throughput": throughput, "sheet": sheet, "weight": weight, "scale": scale, "engine": engine,
            "strength": strength, "facts": facts, "live": live}[name]
    kwargs = dict(settings)
    if name not in ("engine", "strength", "facts"):
        kwargs["workdir"] = workdir / name
    if name == "scale" and "cache" not in kwargs and kwargs.get("games", 10_000) != 10_000:
        kwargs["cache"] = workdir / "cache"  # a small database is not worth keeping
    try:
        return step.measure(**kwargs)
    except Exception as error:  # noqa: BLE001 - one broken step must not hide the others' numbers
        traceback.print_exc(file=sys.stderr)
        return [unavailable(f"{name}", "", None, f"the step failed: {type(error).__name__}: {error}")]


def _commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def run(steps=STEPS, quick=False, out: Path | None = OUT, progress=print) -> dict:
    """Run ``steps``; return the results (and write them to ``out/results.json`` unless ``out`` is None)."""
    settings = _settings(quick)
    started = time.monotonic()
    lines: list[Line] = []
    timings = {}
    workdir = Path(tempfile.mkdtemp(prefix="canasta-bench-"))
    try:
        for name in steps:
            progress(f"[bench] {name}...")
            step_started = time.monotonic()
            lines += run_step(name, workdir, settings[name])
            timings[name] = round(time.monotonic() - step_started, 1)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    results = {
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "commit": _commit(),
        "quick": quick,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "seconds": round(time.monotonic() - started, 1),
        "step_seconds": timings,
        "lines": [line.as_json() for line in lines],
        "_lines": lines,
    }
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "results.json").write_text(
            json.dumps({k: v for k, v in results.items() if k != "_lines"}, indent=2, ensure_ascii=False) + "\n")
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(STEPS), help="comma-separated steps: " + ", ".join(STEPS))
    parser.add_argument("--quick", action="store_true", help="tiny iteration counts: a smoke run")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown too")
    parser.add_argument("--strict", action="store_true", help="exit 1 when an aim is missed")
    args = parser.parse_args(argv)
    steps = [step.strip() for step in args.only.split(",") if step.strip()]
    unknown = [step for step in steps if step not in STEPS]
    if unknown:
        parser.error(f"unknown step(s): {', '.join(unknown)}; choose from {', '.join(STEPS)}")
    results = run(steps, quick=args.quick, progress=lambda text: print(text, file=sys.stderr, flush=True))
    lines = results["_lines"]
    print()
    print(f"Canasta Scorekeeper benchmarks, {results['date']}, commit {results['commit'] or '?'}, "
          f"{results['machine']['cpus']} CPUs, Python {results['machine']['python']}, {results['seconds']} s")
    print(table(lines))
    if args.markdown:
        print()
        print(markdown_table(lines))
    print(f"\nRaw results: {OUT / 'results.json'}")
    failed = any(line.value is None and line.aim is None and "failed" in line.note for line in lines)
    missed = any(line.met is False for line in lines)
    return 1 if failed or (args.strict and missed) else 0


if __name__ == "__main__":
    sys.exit(main())
