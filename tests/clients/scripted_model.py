"""A scripted model: a stand-in for the Anthropic Messages API on 127.0.0.1, so a test can drive
the real Claude Code without a network or a model (tests/clients/clients.rs).

Arguments: the tool to call, its input (JSON) and how many times. Each /v1/messages request is
answered with a call of that tool until the conversation holds that many tool results, then
with a short text. Prints the port on its first line, then one JSON line per request: the tool
names Claude Code offered the model and how many tool results the conversation held, which is
what the client did with the server's tool list."""
import json, sys, http.server, threading

SCRIPT_TOOL = sys.argv[1] if len(sys.argv) > 1 else "mcp__glass__addTools"
SCRIPT_INPUT = json.loads(sys.argv[2]) if len(sys.argv) > 2 else {"families": ["devtools"]}
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 1

class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_GET(self):
        self.send_response(404); self.end_headers()
    def do_POST(self):
        n = int(self.headers.get("content-length", 0))
        body = json.loads(self.rfile.read(n) or b"{}")
        path = self.path
        if "/v1/messages" not in path or "count_tokens" in path:
            out = json.dumps({"input_tokens": 1}).encode()
            self.send_response(200); self.send_header("content-type", "application/json"); self.send_header("content-length", str(len(out))); self.end_headers(); self.wfile.write(out); return
        tools = [t.get("name") for t in body.get("tools", [])]
        msgs = body.get("messages", [])
        answered = sum(1 for m in msgs if isinstance(m.get("content"), list) for c in m["content"] if c.get("type") == "tool_result")
        print(json.dumps({"tools": tools, "toolResult": answered, "stream": body.get("stream", False)}), flush=True)
        if SCRIPT_TOOL in tools and answered < ROUNDS:
            block = {"type": "tool_use", "id": f"toolu_0{answered}", "name": SCRIPT_TOOL, "input": {}}
            partial = json.dumps(SCRIPT_INPUT); stop = "tool_use"
        else:
            block = {"type": "text", "text": ""}; partial = None; stop = "end_turn"
        msg = {"id": "msg_01", "type": "message", "role": "assistant", "model": body.get("model", "m"), "content": [], "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}
        if not body.get("stream"):
            b = dict(block)
            if partial: b["input"] = SCRIPT_INPUT
            else: b["text"] = "done"
            msg.update(content=[b], stop_reason=stop)
            out = json.dumps(msg).encode()
            self.send_response(200); self.send_header("content-type", "application/json"); self.send_header("content-length", str(len(out))); self.end_headers(); self.wfile.write(out); return
        events = [("message_start", {"type": "message_start", "message": msg}),
                  ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block})]
        if partial:
            events.append(("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": partial}}))
        else:
            events.append(("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "done"}}))
        events += [("content_block_stop", {"type": "content_block_stop", "index": 0}),
                   ("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None}, "usage": {"output_tokens": 1}}),
                   ("message_stop", {"type": "message_stop"})]
        data = "".join(f"event: {e}\ndata: {json.dumps(d)}\n\n" for e, d in events).encode()
        self.send_response(200); self.send_header("content-type", "text/event-stream"); self.send_header("content-length", str(len(data))); self.end_headers(); self.wfile.write(data)

srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
print(srv.server_address[1], flush=True)
srv.serve_forever()
