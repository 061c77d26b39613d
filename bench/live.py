"""Live streams: 50 tables x 4 phones with their streams open, moves on every table, under real gunicorn.

Each phone holds ``GET /api/v1/tables/<id>/live`` open on loopback (one asyncio
client reads all of them); movers make moves on every table, one at a time per
table, as fast as the tables' players (threads) can. For every move, the time
from the mover's answer to each of the three other phones' event of that
version (an event that came before the answer counts 0); the memory per
connected phone (the worker's RSS with every stream open, less its RSS with
none, over the phones); every answer's status; every stream still open at the end
and told the table's last version.

Measured under ``make run``'s serving (gunicorn's ASGI worker, one coroutine a
phone), and once against the Flask route on the gthread worker (one thread a
phone) for docs/operations.md: the same tables, phones and moves.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.servers import APP, start_gunicorn

from . import Aim, Line, unavailable

WSGI_APP = "scorekeeper:create_app()"
LATENCY_AIM = Aim("<=", 250, on="value", unit="ms")
EVENT = re.compile(rb'data: \{"version": (\d+)\}\n\n')
ENV = {"SCOREKEEPER_LIVE_STREAMS_PER_ADDRESS": "100000", "SCOREKEEPER_LIVE_STREAMS_PER_PROCESS": "100000"}


class Phones:
    """Every phone's stream, read by one asyncio loop in its own thread: when each version reached each phone."""

    def __init__(self, port, live_urls, phones):
        self.port = port
        self.streams = [(table, index) for table in live_urls for index in range(phones)]
        self.live_urls = live_urls
        self.arrivals = {stream: {} for stream in self.streams}  # (table, phone) -> {version: monotonic}
        self.ended = set()  # streams that ended before we closed them: dropped
        self.statuses = []
        self.connected = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._all(),), daemon=True)
        self._stop = None

    def start(self, timeout):
        self.thread.start()
        if not self.connected.wait(timeout):
            raise RuntimeError("the phones' streams did not all open")

    def stop(self):
        self.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(30)

    async def _all(self):
        self._stop = asyncio.Event()
        opened = []
        for stream in self.streams:  # one after another, as phones arrive: no burst of 200 connections at once
            opened.append(await self._open(stream))
        self.connected.set()
        readers = [asyncio.create_task(self._read(stream, reader)) for stream, (reader, _) in zip(self.streams, opened)]
        await self._stop.wait()
        for task in readers:
            task.cancel()
        for _, writer in opened:
            writer.close()

    async def _open(self, stream):
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(f"GET {self.live_urls[stream[0]]} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
                     .encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        self.statuses.append(int(head.split(b" ", 2)[1]))
        return reader, writer

    async def _read(self, stream, reader):
        buffer = b""
        try:
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    self.ended.add(stream)
                    return
                now = time.monotonic()
                buffer += chunk
                for match in EVENT.finditer(buffer):
                    self.arrivals[stream].setdefault(int(match.group(1)), now)
                buffer = buffer[buffer.rfind(b"\n\n") + 2:] if b"\n\n" in buffer else buffer
        except asyncio.CancelledError:
            pass

    def arrival(self, stream, version):
        """When the stream was first told ``version`` or a later one; None if never."""
        times = [at for told, at in self.arrivals[stream].items() if told >= version]
        return min(times) if times else None


def _request(connection, method, path, body=None, key=None):
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = connection.getresponse()
    return response.status, json.loads(response.read() or b"null")


def _rss_kb(pid):
    """Resident memory of the process ``pid`` and its children (gunicorn's master and workers), in KB."""
    total = 0
    for child in [pid] + _children(pid):
        try:
            status = Path(f"/proc/{child}/status").read_text()
        except OSError:
            continue
        total += int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))
    return total


