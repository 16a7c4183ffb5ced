//! `workflow`, its checkpoints, and `exportCheckpoint`/`importCheckpoint`, through the real
//! binary against real Chromium. What a run did is checked on the app's own record (the
//! requests its server got, the orders its page recorded), and what a resumed run skipped on
//! the checkpoint file Glass keeps.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::web::{Page, Server};
use common::{Glass, eval, failed, nav, ok, temp_dir};
use serde_json::{Value, json};

/// A shop: adding to the cart is a GET of /add that redirects to the cart (the app's record
/// of the effect is the number of /add requests); paying is a link to /pay.
fn shop() -> Server {
    Server::start(vec![
        (
            "/shop",
            Page::html(
                "<title>Shop</title><h1>Shop</h1><form action=\"/add\"><button>Add to cart</button></form>",
            ),
        ),
        ("/add", Page::status(303).header("Location", "/cart")),
        ("/cart", cart(false)),
        (
            "/pay",
            Page::html("<title>Paid</title><h1>Thank you</h1><p>Payment received</p>"),
        ),
    ])
}

/// The cart page; payment opens only when the app says so.
fn cart(open: bool) -> Page {
    Page::html(&format!(
        "<title>Cart</title><h1>Cart</h1><p>In cart: 1</p>{}<a href=\"/pay\">Pay</a>",
        if open { "<p>Payment open</p>" } else { "" }
    ))
}

/// Open the shop, add to the cart, pay once payment is open (waiting up to `wait_ms`).
fn three_steps(web: &Server, wait_ms: u64) -> Value {
    json!({
        "schemaVersion": 1,
        "name": "buy",
        "steps": [
            {"id": "open", "action": "navigate", "url": web.url("/shop")},
            {"id": "add", "action": "click", "target": "role=button;name=Add to cart",
             "post": {"predicates": [{"kind": "textPresent", "text": "In cart: 1"}]}},
            {"id": "pay", "action": "click", "target": "role=link;name=Pay",
             "pre": {"predicates": [{"kind": "textPresent", "text": "Payment open"}], "timeoutMs": wait_ms},
             "post": {"predicates": [{"kind": "textPresent", "text": "Payment received"}]}}
        ]
    })
}

/// Glass on a throwaway profile that keeps run checkpoints in `data` (an incognito session
/// keeps them only in its memory unless the user allows `persist-page-data`).
/// A policy refusal of a workflow as the tests compare it: its kind, the field that says why
/// (`failureKind` or `capability`), the step's index and its action.
fn refusal<'a>(
    f: &'a Value,
    why: &str,
) -> (
    Option<&'a str>,
    Option<&'a str>,
    Option<u64>,
    Option<&'a str>,
) {
    (
        f["kind"].as_str(),
        f[why].as_str(),
        f["step"].as_u64(),
        f["action"].as_str(),
    )
}

fn glass_in(data: &Path) -> Glass {
    glass_with(data, &[])
}

