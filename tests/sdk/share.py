"""Two clients of one `glass daemon`, each through the official MCP Python SDK and
`glass --mcp --connect`, sharing the browser with tools only (no custom method, no token).

Arguments: the glass binary and the page's URL (GLASS_DATA_DIR names the daemon). Prints one
JSON object: what each step answered.
"""

import asyncio
import json
import os
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def body(result):
    return {"isError": bool(result.is_error), **(result.structured_content or {})}


async def main():
    glass, url = sys.argv[1], sys.argv[2]
    params = StdioServerParameters(
        command=glass, args=["--mcp", "--connect"], env=dict(os.environ)
    )
    out = {}
    async with stdio_client(params) as (ra, wa), stdio_client(params) as (rb, wb):
        async with ClientSession(ra, wa) as a, ClientSession(rb, wb) as b:
            await a.initialize()
            await b.initialize()
            out["listed"] = "lease" in [t.name for t in (await a.list_tools()).tools]
            out["a_navigate_without"] = body(await a.call_tool("navigate", {"url": url, "observe": False}))
            out["a_acquire"] = body(await a.call_tool("lease", {"action": "acquire", "ttlMs": 60000}))
            out["a_navigate"] = body(await a.call_tool("navigate", {"url": url, "observe": False}))
            click = {"target": "role=button;name=Add one"}
            out["b_click"] = body(await b.call_tool("click", click))
            out["b_acquire"] = body(await b.call_tool("lease", {"action": "acquire"}))
            out["a_click"] = body(await a.call_tool("click", click))
            out["a_release"] = body(await a.call_tool("lease", {"action": "release"}))
            out["b_acquire_after"] = body(await b.call_tool("lease", {"action": "acquire"}))
            out["b_click_after"] = body(await b.call_tool("click", click))
            out["text"] = body(await a.call_tool("getText", {}))
    print(json.dumps(out))


asyncio.run(main())
