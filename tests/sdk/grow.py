"""A lean Glass list grows in the session, seen by the official MCP Python SDK.

Argument: the glass binary. Starts it with its default flags, lists the tools, asks addTools for
the devtools family, waits for the SDK to deliver notifications/tools/list_changed to its message
handler, lists again, then calls a tool of a family not listed (validateTask) and waits for the
second notification. Prints one JSON line: the lists' names and the notifications seen.
"""

import json
import os
import sys
import tempfile

import anyio
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client


async def main(glass: str) -> None:
    env = {**os.environ, "GLASS_DATA_DIR": tempfile.mkdtemp(prefix="glass-sdk-")}
    params = StdioServerParameters(command=glass, args=["--incognito", "--mcp"], env=env)
    changed = anyio.Event()
    seen = []

    async def on_message(message) -> None:
        nonlocal changed
        if isinstance(message, types.ToolListChangedNotification) or (
            getattr(getattr(message, "root", None), "method", None) == "notifications/tools/list_changed"
        ):
            seen.append("notifications/tools/list_changed")
            changed.set()

    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, message_handler=on_message) as session:
            init = await session.initialize()
            first = [t.name for t in (await session.list_tools()).tools]
            added = await session.call_tool("addTools", {"families": ["devtools"]})
            with anyio.fail_after(10):
                await changed.wait()
            second = [t.name for t in (await session.list_tools()).tools]
            changed = anyio.Event()
            called = await session.call_tool("validateTask", {"task": {}})
            with anyio.fail_after(10):
                await changed.wait()
            third = [t.name for t in (await session.list_tools()).tools]
            print(json.dumps({
                "listChanged": init.capabilities.tools.list_changed if init.capabilities.tools else None,
                "first": first,
                "added": (added.structured_content or {}).get("added"),
                "second": second,
                "calledIsError": called.is_error,
                "third": third,
                "seen": seen,
            }))


anyio.run(main, sys.argv[1])
