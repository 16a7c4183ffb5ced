//! `workflow`, its checkpoints, and `exportCheckpoint`/`importCheckpoint`, through the real
//! binary against real Chromium. What a run did is checked on the app's own record (the
//! requests its server got, the orders its page recorded), and what a resumed run skipped on
//! the checkpoint file Glass keeps.

mod common;

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
fn glass_in(data: &Path) -> Glass {
    let mut g = Glass::spawn_env(
        &[
            "--incognito",
            "--policy-allow",
            "persist-page-data",
            "--mcp",
        ],
        &[("GLASS_DATA_DIR", data.to_str().unwrap())],
    );
    g.initialize();
    g
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
