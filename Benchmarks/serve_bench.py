#!/usr/bin/env python3
"""Drives serve-benchmark.sh's measurements: `richpreview serve` under wrk on 127.0.0.1, next to
the same work done by starting `richpreview scale` and `vipsthumbnail` per request. Prints a
Markdown report to stdout and writes it, with the raw figures as JSON, to OUT.{md,json}.

Every round runs, in order:
  serve at its saturating load   2 workers, a queue of 2, wrk with 2 connections (a request always
                                 waiting for each worker), DURATION seconds
  serve at twice that load       2 workers, no queue, wrk with 4 connections: the excess is
                                 answered 429
  the CLI per request            REQUESTS requests, 2 at a time, each one `richpreview scale` process
                                 writing both sizes from one decode
  vipsthumbnail per request      REQUESTS requests, 2 at a time, each two `vipsthumbnail` processes
                                 (one per size), as imgproxy-style thumbnailers do
and the report gives the median of the rounds for each figure.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

BOXES = ["1125x1125", "375x375"]
QUERY = "/v1/attachments?" + "&".join(f"fit={box}" for box in BOXES) + "&format=jpeg&quality=85"


def percentile(values, share):
    """The nearest-rank percentile of `values` (share 0..1); None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def milliseconds(text):
    """wrk's `12.34ms`, `567.00us`, `1.20s` in milliseconds."""
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text)
    if not match:
        return None
    value, unit = float(match.group(1)), match.group(2)
    return value * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


class Server:
    """`richpreview serve` on a free port, its request log in a file."""

    def __init__(self, binary, folder, workers, queue):
        self.log_path = os.path.join(folder, f"serve-{workers}-{queue}-{time.monotonic_ns()}.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--workers", str(workers), "--queue", str(queue), "--timeout", "120"],
            stdout=subprocess.DEVNULL, stderr=self.log)
        self.port = None
        for _ in range(600):
            for line in self.lines():
                if line.get("event") == "listening":
                    self.port = line["port"]
            if self.port or self.process.poll() is not None:
                break
            time.sleep(0.05)
        if not self.port:
            raise SystemExit(f"serve-benchmark: the server did not start; its log: {self.log_path}")

    def lines(self):
        with open(self.log_path) as log:
            for text in log:
                try:
                    yield json.loads(text)
                except ValueError:
                    pass

    def peak_memory_mib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return None

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout=120)
        self.log.close()
        return status


def wrk(port, connections, duration, script):
    """wrk's requests per second, p50 and p99 (ms), and its non-2xx count."""
    output = subprocess.run(
        ["wrk", "-t", str(min(connections, 2)), "-c", str(connections), "-d", f"{duration}s", "--latency",
         "--timeout", "60s", "-s", script, f"http://127.0.0.1:{port}{QUERY}"],
        check=True, capture_output=True, text=True).stdout
    figures = {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))}
    for share, name in (("50", "p50"), ("99", "p99")):
        match = re.search(rf"^\s+{share}%\s+(\S+)", output, re.M)
        figures[name] = milliseconds(match.group(1)) if match else None
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    figures["non2xx"] = int(non2xx.group(1)) if non2xx else 0
    figures["requests"] = int(re.search(r"(\d+) requests in", output).group(1))
    return figures


def serve_round(binary, folder, script, duration):
    """The two serve runs of one round."""
    figures = {}
    server = Server(binary, folder, workers=2, queue=2)
    load = wrk(server.port, 2, duration, script)
    served = [line["milliseconds"] for line in server.lines() if line.get("status") == 200]
    figures["saturated"] = dict(
        load, server_p50=percentile(served, 0.5), server_p99=percentile(served, 0.99),
        peak_mib=server.peak_memory_mib(), exit=server.stop())
    server = Server(binary, folder, workers=2, queue=0)
    load = wrk(server.port, 4, duration, script)
    lines = list(server.lines())
    accepted = [line["milliseconds"] for line in lines if line.get("status") == 200]
    refused = [line["milliseconds"] for line in lines if line.get("status") == 429]
    others = [line for line in lines if line.get("status") not in (None, 200, 429)]
    figures["twice"] = dict(
        load, accepted=len(accepted), accepted_rps=len(accepted) / duration, refused=len(refused),
        accepted_p50=percentile(accepted, 0.5), accepted_p99=percentile(accepted, 0.99),
        refused_p50=percentile(refused, 0.5), refused_p99=percentile(refused, 0.99),
        refused_max=max(refused) if refused else None, other_statuses=len(others),
        peak_mib=server.peak_memory_mib(), exit=server.stop())
    return figures


