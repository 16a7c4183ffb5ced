"""Start Glass from generated client configurations with the official MCP Python SDK.

Arguments: a JSON list of server entries ({"command", "args"}, as `glass mcp-config` prints
them) and a URL. All entries are started at once; each initializes, lists the tools and
navigates to the URL. Prints one JSON line: per entry, the server name, the tool count and
navigate's outcome.
"""

import asyncio
import json
import os
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def drive(entry, url):
    params = StdioServerParameters(
        command=entry["command"], args=entry["args"], env=dict(os.environ)
    )
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            tools = await session.list_tools()
            result = await session.call_tool("navigate", {"url": url, "observe": False})
            body = result.structured_content or {}
            return {
                "server": init.server_info.name,
                "tools": len(tools.tools),
                "isError": result.is_error,
                "outcome": body.get("outcome"),
                "title": body.get("title"),
            }


async def main():
    entries = json.loads(sys.argv[1])
    url = sys.argv[2]
    results = await asyncio.gather(*(drive(e, url) for e in entries))
    print(json.dumps(results))


asyncio.run(main())