fn checkpoint(data: &Path, run: &str) -> Value {
    let path: PathBuf = data.join("checkpoints").join(format!("{run}.json"));
    std::fs::read(&path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or(Value::Null)
}

/// Wait (bounded) until the run's checkpoint file shows `step` in `state`.
fn until_state(data: &Path, run: &str, step: usize, state: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while checkpoint(data, run)["steps"][step]["state"] != state {
        assert!(Instant::now() < deadline, "{}", checkpoint(data, run));
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The run id the first progress notification of a call names.
fn run_id_from_progress(g: &mut Glass) -> String {
    let note = g.recv();
    assert_eq!(note["method"], "notifications/progress", "{note}");
    let message = note["params"]["message"].as_str().unwrap().to_owned();
    let id = message
        .strip_prefix("run ")
        .and_then(|m| m.split(':').next())
        .unwrap_or_default()
        .to_owned();
    assert!(id.starts_with("wf-"), "{message}");
    id
}

/// The issue's test: a three-step workflow, its process killed after step 2, resumed from its
/// checkpoint by a new process without repeating step 2 (the app got one /add), and the run
/// completes with the skipped steps named.
#[test]
fn a_killed_run_resumes_without_repeating_its_done_steps() {
    let web = shop();
    let data = temp_dir("wf-kill");
    let mut g = glass_in(&data);
    let wf = three_steps(&web, 60_000);
    g.send(&json!({"jsonrpc": "2.0", "id": "run", "method": "tools/call",
        "params": {"name": "workflow", "arguments": {"workflow": wf}, "_meta": {"progressToken": "p"}}}));
    let run = run_id_from_progress(&mut g);
    // Step 2 done and checkpointed; step 3 waits for payment to open: kill the process.
    until_state(&data, &run, 1, "done");
    assert_eq!(checkpoint(&data, &run)["steps"][0]["state"], "done");
    assert_eq!(checkpoint(&data, &run)["steps"][2]["state"], "pending");
    g.child.kill().unwrap();
    g.child.wait().unwrap();
    assert_eq!(web.count("/add"), 1);
    assert_eq!(web.count("/pay"), 0);
    let file =
        std::fs::read_to_string(data.join("checkpoints").join(format!("{run}.json"))).unwrap();
    assert!(
        !file.contains("Add to cart"),
        "no arguments in the file: {file}"
    );

    // The app opens payment; a new process resumes the run.
    web.set("/cart", cart(true));
    let mut g = glass_in(&data);
    let r = ok(&g.call(json!(1), "workflow", json!({"workflow": wf, "resume": run})));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["runId"], run.as_str());
    assert_eq!(r["skipped"], json!(["open", "add"]), "{r}");
    // Counted over the whole run: the two done before and the one done now, numbered in order.
    assert_eq!(r["completed"], 3, "{r}");
    let seqs: Vec<&Value> = r["trace"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| &t["seq"])
        .collect();
    assert_eq!(seqs, [&json!(1), &json!(2), &json!(3)], "{r}");
    let trace: Vec<(String, String)> = r["trace"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["step"].as_str().unwrap().into(),
                t["outcome"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        trace,
        vec![
            ("open".into(), "skipped".into()),
            ("add".into(), "skipped".into()),
            ("pay".into(), "done".into())
        ]
    );
    assert!(r["trace"][2]["executionId"].is_string(), "{r}");
    // The app's own record: one add (never repeated), one payment.
    assert_eq!(web.count("/add"), 1);
    assert_eq!(web.count("/pay"), 1);
    assert_eq!(eval(&mut g, "document.title"), "Paid");
    assert_eq!(checkpoint(&data, &run)["complete"], true);
    // A finished run does not run again.
    let f = failed(&g.call(json!(2), "workflow", json!({"workflow": wf, "resume": run})));
    assert_eq!(f["failureKind"], "runComplete", "{f}");
    assert_eq!(web.count("/add"), 1);
}

/// A step whose input went out and whose postcondition did not hold is never run again on
/// its own: resuming is refused naming it until the caller says what became of it; "done"
/// skips it and the run goes on.
#[test]
fn an_unverified_step_blocks_resumption_until_resolved() {
    let web = shop();
    let data = temp_dir("wf-unverified");
    let mut g = glass_in(&data);
    web.set("/cart", cart(true));
    let mut wf = three_steps(&web, 0);
    wf["steps"][1]["post"] =
        json!({"predicates": [{"kind": "textPresent", "text": "In cart: 2"}], "timeoutMs": 300});
    let r = ok(&g.call(json!(1), "workflow", json!({"workflow": wf})));
    assert_eq!(r["status"], "postconditionFailed", "{r}");
    assert_eq!(r["stoppedAt"], "add");
    assert_eq!(r["completed"], 1);
    assert_eq!(r["failure"]["postcondition"]["satisfied"], false, "{r}");
    let run = r["runId"].as_str().unwrap().to_owned();
    assert_eq!(checkpoint(&data, &run)["steps"][1]["state"], "unverified");
    assert_eq!(web.count("/add"), 1);

    let f = failed(&g.call(json!(2), "workflow", json!({"workflow": wf, "resume": run})));
    assert_eq!(f["failureKind"], "resumeBlocked", "{f}");
    assert_eq!(f["step"], "add");
    assert_eq!(f["state"], "unverified");
    assert_eq!(web.count("/add"), 1, "refused before anything ran");

    // Other inputs or another document are another run.
    let mut other = wf.clone();
    other["name"] = json!("buy2");
    let f = failed(&g.call(
        json!(3),
        "workflow",
        json!({"workflow": other, "resume": run}),
    ));
    assert_eq!(f["failureKind"], "checkpointMismatch", "{f}");

    let r = ok(&g.call(
        json!(4),
        "workflow",
        json!({"workflow": wf, "resume": "latest", "resolve": {"add": "done"}}),
    ));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["runId"], run.as_str());
    assert_eq!(r["skipped"], json!(["open", "add"]));
    assert_eq!(web.count("/add"), 1);
    assert_eq!(web.count("/pay"), 1);
}

/// Everything decidable is refused before the first step: a bad step argument, an unknown
/// action, a missing input, an output from nowhere, each naming its path; nothing was
/// requested from the app.
#[test]
fn a_bad_workflow_is_refused_before_any_step() {
    let web = shop();
    let data = temp_dir("wf-bad");
    let mut g = glass_in(&data);
    let good = three_steps(&web, 0);
    let cases = [
        (
            json!({"steps": [{"id": "a", "action": "click"}]}),
            "workflow.steps[0].target",
        ),
        (
            json!({"steps": [{"id": "a", "action": "evaluate", "expression": "1"}]}),
            "workflow.steps[0].action",
        ),
        (
            json!({"inputs": {"who": {"type": "string"}},
                   "steps": [{"id": "a", "action": "navigate", "url": "${inputs.who}"}]}),
            "inputs.who",
        ),
        (
            json!({"outputs": {"x": {"kind": "number", "from": "open.x"}}}),
            "workflow.outputs.x.from",
        ),
        (
            json!({"steps": [good["steps"][0].clone(), {"id": "open", "action": "wait", "kind": "delay", "delayMs": 1}]}),
            "workflow.steps[1].id",
        ),
    ];
    for (change, path) in cases {
        let mut wf = good.clone();
        for (k, v) in change.as_object().unwrap() {
            wf[k] = v.clone();
        }
        let f = failed(&g.call(json!(1), "workflow", json!({"workflow": wf})));
        assert_eq!(f["kind"], "workflowValidation", "{f}");
        assert_eq!(f["path"], path, "{f}");
    }
    assert_eq!(web.hits.lock().unwrap().len(), 0, "nothing was requested");
    assert!(
        !data.join("checkpoints").exists()
            || std::fs::read_dir(data.join("checkpoints"))
                .unwrap()
                .flatten()
                .all(|e| !e.file_name().to_string_lossy().starts_with("wf-")),
        "no run was started"
    );
}

/// A checkout: the inputs fill the form through a task, the irreversible submit asks for one
/// token for the whole run before anything is typed, and the typed outputs are read off the
/// receipt; the page's own record of the order equals the inputs, none echoed.
#[test]
fn a_checkout_workflow_confirms_once_and_returns_typed_outputs() {
    const CHECKOUT: &str = r#"<title>Checkout</title><script>window.orders = [];</script>
<main><h2>Checkout</h2>
<form id="f" onsubmit="event.preventDefault(); place()">
<label>Full name <input name="name" required></label>
<label>Quantity <input name="qty" required></label>
<button>Place order</button></form>
<section aria-label="Receipt"><h3>Receipt</h3><p>Total: <output id="total" aria-label="Total"></output></p></section></main>
<script>function place() { const d = Object.fromEntries(new FormData(document.getElementById('f')));
orders.push(d); document.getElementById('total').value = '$' + (Number(d.qty) * 12.5).toFixed(2); }</script>"#;
    let web = Server::start(vec![("/checkout", Page::html(CHECKOUT))]);
    let data = temp_dir("wf-checkout");
    let mut g = glass_in(&data);
    let task = |family: &str, inputs: Value, risk: &str, post: Value| {
        json!({"schemaVersion": 1, "task": family, "scope": {"regionName": "Checkout"}, "inputs": inputs,
               "limits": {"maxActions": 8, "timeoutMs": 5000, "maxItems": 16}, "risk": risk,
               "ambiguity": "fail", "revision": "compatible", "postconditions": post})
    };
    let wf = json!({
        "schemaVersion": 1,
        "name": "checkout",
        "inputs": {"who": {"type": "string"}, "qty": {"type": "string"}},
        "steps": [
            {"id": "open", "action": "navigate", "url": web.url("/checkout")},
            {"id": "fill", "action": "executeTask",
             "task": task("form.fill", json!({"Full name": "${inputs.who}", "Quantity": "${inputs.qty}"}), "localMutation", json!([]))},
            {"id": "submit", "action": "executeTask",
             "task": task("form.submit", json!({"submit": "Place order"}), "remoteIrreversible", json!([{"kind": "validationClear"}])),
             "post": {"predicates": [{"kind": "textPresent", "text": "Total: $"}]}},
            {"id": "receipt", "action": "extractStructured",
             "fields": [{"name": "total", "path": "region:Receipt", "kind": "string"}]}
        ],
        "outputs": {"receipt": {"kind": "string", "from": "receipt.total", "required": true}}
    });
    let call = json!({"workflow": wf, "inputs": {"who": "Grace Hopper", "qty": "3"}});
    let f = failed(&g.call(json!(1), "workflow", call.clone()));
    assert_eq!(f["kind"], "confirmationRequired", "{f}");
    assert!(f["summary"].as_str().unwrap().contains("step 2"), "{f}");
    assert_eq!(web.count("/checkout"), 0, "nothing ran before the token");
    let mut confirmed = call;
    confirmed["confirmToken"] = f["confirmToken"].clone();
    let r = ok(&g.call(json!(2), "workflow", confirmed));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["completed"], 4);
    assert!(
        r["outputs"]["receipt"]
            .as_str()
            .unwrap()
            .contains("Total: $37.50"),
        "{r}"
    );
    assert!(
        !r.to_string().contains("Grace"),
        "inputs are never echoed: {r}"
    );
    assert_eq!(
        eval(&mut g, "orders"),
        json!([{"name": "Grace Hopper", "qty": "3"}])
    );
    let run = r["runId"].as_str().unwrap();
    let file =
        std::fs::read_to_string(data.join("checkpoints").join(format!("{run}.json"))).unwrap();
    assert!(!file.contains("Grace") && !file.contains("37.50"), "{file}");
}

/// A cancelled run lets the step under way end (a wait is a read, so it is abandoned), stops
/// before the next, and the cancellation's answer says which steps ran; the app never got the
/// payment.
#[test]
fn a_cancelled_run_stops_between_steps_and_says_which_ran() {
    let web = shop();
    let data = temp_dir("wf-cancel");
    let mut g = glass_in(&data);
    let mut wf = three_steps(&web, 0);
    let pay = wf["steps"][2].clone();
    wf["steps"][2] = json!({"id": "wait", "action": "wait", "kind": "textPresent", "text": "Payment open", "timeoutMs": 60000});
    wf["steps"]
        .as_array_mut()
        .unwrap()
        .push(json!({"id": "pay", "action": "click", "target": pay["target"]}));
    g.send(&json!({"jsonrpc": "2.0", "id": "run", "method": "tools/call",
        "params": {"name": "workflow", "arguments": {"workflow": wf}, "_meta": {"progressToken": "p"}}}));
    let run = run_id_from_progress(&mut g);
    until_state(&data, &run, 2, "running");
    g.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "run"}}));
    let answer = loop {
        let m = g.recv();
        if m.get("id") == Some(&json!("run")) {
            break m;
        }
    };
    assert_eq!(answer["error"]["code"], -32800, "{answer}");
    let ran = &answer["error"]["data"];
    assert_eq!(ran["status"], "cancelled", "{answer}");
    assert_eq!(ran["completed"], 2);
    assert_eq!(ran["stoppedAt"], "wait");
    assert_eq!(ran["runId"], run.as_str());
    assert_eq!(web.count("/add"), 1);
    assert_eq!(web.count("/pay"), 0);
    // The session keeps serving, and the run resumes at the abandoned read.
    web.set("/cart", cart(true));
    nav(&mut g, &web, "/cart");
    let r = ok(&g.call(json!(2), "workflow", json!({"workflow": wf, "resume": run})));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["skipped"], json!(["open", "add"]));
    assert_eq!(web.count("/add"), 1);
    assert_eq!(web.count("/pay"), 1);
}

