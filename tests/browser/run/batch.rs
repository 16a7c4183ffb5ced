//! `batch` through the real binary against real Chromium: steps run in order through the
//! same call path as single calls, the whole batch is checked (arguments, revisions, policy,
//! confirmation) before its first step, it stops at the first failure, and its answer stays
//! small. Every claim is checked on the page's own record of what happened.

use crate::common;

use common::web::{Page, Server};
use common::{Glass, eval, failed, incognito, nav, ok};
use serde_json::{Value, json};

/// A form of ten fields whose submit handler records what was sent and how often.
const FORM: &str = r#"<title>Account</title>
<script>window.submits = 0; window.clicks = 0; window.sent = null;</script>
<main><h1>New account</h1>
<form id="f" onsubmit="event.preventDefault(); submits++; sent = Object.fromEntries(new FormData(this)); document.getElementById('s').textContent = 'Saved ' + sent.name;">
<label>Name <input name="name"></label>
<label>Email <input name="email" type="email"></label>
<label>Phone <input name="phone"></label>
<label>Company <input name="company"></label>
<label>City <input name="city"></label>
<label>Postcode <input name="postcode"></label>
<label>Country <select name="country"><option value="">Pick one</option><option value="fr">France</option><option value="de">Germany</option></select></label>
<label>About <textarea name="about"></textarea></label>
<label><input type="checkbox" name="news"> Newsletter</label>
<label><input type="checkbox" name="terms"> I accept the terms</label>
<button>Create account</button>
</form>
<p role="status" id="s"></p>
<button type="button" onclick="clicks++">Count</button>
<button type="button" onclick="clicks++">Twin</button><button type="button" onclick="clicks++">Twin</button>
</main>"#;

/// A login form: typing into its password field is a capability the default policy confirms.
const LOGIN: &str = r#"<title>Sign in</title><script>window.clicks = 0;</script>
<label>User <input id="u"></label>
<label>Password <input id="p" type="password"></label>
<button type="button" onclick="clicks++">Count</button>
<a href="/login">Sign in again</a>"#;

fn server() -> Server {
    Server::start(vec![("/", Page::html(FORM)), ("/login", Page::html(LOGIN))])
}

/// Glass with `flags` (the default ones when empty) on the fixture's `path`.
fn open(flags: &[&str], path: &str) -> (Server, Glass) {
    let web = server();
    let mut g = incognito(flags);
    nav(&mut g, &web, path);
    (web, g)
}

fn batch(g: &mut Glass, args: Value) -> Value {
    g.call(json!("batch"), "batch", args)
}

fn revision(g: &mut Glass) -> u64 {
    ok(&g.call(json!("o"), "observe", json!({"level": "summary"})))["revision"]
        .as_u64()
        .unwrap()
}

/// The ten fields, filled as a model would: nine steps of the action tools, then submit,
/// then a check of the page's answer: one call, chained on the revision, under 4 KiB.
#[test]
fn one_batch_fills_ten_fields_submits_and_verifies() {
    let (_web, mut g) = open(&[], "/");
    let rev = revision(&mut g);
    let steps = json!([
        {"action": "type", "target": "role=textbox;name=Name", "text": "Ada Lovelace"},
        {"action": "type", "target": "role=textbox;name=Email", "text": "ada@example.test"},
        {"action": "type", "target": "role=textbox;name=Phone", "text": "+44 20 7946 0000", "insertText": true},
        {"action": "fillForm", "fields": [
            {"target": "role=textbox;name=Company", "value": "Analytical Engines"},
            {"target": "role=textbox;name=City", "value": "London"},
            {"target": "role=textbox;name=Postcode", "value": "W1"}]},
        {"action": "select", "target": "role=combobox;name=Country", "label": "Germany"},
        {"action": "type", "target": "role=textbox;name=About", "text": "Notes on the engine"},
        {"action": "check", "target": "role=checkbox;name=Newsletter"},
        {"action": "check", "target": "role=checkbox;name=I accept the terms"},
        {"action": "click", "target": "role=button;name=Create account"},
        {"action": "verify", "predicates": [{"kind": "textPresent", "text": "Saved Ada Lovelace"}]}
    ]);
    let r = batch(
        &mut g,
        json!({"steps": steps, "mode": "chain", "expectedRevision": rev}),
    );
    let bytes = r["result"]["content"][0]["text"].as_str().unwrap().len();
    let r = ok(&r);
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["completed"], 10, "{r}");
    assert_eq!(r["initialRevision"], rev, "{r}");
    // The revision grows along the chain, one entry per step; nothing navigated.
    let revs: Vec<u64> = r["revisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(revs.len(), 10, "{r}");
    assert!(
        revs.windows(2).all(|w| w[0] <= w[1]) && revs[0] > rev,
        "{r}"
    );
    assert_eq!(r["finalRevision"], *revs.last().unwrap(), "{r}");
    assert!(r.get("navigated").is_none(), "{r}");
    assert!(bytes < 4096, "{bytes} bytes");
    // The page's own record: one submit, with exactly what was typed.
    assert_eq!(eval(&mut g, "submits"), 1);
    assert_eq!(
        eval(&mut g, "sent"),
        json!({"name": "Ada Lovelace", "email": "ada@example.test", "phone": "+44 20 7946 0000",
               "company": "Analytical Engines", "city": "London", "postcode": "W1",
               "country": "de", "about": "Notes on the engine", "news": "on", "terms": "on"})
    );
}