def per_request(commands_for, requests, folder):
    """Runs `requests` requests 2 at a time, each the commands `commands_for(index)` gives in turn:
    requests per second, p50 and p99 of a request's wall time (ms)."""
    def one(index):
        started = time.perf_counter()
        for command in commands_for(index):
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        times = list(pool.map(one, range(requests)))
    elapsed = time.perf_counter() - started
    return {"rps": requests / elapsed, "p50": percentile(times, 0.5), "p99": percentile(times, 0.99)}


def hostile(binary, folder, clients, seconds):
    """A body announced as 1 GB, then `clients` connections that send their headers one byte a
    second for `seconds` while /health is called: how each is answered and how quickly."""
    import socket
    server = Server(binary, folder, workers=2, queue=2)
    figures = {}
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", server.port)) as connection:
        connection.sendall(
            b"POST /v1/attachments?fit=100x100 HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\n")
        connection.sendall(b"\0" * 65536)
        answer = connection.recv(200).split(b"\r\n")[0].decode()
    figures["gigabyte"] = {"answer": answer, "ms": (time.perf_counter() - started) * 1000}
    slow = []
    for _ in range(clients):
        try:
            slow.append(socket.create_connection(("127.0.0.1", server.port)))
        except OSError:
            break
    request = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
    health = []
    for second in range(seconds):
        for connection in slow:
            try:
                connection.send(request[second:second + 1])
            except OSError:
                pass
        for _ in range(4):
            began = time.perf_counter()
            subprocess.run(["curl", "-sf", "-o", "/dev/null", f"http://127.0.0.1:{server.port}/health"], check=True)
            health.append((time.perf_counter() - began) * 1000)
        time.sleep(1)
    figures["slow"] = {
        "clients": len(slow), "health_calls": len(health), "health_p50": percentile(health, 0.5),
        "health_max": max(health), "threads": len(os.listdir(f"/proc/{server.process.pid}/task")),
        "peak_mib": server.peak_memory_mib()}
    for connection in slow:
        connection.close()
    figures["exit"] = server.stop()
    return figures


def median(rounds, *path):
    values = []
    for figures in rounds:
        for key in path:
            figures = figures.get(key) if isinstance(figures, dict) else None
        if figures is not None:
            values.append(figures)
    return statistics.median(values) if values else None