/// exportCheckpoint carries the position in at most 4 KiB without query values; importing it
/// in the same session finds the tab and its refs again, and in a fresh session opens its URL
/// and maps the refs to the same elements by role and name (a click on the mapped ref hits
/// the element the old one named).
#[test]
fn a_session_checkpoint_restores_the_position_elsewhere() {
    let web = shop();
    let data = temp_dir("wf-session");
    let mut g = glass_in(&data);
    nav(&mut g, &web, "/shop?token=canary-42");
    let observed = ok(&g.call(json!(1), "observe", json!({})));
    let add = common::ref_of(&observed["elements"], "button", "Add to cart");
    let exported = ok(&g.call(json!(2), "exportCheckpoint", json!({})));
    let cp = exported["checkpoint"].clone();
    assert!(exported["bytes"].as_u64().unwrap() <= 4096, "{exported}");
    assert!(!cp.to_string().contains("canary"), "no query values: {cp}");
    assert_eq!(cp["url"], web.url("/shop"));
    assert!(
        cp["refs"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["ref"] == add.as_str()),
        "{cp}"
    );

    // Same session: the tab is found and the refs still name their elements.
    let r = ok(&g.call(json!(3), "importCheckpoint", json!({"checkpoint": cp})));
    assert_eq!(r["target"], "sameTab", "{r}");
    assert_eq!(r["navigated"], false, "{r}");
    assert!(
        r["preserved"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == add.as_str()),
        "{r}"
    );

    // A fresh session: the URL is opened, the ref mapped by role and name.
    let mut h = glass_in(&data);
    let r = ok(&h.call(json!(1), "importCheckpoint", json!({"checkpoint": cp})));
    assert_eq!(r["target"], "reopened", "{r}");
    let moved = r["relocated"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["from"] == add.as_str())
        .unwrap_or_else(|| panic!("{r}"))["to"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(&h.call(json!(2), "click", json!({"target": moved})));
    assert_eq!(web.count("/add"), 1);
    assert_eq!(eval(&mut h, "document.title"), "Cart");
    // Under another policy it is refused.
    let mut hardened = common::hardened();
    let f = failed(&hardened.call(json!(1), "importCheckpoint", json!({"checkpoint": cp})));
    assert_eq!(f["failureKind"], "checkpointMismatch", "{f}");
}

/// #26 Part B 7: checkpoints stored the page's query (`?q=QTOK&sid=SIDVAL`) and the values a
/// step read (`"read.tok":"TOKVALUE"`). The file keeps only what resuming needs: the URL with
/// its query values replaced, no value read. A new process resumes once the page is open again
/// (it cannot open a URL whose values it never kept).
#[test]
fn a_checkpoint_keeps_no_query_value_and_nothing_a_step_read() {
    let web = Server::start(vec![
        (
            "/search",
            Page::html(
                "<title>Results</title><h1>Results</h1><table aria-label=\"Tokens\"><tr><th>Name</th><th>Token</th></tr><tr><td>tok</td><td>TOKVALUE</td></tr></table>",
            ),
        ),
        ("/late", Page::html("<title>Late</title><p>Later</p>")),
    ]);
    let data = temp_dir("wf-private");
    let url = web.url("/search?q=QTOK&sid=SIDVAL");
    let wf = json!({
        "schemaVersion": 1,
        "name": "private",
        "steps": [
            {"id": "open", "action": "navigate", "url": url},
            {"id": "read", "action": "extractStructured",
             "fields": [{"name": "tokens", "path": "table:Tokens", "kind": "table"}]},
            {"id": "wait", "action": "wait", "kind": "textPresent", "text": "Ready", "timeoutMs": 60000}
        ],
        "outputs": {"tokens": {"kind": "table", "from": "read.tokens"}}
    });
    let mut g = glass_in(&data);
    g.send(&json!({"jsonrpc": "2.0", "id": "run", "method": "tools/call",
        "params": {"name": "workflow", "arguments": {"workflow": wf}, "_meta": {"progressToken": "p"}}}));
    let run = run_id_from_progress(&mut g);
    until_state(&data, &run, 1, "done");
    g.child.kill().unwrap();
    g.child.wait().unwrap();
    let file =
        std::fs::read_to_string(data.join("checkpoints").join(format!("{run}.json"))).unwrap();
    for secret in ["QTOK", "SIDVAL", "TOKVALUE"] {
        assert!(!file.contains(secret), "{secret} kept: {file}");
    }
    assert!(file.contains("q=…&sid=…"), "{file}");
    // A new process cannot open the page again (its values are not kept): it says so, and
    // nothing is requested from the server.
    let searches = web.count("/search");
    let mut g = glass_in(&data);
    let r = g.call(json!(1), "workflow", json!({"workflow": wf, "resume": run}));
    let body = common::tool_json(&r);
    assert_eq!(body["failure"]["kind"], "resumeBlocked", "{body}");
    assert_eq!(web.count("/search"), searches);
    // With the page open again, the resume goes on from the next step.
    ok(&g.call(json!(2), "navigate", json!({"url": url, "observe": false})));
    web.set("/search", Page::html("<title>Results</title><p>Ready</p>"));
    ok(&g.call(json!(3), "reload", json!({"observe": false})));
    let r = ok(&g.call(json!(4), "workflow", json!({"workflow": wf, "resume": run})));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["skipped"], json!(["open", "read"]), "{r}");
    // What step 2 read was never written down: another process cannot give it back.
    assert_eq!(r["outputs"]["tokens"], Value::Null, "{r}");
}

