#!/usr/bin/env python3
"""Per-call cost of Glass's call path, for comparing two builds on the same machine.

Usage: python3 benchmarks/call-overhead.py BIN [BIN ...] [--calls 30] [--rounds 2]

Serves a one-field page on 127.0.0.1, starts each binary with its default flags (plus
--incognito), and times `type` (21 characters into a labelled input), `click` (a button) and
`getText`, each `--calls` times, reporting medians in ms. The binaries run in turn, `--rounds`
times, so a change in the machine's load shows as a spread between rounds of one binary. Prints
figures only; asserts nothing.
"""
import http.server, json, os, statistics, subprocess, sys, tempfile, threading, time

PAGE = b'<title>T</title><label>Name <input id="n"></label><button>Go</button>'


class Page(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(PAGE)


def run(binary, url, calls):
    data = tempfile.mkdtemp(prefix="glass-overhead-")
    env = dict(os.environ, GLASS_DATA_DIR=data)
    p = subprocess.Popen([binary, "--incognito", "--mcp"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)

    def send(m):
        p.stdin.write((json.dumps(m) + "\n").encode())
        p.stdin.flush()

    def recv():
        return json.loads(p.stdout.readline())

    send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
          "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                     "clientInfo": {"name": "overhead", "version": "1"}}})
    recv()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    n = 0

    def call(name, args):
        nonlocal n
        n += 1
        send({"jsonrpc": "2.0", "id": n, "method": "tools/call",
              "params": {"name": name, "arguments": args}})
        r = recv()
        if r.get("result", {}).get("isError"):
            raise SystemExit(f"{name} failed: {r}")

    call("navigate", {"url": url, "observe": False})
    out = {}
    for tool, args in [("type", {"target": "css=#n", "text": "abcdefghijklmnopqrstu"}),
                       ("click", {"target": "role=button;name=Go"}),
                       ("getText", {})]:
        times = []
        for _ in range(calls):
            t0 = time.perf_counter()
            call(tool, args)
            times.append((time.perf_counter() - t0) * 1000)
        out[tool] = round(statistics.median(times), 2)
    p.stdin.close()
    p.wait(timeout=30)
    return out


def main():
    args = sys.argv[1:]
    calls, rounds, bins = 30, 2, []
    while args:
        a = args.pop(0)
        if a == "--calls":
            calls = int(args.pop(0))
        elif a == "--rounds":
            rounds = int(args.pop(0))
        else:
            bins.append(a)
    if not bins:
        raise SystemExit(__doc__)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    for r in range(rounds):
        for b in bins:
            print(f"round {r + 1} {b}: {run(b, url, calls)}", flush=True)
    server.shutdown()


main()
