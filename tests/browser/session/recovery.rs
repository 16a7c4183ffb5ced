//! The execution journal and `recoverRun` through the real binary against real Chromium:
//! each call that may change a page carries an `executionId`, and `recoverRun` says what is
//! safe after it, checked against what the page itself recorded (its own click counter).

use crate::common;

use std::time::{Duration, Instant};

use common::web::{Page, Server};
use common::{Glass, eval, failed, incognito, nav, ok, tool_json};
use serde_json::{Value, json};

const PAGE: &str = r#"<title>Journal</title>
<script>window.clicks = 0;</script>
<button onclick="clicks++">Count</button>
<button onclick="clicks++">Delete</button><button onclick="clicks++">Delete</button>
<button onclick="clicks++; fetch('/slow')">Slow save</button>"#;

fn server() -> Server {
    Server::start(vec![
        ("/", Page::html(PAGE)),
        ("/slow", Page::html("ok").delayed(20_000)),
        ("/never", Page::html("<title>Late</title>").delayed(5_000)),
    ])
}

fn recover(g: &mut Glass, args: Value) -> Value {
    ok(&g.call(json!("r"), "recoverRun", args))
}

/// A verified click is done (not to be repeated); a click that never reached the page (an
/// ambiguous target) is safe to retry; reads carry no executionId.
#[test]
fn recover_run_tells_done_from_safe_to_retry() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let clicked = ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Count"}),
    ));
    let id = clicked["executionId"]
        .as_str()
        .expect("a click has an executionId")
        .to_owned();
    let r = recover(&mut g, json!({"executionId": id}));
    assert_eq!(r["state"], "verified", "{r}");
    assert_eq!(r["dispatched"], true, "{r}");
    assert_eq!(r["safeToRetry"], false, "{r}");
    assert_eq!(r["tool"], "click", "{r}");
    let e = failed(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Delete"}),
    ));
    assert_eq!(e["failureKind"], "ambiguous", "{e}");
    let r = recover(&mut g, json!({"executionId": e["executionId"]}));
    assert_eq!(r["state"], "notDispatched", "{r}");
    assert_eq!(r["safeToRetry"], true, "{r}");
    // The page agrees: one click, from the first call only.
    assert_eq!(eval(&mut g, "window.clicks"), 1);
    let o = ok(&g.call(json!(3), "observe", json!({})));
    assert!(o.get("executionId").is_none(), "{o}");
    let e = failed(&g.call(json!(4), "recoverRun", json!({"executionId": "x999"})));
    assert_eq!(e["failureKind"], "unknownExecution", "{e}");
}

/// A navigation that timed out sent its request: not safe to repeat blindly.
#[test]
fn a_timed_out_navigation_needs_a_look_before_a_retry() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let e = failed(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/never"), "timeoutMs": 300}),
    ));
    assert_eq!(e["outcome"], "timeout", "{e}");
    let r = recover(&mut g, json!({"executionId": e["executionId"]}));
    assert_eq!(r["state"], "dispatchedUnverified", "{r}");
    assert_eq!(r["safeToRetry"], false, "{r}");
    assert!(r["next"].as_str().unwrap().contains("observe"), "{r}");
}