/// #27 item 5: a workflow step that runs an intent was refused (`workflow.steps[1].action: is
/// required`): the step's `action` names the tool, and the intent's verb had nowhere to go. The
/// verb is the step's `intentAction`; both intent step kinds run end to end, checked on the
/// page's own counter.
#[test]
fn intent_steps_run_with_their_own_verb() {
    let web = Server::start(vec![(
        "/count",
        Page::html(
            r#"<title>Count</title><script>window.count = 0;</script><h1>Counter</h1>
            <p id="n">Counted 0</p>
            <button onclick="count++; document.getElementById('n').textContent = 'Counted ' + count">Count</button>"#,
        ),
    )]);
    let data = temp_dir("wf-intents");
    let mut g = glass_in(&data);
    let wf = json!({
        "schemaVersion": 1,
        "name": "count",
        "steps": [
            {"id": "open", "action": "navigate", "url": web.url("/count")},
            {"id": "count", "action": "executeIntent", "schemaVersion": 1, "intent": "Count", "intentAction": "click"},
            {"id": "again", "action": "actAndVerify", "schemaVersion": 1, "intent": "Count", "intentAction": "click",
             "predicates": [{"kind": "textPresent", "text": "Counted 2"}]}
        ]
    });
    let r = ok(&g.call(json!(1), "workflow", json!({"workflow": wf})));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(common::eval(&mut g, "window.count"), 2);
    // Without its verb, the step is refused naming the field, before anything runs.
    let mut bad = wf.clone();
    bad["steps"][1]
        .as_object_mut()
        .unwrap()
        .remove("intentAction");
    let f = failed(&g.call(json!(2), "workflow", json!({"workflow": bad})));
    assert!(
        f.to_string().contains("workflow.steps[1].intentAction"),
        "{f}"
    );
    assert_eq!(common::eval(&mut g, "window.count"), 2);
}

/// Glass as `glass_in` makes it, with `extra` policy flags.
fn glass_with(data: &Path, extra: &[&str]) -> Glass {
    let mut args = vec!["--incognito", "--policy-allow", "persist-page-data"];
    args.extend_from_slice(extra);
    args.push("--mcp");
    let mut g = Glass::spawn_env(&args, &[("GLASS_DATA_DIR", data.to_str().unwrap())]);
    g.initialize();
    g
}

/// A `workflow` call with a progress token: its progress messages, and its answer.
fn workflow_with_progress(g: &mut Glass, args: Value) -> (Vec<String>, Value) {
    let (before, answer) = g.call_with_progress("workflow", args);
    let notes = before
        .iter()
        .map(|m| {
            assert_eq!(m["method"], "notifications/progress", "{m}");
            m["params"]["message"].as_str().unwrap_or("").to_owned()
        })
        .collect();
    (notes, answer)
}

// Covers: W8 runId form (wf- + 16 hex, first progress and result), W9 workflow name, W11
// preconditionFailed, W19 total, W22 trace executionId (recoverRun names the click), W23 trace
// revision (= the checkpoint's), W27 revision (= the page's), W42 resume GETs the page the run
// left (the app's request log), W57 pre without timeoutMs checked once, W74 state failed (file),
// W78 progress messages ("run RUN: step K of N: TOOL", "run RUN: completed").
#[test]
fn a_failed_precondition_stops_before_the_step_and_a_resume_reopens_the_page_the_run_left() {
    let web = shop();
    let data = temp_dir("wf-pre");
    let mut g = glass_in(&data);
    let mut wf = three_steps(&web, 0);
    // Without timeoutMs the precondition is checked once: payment is not open, so no wait.
    wf["steps"][2]["pre"]
        .as_object_mut()
        .unwrap()
        .remove("timeoutMs");
    let (notes, answer) = workflow_with_progress(&mut g, json!({"workflow": wf}));
    let r = ok(&answer);
    let run = r["runId"].as_str().unwrap().to_owned();
    assert!(
        run.len() == 19
            && run.starts_with("wf-")
            && run[3..].bytes().all(|b| b.is_ascii_hexdigit()),
        "{run}"
    );
    assert_eq!(
        notes[0],
        format!("run {run}: starting at step 1 of 3"),
        "{notes:?}"
    );
    let actions = ["navigate", "click", "click"];
    let prefix = format!("run {run}: step ");
    for n in notes.iter().filter_map(|n| n.strip_prefix(&prefix)) {
        let (k, tool) = n.split_once(" of 3: ").unwrap_or_else(|| panic!("{n}"));
        let k: usize = k.parse().unwrap();
        assert_eq!(tool, actions[k - 1], "{n}");
    }
    assert_eq!(r["status"], "preconditionFailed", "{r}");
    assert_eq!(r["workflow"], "buy", "{r}");
    assert_eq!(
        (&r["completed"], &r["total"], &r["stoppedAt"]),
        (&json!(2), &json!(3), &json!("pay")),
        "{r}"
    );
    assert_eq!(r["trace"][2]["outcome"], "preconditionFailed", "{r}");
    assert!(r["failure"]["precondition"].is_object(), "{r}");
    assert_eq!(web.count("/pay"), 0);
    let cp = checkpoint(&data, &run);
    assert_eq!(cp["steps"][2]["state"], "failed", "{cp}");
    assert_eq!(cp["complete"], false, "{cp}");
    for i in 0..3 {
        assert_eq!(
            r["trace"][i]["revision"], cp["steps"][i]["revision"],
            "{r} {cp}"
        );
    }
    assert_eq!(
        r["revision"],
        common::observe(&mut g, json!({}))["revision"],
        "{r}"
    );
    let add = r["trace"][1]["executionId"].as_str().unwrap().to_owned();
    let rec = ok(&g.call(json!(9), "recoverRun", json!({"executionId": add})));
    assert_eq!(
        (rec["tool"].as_str(), rec["dispatched"].as_bool()),
        (Some("click"), Some(true)),
        "{rec}"
    );

    // Payment opens; the tab shows another page. The resume opens the cart again (a GET).
    web.set("/cart", cart(true));
    nav(&mut g, &web, "/shop");
    let carts = web.count("/cart");
    let (notes, answer) = workflow_with_progress(&mut g, json!({"workflow": wf, "resume": run}));
    let r = ok(&answer);
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(
        notes[0],
        format!("run {run}: starting at step 3 of 3"),
        "{notes:?}"
    );
    assert_eq!(
        notes.last().unwrap(),
        &format!("run {run}: completed"),
        "{notes:?}"
    );
    assert_eq!(
        web.count("/cart"),
        carts + 1,
        "the page the run left was opened again with a GET"
    );
    assert_eq!((web.count("/add"), web.count("/pay")), (1, 1));
    assert_eq!(eval(&mut g, "document.title"), "Paid");
    assert_eq!(checkpoint(&data, &run)["complete"], true);
}

/// A counter, and a field the page refills whenever it is emptied.
const COUNTER: &str = r#"<title>Count</title><script>window.count = 0;</script><h1>Counter</h1>
<p id="n">Counted 0</p>
<button onclick="count++; document.getElementById('n').textContent = 'Counted ' + count">Count</button>
<label>Sticky <input id="sticky" value="stuck" oninput="this.value = 'stuck'"></label>"#;