def _children(pid):
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def run_one(workdir: Path, app, *, tables, phones, moves, workers, extra_args=()):
    """Serve ``app``, open the tables and their phones' streams, make ``moves`` moves a table; return the figures."""
    workdir.mkdir(parents=True, exist_ok=True)
    server = start_gunicorn(workdir / "live.db", workers=workers, app=app, extra_env=ENV, extra_args=extra_args)
    statuses = []
    try:
        port = int(server.url.rsplit(":", 1)[1])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        opened = []
        for _ in range(tables):
            status, table = _request(connection, "POST", "/api/v1/tables", {"rules": "classic"})
            statuses.append(status)
            opened.append(table)
        connection.close()
        time.sleep(1.0)  # let the workers settle after the tables' first answers
        rss_before = _rss_kb(server.pid)
        live = Phones(port, {table["id"]: table["live_url"] for table in opened}, phones)
        live.start(timeout=120)
        time.sleep(1.0)
        rss_after = _rss_kb(server.pid)
        samples = []
        lock = threading.Lock()

        def play(table):
            keys = {seat["seat"]: seat["key"] for seat in table["seats"]}
            path = f"/api/v1/tables/{table['id']}"
            mover = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            try:
                for _ in range(moves):
                    status, seen = _request(mover, "GET", path)
                    statuses.append(status)
                    seat = seen["to_move"]
                    if seat is None:
                        return
                    status, mine = _request(mover, "GET", path, key=keys[seat])
                    statuses.append(status)
                    chosen = sorted(mine["moves"], key=lambda move: move["kind"] == "discard")[0]
                    status, made = _request(mover, "POST", path + "/moves",
                                            {"move": chosen, "expected_version": mine["version"]}, keys[seat])
                    answered = time.monotonic()
                    statuses.append(status)
                    if status == 200:
                        with lock:
                            samples.append((table["id"], seat, made["version"], answered))
            finally:
                mover.close()

        with ThreadPoolExecutor(8) as pool:
            list(pool.map(play, opened))
        time.sleep(2.0)  # the last events on their way
        live.stop()
    finally:
        server.stop()
    latencies, missing = [], 0
    for table_id, seat, version, answered in samples:
        for index in range(phones):
            if index == seat:  # the phone that moved learns it from its answer
                continue
            arrived = live.arrival((table_id, index), version)
            if arrived is None:
                missing += 1
            else:
                latencies.append(max(0.0, arrived - answered) * 1000)
    return {
        "latencies_ms": latencies, "missing": missing, "moves": len(samples),
        "errors": sum(status >= 500 for status in statuses + live.statuses),
        "refused": sum(status != 200 for status in live.statuses), "dropped": len(live.ended),
        "phones": len(live.streams), "kb_per_phone": (rss_after - rss_before) / len(live.streams),
    }


def _p95(values):
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else (values[0] if values else 0.0)


def measure(workdir: Path, *, tables=50, phones=4, moves=6, workers=1, compare=True) -> list[Line]:
    what = f"{tables} tables x {phones} phones"
    asgi = run_one(workdir / "asgi", APP, tables=tables, phones=phones, moves=moves, workers=workers)
    gthread = None
    if compare:
        # One thread a phone, and the movers' requests beside them.
        threads = str(tables * phones + 32)
        gthread = run_one(workdir / "gthread", WSGI_APP, tables=tables, phones=phones, moves=moves, workers=workers,
                          extra_args=("--worker-class", "gthread", "--threads", threads))
    lines = []
    faults = asgi["errors"] + asgi["dropped"] + asgi["refused"] + asgi["missing"]
    details = {key: value for key, value in asgi.items() if key != "latencies_ms"}
    if not asgi["latencies_ms"]:
        return [unavailable(f"Live: move's answer to the other phones' event, p95 ({what})", "ms", LATENCY_AIM,
                            f"no event measured: {details}")]
    p50, p95 = statistics.median(asgi["latencies_ms"]), _p95(asgi["latencies_ms"])
    details.update(p50_ms=round(p50, 1), p95_ms=round(p95, 1), samples=len(asgi["latencies_ms"]))
    note = f"median {p50:.0f} ms; {asgi['moves']} moves, {len(asgi['latencies_ms'])} events timed"
    baseline = None
    if gthread and gthread["latencies_ms"]:
        baseline = _p95(gthread["latencies_ms"])
        details["gthread"] = {"p50_ms": round(statistics.median(gthread["latencies_ms"]), 1),
                              "p95_ms": round(baseline, 1), "kb_per_phone": round(gthread["kb_per_phone"], 1),
                              **{key: gthread[key] for key in ("moves", "errors", "dropped", "refused", "missing")}}
    lines.append(Line(f"Live: move's answer to the other phones' event, p95 ({what}, ASGI worker)", p95, "ms",
                      LATENCY_AIM, baseline, "gthread, a thread a phone", note, details))
    lines.append(Line(f"Live: memory per connected phone ({what}, ASGI worker)", max(asgi["kb_per_phone"], 0.1), "KB",
                      None, gthread["kb_per_phone"] if gthread else None, "gthread, a thread a phone",
                      f"worker RSS with every stream open less without, over {asgi['phones']} phones"))
    lines.append(Line(f"Live: 5xx answers, refused, dropped or untold streams ({what})", faults, "", Aim("<=", 0, on="value"),
                      note=f"5xx {asgi['errors']}, refused {asgi['refused']}, dropped {asgi['dropped']}, "
                           f"events never told {asgi['missing']}"))
    return lines


if __name__ == "__main__":
    import sys
    import tempfile

    from . import table

    print(table(measure(Path(tempfile.mkdtemp(prefix="bench-live-")), compare="--compare" in sys.argv)))
    os._exit(0)