def number(value, digits=1):
    return "n/a" if value is None else f"{value:.{digits}f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--photo", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=20)
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--out", required=True)
    parser.add_argument("--hostile-only", action="store_true")
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="serve-benchmark.")
    try:
        script = os.path.join(folder, "post.lua")
        with open(script, "w") as lua:
            lua.write('wrk.method = "POST"\n')
            lua.write('wrk.headers["Content-Type"] = "application/octet-stream"\n')
            lua.write(f'local file = io.open("{arguments.photo}", "rb")\nwrk.body = file:read("*a")\nfile:close()\n')
        outputs = os.path.join(folder, "out")
        os.mkdir(outputs)

        def cli(index):
            return [[arguments.bin, "scale", arguments.photo,
                     "-o", f"{outputs}/cli-{index}-large.jpg", "--fit", BOXES[0],
                     "-o", f"{outputs}/cli-{index}-small.jpg", "--fit", BOXES[1], "--quality", "85"]]

        def vips(index):
            return [["vipsthumbnail", arguments.photo, "-s", box, "-o", f"{outputs}/vips-{index}-{box}.jpg[Q=85]"]
                    for box in BOXES]

        hostile_figures = hostile(arguments.bin, folder, clients=1000, seconds=8)
        print(f"serve-benchmark: {json.dumps(hostile_figures)}", file=sys.stderr)
        if arguments.hostile_only:
            return
        rounds = []
        for number_ in range(arguments.rounds):
            print(f"serve-benchmark: round {number_ + 1} of {arguments.rounds}", file=sys.stderr)
            figures = serve_round(arguments.bin, folder, script, arguments.duration)
            figures["cli"] = per_request(cli, arguments.requests, folder)
            figures["vips"] = per_request(vips, arguments.requests, folder)
            rounds.append(figures)
            print(f"serve-benchmark: {json.dumps(figures)}", file=sys.stderr)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    m = lambda *path: median(rounds, *path)
    lines = [
        f"12 MP JPEG ({os.path.basename(arguments.photo)}) to {BOXES[0]} and {BOXES[1]} JPEG q85; "
        f"median of {arguments.rounds} rounds; requests 2 at a time unless said.",
        "",
        "| how | requests/s | p50 ms | p99 ms |",
        "|---|---|---|---|",
        f"| serve, 2 workers, 2 connections (wrk, client side) | {number(m('saturated', 'rps'), 2)} | "
        f"{number(m('saturated', 'p50'))} | {number(m('saturated', 'p99'))} |",
        f"| serve, 2 workers, 2 connections (server log, body to answer) | | "
        f"{number(m('saturated', 'server_p50'))} | {number(m('saturated', 'server_p99'))} |",
        f"| `richpreview scale` per request (one process, both sizes) | {number(m('cli', 'rps'), 2)} | "
        f"{number(m('cli', 'p50'))} | {number(m('cli', 'p99'))} |",
        f"| `vipsthumbnail` per request (two processes, one per size) | {number(m('vips', 'rps'), 2)} | "
        f"{number(m('vips', 'p50'))} | {number(m('vips', 'p99'))} |",
        "",
        "Twice the saturating load (2 workers, no queue, 4 connections):",
        "",
        "| figure | value |",
        "|---|---|",
        f"| accepted (200) per second | {number(m('twice', 'accepted_rps'), 2)} |",
        f"| accepted p50 / p99 ms (server log) | {number(m('twice', 'accepted_p50'))} / {number(m('twice', 'accepted_p99'))} |",
        f"| refused (429) per round | {number(m('twice', 'refused'), 0)} |",
        f"| refused p50 / p99 / max ms (server log) | {number(m('twice', 'refused_p50'), 3)} / "
        f"{number(m('twice', 'refused_p99'), 3)} / {number(m('twice', 'refused_max'), 3)} |",
        f"| answers other than 200 and 429 | {number(m('twice', 'other_statuses'), 0)} |",
        "",
        f"Peak resident memory of the server (VmHWM): {number(m('saturated', 'peak_mib'))} MiB at the saturating "
        f"load, {number(m('twice', 'peak_mib'))} MiB at twice it; exit status after SIGTERM: "
        f"{sorted({r['saturated']['exit'] for r in rounds} | {r['twice']['exit'] for r in rounds})}.",
        "",
        f"A body announced as 1 GB: `{hostile_figures['gigabyte']['answer']}` after "
        f"{number(hostile_figures['gigabyte']['ms'])} ms. {hostile_figures['slow']['clients']} connections sending "
        f"their headers one byte a second: /health answered {hostile_figures['slow']['health_calls']} times meanwhile, "
        f"p50 {number(hostile_figures['slow']['health_p50'])} ms, max {number(hostile_figures['slow']['health_max'])} ms; "
        f"the server had {hostile_figures['slow']['threads']} threads and "
        f"{number(hostile_figures['slow']['peak_mib'])} MiB at its peak.",
    ]
    report = "\n".join(lines) + "\n"
    print(report)
    with open(arguments.out + ".md.tmp", "w") as out:
        out.write(report)
    os.replace(arguments.out + ".md.tmp", arguments.out + ".md")
    with open(arguments.out + ".json.tmp", "w") as out:
        json.dump(rounds, out, indent=1)
    os.replace(arguments.out + ".json.tmp", arguments.out + ".json")


if __name__ == "__main__":
    main()