// Covers: W6 resolve rerun (the step is sent again: the page's own count), W7 resolve only with
// resume / only done|rerun, W14 status unverified (input went out, effect not shown) with its
// file state and resumeBlocked, W81 the same run on the same page traces the same.
#[test]
fn rerun_sends_the_step_again_and_an_undone_clear_is_unverified() {
    let web = Server::start(vec![("/count", Page::html(COUNTER))]);
    let data = temp_dir("wf-rerun");
    let mut g = glass_in(&data);
    let wf = json!({"schemaVersion": 1, "name": "count", "steps": [
        {"id": "open", "action": "navigate", "url": web.url("/count")},
        {"id": "count", "action": "click", "target": "role=button;name=Count",
         "post": {"predicates": [{"kind": "textPresent", "text": "Counted 2"}], "timeoutMs": 300}}
    ]});
    let r = ok(&g.call(json!(1), "workflow", json!({"workflow": wf})));
    assert_eq!(r["status"], "postconditionFailed", "{r}");
    let run = r["runId"].as_str().unwrap().to_owned();
    assert_eq!(eval(&mut g, "count"), 1);
    // resolve is for resuming, and says done or rerun only.
    let f = failed(&g.call(
        json!(2),
        "workflow",
        json!({"workflow": wf, "resolve": {"count": "rerun"}}),
    ));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("invalidArguments"), Some("resolve")),
        "{f}"
    );
    let f = failed(&g.call(
        json!(3),
        "workflow",
        json!({"workflow": wf, "resume": run, "resolve": {"count": "maybe"}}),
    ));
    assert_eq!(f["path"], "resolve.count", "{f}");
    assert_eq!(eval(&mut g, "count"), 1);
    let r = ok(&g.call(
        json!(4),
        "workflow",
        json!({"workflow": wf, "resume": run, "resolve": {"count": "rerun"}}),
    ));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["skipped"], json!(["open"]), "{r}");
    assert_eq!(eval(&mut g, "count"), 2, "the step was sent again");
    assert_eq!(checkpoint(&data, &run)["steps"][1]["state"], "done");
    // The same run on the same page: the same trace but for ids and revisions.
    let steps_of = |r: &Value| {
        r["trace"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["seq"].clone(), t["step"].clone(), t["outcome"].clone()))
            .collect::<Vec<_>>()
    };
    let a = ok(&g.call(json!(5), "workflow", json!({"workflow": wf})));
    let b = ok(&g.call(json!(6), "workflow", json!({"workflow": wf})));
    assert_eq!(steps_of(&a), steps_of(&b));
    assert_ne!(a["runId"], b["runId"]);
    assert_ne!(a["trace"][1]["executionId"], b["trace"][1]["executionId"]);
    // A clear the page undoes: input went out and did not take: unverified, and resuming is
    // refused naming the step.
    let sticky = json!({"schemaVersion": 1, "name": "sticky", "steps": [
        {"id": "open", "action": "navigate", "url": web.url("/count")},
        {"id": "wipe", "action": "clear", "target": "role=textbox;name=Sticky"}
    ]});
    let r = ok(&g.call(json!(7), "workflow", json!({"workflow": sticky})));
    assert_eq!(
        (r["status"].as_str(), r["trace"][1]["outcome"].as_str()),
        (Some("unverified"), Some("unverified")),
        "{r}"
    );
    assert_eq!(
        eval(&mut g, "document.getElementById('sticky').value"),
        "stuck"
    );
    let run = r["runId"].as_str().unwrap().to_owned();
    assert_eq!(checkpoint(&data, &run)["steps"][1]["state"], "unverified");
    let f = failed(&g.call(
        json!(8),
        "workflow",
        json!({"workflow": sticky, "resume": run}),
    ));
    assert_eq!(
        (
            f["failureKind"].as_str(),
            f["step"].as_str(),
            f["state"].as_str()
        ),
        (Some("resumeBlocked"), Some("wipe"), Some("unverified")),
        "{f}"
    );
}

// A resumed run goes back to the page its last *done* step left, not where an unverified step
// went: a rerun of the add step is tried on the shop again.
// Covers: W6/W42 rerun of a navigating step from the page the last done step left.
#[test]
fn a_rerun_starts_from_the_page_the_last_done_step_left() {
    let web = shop();
    let data = temp_dir("wf-rerun-page");
    let mut g = glass_in(&data);
    web.set("/cart", cart(true));
    let mut wf = three_steps(&web, 0);
    wf["steps"][1]["post"] =
        json!({"predicates": [{"kind": "textPresent", "text": "In cart: 2"}], "timeoutMs": 300});
    let r = ok(&g.call(json!(1), "workflow", json!({"workflow": wf})));
    assert_eq!(r["status"], "postconditionFailed", "{r}");
    let run = r["runId"].as_str().unwrap().to_owned();
    assert_eq!(web.count("/add"), 1);
    let shops = web.count("/shop");
    let r = ok(&g.call(
        json!(2),
        "workflow",
        json!({"workflow": wf, "resume": run, "resolve": {"add": "rerun"}}),
    ));
    assert_eq!(
        web.count("/shop"),
        shops + 1,
        "the shop page, where `open` left the run, was opened again: {r}"
    );
    assert_eq!(web.count("/add"), 2, "the add step was sent again: {r}");
}

// An intent step that resolves to no candidate sent nothing: the run failed (resumable), it is
// not unverified.
// Covers: W63.
#[test]
fn an_intent_step_that_resolves_nothing_fails_without_blocking_the_run() {
    let web = Server::start(vec![("/count", Page::html(COUNTER))]);
    let data = temp_dir("wf-unresolved");
    let mut g = glass_in(&data);
    let wf = json!({"schemaVersion": 1, "name": "none", "steps": [
        {"id": "open", "action": "navigate", "url": web.url("/count")},
        {"id": "launch", "action": "executeIntent", "schemaVersion": 1,
         "intent": "Launch the rocket", "intentAction": "click"}
    ]});
    let r = ok(&g.call(json!(1), "workflow", json!({"workflow": wf})));
    assert_eq!(eval(&mut g, "count"), 0, "nothing was clicked");
    assert_eq!(
        (r["status"].as_str(), r["stoppedAt"].as_str()),
        (Some("failed"), Some("launch")),
        "{r}"
    );
    let run = r["runId"].as_str().unwrap().to_owned();
    assert_eq!(checkpoint(&data, &run)["steps"][1]["state"], "failed");
}

// Covers: W12 status failed (a read that did not hold), W17 outputMissing (file: not
// complete), W25 outputs typed by their extraction, W69 values stay in this process until the
// run completes: a resume here has them though the page no longer shows them, the file never.
#[test]
fn outputs_live_in_memory_until_the_run_completes_and_a_missing_one_is_reported() {
    let web = Server::start(vec![
        (
            "/search",
            Page::html(
                "<title>Results</title><h1>Results</h1><table aria-label=\"Tokens\"><tr><th>Name</th><th>Token</th></tr><tr><td>tok</td><td>TOKVALUE</td></tr></table>",
            ),
        ),
        (
            "/receipt",
            Page::html("<title>Receipt</title><h1>Receipt</h1><p>Thanks</p>"),
        ),
    ]);
    let data = temp_dir("wf-outputs");
    let mut g = glass_in(&data);
    // A required output the page does not have.
    let missing = json!({"schemaVersion": 1, "name": "receipt", "steps": [
        {"id": "open", "action": "navigate", "url": web.url("/receipt")},
        {"id": "read", "action": "extractStructured",
         "fields": [{"name": "total", "path": "field:Total", "kind": "currency"}]}
    ], "outputs": {"total": {"kind": "currency", "from": "read.total", "required": true}}});
    let r = ok(&g.call(json!(1), "workflow", json!({"workflow": missing})));
    assert_eq!(r["status"], "outputMissing", "{r}");
    assert_eq!(r["outputs"]["total"], Value::Null, "{r}");
    assert_eq!(
        checkpoint(&data, r["runId"].as_str().unwrap())["complete"],
        false
    );

    let url = web.url("/search?q=QTOK");
    let wf = json!({"schemaVersion": 1, "name": "tokens", "steps": [
        {"id": "open", "action": "navigate", "url": url},
        {"id": "read", "action": "extractStructured",
         "fields": [{"name": "tokens", "path": "table:Tokens", "kind": "table"}]},
        {"id": "wait", "action": "wait", "kind": "textPresent", "text": "Ready", "timeoutMs": 200}
    ], "outputs": {"tokens": {"kind": "table", "from": "read.tokens"}}});
    let read = json!({"columns": ["Name", "Token"], "rows": [["tok", "TOKVALUE"]]});
    let r = ok(&g.call(json!(2), "workflow", json!({"workflow": wf})));
    assert_eq!(
        (r["status"].as_str(), r["stoppedAt"].as_str()),
        (Some("failed"), Some("wait")),
        "{r}"
    );
    assert_eq!(r["outputs"]["tokens"], read, "{r}");
    let run = r["runId"].as_str().unwrap().to_owned();
    let path = data.join("checkpoints").join(format!("{run}.json"));
    let file = std::fs::read_to_string(&path).unwrap();
    assert!(
        !file.contains("TOKVALUE") && !file.contains("QTOK"),
        "{file}"
    );
    assert_eq!(checkpoint(&data, &run)["steps"][2]["state"], "failed");
    // The page changes; resumed in this process, the run still has what step 2 read.
    web.set("/search", Page::html("<title>Results</title><p>Ready</p>"));
    ok(&g.call(json!(3), "navigate", json!({"url": url, "observe": false})));
    let r = ok(&g.call(json!(4), "workflow", json!({"workflow": wf, "resume": run})));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["skipped"], json!(["open", "read"]), "{r}");
    assert_eq!(r["outputs"]["tokens"], read, "{r}");
    let file = std::fs::read_to_string(&path).unwrap();
    assert!(!file.contains("TOKVALUE"), "{file}");
    assert_eq!(checkpoint(&data, &run)["complete"], true);
}

