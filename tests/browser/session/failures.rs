//! Every way an action can refuse, through the binary, each checked on the page: the refusal
//! names its kind and nothing happened in the page. Plus the edges around them: popups that
//! close at once, unknown frames, dialogs during actions and waits, `--attach` under the
//! hardened policy, the stateless revision's methods, and a persistent profile's state
//! surviving a restart.
#![cfg(target_os = "linux")]

use crate::common;

use std::time::Duration;

use common::web::{Page, Server};
use common::{Glass, eval, failed, nav, ok, temp_dir, tool_json};
use serde_json::{Value, json};

/// Glass with its default flags and a throwaway profile (tests run side by side), initialized.
fn glass(extra: &[&str]) -> Glass {
    common::incognito(extra)
}

const CONTROLS: &str = r#"<!doctype html><html><head><title>Controls</title>
<style>@keyframes slide { from { margin-left: 0 } to { margin-left: 300px } }
#moving { animation: slide 0.4s linear infinite alternate }</style></head><body>
<script>window.hits = []; document.addEventListener('click', e => window.hits.push(e.target.id || e.target.textContent), true);</script>
<button id="off" disabled>Off</button>
<button id="soft" aria-disabled="true">Soft off</button>
<div><button id="moving">Moving</button></div>
<input type="checkbox" id="cb" aria-label="Agree">
<input type="checkbox" id="stuck" aria-label="Stuck" onclick="return false">
<input aria-label="Locked" readonly value="x">
<select aria-label="Size"><option>S</option><option>M</option><option disabled>XL</option></select>
<button id="plain">Plain</button>
</body></html>"#;

fn failure(g: &mut Glass, tool: &str, args: Value) -> Value {
    failed(&g.call(json!(tool), tool, args))
}

#[test]
fn every_refusal_names_its_kind_and_leaves_the_page_untouched() {
    let web = Server::start(vec![("/c", Page::html(CONTROLS))]);
    let mut g = glass(&[]);
    nav(&mut g, &web, "/c");
    let cases: &[(&str, Value, &str)] = &[
        (
            "click",
            json!({"target": "role=button;name=Off"}),
            "disabled",
        ),
        (
            "click",
            json!({"target": "role=button;name=Soft off"}),
            "disabled",
        ),
        (
            "click",
            json!({"target": "role=button;name=Moving"}),
            "unstable",
        ),
        (
            "type",
            json!({"target": "role=checkbox;name=Agree", "text": "x"}),
            "notEditable",
        ),
        (
            "type",
            json!({"target": "role=textbox;name=Locked", "text": "x"}),
            "notEditable",
        ),
        (
            "select",
            json!({"target": "role=combobox;name=Size", "label": "XXL"}),
            "noSuchOption",
        ),
        (
            "select",
            json!({"target": "role=combobox;name=Size", "label": "XL"}),
            "disabled",
        ),
        (
            "select",
            json!({"target": "role=button;name=Plain", "label": "S"}),
            "notSelect",
        ),
        (
            "check",
            json!({"target": "role=button;name=Plain"}),
            "notCheckable",
        ),
        ("click", json!({"target": "css=[[["}), "invalidLocator"),
        (
            "click",
            json!({"target": "role=button;name=Nowhere"}),
            "notFound",
        ),
        ("click", json!({"target": "e99999"}), "notFound"),
    ];
    for (tool, args, kind) in cases {
        let e = failure(&mut g, tool, args.clone());
        assert_eq!(e["failureKind"], *kind, "{tool} {args}: {e}");
        assert!(e["reason"].is_string(), "{e}");
    }
    // A locator outside the grammar is an argument error, refused with the arguments.
    let e = failure(&mut g, "click", json!({"target": "xpath=//button"}));
    assert_eq!(
        (e["kind"].as_str(), e["path"].as_str()),
        (Some("invalidArguments"), Some("target")),
        "{e}"
    );
    assert_eq!(
        eval(&mut g, "window.hits"),
        json!([]),
        "no refusal clicked anything"
    );
    assert_eq!(
        eval(
            &mut g,
            "[document.getElementById('cb').checked, document.querySelector('select').value, document.querySelector('[readonly]').value]"
        ),
        json!([false, "S", "x"])
    );
    // A checkbox that refuses to change is a verification failure, not a success.
    let e = failure(
        &mut g,
        "check",
        json!({"target": "role=checkbox;name=Stuck"}),
    );
    assert_eq!(e["kind"], "verification", "{e}");
    assert_eq!(
        eval(&mut g, "document.getElementById('stuck').checked"),
        false
    );
    // And the working ones work.
    ok(&g.call(
        json!(1),
        "check",
        json!({"target": "role=checkbox;name=Agree"}),
    ));
    assert_eq!(eval(&mut g, "document.getElementById('cb').checked"), true);
    ok(&g.call(
        json!(2),
        "uncheck",
        json!({"target": "role=checkbox;name=Agree"}),
    ));
    assert_eq!(eval(&mut g, "document.getElementById('cb').checked"), false);
}