/// 32 steps (the most a batch takes) answer in under 4 KiB, and every click landed.
#[test]
fn thirty_two_steps_answer_in_under_four_kib() {
    let (_web, mut g) = open(&[], "/");
    let steps: Vec<Value> = (0..32)
        .map(|_| json!({"action": "click", "target": "role=button;name=Count"}))
        .collect();
    let r = batch(&mut g, json!({"steps": steps}));
    let bytes = r["result"]["content"][0]["text"].as_str().unwrap().len();
    let r = ok(&r);
    assert_eq!(r["completed"], 32, "{r}");
    assert!(bytes <= 4096, "{bytes} bytes");
    assert_eq!(eval(&mut g, "clicks"), 32);
    // One more is refused before anything runs.
    let steps: Vec<Value> = (0..33)
        .map(|_| json!({"action": "click", "target": "role=button;name=Count"}))
        .collect();
    let f = failed(&batch(&mut g, json!({"steps": steps})));
    assert_eq!(f["kind"], "invalidArguments", "{f}");
    assert_eq!(f["path"], "steps", "{f}");
    assert_eq!(eval(&mut g, "clicks"), 32);
}

/// The first failing step stops the batch: the steps before it ran, the ones after did not,
/// and the failure is the step's own (here an ambiguous target, with its candidates).
#[test]
fn a_batch_stops_at_its_first_failure() {
    let (_web, mut g) = open(&[], "/");
    let r = ok(&batch(
        &mut g,
        json!({"steps": [
            {"action": "click", "target": "role=button;name=Count"},
            {"action": "click", "target": "role=button;name=Twin"},
            {"action": "click", "target": "role=button;name=Count"}
        ]}),
    ));
    assert_eq!(r["ok"], false, "{r}");
    assert_eq!(r["failedAt"], 1, "{r}");
    assert_eq!(r["completed"], 1, "{r}");
    assert_eq!(r["revisions"].as_array().unwrap().len(), 1, "{r}");
    assert_eq!(r["failure"]["failureKind"], "ambiguous", "{r}");
    // The failing step's own journal entry: its input never went out.
    let id = r["failure"]["executionId"].as_str().unwrap().to_owned();
    assert_ne!(Value::from(id.clone()), r["executionId"], "{r}");
    let run = ok(&g.call(json!("rr"), "recoverRun", json!({"executionId": id})));
    assert_eq!(run["tool"], "click", "{run}");
    assert_eq!(run["safeToRetry"], true, "{run}");
    assert_eq!(
        r["failure"]["candidates"].as_array().unwrap().len(),
        2,
        "{r}"
    );
    assert_eq!(r["trust"], "untrusted_page_content", "{r}");
    assert_eq!(eval(&mut g, "clicks"), 1);
    // A check that does not hold stops it too.
    let r = ok(&batch(
        &mut g,
        json!({"steps": [
            {"action": "verify", "predicates": [{"kind": "textPresent", "text": "Saved"}], "timeoutMs": 0},
            {"action": "click", "target": "role=button;name=Count"}
        ]}),
    ));
    assert_eq!(r["failedAt"], 0, "{r}");
    assert_eq!(r["failure"]["satisfied"], false, "{r}");
    assert_eq!(eval(&mut g, "clicks"), 1);
}

