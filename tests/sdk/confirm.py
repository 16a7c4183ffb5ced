"""Confirmation by the person, with the official MCP Python SDK as the client.

Arguments: the glass binary, the login page's URL, the SDK's connect mode (`legacy`: the
initialize handshake, where Glass sends elicitation/create while the call waits; `auto`: the
stateless revision, where the call answers input_required and the SDK calls again), the person's
answer (`accept`, `decline`, `cancel`, or `none` for a client without the elicitation
capability), and Glass's extra flags as one JSON list. Types a password into the page's password
field with `type`, then reads the page's own record of what reached its fields with `evaluate`.
Prints one JSON line: the questions the person saw, the type call's result as the model sees it
(its text), whether it failed, and the page's record.
"""

import json
import os
import sys
import tempfile

import anyio
from mcp import StdioServerParameters, types
from mcp.client.client import Client

SECRET = "hunter2-correct-horse"


def text_of(result) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def body_of(result) -> dict:
    for c in reversed(result.content):
        if getattr(c, "type", "") == "text":
            try:
                return json.loads(c.text)
            except ValueError:
                continue
    return {}


async def main(glass: str, url: str, mode: str, answer: str, flags: list) -> None:
    env = {**os.environ, "GLASS_DATA_DIR": tempfile.mkdtemp(prefix="glass-sdk-")}
    params = StdioServerParameters(command=glass, args=["--incognito", *flags, "--mcp"], env=env)
    asked = []

    async def elicit(context, request: types.ElicitRequestParams):
        asked.append({"message": request.message, "schema": getattr(request, "requested_schema", None)})
        return types.ElicitResult(action=answer)

    callback = None if answer == "none" else elicit
    async with Client(params, mode=mode, elicitation_callback=callback) as client:
        nav = await client.call_tool("navigate", {"url": url, "observe": False})
        if nav.is_error:
            raise SystemExit(f"navigate failed: {text_of(nav)[:300]}")
        typed = await client.call_tool("type", {"target": "css=#pw", "text": SECRET})
        extra = {}
        if "--with-token" in sys.argv:
            extra = body_of(await client.call_tool(
                "type", {"target": "css=#pw", "text": SECRET, "confirmToken": "made-up"}
            ))
        page = await client.call_tool("evaluate", {"expression": "JSON.stringify(window.log)"})
        record = json.loads(body_of(page).get("value", "null") or "null")
        print(json.dumps({
            "protocol": client.session.protocol_version,
            "asked": asked,
            "isError": typed.is_error,
            "typed": body_of(typed),
            "text": text_of(typed),
            "withToken": extra,
            "page": record,
        }))


anyio.run(main, sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], json.loads(sys.argv[5]))