#[test]
fn popups_that_close_at_once_and_unknown_frames_are_reported() {
    let web = Server::start(vec![
        (
            "/p",
            Page::html(
                r#"<title>P</title><button onclick="const w = window.open('/x'); w.close()">Flash</button>"#,
            ),
        ),
        ("/x", Page::html("<title>X</title>")),
    ]);
    let mut g = glass(&[]);
    nav(&mut g, &web, "/p");
    let e = failure(
        &mut g,
        "clickExpectPopup",
        json!({"target": "role=button;name=Flash"}),
    );
    assert_eq!(e["failureKind"], "popupClosed", "{e}");
    let e = failure(&mut g, "selectFrame", json!({"frameId": "NO-SUCH-FRAME"}));
    assert_eq!(e["failureKind"], "unknownFrame");
    assert_eq!(eval(&mut g, "document.title"), "P", "still on the page");
}

const DIALOGS: &str = r#"<!doctype html><html><head><title>Dialogs</title></head><body>
<button onclick="window.answer = confirm('Sure?')">Ask</button>
<button onclick="setTimeout(() => alert('Later'), 200)">Later</button>
</body></html>"#;

#[test]
fn dialogs_during_actions_and_waits_are_reported_not_hung_on() {
    let web = Server::start(vec![("/d", Page::html(DIALOGS))]);
    let mut g = glass(&[]);
    nav(&mut g, &web, "/d");
    let r = ok(&g.call(json!(1), "click", json!({"target": "role=button;name=Ask"})));
    assert_eq!(r["caused"]["dialog"]["type"], "confirm", "{r}");
    // Any other page tool says a dialog is open instead of hanging.
    let e = failure(&mut g, "observe", json!({}));
    assert_eq!(e["kind"], "dialogOpen");
    assert_eq!(e["dialog"]["message"], "Sure?");
    ok(&g.call(json!(2), "acceptDialog", json!({})));
    assert_eq!(
        eval(&mut g, "window.answer"),
        true,
        "the page got the answer"
    );

    // A dialog that opens while Glass waits ends the wait and says why; the dialog is told
    // once, in the failure (not again in the event header).
    ok(&g.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=Later"}),
    ));
    let r = g.call(
        json!(4),
        "wait",
        json!({"kind": "textPresent", "text": "never there", "timeoutMs": 20000}),
    );
    let e = tool_json(&r);
    assert_eq!(e["kind"], "waitInterrupted", "{r}");
    assert_eq!(e["dialog"]["type"], "alert", "{r}");
    assert!(
        r["result"]["structuredContent"]["events"]["dialog"].is_null(),
        "{r}"
    );
    ok(&g.call(json!(5), "dismissDialog", json!({})));
    assert_eq!(eval(&mut g, "document.title"), "Dialogs");
}

#[test]
fn attach_is_refused_under_the_hardened_policy() {
    let mut g = Glass::spawn(&[
        "--policy",
        "hardened",
        "--policy-allow-host",
        "127.0.0.1",
        "--attach",
        "http://127.0.0.1:9",
        "--mcp",
    ]);
    // Refused at start-up with the reason, before any client talks to it.
    let status = g.wait_exit(Duration::from_secs(10)).expect("exits");
    assert!(!status.success());
    assert!(
        g.stderr_text().contains("--policy-allow attach"),
        "{}",
        g.stderr_text()
    );
}

#[test]
fn the_stateless_revision_has_its_own_methods() {
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                      "io.modelcontextprotocol/clientCapabilities": {}});
    let mut g = Glass::mcp();
    for m in ["initialize", "logging/setLevel", "ping"] {
        let r = g.request(json!(m), m, json!({"_meta": meta}));
        assert_eq!(r["error"]["code"], -32601, "{m}: {r}");
    }
    g.send(&json!({"jsonrpc":"2.0","id":"sub","method":"subscriptions/listen","params":{"_meta": meta}}));
    let ack = g.recv();
    assert_eq!(
        ack["method"], "notifications/subscriptions/acknowledged",
        "{ack}"
    );
    assert_eq!(
        ack["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"],
        "sub"
    );
    // The stream stays open until cancelled; the server keeps answering meanwhile.
    let r = g.request(json!(2), "tools/list", json!({"_meta": meta}));
    assert!(r["result"]["tools"].is_array());
    g.send(
        &json!({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"sub"}}),
    );
    let r = g.request(json!(3), "tools/list", json!({"_meta": meta}));
    assert_eq!(r["id"], 3);
}