/// Arguments and revision rules are checked for every step before the first runs.
#[test]
fn bad_steps_and_stale_revisions_refuse_the_whole_batch() {
    let (_web, mut g) = open(&[], "/");
    let rev = revision(&mut g);
    let count = json!({"action": "click", "target": "role=button;name=Count"});
    let cases = [
        (
            json!({"steps": [count, {"action": "click"}]}),
            "steps[1].target",
        ),
        (
            json!({"steps": [count, {"action": "type", "target": "css=#x", "text": 5}]}),
            "steps[1].text",
        ),
        (
            json!({"steps": [count, {"action": "evaluate", "expression": "1"}]}),
            "steps[1].action",
        ),
        (
            json!({"steps": [count], "mode": "chain"}),
            "expectedRevision",
        ),
        (
            json!({"steps": [count], "mode": "fixed"}),
            "steps[0].expectedRevision",
        ),
        (
            json!({"steps": [{"action": "click", "target": "role=button;name=Count", "expectedRevision": rev}],
                   "mode": "chain", "expectedRevision": rev}),
            "steps[0].expectedRevision",
        ),
        (
            json!({"steps": [{"action": "click", "target": "role=button;name=Count", "confirmToken": "ct_x"}]}),
            "steps[0].confirmToken",
        ),
    ];
    for (args, path) in cases {
        let f = failed(&batch(&mut g, args));
        assert_eq!(f["kind"], "invalidArguments", "{f}");
        assert_eq!(f["path"], path, "{f}");
    }
    let f = failed(&batch(
        &mut g,
        json!({"steps": [count], "mode": "chain", "expectedRevision": rev + 7}),
    ));
    assert_eq!(f["failureKind"], "staleRevision", "{f}");
    assert_eq!(eval(&mut g, "clicks"), 0);
    // In fixed mode each guarded step runs at the revision it names: the second is stale
    // after the first changed the page. (`evaluate` above may have changed it: read it again.)
    let rev = revision(&mut g);
    let r = ok(&batch(
        &mut g,
        json!({"mode": "fixed", "steps": [
            {"action": "click", "target": "role=button;name=Count", "expectedRevision": rev},
            {"action": "click", "target": "role=button;name=Count", "expectedRevision": rev}
        ]}),
    ));
    assert_eq!(r["failedAt"], 1, "{r}");
    assert_eq!(r["failure"]["failureKind"], "staleRevision", "{r}");
    assert_eq!(eval(&mut g, "clicks"), 1);
}

/// A step the policy refuses fails the batch before any step ran, naming the step.
#[test]
fn a_policy_denial_stops_the_batch_before_any_step() {
    let (_web, mut g) = open(&["--policy-allow-host", "127.0.0.1"], "/");
    let f = failed(&batch(
        &mut g,
        json!({"steps": [
            {"action": "click", "target": "role=button;name=Count"},
            {"action": "click", "target": "role=button;name=Count"},
            {"action": "navigate", "url": "http://example.com/"}
        ]}),
    ));
    assert_eq!(f["failureKind"], "hostNotAllowed", "{f}");
    assert_eq!(f["step"], 2, "{f}");
    assert_eq!(f["action"], "navigate", "{f}");
    assert_eq!(eval(&mut g, "clicks"), 0);
    assert!(
        eval(&mut g, "location.href")
            .as_str()
            .unwrap()
            .starts_with("http://127.0.0.1"),
    );
}

/// Typing into a password field on the page is confirmed once for the whole batch: the
/// first call sends nothing and answers with a token; the same batch with it runs.
#[test]
fn one_confirmation_covers_the_batch() {
    let (_web, mut g) = open(&[], "/login");
    let args = json!({"steps": [
        {"action": "click", "target": "role=button;name=Count"},
        {"action": "type", "target": "css=#u", "text": "ada"},
        {"action": "type", "target": "css=#p", "text": "s3cret-value"}
    ]});
    let f = failed(&batch(&mut g, args.clone()));
    assert_eq!(f["kind"], "confirmationRequired", "{f}");
    assert!(f["summary"].as_str().unwrap().contains("step 2"), "{f}");
    assert!(!f.to_string().contains("s3cret"), "{f}");
    assert_eq!(eval(&mut g, "clicks"), 0);
    assert_eq!(eval(&mut g, "document.querySelector('#u').value"), "");
    let mut confirmed = args.clone();
    confirmed["confirmToken"] = f["confirmToken"].clone();
    let r = ok(&batch(&mut g, confirmed.clone()));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(eval(&mut g, "clicks"), 1);
    assert_eq!(
        eval(&mut g, "document.querySelector('#p').value"),
        "s3cret-value"
    );
    // The token is spent.
    let f = failed(&batch(&mut g, confirmed));
    assert_eq!(f["failureKind"], "unknownToken", "{f}");
    assert_eq!(eval(&mut g, "clicks"), 1);
    // Nothing to confirm: a link that navigates, reported by its step.
    let r = ok(&batch(
        &mut g,
        json!({"steps": [
            {"action": "click", "target": "role=link;name=Sign in again"},
            {"action": "verify", "predicates": [{"kind": "elementState", "target": "css=#u", "state": "empty"}]}
        ]}),
    ));
    assert_eq!(r["navigated"], json!([0]), "{r}");
    assert_eq!(eval(&mut g, "clicks"), 0);
}