// Covers: W38 owner-only file and folder, W68 the file holds exactly what resuming needs (its
// keys; no input value), W75b mismatch on other inputs, W75c on another policy, W76 unknownRun
// (an id never made, not an id, "latest" with nothing to resume) — nothing requested from the app.
#[test]
fn a_resume_is_refused_for_an_unknown_run_other_inputs_or_another_policy() {
    let web = shop();
    let data = temp_dir("wf-refuse");
    let mut g = glass_in(&data);
    let wf = json!({"schemaVersion": 1, "name": "buy as", "inputs": {"who": {"type": "string"}},
    "steps": [
        {"id": "open", "action": "navigate", "url": web.url("/shop")},
        {"id": "add", "action": "click", "target": "role=button;name=Add to cart",
         "post": {"predicates": [{"kind": "textPresent", "text": "${inputs.who}"}], "timeoutMs": 300}}
    ]});
    let r = ok(&g.call(
        json!(1),
        "workflow",
        json!({"workflow": wf, "inputs": {"who": "canary-who-1"}}),
    ));
    assert_eq!(r["status"], "postconditionFailed", "{r}");
    let run = r["runId"].as_str().unwrap().to_owned();
    assert_eq!(web.count("/add"), 1);
    {
        use std::os::unix::fs::PermissionsExt;
        let path = data.join("checkpoints").join(format!("{run}.json"));
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o600
        );
        let dir = std::fs::metadata(data.join("checkpoints")).unwrap();
        assert_eq!(dir.permissions().mode() & 0o777, 0o700);
    }
    let cp = checkpoint(&data, &run);
    let mut keys: Vec<&str> = cp.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "complete",
            "definition",
            "inputs",
            "policy",
            "runId",
            "schemaVersion",
            "steps",
            "url",
            "workflow"
        ],
        "{cp}"
    );
    assert_eq!(
        (&cp["schemaVersion"], &cp["runId"], &cp["workflow"]),
        (&json!(1), &json!(run), &json!("buy as"))
    );
    assert!(!cp.to_string().contains("canary-who"), "{cp}");
    for s in cp["steps"].as_array().unwrap() {
        for k in s.as_object().unwrap().keys() {
            assert!(
                ["id", "state", "executionId", "revision", "url"].contains(&k.as_str()),
                "{s}"
            );
        }
    }
    let refuse = |g: &mut Glass, args: Value| failed(&g.call(json!("r"), "workflow", args));
    let f = refuse(
        &mut g,
        json!({"workflow": wf, "inputs": {"who": "canary-other-2"}, "resume": run}),
    );
    assert_eq!(f["failureKind"], "checkpointMismatch", "{f}");
    assert!(f["reason"].as_str().unwrap().contains("inputs"), "{f}");
    assert!(!f.to_string().contains("canary-other"), "{f}");
    let f = refuse(
        &mut g,
        json!({"workflow": wf, "inputs": {"who": "canary-other-2"}, "resume": "latest"}),
    );
    assert_eq!(f["failureKind"], "unknownRun", "{f}");
    for id in ["wf-0000000000000000", "../../etc/passwd"] {
        let f = refuse(
            &mut g,
            json!({"workflow": wf, "inputs": {"who": "canary-who-1"}, "resume": id}),
        );
        assert_eq!(f["failureKind"], "unknownRun", "{id}: {f}");
    }
    drop(g);
    // Under another policy the run is not resumed.
    let mut h = glass_with(&data, &["--policy-deny-host", "example.test"]);
    let f = refuse(
        &mut h,
        json!({"workflow": wf, "inputs": {"who": "canary-who-1"}, "resume": run}),
    );
    assert_eq!(f["failureKind"], "checkpointMismatch", "{f}");
    assert!(f["reason"].as_str().unwrap().contains("policy"), "{f}");
    assert_eq!(
        (web.count("/shop"), web.count("/add")),
        (1, 1),
        "nothing ran"
    );
}

// Covers: W73 under a policy that keeps nothing (plain --incognito) no checkpoint file is made,
// a run resumes in its process (resolve done: the app's log) and nowhere else (unknownRun).
#[test]
fn a_throwaway_session_keeps_its_runs_in_memory_and_resumes_them_there_only() {
    let web = shop();
    web.set("/cart", cart(true));
    let data = temp_dir("wf-memory");
    let spawn = || {
        let mut g = Glass::spawn_env(
            &["--incognito", "--mcp"],
            &[("GLASS_DATA_DIR", data.to_str().unwrap())],
        );
        g.initialize();
        g
    };
    let mut g = spawn();
    let mut wf = three_steps(&web, 0);
    wf["steps"][1]["post"] =
        json!({"predicates": [{"kind": "textPresent", "text": "In cart: 2"}], "timeoutMs": 300});
    let r = ok(&g.call(json!(1), "workflow", json!({"workflow": wf})));
    assert_eq!(r["status"], "postconditionFailed", "{r}");
    let first = r["runId"].as_str().unwrap().to_owned();
    assert!(!data.join("checkpoints").exists(), "no checkpoint file");
    let r = ok(&g.call(
        json!(2),
        "workflow",
        json!({"workflow": wf, "resume": first, "resolve": {"add": "done"}}),
    ));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!((web.count("/add"), web.count("/pay")), (1, 1));
    // A second unfinished run; another process does not know it.
    let r = ok(&g.call(json!(3), "workflow", json!({"workflow": wf})));
    let second = r["runId"].as_str().unwrap().to_owned();
    assert_eq!(web.count("/add"), 2);
    drop(g);
    let mut h = spawn();
    let f = failed(&h.call(
        json!(4),
        "workflow",
        json!({"workflow": wf, "resume": second, "resolve": {"add": "done"}}),
    ));
    assert_eq!(f["failureKind"], "unknownRun", "{f}");
    assert_eq!((web.count("/add"), web.count("/pay")), (2, 1));
    assert!(!data.join("checkpoints").exists());
}