#[test]
fn a_persistent_profile_keeps_its_state_across_restarts() {
    let web = Server::start(vec![(
        "/s",
        Page::html(
            r#"<title>S</title><script>
if (location.search === '?set') { localStorage.setItem('k', 'kept'); document.cookie = 'c=kept; max-age=3600'; }
</script>"#,
        ),
    )]);
    let data = temp_dir("profile-state");
    let data_env = data.to_str().unwrap();
    let mut first = Glass::spawn_env(
        &["--profile", "keep", "--mcp"],
        &[("GLASS_DATA_DIR", data_env)],
    );
    first.initialize();
    ok(&first.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/s?set"), "observe": false}),
    ));
    assert_eq!(eval(&mut first, "localStorage.getItem('k')"), "kept");
    first.close_stdin();
    assert!(first.wait_exit(Duration::from_secs(20)).unwrap().success());
    drop(first);

    let mut second = Glass::spawn_env(
        &["--profile", "keep", "--mcp"],
        &[("GLASS_DATA_DIR", data_env)],
    );
    second.initialize();
    nav(&mut second, &web, "/s");
    assert_eq!(
        eval(&mut second, "[localStorage.getItem('k'), document.cookie]"),
        json!(["kept", "c=kept"])
    );
    // A throwaway profile starts empty.
    let mut third = Glass::spawn_env(&["--incognito", "--mcp"], &[("GLASS_DATA_DIR", data_env)]);
    third.initialize();
    nav(&mut third, &web, "/s");
    assert_eq!(eval(&mut third, "localStorage.getItem('k')"), Value::Null);
    drop(second);
    drop(third);
    let _ = std::fs::remove_dir_all(data);
}

const SECRETS: &str = r#"<!doctype html><html><head><title>Secrets</title></head><body>
<label>User <input id="u" value="ada"></label>
<label>Password <input id="p" type="password" value="hunter2-CANARY"></label>
<button>Go</button></body></html>"#;

/// Form values, DOM and screenshots appear only when asked for (a level cannot add them);
/// values are never passwords'; the hardened policy refuses form values.
#[test]
fn observation_extras_are_explicit_and_policy_gated() {
    let web = Server::start(vec![("/s", Page::html(SECRETS))]);
    let mut g = glass(&[]);
    nav(&mut g, &web, "/s");
    for level in [
        json!({}),
        json!({"level": "detailed"}),
        json!({"level": "raw"}),
    ] {
        let r = g.call(json!(1), "observe", level.clone());
        let text = r.to_string();
        assert!(
            !text.contains("ada") && !text.contains("hunter2"),
            "{level}: {text}"
        );
        assert!(
            r["result"]["content"]
                .as_array()
                .unwrap()
                .iter()
                .all(|c| c["type"] == "text"),
            "no image unless asked"
        );
    }
    let r = g.call(
        json!(2),
        "observe",
        json!({"includeFormValues": true, "includeScreenshot": true, "includeDom": true}),
    );
    let o = tool_json(&r);
    let values: Vec<Value> = common::all_elements(&o["elements"])
        .iter()
        .filter_map(|e| e.get("value").cloned())
        .collect();
    assert_eq!(values, [json!("ada")], "the password's value never appears");
    // The DOM is the page's as served (its markup), the screenshot the 1280x720 viewport.
    assert!(o["dom"]["html"].as_str().unwrap().contains("<label>User"));
    let image = r["result"]["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["type"] == "image")
        .expect("the screenshot item")
        .clone();
    assert_eq!(
        common::png_size(image["data"].as_str().unwrap()),
        (1280, 720)
    );

    let mut h = common::hardened();
    nav(&mut h, &web, "/s");
    let e = failure(&mut h, "observe", json!({"includeFormValues": true}));
    assert_eq!(e["kind"], "policy", "{e}");
    assert!(!e.to_string().contains("ada"));
    let plain = ok(&h.call(json!(3), "observe", json!({"level": "detailed"})));
    assert!(!plain.to_string().contains("ada"));
}