/// A password field that appears only after an earlier step could not be confirmed up
/// front: that step sends nothing and stops the batch, instead of typing a secret the
/// confirmation did not cover.
#[test]
fn a_password_field_the_check_could_not_foresee_gets_nothing() {
    let (web, mut g) = open(&[], "/");
    let r = ok(&batch(
        &mut g,
        json!({"steps": [
            {"action": "navigate", "url": web.url("/login")},
            {"action": "type", "target": "css=#u", "text": "ada"},
            {"action": "type", "target": "css=#p", "text": "s3cret-value"},
            {"action": "click", "target": "role=button;name=Count"}
        ]}),
    ));
    assert_eq!(r["failedAt"], 2, "{r}");
    assert_eq!(r["failure"]["failureKind"], "unconfirmedStep", "{r}");
    assert_eq!(r["failure"]["capability"], "password-input", "{r}");
    assert_eq!(eval(&mut g, "document.querySelector('#u').value"), "ada");
    assert_eq!(eval(&mut g, "document.querySelector('#p').value"), "");
    assert_eq!(eval(&mut g, "clicks"), 0);
}

/// A password field named by its label's text, or a selector for the label itself (which
/// stands for its field), is one: fillForm, alone or as a batch step, asks first and fills
/// nothing; once confirmed, the field holds the value.
#[test]
fn a_password_field_named_by_its_label_is_confirmed_first() {
    let (_web, mut g) = open(&[], "/login");
    let fields = json!([
        {"target": "css=#u", "value": "ada"},
        {"target": "text=Password", "value": "s3cret-value"}
    ]);
    let asked = failed(&g.call(json!(1), "fillForm", json!({"fields": fields})));
    assert_eq!(asked["kind"], "confirmationRequired", "{asked}");
    assert!(!asked.to_string().contains("s3cret"), "{asked}");
    // A selector for the label itself: the label stands for its field.
    let by_label = json!([
        {"target": "css=#u", "value": "ada"},
        {"target": "css=label:has(#p)", "value": "s3cret-value"}
    ]);
    let f = failed(&batch(
        &mut g,
        json!({"steps": [{"action": "fillForm", "fields": by_label}]}),
    ));
    assert_eq!(f["kind"], "confirmationRequired", "{f}");
    assert_eq!(eval(&mut g, "document.querySelector('#u').value"), "");
    assert_eq!(eval(&mut g, "document.querySelector('#p').value"), "");
    let r = ok(&g.call(
        json!(2),
        "fillForm",
        json!({"fields": fields, "confirmToken": asked["confirmToken"]}),
    ));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(
        eval(&mut g, "document.querySelector('#p').value"),
        "s3cret-value"
    );
}

/// With a progressToken a batch reports its steps before it answers, the last report at the
/// total; without one it sends nothing but the answer.
#[test]
fn a_batch_reports_progress_when_asked() {
    let (_web, mut g) = open(&[], "/");
    let steps: Vec<Value> = (0..3)
        .map(|_| json!({"action": "click", "target": "role=button;name=Count"}))
        .collect();
    g.send(&json!({"jsonrpc": "2.0", "id": "b", "method": "tools/call",
        "params": {"name": "batch", "arguments": {"steps": steps}, "_meta": {"progressToken": "p-1"}}}));
    let mut notes = Vec::new();
    let answer = loop {
        let m = g.recv();
        if m["method"] == "notifications/progress" {
            notes.push(m["params"].clone());
        } else {
            break m;
        }
    };
    assert_eq!(answer["id"], "b", "{answer}");
    assert_eq!(ok(&answer)["completed"], 3);
    assert!(notes.len() >= 2, "{notes:?}");
    assert!(
        notes
            .iter()
            .all(|n| n["progressToken"] == "p-1" && n["total"] == 3),
        "{notes:?}"
    );
    let done: Vec<u64> = notes
        .iter()
        .map(|n| n["progress"].as_u64().unwrap())
        .collect();
    assert!(
        done.windows(2).all(|w| w[0] <= w[1]) && *done.last().unwrap() == 3,
        "{done:?}"
    );
    assert_eq!(eval(&mut g, "clicks"), 3);
    // No token, no notifications: the next message is the answer.
    g.send(&json!({"jsonrpc": "2.0", "id": "c", "method": "tools/call",
        "params": {"name": "batch", "arguments": {"steps": steps}}}));
    let next = g.recv();
    assert_eq!(next["id"], "c", "{next}");
    assert_eq!(eval(&mut g, "clicks"), 6);
}
