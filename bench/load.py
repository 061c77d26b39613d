"""Drive HTTP load at a loopback server: fixed duration, keep-alive connections, every answer checked.

Each client connection is a thread with its own ``http.client`` connection,
kept alive when the server allows it (gunicorn's sync workers close after every
answer; ``http.client`` then reconnects by itself, which is what a browser
does too). Several client processes spread the client's own Python work over
the cores, so the client is less of a ceiling than one GIL would be.
"""

from __future__ import annotations

import http.client
import multiprocessing
import statistics
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Call:
    """One request to repeat: ``method``, ``path``, ``body`` (bytes or None), ``headers``, ``expect`` status."""

    method: str
    path: str
    body: bytes | None = None
    headers: dict = field(default_factory=dict)
    expect: int = 200


@dataclass
class LoadResult:
    requests: int  # answered with the expected status inside the window
    failures: int  # any other status, or a connection error
    seconds: float
    latencies_ms: list  # of the counted requests
    first_failure: str = ""

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def p50_ms(self) -> float:
        return statistics.median(self.latencies_ms) if self.latencies_ms else 0.0

    @property
    def p95_ms(self) -> float:
        if len(self.latencies_ms) < 2:
            return self.p50_ms
        return statistics.quantiles(self.latencies_ms, n=20)[-1]


def _connection_loop(host, port, call, start, stop, out):
    """Repeat ``call`` on one connection from ``start`` to ``stop`` (monotonic); append results to ``out``."""
    conn = http.client.HTTPConnection(host, port, timeout=10)
    requests = failures = 0
    latencies = []
    first_failure = ""
    headers = {"Host": f"{host}:{port}", **call.headers}
    while True:
        before = time.monotonic()
        if before >= stop:
            break
        try:
            conn.request(call.method, call.path, body=call.body, headers=headers)
            response = conn.getresponse()
            response.read()
            status = response.status
            if response.will_close:
                conn.close()
        except (OSError, http.client.HTTPException) as error:
            conn.close()
            status, detail = None, f"{type(error).__name__}: {error}"
        after = time.monotonic()
        if before < start or after > stop:
            continue  # warm-up, or straddling the end of the window: not counted
        if status == call.expect:
            requests += 1
            latencies.append((after - before) * 1000)
        else:
            failures += 1
            if not first_failure:
                first_failure = detail if status is None else f"status {status}"
    conn.close()
    out.append((requests, failures, latencies, first_failure))


def _threads(host, port, call, start, stop, threads):
    out: list = []
    workers = [threading.Thread(target=_connection_loop, args=(host, port, call, start, stop, out))
               for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return out


def _process_main(host, port, call, start, stop, threads, pipe):
    try:
        pipe.send(_threads(host, port, call, start, stop, threads))
    finally:
        pipe.close()


def drive(base_url, call, *, seconds=5.0, warmup=0.5, processes=2, threads=2) -> LoadResult:
    """Send ``call`` to the server at ``base_url`` from ``processes`` x ``threads`` connections for ``seconds``.

    Requests during the first ``warmup`` seconds are sent but not counted.
    """
    parts = urlsplit(base_url)
    host, port = parts.hostname, parts.port
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise ValueError(f"The benchmark only drives loopback servers, not {host}.")
    start = time.monotonic() + warmup + (0.2 if processes > 1 else 0.0)  # time for client processes to start
    stop = start + seconds
    results: list = []
    if processes <= 1:
        results = _threads(host, port, call, start, stop, threads)
    else:
        context = multiprocessing.get_context("fork")
        pipes, children = [], []
        try:
            for _ in range(processes):
                receive, send = context.Pipe(duplex=False)
                child = context.Process(target=_process_main, args=(host, port, call, start, stop, threads, send),
                                        daemon=True)
                child.start()
                send.close()
                pipes.append(receive)
                children.append(child)
            for receive in pipes:
                if receive.poll(stop - time.monotonic() + 30):
                    results.extend(receive.recv())
                else:
                    results.append((0, 1, [], "a client process did not report"))
        finally:
            for child in children:
                child.join(timeout=5)
                if child.is_alive():
                    child.kill()
                    child.join()
    latencies = [latency for _, _, lats, _ in results for latency in lats]
    return LoadResult(
        requests=sum(r[0] for r in results), failures=sum(r[1] for r in results), seconds=seconds,
        latencies_ms=latencies, first_failure=next((r[3] for r in results if r[3]), ""),
    )
