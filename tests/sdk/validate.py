"""Drive Glass with the official MCP Python SDK.

Lists the tools (every one must publish an outputSchema), then calls one tool of every result
shape on a page the Rust test serves. The SDK itself checks each successful result's
structuredContent against the tool's outputSchema and raises when they disagree. Prints one
JSON line: the negotiated revision, the tools listed, the tools validated, and what the page
recorded (read back through evaluate).
"""

import asyncio
import json
import os
import sys
import tempfile

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

# The spec's example task, shared with tests/browser_free.rs.
with open(os.path.join(os.path.dirname(__file__), "..", "fixtures", "spec_task.json")) as f:
    TASK = json.load(f)


async def main(glass: str, base: str) -> None:
    # Workflow checkpoints go to a throwaway data directory.
    env = {**os.environ, "GLASS_DATA_DIR": tempfile.mkdtemp(prefix="glass-sdk-")}
    params = StdioServerParameters(command=glass, args=["--incognito", "--tools", "full", "--policy-allow", "persist-page-data", "--mcp"], env=env)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            tools = (await session.list_tools()).tools
            without = [t.name for t in tools if not t.output_schema]
            if without:
                raise SystemExit(f"tools without an outputSchema: {without}")

            async def call(name: str, args: dict) -> dict:
                result = await session.call_tool(name, args)
                if result.is_error:
                    raise SystemExit(f"{name} failed: {result.content[-1].text[:300]}")
                return result.structured_content

            calls = []

            async def ok(name: str, args: dict) -> dict:
                calls.append(name)
                return await call(name, args)

            await ok("navigate", {"url": base + "/form"})
            seen = await ok("observe", {"level": "interactive"})
            refs = {(e.get("role"), e.get("name")): e.get("ref") for e in seen["elements"]}
            await ok("click", {"target": "role=button;name=Count"})
            await ok("hover", {"target": "role=button;name=Count"})
            await ok("type", {"target": "role=textbox;name=User", "text": "ada"})
            await ok("clear", {"target": "role=textbox;name=User"})
            await ok("fillForm", {"fields": [{"target": "role=textbox;name=User", "value": "grace"},
                                             {"target": "role=checkbox;name=Remember", "value": True}]})
            await ok("uncheck", {"target": "role=checkbox;name=Remember"})
            await ok("check", {"target": "role=checkbox;name=Remember"})
            await ok("select", {"target": "role=combobox;name=Country", "value": "de"})
            await ok("key", {"key": "Tab"})
            await ok("shortcut", {"keys": "Shift+Tab"})
            await ok("getText", {"maxChars": 200})
            await ok("getDOM", {"maxChars": 200})
            await ok("screenshot", {})
            await ok("scroll", {"dy": 100})
            await ok("wait", {"kind": "textPresent", "text": "Count"})
            await ok("wait", {"kind": "delay", "delayMs": 1})
            await ok("verify", {"predicates": [
                {"kind": "textPresent", "text": "Count"},
                {"kind": "elementState", "target": "role=checkbox;name=Remember", "state": "present"},
                {"kind": "urlMatches", "url": "/form"},
            ], "timeoutMs": 0})
            await ok("preflight", {"target": "role=button;name=Count"})
            await ok("recoverRun", {})
            await ok("observeDelta", {})
            await ok("inspectPage", {})
            await ok("reconcileReferences", {"refs": [refs[("button", "Count")]]})
            found = await ok("resolveIntent", {"schemaVersion": 1, "intent": "count", "action": "click"})
            await ok("findTarget", {"schemaVersion": 1, "intent": "count", "action": "click"})
            await ok("executeIntent", {"schemaVersion": 1, "intent": "count", "action": "click",
                                       "candidateId": found["selection"]})
            found = await ok("resolveIntent", {"schemaVersion": 1, "intent": "count", "action": "click"})
            await ok("actAndVerify", {"schemaVersion": 1, "intent": "count", "action": "click",
                                      "candidateId": found["selection"],
                                      "predicates": [{"kind": "textPresent", "text": "Count"}]})
            await ok("extractStructured", {"maxItems": 1, "fields": [
                {"name": "prices", "path": "table:Prices", "kind": "table", "columns": {"Price": "currency"}},
                {"name": "items", "path": "table:Prices/column:Price", "kind": "currency"},
                {"name": "user", "path": "field:User", "kind": "optionalString"},
                {"name": "remember", "path": "field:Remember", "kind": "boolean"},
                {"name": "nothing", "path": "list:Nowhere", "kind": "list"},
            ]})
            search_task = {"schemaVersion": 1, "scope": {"regionName": "Search"}, "ambiguity": "fail",
                           "limits": {"maxActions": 4, "timeoutMs": 2000, "maxItems": 8}, "revision": "compatible"}
            await ok("executeTask", {"task": {**search_task, "task": "form.inspect", "risk": "readOnly"}})
            await ok("executeTask", {"task": {**search_task, "task": "form.fill", "risk": "localMutation",
                                              "inputs": {"Query": "tea"},
                                              "postconditions": [{"kind": "validationClear"}]}})
            await ok("batch", {"steps": [
                {"action": "click", "target": "role=button;name=Count"},
                {"action": "verify", "predicates": [{"kind": "textPresent", "text": "Count"}], "timeoutMs": 0},
            ]})
            await ok("batch", {"steps": [
                {"action": "verify", "predicates": [{"kind": "textAbsent", "text": "Count"}], "timeoutMs": 0},
            ]})
            await ok("workflow", {"workflow": {"schemaVersion": 1, "name": "sdk", "steps": [
                {"id": "seen", "action": "verify", "predicates": [{"kind": "textPresent", "text": "Count"}]},
                {"id": "read", "action": "extractStructured",
                 "fields": [{"name": "prices", "path": "table:Prices", "kind": "table"}]}],
                "outputs": {"prices": {"kind": "table", "from": "read.prices"}}}})
            snap = (await ok("sessionSnapshot", {"action": "create"}))["snapshot"]["id"]
            await ok("sessionSnapshot", {"action": "list"})
            await ok("sessionSnapshot", {"action": "inspect", "id": snap})
            await ok("sessionSnapshot", {"action": "diff", "from": snap, "to": snap})
            await ok("sessionSnapshot", {"action": "purge"})
            learned = (await ok("knowledgeList", {}))["records"]
            if not learned:
                raise SystemExit("the verified intents taught nothing")
            await ok("knowledgeShow", {"id": learned[0]["id"]})
            await ok("knowledgeStats", {})
            await ok("observeKnowledge", {})
            await ok("resolveIntentWithKnowledge", {"schemaVersion": 1, "intent": "count", "action": "click"})
            await ok("knowledgeInvalidate", {"id": learned[0]["id"], "state": "stale"})
            position = (await ok("exportCheckpoint", {}))["checkpoint"]
            await ok("importCheckpoint", {"checkpoint": position})
            await ok("extractWebIr", {})
            await ok("diagnostics", {})
            page = await ok("evaluate", {"expression": "JSON.stringify(window.log)"})
            first = next(t["targetId"] for t in (await ok("listTargets", {}))["targets"] if t["selected"])
            await ok("listFrames", {})
            await ok("selectFrame", {"frameId": "main"})
            created = await ok("createTarget", {"url": "about:blank"})
            await ok("selectTarget", {"targetId": created["targetId"]})
            await ok("closeTarget", {"targetId": created["targetId"]})
            await ok("selectTarget", {"targetId": first})
            await ok("navigate", {"url": base + "/form"})
            await ok("clickExpectPopup", {"target": "role=link;name=Open"})
            await ok("click", {"target": "role=button;name=Alert"})
            await ok("acceptDialog", {})
            after = await ok("evaluate", {"expression": "window.log.dialogs"})
            await ok("cookies", {"action": "list"})
            await ok("storageState", {"action": "save", "path": os.path.join(env["GLASS_DATA_DIR"], "state.json")})
            listed = await ok("listRequests", {"maxItems": 5})
            await ok("getRequest", {"id": listed["groups"][0]["rows"][0][0], "bodies": True})
            await ok("consoleMessages", {})
            await ok("emulate", {"colorScheme": "dark", "network": "fast3g"})
            await ok("emulate", {"reset": True})
            await ok("clickAt", {"x": 5, "y": 5})
            await ok("printToPdf", {"path": os.path.join(env["GLASS_DATA_DIR"], "page.pdf")})
            await ok("performanceTrace", {"action": "start"})
            await ok("performanceTrace", {"action": "stop"})
            await ok("reload", {"observe": False})
            await ok("goBack", {"observe": False})
            await ok("goForward", {})
            await ok("validateTask", {"task": TASK})
            await ok("compileTask", {"task": TASK})
            draft = (await ok("extractWebIr", {}))["draft"]
            await ok("validateWebIr", {"draft": draft})
            await ok("inspectWebIr", {"draft": draft})
            await ok("diffWebIr", {"before": draft, "after": draft})
            entity = draft["entities"][0]["id"]
            await ok("continuityWebIr", {"before": draft, "after": draft, "entityId": entity})
            print(json.dumps({
                "revision": init.protocol_version,
                "tools": len(tools),
                "validated": sorted(set(calls)),
                "page": json.loads(page["value"]),
                "dialogs": after["value"],
                "refs": len(refs),
            }))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
