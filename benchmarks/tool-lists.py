"""What a model reads of each server's tool list before its first call: every listed tool's
name, description and input schema (as Claude Code hands them to the model), plus the server's
instructions. Glass under each --tools group beside @playwright/mcp and chrome-devtools-mcp
(installed in benchmarks/rivals: see its README). No browser starts.

    python3 benchmarks/tool-lists.py target/release/glass
"""
import json, subprocess, sys, os
R=os.path.join(os.path.dirname(os.path.abspath(__file__)), "rivals")
servers = {
 "playwright": ["node", f"{R}/node_modules/@playwright/mcp/cli.js", "--headless", "--isolated", "--no-sandbox", "--browser", "chromium", "--executable-path", "/usr/bin/chromium"],
 "devtools": ["node", f"{R}/node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js", "--headless", "--isolated", "--executablePath", "/usr/bin/chromium", "--no-usage-statistics"],
}
for g in ["lean","core","standard","full"]:
    servers[f"glass {g}"] = [sys.argv[1], "--incognito", "--tools", g, "--mcp"]
env = dict(os.environ, CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS="1", CHROME_DEVTOOLS_MCP_NO_UPDATE_CHECKS="1")
for name, cmd in servers.items():
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    def send(m): p.stdin.write(json.dumps(m)+"\n"); p.stdin.flush()
    def recv(i):
        while True:
            m = json.loads(p.stdout.readline())
            if m.get("id") == i: return m
    send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"m","version":"1"}}})
    init = recv(1)
    send({"jsonrpc":"2.0","method":"notifications/initialized"})
    send({"jsonrpc":"2.0","id":2,"method":"tools/list"})
    tools = recv(2)["result"]["tools"]
    p.kill()
    read = len(json.dumps([{"name":t["name"],"description":t.get("description",""),"inputSchema":t["inputSchema"]} for t in tools], separators=(',',':'), ensure_ascii=False).encode())
    instr = len((init["result"].get("instructions") or "").encode())
    print(f"{name:16} {len(tools):3} tools  tools {read:6,} B  instructions {instr:5,} B  model reads {read+instr:6,} B")