// Covers: W31 conditions checked against verify's, W32 tasks compiled, W56 expectedRevision not a
// step argument, W65 errors never echo a value, W33 host rules and W34 denied capabilities
// before the first step (naming step and action), W66 a password field a later page shows is
// refused by its step (unconfirmedStep), never typed into — on the app's log and the page.
#[test]
fn conditions_tasks_hosts_capabilities_and_values_are_judged_before_the_first_step() {
    let web = shop();
    let data = temp_dir("wf-judged");
    let mut g = glass_in(&data);
    let good = three_steps(&web, 0);
    let form_task = json!({"schemaVersion": 1, "task": "form.fill", "scope": {"regionName": "Shop"},
        "inputs": {"Name": "x"}, "limits": {"maxActions": 1, "timeoutMs": 5000, "maxItems": 16},
        "risk": "localMutation", "ambiguity": "fail", "revision": "compatible", "postconditions": []});
    let mut cases: Vec<(Value, Value, &str)> = Vec::new();
    let mut w = good.clone();
    w["steps"][2]["pre"] = json!({"predicates": [{"kind": "noSuchKind"}]});
    cases.push((w, json!({}), "workflow.steps[2].pre"));
    let mut w = good.clone();
    w["steps"][1] = json!({"id": "add", "action": "executeTask", "task": form_task});
    cases.push((w, json!({}), "workflow.steps[1].task.limits.maxActions"));
    let mut w = good.clone();
    w["steps"][0]["expectedRevision"] = json!(1);
    cases.push((w, json!({}), "workflow.steps[0].expectedRevision"));
    let mut w = good.clone();
    w["inputs"] = json!({"qty": {"type": "number"}});
    cases.push((w, json!({"qty": "canary-qty-3"}), "inputs.qty"));
    for (wf, inputs, path) in cases {
        let f = failed(&g.call(
            json!(1),
            "workflow",
            json!({"workflow": wf, "inputs": inputs}),
        ));
        assert_eq!(f["kind"], "workflowValidation", "{f}");
        assert!(f["path"].as_str().unwrap().starts_with(path), "{path}: {f}");
        assert!(!f.to_string().contains("canary"), "{f}");
    }
    assert_eq!(web.hits.lock().unwrap().len(), 0, "nothing was requested");
    assert!(
        !data.join("checkpoints").exists()
            || std::fs::read_dir(data.join("checkpoints"))
                .unwrap()
                .flatten()
                .all(|e| !e.file_name().to_string_lossy().starts_with("wf-")),
        "no run was started"
    );
    // A password field only a later page shows: its step is refused, nothing is typed.
    let login = Server::start(vec![(
        "/login",
        Page::html(
            r#"<title>Login</title><button onclick="document.getElementById('p').hidden = false">Next</button><label id="p" hidden>Password <input id="pw" type="password"></label>"#,
        ),
    )]);
    let later = json!({"schemaVersion": 1, "name": "later", "steps": [
        {"id": "open", "action": "navigate", "url": login.url("/login")},
        {"id": "next", "action": "click", "target": "role=button;name=Next"},
        {"id": "pw", "action": "type", "target": "css=#pw", "text": "canary-pw-9"}
    ]});
    let r = ok(&g.call(json!(2), "workflow", json!({"workflow": later})));
    assert_eq!(
        (r["status"].as_str(), r["stoppedAt"].as_str()),
        (Some("failed"), Some("pw")),
        "{r}"
    );
    assert_eq!(r["failure"]["failureKind"], "unconfirmedStep", "{r}");
    assert_eq!(eval(&mut g, "document.getElementById('pw').value"), "");
    // Under hardened: a host the rules refuse, a capability they deny; each names its step.
    let mut h = common::hardened();
    let away = json!({"schemaVersion": 1, "name": "away", "steps": [
        {"id": "open", "action": "navigate", "url": web.url("/shop")},
        {"id": "away", "action": "navigate", "url": "http://example.test/"}
    ]});
    let f = failed(&h.call(json!(1), "workflow", json!({"workflow": away})));
    assert_eq!(
        refusal(&f, "failureKind"),
        (
            Some("policy"),
            Some("hostNotAllowed"),
            Some(1),
            Some("navigate")
        ),
        "{f}"
    );
    let read = json!({"schemaVersion": 1, "name": "read", "steps": [
        {"id": "open", "action": "navigate", "url": web.url("/shop")},
        {"id": "read", "action": "extractStructured",
         "fields": [{"name": "e", "path": "field:Email", "kind": "string"}]}
    ]});
    let f = failed(&h.call(json!(2), "workflow", json!({"workflow": read})));
    assert_eq!(
        refusal(&f, "capability"),
        (
            Some("policy"),
            Some("read-form-values"),
            Some(1),
            Some("extractStructured")
        ),
        "{f}"
    );
    assert_eq!(web.count("/shop"), 0, "nothing ran");
}

// EXTEND tests/workflows.rs `a_cancelled_run_stops_between_steps_and_says_which_ran`, right after
// `assert_eq!(web.count("/pay"), 0);` — Covers W79: the checkpoint says what the answer said.
//
//     let cp = checkpoint(&data, &run);
//     assert_eq!(cp["steps"][1]["state"], "done", "{cp}");
//     assert_eq!(cp["steps"][2]["state"], "failed", "{cp}");
//     assert_eq!(cp["complete"], false, "{cp}");

/// A panel: a note field, 40 buttons that log their number, two buttons of one name; a
/// cookie and a stored value the checkpoint must never carry.
const PANEL: &str = r#"<title>Panel</title><script>window.log = []; document.cookie = 'sid=COOKIEVAL'; localStorage.setItem('k', 'STORAGEVAL');</script>
<h1>Panel</h1><label>Note <input name="note"></label><div id="many"></div>
<script>document.getElementById('many').innerHTML = Array.from({length: 40}, (_, i) => `<button onclick="log.push(${i + 1})">Button ${i + 1}</button>`).join('') + '<button>Same</button><button>Same</button>';</script>"#;

/// The numbers of every ref an observation shows, newest (highest) first.
fn minted(observation: &Value) -> Vec<u64> {
    let mut n: Vec<u64> = common::all_elements(&observation["elements"])
        .iter()
        .filter_map(|e| e["ref"].as_str()?.strip_prefix('e')?.parse().ok())
        .collect();
    n.sort_unstable_by(|a, b| b.cmp(a));
    n
}