/// A click cancelled after its input reached the page (the page's own request proves it) is
/// indeterminate, never "safe to retry"; without an id, recoverRun reports the latest call,
/// since a cancelled call's id never reaches the client.
#[test]
fn a_cancelled_click_is_indeterminate() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    g.send(&json!({"jsonrpc": "2.0", "id": "c", "method": "tools/call",
        "params": {"name": "click", "arguments": {"target": "role=button;name=Slow save"}}}));
    // The click handler's request reaching the server proves the input was dispatched; the
    // click is then still settling on that request.
    let until = Instant::now() + Duration::from_secs(20);
    while !web.hits.lock().unwrap().iter().any(|h| h == "/slow") {
        assert!(Instant::now() < until, "the click never reached the page");
        // Polling the server's own log for the event, not waiting out a race.
        std::thread::sleep(Duration::from_millis(10));
    }
    g.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "c"}}));
    let answer = g.recv();
    assert_eq!(answer["id"], "c");
    let r = recover(&mut g, json!({}));
    assert_eq!(r["tool"], "click", "{r}");
    assert_eq!(eval(&mut g, "window.clicks"), 1);
    if answer["error"]["code"] == -32800 {
        assert_eq!(r["state"], "indeterminate", "{r}");
        assert_eq!(r["acknowledged"], false, "{r}");
    } else {
        // The click finished before the cancellation arrived: it answered, and was verified.
        assert_eq!(tool_json(&answer)["ok"], true, "{answer}");
        assert_eq!(r["state"], "verified", "{r}");
    }
    assert_eq!(r["dispatched"], true, "{r}");
    assert_eq!(r["safeToRetry"], false, "{r}");
}

/// Doc items: recoverRun's executionId echo, tool, acknowledged and verified (true side),
/// elapsedMs present; evaluated expressions count as input that went out; state `running`
/// (not safe to retry); the journal keeps the last 256 (the 257th-newest is unknown).
#[test]
fn recover_run_reports_running_calls_evaluations_and_forgets_past_256() {
    let web = Server::start(vec![
        ("/", Page::html(PAGE)),
        ("/hold", Page::html("<title>Held</title>").delayed(20_000)),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    // An evaluation is input that reached the page, and it answered: verified.
    let e = ok(&g.call(
        json!(1),
        "evaluate",
        json!({"expression": "window.marked = 7"}),
    ));
    let id = e["executionId"]
        .as_str()
        .expect("evaluate has an executionId")
        .to_owned();
    let r = recover(&mut g, json!({"executionId": id}));
    assert_eq!(r["executionId"], id.as_str(), "{r}");
    assert_eq!(r["tool"], "evaluate", "{r}");
    assert_eq!(r["state"], "verified", "{r}");
    assert_eq!(r["dispatched"], true, "{r}");
    assert_eq!(r["acknowledged"], true, "{r}");
    assert_eq!(r["verified"], true, "{r}");
    assert_eq!(r["safeToRetry"], false, "{r}");
    assert!(r["elapsedMs"].is_u64(), "{r}");
    assert_eq!(eval(&mut g, "window.marked"), 7);

    // The journal keeps the last 256 executions.
    let ids: Vec<String> = (0..257)
        .map(|i| {
            ok(&g.call(
                json!(format!("e{i}")),
                "evaluate",
                json!({"expression": "1"}),
            ))["executionId"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    let f = failed(&g.call(json!(2), "recoverRun", json!({"executionId": ids[0]})));
    assert_eq!(f["failureKind"], "unknownExecution", "{f}");
    assert_eq!(
        recover(&mut g, json!({"executionId": ids[1]}))["tool"],
        "evaluate"
    );

    // A call still under way (its page's server holds the answer for 20 s) is `running`.
    g.send(&json!({"jsonrpc": "2.0", "id": "held", "method": "tools/call",
        "params": {"name": "navigate", "arguments": {"url": web.url("/hold"), "timeoutMs": 60000}}}));
    let until = Instant::now() + Duration::from_secs(20);
    while web.count("/hold") == 0 {
        assert!(
            Instant::now() < until,
            "the navigation never reached the server"
        );
        // Polling the server's own log for the event, not waiting out a race.
        std::thread::sleep(Duration::from_millis(10));
    }
    // recoverRun needs no browser, so it answers beside the held call; that call cannot
    // answer before the server does (20 s), so this answer is the next message.
    let r = recover(&mut g, json!({}));
    assert_eq!(r["tool"], "navigate", "{r}");
    assert_eq!(r["state"], "running", "{r}");
    assert_eq!(r["safeToRetry"], false, "{r}");
    assert_eq!(r["acknowledged"], false, "{r}");
    assert_eq!(r["verified"], false, "{r}");
    g.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "held"}}));
    assert_eq!(g.recv()["id"], "held");
}