// Covers: C2 schemaVersion, C3 kind, C4 target (= listTargets' selected tab), C5 frame main, C6 no
// fragment, C7 revision (= the page's), C8 the newest 24 refs with their role and name, C11 no
// cookie/storage/form value; import: C12 sameTab selects the tab (listTargets, no reload: the
// typed value is still there), C14 navigated (the app's GET), C16 fromRevision, C17 revision,
// C18 preserved, C19 relocated (a click on it reaches the element: the page's log), C20 lost
// (two elements of one role and name), C21 not a session checkpoint.
#[test]
fn a_session_checkpoint_holds_the_position_only_and_import_restores_it() {
    let web = Server::start(vec![
        ("/panel", Page::html(PANEL)),
        ("/other", Page::html("<title>Other</title><p>Elsewhere</p>")),
    ]);
    let data = temp_dir("wf-position");
    let mut g = glass_in(&data);
    nav(&mut g, &web, "/panel#top");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": "role=textbox;name=Note", "text": "TYPEDVAL"}),
    ));
    let seen = ok(&g.call(json!(2), "observe", json!({})));
    let exported = ok(&g.call(json!(3), "exportCheckpoint", json!({})));
    let cp = exported["checkpoint"].clone();
    let targets = ok(&g.call(json!(4), "listTargets", json!({})));
    let tab = targets["targets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["selected"] == true)
        .unwrap()["targetId"]
        .clone();
    assert_eq!(
        (&cp["schemaVersion"], &cp["kind"], &cp["frame"]),
        (&json!(1), &json!("glassSession"), &json!("main")),
        "{cp}"
    );
    assert_eq!(cp["target"], tab, "{cp}");
    assert_eq!(cp["url"], web.url("/panel"), "no query, no fragment: {cp}");
    assert_eq!(cp["revision"], seen["revision"], "{cp}");
    let refs = cp["refs"].as_array().unwrap().clone();
    let kept: Vec<u64> = refs
        .iter()
        .map(|r| r["ref"].as_str().unwrap()[1..].parse().unwrap())
        .collect();
    assert_eq!(kept, minted(&seen)[..24].to_vec(), "the newest 24: {cp}");
    let elements = common::all_elements(&seen["elements"]);
    for r in &refs {
        let e = elements
            .iter()
            .find(|e| e["ref"] == r["ref"])
            .unwrap_or_else(|| panic!("{r}"));
        assert_eq!((&e["role"], &e["name"]), (&r["role"], &r["name"]), "{r}");
    }
    let text = cp.to_string();
    for secret in ["COOKIEVAL", "STORAGEVAL", "TYPEDVAL", "#top"] {
        assert!(!text.contains(secret), "{secret}: {cp}");
    }
    // Another tab selected: importing selects the checkpoint's tab again, without reloading it.
    let other =
        ok(&g.call(json!(5), "createTarget", json!({"url": web.url("/other")})))["targetId"]
            .clone();
    ok(&g.call(json!(6), "selectTarget", json!({"targetId": other})));
    let panels = web.count("/panel");
    let r = ok(&g.call(json!(7), "importCheckpoint", json!({"checkpoint": cp})));
    assert_eq!(
        (r["target"].as_str(), r["navigated"].as_bool()),
        (Some("sameTab"), Some(false)),
        "{r}"
    );
    assert_eq!(r["fromRevision"], cp["revision"], "{r}");
    let targets = ok(&g.call(json!(8), "listTargets", json!({})));
    let selected: Vec<&Value> = targets["targets"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["selected"] == true)
        .collect();
    assert_eq!(selected.len(), 1, "{targets}");
    assert_eq!(selected[0]["targetId"], tab, "{targets}");
    assert_eq!(
        r["revision"],
        common::observe(&mut g, json!({}))["revision"],
        "{r}"
    );
    assert_eq!(r["preserved"].as_array().unwrap().len(), 24, "{r}");
    assert_eq!(
        eval(&mut g, "document.querySelector('[name=note]').value"),
        "TYPEDVAL",
        "the tab was not reloaded"
    );
    assert_eq!(web.count("/panel"), panels);
    // The tab now shows another page: its URL is opened again (a GET), each ref found again by
    // its role and name; two buttons of one name cannot be told apart.
    nav(&mut g, &web, "/other");
    let r = ok(&g.call(json!(9), "importCheckpoint", json!({"checkpoint": cp})));
    assert_eq!(
        (r["target"].as_str(), r["navigated"].as_bool()),
        (Some("sameTab"), Some(true)),
        "{r}"
    );
    assert_eq!(web.count("/panel"), panels + 1);
    let same: Vec<&Value> = refs
        .iter()
        .filter(|x| x["name"] == "Same")
        .map(|x| &x["ref"])
        .collect();
    assert_eq!(same.len(), 2, "{cp}");
    for s in &same {
        assert!(r["lost"].as_array().unwrap().contains(*s), "{r}");
    }
    let b40 = refs.iter().find(|x| x["name"] == "Button 40").unwrap()["ref"].clone();
    let to = r["relocated"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["from"] == b40)
        .unwrap_or_else(|| panic!("{r}"))["to"]
        .clone();
    ok(&g.call(json!(10), "click", json!({"target": to})));
    assert_eq!(eval(&mut g, "log"), json!([40]));
    // Not a session checkpoint: refused, nothing opened.
    let mut foreign = cp.clone();
    foreign["kind"] = json!("glassRun");
    let f = failed(&g.call(
        json!(11),
        "importCheckpoint",
        json!({"checkpoint": foreign}),
    ));
    assert_eq!(f["failureKind"], "checkpointMismatch", "{f}");
    assert_eq!(web.count("/panel"), panels + 1, "nothing was opened");
}

// Covers: C10 refs dropped oldest first to fit 4096 bytes (names of 4-byte characters), C5/C15
// a checkpoint keeps its frame, and importing selects that frame again (listFrames).
#[test]
fn a_checkpoint_keeps_its_frame_and_drops_its_oldest_refs_to_fit() {
    let wide = "𝔸".repeat(70);
    let long: String = (1..=24)
        .map(|i| format!("<button>{wide} {i}</button>"))
        .collect();
    let web = Server::start(vec![
        ("/long", Page::html(&format!("<title>Long</title>{long}"))),
        (
            "/framed",
            Page::html(
                r#"<title>Framed</title><h1>Framed</h1><iframe src="/inner" title="Inner"></iframe>"#,
            ),
        ),
        (
            "/inner",
            Page::html("<title>Inner</title><button>Inside</button>"),
        ),
    ]);
    let data = temp_dir("wf-position-bounds");
    let mut g = glass_in(&data);
    nav(&mut g, &web, "/long");
    let seen = ok(&g.call(json!(1), "observe", json!({})));
    let exported = ok(&g.call(json!(2), "exportCheckpoint", json!({})));
    assert!(exported["bytes"].as_u64().unwrap() <= 4096, "{exported}");
    let kept: Vec<u64> = exported["checkpoint"]["refs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["ref"].as_str().unwrap()[1..].parse().unwrap())
        .collect();
    assert!(!kept.is_empty() && kept.len() < 24, "{exported}");
    assert_eq!(
        kept,
        minted(&seen)[..kept.len()].to_vec(),
        "oldest dropped: {exported}"
    );
    // The frame.
    nav(&mut g, &web, "/framed");
    let frames = ok(&g.call(json!(3), "listFrames", json!({})));
    let inner = frames["frames"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["url"].as_str().is_some_and(|u| u.ends_with("/inner")))
        .unwrap_or_else(|| panic!("{frames}"))["frameId"]
        .clone();
    ok(&g.call(json!(4), "selectFrame", json!({"frameId": inner})));
    let cp = ok(&g.call(json!(5), "exportCheckpoint", json!({})))["checkpoint"].clone();
    assert_eq!(cp["frame"], inner, "{cp}");
    assert_eq!(
        cp["url"],
        web.url("/framed"),
        "the tab's URL, not the frame's: {cp}"
    );
    ok(&g.call(json!(6), "selectFrame", json!({"frameId": "main"})));
    let r = ok(&g.call(json!(7), "importCheckpoint", json!({"checkpoint": cp})));
    assert_eq!(r["frame"], inner, "{r}");
    let frames = ok(&g.call(json!(8), "listFrames", json!({})));
    let selected = frames["frames"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["selected"] == true)
        .unwrap_or_else(|| panic!("{frames}"))["frameId"]
        .clone();
    assert_eq!(selected, inner, "{frames}");
}
